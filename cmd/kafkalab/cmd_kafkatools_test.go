package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lab/kafkaadmin"
	"github.com/kafkalab/kafkalab/lab/kafkatools"
	"github.com/kafkalab/kafkalab/lab/paths"
)

func TestKafkaToolsAreCommands(t *testing.T) {
	for _, name := range append(kafkatools.Tools(), kafkaadmin.Tools()...) {
		c, ok := commands[name]
		if !ok || c.hidden || c.summary == "" {
			t.Errorf("%s is not a listed command with a summary", name)
		}
		alias, ok := commands[strings.TrimSuffix(name, ".sh")]
		if !ok || !alias.hidden {
			t.Errorf("%s has no hidden alias without .sh", name)
		}
	}
}

func TestDefaultBootstrap(t *testing.T) {
	t.Setenv("KAFKALAB_HOME", t.TempDir())
	env := func(vals map[string]string) *cliEnv {
		return &cliEnv{getenv: func(k string) string { return vals[k] }}
	}
	if got := defaultBootstrap(env(nil)); !reflect.DeepEqual(got, []string{"localhost:9092"}) {
		t.Errorf("nothing running: %v", got)
	}
	// A running `kafkalab broker` (this process stands in for it: its PID is alive).
	f := paths.RunningBrokerFile()
	os.MkdirAll(filepath.Dir(f), 0o755)
	data, _ := json.Marshal(map[string]any{"bootstrap": "127.0.0.1:19092", "pid": os.Getpid()})
	os.WriteFile(f, data, 0o644)
	if got := defaultBootstrap(env(nil)); !reflect.DeepEqual(got, []string{"127.0.0.1:19092"}) {
		t.Errorf("running broker: %v", got)
	}
	// KAFKALAB_BOOTSTRAP wins.
	got := defaultBootstrap(env(map[string]string{"KAFKALAB_BOOTSTRAP": " a:1, b:2 "}))
	if !reflect.DeepEqual(got, []string{"a:1", "b:2"}) {
		t.Errorf("KAFKALAB_BOOTSTRAP: %v", got)
	}
}

func TestKafkaToolCommandReportsBadInput(t *testing.T) {
	var out, errb bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := runCLI(context.Background(), env, []string{"kafka-topics.sh", "--create"})
	if code != 1 || !strings.Contains(errb.String(), `missing required argument "[topic]"`) {
		t.Errorf("exit %d stderr %q", code, errb.String())
	}
}
