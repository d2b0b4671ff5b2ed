// Package export turns a lesson into what a learner runs outside kafkalab: a plain PySpark
// project (scripts, the session helper, a README with python and kafka-*.sh commands) and,
// for the harness that compares kafkalab with real Spark, the same steps as a Plan.
package export

import (
	"fmt"

	"github.com/kafkalab/kafkalab/assets"
	"github.com/kafkalab/kafkalab/lessons"
)

// Plan is a lesson flattened into the actions a learner takes, in order. A lesson that
// continues another starts with the earlier lessons' steps (Prelude true), so the project
// runs from an empty folder and a broker without the lesson's topics.
type Plan struct {
	Lesson *lessons.Lesson
	Steps  []Step
	// Topics are the topics the plan's lessons own: delete them before a fresh run.
	Topics []string
	// Groups are the consumer groups the plan's lessons own: delete them too.
	Groups []string
}

// Step is one runnable (or prose-only) step of the plan.
type Step struct {
	Lesson  string
	Number  int
	Title   string
	Prose   string
	After   string // shown after what the step should print
	Prelude bool
	// Writes are the files the step puts into the project folder before its commands run.
	Writes []Write
	// Starter is the exercise's starting code (nil when the step is no exercise); the plan
	// runs the solution, which Writes holds.
	Starter  *Write
	Commands []lessons.Command
	Expect   []lessons.Expectation
	// Crash is the lesson's crash directive for this step (nil = none): in kafkalab the lab
	// kills the query there; a real run is killed by hand (the README says where).
	Crash *lessons.Crash
	// Settle is the lesson's settle directive for this step (nil = none): in kafkalab the
	// step's sleep ends once the group has settled; a real run sleeps the full time.
	Settle *lessons.Settle
}

// Write is one file version. Stored is where the exported project keeps this version: the
// file's own name for the first version, steps/<lesson>-<NN>/<name> for a later one that
// differs (the README then copies it into place).
type Write struct {
	Name    string
	Content string
	Stored  string
}

// NewPlan builds the plan of lesson, with its prerequisites taken from course.
func NewPlan(course []*lessons.Lesson, lesson *lessons.Lesson) (*Plan, error) {
	var chain []*lessons.Lesson
	for l := lesson; l != nil; {
		for _, c := range chain {
			if c.ID == l.ID {
				return nil, fmt.Errorf("lesson %s: continues forms a loop through %s", lesson.ID, l.ID)
			}
		}
		chain = append([]*lessons.Lesson{l}, chain...)
		if l.Continues == "" {
			break
		}
		prev, ok := lessons.Find(course, l.Continues)
		if !ok {
			return nil, fmt.Errorf("lesson %s continues %s, which is not in the course", l.ID, l.Continues)
		}
		l = prev
	}
	p := &Plan{Lesson: lesson}
	current := map[string]string{} // file name -> content now in the project folder
	stored := map[string]bool{}    // names already written at the project root
	seenTopic := map[string]bool{}
	for _, l := range chain {
		for _, t := range l.Topics {
			if !seenTopic[t] {
				seenTopic[t] = true
				p.Topics = append(p.Topics, t)
			}
		}
		for _, g := range l.Groups {
			if !seenTopic["group "+g] {
				seenTopic["group "+g] = true
				p.Groups = append(p.Groups, g)
			}
		}
		for _, s := range l.Steps {
			st := Step{Lesson: l.ID, Number: s.Number, Title: s.Title, Prose: s.Prose, After: s.After,
				Prelude: l.ID != lesson.ID, Expect: s.Expect, Crash: s.Crash, Settle: s.Settle}
			folder := fmt.Sprintf("steps/%s-%02d/", l.ID, s.Number)
			add := func(name, content string) {
				if c, ok := current[name]; ok && c == content {
					return
				}
				w := Write{Name: name, Content: content, Stored: name}
				if stored[name] {
					w.Stored = folder + name
				}
				stored[name] = true
				current[name] = content
				st.Writes = append(st.Writes, w)
			}
			for _, f := range s.Files {
				content := f.Content
				if f.Asset != "" {
					data, err := assets.DataSet(f.Asset)
					if err != nil {
						return nil, fmt.Errorf("%s:%d: file %s: %w", l.File, f.Line, f.Name, err)
					}
					content = string(data)
				}
				add(f.Name, content)
			}
			code := s.Run
			if s.IsExercise() {
				name := s.Starter.File
				if name == "" {
					// A starter without a file (a sh exercise, say) is stored as a script.
					ext := map[string]string{"python": "py"}[s.Starter.Lang]
					if ext == "" {
						ext = s.Starter.Lang
					}
					name = fmt.Sprintf("step%d.%s", s.Number, ext)
				}
				st.Starter = &Write{Name: name, Content: s.Starter.Source + "\n",
					Stored: folder + "starter/" + name}
				code = s.Solution
			}
			switch {
			case code == nil:
			case code.IsShell():
				st.Commands = code.Commands
			default:
				name := code.File
				if name == "" {
					// The lab runs a python run block as step<N>.py; so does the project.
					name = fmt.Sprintf("step%d.py", s.Number)
				}
				add(name, code.Source+"\n")
				st.Commands = []lessons.Command{{Kind: lessons.CommandPython, Args: []string{"python", name}, Line: "python " + name, LessonLine: code.Line}}
			}
			p.Steps = append(p.Steps, st)
		}
	}
	return p, nil
}
