#!/usr/bin/env bash
# The test-spark tier (mk/70-spark.mk): real Spark against kafkalab, step by step.
#   1. installs PySpark, delta-spark and the connector/Delta jars into the cache (install.sh)
#   2. starts a real Apache Kafka broker (scripts/kafka/start.sh) on a free port, stopped by
#      PID whatever happens
#   3. runs lab/testharness/sparkdiff's TestCourseAgainstRealSpark (every lesson, both engines),
#      TestScenariosAgainstRealSpark and TestCorpusAgainstRealSpark (the corpus and the
#      functions cases on one shared Spark session against their goldens, then kafkalab
#      against the status manifests; KAFKALAB_CORPUS_UPDATE=1 rewrites the goldens,
#      KAFKALAB_CORPUS_ONLY=name,... or corpus / functions narrows the Spark run)
# KAFKALAB_SPARKDIFF_TIMEOUT (a Go duration, 15m by default) bounds one lesson on a loaded machine.
# KAFKALAB_SPARKDIFF_SHARED=1, the default, serves every lesson of a tier from one JVM (one start
# and one warm-up instead of one per lesson); 0 gives each lesson its own JVM. The shared JVM once
# failed lesson 16 after lesson 15 (CI at ed9ec5b: its three keyed orders all went to partition 0
# of the recreated `orders`): the Kafka sink's producer, cached in the JVM, sat idle through the
# kafkalab pass, and its metadata refresh, which may create a missing topic, brought the deleted
# `orders` back with the broker's 1 partition; it kept that count for the next lesson's sends.
# driver.py now closes the connector's cached producers and consumers after every script, as a
# script's own JVM does when it ends.
# Real Spark's side of each lesson and scenario is kept in $SPARK_CACHE_DIR/sparkdiff-results,
# keyed by a hash of everything it depends on (the lesson's steps and files, driver.py, the
# pinned Spark, Delta and Kafka, the harness's Spark-side code and Kafka's tools; see
# lab/testharness/sparkdiff/sparkcache.go): Spark runs a lesson again only when one of those
# changed, and kafkalab's side, which runs every time, is compared with the kept one.
# KAFKALAB_SPARKDIFF_FRESH (lesson ids or numbers, comma-separated, or "all") runs lessons on
# Spark even when kept; by default lesson 14 does, so every run starts Spark and checks a
# lesson against it fresh. The corpus works the same way with its committed goldens: only
# items that are new or changed since Spark last printed their golden run on Spark
# (testdata/*/spark-verified.txt; KAFKALAB_CORPUS_FULL=1 runs all of them).
# KAFKALAB_SPARKDIFF_RUN narrows the run to some tests (a go test -run pattern, e.g.
# 'TestScenariosAgainstRealSpark/04'), KAFKALAB_SPARKDIFF_LESSONS to some lessons.
# With COMPARE=1 it also writes the timing table (make compare-spark) and runs the
# 1,000,000-event ingest on both engines (scripts/spark/bench_ingest.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"
KAFKA_SCRIPTS=$REPO_ROOT/scripts/kafka

t_all=$(now)
env_lines=$("$SPARK_SCRIPTS_DIR/install.sh")
export $env_lines
"$KAFKA_SCRIPTS/fetch.sh" >/dev/null
(cd "$REPO_ROOT" && go build -o "$SPARK_CACHE_DIR/bin/" ./scripts/kafka/freeport)

state=$(mktemp -d "${TMPDIR:-/tmp}/kafkalab-spark.XXXXXX")
cleanup() {
	local rc=$?
	"$KAFKA_SCRIPTS/stop.sh" "$state/broker" || true
	if [ "$rc" != 0 ]; then
		echo "test-spark: failed; the workspaces of both engines are kept in $state/work" >&2
	else
		rm -rf "$state"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port=$("$SPARK_CACHE_DIR/bin/freeport")
"$KAFKA_SCRIPTS/start.sh" "$port" "$state/broker"
export KAFKALAB_SPARK_TIER=1 KAFKALAB_SPARK_BOOTSTRAP=127.0.0.1:$port
export KAFKALAB_SPARKDIFF_SHARED=${KAFKALAB_SPARKDIFF_SHARED:-1}
export KAFKALAB_SPARKDIFF_KEEP=$state/work
export KAFKALAB_SPARKDIFF_CACHE=${KAFKALAB_SPARKDIFF_CACHE:-$SPARK_CACHE_DIR/sparkdiff-results}
export KAFKALAB_SPARKDIFF_FRESH=${KAFKALAB_SPARKDIFF_FRESH-14}
if [ "${COMPARE:-}" = 1 ]; then
	export KAFKALAB_SPARKDIFF_TIMES=$state/times.md
fi
echo "test-spark: real Spark $PYSPARK_VERSION (delta-spark $DELTA_SPARK_VERSION) against kafkalab, Apache Kafka at $KAFKALAB_SPARK_BOOTSTRAP"
# The lessons run first, on a broker nothing else has used yet: a kept Spark side was
# recorded that way, and a lesson that lists the broker's topics or groups sees the corpus's
# leftovers otherwise.
runs=("${KAFKALAB_SPARKDIFF_RUN:-TestCourseAgainstRealSpark|TestScenariosAgainstRealSpark}")
[ -n "${KAFKALAB_SPARKDIFF_RUN:-}" ] || runs+=(TestCorpusAgainstRealSpark)
rc=0
set +e
for run in "${runs[@]}"; do
	go test -count=1 -timeout 150m -v -run "$run" ./lab/testharness/sparkdiff/ 2>&1 |
		tee -a "$state/test.log" | grep -a --line-buffered -v -E '^\s+(realspark|corpus)_test.go:[0-9]+: (spark|kafkalab) +[0-9a-z]'
	[ "${PIPESTATUS[0]}" = 0 ] || rc=1
done
set -e
[ "$rc" = 0 ] || die "real Spark and kafkalab differ (above); full log: $state/test.log"
if [ "${COMPARE:-}" = 1 ]; then
	echo
	echo "Wall time per command, real Spark (its JVM already started) against kafkalab:"
	cat "$KAFKALAB_SPARKDIFF_TIMES" "$KAFKALAB_SPARKDIFF_TIMES.scenarios" 2>/dev/null || true
	echo
	KAFKALAB_SPARK_BOOTSTRAP=127.0.0.1:$port "$SPARK_SCRIPTS_DIR/bench_ingest.sh" "$state/bench"
fi
echo "test-spark: passed in $(elapsed "$t_all")s"
