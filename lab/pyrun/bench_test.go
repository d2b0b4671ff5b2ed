package pyrun

import (
	"context"
	"os"
	"testing"
	"time"
)

// BenchmarkChildStart is the cost of a script's child process: start it, open an
// interpreter (engine and PySpark bindings ready), run `pass`, close (no child started
// ahead, none reused).
func BenchmarkChildStart(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		s := &Subprocess{Path: exe, Env: append(os.Environ(), "KAFKALAB_PYRUN_CHILD=1")}
		in, err := s.Open(Config{WorkDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		if err := in.Exec(context.Background(), "pass.py", "pass"); err != nil {
			b.Fatal(err)
		}
		in.Close()
		s.Close()
	}
}

// BenchmarkReusedChild is the same run in a child that served an interpreter before
// (what a course of short scripts mostly pays).
func BenchmarkReusedChild(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	s := &Subprocess{Path: exe, Env: append(os.Environ(), "KAFKALAB_PYRUN_CHILD=1")}
	defer s.Close()
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		in, err := s.Open(Config{WorkDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		if err := in.Exec(context.Background(), "pass.py", "pass"); err != nil {
			b.Fatal(err)
		}
		in.Close()
	}
}

// BenchmarkCtrlCStopsLoop is the time from Ctrl-C (the run's context cancelled) to the
// end of the run of `while True: pass` in a child.
func BenchmarkCtrlCStopsLoop(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	s := &Subprocess{Path: exe, Env: append(os.Environ(), "KAFKALAB_PYRUN_CHILD=1")}
	defer s.Close()
	dir := b.TempDir()
	var worst time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		in, err := s.Open(Config{WorkDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- in.Exec(ctx, "loop.py", "while True:\n    pass") }()
		time.Sleep(100 * time.Millisecond)
		b.StartTimer()
		start := time.Now()
		cancel()
		<-done
		took := time.Since(start)
		b.StopTimer()
		worst = max(worst, took)
		in.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
}
