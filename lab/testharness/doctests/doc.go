// Package doctests holds kafkalab to the examples in PySpark's own docstrings. Spark's CI
// runs those examples on real Spark, so each docstring of pyspark.sql.functions, DataFrame
// and Column is a script with real Spark's output beside it. extract.py reads them from the
// pinned PySpark at test time (nothing of PySpark's is kept here); the test runs each in the
// embedded engine and compares as doctest does (ELLIPSIS, NORMALIZE_WHITESPACE), holding
// every docstring to the outcome recorded in testdata/status.txt.
package doctests
