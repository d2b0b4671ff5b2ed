// Package pyspark runs learners' PySpark scripts in kafkalab's embedded engine, with no JVM.
//
// It embeds kafkalab's Python interpreter (engine/python, a fork of gpython made to behave
// as CPython 3.11 does where learners meet it: ordered dicts with any hashable key, super(),
// exception classes, CPython's repr and formatting, recursion and allocation limits,
// interruption) and binds the pyspark and delta modules to the engine package. Entry points:
// Run (a script, like `python SCRIPT ARGS`), and Interpreter (Exec / ExecInteractive keep
// globals between calls for the sandbox prompt and the lesson runner; Queries / StopQuery /
// StopQueries manage the streaming queries a script started).
//
// What this package adds to the interpreter: f-strings (rewritten to concatenations before
// compiling, lines kept), and the run's context: a cancelled context (Ctrl-C, the lab's step
// timeout) stops the script at its next loop iteration or call, with KeyboardInterrupt.
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
