package lab

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lessons"
)

// FileRole says why a file is on a step's screen.
type FileRole string

// The roles of a step's files.
const (
	// FileWritten is a file the step writes into the workspace before it runs (a file=
	// block, an include, a data set).
	FileWritten FileRole = "written"
	// FileExercise is the exercise's file: the starter the learner fixes.
	FileExercise FileRole = "exercise"
	// FileCommands is the step's command lines (an sh block), as one editable text.
	FileCommands FileRole = "commands"
	// FileScript is a python block without a file: the step runs it as stepN.py.
	FileScript FileRole = "script"
	// FileRunsFromWorkspace is a script the step's commands run that an earlier step
	// wrote: the workspace's copy.
	FileRunsFromWorkspace FileRole = "workspace"
)

// CommandsFile is the name the step's command lines go by on screen and in the work folder.
const CommandsFile = "commands.sh"

// StepFile is one file of a step as the learner sees it before running it: the lesson's
// text, or the learner's own copy once they edited it. It is plain data.
type StepFile struct {
	Name string   `json:"name"` // workspace-relative (CommandsFile for command lines)
	Lang string   `json:"lang"` // python, sh, json, text...
	Role FileRole `json:"role"`
	// Content is what runs: the learner's copy when Edited, else Original.
	Content  string `json:"content"`
	Original string `json:"original"`
	Edited   bool   `json:"edited"`
	// Main marks the file the step is about (shown first).
	Main bool `json:"main"`
	// Solution is an exercise file's reference answer ("" otherwise).
	Solution string `json:"solution,omitempty"`
}

// WorkFolder is where the learner's copies of step files are kept under a workspace root.
func WorkFolder(root string) string { return filepath.Join(root, ".work") }

// StepFiles lists every file a step writes, runs or lets the learner edit, the step's main
// file marked: the exercise's file, else the last script its commands run, else its first
// file. work holds the learner's copies (nil: none); ws is the lesson's workspace, read for
// scripts an earlier step wrote ("" = not started yet: the lesson's own text is used).
func StepFiles(course []*lessons.Lesson, lesson *lessons.Lesson, step *lessons.Step, work *learner.Work, ws string) []StepFile {
	var out []StepFile
	seen := map[string]bool{}
	add := func(f StepFile) {
		if seen[f.Name] {
			return
		}
		seen[f.Name] = true
		f.Content = f.Original
		if work != nil {
			if c, ok, err := work.Read(lesson.ID, step.Number, f.Name); err == nil && ok {
				f.Content, f.Edited = c, c != f.Original
			}
		}
		out = append(out, f)
	}
	code := step.Run
	if step.IsExercise() {
		code = step.Starter
	}
	main := ""
	if code != nil {
		switch {
		case code.IsShell():
			for _, c := range code.Commands {
				if c.Kind == lessons.CommandPython && len(c.Args) > 1 {
					main = path.Clean(c.Args[1])
				}
			}
			if step.IsExercise() {
				main = CommandsFile
			}
		case code.File != "":
			main = code.File
		default:
			main = fmt.Sprintf("step%d.py", step.Number)
		}
	}
	if code != nil && !code.IsShell() {
		f := StepFile{Name: main, Lang: langOr(code.Lang, "python"), Role: FileScript, Original: code.Source + "\n"}
		if code.File != "" {
			f.Role = FileExercise
			if !step.IsExercise() {
				f.Role = FileWritten
			}
		}
		if step.IsExercise() && step.Solution != nil {
			f.Solution = step.Solution.Source + "\n"
		}
		add(f)
	}
	for _, f := range step.Files {
		content, err := fileContent(f)
		if err != nil {
			content = "(" + err.Error() + ")"
		}
		add(StepFile{Name: f.Name, Lang: langFor(f.Lang, f.Name), Role: FileWritten, Original: content})
	}
	if code != nil && code.IsShell() {
		for _, c := range code.Commands {
			if c.Kind != lessons.CommandPython || len(c.Args) < 2 {
				continue
			}
			name := path.Clean(c.Args[1])
			if seen[name] {
				continue
			}
			if content, ok := earlierFile(course, lesson, step, name, ws); ok {
				add(StepFile{Name: name, Lang: langFor("", name), Role: FileRunsFromWorkspace, Original: content})
			}
		}
		f := StepFile{Name: CommandsFile, Lang: "sh", Role: FileCommands, Original: code.Source + "\n"}
		if step.IsExercise() && step.Solution != nil {
			f.Solution = step.Solution.Source + "\n"
			f.Role = FileExercise
		}
		add(f)
	}
	// Files the learner keeps a copy of that the step no longer names stay visible.
	if work != nil {
		for _, name := range work.Files(lesson.ID, step.Number) {
			if !seen[name] {
				add(StepFile{Name: name, Lang: langFor("", name), Role: FileRunsFromWorkspace})
			}
		}
	}
	for i := range out {
		if out[i].Name == main {
			out[i].Main = true
			// The main file first: it is what the screen shows by default.
			out[0], out[i] = out[i], out[0]
			break
		}
	}
	if main == "" && len(out) > 0 {
		out[0].Main = true
	}
	return out
}

