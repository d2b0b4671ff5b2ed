package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stateful"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// DataFrame is pyspark.sql.DataFrame: an analysed logical plan bound to its session.
// DataFrames are immutable; every transformation returns a new one.
type DataFrame struct {
	s    *Session
	node plan.Node
}

func (s *Session) newDF(n plan.Node) *DataFrame { return &DataFrame{s: s, node: n} }

// Plan is the DataFrame's logical plan (for the engine's own packages and tests).
func (df *DataFrame) Plan() plan.Node { return df.node }

// Session is df.sparkSession.
func (df *DataFrame) Session() *Session { return df.s }

// CreateDataFrame is spark.createDataFrame(rows, schema). Values are converted to the
// schema's Go types where PySpark would accept them (an int for a BIGINT column, a
// sqltypes.Decimal of another scale for a DECIMAL column); anything else is
// FIELD_DATA_TYPE_UNACCEPTABLE. The schema is used as given (nullability kept).
func (s *Session) CreateDataFrame(rows []sqltypes.Row, schema *sqltypes.StructType) (*DataFrame, error) {
	if schema == nil {
		return nil, fmt.Errorf("createDataFrame: a schema is required (a DDL string like \"order_id INT, status STRING\" or a StructType)")
	}
	out, err := s.conformRows(rows, schema)
	if err != nil {
		return nil, err
	}
	// PySpark hands the rows to the JVM as an RDD, a relation Spark has no size estimate for.
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "LocalRelation", Rows: parallelize(out, s.DefaultParallelism()), SizeUnknown: true}
	return s.newDF(rel), nil
}

// CreateDataFrameTasks is a DataFrame whose rows come in the given tasks (a Python data
// source's input partitions, one task each), converted to the schema as CreateDataFrame
// converts them.
func (s *Session) CreateDataFrameTasks(name string, tasks [][]sqltypes.Row, schema *sqltypes.StructType) (*DataFrame, error) {
	if schema == nil {
		return nil, fmt.Errorf("%s: a schema is required", name)
	}
	out := make([][]sqltypes.Row, len(tasks))
	for i, t := range tasks {
		rows, err := s.conformRows(t, schema)
		if err != nil {
			return nil, err
		}
		out[i] = rows
	}
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: name, Rows: out, SizeUnknown: true}
	return s.newDF(rel), nil
}

// StreamFromSource is a streaming DataFrame read from a source made by open (a Python data
// source's stream reader); name is the scan's name in plans.
func (s *Session) StreamFromSource(name string, schema *sqltypes.StructType, open func() (stream.Source, error)) *DataFrame {
	scan := &plan.StreamScan{Scope: s.newScope(schema, nil), Name: name, Source: &sourceSpec{open: open}, SizeUnknown: true}
	return s.newDF(scan)
}

// conformRows converts rows to the schema's Go types, with createDataFrame's errors.
func (s *Session) conformRows(rows []sqltypes.Row, schema *sqltypes.StructType) ([]sqltypes.Row, error) {
	out := make([]sqltypes.Row, len(rows))
	for i, r := range rows {
		if len(r) != len(schema.Fields) {
			return nil, &plan.AnalysisError{Class: "AXIS_LENGTH_MISMATCH", Message: fmt.Sprintf(
				"Length mismatch: Expected axis has %d elements, new values have %d elements.", len(schema.Fields), len(r))}
		}
		nr := make(sqltypes.Row, len(r))
		for j, v := range r {
			cv, err := conformValue(v, schema.Fields[j].Type, s.Location())
			if err != nil {
				return nil, fieldUnacceptable(schema.Fields[j], v)
			}
			if cv == nil && !schema.Fields[j].Nullable {
				return nil, &plan.AnalysisError{Class: "FIELD_NOT_NULLABLE", Message: fmt.Sprintf(
					"Field %s: This field is not nullable, but got None.", schema.Fields[j].Name)}
			}
			nr[j] = cv
		}
		out[i] = nr
	}
	return out, nil
}

// parallelize splits rows into the tasks PySpark's createDataFrame gives them: Python
// pickles the list in batches of max(1, min(len/slices, 1024)) rows and the JVM's
// ParallelCollectionRDD deals the batches out, slice i taking batches [i*m/slices,
// (i+1)*m/slices) of m.
func parallelize(rows []sqltypes.Row, slices int) [][]sqltypes.Row {
	slices = max(slices, 1)
	batch := max(1, min(len(rows)/slices, 1024))
	m := (len(rows) + batch - 1) / batch
	out := make([][]sqltypes.Row, slices)
	for i := range slices {
		from, to := i*m/slices*batch, min((i+1)*m/slices*batch, len(rows))
		if from < to {
			out[i] = rows[from:to]
		}
	}
	return out
}

// CreateDataFrameDDL is spark.createDataFrame(rows, "order_id INT, ..."): the DDL schema's
// fields are nullable, as Spark's parser makes them.
func (s *Session) CreateDataFrameDDL(rows []sqltypes.Row, ddl string) (*DataFrame, error) {
	schema, err := sqltypes.ParseDDL(ddl)
	if err != nil {
		return nil, err
	}
	return s.CreateDataFrame(rows, schema.AsNullable())
}

// CreateDataFrameNames is spark.createDataFrame(rows, ["a", "b"]): types are inferred from
// the values as PySpark infers Python's (int -> BIGINT, float -> DOUBLE, str -> STRING,
// bool -> BOOLEAN, Decimal -> DECIMAL(38,18), timestamps -> TIMESTAMP).
func (s *Session) CreateDataFrameNames(rows []sqltypes.Row, names []string) (*DataFrame, error) {
	schema := &sqltypes.StructType{}
	for j, n := range names {
		var t sqltypes.DataType
		for _, r := range rows {
			if j < len(r) && r[j] != nil {
				t = inferType(r[j])
				break
			}
		}
		if t == nil {
			return nil, &plan.AnalysisError{Class: "CANNOT_DETERMINE_TYPE", Message: "Some of types cannot be determined after inferring."}
		}
		schema.Fields = append(schema.Fields, sqltypes.StructField{Name: n, Type: t, Nullable: true})
	}
	return s.CreateDataFrame(rows, schema)
}

func inferType(v any) sqltypes.DataType {
	switch v.(type) {
	case int, int64, int32, int16, int8:
		return sqltypes.Long
	case float64, float32:
		return sqltypes.Double
	case string:
		return sqltypes.String
	case bool:
		return sqltypes.Boolean
	case []byte:
		return sqltypes.Binary
	case sqltypes.Decimal:
		return sqltypes.DecimalType{Precision: 38, Scale: 18}
	case sqltypes.Timestamp, time.Time:
		return sqltypes.TimestampT
	case sqltypes.Date:
		return sqltypes.DateT
	case sqltypes.Time:
		return sqltypes.TimeT
	}
	return sqltypes.String
}

func fieldUnacceptable(f sqltypes.StructField, v any) error {
	return &plan.AnalysisError{Class: "FIELD_DATA_TYPE_UNACCEPTABLE", Message: fmt.Sprintf(
		"field %s: %s can not accept object %s in type %s.", f.Name, pysparkTypeName(f.Type), pyRepr(v), pyTypeName(v))}
}

