#!/usr/bin/env bash
# A 1,000,000-event Kafka -> Delta availableNow ingest, and a windowed count over the same
# events, on real Spark and on kafkalab, against the broker in KAFKALAB_SPARK_BOOTSTRAP.
# Prints one table row per job: wall time of each engine and the ratio. Usage:
#   KAFKALAB_SPARK_BOOTSTRAP=host:port scripts/spark/bench_ingest.sh WORKDIR [EVENTS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || die "usage: bench_ingest.sh WORKDIR [EVENTS]"
work=$1
events=${2:-1000000}
boot=${KAFKALAB_SPARK_BOOTSTRAP:?set KAFKALAB_SPARK_BOOTSTRAP to the broker address}
py=${KAFKALAB_SPARK_PYTHON:-$SPARK_VENV/bin/python}
jars=${KAFKALAB_SPARK_JARS_DIR:-$SPARK_JARS_DIR/jars}
mkdir -p "$work"
work=$(cd "$work" && pwd)
kl=$work/bin/kafkalab
mkdir -p "$work/bin" && (cd "$REPO_ROOT" && go build -o "$kl" ./cmd/kafkalab)

topic=bench-orders-$$
"$kl" kafka-topics.sh --bootstrap-server "$boot" --create --topic "$topic" --partitions 3 --replication-factor 1 >/dev/null
t=$(now)
awk -v n="$events" 'BEGIN { for (i = 0; i < n; i++) printf "%d:{\"order_id\":%d,\"customer_id\":\"C%02d\",\"status\":\"placed\",\"amount\":%d.%02d,\"event_time\":\"2026-10-01T%02d:%02d:%02dZ\"}\n", i, i, i % 50, i % 500, i % 100, 9 + int(i / 360000) % 10, int(i / 6000) % 60, int(i / 100) % 60 }' |
	"$kl" kafka-console-producer.sh --bootstrap-server "$boot" --topic "$topic" --property parse.key=true --property key.separator=: >/dev/null
echo "bench: produced $events events to $topic in $(elapsed "$t")s" >&2

for side in spark kafkalab; do
	mkdir -p "$work/$side"
	cp "$REPO_ROOT/lessons/files/stream_session.py" "$work/$side/"
	cat >"$work/$side/ingest.py" <<PY
from pyspark.sql import functions as F
from stream_session import get_spark

SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"
spark = get_spark("bench-ingest")
raw = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", "$boot")
       .option("subscribe", "$topic").option("startingOffsets", "earliest").load())
rows = raw.select(F.from_json(F.col("value").cast("string"), SCHEMA).alias("e"), "partition", "offset").select("e.*", "partition", "offset")
q = (rows.writeStream.format("delta").option("checkpointLocation", "checkpoints/ingest")
     .trigger(availableNow=True).toTable("bench_orders"))
q.awaitTermination()
print("ingested", sum(p.numInputRows for p in q.recentProgress))
PY
	cat >"$work/$side/windows.py" <<PY
from pyspark.sql import functions as F
from stream_session import get_spark

SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"
spark = get_spark("bench-windows")
raw = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", "$boot")
       .option("subscribe", "$topic").option("startingOffsets", "earliest").load())
rows = raw.select(F.from_json(F.col("value").cast("string"), SCHEMA).alias("e")).select("e.*")
counts = (rows.withWatermark("event_time", "10 minutes")
          .groupBy(F.window("event_time", "5 minutes")).agg(F.count("*").alias("orders")))
q = (counts.writeStream.format("delta").outputMode("append").option("checkpointLocation", "checkpoints/windows")
     .trigger(availableNow=True).toTable("bench_windows"))
q.awaitTermination()
print("windows", spark.table("bench_windows").count())
PY
done

# Real Spark: `python` as a learner runs it (JVM start included), with the cached jars in
# spark.jars instead of an Ivy download (driver.py's swap, through a sitecustomize).
mkdir -p "$work/site"
cat >"$work/site/sitecustomize.py" <<PY
import importlib.util, sys
spec = importlib.util.spec_from_file_location("kafkalab_driver", "$SPARK_SCRIPTS_DIR/driver.py")
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
mod.patch_packages(mod.local_jars("$jars"))
PY

printf '| job (%s events) | real Spark | kafkalab | Spark/kafkalab |\n|---|---:|---:|---:|\n' "$events"
for job in ingest windows; do
	t=$(now)
	so=$(cd "$work/spark" && PYTHONPATH="$work/site" PYSPARK_SUBMIT_ARGS="--conf spark.ui.showConsoleProgress=false pyspark-shell" \
		"$py" "$job.py" 2>"$work/spark/$job.err" | tail -1) || so="failed (see $work/spark/$job.err)"
	ts=$(elapsed "$t")
	t=$(now)
	ko=$(cd "$work/kafkalab" && "$kl" run "$job.py" 2>&1 | tail -1) || ko="failed: $ko"
	tk=$(elapsed "$t")
	ratio=$(awk -v a="$ts" -v b="$tk" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "-" }')
	printf '| %s | %ss (%s) | %ss (%s) | %s |\n' "$job" "$ts" "$so" "$tk" "$ko" "$ratio"
done
"$kl" kafka-topics.sh --bootstrap-server "$boot" --delete --topic "$topic" >/dev/null || true
