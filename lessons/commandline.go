package lessons

import (
	"errors"
	"fmt"
	"strings"
)

// SplitCommandLine splits one shell command line into words the way a POSIX shell would for
// the simple lines lessons contain: blanks separate words; single quotes keep everything
// literally; double quotes keep blanks and allow \" \\ \$ \` escapes; a backslash outside
// quotes escapes the next character, and a backslash before a newline joins lines. It does
// not expand variables, globs or substitutions, and refuses pipes and redirections so that a
// lesson line never silently means something else than in a real shell.
func SplitCommandLine(line string) ([]string, error) {
	var (
		words   []string
		cur     strings.Builder
		inWord  bool
		runes   = []rune(line)
		quoteAt = -1
	)
	flush := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			flush()
		case r == '\\':
			if i+1 >= len(runes) {
				return nil, errors.New("command line ends with a lone backslash: remove it or add the escaped character")
			}
			i++
			if runes[i] == '\n' {
				continue // line continuation
			}
			cur.WriteRune(runes[i])
			inWord = true
		case r == '\'':
			quoteAt = i
			inWord = true
			j := i + 1
			for ; j < len(runes) && runes[j] != '\''; j++ {
				cur.WriteRune(runes[j])
			}
			if j >= len(runes) {
				return nil, fmt.Errorf("unterminated single quote at column %d: close it with '", quoteAt+1)
			}
			i = j
		case r == '"':
			quoteAt = i
			inWord = true
			j := i + 1
			for ; j < len(runes) && runes[j] != '"'; j++ {
				if runes[j] == '\\' && j+1 < len(runes) && strings.ContainsRune("\"\\$`\n", runes[j+1]) {
					j++
					if runes[j] == '\n' {
						continue
					}
				}
				cur.WriteRune(runes[j])
			}
			if j >= len(runes) {
				return nil, fmt.Errorf("unterminated double quote at column %d: close it with \"", quoteAt+1)
			}
			i = j
		case strings.ContainsRune("|&;<>`", r):
			return nil, fmt.Errorf("%q at column %d is shell syntax that kafkalab does not run: give one command without pipes or redirections (quote the character if it is part of a value)", string(r), i+1)
		case r == '#' && !inWord:
			// A comment runs to the end of the line.
			for i < len(runes) && runes[i] != '\n' {
				i++
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	flush()
	return words, nil
}