// pysparkTypeName is the Python repr of a type in PySpark's messages ("DecimalType(10,2)").
func pysparkTypeName(t sqltypes.DataType) string {
	switch t := t.(type) {
	case sqltypes.DecimalType:
		return fmt.Sprintf("DecimalType(%d,%d)", t.Precision, t.Scale)
	case *sqltypes.StructType:
		return "StructType(...)"
	}
	name := t.TypeName()
	return strings.ToUpper(name[:1]) + name[1:] + "Type()"
}

func pyTypeName(v any) string {
	switch v.(type) {
	case int, int64, int32, int16, int8:
		return "<class 'int'>"
	case float64, float32:
		return "<class 'float'>"
	case string:
		return "<class 'str'>"
	case bool:
		return "<class 'bool'>"
	case sqltypes.Decimal:
		return "<class 'decimal.Decimal'>"
	case []byte:
		return "<class 'bytes'>"
	case sqltypes.Timestamp, time.Time:
		return "<class 'datetime.datetime'>"
	case sqltypes.Time:
		return "<class 'datetime.time'>"
	}
	return fmt.Sprintf("<class '%T'>", v)
}

func pyRepr(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		if x {
			return "True"
		}
		return "False"
	case float64:
		return sqltypes.JavaDoubleString(x)
	}
	return fmt.Sprint(v)
}

// conformValue converts a Go value to the representation of type t, as PySpark's
// createDataFrame verification accepts Python values.
func conformValue(v any, t sqltypes.DataType, loc *time.Location) (any, error) {
	if v == nil {
		return nil, nil
	}
	bad := fmt.Errorf("unacceptable")
	asInt := func() (int64, bool) {
		switch x := v.(type) {
		case int:
			return int64(x), true
		case int64:
			return x, true
		case int32:
			return int64(x), true
		case int16:
			return int64(x), true
		case int8:
			return int64(x), true
		}
		return 0, false
	}
	switch t := t.(type) {
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
		n, ok := asInt()
		if !ok {
			return nil, bad
		}
		switch t.(type) {
		case sqltypes.ByteType:
			if n < math.MinInt8 || n > math.MaxInt8 {
				return nil, bad
			}
			return int8(n), nil
		case sqltypes.ShortType:
			if n < math.MinInt16 || n > math.MaxInt16 {
				return nil, bad
			}
			return int16(n), nil
		case sqltypes.IntegerType:
			if n < math.MinInt32 || n > math.MaxInt32 {
				return nil, bad
			}
			return int32(n), nil
		}
		return n, nil
	case sqltypes.DoubleType:
		switch x := v.(type) {
		case float64:
			return x, nil
		case float32:
			return float64(x), nil
		}
	case sqltypes.FloatType:
		switch x := v.(type) {
		case float64:
			return float32(x), nil
		case float32:
			return x, nil
		}
	case sqltypes.StringType:
		if s, ok := v.(string); ok {
			return s, nil
		}
	case sqltypes.BinaryType:
		switch x := v.(type) {
		case []byte:
			return x, nil
		}
	case sqltypes.BooleanType:
		if b, ok := v.(bool); ok {
			return b, nil
		}
	case sqltypes.DecimalType:
		d, ok := v.(sqltypes.Decimal)
		if !ok {
			return nil, bad
		}
		ec := &plan.EvalContext{Location: loc, Ansi: false}
		out, err := plan.Convert(ec, d, sqltypes.DecimalType{Precision: 38, Scale: int(d.Scale)}, t)
		if err != nil || out == nil {
			return nil, bad
		}
		return out, nil
	case sqltypes.TimestampType:
		switch x := v.(type) {
		case sqltypes.Timestamp:
			return x, nil
		case time.Time:
			return sqltypes.Timestamp(x.UnixMicro()), nil
		}
	case sqltypes.TimestampNTZType:
		if x, ok := v.(sqltypes.TimestampNTZ); ok {
			return x, nil
		}
	case sqltypes.DateType:
		if x, ok := v.(sqltypes.Date); ok {
			return x, nil
		}
	case sqltypes.TimeType:
		if x, ok := v.(sqltypes.Time); ok {
			return x, nil
		}
	case *sqltypes.StructType:
		r, ok := v.(sqltypes.Row)
		if !ok || len(r) != len(t.Fields) {
			return nil, bad
		}
		out := make(sqltypes.Row, len(r))
		for i, e := range r {
			cv, err := conformValue(e, t.Fields[i].Type, loc)
			if err != nil {
				return nil, err
			}
			out[i] = cv
		}
		return out, nil
	case sqltypes.ArrayType:
		a, ok := v.([]any)
		if !ok {
			return nil, bad
		}
		out := make([]any, len(a))
		for i, e := range a {
			cv, err := conformValue(e, t.Element, loc)
			if err != nil {
				return nil, err
			}
			out[i] = cv
		}
		return out, nil
	case sqltypes.MapType:
		m, ok := v.(*sqltypes.MapValue)
		if !ok {
			return nil, bad
		}
		out := &sqltypes.MapValue{Keys: make([]any, len(m.Keys)), Values: make([]any, len(m.Values))}
		for i := range m.Keys {
			k, err := conformValue(m.Keys[i], t.Key, loc)
			if err != nil || k == nil {
				return nil, bad
			}
			val, err := conformValue(m.Values[i], t.Value, loc)
			if err != nil {
				return nil, err
			}
			out.Keys[i], out.Values[i] = k, val
		}
		return out, nil
	case sqltypes.NullType:
		return nil, bad
	}
	return nil, bad
}

// ---- schema ----

// Schema is df.schema.
func (df *DataFrame) Schema() *sqltypes.StructType { return plan.Schema(df.node) }

// String is PySpark's repr: DataFrame[order_id: int, customer_id: string].
func (df *DataFrame) String() string {
	fs := df.Schema().Fields
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.Name + ": " + sqltypes.SimpleString(f.Type)
	}
	return "DataFrame[" + strings.Join(parts, ", ") + "]"
}

// Columns is df.columns.
func (df *DataFrame) Columns() []string { return df.Schema().Names() }

// DTypes is df.dtypes: (name, simpleString type) pairs.
func (df *DataFrame) DTypes() [][2]string {
	fs := df.Schema().Fields
	out := make([][2]string, len(fs))
	for i, f := range fs {
		out[i] = [2]string{f.Name, sqltypes.SimpleString(f.Type)}
	}
	return out
}

// IsStreaming is df.isStreaming.
func (df *DataFrame) IsStreaming() bool { return plan.IsStreaming(df.node) }

// IsLocal is df.isLocal(): whether collect() and take() can answer without executors, as
// for Spark's LocalRelation and a command's result (SHOW TABLES, a Delta command). A
// DataFrame PySpark made from Python data is an RDD on Spark, so not local.
func (df *DataFrame) IsLocal() bool {
	r, ok := df.node.(*plan.Relation)
	if !ok || r.SizeUnknown || r.Load != nil {
		return false
	}
	return r.Name == "LocalRelation" || r.Name == "ShowTables" || strings.HasSuffix(r.Name, "Command")
}

