package lessons

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// ParseError is a mistake in a lesson file, with where it is.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Parse reads one lesson file. name is used in error messages and must be the file's base
// name (the id must match it).
func Parse(name string, data []byte) (*Lesson, error) {
	p := &parser{file: name, lines: strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")}
	return p.parse()
}

type parser struct {
	file  string
	lines []string
	pos   int // index of the next line to read
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &ParseError{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var (
	idPattern     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]{2}-[a-z0-9]+(-[a-z0-9]+)*$`) })
	watchComment  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<!--\s*watch:\s*(.*?)\s*-->$`) })
	crashComment  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<!--\s*crash:\s*(.*?)\s*-->$`) })
	afterComment  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<!--\s*after\s*-->$`) })
	settleComment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^<!--\s*settle:\s*(.*?)\s*-->$`) })
	knownFrontKey = map[string]bool{"format": true, "id": true, "title": true, "goal": true, "continues": true, "topics": true, "groups": true}
)

func (p *parser) parse() (*Lesson, error) {
	l := &Lesson{File: p.file}
	if err := p.frontMatter(l); err != nil {
		return nil, err
	}
	var intro []string
	for p.pos < len(p.lines) && !strings.HasPrefix(p.lines[p.pos], "## ") {
		intro = append(intro, p.lines[p.pos])
		p.pos++
	}
	l.Intro = strings.TrimSpace(strings.Join(intro, "\n"))
	for p.pos < len(p.lines) {
		s, err := p.step(len(l.Steps) + 1)
		if err != nil {
			return nil, err
		}
		l.Steps = append(l.Steps, s)
	}
	if len(l.Steps) == 0 {
		return nil, p.errorf(len(p.lines), "lesson %q has no steps; start each step with a '## Title' heading", l.ID)
	}
	return l, nil
}

func (p *parser) frontMatter(l *Lesson) error {
	l.Format = 1
	if len(p.lines) == 0 || strings.TrimSpace(p.lines[0]) != "---" {
		return p.errorf(1, "a lesson starts with front matter: a '---' line, then id/title/goal, then '---'")
	}
	closed := false
	for p.pos = 1; p.pos < len(p.lines); p.pos++ {
		line := strings.TrimSpace(p.lines[p.pos])
		if line == "---" {
			p.pos++
			closed = true
			break
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return p.errorf(p.pos+1, "front matter line %q is not 'key: value'", line)
		}
		key = strings.TrimSpace(key)
		if !knownFrontKey[key] {
			return p.errorf(p.pos+1, "unknown front matter key %q (known: format, id, title, goal, continues, topics, groups)", key)
		}
		value = strings.TrimSpace(stripComment(value))
		switch key {
		case "format":
			n, err := strconv.Atoi(value)
			switch {
			case err != nil || n < 1:
				return p.errorf(p.pos+1, "format %q is not a format version: write format: %d", value, FormatVersion)
			case n > FormatVersion:
				return p.errorf(p.pos+1, "the lesson is written in format %d, newer than this kafkalab reads (%d): update kafkalab", n, FormatVersion)
			}
			l.Format = n
		case "id":
			l.ID = value
		case "title":
			l.Title = value
		case "goal":
			l.Goal = value
		case "continues":
			l.Continues = value
		case "topics":
			l.Topics = splitList(value)
		case "groups":
			l.Groups = splitList(value)
		}
	}
	if !closed {
		return p.errorf(1, "front matter is not closed with a '---' line")
	}
	switch {
	case l.ID == "":
		return p.errorf(1, "front matter has no id")
	case !idPattern().MatchString(l.ID):
		return p.errorf(1, "id %q must look like 04-read-to-table (two digits, a dash, lower-case words)", l.ID)
	case l.Title == "":
		return p.errorf(1, "front matter has no title")
	case l.Goal == "":
		return p.errorf(1, "front matter has no goal")
	}
	if base := strings.TrimSuffix(baseName(p.file), ".md"); base != l.ID {
		return p.errorf(1, "id %q does not match the file name %q", l.ID, base)
	}
	return nil
}

// splitList reads a comma-separated front matter value.
func splitList(v string) []string {
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// stripComment drops a trailing "  # comment" from a front matter value.
func stripComment(v string) string {
	if i := strings.Index(v, " #"); i >= 0 {
		return v[:i]
	}
	return v
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

func (p *parser) step(number int) (*Step, error) {
	s := &Step{Number: number, Line: p.pos + 1, Title: strings.TrimSpace(strings.TrimPrefix(p.lines[p.pos], "## "))}
	if s.Title == "" {
		return nil, p.errorf(s.Line, "step %d has an empty title", number)
	}
	p.pos++
	var prose, after []string
	afterLine := 0 // line of the step's <!-- after --> marker; 0 = none yet
	for p.pos < len(p.lines) && !strings.HasPrefix(p.lines[p.pos], "## ") {
		line := p.lines[p.pos]
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			fence := trimmed[:strings.LastIndex(trimmed, "`")+1]
			info := strings.TrimSpace(trimmed[len(fence):])
			fenceLine := p.pos + 1
			body, err := p.fencedBody(fence)
			if err != nil {
				return nil, err
			}
			if afterLine > 0 {
				if len(strings.Fields(info)) >= 2 {
					return nil, p.errorf(fenceLine, "step %q: this block comes after <!-- after --> (line %d); a step's blocks go before its after-the-run text", s.Title, afterLine)
				}
				after = append(after, fence+info, body, fence)
				continue
			}
			kept, err := p.block(s, info, body, fenceLine)
			if err != nil {
				return nil, err
			}
			if kept {
				prose = append(prose, fence+info, body, fence)
			}
			continue
		case afterComment().MatchString(trimmed):
			if afterLine > 0 {
				return nil, p.errorf(p.pos+1, "step %q has a second <!-- after --> (the first is on line %d)", s.Title, afterLine)
			}
			afterLine = p.pos + 1
		case watchComment().MatchString(trimmed):
			for _, w := range strings.Split(watchComment().FindStringSubmatch(trimmed)[1], ",") {
				if w = strings.TrimSpace(w); w != "" {
					s.Watch = append(s.Watch, w)
				}
			}
		case crashComment().MatchString(trimmed):
			if err := p.crash(s, crashComment().FindStringSubmatch(trimmed)[1], p.pos+1); err != nil {
				return nil, err
			}
		case settleComment().MatchString(trimmed):
			if err := p.settle(s, settleComment().FindStringSubmatch(trimmed)[1], p.pos+1); err != nil {
				return nil, err
			}
		case strings.HasPrefix(trimmed, "> Hint:") || strings.HasPrefix(trimmed, "> **Hint:**"):
			h := strings.TrimPrefix(strings.TrimPrefix(trimmed, "> **Hint:**"), "> Hint:")
			s.Hints = append(s.Hints, strings.TrimSpace(h))
		case afterLine > 0:
			after = append(after, line)
		default:
			prose = append(prose, line)
		}
		p.pos++
	}
	s.Prose = strings.TrimSpace(strings.Join(prose, "\n"))
	s.After = strings.TrimSpace(strings.Join(after, "\n"))
	if afterLine > 0 && !s.Runnable() {
		return nil, p.errorf(afterLine, "step %q has an after-the-run text but runs nothing; put the text in the step's prose", s.Title)
	}
	return s, p.validateStep(s)
}

