package pyspark

import (
	"crypto/rand"
	"encoding/hex"
	"math"
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
		return plan.StringLiteralSQL(string(x)), "", nil
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

// bindSQLArgs binds spark.sql's args: a dict gives :name markers, a list or tuple ? markers.
func bindSQLArgs(q string, args py.Object) (string, error) {
	switch a := args.(type) {
	case *py.Dict:
		named := map[string]any{}
		for _, k := range a.Keys() {
			ks, ok := k.(py.String)
			if !ok {
				return "", notExpectedType("args", "dict or list", k)
			}
			v, _, err := a.GetItem(k)
			if err != nil {
				return "", err
			}
			if named[string(ks)], err = sqlArgValue(v); err != nil {
				return "", err
			}
		}
		return plan.BindParameters(q, named, nil)
	case *py.List, py.Tuple:
		items, _ := python.SeqItems(a)
		positional := make([]any, len(items))
		for i, it := range items {
			v, err := sqlArgValue(it)
			if err != nil {
				return "", err
			}
			positional[i] = v
		}
		return plan.BindParameters(q, nil, positional)
	}
	return "", notExpectedType("args", "dict or list", args)
}

// sqlArgValue is a Python value as the literal PySpark's lit() makes of it.
func sqlArgValue(v py.Object) (any, error) {
	switch x := v.(type) {
	case py.NoneType:
		return nil, nil
	case py.Bool:
		return bool(x), nil
	case py.Int:
		if int64(x) >= math.MinInt32 && int64(x) <= math.MaxInt32 {
			return int32(x), nil
		}
		return int64(x), nil
	case py.Float:
		return float64(x), nil
	case py.String:
		return string(x), nil
	}
	return nil, python.Unsupported("spark.sql args of type "+v.Type().Name, "pass None, bool, int, float or str values")
}
