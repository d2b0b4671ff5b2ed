package lessons

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

const goodLesson = "---\nid: 09-sample\ntitle: A sample\ngoal: Show the format.\ntopics: orders, payments\ngroups: billing,fraud \n---\nIntro text.\n\n" +
	"## Create a topic\nMake one.\n<!-- watch: topic orders, table t -->\n" +
	"```sh run\nkafka-topics.sh --create --topic orders --partitions 3\n```\n" +
	"```text expect output\nCreated topic orders.\n```\n" +
	"> Hint: use --partitions\n" +
	"## Fix the reader\nIt reads nothing.\n" +
	"```python starter file=read.py\nstart = 'latest'\n```\n" +
	"```python solution file=read.py\nstart = 'earliest'\n```\n" +
	"```text expect count table=bronze\n3\n```\n" +
	"```text expect file=cp/offsets/0 line=last\n{\"orders\":{\"0\":2}}\n```\n" +
	"```text predict answer=2\nWhich partition?\n- 0\n- 1\n```\n" +
	"## Just read\nSome prose with a plain block:\n```python\nprint(1)\n```\n"

func TestParseGoodLesson(t *testing.T) {
	l, err := Parse("09-sample.md", []byte(goodLesson))
	if err != nil {
		t.Fatal(err)
	}
	if l.ID != "09-sample" || l.Title != "A sample" || l.Intro != "Intro text." || len(l.Steps) != 3 ||
		strings.Join(l.Topics, "|") != "orders|payments" || strings.Join(l.Groups, "|") != "billing|fraud" {
		t.Fatalf("lesson = %+v", l)
	}
	s1, s2, s3 := l.Steps[0], l.Steps[1], l.Steps[2]
	if s1.Run == nil || s1.Run.Lang != "sh" || !strings.Contains(s1.Run.Source, "--partitions 3") {
		t.Errorf("step 1 run = %+v", s1.Run)
	}
	if len(s1.Expect) != 1 || s1.Expect[0].Kind != ExpectOutput || s1.Expect[0].Want != "Created topic orders." {
		t.Errorf("step 1 expect = %+v", s1.Expect)
	}
	if strings.Join(s1.Watch, "|") != "topic orders|table t" || len(s1.Hints) != 1 || s1.Hints[0] != "use --partitions" {
		t.Errorf("step 1 watch %q hints %q", s1.Watch, s1.Hints)
	}
	if !s2.IsExercise() || s2.Starter.File != "read.py" || s2.Solution.Source != "start = 'earliest'" {
		t.Errorf("step 2 exercise = %+v / %+v", s2.Starter, s2.Solution)
	}
	if len(s2.Expect) != 2 || s2.Expect[0].Kind != ExpectCount || s2.Expect[0].Table != "bronze" ||
		s2.Expect[1].Kind != ExpectFile || s2.Expect[1].Path != "cp/offsets/0" || s2.Expect[1].FileLine != "last" {
		t.Errorf("step 2 expect = %+v", s2.Expect)
	}
	if s2.Predict == nil || s2.Predict.Answer != 2 || s2.Predict.Question != "Which partition?" || len(s2.Predict.Choices) != 2 {
		t.Errorf("step 2 predict = %+v", s2.Predict)
	}
	if s3.Runnable() || !strings.Contains(s3.Prose, "print(1)") {
		t.Errorf("step 3 should be prose only with its plain block kept, got %+v", s3)
	}
}

