# Unsupported: actions such as count() and show() on a streaming DataFrame: a stream runs
# only through writeStream.start().
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations: count, foreach, show)
# category: unsupported
# topics: words
import sys

from pyspark.errors import AnalysisException
from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("count").getOrCreate()

words = spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
for action in ["count", "show", "collect"]:
    try:
        getattr(words, action)()
    except AnalysisException as e:
        print(action, "->", e.getCondition())