// fencedBody reads up to the closing fence and leaves pos after it.
func (p *parser) fencedBody(fence string) (string, error) {
	open := p.pos + 1
	var body []string
	for p.pos++; p.pos < len(p.lines); p.pos++ {
		if strings.TrimSpace(p.lines[p.pos]) == fence {
			p.pos++
			return strings.Join(body, "\n"), nil
		}
		body = append(body, p.lines[p.pos])
	}
	return "", p.errorf(open, "code block is not closed (no %s line)", fence)
}

// block files a fenced block into the step by its role. It reports whether the block is
// plain Markdown that stays in the prose.
func (p *parser) block(s *Step, info, body string, line int) (bool, error) {
	words := strings.Fields(info)
	if len(words) < 2 {
		return true, nil // a plain code block: part of the prose
	}
	lang, role := words[0], words[1]
	attrs, rest, err := p.attributes(words[2:], line)
	if err != nil {
		return false, err
	}
	switch role {
	case "run":
		if s.Run != nil {
			return false, p.errorf(line, "step %q has two run blocks; put the commands in one", s.Title)
		}
		if lang != "sh" && lang != "python" {
			return false, p.errorf(line, "a run block is 'sh run' or 'python run', not %q", lang+" run")
		}
		c, err := p.code(lang, body, attrs["file"], line)
		if err != nil {
			return false, err
		}
		s.Run = c
	case "starter", "solution":
		c, err := p.code(lang, body, attrs["file"], line)
		if err != nil {
			return false, err
		}
		if role == "starter" {
			s.Starter = c
		} else {
			s.Solution = c
		}
	case "expect":
		e, err := p.expectation(rest, attrs, body, line)
		if err != nil {
			return false, err
		}
		s.Expect = append(s.Expect, e)
	case "predict":
		pr, err := p.prediction(attrs, body, line)
		if err != nil {
			return false, err
		}
		s.Predict = pr
	default:
		if name, ok := strings.CutPrefix(role, "file="); ok {
			if name == "" || strings.Contains(name, "..") || strings.HasPrefix(name, "/") {
				return false, p.errorf(line, "file name %q must be a relative path inside the workspace", name)
			}
			f := File{Name: name, Lang: lang, Content: body + "\n", Line: line}
			if len(rest) == 1 && rest[0] == "include" {
				if strings.TrimSpace(body) != "" {
					return false, p.errorf(line, "an include block is empty: its content comes from files/%s", name)
				}
				f.Include, f.Content = true, ""
			}
			if a, ok := attrs["asset"]; ok {
				if strings.TrimSpace(body) != "" || f.Include {
					return false, p.errorf(line, "an asset block is empty: its content is kafkalab's data set %s", a)
				}
				f.Asset, f.Content = a, ""
			}
			s.Files = append(s.Files, f)
			return false, nil
		}
		return false, p.errorf(line, "unknown block role %q (known: file=NAME, run, starter, solution, expect, predict)", role)
	}
	return false, nil
}

