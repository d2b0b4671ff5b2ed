package ui

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// The course in a real Bubble Tea program (teatest): the learner opens step 2, is asked
// the prediction before anything runs, answers, sees the verdict and the explanation;
// each screen on the way is a golden file, at every size.
func TestProgramPredictionFlow(t *testing.T) {
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newTestModel(t, Course, theme.Plain())
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(size[0], size[1]))
			tm.Send(snapshotMsg(fixture()))
			tm.Send(press("n"))
			tm.Send(press("enter"))
			// The prediction comes first, before anything runs.
			waitScreen(t, tm, "predict before you run")
			tm.Send(press("2"))
			// Without a lab the answer is kept and the run waits for the broker; the test
			// then delivers the step's result as the lab would.
			waitScreen(t, tm, "the broker is still starting")
			tm.Send(stepDoneMsg{key: "01-ui-demo/2", res: &lab.StepResult{Lesson: "01-ui-demo", Step: 2, Passed: true, Output: "sent\n"}})
			waitScreen(t, tm, "EXPLAINED")
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
			final.quitting = false
			checkGolden(t, fmt.Sprintf("program_prediction_%dx%d", size[0], size[1]), ansi.Strip(final.Render()))
		})
	}
}

func waitScreen(t *testing.T, tm *teatest.TestModel, want string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(want)) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// The sandbox's real-Python mode in a real Bubble Tea program: .python is listed by .help;
// the lab's answer that no Python has pyspark-client shows with the `kafkalab setup python`
// hint and the prompt stays; the answer with a console switches the title and says where
// entries run. The final screen is a golden file, at every size.
func TestProgramSandboxRealPython(t *testing.T) {
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newTestModel(t, Sandbox, theme.Plain())
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(size[0], size[1]))
			tm.Type(".help")
			tm.Send(press("enter"))
			waitScreen(t, tm, "switch the prompt to real Python")
			// The lab's two answers, as RealPythonConsole gives them.
			tm.Send(pythonModeMsg{err: &lab.NoPythonError{Reason: "none found (not KAFKALAB_PYTHON, kafkalab's venv, nor python3 on PATH)"}})
			waitScreen(t, tm, "kafkalab setup python")
			tm.Send(pythonModeMsg{python: "/home/learner/.cache/kafkalab/pyspark-client-4.2.0/bin/python"})
			waitScreen(t, tm, "variables from before are gone")
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
			final.quitting = false
			checkGolden(t, fmt.Sprintf("program_sandbox_real_python_%dx%d", size[0], size[1]), ansi.Strip(final.Render()))
		})
	}
}
