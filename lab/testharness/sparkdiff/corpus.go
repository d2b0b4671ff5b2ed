package sparkdiff

// The corpus: PySpark scripts adapted from Spark's own streaming examples and guides
// (testdata/corpus/scripts) and generated pyspark.sql.functions cases
// (testdata/functions/cases.txt). Real Spark runs them once, in the test-spark tier, and
// its normalised transcripts are committed as goldens; kafkalab runs them in the fast test
// and each script's outcome (identical, differs, refused) is held against a committed
// status manifest, so that both a regression and an unrecorded improvement fail.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// CorpusScript is one script of the corpus with what its header says.
type CorpusScript struct {
	Name     string // file name without .py: the key of its golden and manifest line
	File     string // file name
	Source   string
	Origin   string // "# source:": the example file or guide section it is adapted from
	Category string
	// Topics are created before the script runs, each named "<name>-<run token>"; the
	// script builds the same names from its second argument.
	Topics []TopicSpec
}

// TopicSpec is a topic a script needs, by its base name.
type TopicSpec struct {
	Name       string
	Partitions int32
}

// LoadCorpus reads every script of dir, in name order, with its header.
func LoadCorpus(dir string) ([]CorpusScript, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.py"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []CorpusScript
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		s := CorpusScript{File: filepath.Base(p), Name: strings.TrimSuffix(filepath.Base(p), ".py"), Source: string(data)}
		if err := s.parseHeader(); err != nil {
			return nil, fmt.Errorf("corpus script %s: %w", s.File, err)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no corpus scripts in %s", dir)
	}
	return out, nil
}

// parseHeader reads the "# key: value" lines at the top of the script.
func (s *CorpusScript) parseHeader() error {
	sc := bufio.NewScanner(strings.NewReader(s.Source))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "#") {
			break
		}
		key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "#")), ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "source":
			s.Origin = val
		case "category":
			s.Category = val
		case "topics":
			for _, f := range strings.Fields(val) {
				name, parts, _ := strings.Cut(f, ":")
				n := 1
				if parts != "" {
					var err error
					if n, err = strconv.Atoi(parts); err != nil || n < 1 {
						return fmt.Errorf("topic %q: partitions must be a positive number", f)
					}
				}
				s.Topics = append(s.Topics, TopicSpec{Name: name, Partitions: int32(n)})
			}
		}
	}
	if s.Origin == "" || s.Category == "" {
		return fmt.Errorf("the header needs '# source:' and '# category:' lines")
	}
	return nil
}

// scriptRun is what one engine did with one script.
type scriptRun struct {
	out     string // what the script printed on stdout
	failed  bool
	errText string // the error that ended it (Python's last traceback line at least)
	ws      string // its working folder
	tables  map[string]string
	files   bool // whether the working folder is part of the transcript
}

// Statuses of a script or function on kafkalab, as the manifests record them.
const (
	StatusPass    = "pass"
	StatusDiffers = "differs"
	StatusRefused = "refused"
)

// transcript is a run as compared: the normalised output, the error that ended it, the
// files it left (names; checkpoint and Delta log contents) and its tables read back.
// token is the run's unique topic and database suffix.
func transcript(r scriptRun, token string) string {
	var b strings.Builder
	norm := func(s string) string { return normToken(normFile("", s, r.ws), token) }
	b.WriteString("== output\n")
	b.WriteString(normOutput(normProgress(normClock(norm(r.out)))))
	if r.failed {
		fmt.Fprintf(&b, "== error\n%s\n", errorSummary(norm(r.errText)))
	}
	if r.files {
		files := listTree(r.ws)
		var names []string
		for n := range files {
			if !listedFile(n) {
				continue
			}
			names = append(names, n)
		}
		sort.Strings(names)
		b.WriteString("== files\n")
		for _, n := range names {
			b.WriteString(n + "\n")
		}
		// Files whose names differ only in their random part (part-00000-<uuid>.json,
		// #2, #3) are numbered in the order of their real names: show their contents in
		// sorted order under the shared name instead.
		contents := map[string][]string{}
		var bases []string
		for _, n := range names {
			if strings.HasSuffix(n, "/") || !compared(n) || !strings.Contains(n, "/") {
				continue // folders, binary files and the script's own top-level inputs
			}
			data, err := os.ReadFile(files[n])
			if err != nil {
				continue
			}
			base := n
			if i := strings.LastIndexByte(n, '#'); i > 0 {
				base = n[:i]
			}
			if _, seen := contents[base]; !seen {
				bases = append(bases, base)
			}
			contents[base] = append(contents[base], normOutput(normSets(normToken(normMetrics(normFile(base, printable(data), r.ws)), token))))
		}
		for _, base := range bases {
			texts := contents[base]
			sort.Strings(texts)
			for _, text := range texts {
				fmt.Fprintf(&b, "== file %s\n%s", base, text)
			}
		}
	}
	for _, t := range sortedKeys(r.tables) {
		fmt.Fprintf(&b, "== table %s\n%s", t, normOutput(normClock(normToken(r.tables[t], token))))
	}
	return b.String()
}

