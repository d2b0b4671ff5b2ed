# Shared settings for the Spark Connect scripts (sourced, not run). The Spark version here,
# the one in engine/connect/sparkconnectpb/MANIFEST and pyspark-client's pin move together.

SPARK_CONNECT_VERSION=4.2.0
# Spark 4.1 stopped publishing spark-connect-common; the .proto files ship in the server jar.
SPARK_CONNECT_ARTIFACT=org.apache.spark:spark-connect_2.13:$SPARK_CONNECT_VERSION
PYSPARK_CLIENT_VERSION=$SPARK_CONNECT_VERSION
DELTA_SPARK_VERSION=4.4.0
CONNECT_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$CONNECT_SCRIPTS_DIR/../.." && pwd)
CONNECT_CACHE_DIR=${KAFKALAB_CONNECT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kafkalab}
CONNECT_PROTO_DIR=$CONNECT_CACHE_DIR/spark-connect-protos-$SPARK_CONNECT_VERSION
CONNECT_VENV=$CONNECT_CACHE_DIR/connect-venv-$PYSPARK_CLIENT_VERSION
PB_DIR=$REPO_ROOT/engine/connect/sparkconnectpb
DELTA_PB_DIR=$REPO_ROOT/engine/connect/deltaconnectpb

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