func TestParseErrorsNameFileAndLine(t *testing.T) {
	head := "---\nid: 09-sample\ntitle: T\ngoal: G\n---\n"
	tests := []struct {
		name, src, want string
	}{
		{"no front matter", "## Step\n", "09-sample.md:1: a lesson starts with front matter"},
		{"unclosed front matter", "---\nid: 09-sample\n", "front matter is not closed"},
		{"id mismatch", "---\nid: 08-other\ntitle: T\ngoal: G\n---\n## S\n", `id "08-other" does not match the file name "09-sample"`},
		{"unknown key", "---\nid: 09-sample\nauthor: me\n---\n", `09-sample.md:3: unknown front matter key "author"`},
		{"no steps", head + "just intro\n", "has no steps"},
		{"unclosed block", head + "## S\n```sh run\nx\n", "09-sample.md:7: code block is not closed"},
		{"unknown role", head + "## S\n```sh launch\nx\n```\n", `09-sample.md:7: unknown block role "launch"`},
		{"bad expectation", head + "## S\n```sh run\nls\n```\n```text expect sorta\nx\n```\n", `unknown expectation "sorta"`},
		{"bad regex", head + "## S\n```sh run\nls\n```\n```text expect regex\n(\n```\n", "expect regex: error parsing regexp"},
		{"count not a number", head + "## S\n```sh run\nls\n```\n```text expect count table=t\nmany\n```\n", "expect count wants a whole number"},
		{"bad offsets", head + "## S\n```sh run\nls\n```\n```text expect offsets topic=o\n0=2\n```\n", `"0=2" is not PARTITION:OFFSET`},
		{"predict answer out of range", head + "## S\n```sh run\nls\n```\n```text predict answer=3\nQ?\n- a\n- b\n```\n", "answer=N with N from 1 to 2"},
		{"expect without run", head + "## S\n```text expect output\nx\n```\n", "runs nothing"},
		{"starter without solution", head + "## S\n```python starter\nx\n```\n```text expect output\nx\n```\n", "needs both a starter and a solution"},
		{"exercise without checks", head + "## S\n```python starter\nx\n```\n```python solution\ny\n```\n", "has no expect block"},
		{"file escapes workspace", head + "## S\n```python file=../x.py\nx\n```\n", "must be a relative path inside the workspace"},
		{"two run blocks", head + "## S\n```sh run\nls\n```\n```sh run\nls data\n```\n", "has two run blocks"},
		{"unknown crash point", head + "## S\n<!-- crash: after-lunch -->\n```sh run\nls\n```\n", `09-sample.md:7: unknown crash point "after-lunch" (known: after-offsets, mid-write, after-sink-commit, after-commit)`},
		{"crash without point", head + "## S\n<!-- crash: -->\n```sh run\nls\n```\n", "09-sample.md:7: crash directive names no point"},
		{"crash bad batch", head + "## S\n<!-- crash: mid-write batch=one -->\n```sh run\nls\n```\n", `09-sample.md:7: crash directive: "batch=one" is not batch=N`},
		{"crash negative batch", head + "## S\n<!-- crash: mid-write batch=-1 -->\n```sh run\nls\n```\n", `"batch=-1" is not batch=N`},
		{"two crashes", head + "## S\n<!-- crash: mid-write -->\n```sh run\nls\n```\n<!-- crash: after-offsets -->\n", "09-sample.md:11: step \"S\" has two crash directives (the first is on line 7)"},
		{"crash in prose step", head + "## S\nJust words.\n<!-- crash: after-commit -->\n", "09-sample.md:8: step \"S\" has a crash directive but runs nothing to crash"},
		{"unknown program", head + "## S\n```sh run\nls\n\ncurl http://x\n```\n", `09-sample.md:10: kafkalab runs Kafka's tools (kafka-*.sh), python, cat, ls, rm, sleep and wait; not "curl"`},
		{"python without a script", head + "## S\n```sh run\npython\n```\n", "09-sample.md:8: python needs a script: python NAME.py ARGS"},
		{"pipe in a command", head + "## S\n```sh run\nkafka-topics.sh --list | sort\n```\n", "09-sample.md:8: \"|\" at column 24 is shell syntax"},
		{"unclosed heredoc", head + "## S\n```sh run\nkafka-console-producer.sh --topic t <<EOF\na\n```\n", "09-sample.md:8: heredoc is not closed by a EOF line"},
		{"malformed starter command", head + "## S\n```sh starter\ncat 'x\n```\n```sh solution\ncat x\n```\n```text expect output\nx\n```\n", "09-sample.md:8: unterminated single quote"},
		{"format not a number", "---\nformat: one\nid: 09-sample\ntitle: T\ngoal: G\n---\n## S\n", `09-sample.md:2: format "one" is not a format version: write format: 1`},
		{"format too new", "---\nformat: 2\nid: 09-sample\ntitle: T\ngoal: G\n---\n## S\n", "09-sample.md:2: the lesson is written in format 2, newer than this kafkalab reads (1)"},
		{"block after the after marker", head + "## S\n```sh run\nls\n```\n<!-- after -->\nWhy.\n```text expect output\nx\n```\n", "09-sample.md:12: step \"S\": this block comes after <!-- after --> (line 10)"},
		{"two after markers", head + "## S\n```sh run\nls\n```\n<!-- after -->\nA.\n<!-- after -->\n", "09-sample.md:12: step \"S\" has a second <!-- after --> (the first is on line 10)"},
		{"settle without a sleep", head + "## S\n<!-- settle: group=g members=2 -->\n```sh run\nls\n```\n", "09-sample.md:7: step \"S\" has a settle directive but no sleep line for it to end early"},
		{"settle without members", head + "## S\n<!-- settle: group=g -->\n```sh run\nsleep 1\n```\n", "09-sample.md:7: settle directive needs a group and a member count"},
		{"settle bad members", head + "## S\n<!-- settle: group=g members=0 -->\n```sh run\nsleep 1\n```\n", `09-sample.md:7: settle directive: "members=0" is not members=N`},
		{"settle unknown word", head + "## S\n<!-- settle: group=g members=2 state=Empty -->\n```sh run\nsleep 1\n```\n", `09-sample.md:7: settle directive: unknown "state=Empty"`},
		{"two settles", head + "## S\n<!-- settle: group=g members=2 -->\n<!-- settle: group=h members=2 -->\n```sh run\nsleep 1\n```\n", "09-sample.md:8: step \"S\" has two settle directives (the first is on line 7)"},
		{"after in a prose step", head + "## S\nJust words.\n<!-- after -->\nMore.\n", "09-sample.md:8: step \"S\" has an after-the-run text but runs nothing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("09-sample.md", []byte(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestAssetBlock(t *testing.T) {
	head := "---\nid: 09-sample\ntitle: T\ngoal: G\n---\n## S\n"
	l, err := Parse("09-sample.md", []byte(head+"```json file=data/orders.jsonl asset=orders.jsonl\n```\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f := l.Steps[0].Files[0]; f.Name != "data/orders.jsonl" || f.Asset != "orders.jsonl" || f.Content != "" {
		t.Errorf("asset file = %+v", f)
	}
	if _, err := Parse("09-sample.md", []byte(head+"```json file=o.jsonl asset=orders.jsonl\n{}\n```\n")); err == nil || !strings.Contains(err.Error(), "09-sample.md:7: an asset block is empty") {
		t.Errorf("an asset block with a body: %v", err)
	}
}

func TestFormatVersion(t *testing.T) {
	for _, tc := range []struct{ front string }{{""}, {"format: 1\n"}, {"format: 1   # the first\n"}} {
		l, err := Parse("09-sample.md", []byte("---\n"+tc.front+"id: 09-sample\ntitle: T\ngoal: G\n---\n## S\n"))
		if err != nil || l.Format != 1 {
			t.Errorf("front matter %q: format %v, err %v; want 1", tc.front, l, err)
		}
	}
}

func TestShellBlocksAreParsedAtLoad(t *testing.T) {
	l, err := Parse("09-sample.md", []byte(goodLesson))
	if err != nil {
		t.Fatal(err)
	}
	cmds := l.Steps[0].Run.Commands
	if len(cmds) != 1 || cmds[0].Kind != CommandKafkaTool || cmds[0].LessonLine != 14 || cmds[0].Args[3] != "orders" {
		t.Fatalf("commands of step 1: %+v", cmds)
	}
	if l.Steps[1].Starter.Commands != nil {
		t.Errorf("a python block has commands: %+v", l.Steps[1].Starter.Commands)
	}
	edited, err := l.Steps[0].Run.WithSource("ls\ncat a.txt")
	if err != nil || len(edited.Commands) != 2 || edited.Commands[1].Kind != CommandCat || edited.Commands[1].LessonLine != 15 || edited.Source != "ls\ncat a.txt" {
		t.Fatalf("edited: %+v, %v", edited, err)
	}
	if _, err := l.Steps[0].Run.WithSource("ls\nwget x"); err == nil || !strings.Contains(err.Error(), "line 15: kafkalab runs") {
		t.Errorf("a malformed edit: %v", err)
	}
}

func TestParseCrashDirective(t *testing.T) {
	head := "---\nid: 09-sample\ntitle: T\ngoal: G\n---\n"
	tests := []struct {
		directive string
		want      Crash
	}{
		{"<!-- crash: after-sink-commit -->", Crash{Point: CrashAfterSinkCommit, Batch: -1, Line: 7}},
		{"<!--crash:mid-write batch=1-->", Crash{Point: CrashMidWrite, Batch: 1, Line: 7}},
		{"<!-- crash:  after-offsets   batch=0 -->", Crash{Point: CrashAfterOffsets, Batch: 0, Line: 7}},
		{"<!-- crash: after-commit batch=12 -->", Crash{Point: CrashAfterCommit, Batch: 12, Line: 7}},
	}
	for _, tc := range tests {
		l, err := Parse("09-sample.md", []byte(head+"## S\n"+tc.directive+"\n```sh run\npython read.py\n```\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.directive, err)
		}
		s := l.Steps[0]
		if s.Crash == nil || *s.Crash != tc.want {
			t.Errorf("%s: crash = %+v, want %+v", tc.directive, s.Crash, tc.want)
		}
		if strings.Contains(s.Prose, "crash") {
			t.Errorf("%s: the directive leaked into the prose: %q", tc.directive, s.Prose)
		}
	}
	l, err := Parse("09-sample.md", []byte(head+"## S\n```sh run\nls\n```\n"))
	if err != nil || l.Steps[0].Crash != nil {
		t.Errorf("a step without a directive has crash %+v (err %v)", l.Steps[0].Crash, err)
	}
}

func TestParseSettleDirective(t *testing.T) {
	src := "---\nid: 09-sample\ntitle: T\ngoal: G\n---\n## S\n<!-- settle: group=billing  members=4 -->\n" +
		"```sh run\nkafka-console-consumer.sh --topic t --group billing &\nsleep 5\nwait\n```\n"
	l, err := Parse("09-sample.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Steps[0].Settle; got == nil || *got != (Settle{Group: "billing", Members: 4, Line: 7}) {
		t.Errorf("settle = %+v", got)
	}
}

func TestParseAfterTheRun(t *testing.T) {
	src := "---\nid: 09-sample\ntitle: T\ngoal: G\n---\n" +
		"## S\nBefore.\n```text predict answer=1\nHow many?\n- 3\n- 5\n```\n```sh run\nls\n```\n" +
		"```text expect output\n3\n```\n> Hint: count them\n<!--  after  -->\nThree, because **3**.\n\n```text\na plain block\n```\n" +
		"## Next\nMore.\n"
	l, err := Parse("09-sample.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := l.Steps[0]
	if s.Prose != "Before." {
		t.Errorf("prose = %q: the after-the-run text must stay out of it", s.Prose)
	}
	if s.After != "Three, because **3**.\n\n```text\na plain block\n```" {
		t.Errorf("after = %q", s.After)
	}
	if len(s.Hints) != 1 || len(s.Expect) != 1 || s.Predict == nil || l.Steps[1].After != "" || l.Steps[1].Prose != "More." {
		t.Errorf("steps = %+v / %+v", s, l.Steps[1])
	}
}

func TestBuiltinLessonsParse(t *testing.T) {
	all, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no built-in lessons")
	}
	// Lesson numbers are handed out ahead of the lessons, so a lesson can land before the
	// ones numbered below it: numbers must rise through the course, each used once.
	prev := 0
	for i, l := range all {
		n, err := strconv.Atoi(l.ID[:2])
		if err != nil || n <= prev {
			t.Errorf("lesson %d has id %s: lessons must be numbered 01, 02, ... in rising order, each number once", i+1, l.ID)
		}
		if err == nil {
			prev = n
		}
		if n := len(l.Steps); n < 3 || n > 12 {
			t.Errorf("%s has %d steps; a lesson has 3 to 12", l.ID, n)
		}
		for _, s := range l.Steps {
			for _, f := range s.Files {
				if strings.TrimSpace(f.Content) == "" && f.Asset == "" {
					t.Errorf("%s step %d: file %s is empty (include not resolved?)", l.ID, s.Number, f.Name)
				}
			}
		}
	}
}

func TestParseOffsets(t *testing.T) {
	got, err := ParseOffsets("0:2 1:1\n2:0")
	if err != nil || len(got) != 3 || got[0] != 2 || got[1] != 1 || got[2] != 0 {
		t.Fatalf("ParseOffsets = %v, %v", got, err)
	}
}

func TestParseCommands(t *testing.T) {
	src := "kafka-topics.sh --list\n\n# a comment\n! kafka-topics.sh --create \\\n  --topic x\nkafka-console-producer.sh --topic t <<EOF\na:1\nb:2\nEOF\npython send.py 1\n"
	cmds, err := ParseCommands(src, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 4 {
		t.Fatalf("got %d commands: %+v", len(cmds), cmds)
	}
	if strings.Join(cmds[1].Args, " ") != "kafka-topics.sh --create --topic x" || !cmds[1].ExpectFail || cmds[1].LessonLine != 13 {
		t.Errorf("continued failing line = %+v", cmds[1])
	}
	if cmds[2].Stdin != "a:1\nb:2\n" || !cmds[2].HasStdin || strings.Join(cmds[2].Args, " ") != "kafka-console-producer.sh --topic t" {
		t.Errorf("heredoc = %+v", cmds[2])
	}
	if strings.Join(cmds[3].Args, " ") != "python send.py 1" || cmds[3].HasStdin || cmds[3].Kind != CommandPython || cmds[2].Kind != CommandKafkaTool {
		t.Errorf("python line = %+v", cmds[3])
	}
	bg, err := ParseCommands("kafka-console-consumer.sh --topic t &\nkafka-topics.sh --list&\nsleep 0.5\nwait\n", 1)
	if err != nil || len(bg) != 4 || !bg[0].Background || bg[0].Line != "kafka-console-consumer.sh --topic t" ||
		!bg[1].Background || strings.Join(bg[1].Args, " ") != "kafka-topics.sh --list" ||
		bg[2].Kind != CommandSleep || bg[2].Sleep() != 500*time.Millisecond || bg[3].Kind != CommandWait || bg[3].Background {
		t.Errorf("background lines = %+v, %v", bg, err)
	}
	for src, want := range map[string]string{
		"! kafka-topics.sh --list &":        "line 1: a command expected to fail (\"! \") cannot run in the background",
		"kafka-console-producer.sh <<EOF &": "line 1: a background command cannot read a heredoc",
		"python x.py &":                     "line 1: python x.py &: only Kafka's tools (kafka-*.sh) run in the background",
		"sleep 61":                          "line 1: sleep 61: give a number of seconds from 0 to 60",
		"sleep soon":                        "line 1: sleep soon: give a number of seconds from 0 to 60",
		"sleep":                             "line 1: sleep takes one number of seconds",
		"wait 1":                            "line 1: wait 1: kafkalab's wait takes no arguments",
		"a && b":                            "shell syntax",
	} {
		if _, err := ParseCommands(src, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v, want %q", src, err, want)
		}
	}
	if _, err := ParseCommands("cat <<EOF\nno end\n", 1); err == nil || err.Error() != "line 1: heredoc is not closed by a EOF line" {
		t.Errorf("unclosed heredoc error = %v", err)
	}
}