// SameSemantics is df.sameSemantics(other): whether the two plans are the same query
// once the names they give columns are set aside (plan.Canonical).
func (df *DataFrame) SameSemantics(other *DataFrame) bool {
	return plan.Canonical(df.node) == plan.Canonical(other.node)
}

// InputFiles is df.inputFiles(): the files the DataFrame's file relations read, as
// file: URIs, each once, in order.
func (df *DataFrame) InputFiles() ([]string, error) {
	seen := map[string]bool{}
	var out []string
	var walk func(n plan.Node) error
	walk = func(n plan.Node) error {
		if r, ok := n.(*plan.Relation); ok && r.InputFiles != nil {
			files, err := r.InputFiles()
			if err != nil {
				return fmt.Errorf("inputFiles: %w", err)
			}
			for _, f := range files {
				u := "file:" + filepath.ToSlash(f)
				if !seen[u] {
					seen[u] = true
					out = append(out, u)
				}
			}
		}
		for _, c := range n.Children() {
			if err := walk(c); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(df.node); err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// PrintSchema is df.printSchema()'s text ("root\n |-- order_id: integer (nullable = true)\n...").
func (df *DataFrame) PrintSchema() string { return df.Schema().TreeString() }

// PrintSchemaLevel is printSchema(level): the tree down to that depth (top-level fields
// are depth 1); level <= 0 prints it all.
func (df *DataFrame) PrintSchemaLevel(level int) string {
	text := df.PrintSchema()
	if level <= 0 {
		return text
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if strings.Count(line, " |") <= level {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// ---- transformations ----

func exprsOf(cs []*Column) ([]plan.Expr, error) {
	out := make([]plan.Expr, len(cs))
	for i, c := range cs {
		if c == nil {
			return nil, fmt.Errorf("a column argument is missing (nil)")
		}
		if c.err != nil {
			return nil, c.err
		}
		out[i] = c.expr
	}
	return out, nil
}

// Select is df.select(cols...): names (including "*" and "event.*") or Columns. A select
// list with aggregate functions is a global aggregation, as in Spark.
func (df *DataFrame) Select(columns ...any) (*DataFrame, error) {
	cs, err := cols(columns)
	if err != nil {
		return nil, err
	}
	exprs, err := exprsOf(cs)
	if err != nil {
		return nil, err
	}
	if cf, ok := df.node.(*plan.CorrelatedFilter); ok {
		return df.correlatedSelect(cf, exprs)
	}
	if hasScalarSubquery(exprs...) {
		joined, rewritten, err := df.joinScalars(exprs)
		if err != nil {
			return nil, err
		}
		return joined.Select(toAnyExprs(rewritten)...)
	}
	if plan.HasAggregate(exprs...) {
		if df.IsStreaming() {
			return df.streamingAgg(nil, exprs, false)
		}
		a, err := plan.NewAggregate(df.node, nil, exprs, false)
		if err != nil {
			return nil, err
		}
		return df.s.newDF(a), nil
	}
	p, err := plan.NewSelect(df.node, exprs)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(p), nil
}

// SelectExpr is df.selectExpr(sql...).
func (df *DataFrame) SelectExpr(exprs ...string) (*DataFrame, error) {
	cs := make([]any, len(exprs))
	for i, e := range exprs {
		cs[i] = Expr(e)
	}
	return df.Select(cs...)
}

// WithColumn is df.withColumn(name, col): replaces a column of that name in place (matched
// case-insensitively), or appends it.
func (df *DataFrame) WithColumn(name string, c *Column) (*DataFrame, error) {
	return df.WithColumns([]string{name}, []*Column{c})
}

// WithColumns is df.withColumns({name: col, ...}) with the names in order.
func (df *DataFrame) WithColumns(names []string, columns []*Column) (*DataFrame, error) {
	if len(names) != len(columns) {
		return nil, fmt.Errorf("withColumns: %d names for %d columns", len(names), len(columns))
	}
	for _, c := range columns {
		if c == nil || c.err != nil {
			if c == nil {
				return nil, notExpectedType("col", "Column", nil)
			}
			return nil, c.err
		}
	}
	exprs, err := exprsOf(columns)
	if err != nil {
		return nil, err
	}
	if plan.HasAggregate(exprs...) {
		// Spark turns the projection into a global aggregation, where the other columns
		// have no GROUP BY to belong to.
		return nil, &plan.AnalysisError{Class: "MISSING_GROUP_BY", Message: "The query does not include a GROUP BY clause. Add GROUP BY or turn it into the window functions using OVER clauses.", WithPlan: true}
	}
	fields := df.Schema().Fields
	used := make([]bool, len(names))
	var list []plan.Expr
	for _, f := range fields {
		replaced := false
		for k, n := range names {
			if strings.EqualFold(n, f.Name) {
				list = append(list, plan.Alias{Child: exprs[k], Name: n})
				used[k], replaced = true, true
				break
			}
		}
		if !replaced {
			list = append(list, plan.ColumnRef{Parts: []string{f.Name}})
		}
	}
	for k, n := range names {
		if !used[k] {
			list = append(list, plan.Alias{Child: exprs[k], Name: n})
		}
	}
	p, err := plan.NewSelect(df.node, list)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(p), nil
}

// WithColumnRenamed is df.withColumnRenamed(existing, new); an unknown name is a no-op,
// as in Spark.
func (df *DataFrame) WithColumnRenamed(existing, newName string) (*DataFrame, error) {
	return df.WithColumnsRenamed([]string{existing}, []string{newName})
}

// Filter is df.filter(cond) / df.where(cond): a Column or a SQL string.
func (df *DataFrame) Filter(cond any) (*DataFrame, error) {
	var c *Column
	switch x := cond.(type) {
	case string:
		e, err := plan.ParseExpression(x)
		if err != nil {
			return nil, err
		}
		c = newColumn(e)
	case *Column:
		if x == nil {
			return nil, notExpectedType("condition", "Column or str", nil)
		}
		c = x
	default:
		return nil, notExpectedType("condition", "Column or str", cond)
	}
	if c.err != nil {
		return nil, c.err
	}
	if plan.HasOuterRef(c.expr) {
		// A subquery's condition: it is resolved when the outer query uses it.
		return df.s.newDF(&plan.CorrelatedFilter{Child: df.node, Cond: c.expr}), nil
	}
	if hasExistsSubquery(c.expr) {
		return df.filterExists(c.expr)
	}
	if hasScalarSubquery(c.expr) {
		n := len(df.Schema().Fields)
		joined, rewritten, err := df.joinScalars([]plan.Expr{c.expr})
		if err != nil {
			return nil, err
		}
		f, err := joined.Filter(newColumn(rewritten[0]))
		if err != nil {
			return nil, err
		}
		return f.outerColumns(n)
	}
	if plan.HasAggregate(c.expr) {
		var names []string
		for _, a := range plan.AggregateCalls(c.expr) {
			names = append(names, exprString(a))
		}
		return nil, &plan.AnalysisError{Class: "INVALID_WHERE_CONDITION", Message: fmt.Sprintf(
			"The WHERE condition \"%s\" contains invalid expressions: %s.\nRewrite the query to avoid window functions, aggregate functions, and generator functions in the WHERE clause.", exprString(c.expr), strings.Join(names, ", "))}
	}
	f, err := plan.NewFilter(df.node, c.expr)
	if err != nil {
		if p, ok := df.node.(*plan.Project); ok {
			if n, err2 := plan.NewFilterOverProject(p, c.expr); err2 == nil {
				return df.s.newDF(n), nil
			}
		}
		return nil, err
	}
	return df.s.newDF(f), nil
}

// Where is Filter.
func (df *DataFrame) Where(cond any) (*DataFrame, error) { return df.Filter(cond) }

// Drop is df.drop(cols...): names (unknown names are ignored, as in Spark) or Columns (one
// that does not resolve is ignored too).
func (df *DataFrame) Drop(columns ...any) (*DataFrame, error) {
	drop := map[int]bool{}
	fields := df.Schema().Fields
	for _, c := range columns {
		switch x := c.(type) {
		case string:
			for i, f := range fields {
				if strings.EqualFold(f.Name, x) {
					drop[i] = true
				}
			}
		case *Column:
			if x.err != nil {
				return nil, x.err
			}
			ref, ok := x.expr.(plan.ColumnRef)
			if !ok {
				continue
			}
			b, err := plan.Resolve(ref, df.node.Output())
			var ae *plan.AnalysisError
			if errors.As(err, &ae) && strings.HasPrefix(ae.Class, "UNRESOLVED_COLUMN") {
				// Spark's analyzer leaves a Column it cannot resolve out of the drop
				// list: df.drop(col("a.b.c")) keeps a column named "a.b.c".
				continue
			}
			if err != nil {
				return nil, err
			}
			// Only a column itself is dropped, not a nested field of one.
			if i, ok := plan.ColumnIndex(b); ok && i < len(fields) {
				drop[i] = true
			}
		default:
			return nil, notExpectedType("col", "Column or str", c)
		}
	}
	if len(drop) == 0 {
		return df, nil
	}
	var keep []plan.Bound
	for i := range fields {
		if !drop[i] {
			keep = append(keep, plan.BoundColumn(df.Schema(), i))
		}
	}
	return df.s.newDF(plan.NewBoundProject(df.node, keep)), nil
}

// OrderBy is df.orderBy(cols...) / df.sort: names or Columns (with Asc/Desc).
func (df *DataFrame) OrderBy(columns ...any) (*DataFrame, error) {
	s, exprs, err := df.sortBy(columns)
	if err != nil {
		if p, ok := df.node.(*plan.Project); ok && exprs != nil {
			if n, err2 := plan.NewSortOverProject(p, exprs); err2 == nil {
				return df.s.newDF(n), nil
			}
		}
		return nil, err
	}
	return df.s.newDF(s), nil
}

// Sort is OrderBy.
func (df *DataFrame) Sort(columns ...any) (*DataFrame, error) { return df.OrderBy(columns...) }

// SortWithinPartitions is df.sortWithinPartitions(cols...): each task's rows sorted on their
// own; the tasks stay as they are.
func (df *DataFrame) SortWithinPartitions(columns ...any) (*DataFrame, error) {
	s, _, err := df.sortBy(columns)
	if err != nil {
		return nil, err
	}
	s.Local = true
	return df.s.newDF(s), nil
}

// sortBy resolves sort keys (names or Columns) over the DataFrame; exprs are the keys, set
// when they parsed even if the sort did not resolve.
func (df *DataFrame) sortBy(columns []any) (*plan.Sort, []plan.Expr, error) {
	cs, err := cols(columns)
	if err != nil {
		return nil, nil, err
	}
	exprs, err := exprsOf(cs)
	if err != nil {
		return nil, nil, err
	}
	s, err := plan.NewSort(df.node, exprs)
	return s, exprs, err
}

// Sample is df.sample(fraction, seed) without replacement: each row kept with probability
// fraction, drawn as Spark draws (the same rows for the same seed and partitions).
func (df *DataFrame) Sample(fraction float64, seed int64) (*DataFrame, error) {
	if fraction < 0 || fraction > 1 || math.IsNaN(fraction) {
		return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
			Message: fmt.Sprintf("requirement failed: Sampling fraction (%v) must be on interval [0, 1] without replacement", fraction)}
	}
	return df.SampleRange(0, fraction, seed, false)
}

// SampleWithReplacement is df.sample(True, fraction, seed): each row repeated a
// Poisson(fraction) number of times, drawn as Spark's PoissonSampler draws them.
func (df *DataFrame) SampleWithReplacement(fraction float64, seed int64) (*DataFrame, error) {
	if fraction < 0 || math.IsNaN(fraction) {
		return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
			Message: fmt.Sprintf("requirement failed: Sampling fraction (%s) must be nonnegative with replacement", sqltypes.JavaDoubleString(fraction))}
	}
	if fraction >= plan.MaxPoissonMean {
		return nil, fmt.Errorf("sample with replacement: a fraction of %v: kafkalab draws fractions under %d", fraction, plan.MaxPoissonMean)
	}
	return df.s.newDF(&plan.Sample{Child: df.node, Upper: fraction, Seed: seed, WithReplacement: true}), nil
}

// SampleBy is df.stat.sampleBy(col, fractions, seed): a row whose stratum (the value of
// col) is strata[i] is kept when its seeded rand() draw falls below fractions[i], and a
// row of a stratum not listed is dropped, as Spark's DataFrameStatFunctions.sampleBy filters
// on rand(seed). The callers check the fractions (each front end words that check itself).
func (df *DataFrame) SampleBy(stratum *Column, strata []any, fractions []float64, seed int64) (*DataFrame, error) {
	const draw, key = "__kafkalab_sample_by_draw", "__kafkalab_sample_by_stratum"
	if len(strata) != len(fractions) {
		return nil, fmt.Errorf("sampleBy: %d strata for %d fractions", len(strata), len(fractions))
	}
	cond := "CASE"
	for i, k := range strata {
		kl, err := plan.LiteralSQL(k)
		if err != nil {
			return nil, fmt.Errorf("sampleBy: stratum %v: %w", k, err)
		}
		fl, err := plan.LiteralSQL(fractions[i])
		if err != nil {
			return nil, fmt.Errorf("sampleBy: fraction %v: %w", fractions[i], err)
		}
		cond += " WHEN `" + key + "` = " + kl + " THEN `" + draw + "` < " + fl
	}
	cond += " ELSE false END"
	withDraw, err := df.WithColumn(draw, Expr(fmt.Sprintf("rand(%dL)", seed)))
	if err != nil {
		return nil, err
	}
	withStratum, err := withDraw.WithColumn(key, stratum)
	if err != nil {
		return nil, err
	}
	kept, err := withStratum.Filter(Expr(cond))
	if err != nil {
		return nil, err
	}
	return kept.Drop(draw, key)
}

// PairStat is df.corr(col1, col2) ("corr") or df.cov(col1, col2) ("covar_samp"): one row
// of one DOUBLE column, alias, the statistic over both columns cast to DOUBLE.
func (df *DataFrame) PairStat(fn, col1, col2, alias string) (*DataFrame, error) {
	return df.SelectExpr(fmt.Sprintf("%s(CAST(%s AS DOUBLE), CAST(%s AS DOUBLE)) AS %s",
		fn, backquoted(col1), backquoted(col2), backquoted(alias)))
}

// ApproxQuantile is df.approxQuantile(cols, probabilities, relativeError): for each column,
// Spark's ApproximatePercentile over it cast to DOUBLE with NaN and NULL left out, at
// accuracy 1/relativeError (exact for 0); a column of no such value has no quantiles.
func (df *DataFrame) ApproxQuantile(ctx context.Context, cols []string, probs []float64, relErr float64) ([][]float64, error) {
	ps := make([]string, len(probs))
	for i, p := range probs {
		ps[i], _ = plan.LiteralSQL(p)
	}
	accuracy := int64(math.MaxInt32)
	if relErr > 0 {
		accuracy = int64(1 / relErr)
	}
	out := make([][]float64, len(cols))
	for i, n := range cols {
		c := "CAST(" + backquoted(n) + " AS DOUBLE)"
		notNaN, err := df.Filter(Expr("NOT isnan(" + c + ")"))
		if err != nil {
			return nil, err
		}
		sel, err := notNaN.SelectExpr(fmt.Sprintf("percentile_approx(%s, array(%s), %d)", c, strings.Join(ps, ", "), accuracy))
		if err != nil {
			return nil, err
		}
		rows, err := sel.Collect(ctx)
		if err != nil {
			return nil, err
		}
		vals, _ := rows[0][0].([]any)
		out[i] = make([]float64, len(vals))
		for k, v := range vals {
			out[i][k], _ = v.(float64)
		}
	}
	return out, nil
}

// SampleRange keeps the rows whose draw falls in [lower, upper) (a piece of randomSplit, or
// sample as [0, fraction)); sorted sorts each task's rows by every orderable column first, as
// randomSplit does so its pieces draw over one row order.
func (df *DataFrame) SampleRange(lower, upper float64, seed int64, sorted bool) (*DataFrame, error) {
	var base plan.Node = df.node
	if sorted {
		if s, ok := plan.NewLocalSortAll(df.node); ok {
			base = s
		}
	}
	return df.s.newDF(&plan.Sample{Child: base, Lower: lower, Upper: upper, Seed: seed}), nil
}

// RandomSplit is df.randomSplit(weights, seed): disjoint samples whose sizes follow the
// normalised weights. As Spark, each split samples the rows sorted within their tasks by
// every orderable column, so the splits draw over one row order.
func (df *DataFrame) RandomSplit(weights []float64, seed int64) ([]*DataFrame, error) {
	sum := 0.0
	for _, w := range weights {
		if w < 0 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
				Message: fmt.Sprintf("requirement failed: Weights must be nonnegative, but got [%s]", joinFloats(weights))}
		}
		sum += w
	}
	if sum <= 0 {
		return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
			Message: fmt.Sprintf("requirement failed: Sum of weights must be positive, but got [%s]", joinFloats(weights))}
	}
	var base plan.Node = df.node
	if s, ok := plan.NewLocalSortAll(df.node); ok {
		base = s
	}
	out := make([]*DataFrame, len(weights))
	lower := 0.0
	for i, w := range weights {
		upper := lower + w/sum
		out[i] = df.s.newDF(&plan.Sample{Child: base, Lower: lower, Upper: upper, Seed: seed})
		lower = upper
	}
	return out, nil
}

func joinFloats(fs []float64) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(parts[i], ".") {
			parts[i] += ".0"
		}
	}
	return strings.Join(parts, ", ")
}

