package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// fileRowReader reads one file of a format into rows of a schema.
type fileRowReader func(ctx context.Context, file string, fn func(sqltypes.Row) error) error

// parseMode is the mode option of the json and csv readers.
type parseMode int

const (
	modePermissive parseMode = iota
	modeDropMalformed
	modeFailFast
)

func readMode(opts *options) parseMode {
	v, _ := opts.get("mode")
	switch strings.ToUpper(strings.TrimSpace(v)) {
	case "DROPMALFORMED":
		return modeDropMalformed
	case "FAILFAST":
		return modeFailFast
	}
	return modePermissive
}

func optTrue(opts *options, k string) bool {
	v, _ := opts.get(k)
	return strings.EqualFold(strings.TrimSpace(v), "true")
}

func malformedFailFast(file, record string) error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkException, Class: "MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION",
		Message: fmt.Sprintf("Malformed records are detected in record parsing: [%s].\nParse Mode: FAILFAST. To process malformed records as null result, try setting the option 'mode' as 'PERMISSIVE'.", record)}
}

// newFileRowReader returns the reader of format (json, csv, text, parquet) for rows of
// schema, with the format's options.
func newFileRowReader(format string, schema *sqltypes.StructType, opts *options, loc *time.Location) (fileRowReader, error) {
	switch format {
	case "json":
		return jsonRowReader(schema, opts, loc), nil
	case "csv":
		return csvRowReader(schema, opts, loc), nil
	case "text":
		return textRowReader(opts), nil
	case "parquet":
		return func(ctx context.Context, file string, fn func(sqltypes.Row) error) error {
			rows, err := sparkparquet.ReadFile(file, schema)
			if err != nil {
				return fmt.Errorf("read parquet %s: %w", file, err)
			}
			for _, r := range rows {
				if err := fn(r); err != nil {
					return err
				}
			}
			return nil
		}, nil
	}
	return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not read the %q file format; it reads json, csv, text and parquet (run this script on real Spark with kafkalab export)", format)}
}

// jsonRowReader reads JSON Lines (or, with multiLine, one document per file: an object or
// an array of objects); a _corrupt_record string column in the schema receives bad records.
func jsonRowReader(schema *sqltypes.StructType, opts *options, loc *time.Location) fileRowReader {
	corruptName := corruptRecordColumn
	if v, ok := opts.get("columnNameOfCorruptRecord"); ok {
		corruptName = v
	}
	parseSchema, corrupt := withoutCorruptColumn(schema, corruptName)
	mode := readMode(opts)
	multiLine := optTrue(opts, "multiLine")
	relax := jsonRelaxer(opts)
	return func(ctx context.Context, file string, fn func(sqltypes.Row) error) error {
		reader := sqltypes.NewJSONReader(parseSchema, loc)
		emit := func(record string) error {
			text := record
			if relax != nil {
				text = relax(record)
			}
			parsed, bad := reader.ParseStatus(text)
			if bad {
				switch mode {
				case modeFailFast:
					return malformedFailFast(file, record)
				case modeDropMalformed:
					return nil
				}
			}
			if parsed == nil {
				parsed = make(sqltypes.Row, len(parseSchema.Fields))
			}
			if corrupt < 0 {
				return fn(parsed)
			}
			row := make(sqltypes.Row, 0, len(schema.Fields))
			row = append(row, parsed[:corrupt]...)
			if bad {
				row = append(row, record)
			} else {
				row = append(row, nil)
			}
			return fn(append(row, parsed[corrupt:]...))
		}
		if multiLine {
			data, err := readDataFile(file)
			if err != nil {
				return err
			}
			text := strings.TrimSpace(string(data))
			if strings.HasPrefix(text, "[") {
				var items []json.RawMessage
				if err := json.Unmarshal([]byte(text), &items); err == nil {
					for _, it := range items {
						if err := emit(string(it)); err != nil {
							return err
						}
					}
					return nil
				}
			}
			if text == "" {
				return nil
			}
			return emit(text)
		}
		var ferr error
		err := eachLine(ctx, file, func(line string) {
			if ferr == nil {
				ferr = emit(line)
			}
		})
		if err != nil {
			return err
		}
		return ferr
	}
}

