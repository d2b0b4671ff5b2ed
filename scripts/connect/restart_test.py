"""The server restarts while this client waits in awaitTermination: the wait must end with a
clear error, not hang. scripts/connect/tier.sh restarts the server once this prints WAITING.

Usage: SPARK_REMOTE=sc://127.0.0.1:PORT python restart_test.py BOOTSTRAP
"""
import sys

from pyspark.errors import PySparkException
from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
q = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", sys.argv[1])
     .option("subscribe", "session_orders").load()
     .writeStream.format("memory").queryName("restarting").trigger(processingTime="1 second").start())
print("WAITING", flush=True)
try:
    q.awaitTermination()
except PySparkException as e:
    print("RESTART-ERROR", type(e).__name__, e.getCondition(), str(e).splitlines()[0], flush=True)
    sys.exit(0)
print("awaitTermination returned without an error", flush=True)
sys.exit(1)
