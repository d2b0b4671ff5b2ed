package lab

import (
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/lab/kafkatools"
)

// command is one line of a lesson's `sh run` block.
type command struct {
	Args        []string
	Stdin       string // from a heredoc; "" = none
	ExpectFail  bool   // the line started with "! "
	Line        string // as written, for messages
	LessonLine  int    // line in the lesson file
	StdinIsHere bool
}

// parseShell splits a `sh run` block into commands. It understands what lessons use and
// no more: one command per line, "\" continuations, a leading "! ", and "<<WORD" heredocs.
func parseShell(src string, firstLine int) ([]command, error) {
	lines := strings.Split(src, "\n")
	var out []command
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
		c := command{Line: text, LessonLine: lineNo}
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
			c.Stdin, c.StdinIsHere = strings.Join(body, "\n")+"\n", true
		}
		args, err := kafkatools.SplitCommandLine(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if len(args) == 0 {
			continue
		}
		c.Args = args
		out = append(out, c)
	}
	return out, nil
}