// textRowReader gives one row per line in a value column (wholetext: one row per file).
func textRowReader(opts *options) fileRowReader {
	whole := optTrue(opts, "wholetext")
	return func(ctx context.Context, file string, fn func(sqltypes.Row) error) error {
		f, err := openDataFile(file)
		if err != nil {
			return err
		}
		defer f.Close()
		if whole {
			data, err := io.ReadAll(f)
			if err != nil {
				return err
			}
			return fn(sqltypes.Row{string(data)})
		}
		r := bufio.NewReader(f)
		for n := 0; ; n++ {
			if n%4096 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			line, err := r.ReadString('\n')
			if len(line) > 0 {
				line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
				if err := fn(sqltypes.Row{line}); err != nil {
					return err
				}
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("read %s: %w", file, err)
			}
		}
	}
}

// csvOptions are the CSV reader's options with Spark's defaults.
type csvOptions struct {
	sep, quote, escape, comment rune
	header                      bool
	nullValue                   string
	multiLine                   bool
	mode                        parseMode
	trimLeft, trimRight         bool
	// dateFmt and tsFmt are the dateFormat and timestampFormat options' patterns, nil
	// when not given (then dates and timestamps read as a cast reads them and write in
	// Spark's default forms).
	dateFmt, tsFmt *plan.DatetimePattern
	// emptyValue (emptyValueSet when given) is what a quoted empty field reads as and an
	// empty string is written as; lineSep ends written records; quoteAll and escapeQuotes
	// (true by default) are the writer's quoting options.
	emptyValue    string
	emptyValueSet bool
	lineSep       string
	quoteAll      bool
	escapeQuotes  bool
}

func firstRune(opts *options, def rune, keys ...string) rune {
	for _, k := range keys {
		if v, ok := opts.get(k); ok {
			if v == "" {
				return 0
			}
			if v == `\t` {
				return '\t'
			}
			return []rune(v)[0]
		}
	}
	return def
}

func readCSVOptions(opts *options) csvOptions {
	o := csvOptions{
		sep:    firstRune(opts, ',', "sep", "delimiter"),
		quote:  firstRune(opts, '"', "quote"),
		escape: firstRune(opts, '\\', "escape"),
		header: optTrue(opts, "header"), multiLine: optTrue(opts, "multiLine"), mode: readMode(opts),
		trimLeft: optTrue(opts, "ignoreLeadingWhiteSpace"), trimRight: optTrue(opts, "ignoreTrailingWhiteSpace"),
	}
	if _, ok := opts.get("comment"); ok {
		o.comment = firstRune(opts, 0, "comment")
	}
	o.nullValue, _ = opts.get("nullValue")
	o.emptyValue, o.emptyValueSet = opts.get("emptyValue")
	o.lineSep, _ = opts.get("lineSep")
	o.quoteAll = optTrue(opts, "quoteAll")
	o.escapeQuotes = true
	if v, ok := opts.get("escapeQuotes"); ok {
		o.escapeQuotes = !strings.EqualFold(strings.TrimSpace(v), "false")
	}
	if v, ok := opts.get("dateFormat"); ok {
		o.dateFmt, _ = plan.CompileDatetimePattern(v)
	}
	if v, ok := opts.get("timestampFormat"); ok {
		o.tsFmt, _ = plan.CompileDatetimePattern(v)
	}
	return o
}

// csvTemporal reads a DATE or TIMESTAMP field with the dateFormat or timestampFormat
// pattern the options give; handled is false for other fields and without a pattern.
func (o csvOptions) csvTemporal(text string, t sqltypes.DataType, loc *time.Location) (v any, ok, handled bool) {
	switch t.(type) {
	case sqltypes.DateType:
		if o.dateFmt != nil {
			d, ok := o.dateFmt.ParseDate(text)
			return d, ok, true
		}
	case sqltypes.TimestampType:
		if o.tsFmt != nil {
			ts, ok := o.tsFmt.ParseTimestamp(text, loc)
			return ts, ok, true
		}
	}
	return nil, false, false
}

// csvField is one parsed field: quoted fields keep "" as an empty string.
type csvField struct {
	text   string
	quoted bool
}

