package connect

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// replDriver keeps one CPython process for an interpreter's entries, as Python's prompt keeps
// its globals: entries arrive on fd 3 (kind byte, name, source; big-endian lengths) and each
// ends with a status on fd 4 (0 done, 1 an exception and its traceback, 2 sys.exit and its
// code), after a marker on stdout that says all the entry printed has been read. An
// interactive entry whose last statement is an expression prints its repr, as the
// prompt does. What the entries print goes to the process's stdout and stderr.
const replDriver = `import ast, os, signal, struct, sys, traceback
sys.ps1 = ">>> "  # a prompt: pyspark takes a __main__ without a file for its own doctests otherwise
# Ctrl-C (SIGINT, sent when an entry's context ends) interrupts an entry; one that arrives
# between entries, when the entry it meant has already finished, is dropped instead of
# ending this process.
running = False
def on_interrupt(signum, frame):
    if running:
        raise KeyboardInterrupt
signal.signal(signal.SIGINT, on_interrupt)
ctl_in = os.fdopen(3, "rb", 0)
ctl_out = os.fdopen(4, "wb", 0)
def read_exact(n):
    b = b""
    while len(b) < n:
        c = ctl_in.read(n - len(b))
        if not c:
            raise EOFError
        b += c
    return b
def read_str():
    return read_exact(struct.unpack(">I", read_exact(4))[0]).decode()
MARK = "\x00kafkalab-entry-done\x00"
g = {"__name__": "__main__", "__builtins__": __builtins__}
while True:
    try:
        kind = read_exact(1)[0]
        name, src = read_str(), read_str()
    except EOFError:
        break
    status, text = 0, ""
    try:
        tree = ast.parse(src, name)
        last = None
        if kind == 1 and tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        running = True
        try:
            exec(compile(tree, name, "exec"), g)
            if last is not None:
                v = eval(compile(last, name, "eval"), g)
                if v is not None:
                    print(repr(v))
                    g["_"] = v
        finally:
            running = False
    except SystemExit as e:
        status = 2
        text = str(e.code if isinstance(e.code, int) else (0 if e.code is None else 1))
        if e.code is not None and not isinstance(e.code, int):
            print(e.code, file=sys.stderr)
    except BaseException as e:
        status = 1
        tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
        if isinstance(e, SyntaxError):
            tb = None
        text = "".join(traceback.format_exception(type(e), e, tb))
    sys.stderr.flush()
    sys.stdout.write(MARK)
    sys.stdout.flush()
    data = text.encode()
    ctl_out.write(struct.pack(">BI", status, len(data)) + data)
`

// entryDone is the marker the driver prints after each entry (stderr flushed first: both
// share one pipe).
const entryDone = "\x00kafkalab-entry-done\x00"

// repl is one running driver.
type repl struct {
	cmd     *exec.Cmd
	in      *os.File // fd 3's other end: entries
	out     *bufio.Reader
	outF    *os.File
	printed chan struct{} // an entry's output has all been copied
	mu      sync.Mutex
	done    chan struct{}
}

func startREPL(python, dir, remote string, w io.Writer) (*repl, error) {
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	entriesR, entriesW, err := pipe()
	if err != nil {
		return nil, err
	}
	statusR, statusW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd := exec.Command(python, "-c", replDriver)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SPARK_REMOTE="+remote, "PYTHONUNBUFFERED=1")
	cmd.Stdout, cmd.Stderr = outW, outW
	cmd.ExtraFiles = []*os.File{entriesR, statusW}
	err = cmd.Start()
	entriesR.Close()
	statusW.Close()
	outW.Close()
	if err != nil {
		entriesW.Close()
		statusR.Close()
		outR.Close()
		return nil, fmt.Errorf("starting %s: %w", python, err)
	}
	r := &repl{cmd: cmd, in: entriesW, out: bufio.NewReader(statusR), outF: statusR, printed: make(chan struct{}, 1), done: make(chan struct{})}
	copied := make(chan struct{})
	go func() {
		copyMarked(w, outR, func() { r.printed <- struct{}{} })
		outR.Close()
		close(copied)
	}()
	go func() {
		_ = cmd.Wait()
		<-copied
		close(r.done)
	}()
	return r, nil
}

// copyMarked copies src to dst, leaving out each entryDone marker and calling marked there.
func copyMarked(dst io.Writer, src io.Reader, marked func()) {
	buf := make([]byte, 32<<10)
	var pending []byte
	for {
		n, err := src.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			i := bytes.Index(pending, []byte(entryDone))
			if i < 0 {
				break
			}
			dst.Write(pending[:i])
			pending = pending[i+len(entryDone):]
			marked()
		}
		// Keep back what may be the start of a marker split across reads.
		keep := 0
		for k := min(len(pending), len(entryDone)-1); k > 0; k-- {
			if bytes.HasSuffix(pending, []byte(entryDone[:k])) {
				keep = k
				break
			}
		}
		if len(pending) > keep {
			dst.Write(pending[:len(pending)-keep])
			pending = pending[len(pending)-keep:]
		}
		if err != nil {
			dst.Write(pending)
			return
		}
	}
}

// errREPLEnded says the Python process ended between or during entries.
var errREPLEnded = errors.New("the Python process ended")

// ended is errREPLEnded with how the process ended (a signal, an exit status).
func (r *repl) ended() error {
	select {
	case <-r.done:
		return fmt.Errorf("%w (%s)", errREPLEnded, r.cmd.ProcessState)
	case <-time.After(5 * time.Second):
		return errREPLEnded
	}
}

// run sends one entry and waits for its status; ctx's end interrupts it as Ctrl-C does
// (KeyboardInterrupt in the entry).
func (r *repl) run(ctx context.Context, interactive bool, name, src string) (status byte, text string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b []byte
	if interactive {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = appendString(b, name)
	b = appendString(b, src)
	if _, err := r.in.Write(b); err != nil {
		return 0, "", errREPLEnded
	}
	stop := context.AfterFunc(ctx, func() { _ = r.cmd.Process.Signal(syscall.SIGINT) })
	defer stop()
	var hdr [5]byte
	if _, err := io.ReadFull(r.out, hdr[:]); err != nil {
		return 0, "", r.ended()
	}
	msg := make([]byte, binary.BigEndian.Uint32(hdr[1:]))
	if _, err := io.ReadFull(r.out, msg); err != nil {
		return 0, "", errREPLEnded
	}
	select {
	case <-r.printed:
	case <-r.done:
	}
	return hdr[0], string(msg), nil
}

func (r *repl) close() {
	r.in.Close()
	_ = r.cmd.Process.Kill()
	<-r.done
	r.outF.Close()
}

func appendString(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}
