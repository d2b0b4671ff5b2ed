// Package lessons holds kafkalab's course as Markdown files and the parser that turns a file
// into runnable, checkable steps. The format is documented in FORMAT.md.
package lessons

// FormatVersion is the version of the lesson format (FORMAT.md) this parser reads. A lesson
// names the version it is written in with "format:" in its front matter (none means 1).
const FormatVersion = 1

// Lesson is one parsed lesson file.
type Lesson struct {
	Format    int // the lesson format version the file is written in
	ID        string
	Title     string
	Goal      string
	Continues string // id of the lesson whose workspace this one starts from; "" = fresh
	// Topics are the topics the lesson owns: deleted when it starts fresh or is reset.
	Topics []string
	// Groups are the consumer groups the lesson owns, deleted with its topics: a group
	// outlives its topic on a broker, and a lesson starting over needs it gone.
	Groups []string
	Intro  string // Markdown before the first step
	Steps  []*Step
	File   string // where it was read from, for messages
}

// Step is one titled part of a lesson.
type Step struct {
	Number int // 1-based within the lesson
	Title  string
	Prose  string // Markdown
	// After is Markdown shown only once the step ran: the explanation of what the learner
	// just saw, kept away from a prediction it would answer (the text after <!-- after -->).
	After   string
	Files   []File
	Run     *Code // what the step runs; nil for prose-only steps and exercises
	Starter *Code // exercise: what the learner starts from
	// Solution is the exercise's reference answer.
	Solution *Code
	Expect   []Expectation
	Predict  *Prediction
	Hints    []string
	Watch    []string
	// Crash, when set, makes the lab kill the step's streaming query at a point of a batch
	// (FORMAT.md, "Crashing a query on purpose").
	Crash *Crash
	// Settle, when set, ends the step's sleep lines as soon as a consumer group has settled
	// (FORMAT.md, "Waiting for a group to settle").
	Settle *Settle
	Line   int // line of the step's heading
}

// IsExercise reports whether the learner must fix starter code in this step.
func (s *Step) IsExercise() bool { return s.Starter != nil }

// Runnable reports whether the step runs anything.
func (s *Step) Runnable() bool { return s.Run != nil || s.Starter != nil }

// File is a file the step writes into the workspace before it runs.
type File struct {
	Name    string
	Lang    string
	Content string
	// Include marks a file whose content comes from the course's shared files/ folder, so
	// scripts that several lessons use are written once.
	Include bool
	// Asset names a sample data set kafkalab ships (its assets) whose content the file gets;
	// the lab resolves it, so a lesson stays a text file.
	Asset string
	Line  int
}

// Code is a block of code: shell-like command lines ("sh") or a PySpark script ("python").
type Code struct {
	Lang   string
	Source string
	File   string // for exercises: the workspace file the code is written to ("" = run directly)
	Line   int    // the block's first line in the lesson file
	// Commands are an "sh" block's command lines, parsed when the lesson was loaded.
	Commands []Command
}

// IsShell reports whether the code is command lines rather than a Python script.
func (c *Code) IsShell() bool { return c.Lang == "sh" }

// WithSource is the same block with other source (a learner's edit), parsed again: an sh
// block's commands come from the new text, with lines counted from the block's.
func (c *Code) WithSource(src string) (*Code, error) {
	cp := *c
	cp.Source = src
	if !c.IsShell() {
		return &cp, nil
	}
	cmds, err := ParseCommands(src, c.Line)
	if err != nil {
		return nil, err
	}
	cp.Commands = cmds
	return &cp, nil
}

// ExpectKind names what an expectation compares.
type ExpectKind string

// The expectation kinds of FORMAT.md.
const (
	ExpectOutput   ExpectKind = "output"
	ExpectContains ExpectKind = "contains"
	ExpectRegex    ExpectKind = "regex"
	ExpectFile     ExpectKind = "file"
	ExpectExists   ExpectKind = "exists"
	ExpectMissing  ExpectKind = "missing"
	ExpectTable    ExpectKind = "table"
	ExpectCount    ExpectKind = "count"
	ExpectOffsets  ExpectKind = "offsets"
)

// Expectation is one check of a step's result.
type Expectation struct {
	Kind ExpectKind
	// Path is the workspace-relative file for file/exists/missing.
	Path string
	// FileLine selects one line of the file: "" = whole file, "last", or a 1-based number.
	FileLine string
	// Table names the table for table/count; Topic the topic for offsets.
	Table string
	Topic string
	Want  string
	Line  int
}

// Prediction is a question asked before the step runs.
type Prediction struct {
	Question string
	Choices  []string
	Answer   int // 1-based index into Choices
}

// CrashPoint names where in a micro-batch the lab kills a query.
type CrashPoint string

// The crash points of FORMAT.md, in the order a batch reaches them.
const (
	// CrashAfterOffsets: offsets/N is written; nothing of the batch has been read.
	CrashAfterOffsets CrashPoint = "after-offsets"
	// CrashMidWrite: the sink's data files are written, the table's commit is not (Delta).
	CrashMidWrite CrashPoint = "mid-write"
	// CrashAfterSinkCommit: the table has the batch (a new Delta version); commits/N is not
	// written.
	CrashAfterSinkCommit CrashPoint = "after-sink-commit"
	// CrashAfterCommit: commits/N is written; the batch is done but not yet reported.
	CrashAfterCommit CrashPoint = "after-commit"
)

// CrashPoints lists the known points, in batch order.
var CrashPoints = []CrashPoint{CrashAfterOffsets, CrashMidWrite, CrashAfterSinkCommit, CrashAfterCommit}

// Crash is a step's crash directive: the first streaming query of the step that reaches
// Point, in batch Batch (any batch when Batch is -1), dies there, once per run of the step.
type Crash struct {
	Point CrashPoint
	Batch int64
	Line  int
}

// Settle is a step's settle directive: a sleep line of the step waits at most its seconds,
// and ends as soon as consumer group Group is Stable with Members members. A lesson sleeps
// to let a group finish its rebalance; the lab ends that wait once it has, so a step is as
// fast as the broker while a terminal's fixed sleep stays right for a learner.
type Settle struct {
	Group   string
	Members int
	Line    int
}
