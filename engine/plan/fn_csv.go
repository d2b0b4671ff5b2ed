package plan

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// from_csv, to_csv and schema_of_csv. By default (Spark's CSV options) ',' is between
// fields, '"' quotes, '\' escapes, an empty field is read as NULL, and on writing NULL is
// nothing, "" is "", values trimmed of leading and trailing white space; from_csv and
// schema_of_csv take some options (csvOptions).

func init() {
	register(bindFromCSV, "from_csv")
	register(bindToCSV, "to_csv")
	register(bindSchemaOfCSV, "schema_of_csv")
}

// csvOptions are the CSV options from_csv and schema_of_csv honour (Spark's names, case
// insensitive): sep or delimiter, quote, escape, nullValue, ignoreLeadingWhiteSpace and
// ignoreTrailingWhiteSpace.
type csvOptions struct {
	sep                 string
	quote, escape       byte
	nullValue           string
	trimLead, trimTrail bool
}

var defaultCSVOptions = csvOptions{sep: ",", quote: '"', escape: '\\'}

// csvOptionsOf reads a call's options map; an option kafkalab does not know is refused.
func csvOptionsOf(fn string, opts map[string]string) (csvOptions, error) {
	o := defaultCSVOptions
	for k, v := range opts {
		switch strings.ToLower(k) {
		case "sep", "delimiter":
			sep, err := csvDelimiter(v)
			if err != nil {
				return o, err
			}
			o.sep = sep
		case "quote":
			if len(v) != 1 {
				return o, unsupported("kafkalab's %s takes a one-character quote, not %q", fn, v)
			}
			o.quote = v[0]
		case "escape":
			if len(v) != 1 {
				return o, unsupported("kafkalab's %s takes a one-character escape, not %q", fn, v)
			}
			o.escape = v[0]
		case "nullvalue":
			o.nullValue = v
		case "ignoreleadingwhitespace":
			o.trimLead = strings.EqualFold(v, "true")
		case "ignoretrailingwhitespace":
			o.trimTrail = strings.EqualFold(v, "true")
		default:
			return o, unsupported("kafkalab's %s does not support the option %s yet (it honours sep, delimiter, quote, escape, nullValue, ignoreLeadingWhiteSpace and ignoreTrailingWhiteSpace); run the script on real Spark with kafkalab export", fn, k)
		}
	}
	return o, nil
}