// splitCSVRecords cuts text into records of fields, quotes spanning lines only with multiLine.
func splitCSVRecords(text string, o csvOptions, fn func(raw string, fields []csvField) error) error {
	rs := []rune(text)
	i := 0
	for i < len(rs) {
		start := i
		var fields []csvField
		var cur strings.Builder
		quoted, inQuotes, sawAny := false, false, false
		endField := func() {
			s := cur.String()
			if !quoted {
				if o.trimLeft {
					s = strings.TrimLeft(s, " \t")
				}
				if o.trimRight {
					s = strings.TrimRight(s, " \t")
				}
			}
			fields = append(fields, csvField{text: s, quoted: quoted})
			cur.Reset()
			quoted = false
		}
		for i < len(rs) {
			c := rs[i]
			if inQuotes {
				switch {
				case c == o.escape && o.escape != o.quote && i+1 < len(rs) && (rs[i+1] == o.quote || rs[i+1] == o.escape):
					cur.WriteRune(rs[i+1])
					i += 2
				case c == o.quote && i+1 < len(rs) && rs[i+1] == o.quote:
					cur.WriteRune(o.quote)
					i += 2
				case c == o.quote:
					inQuotes = false
					i++
				case c == '\n' && !o.multiLine:
					inQuotes = false
				default:
					cur.WriteRune(c)
					i++
				}
				continue
			}
			if c == '\n' || c == '\r' {
				break
			}
			sawAny = true
			switch {
			case c == o.sep:
				endField()
			case c == o.quote && o.quote != 0 && strings.TrimSpace(cur.String()) == "" && !quoted:
				cur.Reset()
				quoted, inQuotes = true, true
			default:
				cur.WriteRune(c)
			}
			i++
		}
		raw := string(rs[start:i])
		for i < len(rs) && (rs[i] == '\n' || rs[i] == '\r') {
			i++
		}
		if !sawAny && len(fields) == 0 && cur.Len() == 0 && !quoted {
			continue // a blank line
		}
		if o.comment != 0 && strings.HasPrefix(raw, string(o.comment)) {
			continue
		}
		endField()
		if err := fn(raw, fields); err != nil {
			return err
		}
	}
	return nil
}

// csvRowReader reads CSV files into rows of schema as Spark's CSV reader does in its
// default PERMISSIVE mode: missing fields are null, extra fields dropped, a field that
// does not convert is null (the record counts as malformed for the other modes).
func csvRowReader(schema *sqltypes.StructType, opts *options, loc *time.Location) fileRowReader {
	o := readCSVOptions(opts)
	corruptName := corruptRecordColumn
	if v, ok := opts.get("columnNameOfCorruptRecord"); ok {
		corruptName = v
	}
	corrupt := -1
	if i, ok := schema.FieldIndex(corruptName); ok {
		corrupt = i
	}
	return func(ctx context.Context, file string, fn func(sqltypes.Row) error) error {
		data, err := readDataFile(file)
		if err != nil {
			return err
		}
		first := o.header
		return splitCSVRecords(string(data), o, func(raw string, fields []csvField) error {
			if first {
				first = false
				return nil
			}
			row := make(sqltypes.Row, len(schema.Fields))
			bad := false
			fi := 0
			want := len(schema.Fields)
			if corrupt >= 0 {
				want--
			}
			if len(fields) != want {
				bad = true
			}
			for i, f := range schema.Fields {
				if i == corrupt {
					continue
				}
				if fi >= len(fields) {
					break
				}
				fd := fields[fi]
				fi++
				// As univocity hands fields to Spark: an unquoted empty field is the
				// nullValue, a quoted one the emptyValue; then whatever equals nullValue
				// is NULL (so "" reads as NULL by default).
				if fd.text == "" {
					if fd.quoted {
						fd.text = o.emptyValue
					} else {
						fd.text = o.nullValue
					}
				}
				if fd.text == o.nullValue {
					continue
				}
				if _, isStr := f.Type.(sqltypes.StringType); isStr {
					row[i] = fd.text
					continue
				}
				if v, ok, handled := o.csvTemporal(fd.text, f.Type, loc); handled {
					if !ok {
						bad = true
						continue
					}
					row[i] = v
					continue
				}
				v, err := sqltypes.Cast(fd.text, sqltypes.String, f.Type, loc)
				if err != nil || v == nil {
					bad = true
					continue
				}
				row[i] = v
			}
			if bad {
				switch o.mode {
				case modeFailFast:
					return malformedFailFast(file, raw)
				case modeDropMalformed:
					return nil
				}
				if corrupt >= 0 {
					row[corrupt] = raw
				}
			}
			return fn(row)
		})
	}
}