// Coalesce is df.coalesce(n): at most n tasks, so a sink writes at most n files.
func (df *DataFrame) Coalesce(n int) (*DataFrame, error) {
	if n <= 0 {
		return nil, illegalArgument(fmt.Sprintf("requirement failed: Number of partitions (%d) must be positive.", n))
	}
	return df.s.newDF(&plan.Coalesce{Child: df.node, N: n}), nil
}

// Repartition is df.repartition(n): rows spread round-robin over n tasks.
func (df *DataFrame) Repartition(n int) (*DataFrame, error) {
	if n <= 0 {
		return nil, illegalArgument(fmt.Sprintf("requirement failed: Number of partitions (%d) must be positive.", n))
	}
	return df.s.newDF(&plan.Repartition{Child: df.node, N: n}), nil
}

// RepartitionBy is repartition(n, cols...) (n > 0) or repartition(cols...) (n == 0): rows
// hash-partitioned by the columns as Spark's shuffle places them. Without n Spark uses
// spark.sql.shuffle.partitions and its adaptive execution then coalesces a small result into
// one task; kafkalab does the same.
func (df *DataFrame) RepartitionBy(n int, columns ...any) (*DataFrame, error) {
	cs, err := cols(columns)
	if err != nil {
		return nil, err
	}
	exprs, err := exprsOf(cs)
	if err != nil {
		return nil, err
	}
	coalesce := false
	if n == 0 {
		n, coalesce = df.s.shufflePartitions(), true
	} else if n < 0 {
		return nil, illegalArgument(fmt.Sprintf("requirement failed: Number of partitions (%d) must be positive.", n))
	}
	h, err := plan.NewHashRepartition(df.node, exprs, n, coalesce)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(h), nil
}

