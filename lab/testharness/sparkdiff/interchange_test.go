package sparkdiff

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// TestScenariosAgainstRealSparkStateInterchange: real Spark resumes checkpoints kafkalab
// wrote, for every stateful operator kafkalab keeps in Spark's state layout (aggregation,
// windowed aggregation, dropDuplicates, dropDuplicatesWithinWatermark, limit, a left outer
// stream-stream join, session windows). kafkalab
// runs engine/stateful/testdata/interchange/interchange.py's first phase (two input
// files, a checkpoint per operator); one Spark JVM then runs the second phase on those
// checkpoints and must print the rows an all-Spark run printed (spark-second.txt, the
// same recording engine/stateful's TestSparkCheckpointResumesOnKafkalab resumes from).
// The name puts it in make test-spark's default run (TestScenariosAgainstRealSpark); its
// body is a subtest so that a narrowed run ('TestScenariosAgainstRealSpark/04') skips it.
func TestScenariosAgainstRealSparkStateInterchange(t *testing.T) {
	cfg := realSpark(t)
	t.Run("kafkalab-checkpoints-resume-on-spark", func(t *testing.T) { stateInterchange(t, cfg) })
}

func stateInterchange(t *testing.T, cfg Config) {
	data, err := filepath.Abs("../../../engine/stateful/testdata/interchange")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join(data, "interchange.py"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(data, "spark-second.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ws := filepath.Join(cfg.Root, "interchange")
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "interchange.py"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	var labOut bytes.Buffer
	in, err := pyrun.InProcess{}.Open(pyrun.Config{WorkDir: ws, Script: "interchange.py", Args: []string{"first"},
		Stdout: &labOut, Stderr: &labOut})
	if err != nil {
		t.Fatal(err)
	}
	err = in.Exec(ctx, "interchange.py", string(script))
	in.Close()
	if err != nil {
		t.Fatalf("kafkalab's first phase: %v\n%s", err, labOut.String())
	}

	cmd := exec.CommandContext(ctx, cfg.Python, "interchange.py", "second")
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "TZ=UTC")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("Spark resuming kafkalab's checkpoints: %v\n%s", err, lastLines(stderr.String(), 30))
	}
	if got := strings.TrimSpace(stdout.String()); got != strings.TrimSpace(string(want)) {
		t.Errorf("Spark resuming kafkalab's checkpoints printed\n%s\nan all-Spark run printed\n%s", got, want)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
