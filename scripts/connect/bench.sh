#!/usr/bin/env bash
# Benchmark: the course's read script (lessons/files/read_orders.py) on kafkalab's embedded
# path (`kafkalab run`) and through Spark Connect (real CPython + pyspark-client against
# `kafkalab connect`), RUNS times each from a fresh checkpoint, on the course's 5 orders.
# Prints per-run wall time, the client's peak memory and the server's peak memory.
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
echo
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
