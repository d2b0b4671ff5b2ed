package sparkdiff

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// corpusScriptTimeout bounds one script on kafkalab: a script that waits for a query that
// never ends is a difference, not a hung test.
const corpusScriptTimeout = 60 * time.Second

// CorpusItem is one runnable item of either corpus: a script with the topics it needs, or
// a function's generated script (no topics, no files compared).
type CorpusItem struct {
	Name   string
	File   string
	Source string
	Topics []TopicSpec
	Files  bool // compare the files it leaves and its tables
}

// ScriptItems are the corpus scripts as items.
func ScriptItems(scripts []CorpusScript) []CorpusItem {
	out := make([]CorpusItem, len(scripts))
	for i, s := range scripts {
		out[i] = CorpusItem{Name: s.Name, File: s.File, Source: s.Source, Topics: s.Topics, Files: true}
	}
	return out
}

// FunctionItems are the generated function scripts as items.
func FunctionItems(specs []FuncSpec) []CorpusItem {
	out := make([]CorpusItem, len(specs))
	for i, f := range specs {
		out[i] = CorpusItem{Name: f.ScriptName(), File: f.ScriptName() + ".py", Source: f.Script()}
	}
	return out
}

// newToken is a run's unique suffix for topic and database names. Spark plans a Kafka
// batch's read tasks in an order that follows the hash of each topic name (see
// kafkasource.PlanOrder), and task i writes part-0000i, so a random suffix would make which
// file holds which partition differ from run to run. The token is drawn until the item's
// topic partitions plan in (topic, partition) order: every run of an item, on real Spark
// and on kafkalab, then puts the same partitions in the same files as its golden.
func newToken(topics []TopicSpec) string {
	for {
		b := make([]byte, 4)
		rand.Read(b)
		token := "t" + hex.EncodeToString(b)
		if plansInOrder(topics, token) {
			return token
		}
	}
}

// plansInOrder says whether the topics, named with token, plan their partitions sorted.
func plansInOrder(topics []TopicSpec, token string) bool {
	var tps []kafkasource.TopicPartition
	for _, t := range topics {
		for p := int32(0); p < t.Partitions; p++ {
			tps = append(tps, kafkasource.TopicPartition{Topic: t.Name + "-" + token, Partition: p})
		}
	}
	sorted := slices.Clone(tps)
	slices.SortFunc(sorted, func(a, b kafkasource.TopicPartition) int {
		if c := strings.Compare(a.Topic, b.Topic); c != 0 {
			return c
		}
		return int(a.Partition - b.Partition)
	})
	return slices.Equal(kafkasource.PlanOrder(tps), sorted)
}

// prepare makes the item's working folder with the script in it and creates its topics.
func prepare(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (string, error) {
	ws := filepath.Join(root, it.Name)
	if err := os.RemoveAll(ws); err != nil {
		return "", err
	}
	if err := os.MkdirAll(ws, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(ws, it.File), []byte(it.Source), 0o644); err != nil {
		return "", err
	}
	return ws, createTopics(ctx, bootstrap, it.Topics, token)
}

func createTopics(ctx context.Context, bootstrap string, topics []TopicSpec, token string) error {
	if len(topics) == 0 {
		return nil
	}
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		return err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	for _, t := range topics {
		name := t.Name + "-" + token
		resp, err := adm.CreateTopic(ctx, t.Partitions, 1, nil, name)
		if err == nil {
			err = resp.Err
		}
		if err != nil {
			return fmt.Errorf("create topic %s: %w", name, err)
		}
	}
	return nil
}

// RunOnKafkalab runs one item with kafkalab's engine as `kafkalab run SCRIPT BOOTSTRAP
// TOKEN` would, in a fresh folder under root, and reads back the tables it made.
func RunOnKafkalab(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
	return runCorpusItem(ctx, pyrun.InProcess{}, corpusScriptTimeout, root, bootstrap, it, token)
}

// runCorpusItem runs one item's script in a fresh interpreter of runner, in a fresh folder
// under root, and reads back the tables it made through the engine; limit bounds the script.
func runCorpusItem(ctx context.Context, runner pyrun.Runner, limit time.Duration, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
	ws, err := prepare(ctx, root, bootstrap, it, token)
	if err != nil {
		return scriptRun{}, err
	}
	var out bytes.Buffer
	rctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	in, err := runner.Open(pyrun.Config{Script: it.File, Args: []string{bootstrap, token}, WorkDir: ws,
		Stdout: &out, Stderr: &bytes.Buffer{}, Bootstrap: bootstrap})
	if err != nil {
		return scriptRun{}, err
	}
	err = in.ExecFile(rctx)
	in.Close()
	r := scriptRun{out: out.String(), ws: ws, files: it.Files}
	if err != nil {
		r.failed, r.errText = true, err.Error()
		var pe *pyrun.Error
		if errors.As(err, &pe) && pe.Exit && pe.Code == 0 {
			r.failed, r.errText = false, ""
		}
		if rctx.Err() != nil && ctx.Err() == nil {
			r.errText = fmt.Sprintf("TimeoutError: still running after %s", limit)
		}
	}
	if it.Files {
		r.tables = map[string]string{}
		for _, t := range tablesIn(ws) {
			r.tables[t] = tableText(labTable(ctx, ws, t))
		}
	}
	return r, nil
}

// corpusDriver is driver.py --corpus: one JVM and one session for the whole corpus.
type corpusDriver struct{ *sparkDriver }

func startCorpusDriver(ctx context.Context, cfg Config, root string) (*corpusDriver, error) {
	d, err := launch(ctx, cfg, root, root, []string{"--corpus"}, []string{"TZ=UTC",
		"PYSPARK_SUBMIT_ARGS=--conf spark.ui.showConsoleProgress=false --driver-java-options -Duser.timezone=UTC pyspark-shell"})
	if err != nil {
		return nil, err
	}
	return &corpusDriver{d}, nil
}

// RunOnSpark runs one item on the shared real-Spark session in a fresh folder under root.
func (d *corpusDriver) RunOnSpark(ctx context.Context, root, bootstrap string, it CorpusItem, token string) (scriptRun, error) {
	ws, err := prepare(ctx, root, bootstrap, it, token)
	if err != nil {
		return scriptRun{}, err
	}
	req := map[string]any{"op": "run", "script": filepath.Join(ws, it.File), "args": []string{bootstrap, token}, "cwd": ws}
	if it.Files {
		req["db"] = "corpus_" + token // its managed tables land in its folder
	}
	a, err := d.ask(req)
	if err != nil {
		return scriptRun{}, err
	}
	r := scriptRun{out: slice(d.out, a.Out), failed: !a.OK, errText: a.Error, ws: ws, files: it.Files}
	if it.Files {
		r.tables = map[string]string{}
		for _, t := range tablesIn(ws) {
			r.tables[t] = tableText(d.table("corpus_"+token+"."+t, ""))
		}
	}
	return r, nil
}
