package plan

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// BindParameters replaces a SQL text's parameter markers with literals, as Spark binds
// spark.sql(query, args): :name markers from named (positional nil), or ? markers in order
// from positional. Markers inside quoted text and comments stay as they are; a marker with
// no value is Spark's UNBOUND_SQL_PARAMETER. Values are Go values of the sqltypes model (nil,
// bool, int8..int64, float32/64, string, Decimal, Date, Timestamp, TimestampNTZ, []any).
func BindParameters(q string, named map[string]any, positional []any) (string, error) {
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
			end := len(q)
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				end = i + 2 + j + 2
			}
			out.WriteString(q[i:end])
			i = end - 1
		case c == ':' && named != nil && i+1 < len(q) && isIdentStart(q[i+1]) && (i == 0 || q[i-1] != ':'):
			j := i + 1
			for j < len(q) && isIdentChar(q[j]) {
				j++
			}
			name := q[i+1 : j]
			v, ok := named[name]
			if !ok {
				return "", sparkerrors.New(sparkerrors.AnalysisException, "UNBOUND_SQL_PARAMETER", "name", name)
			}
			lit, err := LiteralSQL(v)
			if err != nil {
				return "", err
			}
			out.WriteString(lit)
			i = j - 1
		case c == '?' && positional != nil:
			if next >= len(positional) {
				return "", sparkerrors.New(sparkerrors.AnalysisException, "UNBOUND_SQL_PARAMETER", "name", "_"+strconv.Itoa(i))
			}
			lit, err := LiteralSQL(positional[next])
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

// LiteralSQL is a value as SQL text that reads back as the same literal and type.
func LiteralSQL(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "NULL", nil
	case bool:
		if x {
			return "TRUE", nil
		}
		return "FALSE", nil
	case int8:
		return strconv.Itoa(int(x)) + "Y", nil
	case int16:
		return strconv.Itoa(int(x)) + "S", nil
	case int32:
		return strconv.Itoa(int(x)), nil
	case int64:
		return strconv.FormatInt(x, 10) + "L", nil
	case float32:
		return "CAST(" + floatSQL(float64(x)) + " AS FLOAT)", nil
	case float64:
		return floatSQL(x), nil
	case string:
		return StringLiteralSQL(x), nil
	case sqltypes.Decimal:
		return x.String() + "BD", nil
	case sqltypes.Date:
		return "DATE'" + sqltypes.FormatDate(x) + "'", nil
	case sqltypes.Timestamp:
		return "timestamp_micros(" + strconv.FormatInt(int64(x), 10) + "L)", nil
	case sqltypes.TimestampNTZ:
		return "CAST(timestamp_micros(" + strconv.FormatInt(int64(x), 10) + "L) AS TIMESTAMP_NTZ)", nil
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			s, err := LiteralSQL(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "array(" + strings.Join(parts, ", ") + ")", nil
	}
	return "", &UnsupportedError{Message: fmt.Sprintf("kafkalab cannot bind a SQL parameter of Go type %T", v)}
}

func floatSQL(f float64) string {
	switch {
	case math.IsNaN(f):
		return "CAST('NaN' AS DOUBLE)"
	case math.IsInf(f, 1):
		return "CAST('Infinity' AS DOUBLE)"
	case math.IsInf(f, -1):
		return "CAST('-Infinity' AS DOUBLE)"
	}
	return strconv.FormatFloat(f, 'g', -1, 64) + "D"
}

// StringLiteralSQL is a string as a SQL literal, quotes and backslashes escaped.
func StringLiteralSQL(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`)
	return "'" + r.Replace(s) + "'"
}
