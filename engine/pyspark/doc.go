// Package pyspark binds PySpark's pyspark and delta modules (and the datetime and decimal
// values Spark's rows hold) to kafkalab's engine, on the confined Python runtime of
// engine/python: scripts run with no JVM. Entry points: Run (a script, like `python SCRIPT
// ARGS`), and Interpreter (an engine/python interpreter with these modules; Queries /
// StopQuery / StopQueries manage the streaming queries a script started).
//
// Every path a script gives Spark (save, checkpointLocation, forPath) stays inside the
// working folder. The only network traffic is the engine's, to the Kafka bootstrap servers
// the script names (Config.Bootstrap and BootstrapRewrite can point them elsewhere).
//
// Errors: a PySpark API kafkalab does not bind raises PySparkNotImplementedError, rendered
// "kafkalab does not support DataFrame.toPandas (script.py, line 12): use ..."; a typo is
// Python's AttributeError with "Did you mean"; engine analysis errors are AnalysisException
// with Spark's text.
package pyspark
