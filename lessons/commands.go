package lessons

import (
	"fmt"
	"strings"
)

// Command is one command of a `sh run` block (FORMAT.md): the program and its arguments,
// the standard input a heredoc gives it, and whether the lesson expects it to fail.
type Command struct {
	Args       []string
	Stdin      string // the heredoc's body when HasStdin
	HasStdin   bool
	ExpectFail bool   // the line started with "! "
	Line       string // as written, without "! " and the heredoc
	LessonLine int    // line in the lesson file (firstLine-based)
}

// ParseCommands splits a `sh run` block into commands. It understands what lessons use
// and no more: one command per line, "\" continuations, comments, a leading "! ", and
// "<<WORD" heredocs. firstLine is the block's first line in the lesson file.
func ParseCommands(src string, firstLine int) ([]Command, error) {
	lines := strings.Split(src, "\n")
	var out []Command
	for i := 0; i < len(lines); i++ {
		lineNo := firstLine + i
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
		if at := strings.Index(text, "<<"); at >= 0 {
			word := strings.Trim(strings.TrimSpace(text[at+2:]), `'"`)
			if word == "" {
				return nil, fmt.Errorf("line %d: heredoc without an end word", lineNo)
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
				return nil, fmt.Errorf("line %d: heredoc is not closed by a %s line", lineNo, word)
			}
			c.Stdin, c.HasStdin = strings.Join(body, "\n")+"\n", true
		}
		args, err := SplitCommandLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if len(args) == 0 {
			continue
		}
		c.Args, c.Line = args, text
		out = append(out, c)
	}
	return out, nil
}
