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
		p, err := resolveIn(ws, e.Path, "")
		if err != nil {
			return &Failure{Check: e.Path, Want: "a path inside the workspace", Got: err.Error()}
		}
		_, err = os.Stat(p)
		exists := err == nil
		if exists != (e.Kind == lessons.ExpectExists) {
			return &Failure{Check: e.Path, Want: presence(e.Kind == lessons.ExpectExists), Got: presence(exists),
				Message: fmt.Sprintf("%s %s; it should not", e.Path, presence(exists))}
		}
	case lessons.ExpectTable:
		shown, err := querySpark(ctx, sh, fmt.Sprintf("t = spark.table(%q)\nt.orderBy(*t.columns).show(1000000, truncate=False)\n", e.Table))
		if err != nil {
			return tableFailure("table "+e.Table, e.Table, want, err)
		}
		if normalize(shown) != want {
			return &Failure{Check: "table " + e.Table + " (sorted by all columns)", Want: want, Got: normalize(shown),
				Message: tableDiffers(e.Table, want, normalize(shown))}
		}
	case lessons.ExpectCount:
		shown, err := querySpark(ctx, sh, fmt.Sprintf("print(spark.table(%q).count())\n", e.Table))
		if err != nil {
			return tableFailure("rows in table "+e.Table, e.Table, strings.TrimSpace(want), err)
		}
		if strings.TrimSpace(shown) != strings.TrimSpace(want) {
			return &Failure{Check: "rows in table " + e.Table, Want: strings.TrimSpace(want), Got: strings.TrimSpace(shown),
				Message: fmt.Sprintf("your table %s has %s; expected %s", e.Table, rowsWord(strings.TrimSpace(shown)), strings.TrimSpace(want))}
		}
	case lessons.ExpectOffsets:
		wantOffsets, err := lessons.ParseOffsets(e.Want)
		if err != nil {
			return &Failure{Check: "offsets of " + e.Topic, Want: e.Want, Got: err.Error()}
		}
		gotOffsets, err := l.endOffsets(ctx, e.Topic)
		if err != nil {
			return &Failure{Check: "offsets of " + e.Topic, Want: formatOffsets(wantOffsets), Got: firstLine(err.Error()),
				Message: fmt.Sprintf("could not read the offsets of topic %s: %s", e.Topic, firstLine(err.Error()))}
		}
		if formatOffsets(gotOffsets) != formatOffsets(wantOffsets) {
			return &Failure{Check: "next offset of each partition of " + e.Topic, Want: formatOffsets(wantOffsets), Got: formatOffsets(gotOffsets),
				Message: offsetsDiffer(e.Topic, wantOffsets, gotOffsets)}
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
	p, err := resolveIn(ws, e.Path, "")
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

// tableFailure is a table check whose query failed: the learner reads why (no such table,
// their code did not create it) in one sentence; the checker's own traceback stays out.
func tableFailure(check, table, want string, err error) *Failure {
	text := err.Error()
	switch {
	case strings.Contains(text, "TABLE_OR_VIEW_NOT_FOUND"), strings.Contains(text, "DELTA_TABLE_NOT_FOUND"),
		strings.Contains(text, "PATH_NOT_FOUND"), strings.Contains(text, "not a Delta table"):
		return &Failure{Check: check, Want: want, Got: "(no table " + table + ")",
			Message: fmt.Sprintf("there is no table %s yet: the code did not write it", table)}
	}
	line := lastErrorLine(text)
	return &Failure{Check: check, Want: want, Got: line, Message: fmt.Sprintf("reading table %s failed: %s", table, line)}
}

// lastErrorLine is the line of a Python error that names it ("AnalysisException: ..."),
// without the traceback above it.
func lastErrorLine(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "File ") && !strings.HasPrefix(l, "^") {
			return l
		}
	}
	return ""
}

func rowsWord(n string) string {
	if n == "1" {
		return "1 row"
	}
	return n + " rows"
}

// tableDiffers says how a table differs from the one expected: its row count, or the
// first row that differs.
func tableDiffers(table, want, got string) string {
	wr, gr := tableRows(want), tableRows(got)
	if len(wr) != len(gr) {
		return fmt.Sprintf("your table %s has %s; expected %d", table, rowsWord(fmt.Sprint(len(gr))), len(wr))
	}
	for i := range wr {
		if wr[i] != gr[i] {
			return fmt.Sprintf("your table %s differs from row %d on (sorted by all columns)", table, i+1)
		}
	}
	return fmt.Sprintf("your table %s differs in its columns", table)
}

// tableRows are the data lines of a show() table.
func tableRows(s string) []string {
	var out []string
	lines := strings.Split(s, "\n")
	border := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "+") {
			border++
			continue
		}
		if border >= 2 && strings.HasPrefix(l, "|") {
			out = append(out, l)
		}
	}
	return out
}

// offsetsDiffer names the partitions whose next offset is not the one expected.
func offsetsDiffer(topic string, want, got map[int32]int64) string {
	var parts []string
	for _, p := range sortedPartitions(want, got) {
		w, wok := want[p]
		g, gok := got[p]
		switch {
		case !gok:
			parts = append(parts, fmt.Sprintf("partition %d is missing", p))
		case !wok:
			parts = append(parts, fmt.Sprintf("partition %d should not exist", p))
		case w != g:
			parts = append(parts, fmt.Sprintf("partition %d is at %d, expected %d", p, g, w))
		}
	}
	return fmt.Sprintf("topic %s: %s", topic, strings.Join(parts, "; "))
}

func sortedPartitions(ms ...map[int32]int64) []int32 {
	seen := map[int32]bool{}
	var out []int32
	for _, m := range ms {
		for p := range m {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