// inferCSVSchema is the schema Spark gives CSV files without one: the header's names (or
// _c0, _c1, ...), every column a string unless inferSchema is on.
func inferCSVSchema(files []string, opts *options) (*sqltypes.StructType, error) {
	o := readCSVOptions(opts)
	infer := optTrue(opts, "inferSchema")
	var names []string
	var types []sqltypes.DataType
	for _, file := range files {
		data, err := readDataFile(file)
		if err != nil {
			return nil, err
		}
		first := true
		err = splitCSVRecords(string(data), o, func(_ string, fields []csvField) error {
			if first && names == nil {
				for i, f := range fields {
					if o.header {
						names = append(names, f.text)
					} else {
						names = append(names, fmt.Sprintf("_c%d", i))
					}
					types = append(types, sqltypes.Null)
				}
				if o.header {
					first = false
					return nil
				}
			}
			if first && o.header {
				first = false
				return nil
			}
			first = false
			if !infer {
				return nil
			}
			for i := range types {
				if i >= len(fields) {
					break
				}
				f := fields[i]
				if !f.quoted && f.text == o.nullValue {
					continue
				}
				types[i] = widenCSVType(types[i], o.inferCSVField(f.text), o.tsFmt == nil)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if names != nil && !infer {
			break
		}
	}
	st := &sqltypes.StructType{}
	for i, n := range names {
		t := types[i]
		if !infer || t == sqltypes.Null {
			t = sqltypes.String
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: n, Type: t, Nullable: true})
	}
	return st, nil
}

// defaultCSVDate is the dateFormat Spark's CSV inference tries when none is given.
var defaultCSVDate, _ = plan.CompileDatetimePattern("yyyy-MM-dd")

// inferCSVField is CSVInferSchema's chain for one value: int, bigint, double, then (before
// boolean) a date read strictly with dateFormat (yyyy-MM-dd by default) and a timestamp
// read with timestampFormat, or as a cast reads it when none is given.
func (o csvOptions) inferCSVField(s string) sqltypes.DataType {
	t := inferCSVField(s)
	if t != sqltypes.String {
		return t
	}
	df := o.dateFmt
	if df == nil {
		df = defaultCSVDate
	}
	if _, ok := df.ParseDate(s); ok {
		return sqltypes.DateT
	}
	if o.tsFmt != nil {
		if _, ok := o.tsFmt.ParseTimestamp(s, time.UTC); ok {
			return sqltypes.TimestampT
		}
	} else if v, err := sqltypes.Cast(s, sqltypes.String, sqltypes.TimestampT, time.UTC); err == nil && v != nil {
		return sqltypes.TimestampT
	}
	return t
}

func inferCSVField(s string) sqltypes.DataType {
	if v, err := sqltypes.Cast(s, sqltypes.String, sqltypes.Integer, time.UTC); err == nil && v != nil && strings.TrimSpace(s) == s {
		return sqltypes.Integer
	}
	if v, err := sqltypes.Cast(s, sqltypes.String, sqltypes.Long, time.UTC); err == nil && v != nil && strings.TrimSpace(s) == s {
		return sqltypes.Long
	}
	if v, err := sqltypes.Cast(s, sqltypes.String, sqltypes.Double, time.UTC); err == nil && v != nil && strings.TrimSpace(s) == s {
		return sqltypes.Double
	}
	if strings.EqualFold(s, "true") || strings.EqualFold(s, "false") {
		return sqltypes.Boolean
	}
	return sqltypes.String
}

func widenCSVType(a, b sqltypes.DataType, tsDefault bool) sqltypes.DataType {
	if a == sqltypes.Null {
		return b
	}
	if a == b {
		return a
	}
	rank := func(t sqltypes.DataType) int {
		switch t {
		case sqltypes.Integer:
			return 1
		case sqltypes.Long:
			return 2
		case sqltypes.Double:
			return 3
		}
		return 0
	}
	if (a == sqltypes.DateT && b == sqltypes.TimestampT) || (a == sqltypes.TimestampT && b == sqltypes.DateT) {
		// A column of dates and timestamps is a timestamp column, unless timestampFormat
		// is given (its pattern cannot read the dates): then a string column.
		if tsDefault {
			return sqltypes.TimestampT
		}
		return sqltypes.String
	}
	if ra, rb := rank(a), rank(b); ra > 0 && rb > 0 {
		if ra > rb {
			return a
		}
		return b
	}
	return sqltypes.String
}