// RepartitionByRange is repartitionByRange(n, cols...) (n > 0) or repartitionByRange(cols...)
// (n == 0): rows range-partitioned by the sort keys as Spark's RangePartitioner places them.
// Without n, spark.sql.shuffle.partitions ranges coalesced into one task, as for
// RepartitionBy.
func (df *DataFrame) RepartitionByRange(n int, columns ...any) (*DataFrame, error) {
	cs, err := cols(columns)
	if err != nil {
		return nil, err
	}
	exprs, err := exprsOf(cs)
	if err != nil {
		return nil, err
	}
	coalesce := false
	if n == 0 {
		n, coalesce = df.s.shufflePartitions(), true
	} else if n < 0 {
		return nil, illegalArgument(fmt.Sprintf("requirement failed: Number of partitions (%d) must be positive.", n))
	}
	r, err := plan.NewRangeRepartition(df.node, exprs, n, coalesce)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(r), nil
}

// RepartitionByID is repartitionById(n, col): each row to task pmod(col, n), NULL to 0.
func (df *DataFrame) RepartitionByID(n int, id any) (*DataFrame, error) {
	cs, err := cols([]any{id})
	if err != nil {
		return nil, err
	}
	exprs, err := exprsOf(cs)
	if err != nil {
		return nil, err
	}
	r, err := plan.NewIDRepartition(df.node, exprs[0], n)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(r), nil
}

