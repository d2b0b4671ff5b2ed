// Package pyspark runs learners' PySpark scripts in kafkalab's embedded engine, with no JVM.
//
// It embeds gpython (github.com/go-python/gpython, a Python 3.4 interpreter in Go) and binds
// the pyspark and delta modules to the engine package. Entry points: Run (a script, like
// `python SCRIPT ARGS`), and Interpreter (Exec / ExecInteractive keep globals between calls
// for the sandbox prompt and the lesson runner; Queries / StopQuery / StopQueries manage the
// streaming queries a script started).
//
// What gpython lacks and this package fills: f-strings (rewritten to concatenations before
// compiling, lines kept), str/list/dict methods (join, upper, format, pop, update...),
// str.format and format() with the format-spec mini-language, sorted() of tuples, CPython's
// float and tuple spellings in print/repr/str, round, reversed, callable, property,
// staticmethod, type(x).__name__, a recursion limit (gpython has none and would overflow the
// Go stack), and interruption: every Python call, print and time.sleep checks the run's
// context. Still missing: dict keys other than str (the error says how to write the key),
// super() (the error says to call the base class), keyword order in Row(**kw) (sorted).
//
// The sandbox: imports go through our own __import__ (embedded modules and .py files in the
// working folder only; os is a confined stand-in, subprocess/socket/shutil/... do not
// exist), open() and every path a script gives Spark (save, checkpointLocation, forPath)
// resolve inside the working folder, symlinks included. The only network traffic is the
// engine's, to the Kafka bootstrap servers the script names (Config.Bootstrap and
// BootstrapRewrite can point them elsewhere).
//
// Errors: a PySpark API kafkalab does not bind raises PySparkNotImplementedError, rendered
// "kafkalab does not support DataFrame.toPandas (script.py, line 12): use ..."; a typo is
// Python's AttributeError with "Did you mean"; engine analysis errors are AnalysisException
// with Spark's text; syntax errors show the line and a caret. Go panics never reach the
// learner: the VM and every binding recover them into Python exceptions.
package pyspark