// printable is a file's text with control bytes and invalid UTF-8 written as \xNN, so a
// binary checkpoint file (a state schema written with writeUTF) reads in a golden.
func printable(data []byte) string {
	var b strings.Builder
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20 && r != '\n' && r != '\t', r == 0x7f:
			fmt.Fprintf(&b, "\\x%02x", data[0])
			size = 1
		default:
			b.Write(data[:size])
		}
		data = data[size:]
	}
	return b.String()
}

// listedFile leaves out of a transcript's file list what depends on timing: state store
// snapshots (written by background maintenance) and Spark's metastore.
func listedFile(n string) bool {
	switch {
	case strings.Contains(n, "/state/") && strings.Contains(n, ".snapshot"):
		return false
	case strings.HasPrefix(n, "metastore_db/"), n == "derby.log":
		return false
	case n == "spark-warehouse/":
		// real Spark makes each script's database folder up front (the harness's doing);
		// the tables in it are listed.
		return false
	}
	return true
}

func sortedKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// normToken replaces the run's token: topics are "<name>-<run>", each script's database
// (corpus_<token> on real Spark) reads as "default", kafkalab's only database.
func normToken(s, token string) string {
	if token == "" {
		return s
	}
	s = strings.ReplaceAll(s, "corpus_"+token, "default")
	return strings.ReplaceAll(s, token, "<run>")
}

// progressNorms are the measurements of a query's progress that differ between any two
// runs: durations, rates and state store sizes and times, in Scala's and Python's JSON.
var progressNorms = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`"(batchDuration|addBatch|commitOffsets|getBatch|latestOffset|queryPlanning|triggerExecution|walCommit|commitBatch|setOffsetRange|getOffset|getEndOffset)"( ?: ?)\d+`), `"$1"$2<ms>`},
	{regexp.MustCompile(`"(inputRowsPerSecond|processedRowsPerSecond)"( ?: ?)(-?[0-9.]+(E-?\d+)?|"NaN"|NaN|"Infinity"|Infinity)`), `"$1"$2<rate>`},
	{regexp.MustCompile(`An error occurred while calling o\d+\.`), `An error occurred while calling o<n>.`},
	exprIDNorm,
	{regexp.MustCompile(`"(allUpdatesTimeMs|allRemovalsTimeMs|commitTimeMs|memoryUsedBytes|stateOnCurrentVersionSizeBytes|loadedMapCacheHitCount|loadedMapCacheMissCount|SnapshotLastUploaded[^"]*|rocksdb[A-Za-z]*)"( ?: ?)-?\d+`), `"$1"$2<n>`},
}

// normSets puts in order what Spark writes in an order of its own making: the files of a
// file source batch (listing order) and the topics of a Kafka offsets map (hash order of
// topic names, which carry each run's token). Offsets of a single topic are kept as written.
func normSets(s string) string {
	lines := strings.Split(s, "\n")
	for i := 0; i < len(lines); {
		if !strings.HasPrefix(lines[i], `{"path":`) {
			if sorted, ok := sortTopicMap(lines[i]); ok {
				lines[i] = sorted
			}
			i++
			continue
		}
		j := i
		for j < len(lines) && strings.HasPrefix(lines[j], `{"path":`) {
			j++
		}
		sort.Strings(lines[i:j])
		i = j
	}
	return strings.Join(lines, "\n")
}

// sortTopicMap rewrites {"t2":{...},"t1":{...}} with its topics in name order.
func sortTopicMap(line string) (string, bool) {
	if !strings.HasPrefix(line, `{"`) || !strings.HasSuffix(line, "}}") {
		return "", false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil || len(m) < 2 {
		return "", false
	}
	keys := make([]string, 0, len(m))
	for k, v := range m {
		if !strings.HasPrefix(string(v), "{") {
			return "", false
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		var kb bytes.Buffer
		enc := json.NewEncoder(&kb)
		enc.SetEscapeHTML(false) // topic names keep <run> as written
		enc.Encode(k)
		b.Write(bytes.TrimSpace(kb.Bytes()))
		b.WriteByte(':')
		b.Write(m[k])
	}
	b.WriteByte('}')
	return b.String(), true
}

// metricNorms are the Delta commit metrics that measure time or bytes (MERGE, UPDATE and
// DELETE report several): a run's own duration, and file sizes that depend on the Parquet
// writer rather than on the rows.
var metricNorms = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`"(\w+TimeMs)":"\d+"`), `"$1":"<ms>"`},
	{regexp.MustCompile(`"(\w*Bytes\w*)":"\d+"`), `"$1":"<bytes>"`},
	exprIDNorm,
}

// exprIDNorm hides the analyzer's expression ids (key#2780 in a MERGE predicate): they
// count every expression the session made before, so they depend on what ran earlier.
var exprIDNorm = struct {
	re   *regexp.Regexp
	repl string
}{regexp.MustCompile(`\b([A-Za-z_]\w*)#\d+L?\b`), `$1#<id>`}

func normMetrics(s string) string {
	for _, n := range metricNorms {
		s = n.re.ReplaceAllString(s, n.repl)
	}
	return s
}