// code makes a block of code; an sh block's commands are parsed now, so a malformed
// command fails the lesson's loading with its line.
func (p *parser) code(lang, body, file string, fenceLine int) (*Code, error) {
	c := &Code{Lang: lang, Source: body, File: file, Line: fenceLine + 1}
	if !c.IsShell() {
		return c, nil
	}
	cmds, err := ParseCommands(body, c.Line)
	if err != nil {
		var ce *CommandError
		if errors.As(err, &ce) {
			return nil, p.errorf(ce.Line, "%s", ce.Msg)
		}
		return nil, p.errorf(c.Line, "%v", err)
	}
	c.Commands = cmds
	return c, nil
}

// attributes splits key=value words from bare words.
func (p *parser) attributes(words []string, line int) (map[string]string, []string, error) {
	attrs := map[string]string{}
	var rest []string
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			rest = append(rest, w)
			continue
		}
		if v == "" {
			return nil, nil, p.errorf(line, "attribute %q has no value", k)
		}
		attrs[k] = v
	}
	return attrs, rest, nil
}

func (p *parser) expectation(rest []string, attrs map[string]string, body string, line int) (Expectation, error) {
	e := Expectation{Want: body, Line: line + 1}
	kind := ""
	if len(rest) > 0 {
		kind = rest[0]
	}
	switch {
	case kind == "output" || kind == "contains" || kind == "regex":
		e.Kind = ExpectKind(kind)
		if kind == "regex" {
			if _, err := regexp.Compile(strings.TrimSpace(body)); err != nil {
				return e, p.errorf(line+1, "expect regex: %v", err)
			}
		}
	case kind == "count":
		e.Kind, e.Table = ExpectCount, attrs["table"]
		if e.Table == "" {
			return e, p.errorf(line, "expect count needs table=NAME")
		}
		if _, err := strconv.Atoi(strings.TrimSpace(body)); err != nil {
			return e, p.errorf(line+1, "expect count wants a whole number, got %q", strings.TrimSpace(body))
		}
	case kind == "offsets":
		e.Kind, e.Topic = ExpectOffsets, attrs["topic"]
		if e.Topic == "" {
			return e, p.errorf(line, "expect offsets needs topic=NAME")
		}
		if _, err := ParseOffsets(body); err != nil {
			return e, p.errorf(line+1, "expect offsets: %v", err)
		}
	case attrs["file"] != "":
		e.Kind, e.Path, e.FileLine = ExpectFile, attrs["file"], attrs["line"]
		if e.FileLine != "" && e.FileLine != "last" {
			if n, err := strconv.Atoi(e.FileLine); err != nil || n < 1 {
				return e, p.errorf(line, "line=%s must be 'last' or a line number from 1", e.FileLine)
			}
		}
	case attrs["exists"] != "":
		e.Kind, e.Path = ExpectExists, attrs["exists"]
	case attrs["missing"] != "":
		e.Kind, e.Path = ExpectMissing, attrs["missing"]
	case attrs["table"] != "":
		e.Kind, e.Table = ExpectTable, attrs["table"]
	default:
		return e, p.errorf(line, "unknown expectation %q (known: output, contains, regex, count table=, offsets topic=, file=, exists=, missing=, table=)", strings.Join(rest, " "))
	}
	return e, nil
}

func (p *parser) prediction(attrs map[string]string, body string, line int) (*Prediction, error) {
	pr := &Prediction{}
	var question []string
	for _, l := range strings.Split(body, "\n") {
		if c, ok := strings.CutPrefix(strings.TrimSpace(l), "- "); ok {
			pr.Choices = append(pr.Choices, strings.TrimSpace(c))
		} else if strings.TrimSpace(l) != "" {
			question = append(question, strings.TrimSpace(l))
		}
	}
	pr.Question = strings.Join(question, " ")
	n, err := strconv.Atoi(attrs["answer"])
	switch {
	case pr.Question == "":
		return nil, p.errorf(line+1, "predict block has no question")
	case len(pr.Choices) < 2:
		return nil, p.errorf(line+1, "predict block needs at least two '- ' choices")
	case err != nil || n < 1 || n > len(pr.Choices):
		return nil, p.errorf(line, "predict needs answer=N with N from 1 to %d", len(pr.Choices))
	}
	pr.Answer = n
	return pr, nil
}

