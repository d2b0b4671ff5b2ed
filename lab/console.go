package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/assets"
	"github.com/kafkalab/kafkalab/lab/connect"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// Console runs what a learner types at a prompt, one entry at a time, in one folder: the
// lab's commands (kafka-*.sh, python NAME.py ARGS, cat, ls, rm, sleep, wait, with heredocs
// and background lines) through the same shell as a lesson's steps, and anything else as
// PySpark in one interpreter that keeps its globals and its streaming queries between
// entries, as Python's prompt does.
// The sandbox screen uses one on the lab's broker; `kafkalab run` uses one for its script.
type Console struct {
	sh          *shell
	out, errOut io.Writer

	mu sync.Mutex
	in pyrun.Interpreter // the prompt's interpreter, once Start made it
}

// ConsoleConfig describes a console.
type ConsoleConfig struct {
	// WorkDir is the folder commands and scripts work in.
	WorkDir string
	// Stdout and Stderr receive the output (scripts print both to Stdout at the prompt).
	Stdout, Stderr io.Writer
	// Brokers is where Kafka's tools go without --bootstrap-server; Rewrite maps
	// addresses a learner writes to others, in tool arguments and in the brokers scripts
	// name (the course's localhost:9092 to the lab's broker).
	Brokers []string
	Rewrite map[string]string
	// Bootstrap replaces every broker a script names; Conf is session configuration
	// applied before a script's own (kafkalab run --bootstrap, --conf).
	Bootstrap string
	Conf      map[string]string
	// Runner runs the scripts (nil = pyrun.InProcess); OnEvent receives their streaming
	// queries' events.
	Runner  pyrun.Runner
	OnEvent func(pyrun.QueryEvent)
}

// NewConsole makes a console. Commands and RunScript work at once; the PySpark prompt
// needs Start.
func NewConsole(cfg ConsoleConfig) *Console {
	runner := cfg.Runner
	if runner == nil {
		runner = pyrun.InProcess{}
	}
	return &Console{out: orDiscard(cfg.Stdout), errOut: orDiscard(cfg.Stderr), sh: &shell{ws: cfg.WorkDir, runner: runner, brokers: cfg.Brokers,
		rewrite: cfg.Rewrite, bootstrap: cfg.Bootstrap, conf: cfg.Conf, onEvent: cfg.OnEvent}}
}

func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

// Console is a console in ws on the lab's broker: the course's address points at it, and
// the output and the queries' events reach the lab's observer as Console events.
func (l *Lab) Console(ws string) *Console {
	out := &lineWriter{emit: func(line string) { l.observe(Event{Kind: OutputLine, Console: true, Line: line}) }}
	return NewConsole(ConsoleConfig{WorkDir: ws, Stdout: out, Stderr: out, Brokers: l.broker.Bootstrap(),
		Rewrite: map[string]string{CourseAddress: l.Bootstrap()}, Runner: l.runner,
		OnEvent: func(e pyrun.QueryEvent) { l.observe(Event{Kind: QueryProgress, Console: true, Query: &e}) }})
}

// consolePrelude makes `spark` and the functions ready at the prompt.
const consolePrelude = "from pyspark.sql import SparkSession\nfrom pyspark.sql import functions as F\nfrom pyspark.sql.functions import *\nspark = SparkSession.builder.appName(\"sandbox\").getOrCreate()\n"

// Start makes the folder and the prompt's interpreter, with `spark` ready.
func (c *Console) Start(ctx context.Context) error {
	if err := os.MkdirAll(c.sh.ws, 0o755); err != nil {
		return fmt.Errorf("console folder: %w", err)
	}
	in, err := c.open(ctx)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.in = in
	c.mu.Unlock()
	return nil
}

// open makes a prompt interpreter with `spark` ready.
func (c *Console) open(ctx context.Context) (pyrun.Interpreter, error) {
	in, err := c.sh.runner.Open(c.sh.config("", nil, c.out))
	if err != nil {
		return nil, err
	}
	if err := in.Exec(ctx, "<setup>", consolePrelude); err != nil {
		in.Close()
		return nil, err
	}
	return in, nil
}

// restart replaces a prompt interpreter that ended (a crash, memory past the cap, a
// script that would not stop) with a fresh one, and says what was lost.
func (c *Console) restart(ctx context.Context, old pyrun.Interpreter) (pyrun.Interpreter, error) {
	old.Close()
	in, err := c.open(context.WithoutCancel(ctx))
	if err != nil {
		return nil, fmt.Errorf("the PySpark interpreter ended, and a fresh one did not start: %w", err)
	}
	c.mu.Lock()
	if c.in == old {
		c.in = in
	}
	c.mu.Unlock()
	return in, nil
}