func normProgress(s string) string {
	for _, n := range progressNorms {
		s = n.re.ReplaceAllString(s, n.repl)
	}
	return s
}

var (
	excLineRe = regexp.MustCompile(`(?m)^(?:[A-Za-z_][\w.]*\.)?([A-Za-z_]\w*(?:Exception|Error|Exit|Interrupt|Warning)): ?(.*)$`)
	refusalRe = regexp.MustCompile(`kafkalab does not support (.+?)(?: \(|: |; |\n|$)`)
	// kafkalab's spark.sql names the statements it runs and the one it does not.
	sqlRefusalRe      = regexp.MustCompile(`kafkalab's spark\.sql supports .*? for (\w+)`)
	missingFunctionRe = regexp.MustCompile(`AttributeError:? '?module'? (?:object )?has no attribute '(\w+)'`)
)

// errorSummary is the part of an error both engines must agree on: the exception class,
// and Spark's error class when it has one, or else the message's first line.
func errorSummary(text string) string {
	ms := excLineRe.FindAllStringSubmatch(text, -1)
	if len(ms) == 0 {
		return firstLine(text)
	}
	m := ms[len(ms)-1]
	if cls := errorClass(m[2]); cls != "" {
		return m[1] + " " + cls
	}
	return m[1] + ": " + strings.TrimSpace(m[2])
}

// refusal is what kafkalab said it does not support, or "" when the error is another one.
func refusal(errText string) string {
	if m := refusalRe.FindStringSubmatch(errText); m != nil {
		return strings.TrimSpace(m[1])
	}
	if m := sqlRefusalRe.FindStringSubmatch(errText); m != nil {
		return "spark.sql " + m[1]
	}
	// A pyspark.sql.functions name kafkalab's module lacks altogether.
	if m := missingFunctionRe.FindStringSubmatch(errText); m != nil {
		return "functions." + m[1]
	}
	return ""
}

// Outcome is one script's (or function's) result on kafkalab against its golden.
type Outcome struct {
	Name   string
	Status string
	Reason string // the refused API, or the first line that differs
	Diff   string
}

// judge compares kafkalab's run with the golden transcript.
func judge(name, golden string, kl scriptRun, token string) Outcome {
	got := transcript(kl, token)
	if got == golden {
		return Outcome{Name: name, Status: StatusPass}
	}
	d := diffText(golden, got)
	if r := refusal(kl.errText); kl.failed && r != "" {
		return Outcome{Name: name, Status: StatusRefused, Reason: r, Diff: d}
	}
	if r := refusal(kl.out); r != "" { // a refusal the script caught and printed
		return Outcome{Name: name, Status: StatusRefused, Reason: r, Diff: d}
	}
	return Outcome{Name: name, Status: StatusDiffers, Reason: firstDiffLine(d, kl), Diff: d}
}

// firstDiffLine is a one-line reason for a difference: kafkalab's error when it failed,
// else the first changed line.
func firstDiffLine(d string, kl scriptRun) string {
	if kl.failed {
		return "kafkalab fails: " + clip(errorSummary(kl.errText), 120)
	}
	for _, l := range strings.Split(d, "\n") {
		if strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "+ ") {
			return clip(l, 120)
		}
	}
	return "differs"
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// Manifest is a committed status list: name -> status and reason.
type Manifest map[string]Outcome

// ReadManifest reads "name status reason..." lines ('#' starts a comment line).
func ReadManifest(path string) (Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := Manifest{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 3)
		if len(f) < 2 {
			return nil, fmt.Errorf("%s:%d: want 'name<TAB>status<TAB>reason'", path, i+1)
		}
		switch f[1] {
		case StatusPass, StatusDiffers, StatusRefused:
		default:
			return nil, fmt.Errorf("%s:%d: status %q is none of pass, differs, refused", path, i+1, f[1])
		}
		o := Outcome{Name: f[0], Status: f[1]}
		if len(f) == 3 {
			o.Reason = f[2]
		}
		m[f[0]] = o
	}
	return m, nil
}

// WriteManifest writes outcomes in name order under a comment header.
func WriteManifest(path, header string, outs []Outcome) error {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(header), "\n") {
		b.WriteString("# " + l + "\n")
	}
	sorted := append([]Outcome(nil), outs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	for _, o := range sorted {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", o.Name, o.Status, strings.ReplaceAll(o.Reason, "\t", " "))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// Summary counts outcomes: "N identical, N differ, N refused".
func Summary(outs []Outcome) string {
	n := map[string]int{}
	for _, o := range outs {
		n[o.Status]++
	}
	return fmt.Sprintf("%d identical, %d differ, %d refused", n[StatusPass], n[StatusDiffers], n[StatusRefused])
}

// RefusalRanking lists what kafkalab refused, most needed first: "API (N)".
func RefusalRanking(outs []Outcome) []string {
	n := map[string]int{}
	for _, o := range outs {
		if o.Status == StatusRefused {
			n[o.Reason]++
		}
	}
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if n[keys[i]] != n[keys[j]] {
			return n[keys[i]] > n[keys[j]]
		}
		return keys[i] < keys[j]
	})
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%s (%d)", k, n[k])
	}
	return out
}
