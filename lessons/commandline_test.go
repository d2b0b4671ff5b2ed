package lessons

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitCommandLine(t *testing.T) {
	tests := []struct {
		line    string
		want    []string
		wantErr string
	}{
		{line: "kafka-topics.sh --bootstrap-server localhost:9092 --create --topic orders --partitions 3 --replication-factor 1",
			want: []string{"kafka-topics.sh", "--bootstrap-server", "localhost:9092", "--create", "--topic", "orders", "--partitions", "3", "--replication-factor", "1"}},
		{line: `  a   b	c  `, want: []string{"a", "b", "c"}},
		{line: `--property 'key.separator=:' --property "print.key=true"`, want: []string{"--property", "key.separator=:", "--property", "print.key=true"}},
		{line: `x 'it''s' "a \"q\" \\ \$HOME" 'single \ stays'`, want: []string{"x", "its", `a "q" \ $HOME`, `single \ stays`}},
		{line: `a\ b c\"d`, want: []string{"a b", `c"d`}},
		{line: "first \\\n  second", want: []string{"first", "second"}},
		{line: `empty '' ""`, want: []string{"empty", "", ""}},
		{line: `pre"mid dle"post`, want: []string{"premid dlepost"}},
		{line: `cmd # a comment`, want: []string{"cmd"}},
		{line: `cmd a#b`, want: []string{"cmd", "a#b"}},
		{line: "", want: nil},
		{line: `--property key.separator=|`, wantErr: "shell syntax"},
		{line: `a > file`, wantErr: "shell syntax"},
		{line: `'unclosed`, wantErr: "unterminated single quote at column 1"},
		{line: `ok "unclosed`, wantErr: "unterminated double quote at column 4"},
		{line: `trailing\`, wantErr: "lone backslash"},
	}
	for _, tc := range tests {
		got, err := SplitCommandLine(tc.line)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("SplitCommandLine(%q) error = %v, want containing %q", tc.line, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("SplitCommandLine(%q) error %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitCommandLine(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}
