#!/usr/bin/env bash
# The Spark Connect tier: real pyspark-client 4.2.0 (and Apache Spark's Go client) against
# kafkalab's Spark Connect server. Usage: scripts/connect/tier.sh (or make test-connect).
#   1. Spark's published .proto files are fetched again and must match MANIFEST, and the
#      committed Go code must be what the pinned generator makes of them.
#   2. Every lesson's steps run through Spark Connect and on the embedded path (which
#      test-spark holds to real Spark): output, checkpoints, Delta logs and tables must agree.
#   2a. the corpus scripts that use DeltaTable, through Connect and embedded, must agree.
#   2b. the corpus (#15) through Connect, each script's outcome against real Spark's golden
#       as testdata/corpus/status-connect.txt records it (TestCorpusThroughConnect).
#   2c. kafkalab check --python: every lesson with CPython through Connect, as a learner runs it
#       (on request: KAFKALAB_CONNECT_CHECK=1).
#   3. A notebook-style session, an interrupt, foreachBatch and a listener (session_test.py).
#   4. The server restarts while a client waits: a clear error, no hang (restart_test.py).
#   5. spark-connect-go runs against the server (goclient, a binary of its own).
# KAFKALAB_SPARKDIFF_LESSONS narrows step 2; SKIP_PROTO=1 skips step 1 (no network);
# KAFKALAB_CONNECT_CORPUS=0 skips step 2b; KAFKALAB_CONNECT_CORPUS_ONLY=a,b narrows it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
start=$(now)
cd "$REPO_ROOT"
GO=${GO:-go}

# --- the pinned client, in a venv of its own under the cache ---
command -v python3 >/dev/null || die "python3 is missing: apt-get install -y python3 python3-venv"
if [ ! -x "$CONNECT_VENV/bin/python" ]; then
	python3 -m venv "$CONNECT_VENV" || die "cannot make a venv at $CONNECT_VENV (apt-get install -y python3-venv)"
fi
if ! "$CONNECT_VENV/bin/python" -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$PYSPARK_CLIENT_VERSION')" 2>/dev/null; then
	echo "tier.sh: installing pyspark-client==$PYSPARK_CLIENT_VERSION into $CONNECT_VENV" >&2
	"$CONNECT_VENV/bin/pip" install --quiet --disable-pip-version-check "pyspark-client==$PYSPARK_CLIENT_VERSION" "pandas<3" >&2
fi
# delta-spark's Python API (DeltaTable) speaks Spark Connect through plug-in messages; it is
# installed without its dependencies, which would pull the whole pyspark with its JVM jars.
# It imports importlib_metadata, installed on its own.
if ! "$CONNECT_VENV/bin/python" -c "import delta.tables, importlib_metadata" 2>/dev/null; then
	"$CONNECT_VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps "delta-spark==$DELTA_SPARK_VERSION" >&2
	"$CONNECT_VENV/bin/pip" install --quiet --disable-pip-version-check "importlib_metadata<=8.7.1" >&2
fi
PY=$CONNECT_VENV/bin/python