// ZipWithIndex is df.zipWithIndex(name): a BIGINT column numbering the rows from 0 in
// task order, appended last.
func (df *DataFrame) ZipWithIndex(name string) *DataFrame {
	return df.s.newDF(plan.NewZipWithIndex(df.node, name))
}

// Limit is df.limit(n).
func (df *DataFrame) Limit(n int) (*DataFrame, error) {
	if n < 0 {
		return nil, &plan.AnalysisError{Class: "INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE", Message: fmt.Sprintf("The limit like expression \"%d\" is invalid. The limit expression must be equal to or greater than 0, but got %d.", n, n)}
	}
	if df.IsStreaming() {
		return df.s.newDF(stateful.NewLimit(df.node, n)), nil
	}
	return df.s.newDF(&plan.Limit{Child: df.node, N: n}), nil
}

// Union is df.union(other) (by position; unionAll is the same).
func (df *DataFrame) Union(other *DataFrame) (*DataFrame, error) {
	u, err := plan.NewUnion(df.node, other.node)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(u), nil
}

// UnionAll is Union.
func (df *DataFrame) UnionAll(other *DataFrame) (*DataFrame, error) { return df.Union(other) }

// DropDuplicates is df.dropDuplicates([names]); on a stream it keeps the keys it has seen
// in state (the stateful engine's operator).
func (df *DataFrame) DropDuplicates(names ...string) (*DataFrame, error) {
	if df.IsStreaming() {
		return df.streamingDedup(names, false)
	}
	d, err := plan.NewDeduplicate(df.node, names)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(d), nil
}

// DropDuplicatesWithinWatermark is df.dropDuplicatesWithinWatermark([names]): on a stream,
// a key is remembered until the watermark passes its first event time plus the delay; on
// static data Spark refuses it when an action runs.
func (df *DataFrame) DropDuplicatesWithinWatermark(names ...string) (*DataFrame, error) {
	if df.IsStreaming() {
		return df.streamingDedup(names, true)
	}
	d, err := plan.NewDeduplicate(df.node, names)
	if err != nil {
		return nil, err
	}
	d.WithinWatermark = true
	return df.s.newDF(d), nil
}

// streamingDedup is dropDuplicates / dropDuplicatesWithinWatermark on a stream: the
// stateful engine remembers the keys it has seen.
func (df *DataFrame) streamingDedup(names []string, within bool) (*DataFrame, error) {
	n, err := stateful.NewDeduplicate(df.node, names, within)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(n), nil
}

// Distinct is df.distinct().
func (df *DataFrame) Distinct() (*DataFrame, error) { return df.DropDuplicates() }

// WithWatermark is df.withWatermark(eventTime, delay): delay is an interval string such as
// "10 minutes". The column is marked with spark.watermarkDelayMs.
func (df *DataFrame) WithWatermark(eventTime, delay string) (*DataFrame, error) {
	iv, err := sqltypes.ParseInterval(delay)
	if err != nil {
		return nil, sqltypes.CannotParseInterval(delay)
	}
	// Spark's EventTimeWatermark.getDelayMs counts a month as 31 days.
	ms := iv.Months*31*86_400_000 + iv.Micros/1000
	if ms < 0 {
		return nil, &plan.AnalysisError{Message: fmt.Sprintf("Watermark delay must be non-negative, got %q.", delay)}
	}
	w, err := plan.NewWatermark(df.node, eventTime, ms)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(w), nil
}

// Agg is df.agg(cols...): a global aggregation.
func (df *DataFrame) Agg(columns ...any) (*DataFrame, error) { return df.GroupBy().Agg(columns...) }

// streamingAgg is groupBy(keys).agg(aggs) on a stream (keys may hold window(...));
// withKeys is false for select(aggregates...). The stateful engine keeps the groups.
func (df *DataFrame) streamingAgg(keys, aggs []plan.Expr, withKeys bool) (*DataFrame, error) {
	n, err := stateful.NewAggregate(df.node, keys, aggs, withKeys)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(n), nil
}

// GroupedData is the result of df.groupBy(...).
type GroupedData struct {
	df   *DataFrame
	keys []*Column
	err  error
	// sets, for rollup and cube, are the grouping sets as key indexes (groupingsets.go);
	// pivot is groupBy(...).pivot(...)'s column and values (pivot.go).
	sets  [][]int
	pivot *pivotSpec
	// planned is a grouping a Spark Connect plan made (WithoutRowEncoder).
	planned bool
}

// WithoutRowEncoder marks a grouping that Spark builds straight into a plan, as the Spark
// Connect server does, rather than through Classic PySpark's RelationalGroupedDataset: that
// one makes a row encoder of the DataFrame's schema, which refuses a TIME column with
// spark.sql.timeType.enabled false; a plan does not.
func (g *GroupedData) WithoutRowEncoder() *GroupedData { g.planned = true; return g }

// checkRowEncoder is Classic Spark's row encoder of the grouped DataFrame: with
// spark.sql.timeType.enabled false any TIME column in it fails the aggregation when it is
// built, used or not (df.groupBy("n").count() on a DataFrame with a TIME column).
func (g *GroupedData) checkRowEncoder() error {
	if g.planned {
		return nil
	}
	return g.df.CheckRowEncoder()
}

// CheckRowEncoder is Classic Spark's making of the DataFrame's row encoder, which
// Dataset.count() and groupBy(...).agg(...) do (not select, filter or collect): with
// spark.sql.timeType.enabled false a TIME column anywhere in the schema fails it with
// UNSUPPORTED_TIME_TYPE. Spark Connect makes none.
func (df *DataFrame) CheckRowEncoder() error {
	if df.s.timeTypeOff() && plan.ContainsTime(df.Schema()) {
		return errUnsupportedTimeType()
	}
	return nil
}

// GroupBy is df.groupBy(cols...) / groupby: names or Columns.
func (df *DataFrame) GroupBy(columns ...any) *GroupedData {
	cs, err := cols(columns)
	return &GroupedData{df: df, keys: cs, err: err}
}

// Agg is groupBy(...).agg(cols...): the grouping columns, then the aggregates.
func (g *GroupedData) Agg(columns ...any) (*DataFrame, error) {
	if g.err != nil {
		return nil, g.err
	}
	if err := g.checkRowEncoder(); err != nil {
		return nil, err
	}
	if g.sets != nil {
		return g.aggGroupingSets(columns)
	}
	if g.pivot != nil {
		return g.aggPivot(columns)
	}
	keys, err := exprsOf(g.keys)
	if err != nil {
		return nil, err
	}
	cs, err := cols(columns)
	if err != nil {
		return nil, err
	}
	aggs, err := exprsOf(cs)
	if err != nil {
		return nil, err
	}
	if len(aggs) == 0 {
		return nil, fmt.Errorf("agg: give at least one aggregate column, e.g. F.count(\"*\")")
	}
	if g.df.IsStreaming() {
		return g.df.streamingAgg(keys, aggs, true)
	}
	a, err := plan.NewAggregate(g.df.node, keys, aggs, true)
	if err != nil {
		return nil, err
	}
	return g.df.s.newDF(a), nil
}

