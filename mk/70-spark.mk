# Tier: real Spark is the referee. Installs PySpark 4.2 + delta-spark and the Kafka/Delta jars
# into the user cache (reused), starts a real Apache Kafka broker (stopped by PID even on
# failure), and runs every lesson's steps and the extra scenarios of
# lab/testharness/sparkdiff/testdata/scenarios on real Spark and on kafkalab, comparing printed output,
# checkpoint files, Delta logs and checksums, and the tables read back (lab/testharness/sparkdiff).
# It also runs the corpus (lab/testharness/sparkdiff/testdata/corpus: Spark's own streaming examples and
# guide snippets, and a generated case list for pyspark.sql.functions) on ONE shared Spark
# session, fails when real Spark no longer prints the committed goldens
# (KAFKALAB_CORPUS_UPDATE=1 rewrites them), and holds kafkalab's outcome per script against
# the committed status manifests. See scripts/spark/. The slowest tier: one JVM serves every
# lesson, one the scenarios and one the corpus (KAFKALAB_SPARKDIFF_SHARED=0 gives each lesson
# its own; KAFKALAB_SPARKDIFF_RUN, KAFKALAB_SPARKDIFF_LESSONS and KAFKALAB_CORPUS_ONLY narrow it,
# see tier.sh).
TEST_TIERS += test-spark

.PHONY: test-spark compare-spark
test-spark:
	@bash scripts/spark/tier.sh

# The same runs, plus a table of wall times per command on both engines and a 1,000,000-event
# Kafka -> Delta availableNow ingest on both.
compare-spark:
	@COMPARE=1 bash scripts/spark/tier.sh
