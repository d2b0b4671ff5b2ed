package connect

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// forkDriver is a CPython that has imported what a Spark Connect script's first
// getOrCreate loads (pyspark's Connect client, pandas, pyarrow, grpc: about 0.9 s of CPU of
// a script's 1.1-2.6 s) and forks a child per script. A request arrives on fd 3, a
// SOCK_SEQPACKET socket: a JSON message {path, args, dir, env} carrying four descriptors
// (stdin, stdout, stderr, status). The child becomes what `python PATH ARGS` in dir would
// be: its own session and process group, the descriptors on 0-2, a fresh __main__ module,
// sys.argv and sys.path[0] as the interpreter sets them, a reseeded random; it ends through
// the interpreter's own exit (atexit handlers, non-daemon threads joined, SystemExit's
// rules for the status). The driver writes the child's pid and then its exit status
// (negative: the signal that killed it) on the status descriptor. No thread, channel or
// session exists before a fork, so the children share nothing but imported modules.
const forkDriver = `import builtins, json, os, random, socket, sys, threading, types
# pyspark's Connect modules take a __main__ without a file and without a prompt for their
# doctests (and exit): python -c has no file, so the driver shows a prompt while it imports.
sys.ps1 = ">>> "
import pyspark
from pyspark.sql import SparkSession
import pyspark.sql.connect.session, pyspark.sql.connect.dataframe, pyspark.sql.connect.functions
import pyspark.sql.connect.readwriter, pyspark.sql.connect.streaming
import pyspark.sql.functions, pyspark.sql.types, pyspark.sql.window
import pandas, pyarrow, grpc
try:
    import delta.tables
except ImportError:
    pass
del sys.ps1
ctl = socket.socket(fileno=3)
def reap(pid, status_fd):
    _, st = os.waitpid(pid, 0)
    os.write(status_fd, b"%d\n" % os.waitstatus_to_exitcode(st))
    os.close(status_fd)
def child(req, fds):
    os.setsid()
    for i in range(3):
        os.dup2(fds[i], i)
    os.closerange(3, 65536)
    os.chdir(req["dir"])
    os.environ.update(req["env"])
    random.seed()
    path = req["path"]
    sys.argv = [path] + req["args"]
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    main = types.ModuleType("__main__")
    main.__file__, main.__builtins__, main.__cached__ = path, builtins, None
    sys.modules["__main__"] = main
    try:
        with open(path, "rb") as f:
            code = compile(f.read(), path, "exec")
        exec(code, main.__dict__)
    except SystemExit:
        raise
    except BaseException as e:
        # The traceback starts at the script's frame, as python SCRIPT prints it (a syntax
        # error has none).
        tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
        if isinstance(e, SyntaxError):
            tb = None
        sys.excepthook(type(e), e.with_traceback(tb), tb)
        return 1
    return 0
sys.stdout.write("ready\n")
sys.stdout.flush()
while True:
    try:
        msg, fds, _, _ = socket.recv_fds(ctl, 1 << 20, 4)
    except OSError:
        break
    if not msg:
        break
    req = json.loads(msg)
    pid = os.fork()
    if pid == 0:
        ctl.close()
        sys.exit(child(req, fds))
    for fd in fds[:3]:
        os.close(fd)
    os.write(fds[3], b"%d\n" % pid)
    threading.Thread(target=reap, args=(pid, fds[3]), daemon=True).start()
`

// Forker runs scripts as forks of one CPython that has pyspark's Connect client imported
// already: each script still gets a process of its own (its own __main__, session, working
// folder and environment), without paying the client's imports again. Safe for concurrent
// use.
type Forker struct {
	python string
	cmd    *exec.Cmd
	sock   *os.File // our end of the request socket
	mu     sync.Mutex
	done   chan struct{}
	log    strings.Builder // what the driver printed (its error when it died)
}

