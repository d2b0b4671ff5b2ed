package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// corruptRecordColumn is spark.sql.columnNameOfCorruptRecord.
const corruptRecordColumn = "_corrupt_record"

// readJSON is spark.read.json(path): JSON Lines files, read with the given schema or one
// inferred as Spark's JsonInferSchema does (fields sorted by name, integers BIGINT, other
// numbers DOUBLE, conflicting types STRING, and a _corrupt_record column when some line is
// malformed).
func (s *Session) readJSON(ctx context.Context, path string, schema *sqltypes.StructType) (*DataFrame, error) {
	files, err := s.listed(jsonFiles(path))
	if err != nil {
		return nil, err
	}
	if schema == nil {
		if schema, err = inferJSONSchema(ctx, files); err != nil {
			return nil, err
		}
		if len(schema.Fields) == 0 {
			return nil, &plan.AnalysisError{Class: "UNABLE_TO_INFER_SCHEMA", Message: "Unable to infer schema for JSON. It must be specified manually."}
		}
	}
	schema = schema.AsNullable()
	loc := s.Location()
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "Relation " + path, InputFiles: func() ([]string, error) {
		return s.listed(jsonFiles(path))
	}, Load: func(ctx context.Context) ([]rowiter.Iter, error) {
		files, err := s.listed(jsonFiles(path))
		if err != nil {
			return nil, err
		}
		return s.packedFileTasks(files, func(ctx context.Context, f string) ([]sqltypes.Row, error) {
			p := newJSONLineParser(schema, loc)
			err := eachLine(ctx, f, p.add)
			if err != nil {
				return nil, err
			}
			return p.rows, nil
		})
	}}
	return s.newDF(rel), nil
}

// JSONStrings is spark.read.json(rdd): each string one JSON record, the schema inferred
// from them as from a file's lines unless given.
func (s *Session) JSONStrings(ctx context.Context, records []string, schema *sqltypes.StructType) (*DataFrame, error) {
	if schema == nil {
		inf := &jsonSchemaInference{root: sqltypes.Null}
		for _, r := range records {
			if strings.TrimSpace(r) != "" {
				inf.add(r)
			}
		}
		schema = inf.schema()
		if len(schema.Fields) == 0 {
			return nil, &plan.AnalysisError{Class: "UNABLE_TO_INFER_SCHEMA", Message: "Unable to infer schema for JSON. It must be specified manually."}
		}
	}
	schema = schema.AsNullable()
	p := newJSONLineParser(schema, s.Location())
	for _, r := range records {
		if strings.TrimSpace(r) != "" {
			p.add(r)
		}
	}
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "LogicalRDD", Rows: [][]sqltypes.Row{p.rows}}
	return s.newDF(rel), nil
}

// jsonLineParser turns JSON lines into rows of schema, a malformed line into nulls and,
// when the schema has the corrupt-record column, the line itself there.
type jsonLineParser struct {
	reader      *sqltypes.JSONReader
	parseSchema *sqltypes.StructType
	width       int
	corrupt     int
	rows        []sqltypes.Row
}

func newJSONLineParser(schema *sqltypes.StructType, loc *time.Location) *jsonLineParser {
	parseSchema, corrupt := withoutCorruptColumn(schema, corruptRecordColumn)
	return &jsonLineParser{reader: sqltypes.NewJSONReader(parseSchema, loc), parseSchema: parseSchema,
		width: len(schema.Fields), corrupt: corrupt}
}

func (p *jsonLineParser) add(line string) {
	parsed, bad := p.reader.ParseStatus(line)
	if parsed == nil {
		parsed = make(sqltypes.Row, len(p.parseSchema.Fields))
	}
	if p.corrupt < 0 {
		p.rows = append(p.rows, parsed)
		return
	}
	row := make(sqltypes.Row, 0, p.width)
	row = append(row, parsed[:p.corrupt]...)
	if bad {
		row = append(row, line)
	} else {
		row = append(row, nil)
	}
	p.rows = append(p.rows, append(row, parsed[p.corrupt:]...))
}

func jsonFiles(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &plan.AnalysisError{Class: "PATH_NOT_FOUND", Message: fmt.Sprintf("Path does not exist: file:%s.", path)}
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, "_") || strings.HasPrefix(n, ".") {
			continue
		}
		out = append(out, filepath.Join(path, n))
	}
	sort.Strings(out)
	return out, nil
}