// crash reads a crash directive: "POINT" or "POINT batch=N".
func (p *parser) crash(s *Step, spec string, line int) error {
	if s.Crash != nil {
		return p.errorf(line, "step %q has two crash directives (the first is on line %d); a step crashes its query once", s.Title, s.Crash.Line)
	}
	words := strings.Fields(spec)
	if len(words) == 0 {
		return p.errorf(line, "crash directive names no point; write <!-- crash: after-sink-commit --> (points: %s)", crashPointList())
	}
	c := &Crash{Point: CrashPoint(words[0]), Batch: -1, Line: line}
	known := false
	for _, cp := range CrashPoints {
		known = known || cp == c.Point
	}
	if !known {
		return p.errorf(line, "unknown crash point %q (known: %s)", words[0], crashPointList())
	}
	for _, w := range words[1:] {
		v, ok := strings.CutPrefix(w, "batch=")
		n, err := strconv.ParseInt(v, 10, 64)
		if !ok || err != nil || n < 0 {
			return p.errorf(line, "crash directive: %q is not batch=N with N a batch id from 0", w)
		}
		c.Batch = n
	}
	s.Crash = c
	return nil
}

// settle reads a settle directive: "group=NAME members=N".
func (p *parser) settle(s *Step, spec string, line int) error {
	if s.Settle != nil {
		return p.errorf(line, "step %q has two settle directives (the first is on line %d)", s.Title, s.Settle.Line)
	}
	st := &Settle{Line: line}
	for _, w := range strings.Fields(spec) {
		key, v, _ := strings.Cut(w, "=")
		switch key {
		case "group":
			st.Group = v
		case "members":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return p.errorf(line, "settle directive: %q is not members=N with N from 1", w)
			}
			st.Members = n
		default:
			return p.errorf(line, "settle directive: unknown %q; write <!-- settle: group=NAME members=N -->", w)
		}
	}
	if st.Group == "" || st.Members == 0 {
		return p.errorf(line, "settle directive needs a group and a member count: <!-- settle: group=NAME members=N -->")
	}
	s.Settle = st
	return nil
}

// sleeps reports whether a step's command lines have a sleep line.
func sleeps(s *Step) bool {
	for _, c := range []*Code{s.Run, s.Starter, s.Solution} {
		if c == nil {
			continue
		}
		for _, cmd := range c.Commands {
			if cmd.Kind == CommandSleep {
				return true
			}
		}
	}
	return false
}

func crashPointList() string {
	names := make([]string, len(CrashPoints))
	for i, cp := range CrashPoints {
		names[i] = string(cp)
	}
	return strings.Join(names, ", ")
}

func (p *parser) validateStep(s *Step) error {
	switch {
	case s.Crash != nil && !s.Runnable():
		return p.errorf(s.Crash.Line, "step %q has a crash directive but runs nothing to crash", s.Title)
	case s.Settle != nil && !sleeps(s):
		return p.errorf(s.Settle.Line, "step %q has a settle directive but no sleep line for it to end early", s.Title)
	case s.Run != nil && s.Starter != nil:
		return p.errorf(s.Line, "step %q has both a run block and a starter; an exercise has starter + solution only", s.Title)
	case (s.Starter == nil) != (s.Solution == nil):
		return p.errorf(s.Line, "step %q: an exercise needs both a starter and a solution block", s.Title)
	case s.Starter != nil && len(s.Expect) == 0:
		return p.errorf(s.Line, "exercise %q has no expect block: checks judge the learner's result", s.Title)
	case !s.Runnable() && (len(s.Expect) > 0 || s.Predict != nil):
		return p.errorf(s.Line, "step %q expects or predicts something but runs nothing; add a 'sh run' or 'python run' block", s.Title)
	}
	return nil
}

// ParseOffsets reads "0:2 1:1 2:0" into partition -> offset.
func ParseOffsets(s string) (map[int32]int64, error) {
	out := map[int32]int64{}
	for _, f := range strings.Fields(s) {
		ps, os, ok := strings.Cut(f, ":")
		p, err1 := strconv.ParseInt(ps, 10, 32)
		o, err2 := strconv.ParseInt(os, 10, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q is not PARTITION:OFFSET", f)
		}
		out[int32(p)] = o
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no PARTITION:OFFSET pairs")
	}
	return out, nil
}
