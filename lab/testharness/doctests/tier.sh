#!/usr/bin/env bash
# make test-doctests: PySpark 4.2's docstring examples in kafkalab's engine (see doc.go).
set -euo pipefail
cd "$(dirname "$0")/../../.."
. scripts/spark/lib.sh
if ! "$SPARK_VENV/bin/python" -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$PYSPARK_VERSION')" 2>/dev/null; then
	bash scripts/spark/install.sh
fi
KAFKALAB_DOCTEST_PYTHON="$SPARK_VENV/bin/python" ${GO:-go} test -count=1 -v -run TestPySparkDocstrings ./lab/testharness/doctests/ |
	grep -v -e '^=== RUN' -e '^--- PASS'
