package sparkdiff

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lab/showtext"
)

func compareRuns(plan *export.Plan, spark, kl *sideRun) []StepReport {
	noteRunDays(spark)
	noteRunDays(kl)
	var out []StepReport
	seen := map[string]bool{}
	for i, s := range plan.Steps {
		rep := StepReport{Lesson: s.Lesson, Step: s.Number, Title: s.Title}
		a, b := spark.steps[i], kl.steps[i]
		var cmdDiffs []string
		if len(a.cmds) != len(b.cmds) {
			cmdDiffs = append(cmdDiffs, fmt.Sprintf("%s ran %d command groups, %s %d", spark.name, len(a.cmds), kl.name, len(b.cmds)))
		}
		for j := range min(len(a.cmds), len(b.cmds)) {
			ca, cb := a.cmds[j], b.cmds[j]
			rep.Commands = append(rep.Commands, Command{Line: ca.line, Spark: ca.dur, Lab: cb.dur,
				SparkOut: ca.out, LabOut: cb.out, SparkFail: ca.failed, LabFail: cb.failed})
			switch {
			case ca.crashed || cb.crashed:
				if ca.crashed != cb.crashed {
					cmdDiffs = append(cmdDiffs, fmt.Sprintf("`%s`: the crash directive killed it on %s only", ca.line, map[bool]string{true: "real Spark", false: "kafkalab"}[ca.crashed]))
				}
			case ca.failed != cb.failed:
				cmdDiffs = append(cmdDiffs, fmt.Sprintf("`%s`: real Spark %s, kafkalab %s\n--- spark\n%s--- kafkalab\n%s",
					ca.line, outcome(ca.failed), outcome(cb.failed), ca.out, cb.out))
			case ca.failed:
				// Both failed, as the lesson wants or not: the texts differ by nature (a
				// Python traceback against kafkalab's one-line message); compare the error
				// class Spark names, when kafkalab should name it too.
				if cls := errorClass(ca.out); cls != "" && !strings.Contains(cb.out, cls) {
					cmdDiffs = append(cmdDiffs, fmt.Sprintf("`%s`: both fail, but kafkalab's message lacks Spark's error class %s\n--- spark\n%s--- kafkalab\n%s",
						ca.line, cls, ca.out, cb.out))
				}
			default:
				if d := diffText(normOutput(normBroker(normClock(normProgress(normFile("", ca.out, a.ws))))), normOutput(normBroker(normClock(normProgress(normFile("", cb.out, b.ws)))))); d != "" {
					cmdDiffs = append(cmdDiffs, fmt.Sprintf("`%s` printed differently:\n%s", ca.line, d))
				}
			}
		}
		dirDiffs, known := compareDirs(a.snap, b.snap, a.ws, b.ws)
		diffs := append(cmdDiffs, dirDiffs...)
		diffs = append(diffs, compareTables(a.tables, b.tables)...)
		// A file that differs keeps differing in every later step: report each difference
		// once, at the step that made it.
		for _, d := range diffs {
			if seen[d] {
				continue
			}
			seen[d] = true
			rep.Diffs = append(rep.Diffs, d)
		}
		for _, k := range known {
			if !seen[k] {
				seen[k] = true
				rep.Known = append(rep.Known, k)
			}
		}
		out = append(out, rep)
	}
	return out
}

func outcome(failed bool) string {
	if failed {
		return "fails"
	}
	return "succeeds"
}

var errorClassRe = regexp.MustCompile(`\[([A-Z][A-Z0-9_]+(?:\.[A-Z0-9_]+)?)\]`)

func errorClass(s string) string {
	if m := errorClassRe.FindStringSubmatch(s); m != nil {
		return "[" + m[1] + "]"
	}
	return ""
}