// Count is groupBy(...).count(): a column "count" per group.
func (g *GroupedData) Count() (*DataFrame, error) { return g.Agg(Count(Lit(1)).Alias("count")) }

// Sum, Avg, Min and Max are groupBy(...).sum(names...) and friends.
func (g *GroupedData) Sum(names ...string) (*DataFrame, error) { return g.each(Sum, names) }
func (g *GroupedData) Avg(names ...string) (*DataFrame, error) { return g.each(Avg, names) }
func (g *GroupedData) Min(names ...string) (*DataFrame, error) { return g.each(Min, names) }
func (g *GroupedData) Max(names ...string) (*DataFrame, error) { return g.each(Max, names) }

// each is Spark's aggregateNumericColumns: no names means every numeric column; each name
// is resolved on the DataFrame (Dataset.resolve: an unknown one lists every column as the
// proposal) and must be numeric.
func (g *GroupedData) each(f func(any) *Column, names []string) (*DataFrame, error) {
	if g.err != nil {
		return nil, g.err
	}
	if len(names) == 0 {
		for _, fld := range g.df.Schema().Fields {
			if plan.IsNumeric(fld.Type) {
				names = append(names, fld.Name)
			}
		}
	}
	var cs []any
	for _, n := range names {
		c, err := g.df.Col(n)
		if err != nil {
			return nil, err
		}
		b, err := plan.Resolve(c.expr, g.df.node.Output())
		if err != nil {
			return nil, err
		}
		if !plan.IsNumeric(b.DataType()) {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "_LEGACY_ERROR_TEMP_1323", "colName", n)
		}
		cs = append(cs, f(n))
	}
	return g.Agg(cs...)
}

// ---- actions ----

func (df *DataFrame) checkBatch() error { return plan.CheckBatch(df.node) }

// execute runs the plan as a batch query and returns its rows: one stream per task, the
// caller reads and closes them.
func (df *DataFrame) execute(ctx context.Context) ([]rowiter.Iter, error) {
	if err := df.checkBatch(); err != nil {
		return nil, err
	}
	ec, err := df.s.evalContext()
	if err != nil {
		return nil, err
	}
	return plan.Run(ctx, df.node, &plan.Exec{Eval: ec, ChunkRows: df.s.chunkRows})
}

// Collect is df.collect().
func (df *DataFrame) Collect(ctx context.Context) ([]sqltypes.Row, error) {
	tasks, err := df.execute(ctx)
	if err != nil {
		return nil, err
	}
	byTask, err := rowiter.CollectTasks(ctx, tasks)
	if err != nil {
		return nil, err
	}
	var out []sqltypes.Row
	for _, t := range byTask {
		out = append(out, t...)
	}
	return out, nil
}

// Count is df.count(): the rows are counted as they stream, none kept.
func (df *DataFrame) Count(ctx context.Context) (int64, error) {
	tasks, err := df.execute(ctx)
	if err != nil {
		return 0, err
	}
	counts := make([]int64, len(tasks))
	err = rowiter.ForEachTask(ctx, tasks, rowiter.Parallelism(), func(ctx context.Context, t int, it rowiter.Iter) error {
		var err error
		counts[t], err = rowiter.Count(ctx, it)
		return err
	})
	var n int64
	for _, c := range counts {
		n += c
	}
	return n, err
}

// Take is df.take(n) (and df.head(n)).
func (df *DataFrame) Take(ctx context.Context, n int) ([]sqltypes.Row, error) {
	if err := df.checkBatch(); err != nil {
		return nil, err
	}
	l, err := df.Limit(n)
	if err != nil {
		return nil, err
	}
	return l.Collect(ctx)
}

// First is df.first(): the first row, or nil when there is none.
func (df *DataFrame) First(ctx context.Context) (sqltypes.Row, error) {
	rows, err := df.Take(ctx, 1)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return rows[0], nil
}

// IsEmpty is df.isEmpty().
func (df *DataFrame) IsEmpty(ctx context.Context) (bool, error) {
	r, err := df.Take(ctx, 1)
	return len(r) == 0, err
}

// Show is df.show(n, truncate, vertical) as text: truncate 0 shows full cells, 20 is
// PySpark's truncate=True, any other n cuts cells to n characters.
func (df *DataFrame) Show(ctx context.Context, n, truncate int, vertical bool) (string, error) {
	if err := df.checkBatch(); err != nil {
		return "", err
	}
	// Take one row more than shown, to know whether to print "only showing top n rows".
	l, err := df.Limit(max(n, 0) + 1)
	if err != nil {
		return "", err
	}
	rows, err := l.Collect(ctx)
	if err != nil {
		return "", err
	}
	return showString(df.Schema(), rows, n, truncate, vertical, df.s.Location()), nil
}

// CreateOrReplaceTempView is df.createOrReplaceTempView(name): spark.table(name) then
// returns this DataFrame (a temporary view wins over a catalog table, as in Spark).
func (df *DataFrame) CreateOrReplaceTempView(name string) error {
	return df.s.registerView(name, df, true)
}

// CreateOrReplaceGlobalTempView is df.createOrReplaceGlobalTempView(name): a view every
// session of this application reads as global_temp.name.
func (df *DataFrame) CreateOrReplaceGlobalTempView(name string) error {
	return df.s.registerGlobalView(name, df, true)
}

// CreateGlobalTempView is df.createGlobalTempView(name); an existing global view of that
// name is an error.
func (df *DataFrame) CreateGlobalTempView(name string) error {
	return df.s.registerGlobalView(name, df, false)
}

// CreateTempView is df.createTempView(name); an existing view of that name is an error.
func (df *DataFrame) CreateTempView(name string) error {
	return df.s.registerView(name, df, false)
}

// Col is df.colName and df["colName"]: the column bound to this DataFrame, as Spark's
// Dataset.col resolves it at once. A name the DataFrame does not have is Spark's
// UNRESOLVED_COLUMN, proposing the DataFrame's columns in their order.
// ColRegex is df.colRegex(colName): a name in backticks is a Java regular expression that
// selects every column whose name it matches (qualifier.`regex` those of that qualifier);
// any other name is the column itself, as df[name] (Spark's Dataset.colRegex).
func (df *DataFrame) ColRegex(name string) (*Column, error) {
	if c, ok := RegexColumn(name); ok {
		return c, nil
	}
	return df.Col(name)
}

// RegexColumn is the regular-expression selection colRegex makes of a name in backticks
// (or qualifier.`regex`); ok is false for any other name, which colRegex reads as a column.
// Spark Connect's UnresolvedRegex reaches it without the DataFrame.
func RegexColumn(name string) (c *Column, ok bool) {
	if len(name) >= 3 && strings.HasPrefix(name, "`") && strings.HasSuffix(name, "`") {
		return newColumn(plan.Star{Regex: name[1 : len(name)-1]}), true
	}
	if i := strings.Index(name, ".`"); i > 0 && strings.HasSuffix(name, "`") && len(name) > i+3 {
		return newColumn(plan.Star{Target: plan.ParseAttributeName(name[:i]), Regex: name[i+2 : len(name)-1]}), true
	}
	return nil, false
}

