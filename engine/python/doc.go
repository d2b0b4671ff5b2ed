// Package python is the confined Python runtime learners' scripts run in: kafkalab's
// interpreter (the fork of gpython in the packages below this folder, see FORK.md) with
// its own __import__, open(), sys, os and json, shut off from the host. It knows nothing
// of Spark: engine/pyspark adds the pyspark and delta modules through Config.Modules.
//
// Entry points: New makes an Interpreter; Exec, ExecInteractive (a prompt: an expression's
// value is printed) and ExecFile (`python path`) run code in its __main__ module, which
// keeps its globals between calls. f-strings are rewritten to concatenations before
// compiling, lines kept. A cancelled context (Ctrl-C, a step's timeout) stops the script
// at its next loop iteration or call, with KeyboardInterrupt.
//
// Confinement: imports go through our own __import__ (the runtime's modules, those of
// Config.Modules and .py files in the working folder only; os is a confined stand-in,
// subprocess/socket/shutil/... do not exist), and open() and every path a binding resolves
// with Confine stay inside the working folder, symlinks included.
//
// Errors: a learner's mistake comes back as an *Error worded as Python would print it
// (syntax errors with the line and a caret, a short traceback otherwise); an API kafkalab
// leaves out raises UnsupportedError with what to use instead. Go panics never reach the
// learner: the VM and every binding recover them into Python exceptions.
package python
