// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Limits: interruption, recursion depth and allocation caps. Learner code runs
// inside the host process, so a runaway script must end in a Python exception,
// never in a hung goroutine, an overflowed Go stack or an exhausted heap.

package py

import (
	"math/big"
	"sync/atomic"
)

// DefaultRecursionLimit is CPython's default sys.getrecursionlimit().
const DefaultRecursionLimit = 1000

// Signals a running script can be sent through its Limits.
const (
	signalNone int32 = iota
	signalInterrupt
	signalMemory
)

// Limits is the per-interpreter state the VM checks: a pending signal (interrupt or
// memory) and the Python call depth. The signal methods may be called from any
// goroutine; the rest belongs to the goroutine running the interpreter.
type Limits struct {
	pending atomic.Int32
	sticky  atomic.Int32 // a signal raised at every check until Reset
	memory  atomic.Pointer[string]
	depth   int
	limit   int
	frames  []*Frame // the Python frames running, innermost last
}

// NewLimits makes Limits with CPython's default recursion limit.
func NewLimits() *Limits { return &Limits{limit: DefaultRecursionLimit} }

// Interrupt makes the running script raise KeyboardInterrupt at its next check (a
// backward jump, a call): Ctrl-C. The script may catch it, as in CPython.
func (l *Limits) Interrupt() { l.pending.Store(signalInterrupt) }

// Stop makes the script raise KeyboardInterrupt at every check until Reset, so a
// script that catches the first one still ends (a cancelled run, a step timeout).
func (l *Limits) Stop() {
	l.sticky.Store(signalInterrupt)
	l.pending.Store(signalInterrupt)
}

// RaiseMemoryError makes the running script raise MemoryError at its next check: a
// watcher saw the heap grow past the cap.
func (l *Limits) RaiseMemoryError() { l.pending.Store(signalMemory) }

// SetMemoryErrorMessage sets the text of the MemoryError RaiseMemoryError raises (the
// watcher names its cap).
func (l *Limits) SetMemoryErrorMessage(msg string) { l.memory.Store(&msg) }

// Reset clears pending and sticky signals, before the next run.
func (l *Limits) Reset() {
	l.sticky.Store(signalNone)
	l.pending.Store(signalNone)
}

// Pending reports whether a signal waits; cheap enough for every loop iteration.
func (l *Limits) Pending() bool { return l.pending.Load() != signalNone }

// Check returns the exception for a pending signal, or nil.
func (l *Limits) Check() error {
	if l.pending.Load() == signalNone {
		return nil
	}
	sig := l.pending.Swap(l.sticky.Load())
	switch sig {
	case signalInterrupt:
		return ExceptionNewf(KeyboardInterrupt, "")
	case signalMemory:
		if msg := l.memory.Load(); msg != nil {
			return ExceptionNewf(MemoryError, "%s", *msg)
		}
		return ExceptionNewf(MemoryError, "the script's memory use passed the interpreter's limit")
	}
	return nil
}

// RecursionLimit is sys.getrecursionlimit().
func (l *Limits) RecursionLimit() int { return l.limit }

// SetRecursionLimit is sys.setrecursionlimit(n).
func (l *Limits) SetRecursionLimit(n int) error {
	if n < 1 {
		return ExceptionNewf(ValueError, "recursion limit must be greater or equal than 1")
	}
	if n <= l.depth {
		return ExceptionNewf(RecursionError, "cannot set the recursion limit to %d at the recursion depth %d: the limit is too low", n, l.depth)
	}
	l.limit = n
	return nil
}

// MaxRecursionDepth caps the Python call depth whatever sys.setrecursionlimit says:
// each Python call nests Go calls, and a Go stack overflow ends the whole process,
// where CPython 3.11 would only grow its heap.
const MaxRecursionDepth = 20000

// Enter is called as a Python frame starts running: it checks signals and the depth.
func (l *Limits) Enter() error {
	if l.depth >= l.limit || l.depth >= MaxRecursionDepth {
		return ExceptionNewf(RecursionError, "maximum recursion depth exceeded")
	}
	if err := l.Check(); err != nil {
		return err
	}
	l.depth++
	return nil
}

// Leave is called as a Python frame ends.
func (l *Limits) Leave() { l.depth-- }