// eachLine calls fn for every non-blank line of a file.
func eachLine(ctx context.Context, file string, fn func(string)) error {
	f, err := openDataFile(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	for n := 0; sc.Scan(); n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		fn(line)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", file, err)
	}
	return nil
}

func inferJSONSchema(ctx context.Context, files []string) (*sqltypes.StructType, error) {
	return inferJSONSchemaOpts(ctx, files, &options{})
}

// inferJSONSchemaOpts is inferJSONSchema with the reader's options: multiLine takes each
// file as one document (an array's elements each a record), primitivesAsString types every
// leaf as a string and prefersDecimal a number with a fraction as a decimal where one
// holds it exactly, as Spark's JsonInferSchema does.
func inferJSONSchemaOpts(ctx context.Context, files []string, opts *options) (*sqltypes.StructType, error) {
	inf := &jsonSchemaInference{root: sqltypes.Null,
		primitivesAsString: optTrue(opts, "primitivesAsString"), prefersDecimal: optTrue(opts, "prefersDecimal"),
		relax: jsonRelaxer(opts), corruptName: corruptRecordColumn, dropMalformed: readMode(opts) == modeDropMalformed}
	if v, ok := opts.get("columnNameOfCorruptRecord"); ok {
		inf.corruptName = v
	}
	multiLine := optTrue(opts, "multiLine")
	for _, f := range files {
		if !multiLine {
			if err := eachLine(ctx, f, inf.add); err != nil {
				return nil, err
			}
			continue
		}
		data, err := readDataFile(f)
		if err != nil {
			return nil, fmt.Errorf("infer the schema of %s: %w", f, err)
		}
		text := strings.TrimSpace(string(data))
		if text == "" {
			continue
		}
		var items []json.RawMessage
		if strings.HasPrefix(text, "[") && json.Unmarshal([]byte(text), &items) == nil {
			for _, it := range items {
				inf.add(string(it))
			}
			continue
		}
		inf.add(text)
	}
	return inf.schema(), nil
}

// jsonSchemaInference merges the types of JSON records, line by line, as Spark's
// JsonInferSchema does; a line that is not an object adds the corrupt-record column.
type jsonSchemaInference struct {
	root       sqltypes.DataType
	sawCorrupt bool
	// primitivesAsString and prefersDecimal are the reader options of those names.
	primitivesAsString, prefersDecimal bool
	// relax rewrites a record the allowComments / allowSingleQuotes options accept into
	// plain JSON (nil without them).
	relax func(string) string
	// corruptName is the corrupt-record column a malformed record adds, unless the mode is
	// DROPMALFORMED, which skips such records in inference too.
	corruptName   string
	dropMalformed bool
}

func (j *jsonSchemaInference) add(line string) {
	if j.relax != nil {
		line = j.relax(line)
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		j.sawCorrupt = true
		return
	}
	obj, ok := v.(map[string]any)
	if !ok {
		j.sawCorrupt = true
		return
	}
	j.root = mergeJSONTypes(j.root, j.inferValue(obj))
}

func (j *jsonSchemaInference) schema() *sqltypes.StructType {
	st, ok := finishJSONType(j.root).(*sqltypes.StructType)
	if !ok {
		st = &sqltypes.StructType{}
	}
	if j.sawCorrupt && !j.dropMalformed {
		name := j.corruptName
		if name == "" {
			name = corruptRecordColumn
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: name, Type: sqltypes.String, Nullable: true})
		sort.SliceStable(st.Fields, func(i, k int) bool { return st.Fields[i].Name < st.Fields[k].Name })
	}
	return st
}

// inferValue is inferJSONValue under the inference options.
func (j *jsonSchemaInference) inferValue(v any) sqltypes.DataType {
	if !j.primitivesAsString && !j.prefersDecimal {
		return inferJSONValue(v)
	}
	switch x := v.(type) {
	case nil:
		return sqltypes.Null
	case []any:
		var el sqltypes.DataType = sqltypes.Null
		for _, e := range x {
			el = mergeJSONTypes(el, j.inferValue(e))
		}
		return sqltypes.ArrayType{Element: el, ContainsNull: true}
	case map[string]any:
		st := &sqltypes.StructType{}
		for k, e := range x {
			st.Fields = append(st.Fields, sqltypes.StructField{Name: k, Type: j.inferValue(e), Nullable: true})
		}
		sort.Slice(st.Fields, func(a, b int) bool { return st.Fields[a].Name < st.Fields[b].Name })
		return st
	}
	if j.primitivesAsString {
		return sqltypes.String
	}
	if n, ok := v.(json.Number); ok && strings.ContainsAny(n.String(), ".eE") {
		if d, ok := jsonDecimalType(n.String()); ok {
			return d
		}
	}
	return inferJSONValue(v)
}