// brokerAddr is the tier's broker as Kafka's tools print it (a group's coordinator, a
// partition's leader). Spark's side may have been recorded against another broker of the
// tier (sparkcache.go), on another port; the padding after the address follows its length.
var brokerAddr = regexp.MustCompile(`127\.0\.0\.1:\d+ *`)

func normBroker(s string) string { return brokerAddr.ReplaceAllString(s, "<broker> ") }

func normOutput(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n") + "\n"
}

func compareTables(a, b map[string]string) []string {
	var out []string
	for _, name := range unionKeys(a, b) {
		ta, oka := a[name]
		tb, okb := b[name]
		switch {
		case !oka:
			out = append(out, fmt.Sprintf("table %s: only kafkalab has it", name))
		case !okb:
			out = append(out, fmt.Sprintf("table %s: only real Spark has it", name))
		default:
			if d := diffText(normOutput(normClock(ta)), normOutput(normClock(tb))); d != "" {
				out = append(out, fmt.Sprintf("table %s read back differently:\n%s", name, d))
			}
		}
	}
	return out
}

func unionKeys(a, b map[string]string) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range []map[string]string{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

// CompareDirs compares two workspaces as the harness does: the same files and folders
// (hidden files such as Hadoop's .crc aside, data file names with their random part
// normalised), and the same bytes in every checkpoint and Delta log file once ids, times
// and sizes are normalised. Scripts, data files and Spark's metastore are not compared
// byte-wise (tables are compared by their rows). It returns one paragraph per difference.
func CompareDirs(spark, kl string) (diffs, known []string) { return compareDirs(spark, kl, "", "") }

// compareDirs is CompareDirs on snapshots of the workspaces sparkWS and klWS: a path a
// file names inside its workspace (a file source's log, a file sink's _spark_metadata)
// is normalised like one inside the snapshot.
func compareDirs(spark, kl, sparkWS, klWS string) (diffs, known []string) {
	fa, fb := listTree(spark), listTree(kl)
	var out []string
	var onlyA, onlyB []string
	for _, n := range unionKeys(fa, fb) {
		pa, oka := fa[n]
		pb, okb := fb[n]
		switch {
		case !oka:
			onlyB = append(onlyB, n)
		case !okb:
			onlyA = append(onlyA, n)
		case strings.HasSuffix(n, "/") || !compared(n):
		default:
			da, _ := os.ReadFile(pa)
			db, _ := os.ReadFile(pb)
			ca, cb := string(da), string(db)
			if sparkWS != "" {
				ca = strings.ReplaceAll(ca, sparkWS, spark)
			}
			if klWS != "" {
				cb = strings.ReplaceAll(cb, klWS, kl)
			}
			na, nb := normFile(n, ca, spark), normFile(n, cb, kl)
			na, nb, notes := knownNotes(na, nb)
			known = append(known, notes...)
			if na != nb && sameDeltaFilesInTaskOrder(n, na, nb) {
				known = append(known, tieOrderNote)
				continue
			}
			if na != nb {
				out = append(out, fmt.Sprintf("%s differs (normalised; - real Spark, + kafkalab):\n%s", n, diffText(na, nb)))
			}
		}
	}
	var unknownA []string
	for _, n := range onlyA {
		if strings.HasSuffix(strings.SplitN(n, "#", 2)[0], uncommittedMark) {
			known = append(known, "uncommitted data files: a failed or killed Spark job leaves the part files its finished tasks wrote (no Delta commit names them, so readers never see them); a batch that fails in kafkalab writes none")
			continue
		}
		ok := false
		for _, k := range knownOnlySpark {
			if k.re.MatchString(n) {
				known, ok = append(known, k.why), true
				break
			}
		}
		if !ok {
			unknownA = append(unknownA, n)
		}
	}
	if len(unknownA) > 0 {
		out = append(out, "only real Spark wrote: "+strings.Join(unknownA, ", "))
	}
	if len(onlyB) > 0 {
		out = append(out, "only kafkalab wrote: "+strings.Join(onlyB, ", "))
	}
	return out, known
}

var (
	uuidRe = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	partRe = regexp.MustCompile(`((?:part|cdc)-\d{5})-` + uuidRe.String())
)

// uncommittedMark ends the normalised name of a data file that no Delta log version of
// its tree adds: a failed or killed job's leftover, invisible to readers. Such files are
// counted apart from the committed ones, so that a leftover never passes for a missing
// committed file or the other way round.
const uncommittedMark = " (uncommitted)"

// listTree maps normalised relative names ("dir/" for folders) to real paths. Hidden
// files (Hadoop .crc, temp files) are left out; data files get their uuid normalised, the
// uncommitted mark when no Delta commit names them, and a counter when several share a
// normalised name.
func listTree(root string) map[string]string {
	type entry struct{ rel, path string }
	var entries []entry
	committed := map[string]bool{} // data file base names some Delta log version adds
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || p == root {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(info.Name(), ".") {
			if info.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if info.IsDir() {
			rel += "/"
		} else if strings.Contains(rel, "_delta_log/") && strings.HasSuffix(rel, ".json") {
			data, _ := os.ReadFile(p)
			for _, m := range addPathRe.FindAllSubmatch(data, -1) {
				committed[path.Base(string(m[1]))] = true
			}
		}
		entries = append(entries, entry{rel, p})
		return nil
	})
	out := map[string]string{}
	for _, e := range entries {
		name := partRe.ReplaceAllString(e.rel, "$1-<uuid>")
		if name != e.rel && strings.HasPrefix(path.Base(e.rel), "part-") && strings.HasSuffix(name, ".parquet") && !committed[path.Base(e.rel)] {
			name += uncommittedMark
		}
		base := name
		for k := 2; ; k++ {
			if _, dup := out[name]; !dup {
				break
			}
			name = fmt.Sprintf("%s#%d", base, k)
		}
		out[name] = e.path
	}
	return out
}

// compared says which files are compared byte-wise (after normalisation).
func compared(name string) bool {
	if i := strings.LastIndexByte(name, '#'); i > 0 {
		name = name[:i]
	}
	name = strings.TrimSuffix(name, uncommittedMark)
	switch {
	case strings.HasSuffix(name, ".parquet"), strings.HasSuffix(name, ".py"), strings.HasSuffix(name, ".md"):
		return false
	case strings.HasSuffix(name, ".gz"), strings.HasSuffix(name, ".deflate"):
		// Compressed text: Spark's zlib and Go's compress/flate pick different blocks for
		// the same bytes; the files' names are compared, their bytes are not.
		return false
	case strings.Contains(name, "/state/") && !strings.Contains(name, "/_metadata/"):
		return false // binary state store files: names compared only
	}
	return true
}

var fileNorms = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`"batchTimestampMs":\d+`), `"batchTimestampMs":<ms>`},
	{regexp.MustCompile(`"(timestamp|createdTime|lastUpdated|modificationTime|deletionTimestamp)":\d+`), `"$1":<ms>`},
	{regexp.MustCompile(`"(size|tableSizeBytes|sizeInBytes)":\d+`), `"$1":<bytes>`},
	{regexp.MustCompile(`\\"numOutputBytes\\":\\"\d+\\"|"numOutputBytes":"\d+"`), `"numOutputBytes":"<bytes>"`},
	// A Delta operation's byte counts (numRemovedBytes, RESTORE's removedFilesSize, OPTIMIZE's
	// file size percentiles, ...) are the sizes of data files, which two Parquet writers do not
	// share; a zero is still compared.
	{regexp.MustCompile(`"(num\w*Bytes\w*|removedFilesSize|restoredFilesSize|tableSizeAfterRestore|minFileSize|p25FileSize|p50FileSize|p75FileSize|maxFileSize)":"[1-9]\d*"`), `"$1":"<bytes>"`},
	// An attribute's expression id (customer_id#4153 in an UPDATE or MERGE predicate) is a
	// counter of the JVM's whole life, so it differs with whatever ran before.
	{regexp.MustCompile(`(\w)#\d+\b`), `$1#<id>`},
	{regexp.MustCompile(`"engineInfo":"[^"]*"`), `"engineInfo":"<engine>"`},
	// Durations of a Delta operation's phases: wall-clock times of the run (a MERGE that
	// materializes its source takes a Spark job's time for it, kafkalab under a millisecond).
	{regexp.MustCompile(`"(executionTimeMs|rewriteTimeMs|scanTimeMs|materializeSourceTimeMs)":"\d+"`), `"$1":"<ms>"`},
	{regexp.MustCompile(`"checksum":"[0-9a-f]+"`), `"checksum":"<md5>"`},
	{regexp.MustCompile(`TopicId: [A-Za-z0-9_-]{22}`), `TopicId: <id>`},
	{uuidRe, `<uuid>`},
}