# --- 1. the pinned protocol ---
if [ -z "${SKIP_PROTO:-}" ]; then
	protos=$(FRESH=1 bash "$CONNECT_SCRIPTS_DIR/fetch-protos.sh")
	(cd "$protos" && sha256sum spark/connect/*.proto) | awk '{print "proto " $2 " " $1}' | sort >"$CONNECT_CACHE_DIR/protos.fetched"
	awk '$1 == "proto" {print $1 " " $2 " " $3}' "$PB_DIR/MANIFEST" | sort >"$CONNECT_CACHE_DIR/protos.pinned"
	if ! diff -u "$CONNECT_CACHE_DIR/protos.pinned" "$CONNECT_CACHE_DIR/protos.fetched"; then
		die "Spark's .proto files in $SPARK_CONNECT_ARTIFACT differ from engine/connect/sparkconnectpb/MANIFEST: run scripts/connect/generate.sh and review the protocol change"
	fi
	regen=$(mktemp -d)
	OUT=$regen/spark DELTA_OUT=$regen/delta bash "$CONNECT_SCRIPTS_DIR/generate.sh"
	diff -r "$PB_DIR" "$regen/spark" -x '*_test.go' -x doc.go -x version.go >/dev/null ||
		die "the committed engine/connect/sparkconnectpb is not what scripts/connect/generate.sh makes: run it and commit"
	diff -r "$DELTA_PB_DIR" "$regen/delta" -x '*_test.go' -x doc.go -x version.go >/dev/null ||
		die "the committed engine/connect/deltaconnectpb is not what delta-spark $DELTA_SPARK_VERSION's descriptors make: run scripts/connect/generate.sh and commit"
	rm -rf "$regen"
	echo "tier.sh: protocol pinned to Spark $SPARK_CONNECT_VERSION, generated code reproducible" >&2
fi

# --- a broker and the kafkalab binary ---
$GO build -o bin/kafkalab ./cmd/kafkalab
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
KAFKALAB_HOME=$home ./bin/kafkalab broker --port "$bport" --data "$work/broker" >"$work/broker.log" 2>&1 &
pids+=($!)
$GO run ./scripts/kafka/waitkafka -bootstrap "127.0.0.1:$bport" >/dev/null 2>&1 || { cat "$work/broker.log" >&2; die "the broker did not start"; }
bootstrap=127.0.0.1:$bport

# --- 2. the course through Connect against the embedded path ---
KAFKALAB_CONNECT_TIER=1 KAFKALAB_CONNECT_PYTHON=$PY KAFKALAB_CONNECT_BOOTSTRAP=$bootstrap \
	KAFKALAB_CONNECT_TIMES=${KAFKALAB_CONNECT_TIMES:-} \
	$GO test -count=1 -timeout 30m -run TestCourseThroughConnect ./lab/testharness/sparkdiff/

# Delta Lake's DeltaTable API (delta-spark's Connect client) against the embedded path: the
# corpus scripts that use it, each run both ways, must leave the same transcript (~60 s).
KAFKALAB_CONNECT_PYTHON=$PY $GO test -count=1 -timeout 20m -run TestDeltaTableThroughConnect ./lab/testharness/sparkdiff/

# The corpus (#15) through Connect, held to real Spark's goldens (testdata/corpus/
# status-connect.txt): a regression fails, and so does an improvement not recorded with
# -update. Scripts are forks of one pre-imported CPython, two at a time (about 6 minutes).
if [ "${KAFKALAB_CONNECT_CORPUS:-1}" != 0 ]; then
	t0=$(now)
	KAFKALAB_CONNECT_PYTHON=$PY KAFKALAB_CONNECT_CORPUS_ONLY=${KAFKALAB_CONNECT_CORPUS_ONLY:-} \
		$GO test -count=1 -timeout 45m -run 'TestCorpusThroughConnect$' ./lab/testharness/sparkdiff/
	echo "tier.sh: the corpus through Spark Connect ($(elapsed "$t0")s)" >&2
fi

# kafkalab run --python: an in-process server for one script.
KAFKALAB_PYTHON=$PY $GO test -count=1 -run TestRunPythonThroughConnect ./cmd/kafkalab/

# kafkalab check --python: the lab's runner through Connect; the whole course with it runs on
# request (KAFKALAB_CONNECT_CHECK=1): 85 steps in about 11 minutes at load 20 on 2 cores.
KAFKALAB_PYTHON=$PY $GO test -count=1 -run 'TestRunner' ./lab/connect/
if [ "${KAFKALAB_CONNECT_CHECK:-}" = 1 ]; then
	t0=$(now)
	(cd "$work" && KAFKALAB_HOME=$home KAFKALAB_PYTHON=$PY "$REPO_ROOT/bin/kafkalab" check --python) >"$work/check.out" 2>&1 ||
		{ grep -v '^PASS' "$work/check.out" >&2; die "kafkalab check --python failed"; }
	echo "tier.sh: kafkalab check --python: $(tail -n 2 "$work/check.out" | tr '\n' ' ')($(elapsed "$t0")s)" >&2
fi

# --- 3. a notebook session against `kafkalab connect` ---
serve() {
	(cd "$work" && KAFKALAB_HOME=$home KAFKALAB_PYTHON=$PY exec "$REPO_ROOT/bin/kafkalab" connect --port "$cport" --broker "$bootstrap") >>"$work/connect.log" 2>&1 &
	server=$!
	pids+=($server)
	for _ in $(seq 100); do
		(exec 3<>"/dev/tcp/127.0.0.1/$cport") 2>/dev/null && return 0
		sleep 0.1
	done
	cat "$work/connect.log" >&2
	die "kafkalab connect did not listen on $cport"
}
./bin/kafkalab kafka-topics.sh --bootstrap-server "$bootstrap" --create --topic session_orders --partitions 2 >/dev/null
serve
(cd "$work" && SPARK_REMOTE=sc://127.0.0.1:$cport timeout 300 "$PY" "$CONNECT_SCRIPTS_DIR/session_test.py" "$bootstrap") ||
	{ tail -n 30 "$work/connect.log" >&2; die "session_test.py failed"; }

# --- 4. the server restarts under a waiting client ---
out=$work/restart.out
(cd "$work" && SPARK_REMOTE=sc://127.0.0.1:$cport timeout 180 "$PY" "$CONNECT_SCRIPTS_DIR/restart_test.py" "$bootstrap") >"$out" 2>&1 &
client=$!
for _ in $(seq 600); do grep -q WAITING "$out" && break; sleep 0.1; done
grep -q WAITING "$out" || { cat "$out" >&2; die "restart_test.py never started waiting"; }
sleep 1
kill "$server"
wait "$server" || true
serve
if ! wait "$client"; then
	cat "$out" >&2
	die "the waiting client did not end with a clear error after the server restarted"
fi
grep -q "RESTART-ERROR.*server stopped" "$out" || { cat "$out" >&2; die "the waiting client did not read that the server stopped"; }
grep RESTART-ERROR "$out" >&2

# --- 5. Apache Spark's Go client ---
(cd "$CONNECT_SCRIPTS_DIR/goclient" && $GO build -o "$work/goclient" .)
"$work/goclient" -remote "sc://127.0.0.1:$cport" >"$work/goclient.out" || { cat "$work/goclient.out" >&2; die "goclient failed"; }
diff -u "$CONNECT_SCRIPTS_DIR/goclient/goclient.golden" "$work/goclient.out" || die "spark-connect-go got other results than goclient.golden"

echo "tier.sh: Spark Connect tier passed ($(elapsed "$start")s)"