// EnterFrame is Enter for the frame f, which Frames lists until LeaveFrame.
func (l *Limits) EnterFrame(f *Frame) error {
	if err := l.Enter(); err != nil {
		return err
	}
	l.frames = append(l.frames, f)
	return nil
}

// LeaveFrame is called as the frame entered last stops running.
func (l *Limits) LeaveFrame() {
	l.depth--
	if n := len(l.frames); n > 0 {
		l.frames[n-1] = nil
		l.frames = l.frames[:n-1]
	}
}

// Frames lists the Python frames running, innermost last (warnings and logging name
// their caller's file and line).
func (l *Limits) Frames() []*Frame { return l.frames }

// Depth is the number of Python frames running.
func (l *Limits) Depth() int { return l.depth }

// maxGoDepth bounds how deep Go code walks nested containers (repr, ==, <, hash):
// a 100000-deep nested list is RecursionError, as in CPython, not a Go stack overflow.
const maxGoDepth = DefaultRecursionLimit

// maxHashDepth bounds hashing nested tuples, which CPython does not limit; deep enough
// for any real key, shallow enough for the Go stack.
const maxHashDepth = 100000

func goRecursionError(what string) error {
	return ExceptionNewf(RecursionError, "maximum recursion depth exceeded%s", what)
}

// DefaultMaxAlloc is the default cap on one allocation whose size is known before it
// is made: 1 GiB.
const DefaultMaxAlloc = 1 << 30

var maxAlloc atomic.Int64

func init() { maxAlloc.Store(DefaultMaxAlloc) }

// SetMaxAlloc sets the cap, in bytes, on a single allocation a Python operation
// makes ('x' * n, [0] * n, bytes(n), 2 ** n, str.ljust(n)...); past it the operation
// raises MemoryError before allocating. It returns the previous cap.
func SetMaxAlloc(bytes int64) int64 { return maxAlloc.Swap(bytes) }

// MaxAlloc is the current cap set by SetMaxAlloc.
func MaxAlloc() int64 { return maxAlloc.Load() }

// CheckAlloc returns MemoryError when count items of itemSize bytes pass the cap.
// Count and itemSize may be huge; the product is computed without overflow.
func CheckAlloc(count, itemSize int64) error {
	if count < 0 || itemSize < 0 {
		return nil
	}
	limit := maxAlloc.Load()
	if itemSize != 0 && count > limit/itemSize {
		return memoryErrorFor(count, itemSize, limit)
	}
	return nil
}

func memoryErrorFor(count, itemSize, limit int64) error {
	size := new(big.Int).Mul(big.NewInt(count), big.NewInt(itemSize))
	return ExceptionNewf(MemoryError, "the result would need %s bytes, more than the interpreter's limit of %d", size, limit)
}

// MaxIntBits caps the size of an int a single operation may make (2 ** n, 1 << n,
// huge products): past it the operation raises MemoryError instead of computing for
// minutes. 2**24 bits is about five million decimal digits.
var maxIntBits atomic.Int64

func init() { maxIntBits.Store(1 << 24) }

// SetMaxIntBits changes MaxIntBits and returns the previous value.
func SetMaxIntBits(bits int64) int64 { return maxIntBits.Swap(bits) }

func checkIntBits(bits float64) error {
	limit := maxIntBits.Load()
	if bits > float64(limit) {
		return ExceptionNewf(MemoryError, "the integer result would have about %.0f bits, more than the interpreter's limit of %d", bits, limit)
	}
	if err := CheckAlloc(int64(bits/8), 1); err != nil {
		return err
	}
	return nil
}

// repeatCount reads the count of a sequence repetition (seq * n) of length items of
// itemSize bytes: ok is false when n is not an int; past the allocation cap it is
// MemoryError, as CPython's would be past the machine's memory.
func repeatCount(n Object, length int, itemSize int64) (count int, ok bool, err error) {
	switch x := n.(type) {
	case Bool:
		if x {
			return 1, true, nil
		}
		return 0, true, nil
	case Int:
		if x <= 0 || length == 0 {
			return 0, true, nil
		}
		if err := CheckAlloc(int64(x), int64(length)*itemSize); err != nil {
			return 0, true, err
		}
		return int(x), true, nil
	case *BigInt:
		if (*big.Int)(x).Sign() <= 0 || length == 0 {
			return 0, true, nil
		}
		return 0, true, ExceptionNewf(OverflowError, "cannot fit 'int' into an index-sized integer")
	}
	return 0, false, nil
}