// Known differences: what real Spark 4.2 / Delta 4.4 write and kafkalab does not, each
// reported once as a note instead of failing every step; the rest of the file is still
// compared byte for byte. Each entry names the fix kafkalab needs.
type knownDiff struct {
	re *regexp.Regexp
	// fix rewrites one match of real Spark's side into what kafkalab writes today, when the
	// only difference is the known one.
	fix func(string) string
	why string
}

var knownDiffs []knownDiff

// knownOnlySpark are files real Spark writes and kafkalab does not, by pattern.
var knownOnlySpark = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`/state/\d+/0/_metadata/(schema)?$`), "state/<op>/0/_metadata/schema: Spark writes the state schema file (writeUTF \"v2\", then key schema and value schema, each as int32 chunk count + writeUTF JSON chunks, e.g. key {window struct with spark.timeWindow/spark.watermarkDelayMs metadata}, value {count long not null}); kafkalab (engine/stateful) does not"},
}

// sortAdds puts each run of add (or remove) actions of a Delta commit in path order:
// Spark lists adds in the order its tasks finished and removes in the order of a hash
// set, both of which vary from run to run.
func sortAdds(content string) string {
	lines := strings.Split(content, "\n")
	for i := 0; i < len(lines); {
		kind := fileActionKind(lines[i])
		if kind == "" {
			i++
			continue
		}
		j := i
		for j < len(lines) && fileActionKind(lines[j]) == kind {
			j++
		}
		sort.Strings(lines[i:j])
		i = j
	}
	return strings.Join(lines, "\n")
}

