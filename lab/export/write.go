package export

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/lessons"
)

// The versions an exported project pins. delta-spark 4.4.0 is the newest release whose
// configure_spark_with_delta_pip finds its jar on Maven Central for PySpark 4.2 (4.4.1 is
// on PyPI, but io.delta:delta-spark_4.2_2.13:4.4.1 is not on Maven Central). scripts/spark
// installs the same versions; a test keeps the two in step.
const (
	PySparkVersion    = "4.2.0"
	DeltaSparkVersion = "4.4.0"
)

// Export writes plan as a project into dir, which must be empty or missing.
func Export(p *Plan, dir string) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("export to %s: the folder is not empty; name a new or empty folder", dir)
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("export to %s: %w", dir, err)
	}
	files := map[string]string{
		"README.md":        README(p),
		"requirements.txt": fmt.Sprintf("pyspark==%s\ndelta-spark==%s\n", PySparkVersion, DeltaSparkVersion),
	}
	for _, s := range p.Steps {
		for _, w := range s.Writes {
			files[w.Stored] = w.Content
		}
		if s.Starter != nil {
			files[s.Starter.Stored] = s.Starter.Content
		}
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		full := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("export %s: %w", n, err)
		}
		if err := os.WriteFile(full, []byte(files[n]), 0o644); err != nil {
			return fmt.Errorf("export %s: %w", n, err)
		}
	}
	return nil
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var htmlComment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?s)<!--.*?-->\n?`) })

// README is the project's instructions: setup, then every step with the files it needs,
// the commands to type, and what they should show.
func README(p *Plan) string {
	var b strings.Builder
	l := p.Lesson
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", l.Title, l.Goal)
	fmt.Fprintf(&b, "This folder is lesson `%s` of the kafkalab course as a plain PySpark project: run it with\n", l.ID)
	b.WriteString("real Spark against a real Kafka broker, no kafkalab needed.\n\n")
	b.WriteString("## Setup\n\n")
	b.WriteString("- Java 17 or newer, and Python 3.10 or newer.\n")
	fmt.Fprintf(&b, "- PySpark %s and Delta Lake: `python -m pip install -r requirements.txt`.\n", PySparkVersion)
	b.WriteString("  `stream_session.py` asks Spark for the Kafka connector and Delta jars; Spark downloads\n")
	b.WriteString("  them from Maven Central on the first run.\n")
	b.WriteString("- A Kafka broker on `localhost:9092` (for example Apache Kafka's `bin/kafka-server-start.sh`\n")
	b.WriteString("  in KRaft mode), with Kafka's `bin/` folder on your `PATH` for the\n")
	b.WriteString("  `kafka-*.sh` tools. On another address, replace `localhost:9092` in the scripts and commands.\n")
	if len(p.Topics) > 0 {
		fmt.Fprintf(&b, "- Start without the topics this lesson creates (%s): delete them if an earlier run left them:\n\n", strings.Join(p.Topics, ", "))
		fmt.Fprintf(&b, "  ```sh\n  kafka-topics.sh --bootstrap-server localhost:9092 --delete --if-exists --topic '%s'\n  ```\n\n", strings.Join(p.Topics, "|"))
	}
	if len(p.Groups) > 0 {
		fmt.Fprintf(&b, "- Start without the consumer groups this lesson uses (%s): delete them if an earlier run left them\n", strings.Join(p.Groups, ", "))
		b.WriteString("  (a group outlives its topic; Kafka answers that a group does not exist when there is none):\n\n")
		fmt.Fprintf(&b, "  ```sh\n  kafka-consumer-groups.sh --bootstrap-server localhost:9092 --delete --group %s\n  ```\n\n", strings.Join(p.Groups, " --group "))
	}
	b.WriteString("Run every command from this folder: scripts import `stream_session.py` from it, and the\n")
	b.WriteString("tables (`spark-warehouse/`) and checkpoints (`checkpoints/`) are made here.\n\n")
	prelude := false
	for _, s := range p.Steps {
		if s.Prelude && !prelude {
			prelude = true
			fmt.Fprintf(&b, "## Before you start\n\nThis lesson continues where an earlier one stopped. Run these steps first (they are\nthat lesson's steps):\n\n")
		}
		if !s.Prelude && prelude {
			prelude = false
			fmt.Fprintf(&b, "## Now the lesson\n\n")
		}
		level := "##"
		if s.Prelude {
			level = "###"
		}
		fmt.Fprintf(&b, "%s %s, step %d: %s\n\n", level, s.Lesson, s.Number, s.Title)
		if !s.Prelude {
			if prose := strings.TrimSpace(htmlComment().ReplaceAllString(s.Prose, "")); prose != "" {
				b.WriteString(prose + "\n\n")
			}
		}
		if s.Starter != nil {
			fmt.Fprintf(&b, "Exercise: the code you start from is `%s`; the reference answer is below.\n\n", s.Starter.Stored)
		}
		for _, w := range s.Writes {
			if w.Stored == w.Name {
				fmt.Fprintf(&b, "Uses `%s` (in this folder).\n\n", w.Name)
				continue
			}
			fmt.Fprintf(&b, "This step changes `%s`:\n\n```sh\ncp %s %s\n```\n\n", w.Name, w.Stored, w.Name)
		}
		if s.Crash != nil {
			fmt.Fprintf(&b, "In kafkalab this step kills the streaming query on purpose (%s%s): on a real cluster,\n", s.Crash.Point, batchText(s.Crash.Batch))
			b.WriteString("kill the `python` process (Ctrl-C, or `kill -9`) at that moment to see the same state.\n\n")
		}
		if len(s.Commands) > 0 {
			b.WriteString("```sh\n")
			for _, c := range s.Commands {
				b.WriteString(c.Line)
				if c.Background {
					b.WriteString(" &")
				}
				if c.HasStdin {
					b.WriteString(" <<EOF\n" + c.Stdin + "EOF")
				}
				if c.ExpectFail {
					b.WriteString("   # fails, and that is the point of this step")
				}
				b.WriteString("\n")
			}
			b.WriteString("```\n\n")
		}
		if !s.Prelude {
			writeExpect(&b, s.Expect)
			if after := strings.TrimSpace(htmlComment().ReplaceAllString(s.After, "")); after != "" {
				b.WriteString(after + "\n\n")
			}
		}
	}
	return b.String()
}

