package sparkdiff

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// sparkDriver is scripts/spark/driver.py running in one workspace: one Python process and
// one JVM for all the Spark steps of a lesson.
type sparkDriver struct {
	cmd      *exec.Cmd
	in       io.WriteCloser
	answers  *bufio.Scanner
	out, err string // files the scripts' stdout and stderr go to
	done     chan struct{}
}

type driverAnswer struct {
	OK      bool     `json:"ok"`
	Error   string   `json:"error"`
	Show    string   `json:"show"`
	Seconds float64  `json:"seconds"`
	Out     [2]int64 `json:"out"`
	Err     [2]int64 `json:"err"`
}

func startDriver(ctx context.Context, cfg Config, ws, logDir string) (*sparkDriver, error) {
	return launch(ctx, cfg, ws, logDir, []string{"--bootstrap", cfg.Bootstrap}, courseEnv)
}

// courseEnv is the environment of a lesson's driver: no progress bars in the captured
// stderr, everything else as a learner's run.
var courseEnv = []string{"PYSPARK_SUBMIT_ARGS=--conf spark.ui.showConsoleProgress=false pyspark-shell"}

// launch starts driver.py in dir with the given mode flags; the scripts' stdout and stderr
// go to files in logDir.
func launch(ctx context.Context, cfg Config, dir, logDir string, flags, env []string) (*sparkDriver, error) {
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return nil, err
	}
	d := &sparkDriver{out: filepath.Join(logDir, "spark-stdout.txt"), err: filepath.Join(logDir, "spark-stderr.txt"),
		done: make(chan struct{})}
	args := append([]string{cfg.Driver, "--out", d.out, "--err", d.err}, flags...)
	if cfg.JarsDir != "" {
		args = append(args, "--jars-dir", cfg.JarsDir)
	}
	cmd := exec.CommandContext(ctx, cfg.Python, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start real Spark (%s %s): %w", cfg.Python, cfg.Driver, err)
	}
	d.cmd, d.in = cmd, in
	d.answers = newScanner(outp)
	return d, nil
}

// sharedSpark is one driver.py --shared serving every lesson of a tier, so the JVM starts
// and warms up once instead of once per lesson. A crash directive restarts it, as it
// restarts a lesson's own driver; the driver puts the killed run's tables back.
type sharedSpark struct {
	cfg  Config
	home string
	drv  *sparkDriver
}

func newSharedSpark(cfg Config) *sharedSpark {
	return &sharedSpark{cfg: cfg, home: filepath.Join(cfg.Root, "spark-shared")}
}

// driver returns the running driver, starting one if none runs. It outlives any one
// lesson's context: each request is bounded by (*sparkDriver).guard instead.
func (s *sharedSpark) driver() (*sparkDriver, error) {
	if s.drv == nil {
		d, err := launch(context.Background(), s.cfg, s.home, s.home, []string{"--shared", "--bootstrap", s.cfg.Bootstrap}, courseEnv)
		if err != nil {
			return nil, err
		}
		s.drv = d
	}
	return s.drv, nil
}

// restart stops the driver; the next request starts a fresh one.
func (s *sharedSpark) restart() {
	s.drv.close()
	s.drv = nil
}

// newScanner reads the driver's answers, one JSON line each (a table's show() can be long).
func newScanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	return sc
}

func (d *sparkDriver) ask(req map[string]any) (*driverAnswer, error) {
	b, _ := json.Marshal(req)
	if _, err := d.in.Write(append(b, '\n')); err != nil {
		return nil, fmt.Errorf("real Spark driver: %w (its log: %s)", err, d.err)
	}
	if !d.answers.Scan() {
		return nil, fmt.Errorf("real Spark driver ended without answering %s (its log: %s)", b, d.err)
	}
	var a driverAnswer
	if err := json.Unmarshal(d.answers.Bytes(), &a); err != nil {
		return nil, fmt.Errorf("real Spark driver answered %q: %w", d.answers.Text(), err)
	}
	return &a, nil
}

// slice reads bytes [from,to) of one of the driver's output files.
func slice(path string, r [2]int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	b := make([]byte, r[1]-r[0])
	n, _ := f.ReadAt(b, r[0])
	return string(b[:n])
}

// guard kills the driver if ctx ends before the request it bounds is answered; the
// returned stop ends the guard.
func (d *sparkDriver) guard(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(ctx, func() { d.cmd.Process.Kill() })
}

// run runs one script as `python script args` would, in the folder cwd ("" = the one the
// driver started in).
func (d *sparkDriver) run(script string, args []string, cwd string) (out, stderr string, failed bool, errText string, dur time.Duration, err error) {
	req := map[string]any{"op": "run", "script": script, "args": args}
	if cwd != "" {
		req["cwd"] = cwd
	}
	a, err := d.ask(req)
	if err != nil {
		return "", "", true, "", 0, err
	}
	return slice(d.out, a.Out), slice(d.err, a.Err), !a.OK, a.Error, time.Duration(a.Seconds * float64(time.Second)), nil
}

// table shows a table sorted by all its columns, without truncation, as the lesson in the
// folder cwd sees it ("" = the driver's own).
func (d *sparkDriver) table(name, cwd string) (string, error) {
	req := map[string]any{"op": "table", "name": name}
	if cwd != "" {
		req["cwd"] = cwd
	}
	a, err := d.ask(req)
	if err != nil {
		return "", err
	}
	if !a.OK {
		return "", &sparkError{firstLine(a.Error)}
	}
	return a.Show, nil
}

// sparkError is an error Spark raised for a request the driver answered, as opposed to the
// driver failing to answer.
type sparkError struct{ msg string }

func (e *sparkError) Error() string { return e.msg }

func (d *sparkDriver) close() {
	if d == nil || d.cmd == nil {
		return
	}
	d.in.Write([]byte(`{"op":"exit"}` + "\n"))
	d.in.Close()
	wait := make(chan error, 1)
	go func() { wait <- d.cmd.Wait() }()
	select {
	case <-wait:
	case <-time.After(60 * time.Second):
		d.cmd.Process.Kill()
		<-wait
	}
}