// freshNote says what a restart lost.
const freshNote = "kafkalab started a fresh PySpark interpreter: the variables and streaming queries from before are gone (spark is ready again)"

func (c *Console) interp() pyrun.Interpreter {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.in
}

// Run runs one entry: command lines, or PySpark (an expression's value is printed). What
// it prints goes to the output, followed by an empty line; the error says how it failed
// ("exit status 1" for a command, the Python error otherwise).
func (c *Console) Run(ctx context.Context, entry string) error {
	defer io.WriteString(c.out, "\n")
	if IsCommand(entry) {
		cmds, err := lessons.ParseCommands(strings.TrimSpace(entry), 1)
		if err != nil {
			var ce *lessons.CommandError
			if errors.As(err, &ce) {
				return errors.New(ce.Msg)
			}
			return err
		}
		return c.sh.block(ctx, cmds, nil, c.out, func(_ lessons.Command, err error) error { return err })
	}
	in := c.interp()
	if in == nil {
		return errors.New("the PySpark interpreter is not ready")
	}
	if why := in.Ended(); why != nil {
		// It ended between entries (a background query past the memory cap, say).
		fmt.Fprintf(c.out, "the PySpark interpreter ended: %v\n%s\n", why, freshNote)
		var err error
		if in, err = c.restart(ctx, in); err != nil {
			return err
		}
	}
	err := in.ExecInteractive(ctx, "<sandbox>", entry+"\n")
	if errors.Is(err, pyrun.ErrEnded) {
		if _, rerr := c.restart(ctx, in); rerr != nil {
			return fmt.Errorf("%w\n%v", err, rerr)
		}
		return fmt.Errorf("%w\n%s", err, freshNote)
	}
	return err
}

// RunScript runs a script of the folder as `python script args` does, in an interpreter
// of its own, and says how it ended: nil, a *pyrun.Error (printed by nobody yet), or the
// context's error.
func (c *Console) RunScript(ctx context.Context, script string, args []string) error {
	cfg := c.sh.config(script, args, c.out)
	cfg.Stderr = c.errOut
	return c.sh.script(ctx, cfg)
}

// DataSets lists kafkalab's sample data sets, by file name.
func DataSets() []string { return assets.DataSets() }

// CopyDataSet writes a sample data set into the console's folder, as data/NAME, and
// returns that workspace-relative path (spark.read.json reads it from there).
func (c *Console) CopyDataSet(name string) (string, error) {
	data, err := assets.DataSet(name)
	if err != nil {
		return "", err
	}
	rel := filepath.Join("data", name)
	full := filepath.Join(c.sh.ws, rel)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return "", fmt.Errorf("copy data set %s: %w", name, err)
	}
	if err := os.WriteFile(full, data, 0o644); err != nil {
		return "", fmt.Errorf("copy data set %s: %w", name, err)
	}
	return filepath.ToSlash(rel), nil
}

// Queries lists the streaming queries started at the prompt, oldest first.
func (c *Console) Queries() []pyrun.Query {
	if in := c.interp(); in != nil && in.Ended() == nil {
		return in.Queries()
	}
	return nil
}

// StopQuery stops the prompt's query with that id or run id; false when there is none.
func (c *Console) StopQuery(id string) bool {
	if in := c.interp(); in != nil {
		return in.StopQuery(id)
	}
	return false
}

// StopQueries stops every query started at the prompt.
func (c *Console) StopQueries() {
	if in := c.interp(); in != nil {
		in.StopQueries()
	}
}

// Close stops the prompt's queries and releases its interpreter.
func (c *Console) Close() error {
	c.mu.Lock()
	in := c.in
	c.in = nil
	c.mu.Unlock()
	if in == nil {
		return nil
	}
	return in.Close()
}

// consoleCommands are the programs an entry may start with to be command lines.
var consoleCommands = map[string]bool{"python": true, "python3": true, "cat": true, "ls": true, "rm": true, "sleep": true, "wait": true}