func batchText(n int64) string {
	if n < 0 {
		return ""
	}
	return fmt.Sprintf(", batch %d", n)
}

func writeExpect(b *strings.Builder, exp []lessons.Expectation) {
	block := func(intro, body string) {
		fmt.Fprintf(b, "%s\n\n```text\n%s\n```\n\n", intro, strings.TrimRight(body, "\n"))
	}
	for _, e := range exp {
		switch e.Kind {
		case lessons.ExpectOutput:
			block("It prints:", e.Want)
		case lessons.ExpectContains:
			block("The output includes these lines:", e.Want)
		case lessons.ExpectRegex:
			block("The output matches this regular expression:", e.Want)
		case lessons.ExpectFile:
			what := fmt.Sprintf("`cat %s` shows", e.Path)
			switch e.FileLine {
			case "":
			case "last":
				what = fmt.Sprintf("The last line of `%s` is", e.Path)
			default:
				what = fmt.Sprintf("Line %s of `%s` is", e.FileLine, e.Path)
			}
			block(what+":", e.Want)
		case lessons.ExpectExists:
			fmt.Fprintf(b, "Afterwards `%s` exists.\n\n", e.Path)
		case lessons.ExpectMissing:
			fmt.Fprintf(b, "Afterwards `%s` does not exist.\n\n", e.Path)
		case lessons.ExpectTable:
			block(fmt.Sprintf("`spark.table(%q)`, sorted by all its columns and shown with `truncate=False`, is:", e.Table), e.Want)
		case lessons.ExpectCount:
			fmt.Fprintf(b, "`spark.table(%q).count()` is %s.\n\n", e.Table, strings.TrimSpace(e.Want))
		case lessons.ExpectOffsets:
			var lines []string
			for _, f := range strings.Fields(e.Want) {
				lines = append(lines, e.Topic+":"+f)
			}
			fmt.Fprintf(b, "`kafka-get-offsets.sh --bootstrap-server localhost:9092 --topic %s` prints:\n\n```text\n%s\n```\n\n", e.Topic, strings.Join(lines, "\n"))
		}
	}
}
