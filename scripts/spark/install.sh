#!/usr/bin/env bash
# Installs real Spark for the differential tier, into the user cache (reused when complete):
#   - a venv with pyspark and delta-spark at the pinned versions ($SPARK_VENV)
#   - the Kafka connector and Delta jars with their runtime dependencies ($SPARK_JARS_DIR/jars)
# Prints the lines to export (KAFKALAB_SPARK_PYTHON=..., KAFKALAB_SPARK_JARS_DIR=...).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

start=$(now)
command -v java >/dev/null || die "java is missing: install openjdk-17-jre-headless"
command -v python3 >/dev/null || die "python3 is missing: install python3 and python3-venv"

want="pyspark==$PYSPARK_VERSION delta-spark==$DELTA_SPARK_VERSION"
if ! "$SPARK_VENV/bin/python" -c "
import importlib.metadata as m, sys
sys.exit(0 if (m.version('pyspark'), m.version('delta-spark')) == ('$PYSPARK_VERSION', '$DELTA_SPARK_VERSION') else 1)" 2>/dev/null; then
	echo "install.sh: installing $want into $SPARK_VENV" >&2
	rm -rf "$SPARK_VENV"
	python3 -m venv "$SPARK_VENV" || die "cannot make a venv at $SPARK_VENV (apt-get install python3-venv)"
	"$SPARK_VENV/bin/pip" install --quiet --disable-pip-version-check $want >&2 ||
		die "pip could not install $want"
fi

pom=$SPARK_SCRIPTS_DIR/pom.xml
stamp=$SPARK_JARS_DIR/.complete
hash=$(sha256sum "$pom" | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
	command -v mvn >/dev/null || die "mvn is missing: install maven"
	echo "install.sh: fetching the Kafka connector and Delta jars into $SPARK_JARS_DIR/m2" >&2
	mkdir -p "$SPARK_JARS_DIR"
	mvn -B -Dstyle.color=never -f "$pom" -Dmaven.repo.local="$SPARK_JARS_DIR/m2" \
		dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$SPARK_JARS_DIR/jars" \
		>"$SPARK_JARS_DIR/mvn.log" 2>&1 || {
		tail -n 30 "$SPARK_JARS_DIR/mvn.log" >&2
		die "mvn could not fetch the jars of $pom (log: $SPARK_JARS_DIR/mvn.log)"
	}
	echo "$hash" >"$stamp"
fi

# configure_spark_with_delta_pip asks Spark for spark.jars.packages, which Ivy resolves at every
# JVM start (33 s here, and an Ivy chain over the local Maven repository fails on poms that
# Maven evicted). driver.py swaps it for spark.jars: these jars minus the ones pyspark ships.
echo "install.sh: real Spark ready ($(elapsed "$start")s)" >&2
echo "KAFKALAB_SPARK_PYTHON=$SPARK_VENV/bin/python"
echo "KAFKALAB_SPARK_JARS_DIR=$SPARK_JARS_DIR/jars"
