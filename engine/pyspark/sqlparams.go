package pyspark

import (
	"crypto/rand"
	"encoding/hex"
	"math"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// spark.sql(query, args=None, **kwargs) as PySpark 4 has it: kwargs fill the query's
// {name} fields first (Python's str.format, PySpark's SQLStringFormatter: a DataFrame
// becomes a temporary view, a Column its name, a str a quoted literal, anything else its
// str()); then args bind :name (a dict) or ? (a list) markers to literals.

// formatSQL fills the {name} fields of q from kwargs. It returns the query and the temporary
// views it made, for the caller to drop once the query is analysed.
func (s *pySession) formatSQL(q string, kwargs py.StringDict) (string, []string, error) {
	var out strings.Builder
	var views []string
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '{' && i+1 < len(q) && q[i+1] == '{':
			out.WriteByte('{')
			i++
		case c == '}' && i+1 < len(q) && q[i+1] == '}':
			out.WriteByte('}')
			i++
		case c == '}':
			return "", views, py.ExceptionNewf(py.ValueError, "Single '}' encountered in format string")
		case c == '{':
			end := strings.IndexByte(q[i:], '}')
			if end < 0 {
				return "", views, py.ExceptionNewf(py.ValueError, "Single '{' encountered in format string")
			}
			field := q[i+1 : i+end]
			name, spec, _ := strings.Cut(field, ":")
			v, ok := kwargs[name]
			if !ok {
				return "", views, py.ExceptionNewf(py.KeyError, "%s", name)
			}
			text, view, err := s.sqlFieldText(name, v, spec)
			if err != nil {
				return "", views, err
			}
			if view != "" {
				views = append(views, view)
			}
			out.WriteString(text)
			i += end
		default:
			out.WriteByte(c)
		}
	}
	return out.String(), views, nil
}

// sqlFieldText is what one {field} becomes.
func (s *pySession) sqlFieldText(field string, v py.Object, spec string) (text, view string, err error) {
	switch x := v.(type) {
	case *pyDataFrame:
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return "", "", err
		}
		name := "_pyspark_" + hex.EncodeToString(b[:])
		if err := x.df.CreateOrReplaceTempView(name); err != nil {
			return "", "", engineError(err)
		}
		return name, name, nil
	case *pyColumn:
		ref, ok := x.c.Expr().(plan.ColumnRef)
		if !ok {
			return "", "", raise(sparkerrors.PySparkValueError, "VALUE_NOT_PLAIN_COLUMN_REFERENCE", "val", x.c.String(), "field_name", field)
		}
		return attributeSQL(ref.Parts), "", nil
	case py.String:
		return stringLiteralSQL(string(x)), "", nil
	}
	if spec != "" {
		t, err := py.Format(v, spec)
		return t, "", err
	}
	t, err := py.StrAsString(v)
	return t, "", err
}

// attributeSQL is a column name as SQL text, each part back-quoted when it is not a plain
// identifier.
func attributeSQL(parts []string) string {
	quoted := make([]string, len(parts))
	for i, p := range parts {
		if plainIdentifier(p) {
			quoted[i] = p
		} else {
			quoted[i] = "`" + strings.ReplaceAll(p, "`", "``") + "`"
		}
	}
	return strings.Join(quoted, ".")
}

func plainIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// stringLiteralSQL is a string as a SQL literal, quotes and backslashes escaped.
func stringLiteralSQL(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`)
	return "'" + r.Replace(s) + "'"
}

// bindSQLArgs replaces the query's :name markers (args a dict) or ? markers (args a list or
// tuple) with the values as SQL literals, outside quoted text and comments.
func bindSQLArgs(q string, args py.Object) (string, error) {
	var named map[string]py.Object
	var positional []py.Object
	switch a := args.(type) {
	case py.StringDict:
		named = a
	case *py.Dict:
		named = map[string]py.Object{}
		for _, k := range a.Keys() {
			ks, ok := k.(py.String)
			if !ok {
				return "", notExpectedType("args", "dict or list", k)
			}
			v, _, err := a.GetItem(k)
			if err != nil {
				return "", err
			}
			named[string(ks)] = v
		}
	case *py.List:
		positional = a.Items
	case py.Tuple:
		positional = a
	default:
		return "", notExpectedType("args", "dict or list", args)
	}
	var out strings.Builder
	next := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			j := closingQuote(q, i)
			out.WriteString(q[i:j])
			i = j - 1
		case c == '-' && strings.HasPrefix(q[i:], "--"):
			j := strings.IndexByte(q[i:], '\n')
			if j < 0 {
				j = len(q) - i
			}
			out.WriteString(q[i : i+j])
			i += j - 1
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			j := strings.Index(q[i+2:], "*/")
			end := len(q)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			out.WriteString(q[i:end])
			i = end - 1
		case c == ':' && named != nil && i+1 < len(q) && identStart(q[i+1]) && (i == 0 || q[i-1] != ':'):
			j := i + 1
			for j < len(q) && identPart(q[j]) {
				j++
			}
			name := q[i+1 : j]
			v, ok := named[name]
			if !ok {
				return "", sparkerrors.New(sparkerrors.AnalysisException, "UNBOUND_SQL_PARAMETER", "name", name)
			}
			lit, err := literalSQL(v)
			if err != nil {
				return "", err
			}
			out.WriteString(lit)
			i = j - 1
		case c == '?' && positional != nil:
			if next >= len(positional) {
				return "", sparkerrors.New(sparkerrors.AnalysisException, "UNBOUND_SQL_PARAMETER", "name", "_"+strconv.Itoa(i))
			}
			lit, err := literalSQL(positional[next])
			if err != nil {
				return "", err
			}
			next++
			out.WriteString(lit)
		default:
			out.WriteByte(c)
		}
	}
	return out.String(), nil
}

// closingQuote is the index after the quote that closes the one at i (backslash escapes
// inside ' and ", doubled back-quotes inside `).
func closingQuote(q string, i int) int {
	quote := q[i]
	for j := i + 1; j < len(q); j++ {
		switch {
		case q[j] == '\\' && quote != '`':
			j++
		case q[j] == quote:
			if quote == '`' && j+1 < len(q) && q[j+1] == '`' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

func identStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func identPart(c byte) bool  { return identStart(c) || c >= '0' && c <= '9' }

// literalSQL is a Python value as the SQL literal lit(value) would make.
func literalSQL(v py.Object) (string, error) {
	switch x := v.(type) {
	case py.NoneType:
		return "NULL", nil
	case py.Bool:
		if x {
			return "TRUE", nil
		}
		return "FALSE", nil
	case py.Int:
		return strconv.FormatInt(int64(x), 10), nil
	case py.Float:
		f := float64(x)
		switch {
		case math.IsNaN(f):
			return "CAST('NaN' AS DOUBLE)", nil
		case math.IsInf(f, 1):
			return "CAST('Infinity' AS DOUBLE)", nil
		case math.IsInf(f, -1):
			return "CAST('-Infinity' AS DOUBLE)", nil
		}
		return strconv.FormatFloat(f, 'g', -1, 64) + "D", nil
	case py.String:
		return stringLiteralSQL(string(x)), nil
	}
	return "", python.Unsupported("spark.sql args of type "+v.Type().Name, "pass None, bool, int, float or str values")
}
