package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lessons"
)

// What every comparison tolerates, stated once: trailing spaces at the end of a line and
// blank lines at the end of a text. Everything else must match exactly.
func normalize(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

func (l *Lab) checkAll(ctx context.Context, sh *shell, lesson *lessons.Lesson, step *lessons.Step, output string) []Failure {
	var fails []Failure
	for _, e := range step.Expect {
		if f := l.check(ctx, sh, lesson, e, output); f != nil {
			f.Line = e.Line
			fails = append(fails, *f)
		}
	}
	return fails
}

func (l *Lab) check(ctx context.Context, sh *shell, lesson *lessons.Lesson, e lessons.Expectation, output string) *Failure {
	ws := l.Workspace(lesson.ID)
	got := normalize(output)
	want := normalize(e.Want)
	switch e.Kind {
	case lessons.ExpectOutput:
		if got != want {
			return &Failure{Check: "output", Want: want, Got: got}
		}
	case lessons.ExpectContains:
		rest := got
		for _, line := range strings.Split(want, "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			i := strings.Index(rest, line)
			if i < 0 {
				return &Failure{Check: fmt.Sprintf("output contains %q (after the lines before it)", line), Want: want, Got: got}
			}
			rest = rest[i+len(line):]
		}
	case lessons.ExpectRegex:
		re, err := regexp.Compile(strings.TrimSpace(e.Want))
		if err != nil {
			return &Failure{Check: "output matches a regular expression", Want: e.Want, Got: err.Error()}
		}
		if !re.MatchString(got) {
			return &Failure{Check: "output matches " + strings.TrimSpace(e.Want), Want: strings.TrimSpace(e.Want), Got: got}
		}
	case lessons.ExpectFile:
		return checkFile(ws, e, want)
	case lessons.ExpectExists, lessons.ExpectMissing:
		p, err := inside(ws, e.Path)
		if err != nil {
			return &Failure{Check: e.Path, Want: "a path inside the workspace", Got: err.Error()}
		}
		_, err = os.Stat(p)
		exists := err == nil
		if exists != (e.Kind == lessons.ExpectExists) {
			return &Failure{Check: e.Path, Want: presence(e.Kind == lessons.ExpectExists), Got: presence(exists)}
		}
	case lessons.ExpectTable:
		shown, err := querySpark(ctx, sh, fmt.Sprintf("t = spark.table(%q)\nt.orderBy(*t.columns).show(1000000, truncate=False)\n", e.Table))
		if err != nil {
			return &Failure{Check: "table " + e.Table, Want: want, Got: err.Error()}
		}
		if normalize(shown) != want {
			return &Failure{Check: "table " + e.Table + " (sorted by all columns)", Want: want, Got: normalize(shown)}
		}
	case lessons.ExpectCount:
		shown, err := querySpark(ctx, sh, fmt.Sprintf("print(spark.table(%q).count())\n", e.Table))
		if err != nil {
			return &Failure{Check: "rows in table " + e.Table, Want: want, Got: err.Error()}
		}
		if strings.TrimSpace(shown) != strings.TrimSpace(want) {
			return &Failure{Check: "rows in table " + e.Table, Want: strings.TrimSpace(want), Got: strings.TrimSpace(shown)}
		}
	case lessons.ExpectOffsets:
		wantOffsets, err := lessons.ParseOffsets(e.Want)
		if err != nil {
			return &Failure{Check: "offsets of " + e.Topic, Want: e.Want, Got: err.Error()}
		}
		gotOffsets, err := l.endOffsets(ctx, e.Topic)
		if err != nil {
			return &Failure{Check: "offsets of " + e.Topic, Want: formatOffsets(wantOffsets), Got: err.Error()}
		}
		if formatOffsets(gotOffsets) != formatOffsets(wantOffsets) {
			return &Failure{Check: "next offset of each partition of " + e.Topic, Want: formatOffsets(wantOffsets), Got: formatOffsets(gotOffsets)}
		}
	default:
		return &Failure{Check: string(e.Kind), Want: "a known expectation", Got: "kafkalab cannot check " + string(e.Kind)}
	}
	return nil
}

func presence(exists bool) string {
	if exists {
		return "exists"
	}
	return "does not exist"
}

func checkFile(ws string, e lessons.Expectation, want string) *Failure {
	p, err := inside(ws, e.Path)
	if err != nil {
		return &Failure{Check: e.Path, Want: want, Got: err.Error()}
	}
	data, err := os.ReadFile(p)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return &Failure{Check: e.Path, Want: want, Got: "(no such file)"}
		}
		return &Failure{Check: e.Path, Want: want, Got: err.Error()}
	}
	got, what := string(data), e.Path
	if e.FileLine != "" {
		lines := strings.Split(strings.TrimSuffix(string(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))), "\n"), "\n")
		n := len(lines)
		if e.FileLine != "last" {
			n, _ = strconv.Atoi(e.FileLine)
		}
		what = fmt.Sprintf("line %s of %s", e.FileLine, e.Path)
		if n < 1 || n > len(lines) {
			return &Failure{Check: what, Want: want, Got: fmt.Sprintf("(the file has %d lines)", len(lines))}
		}
		got = lines[n-1]
	}
	if normalize(got) != want {
		return &Failure{Check: what, Want: want, Got: normalize(got)}
	}
	return nil
}

// querySpark runs a little PySpark in the lesson's workspace, with a session in UTC, and
// returns what it printed. Checks go through the same engine the learner's code uses, but
// report no query events: they are not the learner's.
func querySpark(ctx context.Context, sh *shell, code string) (string, error) {
	var out bytes.Buffer
	src := "from pyspark.sql import SparkSession\n" +
		"spark = SparkSession.builder.config(\"spark.sql.session.timeZone\", \"UTC\").getOrCreate()\n" + code
	quiet := *sh
	quiet.onEvent = nil
	if err := quiet.exec(ctx, "check.py", src, nil, &out); err != nil {
		return "", fmt.Errorf("%s", strings.TrimSpace(out.String()))
	}
	return out.String(), nil
}

func (l *Lab) endOffsets(ctx context.Context, topic string) (map[int32]int64, error) {
	// A fresh client: a long-lived one caches "no such topic" from before the lesson
	// created it, for as long as its metadata may be reused.
	cl, err := broker.NewClient(l.broker)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	ends, err := kadm.NewClient(cl).ListEndOffsets(ctx, topic)
	if err != nil {
		return nil, fmt.Errorf("list offsets of %s on %s: %w", topic, l.Bootstrap(), err)
	}
	out := map[int32]int64{}
	var firstErr error
	ends.Each(func(o kadm.ListedOffset) {
		if o.Err != nil && firstErr == nil {
			firstErr = fmt.Errorf("topic %s partition %d: %w", topic, o.Partition, o.Err)
		}
		out[o.Partition] = o.Offset
	})
	if firstErr != nil {
		return nil, firstErr
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("topic %s does not exist", topic)
	}
	return out, nil
}

func formatOffsets(m map[int32]int64) string {
	parts := make([]int32, 0, len(m))
	for p := range m {
		parts = append(parts, p)
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i] < parts[j] })
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%d", p, m[p])
	}
	return b.String()
}
