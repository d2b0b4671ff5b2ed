package plan

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// xpathEval runs one xpath_* function over a document the way the bound function does.
func xpathEval(name, doc, path string) (any, error) {
	e, err := compileXPath(path)
	if err != nil {
		return nil, err
	}
	v, err := evalXPath(doc, e)
	if err != nil {
		return nil, err
	}
	return xpathResult(name, v)
}

// Every outcome below was checked on PySpark 4.2 (the JDK's XPath engine).
func TestXPathFunctions(t *testing.T) {
	tests := []struct {
		fn, doc, path string
		want          any
	}{
		{"xpath", `<a><b>b1</b><b>b2</b></a>`, "a/b", []any{nil, nil}}, // elements have no node value
		{"xpath", `<a><b>b1</b><b>b2</b></a>`, "a/b/text()", []any{"b1", "b2"}},
		{"xpath", `<a><b x="1">b1</b><b x="2">b2</b></a>`, "a/b/@x", []any{"1", "2"}},
		{"xpath", `<a><b>b1</b></a>`, "a/c/text()", []any{}},
		{"xpath", `<a><!--c--><b>t</b>u</a>`, "a/node()", []any{"c", nil, "u"}},
		{"xpath_int", `<a><b>x</b></a>`, "a/b", int32(0)}, // NaN becomes 0, as Java's cast
		{"xpath_int", `<a><b>3.9</b></a>`, "a/b", int32(3)},
		{"xpath_short", `<a><b>70000</b></a>`, "a/b", int16(4464)}, // int, then wrapped to 16 bits
		{"xpath_long", `<a><b>-2.5</b></a>`, "a/b", int64(-2)},
		{"xpath_long", `<a><b>1</b><b>2</b></a>`, "sum(a/b)", int64(3)},
		{"xpath_string", `<a><b>1</b><b>2</b></a>`, "a/b", "1"}, // the first node's string-value
		{"xpath_string", `<a><b>1</b></a>`, "a/c", ""},
		{"xpath_boolean", `<a><b>1</b></a>`, "a/b = 2", false},
		{"xpath_boolean", `<a><b>1</b><b>2</b></a>`, "a/b = 2", true}, // some node compares equal
		{"xpath_double", `<a><b>1</b><b>2</b><b>3</b></a>`, "count(a/b[. > 1]) div 4", 0.5},
		{"xpath_string", `<a><b>1</b><b>2</b><b>3</b></a>`, "a/b[last()]", "3"},
		{"xpath_string", `<a><b>  x  y </b></a>`, "normalize-space(a/b)", "x y"},
		{"xpath_string", `<a><b>abc</b></a>`, "substring(a/b, 2)", "bc"},
		{"xpath_string", `<a x="1"><b/></a>`, `concat(name(/a/*), "-", /a/@x)`, "b-1"},
		{"xpath_double", `<a><b>7</b></a>`, "a/b mod 4 * 2", 6.0},
		{"xpath_string", `<a><b>1.5</b></a>`, "a/b * 2", "3"},
		{"xpath_string", `<a/>`, "1 div 0", "Infinity"},
		{"xpath_string", `<a/>`, "round(2.5)", "3"},
		{"xpath_string", `<a/>`, "0.1 + 0.2", "0.30000000000000004"},
		// XPath 1.0 semantics the JDK follows (axes, unions), not run on Spark:
		{"xpath_string", `<r><i k="a">1</i><i k="b">2</i></r>`, `//i[@k="b"]`, "2"},
		{"xpath_string", `<r><i>1</i><i>2</i><i>3</i></r>`, "r/i[2]/preceding-sibling::i", "1"},
		{"xpath_string", `<r><i>1</i><i>2</i><i>3</i></r>`, "r/i[1]/following::i[last()]", "3"},
		{"xpath_double", `<r><i>1</i><j>2</j></r>`, "sum(r/i | r/j)", 3.0},
	}
	for _, tc := range tests {
		got, err := xpathEval(tc.fn, tc.doc, tc.path)
		if err != nil {
			t.Errorf("%s(%s, %s): %v", tc.fn, tc.doc, tc.path, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s(%s, %s) = %#v, want %#v", tc.fn, tc.doc, tc.path, got, tc.want)
		}
	}
	if got, _ := xpathEval("xpath_double", `<a><b>x</b></a>`, "a/b"); !math.IsNaN(got.(float64)) {
		t.Errorf("xpath_double of a non-number = %v, want NaN", got)
	}
}

func TestXPathErrors(t *testing.T) {
	tests := []struct{ doc, path, want string }{
		{`<a><b>1</a>`, "a", "must be terminated"},
		{`<a/>`, "a[", "location step"},
		{`<a/>`, "foo(a)", "could not find function"},
		{`<a/><b/>`, "a", "after the root element"},
	}
	for _, tc := range tests {
		_, err := xpathEval("xpath_string", tc.doc, tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("xpath_string(%s, %s) error = %v, want one mentioning %q", tc.doc, tc.path, err, tc.want)
		}
	}
}
