package lessons

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
)

//go:embed [0-9][0-9]-*.md files
var builtin embed.FS

// Builtin returns the course shipped inside the binary, in order.
func Builtin() ([]*Lesson, error) { return load(builtin, "lessons") }

// LoadDir reads every NN-name.md lesson in dir (a teacher's own course), in order.
func LoadDir(dir string) ([]*Lesson, error) {
	ls, err := load(os.DirFS(dir), dir)
	if err != nil {
		return nil, err
	}
	if len(ls) == 0 {
		return nil, fmt.Errorf("no lessons in %s: lesson files are named like 01-topics.md", dir)
	}
	return ls, nil
}

func load(fsys fs.FS, label string) ([]*Lesson, error) {
	names, err := fs.Glob(fsys, "[0-9][0-9]-*.md")
	if err != nil {
		return nil, fmt.Errorf("list lessons in %s: %w", label, err)
	}
	sort.Strings(names)
	var out []*Lesson
	seen := map[string]bool{}
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("read lesson %s: %w", path.Join(label, n), err)
		}
		l, err := Parse(path.Join(label, n), data)
		if err != nil {
			return nil, err
		}
		if err := resolveIncludes(fsys, l); err != nil {
			return nil, err
		}
		if l.Continues != "" && !seen[l.Continues] {
			return nil, &ParseError{File: l.File, Line: 1, Msg: fmt.Sprintf("continues %q, which is not an earlier lesson", l.Continues)}
		}
		seen[l.ID] = true
		out = append(out, l)
	}
	return out, nil
}

// Find returns the lesson with the given id, or by its number prefix ("04").
func Find(all []*Lesson, id string) (*Lesson, bool) {
	for _, l := range all {
		if l.ID == id || (len(id) == 2 && l.ID[:2] == id) {
			return l, true
		}
	}
	return nil, false
}

// resolveIncludes fills the content of include blocks from the course's files/ folder.
func resolveIncludes(fsys fs.FS, l *Lesson) error {
	for _, s := range l.Steps {
		for i := range s.Files {
			f := &s.Files[i]
			if !f.Include {
				continue
			}
			data, err := fs.ReadFile(fsys, path.Join("files", f.Name))
			if err != nil {
				return &ParseError{File: l.File, Line: f.Line, Msg: fmt.Sprintf("include %s: no such file in the course's files/ folder", f.Name)}
			}
			f.Content = string(data)
		}
	}
	return nil
}