// jsonDecimalType is the decimal type Java's BigDecimal gives a JSON number with a
// fraction (its precision and scale), when it fits Spark's 38 digits.
func jsonDecimalType(s string) (sqltypes.DecimalType, bool) {
	mant, exp := s, 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(s[i+1:])
		if err != nil {
			return sqltypes.DecimalType{}, false
		}
		mant, exp = s[:i], e
	}
	mant = strings.TrimLeft(mant, "+-")
	scale := 0
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		scale = len(mant) - i - 1
		mant = mant[:i] + mant[i+1:]
	}
	scale -= exp
	digits := strings.TrimLeft(mant, "0")
	prec := len(digits)
	if prec == 0 {
		prec = 1
	}
	if scale < 0 {
		// Spark's DecimalType of a BigDecimal with a negative scale widens it to scale 0.
		prec, scale = prec-scale, 0
	}
	if prec < scale {
		prec = scale
	}
	if prec > sqltypes.MaxDecimalPrecision {
		return sqltypes.DecimalType{}, false
	}
	return sqltypes.DecimalType{Precision: prec, Scale: scale}, true
}

func inferJSONValue(v any) sqltypes.DataType {
	switch x := v.(type) {
	case nil:
		return sqltypes.Null
	case bool:
		return sqltypes.Boolean
	case string:
		return sqltypes.String
	case json.Number:
		s := x.String()
		if strings.ContainsAny(s, ".eE") {
			return sqltypes.Double
		}
		if _, err := x.Int64(); err == nil {
			return sqltypes.Long
		}
		n, _ := new(big.Int).SetString(strings.TrimPrefix(s, "-"), 10)
		if n != nil && len(n.String()) <= sqltypes.MaxDecimalPrecision {
			return sqltypes.DecimalType{Precision: len(n.String())}
		}
		return sqltypes.Double
	case []any:
		var el sqltypes.DataType = sqltypes.Null
		for _, e := range x {
			el = mergeJSONTypes(el, inferJSONValue(e))
		}
		return sqltypes.ArrayType{Element: el, ContainsNull: true}
	case map[string]any:
		st := &sqltypes.StructType{}
		for k, e := range x {
			st.Fields = append(st.Fields, sqltypes.StructField{Name: k, Type: inferJSONValue(e), Nullable: true})
		}
		sort.Slice(st.Fields, func(i, j int) bool { return st.Fields[i].Name < st.Fields[j].Name })
		return st
	}
	return sqltypes.String
}

// mergeJSONTypes is JsonInferSchema.compatibleType.
func mergeJSONTypes(a, b sqltypes.DataType) sqltypes.DataType {
	if _, ok := a.(sqltypes.NullType); ok {
		return b
	}
	if _, ok := b.(sqltypes.NullType); ok {
		return a
	}
	if sqltypes.EqualTypes(a, b, true) {
		return a
	}
	switch x := a.(type) {
	case sqltypes.LongType, sqltypes.DoubleType, sqltypes.DecimalType:
		switch b.(type) {
		case sqltypes.LongType, sqltypes.DoubleType, sqltypes.DecimalType:
			_, ad := a.(sqltypes.DoubleType)
			_, bd := b.(sqltypes.DoubleType)
			if ad || bd {
				return sqltypes.Double
			}
			da, _ := sqltypes.DecimalTypeForInt(a)
			db, _ := sqltypes.DecimalTypeForInt(b)
			scale := max(da.Scale, db.Scale)
			p := max(da.Precision-da.Scale, db.Precision-db.Scale) + scale
			if p > sqltypes.MaxDecimalPrecision {
				return sqltypes.Double
			}
			return sqltypes.DecimalType{Precision: p, Scale: scale}
		}
	case *sqltypes.StructType:
		y, ok := b.(*sqltypes.StructType)
		if !ok {
			break
		}
		byName := map[string]int{}
		out := &sqltypes.StructType{}
		for _, f := range x.Fields {
			byName[f.Name] = len(out.Fields)
			out.Fields = append(out.Fields, f)
		}
		for _, f := range y.Fields {
			if i, ok := byName[f.Name]; ok {
				out.Fields[i].Type = mergeJSONTypes(out.Fields[i].Type, f.Type)
			} else {
				out.Fields = append(out.Fields, f)
			}
		}
		sort.Slice(out.Fields, func(i, j int) bool { return out.Fields[i].Name < out.Fields[j].Name })
		return out
	case sqltypes.ArrayType:
		if y, ok := b.(sqltypes.ArrayType); ok {
			return sqltypes.ArrayType{Element: mergeJSONTypes(x.Element, y.Element), ContainsNull: true}
		}
	}
	return sqltypes.String
}

