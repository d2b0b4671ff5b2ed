# Shared settings for the real-Spark scripts (sourced, not run). The versions live here and in
# lab/export (PySparkVersion, DeltaSparkVersion); a Go test keeps them equal.

PYSPARK_VERSION=4.2.0
# delta-spark 4.4.1 is on PyPI, but its jar (io.delta:delta-spark_4.2_2.13:4.4.1) is not on
# Maven Central, so configure_spark_with_delta_pip cannot resolve it: pin 4.4.0.
DELTA_SPARK_VERSION=4.4.0
SPARK_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SPARK_CACHE_DIR=${KAFKALAB_SPARK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kafkalab}
SPARK_VENV=$SPARK_CACHE_DIR/spark-venv
SPARK_JARS_DIR=$SPARK_CACHE_DIR/spark-$PYSPARK_VERSION
REPO_ROOT=$(cd "$SPARK_SCRIPTS_DIR/../.." && pwd)

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
