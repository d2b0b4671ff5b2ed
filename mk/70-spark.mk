# Tier: real Spark is the referee. Installs PySpark 4.2 + delta-spark and the Kafka/Delta jars
# into the user cache (reused), starts a real Apache Kafka broker (stopped by PID even on
# failure), and runs every lesson's steps and the extra scenarios of
# lab/testharness/sparkdiff/testdata/scenarios on real Spark and on kafkalab, comparing printed output,
# checkpoint files, Delta logs and checksums, and the tables read back (lab/testharness/sparkdiff).
# See scripts/spark/. The slowest tier: one JVM per lesson, about 20 minutes here
# (KAFKALAB_SPARKDIFF_RUN and KAFKALAB_SPARKDIFF_LESSONS narrow it, see tier.sh).
TEST_TIERS += test-spark

.PHONY: test-spark compare-spark
test-spark:
	@bash scripts/spark/tier.sh

# The same runs, plus a table of wall times per command on both engines and a 1,000,000-event
# Kafka -> Delta availableNow ingest on both.
compare-spark:
	@COMPARE=1 bash scripts/spark/tier.sh