// finishJSONType turns types that stayed NULL into STRING, as Spark does at the end.
func finishJSONType(t sqltypes.DataType) sqltypes.DataType {
	switch x := t.(type) {
	case sqltypes.NullType:
		return sqltypes.String
	case sqltypes.ArrayType:
		return sqltypes.ArrayType{Element: finishJSONType(x.Element), ContainsNull: true}
	case *sqltypes.StructType:
		out := &sqltypes.StructType{}
		for _, f := range x.Fields {
			f.Type = finishJSONType(f.Type)
			out.Fields = append(out.Fields, f)
		}
		return out
	}
	return t
}

// withoutCorruptColumn is the schema the JSON parser sees: schema without its corrupt-record
// column (a string field named name), and that column's index, or -1 when it has none.
func withoutCorruptColumn(schema *sqltypes.StructType, name string) (*sqltypes.StructType, int) {
	i, ok := schema.FieldIndex(name)
	if !ok {
		return schema, -1
	}
	if _, isStr := schema.Fields[i].Type.(sqltypes.StringType); !isStr {
		return schema, -1
	}
	parse := &sqltypes.StructType{}
	for j, f := range schema.Fields {
		if j != i {
			parse.Fields = append(parse.Fields, f)
		}
	}
	return parse, i
}

// jsonRelaxer returns the rewrite of a record that the reader's allowComments and
// allowSingleQuotes options (Jackson's ALLOW_COMMENTS and ALLOW_SINGLE_QUOTES) admit into
// plain JSON: comments (/* ... */ and // to the line's end) outside strings become a
// space, and a string in single quotes one in double quotes. allowSingleQuotes is on by
// default in Spark; nil when neither option applies.
func jsonRelaxer(opts *options) func(string) string {
	comments := optTrue(opts, "allowComments")
	single := true
	if v, ok := opts.get("allowSingleQuotes"); ok {
		single = strings.EqualFold(strings.TrimSpace(v), "true")
	}
	if !comments && !single {
		return nil
	}
	return func(s string) string {
		if !strings.Contains(s, "'") && !(comments && strings.Contains(s, "/")) {
			return s
		}
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == '"':
				j := i + 1
				for j < len(s) && s[j] != '"' {
					if s[j] == '\\' {
						j++
					}
					j++
				}
				if j >= len(s) {
					b.WriteString(s[i:])
					return b.String()
				}
				b.WriteString(s[i : j+1])
				i = j
			case c == '\'' && single:
				b.WriteByte('"')
				j := i + 1
				for ; j < len(s) && s[j] != '\''; j++ {
					switch {
					case s[j] == '\\' && j+1 < len(s) && s[j+1] == '\'':
						b.WriteByte('\'')
						j++
					case s[j] == '\\' && j+1 < len(s):
						b.WriteString(s[j : j+2])
						j++
					case s[j] == '"':
						b.WriteString(`\"`)
					default:
						b.WriteByte(s[j])
					}
				}
				if j >= len(s) {
					return s // unclosed: left for the parser to reject
				}
				b.WriteByte('"')
				i = j
			case c == '/' && comments && i+1 < len(s) && s[i+1] == '*':
				end := strings.Index(s[i+2:], "*/")
				if end < 0 {
					return s
				}
				b.WriteByte(' ')
				i += end + 3
			case c == '/' && comments && i+1 < len(s) && s[i+1] == '/':
				end := strings.IndexByte(s[i:], '\n')
				if end < 0 {
					return b.String()
				}
				b.WriteByte(' ')
				i += end - 1
			default:
				b.WriteByte(c)
			}
		}
		return b.String()
	}
}
