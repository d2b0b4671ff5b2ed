// Package learner keeps the learner's record of the course: the lesson and step they
// were on, the steps they finished and the answers they predicted. It is kept as a small
// text file a person can read, copy to another machine, or delete to start over.
package learner

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/lab/paths"
)

// FileName is the record's file name inside the state folder (the learner knows it as
// their progress).
const FileName = "progress.txt"

// DefaultPath is where kafkalab keeps the record: <StateHome>/progress.txt.
func DefaultPath() string { return filepath.Join(paths.StateHome(), FileName) }

// Record is the learner's place in the course and what they did there.
type Record struct {
	path string
	// Lesson and Step are where the learner was last (Step is 1-based; 0 = not set).
	Lesson string
	Step   int
	done   map[string]map[int]bool
	// predicted holds the choice (1-based) a learner predicted for "lesson/step".
	predicted map[string]int
}

// New is an empty record that saves to path.
func New(path string) *Record {
	return &Record{path: path, done: map[string]map[int]bool{}, predicted: map[string]int{}}
}

// Load reads the record at path; a missing file is an empty record, not an error.
func Load(path string) (*Record, error) {
	p := New(path)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read progress %s: %w", path, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		bad := func(why string) error {
			return fmt.Errorf("%s:%d: %s (fix the line or delete the file to start over)", path, n, why)
		}
		switch f[0] {
		case "current":
			if len(f) != 3 {
				return nil, bad("want 'current LESSON STEP'")
			}
			s, err := strconv.Atoi(f[2])
			if err != nil || s < 1 {
				return nil, bad("step must be a number from 1")
			}
			p.Lesson, p.Step = f[1], s
		case "done":
			if len(f) < 2 {
				return nil, bad("want 'done LESSON STEP...'")
			}
			for _, x := range f[2:] {
				s, err := strconv.Atoi(x)
				if err != nil || s < 1 {
					return nil, bad(fmt.Sprintf("step %q must be a number from 1", x))
				}
				p.MarkDone(f[1], s)
			}
		case "predicted":
			if len(f) != 4 {
				return nil, bad("want 'predicted LESSON STEP CHOICE'")
			}
			s, err1 := strconv.Atoi(f[2])
			c, err2 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil || s < 1 || c < 1 {
				return nil, bad("step and choice must be numbers from 1")
			}
			p.predicted[key(f[1], s)] = c
		default:
			return nil, bad(fmt.Sprintf("unknown entry %q (want current, done or predicted)", f[0]))
		}
	}
	return p, nil
}

func key(lesson string, step int) string { return lesson + "/" + strconv.Itoa(step) }

// Path is the file the record is saved to.
func (p *Record) Path() string { return p.path }

// MarkDone records that a step was finished.
func (p *Record) MarkDone(lesson string, step int) {
	if p.done[lesson] == nil {
		p.done[lesson] = map[int]bool{}
	}
	p.done[lesson][step] = true
}

// IsDone reports whether a step was finished.
func (p *Record) IsDone(lesson string, step int) bool { return p.done[lesson][step] }

// DoneCount is how many steps of a lesson were finished.
func (p *Record) DoneCount(lesson string) int { return len(p.done[lesson]) }

// SetCurrent records where the learner is.
func (p *Record) SetCurrent(lesson string, step int) { p.Lesson, p.Step = lesson, step }

// Predict records a learner's prediction for a step.
func (p *Record) Predict(lesson string, step, choice int) { p.predicted[key(lesson, step)] = choice }

// Predicted is the recorded prediction for a step (0 = none).
func (p *Record) Predicted(lesson string, step int) int { return p.predicted[key(lesson, step)] }

// ResetLesson forgets a lesson's finished steps and predictions.
func (p *Record) ResetLesson(lesson string) {
	delete(p.done, lesson)
	for k := range p.predicted {
		if strings.HasPrefix(k, lesson+"/") {
			delete(p.predicted, k)
		}
	}
}

// Reset forgets everything (the file is rewritten empty on the next Save).
func (p *Record) Reset() {
	p.Lesson, p.Step = "", 0
	p.done = map[string]map[int]bool{}
	p.predicted = map[string]int{}
}

// Encode is the file's text: a header, the current place, then one line per lesson.
func (p *Record) Encode() []byte {
	var b bytes.Buffer
	b.WriteString("# kafkalab progress: where you are and the steps you finished.\n")
	b.WriteString("# Plain text: copy it to another machine, or delete it to start over.\n")
	if p.Lesson != "" && p.Step > 0 {
		fmt.Fprintf(&b, "current %s %d\n", p.Lesson, p.Step)
	}
	lessons := make([]string, 0, len(p.done))
	for l := range p.done {
		lessons = append(lessons, l)
	}
	sort.Strings(lessons)
	for _, l := range lessons {
		steps := make([]int, 0, len(p.done[l]))
		for s := range p.done[l] {
			steps = append(steps, s)
		}
		sort.Ints(steps)
		b.WriteString("done " + l)
		for _, s := range steps {
			b.WriteString(" " + strconv.Itoa(s))
		}
		b.WriteByte('\n')
	}
	keys := make([]string, 0, len(p.predicted))
	for k := range p.predicted {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return lessKey(keys[i], keys[j]) })
	for _, k := range keys {
		i := strings.LastIndexByte(k, '/')
		fmt.Fprintf(&b, "predicted %s %s %d\n", k[:i], k[i+1:], p.predicted[k])
	}
	return b.Bytes()
}

func lessKey(a, b string) bool {
	ia, ib := strings.LastIndexByte(a, '/'), strings.LastIndexByte(b, '/')
	if a[:ia] != b[:ib] {
		return a[:ia] < b[:ib]
	}
	na, _ := strconv.Atoi(a[ia+1:])
	nb, _ := strconv.Atoi(b[ib+1:])
	return na < nb
}

// Save writes the file atomically (a crash leaves the old file or the new one, never half).
func (p *Record) Save() error {
	if p.path == "" {
		return errors.New("save progress: no file given")
	}
	if err := os.MkdirAll(filepath.Dir(p.path), 0o755); err != nil {
		return fmt.Errorf("save progress: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p.path), ".progress-*")
	if err != nil {
		return fmt.Errorf("save progress: %w", err)
	}
	_, werr := tmp.Write(p.Encode())
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save progress %s: %w", p.path, errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), p.path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save progress %s: %w", p.path, err)
	}
	return nil
}
