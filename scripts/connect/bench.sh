#!/usr/bin/env bash
# Benchmark: the course's read script (lessons/files/read_orders.py) on kafkalab's embedded
# path (`kafkalab run`) and through Spark Connect (real CPython + pyspark-client against
# `kafkalab connect`), RUNS times each from a fresh checkpoint, on the course's 5 orders.
# Prints per-run wall time, the client's peak memory and the server's peak memory. With
# real Spark installed (scripts/spark/install.sh, as make test-spark leaves it) it runs the same
# script on local PySpark too, JVM start included: run it under the real-Spark lock
# (flock /tmp/kafkalab-realspark.lock scripts/connect/bench.sh).
# Usage: scripts/connect/bench.sh [RUNS]   (the venv of tier.sh is made if missing)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
runs=${1:-5}
cd "$REPO_ROOT"
GO=${GO:-go}
[ -x "$CONNECT_VENV/bin/python" ] || die "no venv at $CONNECT_VENV: run scripts/connect/tier.sh (or make test-connect) once"
PY=$CONNECT_VENV/bin/python
$GO build -o bin/kafkalab ./cmd/kafkalab
K=$REPO_ROOT/bin/kafkalab
home=$(mktemp -d)
work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
	rm -rf "$home" "$work"
}
trap cleanup EXIT
read -r bport cport <<<"$($GO run ./scripts/kafka/freeport 2 | tr "\n" " ")"
KAFKALAB_HOME=$home $K broker --port "$bport" --data "$work/broker" >"$work/broker.log" 2>&1 &
pids+=($!)
$GO run ./scripts/kafka/waitkafka -bootstrap "127.0.0.1:$bport" >/dev/null
bootstrap=127.0.0.1:$bport
cp lessons/files/*.py assets/data/orders.jsonl "$work/"
cd "$work"
$K kafka-topics.sh --bootstrap-server "$bootstrap" --create --topic orders --partitions 3 >/dev/null
$K run --bootstrap "$bootstrap" send_orders.py 1 >/dev/null
$K run --bootstrap "$bootstrap" send_orders.py 2 >/dev/null

fresh() { rm -rf checkpoints spark-warehouse; }
printf '| path | run | wall s | client peak MB | server peak MB |\n|---|---:|---:|---:|---:|\n'
for i in $(seq "$runs"); do
	fresh
	/usr/bin/time -f '%e %M' -o "$work/t" $K run --bootstrap "$bootstrap" read_orders.py >"$work/out" 2>&1 || { cat "$work/out"; die "embedded run failed"; }
	read -r wall kb <"$work/t"
	printf '| embedded (kafkalab run) | %d | %s | %d | (in process) |\n' "$i" "$wall" $((kb / 1024))
done
KAFKALAB_HOME=$home $K connect --port "$cport" --broker "$bootstrap" >"$work/connect.log" 2>&1 &
server=$!
pids+=($server)
for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$cport") 2>/dev/null && break; sleep 0.1; done
for i in $(seq "$runs"); do
	fresh
	SPARK_REMOTE=sc://127.0.0.1:$cport /usr/bin/time -f '%e %M' -o "$work/t" "$PY" read_orders.py >"$work/out" 2>&1 || { cat "$work/out"; die "Connect run failed"; }
	read -r wall kb <"$work/t"
	peak=$(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$server/status")
	printf '| Spark Connect (python + kafkalab connect) | %d | %s | %d | %d |\n' "$i" "$wall" $((kb / 1024)) "$peak"
done
grep -q "Loaded 5 new events" "$work/out" || { cat "$work/out"; die "the Connect run did not load the 5 events"; }

# Real Spark: the learner's `python read_orders.py` with local PySpark, the cached Kafka and
# Delta jars swapped in for the Ivy download (scripts/spark/driver.py, as bench_ingest.sh).
. "$REPO_ROOT/scripts/spark/lib.sh"
if [ -x "$SPARK_VENV/bin/python" ] && [ -d "$SPARK_JARS_DIR/jars" ]; then
	mkdir -p "$work/site"
	cat >"$work/site/sitecustomize.py" <<PY
import importlib.util
spec = importlib.util.spec_from_file_location("kafkalab_driver", "$SPARK_SCRIPTS_DIR/driver.py")
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
mod.patch_packages(mod.local_jars("$SPARK_JARS_DIR/jars"))
PY
	# kafkalab points the script at its broker; real Spark reads the address in the script.
	sed "s/localhost:9092/$bootstrap/" read_orders.py >read_orders_spark.py
	for i in $(seq "$runs"); do
		fresh
		PYTHONPATH="$work/site" PYSPARK_SUBMIT_ARGS="--conf spark.ui.showConsoleProgress=false pyspark-shell" \
			/usr/bin/time -f '%e %M' -o "$work/t" "$SPARK_VENV/bin/python" read_orders_spark.py >"$work/out" 2>"$work/err" || { tail -20 "$work/err"; die "real Spark run failed"; }
		read -r wall kb <"$work/t"
		printf '| real Spark (python + local PySpark 4.2, JVM) | %d | %s | %d | (in process) |\n' "$i" "$wall" $((kb / 1024))
	done
	grep -q "Loaded 5 new events" "$work/out" || { cat "$work/out"; die "the real Spark run did not load the 5 events"; }
else
	echo "(real Spark is not installed here: make test-spark installs it, then this adds its rows)"
fi
echo
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