func fileActionKind(line string) string {
	for _, k := range []string{`{"add":`, `{"remove":`} {
		if strings.HasPrefix(line, k) {
			return k
		}
	}
	return ""
}

func normFile(name, content, root string) string {
	content = strings.ReplaceAll(content, "file://"+root, "file://<ws>")
	content = strings.ReplaceAll(content, "file:"+root, "file:<ws>")
	content = strings.ReplaceAll(content, root, "<ws>")
	for _, n := range fileNorms {
		content = n.re.ReplaceAllString(content, n.repl)
	}
	if strings.Contains(name, "_delta_log/") {
		// Stats of columns filled with current_timestamp() or Kafka's timestamp hold the
		// run's own wall clock.
		content = sortAdds(normClock(content))
	}
	if strings.Contains(name, "_delta_log/") && strings.HasSuffix(name, ".crc") {
		content = normChecksum(content)
	}
	return content
}

var (
	totalBytesRe = regexp.MustCompile(`"totalBytes":\[[0-9,]*\]`)
	setTxnsRe    = regexp.MustCompile(`"setTransactions":\[\{[^\]]*\}\]`)
	nonZeroRe    = regexp.MustCompile(`\b[1-9][0-9]*\b`)
)

// normChecksum normalises a Delta version checksum (.crc) beyond the shared rules: the
// bytes per size bin of its file size histogram (data file sizes differ between two
// Parquet writers; which bin a file falls in is still compared), and the order of
// allFiles, which Spark's distributed log replay decides.
func normChecksum(content string) string {
	content = totalBytesRe.ReplaceAllStringFunc(content, func(m string) string {
		return nonZeroRe.ReplaceAllString(m, "<bytes>")
	})
	// setTransactions come in the hash order of their appIds, which are each run's own
	// query ids.
	content = setTxnsRe.ReplaceAllStringFunc(content, func(m string) string {
		inner := strings.TrimSuffix(strings.TrimPrefix(m, `"setTransactions":[{`), `}]`)
		txns := strings.Split(inner, "},{")
		sort.Strings(txns)
		return `"setTransactions":[{` + strings.Join(txns, "},{") + `}]`
	})
	const key = `"allFiles":[`
	i := strings.LastIndex(content, key)
	if i < 0 {
		return content
	}
	body := content[i+len(key):]
	end := strings.LastIndex(body, "]}")
	if end < 0 || !strings.HasPrefix(body, `{"path":`) {
		return content
	}
	// Entries are {"path":...}; split between them, each piece loses its braces and key.
	entries := strings.Split(strings.TrimSuffix(strings.TrimPrefix(body[:end], `{"path":`), "}"), `},{"path":`)
	sort.Strings(entries)
	return content[:i+len(key)] + `{"path":` + strings.Join(entries, `},{"path":`) + "}" + body[end:]
}

