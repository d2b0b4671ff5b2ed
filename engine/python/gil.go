package python

import "sync"

// The interpreter lock. Python code of one interpreter runs on one goroutine at a time:
// the goroutine of Exec, or one running a callback from Go (a streaming query calling a
// foreachBatch function from its own goroutine). As in CPython, code that blocks in Go
// (a query's awaitTermination, time.sleep) releases the lock while it waits, so callbacks
// run then.
type gil struct {
	mu   sync.Mutex
	held bool // written only by the goroutine holding mu
}

// Unlocked runs wait with the interpreter lock released; a binding calls it (from Python
// code, which holds the lock) around anything that blocks until another goroutine has run
// Python, such as waiting for a streaming batch whose sink is a Python function. Outside
// Python code it just runs wait.
func (in *Interpreter) Unlocked(wait func() error) error {
	if !in.gil.held {
		return wait()
	}
	in.gil.held = false
	in.gil.mu.Unlock()
	defer func() {
		in.gil.mu.Lock()
		in.gil.held = true
	}()
	return wait()
}

// Locked runs f, which calls into Python, holding the interpreter lock: it waits until
// the script's own goroutine blocks in Go (Unlocked) or has finished its Exec. It must be
// called from a goroutine that does not already run Python code of this interpreter.
func (in *Interpreter) Locked(f func() error) (err error) {
	in.gil.mu.Lock()
	in.gil.held = true
	defer func() {
		in.gil.held = false
		in.gil.mu.Unlock()
	}()
	defer recoverInto(&err)
	return f()
}

// lockRun holds the interpreter lock for an Exec.
func (in *Interpreter) lockRun() (unlock func()) {
	in.gil.mu.Lock()
	in.gil.held = true
	return func() {
		in.gil.held = false
		in.gil.mu.Unlock()
	}
}
