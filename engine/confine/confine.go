// Package confine keeps paths inside one folder, the workspace. It is the one place where a
// path that a script, a lesson step or a setting names is read the way the engine reads it
// (Normalize: file: schemes, an empty authority, relative to the workspace) and refused with
// an Error when it leads outside, through ".." or through a symbolic link, dangling or not.
//
// Paths the engine opens itself are checked with Dir.Check (a component-wise Lstat walk that
// follows each link as the kernel would); the Python runtime's own file access goes through
// Dir.Root, an os.Root, which refuses escapes at open time.
package confine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Dir is a workspace: a folder nothing may leave.
type Dir struct {
	path  string // absolute, cleaned, symbolic links resolved
	alias string // the folder as it was given (absolute, cleaned), when it differs from path

	rootOnce sync.Once
	root     *os.Root
	rootErr  error
}

// New makes the workspace at dir, which must be a folder.
func New(dir string) (*Dir, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	st, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("workspace %s is not a folder", dir)
	}
	d := &Dir{path: real}
	if abs != real {
		d.alias = abs
	}
	return d, nil
}

// Path is the workspace's absolute path, symbolic links resolved.
func (d *Dir) Path() string { return d.path }

// Normalize reads p as the engine resolves a path: "file:" and "file://" schemes are
// dropped (file:/x, file:///x and file://localhost/x are /x; another authority stays a
// path component, so file://host/x is /host/x), a relative path is relative to base, and
// the result is cleaned (no "." or ".." left).
func Normalize(base, p string) string {
	if rest, ok := strings.CutPrefix(p, "file:"); ok {
		p = rest
		if auth, ok := strings.CutPrefix(p, "//"); ok {
			host, path, _ := strings.Cut(auth, "/")
			switch host {
			case "", "localhost":
				p = "/" + path
			default:
				p = "/" + auth
			}
		}
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// Error is a path refused because it leads outside the workspace. Its message names the
// rule, the path as given and where it leads.
type Error struct {
	Dir      string // the workspace
	Path     string // the path as given
	What     string // what the path is, when not a plain path ("spark.sql.warehouse.dir", "table name")
	Resolved string // where the path leads ("" when only an os.Root's refusal tells)
	Link     string // the symbolic link on the way out ("data/x -> /etc"), "" when none
	// Who is kept inside, as the message says it: "scripts" when empty, "commands" for
	// a lesson step's cat, ls, rm and python.
	Who string
}

func (e *Error) Error() string {
	who := e.Who
	if who == "" {
		who = "scripts"
	}
	given := Quote(e.Path)
	if e.What != "" {
		given = e.What + " " + given
	}
	rule := fmt.Sprintf("kafkalab keeps %s inside the workspace %s", who, e.Dir)
	switch {
	case e.Resolved == "":
		return fmt.Sprintf("%s: %s leads outside it", rule, given)
	case e.Link != "":
		return fmt.Sprintf("%s: %s leads through the symbolic link %s to %s, outside it", rule, given, e.Link, e.Resolved)
	}
	return fmt.Sprintf("%s: %s resolves to %s, outside it", rule, given, e.Resolved)
}

// Quote quotes a path as Python's repr of a str does (single quotes unless the path holds
// one and no double quote).
func Quote(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// Resolve normalises p against the workspace and checks it (Check). what names the path
// in a refusal ("" for a plain path).
func (d *Dir) Resolve(p, what string) (string, error) {
	return d.Check(p, what, Normalize(d.path, p))
}

// Check refuses full (an absolute path) when it is outside the workspace or when a
// symbolic link on its way, dangling or not, leads outside; given and what are how the
// refusal names it. It returns full with the workspace spelt as Path.
func (d *Dir) Check(given, what, full string) (string, error) {
	full = d.rebase(filepath.Clean(full))
	refuse := func(resolved, link string) (string, error) {
		return "", &Error{Dir: d.shown(), Path: given, What: what, Resolved: resolved, Link: link}
	}
	if !within(d.path, full) {
		return refuse(full, "")
	}
	rel, _ := filepath.Rel(d.path, full)
	resolved, link, ok := d.walk(d.path, splitPath(rel))
	if !ok {
		return refuse(resolved, link)
	}
	return full, nil
}

// maxLinks is how many symbolic links a walk follows, as the kernel's ELOOP limit.
const maxLinks = 40

// walk follows todo from cur (a folder inside the workspace, free of links) one component
// at a time, as the kernel resolves a path, and reports where it leaves the workspace: ok
// is false with the path it reached and the link that took it there.
func (d *Dir) walk(cur string, todo []string) (resolved, link string, ok bool) {
	links := 0
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			if !within(d.path, cur) {
				return filepath.Join(append([]string{cur}, todo...)...), link, false
			}
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := os.Lstat(next)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			if err != nil {
				// Nothing below a missing entry exists yet, so no link can lie there.
				return "", "", true
			}
			cur = next
			continue
		}
		links++
		target, err := os.Readlink(next)
		if err != nil || links > maxLinks {
			return next, d.relShown(next), false
		}
		link = d.relShown(next) + " -> " + target
		if filepath.IsAbs(target) {
			t := d.rebase(filepath.Clean(target))
			if !within(d.path, t) {
				return filepath.Join(append([]string{t}, todo...)...), link, false
			}
			rel, _ := filepath.Rel(d.path, t)
			cur, todo = d.path, append(splitPath(rel), todo...)
			continue
		}
		todo = append(splitPath(target), todo...)
	}
	return "", "", true
}

// rebase spells a path under the workspace's alias with its real path.
func (d *Dir) rebase(p string) string {
	if d.alias != "" && within(d.alias, p) {
		rel, _ := filepath.Rel(d.alias, p)
		return filepath.Join(d.path, rel)
	}
	return p
}

// shown is the workspace as a learner knows it.
func (d *Dir) shown() string {
	if d.alias != "" {
		return d.alias
	}
	return d.path
}

func (d *Dir) relShown(p string) string {
	if rel, err := filepath.Rel(d.path, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return p
}

// Rel is full (inside the workspace) relative to it, for the Root's methods ("." for the
// workspace itself).
func (d *Dir) Rel(full string) (string, error) {
	full = d.rebase(filepath.Clean(full))
	if !within(d.path, full) {
		return "", &Error{Dir: d.shown(), Path: full, Resolved: full}
	}
	rel, err := filepath.Rel(d.path, full)
	if err != nil {
		return "", err
	}
	return rel, nil
}

// Root is the workspace opened as an os.Root: its methods refuse, at open time, any path
// or symbolic link that leads outside. It is opened once and shared.
func (d *Dir) Root() (*os.Root, error) {
	d.rootOnce.Do(func() { d.root, d.rootErr = os.OpenRoot(d.path) })
	return d.root, d.rootErr
}

// Close releases the Root, when one was opened.
func (d *Dir) Close() error {
	d.rootOnce.Do(func() { d.rootErr = errors.New("confine: workspace closed") })
	if d.root != nil {
		return d.root.Close()
	}
	return nil
}

// Escaped reports whether err is an os.Root's refusal of a path that leaves it.
func Escaped(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}

// Refusal is the Error for given when an os.Root refused it (Escaped): a symbolic link
// that changed after Check, say. It names what Check finds now, when it finds it.
func (d *Dir) Refusal(given, full string) *Error {
	if _, err := d.Check(given, "", full); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return e
		}
	}
	return &Error{Dir: d.shown(), Path: given}
}

func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, root+string(filepath.Separator)) || root == string(filepath.Separator)
}

func splitPath(p string) []string {
	if p == "" || p == "." {
		return nil
	}
	return strings.Split(filepath.ToSlash(p), "/")
}
