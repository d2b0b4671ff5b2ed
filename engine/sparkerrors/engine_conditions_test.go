package sparkerrors

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// ownConditions are conditions kafkalab raises that Spark has not: its refusal of what it
// does not implement, which Spark Connect clients receive, and a streaming query id its
// Connect server does not know.
var ownConditions = map[string]bool{"UNSUPPORTED_FEATURE.KAFKALAB": true, "INVALID_HANDLE.QUERY_NOT_FOUND": true}

// raisedParents are conditions with sub-conditions that delta-spark raises by the parent's
// name, its message made of a sub-condition's words: an append whose partitionBy is not
// the table's fails with getCondition() DELTA_METADATA_MISMATCH on real Spark (corpus
// u12_delta_partition_errors).
var raisedParents = map[string]bool{"DELTA_METADATA_MISMATCH": true}

// ownWording are the places that add to Spark's words on purpose: kafkalab's Spark Connect
// server says why it canceled an operation (it stopped, the session was released).
var ownWording = map[string]bool{"connect/server.go OPERATION_CANCELED": true,
	// The Delta stream source's refusals shorten delta-spark's advice (skipChangeCommits,
	// a fresh checkpoint, the table's path are not said).
	"delta/stream.go DELTA_SOURCE_TABLE_IGNORE_CHANGES":             true,
	"deltasource.go DIFFERENT_DELTA_TABLE_READ_BY_STREAMING_SOURCE": true,
}

var bracketRe = regexp.MustCompile(`^\[([A-Z_][A-Z0-9_]*(?:\.[A-Z0-9_]+)?)\] (.*)$`)

// raised is one place in the engine's code that raises a condition, with the message's
// format string when it is a literal.
type raised struct {
	pos    string
	class  string
	format string // "" when the message is not a literal format
	py     bool   // a PySpark-side condition (PySpark's catalog)
}

// engineConditions finds every condition the engine's Go code names: "[CLASS] text"
// literals, Class: "CLASS" fields, and the class argument of the helpers that make them.
func engineConditions(t *testing.T) []raised {
	t.Helper()
	var out []raised
	fset := token.NewFileSet()
	root := ".."
	partial := map[*ast.BasicLit]bool{} // literals that are a piece of a concatenation
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "python", "sparkconnectpb", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BinaryExpr:
				if x.Op == token.ADD {
					for _, side := range []ast.Expr{x.X, x.Y} {
						if lit, ok := side.(*ast.BasicLit); ok {
							partial[lit] = true
						}
					}
				}
			case *ast.BasicLit:
				if x.Kind != token.STRING || partial[x] {
					return true
				}
				s, err := strconv.Unquote(x.Value)
				if err != nil {
					return true
				}
				if m := bracketRe.FindStringSubmatch(s); m != nil {
					out = append(out, raised{pos: fset.Position(x.Pos()).String(), class: m[1], format: m[2]})
				}
			case *ast.CallExpr:
				name := callName(x.Fun)
				idx := -1
				switch name {
				case "analysisErr", "New":
					idx = 0
					if name == "New" {
						idx = 1
					}
				case "raise", "pyerrors.New", "sparkerrors.New":
					idx = 1
				}
				if idx < 0 || len(x.Args) <= idx {
					return true
				}
				lit, ok := x.Args[idx].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				class, _ := strconv.Unquote(lit.Value)
				r := raised{pos: fset.Position(lit.Pos()).String(), class: class}
				if name == "analysisErr" && len(x.Args) > 1 {
					if f, ok := x.Args[1].(*ast.BasicLit); ok {
						r.format, _ = strconv.Unquote(f.Value)
					}
				}
				if name != "analysisErr" && len(x.Args) > 0 {
					if sel, ok := x.Args[0].(*ast.SelectorExpr); ok && strings.HasPrefix(sel.Sel.Name, "PySpark") {
						r.py = true
					}
				}
				out = append(out, r)
			case *ast.KeyValueExpr:
				if k, ok := x.Key.(*ast.Ident); ok && k.Name == "Class" {
					if lit, ok := x.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						class, _ := strconv.Unquote(lit.Value)
						out = append(out, raised{pos: fset.Position(lit.Pos()).String(), class: class})
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func callName(e ast.Expr) string {
	switch f := e.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			return id.Name + "." + f.Sel.Name
		}
		return f.Sel.Name
	}
	return ""
}

// wordedBy reports whether a format string can produce the template's wording: the
// template's fixed words around its parameters, each parameter being any text (a format
// verb or words the format writes in its place).
func wordedBy(tmpl, format string) bool {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	last := 0
	for _, loc := range placeholderRe().FindAllStringIndex(tmpl, -1) {
		b.WriteString(regexp.QuoteMeta(tmpl[last:loc[0]]))
		b.WriteString(`.*?`)
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(tmpl[last:]))
	b.WriteString(`\z`)
	return regexp.MustCompile(b.String()).MatchString(strings.ReplaceAll(format, "%%", "%"))
}

// Every condition the engine raises is one Spark 4.2 or PySpark 4.2 has, and where the
// engine writes the message as a literal format, its words are the condition's template.
func TestEngineRaisesSparksConditions(t *testing.T) {
	found := engineConditions(t)
	if len(found) < 50 {
		t.Fatalf("found only %d conditions in the engine's code: the scan is broken", len(found))
	}
	for _, r := range found {
		if r.class == "" || ownConditions[r.class] || raisedParents[r.class] {
			continue
		}
		tmpl, _, jvm := Template(r.class)
		ptmpl, _, py := PySparkTemplate(r.class)
		if !jvm && !py {
			t.Errorf("%s: %s is not a condition of Spark 4.2 or PySpark 4.2", r.pos, r.class)
			continue
		}
		if r.format == "" {
			continue
		}
		if file, _, _ := strings.Cut(strings.TrimPrefix(r.pos, "../"), ":"); ownWording[file+" "+r.class] {
			continue
		}
		want := tmpl
		if !jvm || (r.py && py) {
			want = ptmpl
		}
		if !wordedBy(want, r.format) && !(jvm && py && wordedBy(ptmpl, r.format)) {
			t.Errorf("%s: %s is worded\n  %q\nbut Spark words it\n  %q", r.pos, r.class, r.format, want)
		}
	}
}
