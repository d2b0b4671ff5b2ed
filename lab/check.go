package lab

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lessons"
)

// CheckReport counts what a course check found.
type CheckReport struct {
	Passed, Failed int
}

// Check runs lessons headless, step by step, from their starting state, and writes one
// line per runnable step (PASS/FAIL lesson/step title), expected-against-actual under each
// failure, and last the line "N passed, N failed". An exercise passes only when its starter
// fails its checks and its reference solution passes them, so a check that cannot fail is
// caught too.
func (l *Lab) Check(ctx context.Context, course []*lessons.Lesson, w io.Writer) CheckReport {
	var rep CheckReport
	for _, lesson := range course {
		if err := l.StartLesson(ctx, lesson); err != nil {
			fmt.Fprintf(w, "FAIL %s: cannot start the lesson: %v\n", lesson.ID, err)
			rep.Failed++
			continue
		}
		for _, step := range lesson.Steps {
			if !step.Runnable() {
				continue
			}
			if ctx.Err() != nil {
				fmt.Fprintf(w, "FAIL %s/%d %s: %v\n", lesson.ID, step.Number, step.Title, ctx.Err())
				rep.Failed++
				continue
			}
			ok, detail := l.checkStep(ctx, lesson, step)
			label := fmt.Sprintf("%s/%d %s", lesson.ID, step.Number, step.Title)
			if ok {
				rep.Passed++
				fmt.Fprintf(w, "PASS %s\n", label)
				continue
			}
			rep.Failed++
			fmt.Fprintf(w, "FAIL %s\n%s", label, indent(detail))
		}
	}
	fmt.Fprintf(w, "%d passed, %d failed\n", rep.Passed, rep.Failed)
	return rep
}

// DefaultStepTimeout bounds one step in a headless check, so that a step waiting for
// events that an earlier failure never produced, or a script that loops, cannot stall the
// whole course: its scripts are stopped there.
const DefaultStepTimeout = 2 * time.Minute

func (l *Lab) checkStep(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step) (bool, string) {
	limit := l.stepTimeout
	if limit <= 0 {
		limit = DefaultStepTimeout
	}
	ctx, cancel := context.WithTimeoutCause(ctx, limit, fmt.Errorf("the step's time limit of %s", limit))
	defer cancel()
	if !step.IsExercise() {
		res := l.RunStep(ctx, lesson, step, nil)
		return res.Passed, describe(res)
	}
	starter := l.RunStep(ctx, lesson, step, step.Starter)
	if starter.Passed {
		return false, "the exercise's starter code already passes its checks; the checks cannot tell a fix from no fix\n"
	}
	solution := l.RunStep(ctx, lesson, step, step.Solution)
	if !solution.Passed {
		return false, "the exercise's reference solution fails its checks:\n" + describe(solution)
	}
	return true, ""
}

// describe says what a failed step expected and what it got.
func describe(res *StepResult) string {
	var b strings.Builder
	for _, f := range res.Failures {
		fmt.Fprintf(&b, "%s (lesson line %d)\n  expected:\n%s  actual:\n%s", f.Check, f.Line, indent(f.Want), indent(f.Got))
	}
	if res.Error != "" {
		fmt.Fprintf(&b, "error: %s\n", res.Error)
		if out := strings.TrimSpace(res.Output); out != "" {
			fmt.Fprintf(&b, "output:\n%s", indent(out))
		}
	}
	return b.String()
}

func indent(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("    ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}