// csvDelimiter is CSVExprUtils.toDelimiterStr's reading of a delimiter: "\\t" is a tab,
// "\\\\" a backslash, anything else as written (more than one character is allowed).
// The delimiters Spark refuses (empty, other backslash escapes) kafkalab leaves to Spark.
func csvDelimiter(v string) (string, error) {
	switch {
	case v == `\t`:
		return "\t", nil
	case v == `\\`:
		return `\`, nil
	case v == "" || strings.HasPrefix(v, `\`):
		return "", unsupported("kafkalab does not read the CSV delimiter %q; run the script on real Spark with kafkalab export", v)
	}
	return v, nil
}

// splitCSVLine splits one CSV record with the default options.
func splitCSVLine(s string) []string { return defaultCSVOptions.split(s) }

// split splits one CSV record into its fields (quotes removed, escapes applied); a field
// read as NULL is csvNull.
func (o csvOptions) split(s string) []string {
	var fields []string
	var b strings.Builder
	inQuotes, quoted := false, false
	end := func() {
		f := b.String()
		if o.trimTrail && !quoted {
			f = strings.TrimRight(f, " \t")
		}
		fields = append(fields, o.field(f, quoted))
		b.Reset()
		quoted = false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuotes && c == o.escape && i+1 < len(s) && o.escape != o.quote:
			i++
			b.WriteByte(s[i])
		case inQuotes && c == o.quote:
			if i+1 < len(s) && s[i+1] == o.quote {
				b.WriteByte(o.quote)
				i++
			} else {
				inQuotes = false
			}
		case inQuotes:
			b.WriteByte(c)
		case c == o.quote && b.Len() == 0 && !quoted:
			inQuotes, quoted = true, true
		case strings.HasPrefix(s[i:], o.sep):
			end()
			i += len(o.sep) - 1
		case o.trimLead && b.Len() == 0 && !quoted && (c == ' ' || c == '\t'):
		default:
			b.WriteByte(c)
		}
	}
	end()
	return fields
}

// csvNull marks a field read as NULL (an unquoted empty field).
const csvNull = "\x00csv-null"

// field is one field's value: an unquoted empty field, or one equal to nullValue, is NULL.
func (o csvOptions) field(s string, quoted bool) string {
	if (s == "" && !quoted) || (o.nullValue != "" && s == o.nullValue) {
		return csvNull
	}
	return s
}

// csvOptionsArg reads the options map of from_csv (argument 2) or schema_of_csv (1).
func (r *resolver) csvOptionsArg(fn string, c Call, at int) (csvOptions, error) {
	if len(c.Args) <= at {
		return defaultCSVOptions, nil
	}
	opts, err := r.optionsArg(c.Args[at])
	if err != nil {
		return defaultCSVOptions, err
	}
	return csvOptionsOf(fn, opts)
}

// csvFieldTypes are the field types from_csv reads here.
func csvFieldSupported(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.StringType, sqltypes.IntegerType, sqltypes.LongType, sqltypes.ShortType, sqltypes.ByteType,
		sqltypes.DoubleType, sqltypes.FloatType, sqltypes.BooleanType, sqltypes.DecimalType:
		return true
	}
	return false
}

func bindFromCSV(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3)
	if err != nil {
		return nil, err
	}
	opts, err := r.csvOptionsArg("from_csv", c, 2)
	if err != nil {
		return nil, err
	}
	s, ok := stringLiteral(args[1])
	if !ok {
		return nil, sparkErrorInvalidSchema(args[1])
	}
	schema, err := ParseSchemaString(s)
	if err != nil {
		return nil, err
	}
	for _, f := range schema.Fields {
		if !csvFieldSupported(f.Type) {
			return nil, unsupported("kafkalab's from_csv reads STRING, numeric and BOOLEAN fields, not %s (%s)", f.Type.SQL(), f.Name)
		}
	}
	st := schema.AsNullable()
	b := fn1("from_csv", castTo(args[0], sqltypes.String), st, func(ec *EvalContext, a any) (any, error) {
		fields := opts.split(a.(string))
		row := make(sqltypes.Row, len(st.Fields))
		for i, f := range st.Fields {
			if i >= len(fields) || fields[i] == csvNull {
				continue
			}
			if _, isStr := f.Type.(sqltypes.StringType); isStr {
				row[i] = fields[i]
				continue
			}
			v, err := sqltypes.Cast(strings.TrimSpace(fields[i]), sqltypes.String, f.Type, ec.Location)
			if err == nil {
				row[i] = v
			}
		}
		return row, nil
	})
	b.sqlArgs = []string{args[0].SQL()}
	return b.withNullable(true), nil
}

func sparkErrorInvalidSchema(b Bound) error {
	return analysisErr("INVALID_SCHEMA.NON_STRING_LITERAL",
		"The input schema %s is not a valid schema string. The input expression must be string literal and not null.", quoteSQL(b.SQL()))
}

func bindToCSV(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	st, ok := args[0].DataType().(*sqltypes.StructType)
	if !ok {
		return nil, unexpectedInputType(callSQL("to_csv", args), "first", args[0].SQL(), args[0].DataType(), `"STRUCT"`)
	}
	for _, f := range st.Fields {
		switch f.Type.(type) {
		case sqltypes.BinaryType, sqltypes.VariantType:
			return nil, unsupported("kafkalab's to_csv does not write %s fields (%s)", f.Type.SQL(), f.Name)
		}
	}
	return fn1("to_csv", args[0], sqltypes.String, func(ec *EvalContext, a any) (any, error) {
		row := a.(sqltypes.Row)
		var b strings.Builder
		for i, f := range st.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			if row[i] == nil {
				continue
			}
			s, err := sqltypes.Cast(row[i], f.Type, sqltypes.String, ec.Location)
			if err != nil {
				return nil, err
			}
			writeCSVValue(&b, strings.TrimSpace(s.(string)))
		}
		return b.String(), nil
	}), nil
}

// writeCSVValue writes one value, quoted when it must be (a delimiter, quote, escape or
// line break inside; an empty string as "").
func writeCSVValue(b *strings.Builder, s string) {
	if s == "" {
		b.WriteString(`""`)
		return
	}
	if !strings.ContainsAny(s, ",\"\\\n\r") {
		b.WriteString(s)
		return
	}
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
}

func bindSchemaOfCSV(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 2)
	if err != nil {
		return nil, err
	}
	opts, err := r.csvOptionsArg("schema_of_csv", c, 1)
	if err != nil {
		return nil, err
	}
	s, ok := stringLiteral(args[0])
	if !ok {
		if _, str := args[0].DataType().(sqltypes.StringType); !str {
			return nil, unexpectedInputType(callSQL("schema_of_csv", args), "first", args[0].SQL(), args[0].DataType(), `"STRING"`)
		}
		return nil, nonFoldable("csv", `"STRING"`, args[0], callSQL("schema_of_csv", args))
	}
	st := &sqltypes.StructType{}
	for i, f := range opts.split(s) {
		st.Fields = append(st.Fields, sqltypes.StructField{Name: "_c" + strconv.Itoa(i), Type: inferCSVType(f), Nullable: true})
	}
	out := st.SQL()
	return &boundFunc{name: "schema_of_csv", args: args, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.String,
		fn: func(*EvalContext, []any) (any, error) { return out, nil }}, nil
}

// inferCSVType is CSVInferSchema's choice for one field with default options: INT, BIGINT,
// DECIMAL (whole numbers beyond BIGINT), DOUBLE, BOOLEAN, else STRING.
func inferCSVType(f string) sqltypes.DataType {
	if f == csvNull {
		return sqltypes.String
	}
	if _, err := strconv.ParseInt(f, 10, 32); err == nil {
		return sqltypes.Integer
	}
	if _, err := strconv.ParseInt(f, 10, 64); err == nil {
		return sqltypes.Long
	}
	if n, ok := new(big.Int).SetString(strings.TrimPrefix(f, "+"), 10); ok {
		if digits := len(new(big.Int).Abs(n).String()); digits <= 38 {
			return sqltypes.DecimalType{Precision: digits, Scale: 0}
		}
	}
	if isJavaDouble(f) {
		return sqltypes.Double
	}
	if strings.EqualFold(f, "true") || strings.EqualFold(f, "false") {
		return sqltypes.Boolean
	}
	return sqltypes.String
}

// isJavaDouble reports whether Java's Double.parseDouble accepts s (surrounding white
// space, a trailing d/D/f/F, NaN and Infinity included).
func isJavaDouble(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, "dDfF")
	switch strings.TrimLeft(s, "+-") {
	case "NaN", "Infinity":
		return true
	case "", "Inf", "inf", "nan", "infinity":
		return false
	}
	v, err := strconv.ParseFloat(s, 64)
	return err == nil || math.IsInf(v, 0)
}
