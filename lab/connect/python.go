package connect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kafkalab/kafkalab/lab/paths"
)

// PySparkClientVersion is the pyspark-client release kafkalab's server speaks to (the
// protocol in engine/connect/sparkconnectpb is Spark's of the same version).
const PySparkClientVersion = "4.2.0"

// DeltaSparkVersion is the delta-spark release whose Python API the venv gets (the course's
// Delta Lake, as in the real-Spark tier).
const DeltaSparkVersion = "4.4.0"

// VenvDir is where `kafkalab setup python` makes its virtual environment.
func VenvDir() string {
	return filepath.Join(paths.CacheHome(), "pyspark-client-"+PySparkClientVersion)
}

func venvPython(dir string) string { return filepath.Join(dir, "bin", "python") }

// ErrNoPython says no Python with pyspark-client was found; its message says how to get one.
var ErrNoPython = errors.New("no Python with pyspark-client " + PySparkClientVersion + " found: run `kafkalab setup python` (it makes a venv under " + VenvDir() + "), or set KAFKALAB_PYTHON to a python that has it")

// FindPython returns the Python that runs learner scripts through Connect: $KAFKALAB_PYTHON,
// else kafkalab's venv, else python3 on PATH when it has pyspark-client's version.
func FindPython(ctx context.Context) (string, error) {
	if p := os.Getenv("KAFKALAB_PYTHON"); p != "" {
		if err := checkPySpark(ctx, p); err != nil {
			return "", fmt.Errorf("KAFKALAB_PYTHON=%s: %w", p, err)
		}
		return p, nil
	}
	if p := venvPython(VenvDir()); fileExists(p) {
		if err := checkPySpark(ctx, p); err == nil {
			return p, nil
		}
	}
	if p, err := exec.LookPath("python3"); err == nil && checkPySpark(ctx, p) == nil {
		return p, nil
	}
	return "", ErrNoPython
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checkPySpark checks that python imports pyspark's Connect client of the pinned version.
func checkPySpark(ctx context.Context, python string) error {
	out, err := exec.CommandContext(ctx, python, "-c", "import pyspark; from pyspark.sql import SparkSession; print(pyspark.__version__)").CombinedOutput()
	if err != nil {
		return fmt.Errorf("it cannot import pyspark's Connect client: %s", lastLine(string(out), err))
	}
	if v := strings.TrimSpace(string(out)); v != PySparkClientVersion {
		return fmt.Errorf("it has pyspark %s; kafkalab speaks Spark Connect %s (pip install pyspark-client==%s)", v, PySparkClientVersion, PySparkClientVersion)
	}
	return nil
}

func lastLine(out string, err error) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return l
	}
	return err.Error()
}

// SetupPython makes kafkalab's venv with the pinned pyspark-client when no suitable Python
// is found, printing pip's progress to out, and returns the Python to use.
func SetupPython(ctx context.Context, out io.Writer) (string, error) {
	if p, err := FindPython(ctx); err == nil {
		fmt.Fprintf(out, "Python with pyspark-client %s: %s\n", PySparkClientVersion, p)
		return p, nil
	}
	base, err := exec.LookPath("python3")
	if err != nil {
		return "", errors.New("python3 is not installed: install Python 3.10 or newer (e.g. apt-get install python3 python3-venv, or from python.org), then run `kafkalab setup python` again")
	}
	dir := VenvDir()
	fmt.Fprintf(out, "Making a Python venv with pyspark-client %s in %s ...\n", PySparkClientVersion, dir)
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	run := func(name string, args ...string) error {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Stdout, cmd.Stderr = out, out
		return cmd.Run()
	}
	// A venv's scripts name its folder, so it is made where it stays; a failed one is removed.
	os.RemoveAll(dir)
	if err := run(base, "-m", "venv", dir); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("%s -m venv %s failed (%w): on Debian/Ubuntu install python3-venv", base, dir, err)
	}
	if err := run(venvPython(dir), "-m", "pip", "install", "--disable-pip-version-check", "-q", "pyspark-client=="+PySparkClientVersion, "pandas<3"); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("pip install pyspark-client==%s: %w", PySparkClientVersion, err)
	}
	// Delta Lake's Python API reaches a Spark Connect server through plug-in messages; its
	// dependencies (the whole pyspark, with a JVM's jars) are left out.
	if err := run(venvPython(dir), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-deps", "delta-spark=="+DeltaSparkVersion); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("pip install delta-spark==%s: %w", DeltaSparkVersion, err)
	}
	if err := run(venvPython(dir), "-m", "pip", "install", "--disable-pip-version-check", "-q", "importlib_metadata<=8.7.1"); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("pip install importlib_metadata (delta-spark imports it): %w", err)
	}
	p := venvPython(dir)
	if err := checkPySpark(ctx, p); err != nil {
		return "", fmt.Errorf("the new venv %s: %w", dir, err)
	}
	fmt.Fprintf(out, "Ready: %s\n", p)
	return p, nil
}

// Script is one `python SCRIPT ARGS` run through a Spark Connect server.
type Script struct {
	Python string
	Path   string
	Args   []string
	Dir    string // working folder
	Remote string // the server's URL (SPARK_REMOTE)
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Fork, when set, runs the script as a fork of its pre-imported CPython instead of a
	// new python process (Python is then the one Fork runs).
	Fork *Forker
}

// RunPython runs the script and returns its exit status (an error only when it could not
// start). The script's SparkSession.builder.getOrCreate() connects to Remote.
func RunPython(ctx context.Context, s Script) (int, error) {
	if s.Fork != nil {
		return s.Fork.Run(ctx, s)
	}
	cmd := exec.CommandContext(ctx, s.Python, append([]string{s.Path}, s.Args...)...)
	cmd.Dir = s.Dir
	cmd.Env = append(os.Environ(), "SPARK_REMOTE="+s.Remote, "PYTHONUNBUFFERED=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.Stdin, s.Stdout, s.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ctx.Err() != nil {
			return 130, nil
		}
		return ee.ExitCode(), nil
	}
	if err != nil {
		return 1, fmt.Errorf("running %s %s: %w", s.Python, s.Path, err)
	}
	return 0, nil
}
