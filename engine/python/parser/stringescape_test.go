package parser

import "testing"

// Expected values and messages are CPython 3.11's for the same literal bodies.
func TestDecodeEscapes(t *testing.T) {
	for _, test := range []struct {
		in       string
		byteMode bool
		want     string
		err      string
	}{
		{``, false, ``, ""},
		{`Potato`, false, `Potato`, ""},
		{`\Potato`, false, `\Potato`, ""},
		{`n\\`, false, `n\`, ""},
		{`\'x\"`, false, `'x"`, ""},
		{"a\\\nb", false, `ab`, ""},
		{`\b\f\t\n\r\v\a`, false, "\b\f\t\n\r\v\a", ""},
		{`\1\12\123\1234`, false, "\001\012\123\123" + "4", ""},
		{`\777`, false, "\u01ff", ""},
		{`\777`, true, "\xff", ""},
		{`\8`, false, `\8`, ""},
		{`\x41\x8a\xFF`, false, "A\u008a\u00ff", ""},
		{`\x41\x8a\xFF`, true, "A\x8a\xff", ""},
		{`\u00e9\U0001F600`, false, "é😀", ""},
		{`\u00e9`, true, `\u00e9`, ""},
		{`\N{DIGIT ONE}\N{potato}`, false, "1🥔", ""},
		{`\N{DIGIT ONE}`, true, `\N{DIGIT ONE}`, ""},
		{`\x`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: truncated \xXX escape`},
		{`\x1`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape`},
		{`ab\x4`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 2-4: truncated \xXX escape`},
		{`ab\x4`, true, "", `(value error) invalid \x escape at position 2`},
		{`z\u134`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 1-5: truncated \uXXXX escape`},
		{`z\Uzzzzzzzz`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 1-2: truncated \UXXXXXXXX escape`},
		{`\N`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: malformed \N character escape`},
		{`\Nx`, false, "", `(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: malformed \N character escape`},
	} {
		got, err := decodeEscapes(test.in, test.byteMode)
		if err != test.err || err == "" && string(got) != test.want {
			t.Errorf("%q (bytes %v): got %q, %q; want %q, %q", test.in, test.byteMode, got, err, test.want, test.err)
		}
	}
}