// StartForker starts the driver with python (which has pyspark-client) and waits until it
// has imported the client.
func StartForker(ctx context.Context, python string) (*Forker, error) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("fork server: socketpair: %w", err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "fork-requests"), os.NewFile(uintptr(fds[1]), "fork-requests")
	outR, outW, err := os.Pipe()
	if err != nil {
		ours.Close()
		theirs.Close()
		return nil, err
	}
	f := &Forker{python: python, sock: ours, done: make(chan struct{})}
	f.cmd = exec.Command(python, "-c", forkDriver)
	// pyspark's Connect modules import only in Connect mode (SPARK_REMOTE set); each child
	// gets its own server's URL, and no module keeps the variable's value at import.
	f.cmd.Env = append(os.Environ(), "PYTHONUNBUFFERED=1", "SPARK_REMOTE=sc://127.0.0.1:15002")
	f.cmd.Stdout, f.cmd.Stderr = outW, outW
	f.cmd.ExtraFiles = []*os.File{theirs}
	err = f.cmd.Start()
	theirs.Close()
	outW.Close()
	if err != nil {
		ours.Close()
		outR.Close()
		return nil, fmt.Errorf("fork server: starting %s: %w", python, err)
	}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(outR)
		first := true
		for sc.Scan() {
			if first && sc.Text() == "ready" {
				ready <- true
			} else {
				f.mu.Lock()
				f.log.WriteString(sc.Text() + "\n")
				f.mu.Unlock()
			}
			first = false
		}
		outR.Close()
		_ = f.cmd.Wait()
		close(f.done)
		ready <- false
	}()
	select {
	case ok := <-ready:
		if ok {
			return f, nil
		}
		return nil, fmt.Errorf("fork server: %s could not import pyspark's Connect client: %s", python, f.driverLog())
	case <-ctx.Done():
	case <-time.After(2 * time.Minute):
	}
	f.Close()
	return nil, fmt.Errorf("fork server: %s did not import pyspark's Connect client within its time", python)
}

func (f *Forker) driverLog() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.TrimSpace(f.log.String())
}

// errForkerEnded says the driver is gone; RunPython then starts python itself.
var errForkerEnded = errors.New("fork server ended")

// Run runs s as a fork and returns its exit status as RunPython does (130 when ctx ended
// it, a signal's number as a negative status).
func (f *Forker) Run(ctx context.Context, s Script) (int, error) {
	var opened []*os.File
	defer func() {
		for _, o := range opened {
			o.Close()
		}
	}()
	var copies sync.WaitGroup
	// out gives the child w itself when it is a file (as exec does), else a pipe whose
	// read end is copied into w.
	out := func(w io.Writer) (*os.File, error) {
		if f, ok := w.(*os.File); ok {
			return f, nil
		}
		r, pw, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		opened = append(opened, pw)
		copies.Add(1)
		go func() {
			defer copies.Done()
			_, _ = io.Copy(discardIfNil(w), r)
			r.Close()
		}()
		return pw, nil
	}
	var stdin *os.File
	var err error
	if s.Stdin == nil {
		stdin, err = os.Open(os.DevNull)
	} else {
		var pw *os.File
		stdin, pw, err = os.Pipe()
		if err == nil {
			go func() {
				_, _ = io.Copy(pw, s.Stdin)
				pw.Close()
			}()
		}
	}
	if err != nil {
		return 1, err
	}
	opened = append(opened, stdin)
	stdout, err := out(s.Stdout)
	if err != nil {
		return 1, err
	}
	stderr, err := out(s.Stderr)
	if err != nil {
		return 1, err
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		return 1, err
	}
	defer statusR.Close()
	opened = append(opened, statusW)
	req, err := json.Marshal(map[string]any{"path": s.Path, "args": append([]string{}, s.Args...), "dir": s.Dir,
		"env": map[string]string{"SPARK_REMOTE": s.Remote, "PYTHONUNBUFFERED": "1"}})
	if err != nil {
		return 1, err
	}
	rights := syscall.UnixRights(int(stdin.Fd()), int(stdout.Fd()), int(stderr.Fd()), int(statusW.Fd()))
	f.mu.Lock()
	err = syscall.Sendmsg(int(f.sock.Fd()), req, rights, nil, 0)
	f.mu.Unlock()
	if err != nil {
		return 1, fmt.Errorf("%w: %v (%s)", errForkerEnded, err, f.driverLog())
	}
	// Only the child holds the write ends now: the copies end when it does.
	for _, o := range opened {
		o.Close()
	}
	opened = nil
	status := bufio.NewReader(statusR)
	line, err := status.ReadString('\n')
	if err != nil {
		return 1, fmt.Errorf("%w before forking %s: %s", errForkerEnded, s.Path, f.driverLog())
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return 1, fmt.Errorf("fork server: bad pid %q", line)
	}
	// The child leads its own process group: a cancelled run kills it and what it started.
	stop := context.AfterFunc(ctx, func() { _ = syscall.Kill(-pid, syscall.SIGKILL) })
	defer stop()
	line, err = status.ReadString('\n')
	copies.Wait()
	if err != nil {
		return 1, fmt.Errorf("%w while %s ran: %s", errForkerEnded, s.Path, f.driverLog())
	}
	code, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return 1, fmt.Errorf("fork server: bad exit status %q", line)
	}
	if ctx.Err() != nil {
		return 130, nil
	}
	if code < 0 {
		// As exec reports a signalled process: exit status -1.
		return -1, nil
	}
	return code, nil
}

// Close stops the driver; children still running are not waited for.
func (f *Forker) Close() error {
	f.sock.Close()
	select {
	case <-f.done:
	case <-time.After(5 * time.Second):
		_ = f.cmd.Process.Kill()
		<-f.done
	}
	return nil
}
