package lessons

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// CommandKind says which program a command line runs.
type CommandKind string

// The programs a `sh run` block may run (FORMAT.md).
const (
	CommandPython    CommandKind = "python" // python NAME.py ARGS: a workspace script
	CommandKafkaTool CommandKind = "kafka"  // kafka-*.sh: one of Kafka's tools
	CommandCat       CommandKind = "cat"    // cat FILE...
	CommandLs        CommandKind = "ls"     // ls [DIR...]
	CommandRm        CommandKind = "rm"     // rm [-rf] PATH...
	CommandSleep     CommandKind = "sleep"  // sleep SECONDS
	CommandWait      CommandKind = "wait"   // wait: for the block's background commands
)

// MaxSleep bounds a sleep line: a lesson waits for a broker or a group, never for long.
const MaxSleep = time.Minute

// Command is one command of a `sh run` block (FORMAT.md): the program and its arguments,
// the standard input a heredoc gives it, and whether the lesson expects it to fail.
type Command struct {
	Kind       CommandKind
	Args       []string // Args[0] is the program as written (python3, kafka-topics.sh...)
	Stdin      string   // the heredoc's body when HasStdin
	HasStdin   bool
	ExpectFail bool // the line started with "! "
	// Background: the line ended in " &"; the command runs while the next ones do, and a
	// later "wait" line (or the end of the block) waits for it.
	Background bool
	Line       string // as written, without "! ", the heredoc and a final " &"
	LessonLine int    // line in the lesson file (firstLine-based)
}

// Sleep is how long a sleep command waits.
func (c Command) Sleep() time.Duration {
	d, _ := sleepDuration(c.Args)
	return d
}

// CommandError is a command line kafkalab cannot run, with its line.
type CommandError struct {
	Line int // firstLine-based, as ParseCommands was given
	Msg  string
}

func (e *CommandError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// ParseCommands splits shell-like text into commands: a `sh run` block of a lesson, or a
// line typed at the sandbox's prompt. It understands what lessons use and no more: one
// command per line, "\" continuations, comments, a leading "! ", "<<WORD" heredocs and a
// final " &" (a Kafka tool run in the background); every command must be one kafkalab
// runs (CommandKind). firstLine is the text's first
// line in the lesson file; a mistake is a *CommandError on its line.
func ParseCommands(src string, firstLine int) ([]Command, error) {
	lines := strings.Split(src, "\n")
	var out []Command
	for i := 0; i < len(lines); i++ {
		lineNo := firstLine + i
		fail := func(format string, a ...any) ([]Command, error) {
			return nil, &CommandError{Line: lineNo, Msg: fmt.Sprintf(format, a...)}
		}
		text := strings.TrimSpace(lines[i])
		for strings.HasSuffix(text, `\`) && i+1 < len(lines) {
			i++
			text = strings.TrimSuffix(text, `\`) + " " + strings.TrimSpace(lines[i])
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c := Command{LessonLine: lineNo}
		if rest, ok := strings.CutPrefix(text, "! "); ok {
			c.ExpectFail, text = true, strings.TrimSpace(rest)
		}
		if rest, ok := strings.CutSuffix(text, "&"); ok && !strings.HasSuffix(rest, "&") {
			c.Background, text = true, strings.TrimSpace(rest)
			switch {
			case c.ExpectFail:
				return fail("a command expected to fail (\"! \") cannot run in the background; run it in the foreground")
			case strings.Contains(text, "<<"):
				return fail("a background command cannot read a heredoc; run it in the foreground")
			}
		}
		if at := strings.Index(text, "<<"); at >= 0 {
			word := HeredocWord(text)
			if word == "" {
				return fail("heredoc without an end word: write <<EOF and close it with an EOF line")
			}
			text = strings.TrimSpace(text[:at])
			var body []string
			closed := false
			for i++; i < len(lines); i++ {
				if strings.TrimSpace(lines[i]) == word {
					closed = true
					break
				}
				body = append(body, lines[i])
			}
			if !closed {
				return fail("heredoc is not closed by a %s line", word)
			}
			c.Stdin, c.HasStdin = strings.Join(body, "\n")+"\n", true
		}
		args, err := SplitCommandLine(text)
		if err != nil {
			return fail("%v", err)
		}
		if len(args) == 0 {
			continue
		}
		kind, err := commandKind(args)
		if err != nil {
			return fail("%v", err)
		}
		if c.Background && kind != CommandKafkaTool {
			return fail("%s &: only Kafka's tools (kafka-*.sh) run in the background", text)
		}
		c.Kind, c.Args, c.Line = kind, args, text
		out = append(out, c)
	}
	return out, nil
}

// commandKind names the program of a command line, or says why kafkalab cannot run it.
func commandKind(args []string) (CommandKind, error) {
	switch name := args[0]; {
	case name == "python" || name == "python3":
		if len(args) < 2 || !strings.HasSuffix(args[1], ".py") {
			return "", fmt.Errorf("%s needs a script: %s NAME.py ARGS", name, name)
		}
		return CommandPython, nil
	case IsKafkaTool(name):
		return CommandKafkaTool, nil
	case name == "cat":
		return CommandCat, nil
	case name == "ls":
		return CommandLs, nil
	case name == "rm":
		return CommandRm, nil
	case name == "sleep":
		if _, err := sleepDuration(args); err != nil {
			return "", err
		}
		return CommandSleep, nil
	case name == "wait":
		if len(args) > 1 {
			return "", fmt.Errorf("%s: kafkalab's wait takes no arguments; it waits for every background command", strings.Join(args, " "))
		}
		return CommandWait, nil
	default:
		return "", fmt.Errorf("kafkalab runs Kafka's tools (kafka-*.sh), python, cat, ls, rm, sleep and wait; not %q", name)
	}
}

// sleepDuration reads a sleep line's seconds, fractions allowed, up to MaxSleep.
func sleepDuration(args []string) (time.Duration, error) {
	if len(args) != 2 {
		return 0, fmt.Errorf("sleep takes one number of seconds, like sleep 2")
	}
	secs, err := strconv.ParseFloat(args[1], 64)
	d := time.Duration(secs * float64(time.Second))
	if err != nil || secs < 0 || d > MaxSleep {
		return 0, fmt.Errorf("sleep %s: give a number of seconds from 0 to %d", args[1], int(MaxSleep.Seconds()))
	}
	return d, nil
}

// IsKafkaTool reports whether a program name is one of Kafka's scripts: kafka-*.sh, or
// the same name without ".sh", as kafkalab's command line also knows them.
func IsKafkaTool(name string) bool {
	return strings.HasPrefix(name, "kafka-") && len(name) > len("kafka-")
}

// HeredocWord is the closing word of a line that ends in a here-document ("... <<EOF"),
// or "" when it has none.
func HeredocWord(line string) string {
	i := strings.LastIndex(line, "<<")
	if i < 0 {
		return ""
	}
	w := strings.Trim(strings.TrimSpace(line[i+2:]), `'"`)
	if w == "" || strings.ContainsAny(w, " \t") {
		return ""
	}
	return w
}
