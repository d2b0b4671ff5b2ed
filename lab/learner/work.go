package learner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Work keeps the learner's own copies of a step's files: what they edited in the app or in
// their editor. It is a folder per step (<dir>/<lesson>/<step>/<file>), so the work
// survives a restart and the learner's editor can open a real file; nothing but the
// learner (or a reset they asked for) changes it.
type Work struct{ dir string }

// NewWork keeps the work under dir.
func NewWork(dir string) *Work { return &Work{dir: dir} }

// Dir is the folder the work is kept in.
func (w *Work) Dir() string { return w.dir }

// Path is where the learner's copy of a step's file is kept (it may not exist).
func (w *Work) Path(lesson string, step int, name string) (string, error) {
	if w == nil || w.dir == "" {
		return "", errors.New("no folder for the learner's work")
	}
	clean := filepath.Clean(filepath.FromSlash(name))
	if name == "" || filepath.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("work file %q must be a relative path inside the step", name)
	}
	return filepath.Join(w.dir, lesson, strconv.Itoa(step), clean), nil
}

// Read is the learner's copy of a file; ok is false when they have none.
func (w *Work) Read(lesson string, step int, name string) (content string, ok bool, err error) {
	p, err := w.Path(lesson, step, name)
	if err != nil {
		return "", false, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read your copy of %s: %w", name, err)
	}
	return string(data), true, nil
}

// Save writes the learner's copy of a file, atomically (a crash leaves the old copy or the
// new one, never half of it).
func (w *Work) Save(lesson string, step int, name, content string) error {
	p, err := w.Path(lesson, step, name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("save your copy of %s: %w", name, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".save-*")
	if err != nil {
		return fmt.Errorf("save your copy of %s: %w", name, err)
	}
	_, werr := tmp.WriteString(content)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save your copy of %s: %w", name, errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save your copy of %s: %w", name, err)
	}
	return nil
}

// Files lists the files the learner has a copy of for a step, sorted.
func (w *Work) Files(lesson string, step int) []string {
	if w == nil || w.dir == "" {
		return nil
	}
	root := filepath.Join(w.dir, lesson, strconv.Itoa(step))
	var out []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".save-") {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(out)
	return out
}

// Reset forgets the learner's copies of one step's files: the step starts from the
// lesson's code again.
func (w *Work) Reset(lesson string, step int) error {
	if w == nil || w.dir == "" {
		return nil
	}
	if err := os.RemoveAll(filepath.Join(w.dir, lesson, strconv.Itoa(step))); err != nil {
		return fmt.Errorf("reset your work on %s step %d: %w", lesson, step, err)
	}
	return nil
}