func (df *DataFrame) Col(name string) (*Column, error) {
	e := plan.Col(name)
	ref, ok := e.(plan.ColumnRef)
	if !ok {
		return newColumn(e), nil // "*" and "x.*"
	}
	if _, err := plan.Resolve(ref, df.node.Output()); err != nil {
		if ae, ok := err.(*plan.AnalysisError); ok && strings.HasPrefix(ae.Class, "UNRESOLVED_COLUMN") {
			return nil, plan.UnresolvedColumnOf(ref.Parts, df.Columns())
		}
		return nil, err
	}
	ref.From = df.node
	return newColumn(ref), nil
}

// ErrWriteStreamNotAllowed is Spark's error for df.writeStream on static data. The error
// values are made on use: wording one reads Spark's catalog, which a start need not pay.
func ErrWriteStreamNotAllowed() error {
	return sparkerrors.New(sparkerrors.AnalysisException, "WRITE_STREAM_NOT_ALLOWED")
}

// ErrWriteOnStream is Spark's error for df.write on a stream.
func ErrWriteOnStream() error {
	return sparkerrors.New(sparkerrors.AnalysisException, "CALL_ON_STREAMING_DATASET_UNSUPPORTED", "methodName", "`write`")
}

// MapPartitions is df.mapInPandas / df.mapInArrow: fn maps each task's rows (of df's
// schema) to rows of schema; name is the function's, for explain. Streams too: each
// micro-batch's tasks go through fn.
func (df *DataFrame) MapPartitions(name string, schema *sqltypes.StructType,
	fn func(ctx context.Context, partition int, rows []sqltypes.Row) ([]sqltypes.Row, error)) *DataFrame {
	return df.s.newDF(plan.NewMapPartitions(df.node, name, schema, fn))
}

// Observe is df.observe(name, *exprs): the same rows, with named aggregate metrics over
// each execution. A streaming query reports them in its progress (observedMetrics); report,
// when not nil, receives them as well (a static DataFrame's Observation).
func (df *DataFrame) Observe(name string, report func(plan.ObservedMetrics), cols ...*Column) (*DataFrame, error) {
	exprs := make([]plan.Expr, 0, len(cols))
	for _, c := range cols {
		if c == nil {
			return nil, notExpectedType("exprs", "Column", nil)
		}
		if c.err != nil {
			return nil, c.err
		}
		exprs = append(exprs, c.expr)
	}
	o, err := plan.NewObserve(df.node, name, exprs)
	if err != nil {
		return nil, err
	}
	o.Report = report
	return df.s.newDF(o), nil
}

// setOp is intersect / intersectAll / subtract / exceptAll: whole rows compared with NULLs
// equal; Spark refuses them on a stream only when it runs, kafkalab when it builds them.
func (df *DataFrame) setOp(other *DataFrame, except, all bool) (*DataFrame, error) {
	if other == nil {
		return nil, notExpectedType("other", "DataFrame", nil)
	}
	if df.IsStreaming() || other.IsStreaming() {
		name := map[[2]bool]string{{false, false}: "intersect", {false, true}: "intersectAll", {true, false}: "subtract", {true, true}: "exceptAll"}[[2]bool{except, all}]
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not run DataFrame.%s on a stream (Spark refuses it too: it is not supported with streaming DataFrames)", name)}
	}
	n, err := plan.NewSetOp(df.node, other.node, except, all)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(n), nil
}

// Intersect is df.intersect(other): the distinct rows found in both.
func (df *DataFrame) Intersect(other *DataFrame) (*DataFrame, error) {
	return df.setOp(other, false, false)
}

// IntersectAll is df.intersectAll(other): rows in both, each as often as in the side that
// has it fewer times.
func (df *DataFrame) IntersectAll(other *DataFrame) (*DataFrame, error) {
	return df.setOp(other, false, true)
}

// Subtract is df.subtract(other) (EXCEPT DISTINCT): the distinct rows not in other.
func (df *DataFrame) Subtract(other *DataFrame) (*DataFrame, error) {
	return df.setOp(other, true, false)
}

// ExceptAll is df.exceptAll(other): each row as many times as it is in df beyond its
// count in other.
func (df *DataFrame) ExceptAll(other *DataFrame) (*DataFrame, error) {
	return df.setOp(other, true, true)
}

// Offset is df.offset(n): the rows after the first n.
func (df *DataFrame) Offset(n int) (*DataFrame, error) {
	if n < 0 {
		return nil, &plan.AnalysisError{Class: "INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE", Message: fmt.Sprintf("The offset expression \"%d\" is invalid. The offset expression must be equal to or greater than 0, but got %d.", n, n)}
	}
	if df.IsStreaming() {
		return nil, &plan.UnsupportedError{Message: "kafkalab does not run offset on a stream (Spark refuses it too)"}
	}
	return df.s.newDF(&plan.Offset{Child: df.node, N: n}), nil
}

// ToDF is df.toDF(*names): the columns renamed by position; the count must match.
func (df *DataFrame) ToDF(names ...string) (*DataFrame, error) {
	fields := df.Schema().Fields
	if len(names) != len(fields) {
		return nil, illegalArgument(fmt.Sprintf("requirement failed: The number of columns doesn't match.\nOld column names (%d): %s\nNew column names (%d): %s",
			len(fields), strings.Join(df.Columns(), ", "), len(names), strings.Join(names, ", ")))
	}
	renamed := make([]any, len(fields))
	for i := range fields {
		renamed[i] = positional(fields, i).Alias(names[i])
	}
	return df.Select(renamed...)
}

// WithColumnsRenamed is df.withColumnsRenamed({existing: new, ...}): every rename at once
// in one projection; names the DataFrame lacks are ignored, as in Spark.
func (df *DataFrame) WithColumnsRenamed(existing, newNames []string) (*DataFrame, error) {
	var list []plan.Expr
	found := false
	for _, f := range df.Schema().Fields {
		var e plan.Expr = plan.ColumnRef{Parts: []string{f.Name}}
		for i, ex := range existing {
			if strings.EqualFold(f.Name, ex) {
				e = plan.Alias{Child: plan.ColumnRef{Parts: []string{f.Name}}, Name: newNames[i]}
				found = true
			}
		}
		list = append(list, e)
	}
	if !found {
		return df, nil
	}
	p, err := plan.NewProject(df.node, list)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(p), nil
}

// Tail is df.tail(n): the last n rows, in order (Spark collects them all to find them).
func (df *DataFrame) Tail(ctx context.Context, n int) ([]sqltypes.Row, error) {
	if n < 0 {
		return nil, &plan.AnalysisError{Class: "INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE", Message: fmt.Sprintf("The limit like expression \"%d\" is invalid. The limit expression must be equal to or greater than 0, but got %d.", n, n)}
	}
	rows, err := df.Collect(ctx)
	if err != nil {
		return nil, err
	}
	return rows[max(0, len(rows)-n):], nil
}

// backquoted is a column name as SQL text reads it back: in backticks, its own doubled.
func backquoted(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }
