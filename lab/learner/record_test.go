package learner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", FileName)
	p := New(path)
	p.SetCurrent("03-send-events", 2)
	p.MarkDone("01-topics", 3)
	p.MarkDone("01-topics", 1)
	p.MarkDone("03-send-events", 1)
	p.Predict("03-send-events", 10, 2)
	p.Predict("03-send-events", 2, 1)
	if err := p.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	want := "# kafkalab progress: where you are and the steps you finished.\n" +
		"# Plain text: copy it to another machine, or delete it to start over.\n" +
		"current 03-send-events 2\n" +
		"done 01-topics 1 3\n" +
		"done 03-send-events 1\n" +
		"predicted 03-send-events 2 1\n" +
		"predicted 03-send-events 10 2\n"
	if string(data) != want {
		t.Fatalf("file:\n%s\nwant:\n%s", data, want)
	}
	q, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(q.Encode()) != want {
		t.Fatalf("reloaded:\n%s", q.Encode())
	}
	if !q.IsDone("01-topics", 3) || q.IsDone("01-topics", 2) || q.DoneCount("01-topics") != 2 {
		t.Fatal("done steps not reloaded")
	}
	if q.Predicted("03-send-events", 10) != 2 || q.Lesson != "03-send-events" || q.Step != 2 {
		t.Fatal("current or prediction not reloaded")
	}
	q.ResetLesson("03-send-events")
	if q.DoneCount("03-send-events") != 0 || q.Predicted("03-send-events", 2) != 0 || !q.IsDone("01-topics", 1) {
		t.Fatal("ResetLesson touched the wrong lessons")
	}
	q.Reset()
	if strings.Contains(string(q.Encode()), "done") || q.Lesson != "" {
		t.Fatal("Reset left entries")
	}
}

func TestLoadMissingIsEmpty(t *testing.T) {
	p, err := Load(filepath.Join(t.TempDir(), "none.txt"))
	if err != nil || p.Lesson != "" || p.DoneCount("x") != 0 {
		t.Fatalf("missing file: %v %+v", err, p)
	}
}

func TestLoadErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"current a\n", ":1: want 'current LESSON STEP'"},
		{"# c\ndone a x\n", `:2: step "x" must be a number`},
		{"bogus 1\n", `unknown entry "bogus"`},
		{"predicted a 1\n", "want 'predicted LESSON STEP CHOICE'"},
		{"current a 0\n", "step must be a number from 1"},
	} {
		path := filepath.Join(t.TempDir(), "p.txt")
		os.WriteFile(path, []byte(tc.text), 0o644)
		_, err := Load(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%q: got %v, want %q", tc.text, err, tc.want)
		}
	}
}