// IsCommand reports whether a prompt entry is command lines rather than Python: it starts
// with one of Kafka's tools, or with python, cat, ls, rm, sleep or wait used as a command
// (`ls` alone, `cat notes.txt`, not `ls = [1]` or `cat(x)`).
func IsCommand(entry string) bool {
	first := strings.TrimSpace(strings.SplitN(strings.TrimSpace(entry), "\n", 2)[0])
	first = strings.TrimPrefix(first, "! ")
	word, rest, _ := strings.Cut(first, " ")
	if lessons.IsKafkaTool(word) {
		return true
	}
	if !consoleCommands[word] {
		return false
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return word != "python" && word != "python3"
	}
	// A path: `cat /etc/hosts`, `ls ..`, `python ./x.py` (Python would need a space
	// after the operator: `cat / x`).
	if (rest[0] == '/' || rest[0] == '.') && len(rest) > 1 && rest[1] != ' ' && rest[1] != '=' {
		return true
	}
	switch rest[0] {
	case '=', '(', '[', '.', ',', ':', '+', '*', '/', '%', '<', '>', '&', '|', '^', '!':
		return false
	}
	return true
}

// EntryComplete reports whether a prompt entry is whole, so Enter runs it rather than
// starting a new line: a command line is whole unless it ends in "\" or its heredoc is
// open; Python is whole unless a bracket, a string or a block (a line ending in ":") is
// open. A blank line ends a block, as at Python's prompt.
func EntryComplete(src string) bool {
	t := strings.TrimRight(src, " \t")
	if t == "" {
		return true
	}
	lines := strings.Split(t, "\n")
	last := lines[len(lines)-1]
	if strings.HasSuffix(last, "\\") {
		return false
	}
	if len(lines) > 1 && strings.TrimSpace(src[strings.LastIndexByte(src, '\n')+1:]) == "" {
		return true
	}
	if IsCommand(t) {
		// A here-document (<<EOF) is complete at its closing word, as in a shell.
		if word := lessons.HeredocWord(lines[0]); word != "" {
			return len(lines) > 1 && strings.TrimSpace(last) == word
		}
		return true
	}
	if strings.HasPrefix(t, ".") {
		return true
	}
	depth := 0
	inStr := rune(0)
	for _, r := range t {
		switch {
		case inStr != 0:
			if r == inStr {
				inStr = 0
			}
		case r == '"' || r == '\'':
			inStr = r
		case r == '(' || r == '[' || r == '{':
			depth++
		case r == ')' || r == ']' || r == '}':
			depth--
		}
	}
	if depth > 0 {
		return false
	}
	if strings.HasSuffix(strings.TrimSpace(last), ":") {
		return false
	}
	return len(lines) == 1 || strings.TrimSpace(last) == ""
}

// Printed reports whether an entry's error has already been printed in the output (a
// command that exited non-zero printed its own message), so a screen adds nothing for it.
func Printed(err error) bool {
	var e errExit
	return errors.As(err, &e)
}

// NoPythonError says why the real-Python mode cannot start: no Python with pyspark-client.
type NoPythonError struct{ Reason string }

func (e *NoPythonError) Error() string {
	return "real Python needs a Python with pyspark-client " + connect.PySparkClientVersion + ": " + e.Reason
}

// Hint is what the learner does about it.
func (e *NoPythonError) Hint() string {
	return "run `kafkalab setup python` (it makes a venv with pyspark-client), or set KAFKALAB_PYTHON to a python that has it"
}

// RealPythonConsole is a console in ws whose PySpark runs in the learner's CPython with the
// real pyspark-client, through a Spark Connect server on the lab's broker (kafkalab's engine
// underneath, so the live panes follow its queries). Without such a Python it returns a
// *NoPythonError. The console is started; python says which interpreter it runs.
func (l *Lab) RealPythonConsole(ctx context.Context, ws string) (c *Console, python string, err error) {
	python, err = connect.FindPython(ctx)
	if err != nil {
		reason := err.Error()
		if errors.Is(err, connect.ErrNoPython) {
			reason = "none found (not KAFKALAB_PYTHON, kafkalab's venv, nor python3 on PATH)"
		}
		return nil, "", &NoPythonError{Reason: reason}
	}
	out := &lineWriter{emit: func(line string) { l.observe(Event{Kind: OutputLine, Console: true, Line: line}) }}
	c = NewConsole(ConsoleConfig{WorkDir: ws, Stdout: out, Stderr: out, Brokers: l.broker.Bootstrap(),
		Rewrite: map[string]string{CourseAddress: l.Bootstrap()}, Runner: connect.Runner{Python: python},
		OnEvent: func(e pyrun.QueryEvent) { l.observe(Event{Kind: QueryProgress, Console: true, Query: &e}) }})
	if err := c.Start(ctx); err != nil {
		return nil, "", err
	}
	return c, python, nil
}