// earlierFile finds the content of a script a step runs without writing it: the
// workspace's copy, or the last step before this one (in this lesson or the lessons it
// continues) that wrote it.
func earlierFile(course []*lessons.Lesson, lesson *lessons.Lesson, step *lessons.Step, name, ws string) (string, bool) {
	if ws != "" {
		if data, err := os.ReadFile(filepath.Join(ws, filepath.FromSlash(name))); err == nil {
			return string(data), true
		}
	}
	for l := lesson; l != nil; {
		for i := len(l.Steps) - 1; i >= 0; i-- {
			s := l.Steps[i]
			if l == lesson && s.Number >= step.Number {
				continue
			}
			for _, f := range s.Files {
				if path.Clean(f.Name) == name {
					if c, err := fileContent(f); err == nil {
						return c, true
					}
				}
			}
		}
		if l.Continues == "" {
			break
		}
		l, _ = lessons.Find(course, l.Continues)
	}
	return "", false
}

func langOr(lang, def string) string {
	if lang == "" {
		return def
	}
	return lang
}

// langFor is a file's language for highlighting: the block's, else its extension's.
func langFor(lang, name string) string {
	if lang != "" {
		return lang
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".py":
		return "python"
	case ".json", ".jsonl":
		return "json"
	case ".sh":
		return "sh"
	}
	return "text"
}

// RunWork runs a step with the learner's copies of its files (Work), where they have any:
// their exercise file, their edited commands or scripts. Without copies it is RunStep with
// the lesson's code.
func (l *Lab) RunWork(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step) *StepResult {
	if l.work == nil {
		return l.RunStep(ctx, lesson, step, nil)
	}
	names := l.work.Files(lesson.ID, step.Number)
	if len(names) == 0 {
		return l.RunStep(ctx, lesson, step, nil)
	}
	over := map[string]string{}
	for _, n := range names {
		if c, ok, err := l.work.Read(lesson.ID, step.Number, n); err == nil && ok {
			over[n] = c
		}
	}
	code := step.Run
	if step.IsExercise() {
		code = step.Starter
	}
	if code != nil {
		key := code.File
		switch {
		case code.IsShell():
			key = CommandsFile
		case key == "":
			key = fmt.Sprintf("step%d.py", step.Number)
		}
		if src, ok := over[key]; ok {
			edited, err := code.WithSource(strings.TrimSuffix(src, "\n"))
			if err != nil {
				res := &StepResult{Lesson: lesson.ID, Step: step.Number}
				l.observe(Event{Kind: StepStarted, Lesson: lesson.ID, Step: step.Number})
				return l.finish(res, time.Now(), []Failure{{Check: "the step's commands", Want: "command lines kafkalab runs", Got: err.Error(),
					Message: "your " + key + " has a line kafkalab cannot run: " + err.Error()}})
			}
			code = edited
			delete(over, key)
		}
	}
	return l.runStep(ctx, lesson, step, code, over)
}

// SaveStepFile keeps the learner's copy of a step's file (Work).
func (l *Lab) SaveStepFile(lesson *lessons.Lesson, step *lessons.Step, name, content string) error {
	if l.work == nil {
		return fmt.Errorf("save %s: the lab keeps no work folder", name)
	}
	return l.work.Save(lesson.ID, step.Number, name, content)
}
