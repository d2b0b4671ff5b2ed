package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartup runs `kafkalab run tiny.py` (a one-line script that starts no Spark
// session) as a whole process, start to exit, and reports its process CPU time (user +
// system, from the child's rusage: meaningful on a loaded machine) and wall time. A
// second pass with GODEBUG=inittrace=1 reports the time package initialisers take in
// all (initMs) and in the container and highlighting libraries alone (heavyInitMs).
//
//	go test -run '^$' -bench Startup -benchtime=20x ./cmd/kafkalab
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "kafkalab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "tiny.py"), []byte("print(1 + 1)\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	var cpu, wall time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c, w, _ := startOnce(b, bin, dir, false)
		cpu += c
		wall += w
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "CPU-ms/start")
	b.ReportMetric(float64(wall.Microseconds())/1000/float64(b.N), "wall-ms/start")
	b.StopTimer()
	_, _, trace := startOnce(b, bin, dir, true)
	all, heavy := initTimes(trace)
	b.ReportMetric(all, "initMs")
	b.ReportMetric(heavy, "heavyInitMs")
}

// startOnce runs the binary once and returns its CPU and wall time (and its stderr).
func startOnce(b *testing.B, bin, dir string, inittrace bool) (cpu, wall time.Duration, stderr string) {
	cmd := exec.Command(bin, "run", "tiny.py")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KAFKALAB_HOME="+dir)
	if inittrace {
		cmd.Env = append(cmd.Env, "GODEBUG=inittrace=1")
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	began := time.Now()
	if err := cmd.Run(); err != nil {
		b.Fatalf("kafkalab run tiny.py: %v\n%s", err, errb.String())
	}
	wall = time.Since(began)
	if out.String() != "2\n" {
		b.Fatalf("the script printed %q", out.String())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cpu, wall, errb.String()
}

// heavyInit are the libraries a script run never uses: the container backend's and the
// terminal UI's markdown and syntax highlighting.
var heavyInit = []string{"testcontainers", "moby", "docker", "opencontainers", "distribution/reference",
	"gopsutil", "chroma", "glamour", "goldmark", "bluemonday", "gorilla/css"}

// initTimes sums the clock of `init <pkg> @... ms, N ms clock, ...` lines.
func initTimes(trace string) (all, heavy float64) {
	sc := bufio.NewScanner(strings.NewReader(trace))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 7 || f[0] != "init" || f[6] != "clock," {
			continue
		}
		ms, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			continue
		}
		all += ms
		for _, h := range heavyInit {
			if strings.Contains(f[1], h) {
				heavy += ms
				break
			}
		}
	}
	return all, heavy
}