// wallClock are measurements of time that differ between any two runs (lesson 08 prints
// them on purpose): durations in seconds or ms. The instants of the runs' own days are
// runDays'.
var wallClock = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`waited [0-9.]+ s on average, [0-9.]+ s at most`), "waited <s> on average, <s> at most"},
	{regexp.MustCompile(`Busy for \d+ ms`), "Busy for <ms>"},
	{regexp.MustCompile(`waited [0-9.]+ s`), "waited <s>"},
	{regexp.MustCompile(`\b\d+ rows/s\b`), "<rate> rows/s"},
}

func normClock(s string) string {
	s = runDays.instants().ReplaceAllString(s, "<now>")
	for _, w := range wallClock {
		s = w.re.ReplaceAllString(s, w.repl)
	}
	if strings.Contains(s, "<now>") {
		s = normNowColumns(s)
	}
	return s
}

// normNowColumns makes the show() tables in s independent of how wide the wall-clock
// instants in a column were (Spark cuts trailing zeros of the fraction, so the width
// varies from run to run): a column holding <now> loses its padding and border width.
// Other columns keep theirs.
func normNowColumns(s string) string {
	lines := strings.Split(s, "\n")
	for _, t := range showtext.Tables(lines) {
		block := lines[t.First : t.Last+1]
		now := make([]bool, len(t.Header))
		ok := true
		for _, l := range block {
			cells := showtext.Cells(l)
			if len(cells) != len(now) {
				ok = false
				break
			}
			for c, cell := range cells {
				now[c] = now[c] || strings.Contains(cell, "<now>")
			}
		}
		if !ok {
			continue
		}
		for k, l := range block {
			sep := "|"
			if showtext.IsBorder(l) {
				sep = "+"
			}
			cells := showtext.Cells(l)
			for c := range cells {
				if now[c] {
					cells[c] = strings.TrimSpace(cells[c])
					if sep == "+" {
						cells[c] = "-"
					}
				}
			}
			block[k] = sep + strings.Join(cells, sep) + sep
		}
	}
	return strings.Join(lines, "\n")
}

// knownNotes rewrites the known differences out of real Spark's side and returns the
// notes of those that were there; whatever else differs still shows.
const tieOrderNote = "data files in another task order: Spark packs files of equal size into scan tasks in its snapshot's order, which follows the hash of their random names, so which task (part number) writes which rows of a tie differs from run to run"

var partNumber = regexp.MustCompile(`part-\d{5}-`)

