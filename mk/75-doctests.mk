# Tier: the examples in PySpark 4.2's own docstrings (pyspark.sql.functions, DataFrame,
# Column), whose expected output Spark's CI checks on real Spark, run in kafkalab's engine and
# compared as doctest compares (lab/testharness/doctests). extract.py reads them at test time
# from the pinned PySpark in the real-Spark tier's venv (installed when missing); each
# docstring is held to its outcome in lab/testharness/doctests/testdata/status.txt, so a
# regression fails and an improvement asks for -update. No JVM: about 15 s.
TEST_TIERS += test-doctests

.PHONY: test-doctests
test-doctests:
	@GO=$(GO) bash lab/testharness/doctests/tier.sh