// sameDeltaFilesInTaskOrder reports whether two normalised Delta log files (a commit or its
// .crc checksum) name the same data files with the same stats once the task (part) numbers
// are masked and the files are taken in any order: the only difference between them is
// which scan task wrote which file, which real Spark leaves to chance for equal-size inputs.
func sameDeltaFilesInTaskOrder(name, a, b string) bool {
	if !strings.Contains(name, "_delta_log/") {
		return false
	}
	canon := func(text string) (string, bool) {
		text = partNumber.ReplaceAllString(text, "part-<task>-")
		if strings.HasSuffix(name, ".json") {
			lines := strings.Split(text, "\n")
			sort.Strings(lines)
			return strings.Join(lines, "\n"), true
		}
		if !strings.HasSuffix(name, ".crc") {
			return "", false
		}
		return sortedAllFiles(text)
	}
	ca, oka := canon(a)
	cb, okb := canon(b)
	return oka && okb && ca == cb
}

// sortedAllFiles sorts the entries of a checksum's "allFiles" array as text (the normalised
// file is no longer JSON: sizes read <bytes>), keeping everything around them.
func sortedAllFiles(text string) (string, bool) {
	const key = `"allFiles":[`
	start := strings.Index(text, key)
	if start < 0 {
		return text, true
	}
	start += len(key)
	var entries []string
	depth, from, inString := 0, start, false
	for i := start; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			depth++
		case c == '}' || (c == ']' && depth > 0):
			depth--
		case c == ',' && depth == 0:
			entries = append(entries, text[from:i])
			from = i + 1
		case c == ']':
			if i > from {
				entries = append(entries, text[from:i])
			}
			sort.Strings(entries)
			return text[:start] + strings.Join(entries, ",") + text[i:], true
		}
	}
	return "", false
}

func knownNotes(a, b string) (string, string, []string) {
	var notes []string
	for _, k := range knownDiffs {
		fixed := k.re.ReplaceAllStringFunc(a, k.fix)
		if fixed != a {
			notes = append(notes, k.why)
			a = fixed
		}
	}
	return a, b, notes
}

// diffText is a small line diff: "-" lines only in a (real Spark), "+" only in b
// (kafkalab), two lines of context. Empty when equal.
func diffText(a, b string) string {
	if a == b {
		return ""
	}
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(la)*len(lb) > 4_000_000 {
		return fmt.Sprintf("- (%d lines)\n+ (%d lines)\n", len(la), len(lb))
	}
	// Longest common subsequence table, from the end.
	n, m := len(la), len(lb)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if la[i] == lb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte
		text string
	}
	var ops []line
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && la[i] == lb[j]:
			ops = append(ops, line{' ', la[i]})
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			ops = append(ops, line{'+', lb[j]})
			j++
		default:
			ops = append(ops, line{'-', la[i]})
			i++
		}
	}
	var sb strings.Builder
	for k, o := range ops {
		if o.op == ' ' {
			near := false
			for d := -2; d <= 2; d++ {
				if k+d >= 0 && k+d < len(ops) && ops[k+d].op != ' ' {
					near = true
				}
			}
			if !near {
				continue
			}
		}
		text := o.text
		if o.op != ' ' && len(text) > 300 {
			// Long lines (JSON actions): show where the pair first differs.
			other := ""
			for _, p := range []int{k - 1, k + 1} {
				if p >= 0 && p < len(ops) && ops[p].op != ' ' && ops[p].op != o.op {
					other = ops[p].text
				}
			}
			at := 0
			for at < len(text) && at < len(other) && text[at] == other[at] {
				at++
			}
			from := max(0, at-80)
			to := min(len(text), at+160)
			text = fmt.Sprintf("[byte %d] ...%s...", at, text[from:to])
		}
		fmt.Fprintf(&sb, "%c %s\n", o.op, text)
	}
	return sb.String()
}
