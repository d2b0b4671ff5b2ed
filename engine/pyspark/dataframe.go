package pyspark

import (
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"sort"

	"fmt"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyDataFrame is pyspark.sql.DataFrame over engine.DataFrame.
type pyDataFrame struct {
	df    *engine.DataFrame
	in    *Interpreter
	level py.Object // the StorageLevel cache/persist asked for (nil: not cached)
}

var dataFrameType = py.NewType("DataFrame", "A distributed collection of rows with named columns.")

func (d *pyDataFrame) Type() *py.Type { return dataFrameType }

func (in *Interpreter) wrapDF(df *engine.DataFrame, err error) (py.Object, error) {
	if err != nil {
		return nil, engineError(err)
	}
	return &pyDataFrame{df: df, in: in}, nil
}

// df.colName is the DataFrame's column, as in PySpark; PySpark APIs kafkalab leaves out
// are unsupported, and any other name is PySpark's ATTRIBUTE_NOT_SUPPORTED.
func (d *pyDataFrame) M__getattr__(name string) (py.Object, error) {
	for _, c := range d.df.Columns() {
		if c == name {
			col, err := d.df.Col(name)
			if err != nil {
				return nil, engineError(err)
			}
			return newPyColumn(col)
		}
	}
	if strings.HasPrefix(name, "__") || isPySparkAPI("DataFrame", name) || hints["DataFrame."+name] != "" {
		return missingAttr("DataFrame", name)
	}
	return nil, raise(sparkerrors.PySparkAttributeError, "ATTRIBUTE_NOT_SUPPORTED", "attr_name", name)
}

// df["name"] is a column; df[["a", "b"]] a selection.
func (d *pyDataFrame) M__getitem__(key py.Object) (py.Object, error) {
	switch k := key.(type) {
	case py.String:
		col, err := d.df.Col(string(k))
		if err != nil {
			return nil, engineError(err)
		}
		return newPyColumn(col)
	case *pyColumn:
		return d.in.wrapDF(d.df.Filter(k.c))
	case *py.List, py.Tuple:
		items, _ := python.SeqItems(k)
		cols, err := columnArgs("__getitem__", items)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Select(cols...))
	}
	return nil, notExpectedType("item", "Column, float, integer, list or string", key)
}

func (d *pyDataFrame) M__repr__() (py.Object, error) {
	var parts []string
	for _, f := range d.df.Schema().Fields {
		parts = append(parts, f.Name+": "+sqltypes.SimpleString(f.Type))
	}
	return py.String("DataFrame[" + strings.Join(parts, ", ") + "]"), nil
}

// columnArgs flattens select-style arguments: names, Columns, or one list of them.
func columnArgs(fn string, args py.Tuple) ([]any, error) {
	if len(args) == 1 {
		if items, ok := python.SeqItems(args[0]); ok {
			args = items
		}
	}
	out := make([]any, len(args))
	for i, a := range args {
		c, err := colOrName(fn, a)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// ordinalColumnArgs is columnArgs for groupBy, rollup and cube, which also take 1-based
// column positions (PySpark 4 turns df.groupBy(1) into df.groupBy(df[0])).
func ordinalColumnArgs(d *pyDataFrame, fn string, args py.Tuple) ([]any, error) {
	if len(args) == 1 {
		if items, ok := python.SeqItems(args[0]); ok {
			args = items
		}
	}
	names := d.df.Columns()
	out := make([]any, len(args))
	for i, a := range args {
		if n, ok := a.(py.Int); ok {
			if n < 1 {
				return nil, raise(sparkerrors.PySparkIndexError, "INDEX_NOT_POSITIVE", "index", strconv.Itoa(int(n)))
			}
			if int(n) > len(names) {
				return nil, py.ExceptionNewf(py.IndexError, "list index out of range")
			}
			c, err := d.df.Col("`" + strings.ReplaceAll(names[n-1], "`", "``") + "`")
			if err != nil {
				return nil, engineError(err)
			}
			out[i] = c
			continue
		}
		c, err := colOrName(fn, a)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// subsetArg is dropDuplicates' subset: None, or an iterable of column names other than a
// str (PySpark refuses dropDuplicates("guid")).
func subsetArg(o py.Object) ([]string, error) {
	if o == nil || o == py.None {
		return nil, nil
	}
	if _, isStr := o.(py.String); isStr {
		return nil, notExpectedTypeArgFirst("subset", "list or tuple", o)
	}
	l, err := py.SequenceList(o)
	if err != nil {
		return nil, notExpectedTypeArgFirst("subset", "list or tuple", o)
	}
	items := l.Items
	names := make([]string, len(items))
	for i, it := range items {
		s, ok := it.(py.String)
		if !ok {
			return nil, notExpectedTypeArgFirst("subset", "str", it)
		}
		names[i] = string(s)
	}
	return names, nil
}

// illegalPartitions is the JVM's answer to a partition count below 1.
func illegalPartitions(n int) error {
	return engineError(&sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
		Message: fmt.Sprintf("requirement failed: Number of partitions (%d) must be positive.", n)})
}

func init() {
	m := func(name string, f func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyDataFrame), args, kwargs)
		})
	}
	p := func(name string, f func(d *pyDataFrame) (py.Object, error)) {
		python.DefProp(dataFrameType, name, func(self py.Object) (py.Object, error) { return f(self.(*pyDataFrame)) })
	}
	// cols binds a method taking *cols (names or Columns).
	cols := func(name string, f func(df *engine.DataFrame, cols ...any) (*engine.DataFrame, error)) {
		m(name, func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if len(kwargs) > 0 {
				for k := range kwargs {
					return nil, python.Unsupported("DataFrame."+name+"("+k+"=...)", "pass columns only; sort direction goes on the column: F.col(\"x\").desc()")
				}
			}
			cs, err := columnArgs(name, args)
			if err != nil {
				return nil, err
			}
			return d.in.wrapDF(f(d.df, cs...))
		})
	}
	cols("select", (*engine.DataFrame).Select)
	m("orderBy", sortBy)
	m("sort", sortBy)
	cols("drop", (*engine.DataFrame).Drop)
	m("agg", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return groupedAgg(&pyGroupedData{g: d.df.GroupBy(), in: d.in}, args)
	})
	m("observe", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(kwargs) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "DataFrame.observe() takes no keyword arguments")
		}
		return d.observe(args)
	})
	m("selectExpr", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		exprs, err := strList("selectExpr", args)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.SelectExpr(exprs...))
	})
	m("withColumn", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("withColumn", args, kwargs, []string{"colName", "col"}, 2)
		if err != nil {
			return nil, err
		}
		name, err := asString("colName", a[0])
		if err != nil {
			return nil, err
		}
		c, ok := a[1].(*pyColumn)
		if !ok {
			return nil, notExpectedType("col", "Column", a[1])
		}
		return d.in.wrapDF(d.df.WithColumn(name, c.c))
	})
	m("withColumns", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "withColumns() takes a dict of names to Columns")
		}
		dict, order, ok := pyStrDict(args[0])
		if !ok {
			return nil, notExpectedType("colsMap", "dict", args[0])
		}
		var names []string
		var cs []*engine.Column
		for _, k := range order {
			c, ok := dict[k].(*pyColumn)
			if !ok {
				return nil, notExpectedType("col", "Column", dict[k])
			}
			names = append(names, k)
			cs = append(cs, c.c)
		}
		return d.in.wrapDF(d.df.WithColumns(names, cs))
	})
	m("alias", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("alias", args, kwargs, []string{"alias"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("alias", a[0])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.Alias(name), nil)
	})
	m("withColumnRenamed", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("withColumnRenamed", args, kwargs, []string{"existing", "new"}, 2)
		if err != nil {
			return nil, err
		}
		ex, err := asString("existing", a[0])
		if err != nil {
			return nil, err
		}
		nw, err := asString("new", a[1])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.WithColumnRenamed(ex, nw))
	})
	filter := func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("filter", args, kwargs, []string{"condition"}, 1)
		if err != nil {
			return nil, err
		}
		switch c := a[0].(type) {
		case *pyColumn:
			return d.in.wrapDF(d.df.Filter(c.c))
		case py.String:
			return d.in.wrapDF(d.df.Filter(string(c)))
		}
		return nil, notExpectedType("condition", "Column or str", a[0])
	}
	m("filter", filter)
	m("where", filter)
	intArg := func(name string, f func(df *engine.DataFrame, n int) (*engine.DataFrame, error), argName string) {
		m(name, func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{argName}, 1)
			if err != nil {
				return nil, err
			}
			// PySpark hands the value straight to the JVM method: anything but an int is
			// py4j's Py4JError (no method of that argument type).
			if _, isInt := a[0].(py.Int); !isInt {
				return nil, py4jNoMethod(name, a[0])
			}
			n, err := asInt(name, a[0], 0)
			if err != nil {
				return nil, err
			}
			return d.in.wrapDF(f(d.df, n))
		})
	}
	intArg("coalesce", (*engine.DataFrame).Coalesce, "numPartitions")
	intArg("limit", (*engine.DataFrame).Limit, "num")
	// repartition(numPartitions, *cols): a number, columns, or both (PySpark reads a first
	// argument that is a str or Column as the first column).
	m("repartition", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if n, ok := kwargs["numPartitions"]; ok {
			args = append(py.Tuple{n}, args...)
		}
		if len(args) == 0 {
			return nil, py.ExceptionNewf(py.TypeError, "repartition() missing 1 required positional argument: 'numPartitions'")
		}
		n, cols := 0, args
		switch x := args[0].(type) {
		case py.Int:
			n, cols = int(x), args[1:]
			if len(cols) == 0 {
				return d.in.wrapDF(d.df.Repartition(n))
			}
			if n <= 0 {
				return nil, illegalPartitions(n)
			}
		case py.String, *pyColumn:
		default:
			return nil, notExpectedType("numPartitions", "Column or str", args[0])
		}
		cs, err := columnArgs("repartition", cols)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.RepartitionBy(n, cs...))
	})
	m("repartitionByRange", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if n, ok := kwargs["numPartitions"]; ok {
			args = append(py.Tuple{n}, args...)
		}
		if len(args) == 0 {
			return nil, py.ExceptionNewf(py.TypeError, "repartitionByRange() missing 1 required positional argument: 'numPartitions'")
		}
		n, cols := 0, args
		switch x := args[0].(type) {
		case py.Int:
			n, cols = int(x), args[1:]
			if len(cols) == 0 {
				return nil, raise(sparkerrors.PySparkValueError, "CANNOT_BE_EMPTY", "item", "partition-by expression")
			}
			if n <= 0 {
				return nil, illegalPartitions(n)
			}
		case py.String, *pyColumn:
		default:
			return nil, notExpectedType("numPartitions", "Column, int or str", args[0])
		}
		cs, err := columnArgs("repartitionByRange", cols)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.RepartitionByRange(n, cs...))
	})
	m("repartitionById", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("repartitionById", args, kwargs, []string{"numPartitions", "partitionIdCol"}, 2)
		if err != nil {
			return nil, err
		}
		var n int
		switch x := a[0].(type) {
		case py.Int:
			n = int(x)
		case py.Bool:
			n = 0
			if x {
				n = 1
			}
		default:
			return nil, notExpectedType("numPartitions", "int", a[0])
		}
		if n <= 0 {
			return nil, raise(sparkerrors.PySparkValueError, "VALUE_NOT_POSITIVE", "arg_name", "numPartitions", "arg_value", fmt.Sprint(n))
		}
		cs, err := columnArgs("repartitionById", py.Tuple{a[1]})
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.RepartitionByID(n, cs[0]))
	})
	m("transpose", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("transpose", args, kwargs, []string{"indexColumn"}, 0)
		if err != nil {
			return nil, err
		}
		var index any
		if a[0] != nil && a[0] != py.None {
			cs, err := columnArgs("transpose", py.Tuple{a[0]})
			if err != nil {
				return nil, err
			}
			index = cs[0]
		}
		return d.in.wrapDF(d.df.Transpose(d.in.Context(), index))
	})
	m("zipWithIndex", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("zipWithIndex", args, kwargs, []string{"indexColName"}, 0)
		if err != nil {
			return nil, err
		}
		name := "index"
		if a[0] != nil {
			s, ok := a[0].(py.String)
			if !ok {
				return nil, notExpectedType("indexColName", "str", a[0])
			}
			name = string(s)
		}
		return d.in.wrapDF(d.df.ZipWithIndex(name), nil)
	})
	union := func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("union", args, kwargs, []string{"other"}, 1)
		if err != nil {
			return nil, err
		}
		o, ok := a[0].(*pyDataFrame)
		if !ok {
			return nil, notExpectedTypeArgFirst("other", "DataFrame", a[0])
		}
		return d.in.wrapDF(d.df.Union(o.df))
	}
	m("union", union)
	m("unionAll", union)
	dropDup := func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("dropDuplicates", args, kwargs, []string{"subset"}, 0)
		if err != nil {
			return nil, err
		}
		names, err := subsetArg(a[0])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.DropDuplicates(names...))
	}
	m("dropDuplicates", dropDup)
	m("drop_duplicates", dropDup)
	m("dropDuplicatesWithinWatermark", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("dropDuplicatesWithinWatermark", args, kwargs, []string{"subset"}, 0)
		if err != nil {
			return nil, err
		}
		names, err := subsetArg(a[0])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.DropDuplicatesWithinWatermark(names...))
	})
	for name, f := range map[string]func(*engine.DataFrame, string) error{
		"createOrReplaceTempView":       (*engine.DataFrame).CreateOrReplaceTempView,
		"createTempView":                (*engine.DataFrame).CreateTempView,
		"createOrReplaceGlobalTempView": (*engine.DataFrame).CreateOrReplaceGlobalTempView,
		"createGlobalTempView":          (*engine.DataFrame).CreateGlobalTempView,
		// registerTempTable is the Spark 1.x name PySpark still keeps (deprecated) for
		// createOrReplaceTempView; old tutorials use it.
		"registerTempTable": (*engine.DataFrame).CreateOrReplaceTempView,
	} {
		name, f := name, f
		m(name, func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"name"}, 1)
			if err != nil {
				return nil, err
			}
			v, err := asString("name", a[0])
			if err != nil {
				return nil, err
			}
			if err := f(d.df, v); err != nil {
				return nil, engineError(err)
			}
			return py.None, nil
		})
	}
	m("distinct", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return d.in.wrapDF(d.df.Distinct())
	})
	m("withWatermark", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("withWatermark", args, kwargs, []string{"eventTime", "delayThreshold"}, 2)
		if err != nil {
			return nil, err
		}
		et, err := asString("eventTime", a[0])
		if err != nil {
			return nil, err
		}
		delay, err := asString("delayThreshold", a[1])
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.WithWatermark(et, delay))
	})
	groupBy := func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		cs, err := ordinalColumnArgs(d, "groupBy", args)
		if err != nil {
			return nil, err
		}
		return &pyGroupedData{g: d.df.GroupBy(cs...), in: d.in}, nil
	}
	m("groupBy", groupBy)
	m("groupby", groupBy)

	// Actions.
	m("count", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		// Classic Dataset.count() is groupBy().count(): it makes the row encoder.
		if err := d.df.CheckRowEncoder(); err != nil {
			return nil, engineErrorCalling(err, "count")
		}
		n, err := d.df.Count(d.in.Context())
		if err != nil {
			return nil, engineErrorCalling(err, "count")
		}
		return py.Int(n), nil
	})
	m("collect", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		rows, err := d.df.Collect(d.in.Context())
		if err != nil {
			return nil, engineErrorCalling(err, "collectToPython")
		}
		return d.in.rowsToList(d.df, rows), nil
	})
	take := func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("take", args, kwargs, []string{"num"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := asInt("take", a[0], 0)
		if err != nil {
			return nil, err
		}
		rows, err := d.df.Take(d.in.Context(), n)
		if err != nil {
			// PySpark's take is limit(num).collect().
			return nil, engineErrorCalling(err, "collectToPython")
		}
		return d.in.rowsToList(d.df, rows), nil
	}
	m("take", take)
	m("head", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args)+len(kwargs) == 0 {
			return firstRow(d)
		}
		return take(d, args, kwargs)
	})
	m("first", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) { return firstRow(d) })
	m("colRegex", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("colRegex", args, kwargs, []string{"colName"}, 1)
		if err != nil {
			return nil, err
		}
		name, ok := a[0].(py.String)
		if !ok {
			return nil, notExpectedTypeArgFirst("colName", "str", a[0])
		}
		c, err := d.df.ColRegex(string(name))
		if err != nil {
			return nil, engineError(err)
		}
		return newPyColumn(c)
	})
	m("scalar", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("scalar", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return newPyColumn(d.df.Scalar(d.in.Context()))
	})
	m("exists", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("exists", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return newPyColumn(d.df.Exists(d.in.Context()))
	})
	m("sameSemantics", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("sameSemantics", args, kwargs, []string{"other"}, 1)
		if err != nil {
			return nil, err
		}
		o, ok := a[0].(*pyDataFrame)
		if !ok {
			return nil, notExpectedType("other", "DataFrame", a[0])
		}
		return py.NewBool(d.df.SameSemantics(o.df)), nil
	})
	m("inputFiles", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("inputFiles", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		files, err := d.df.InputFiles()
		if err != nil {
			return nil, engineError(err)
		}
		return py.NewListFromStrings(files), nil
	})
	m("isLocal", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("isLocal", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return py.NewBool(d.df.IsLocal()), nil
	})
	m("isEmpty", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		e, err := d.df.IsEmpty(d.in.Context())
		if err != nil {
			return nil, engineError(err)
		}
		return py.NewBool(e), nil
	})
	m("show", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("show", args, kwargs, []string{"n", "truncate", "vertical"}, 0)
		if err != nil {
			return nil, err
		}
		n := 20
		if a[0] != nil {
			i, ok := a[0].(py.Int)
			if !ok {
				return nil, notExpectedType("n", "int", a[0])
			}
			n = int(i)
		}
		if err != nil {
			return nil, err
		}
		truncate := 20
		switch t := a[1].(type) {
		case nil:
		case py.Bool:
			if !t {
				truncate = 0
			}
		case py.Int:
			truncate = int(t)
		default:
			return nil, notExpectedType("truncate", "bool", t)
		}
		vertical, err := asBool(a[2], false)
		if err != nil {
			return nil, err
		}
		s, err := d.df.Show(d.in.Context(), n, truncate, vertical)
		if err != nil {
			return nil, engineErrorCalling(err, "showString")
		}
		fmt.Fprintln(d.in.Stdout(), s) // PySpark print()s Spark's text, which ends in a newline
		return py.None, nil
	})
	m("explain", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("explain", args, kwargs, []string{"extended", "mode"}, 0)
		if err != nil {
			return nil, err
		}
		extended, err := explainExtended(a[0], a[1])
		if err != nil {
			return nil, err
		}
		// print() of Spark's text, which ends in a newline: a blank line follows the plan.
		fmt.Fprintln(d.in.Stdout(), plan.Explain(d.df.Plan(), extended))
		return py.None, nil
	})
	m("printSchema", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("printSchema", args, kwargs, []string{"level"}, 0)
		if err != nil {
			return nil, err
		}
		level := 0
		if a[0] != nil && a[0] != py.None {
			if level, err = asInt("level", a[0], 0); err != nil {
				return nil, err
			}
		}
		fmt.Fprintln(d.in.Stdout(), d.df.PrintSchemaLevel(level))
		return py.None, nil
	})
	p("columns", func(d *pyDataFrame) (py.Object, error) { return py.NewListFromStrings(d.df.Columns()), nil })
	p("schema", func(d *pyDataFrame) (py.Object, error) { return wrapDataType(d.df.Schema()), nil })
	p("dtypes", func(d *pyDataFrame) (py.Object, error) {
		var out []py.Object
		for _, dt := range d.df.DTypes() {
			out = append(out, py.Tuple{py.String(dt[0]), py.String(dt[1])})
		}
		return py.NewListFromItems(out), nil
	})
	p("isStreaming", func(d *pyDataFrame) (py.Object, error) { return py.NewBool(d.df.IsStreaming()), nil })
	p("rdd", func(d *pyDataFrame) (py.Object, error) { return d.in.dataFrameRDD(d), nil })
	// foreach and foreachPartition are PySpark's self.rdd.foreach(f) and
	// self.rdd.foreachPartition(f): they run the plan as a batch action, so a stream fails
	// with Spark's "must be executed with writeStream.start()".
	for _, name := range []string{"foreach", "foreachPartition"} {
		name := name
		m(name, func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			fn, err := py.GetAttrString(d.in.dataFrameRDD(d), name)
			if err != nil {
				return nil, err
			}
			return py.Call(fn, args, kwargs)
		})
	}
	p("write", func(d *pyDataFrame) (py.Object, error) {
		if d.df.IsStreaming() {
			return nil, engineError(engine.ErrWriteOnStream())
		}
		return d.in.newWriter(d)
	})
	p("writeStream", func(d *pyDataFrame) (py.Object, error) {
		if !d.df.IsStreaming() {
			return nil, engineError(engine.ErrWriteStreamNotAllowed())
		}
		return d.in.newStreamWriter(d)
	})
	p("sparkSession", func(d *pyDataFrame) (py.Object, error) {
		if d.in.spark == nil {
			return py.None, nil
		}
		return d.in.spark, nil
	})
}

func firstRow(d *pyDataFrame) (py.Object, error) {
	r, err := d.df.First(d.in.Context())
	if err != nil {
		// PySpark's first() is head(), which is take(1): a collect.
		return nil, engineErrorCalling(err, "collectToPython")
	}
	if r == nil {
		return py.None, nil
	}
	return rowToPython(r, d.df.Schema(), d.in.location()), nil
}

func (in *Interpreter) rowsToList(df *engine.DataFrame, rows []sqltypes.Row) py.Object {
	st := df.Schema()
	loc := in.location()
	l := py.NewListSized(len(rows))
	for i, r := range rows {
		l.Items[i] = rowToPython(r, st, loc)
	}
	return l
}

func sortedKeys(d py.StringDict) []string {
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// pyGroupedData is what groupBy returns.
type pyGroupedData struct {
	g  *engine.GroupedData
	in *Interpreter
}

var groupedDataType = py.NewType("GroupedData", "A DataFrame grouped by some columns, waiting for an aggregation.")

func (g *pyGroupedData) Type() *py.Type { return groupedDataType }

func (g *pyGroupedData) M__getattr__(name string) (py.Object, error) {
	return missingAttr("GroupedData", name)
}

func init() {
	python.DefMethod(groupedDataType, "agg", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return groupedAgg(self.(*pyGroupedData), args)
	})
	python.DefMethod(groupedDataType, "count", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		g := self.(*pyGroupedData)
		return g.in.wrapDF(g.g.Count())
	})
	for name, f := range map[string]func(*engine.GroupedData, ...string) (*engine.DataFrame, error){
		"sum": (*engine.GroupedData).Sum, "avg": (*engine.GroupedData).Avg, "mean": (*engine.GroupedData).Avg,
		"min": (*engine.GroupedData).Min, "max": (*engine.GroupedData).Max,
	} {
		name, f := name, f
		python.DefMethod(groupedDataType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			g := self.(*pyGroupedData)
			names, err := strList(name, args)
			if err != nil {
				return nil, err
			}
			return g.in.wrapDF(f(g.g, names...))
		})
	}
}

// explainExtended reads explain()'s extended/mode arguments as PySpark does: at most one
// of them, extended a bool or a mode name, mode one of Spark's explain modes. Only the
// extended mode adds the analyzed plan; the others show the physical plan, as the Spark
// Connect path does.
func explainExtended(extended, mode py.Object) (bool, error) {
	isNone := func(o py.Object) bool { return o == nil || o == py.None }
	if !isNone(extended) && !isNone(mode) {
		return false, py.ExceptionNewf(PySparkValueError, "[CANNOT_SET_TOGETHER] extended and mode should not be set together.")
	}
	name := "simple"
	switch e := extended.(type) {
	case nil, py.NoneType:
		if !isNone(mode) {
			m, ok := mode.(py.String)
			if !ok {
				return false, py.ExceptionNewf(PySparkTypeError, "[NOT_EXPECTED_TYPE] Argument `mode` should be str, got %s.", pythonTypeName(mode))
			}
			name = string(m)
		}
	case py.Bool:
		if e {
			name = "extended"
		}
	case py.String:
		name = string(e)
	default:
		return false, py.ExceptionNewf(PySparkTypeError, "[NOT_EXPECTED_TYPE] Argument `extended` should be bool or str, got %s.", pythonTypeName(extended))
	}
	switch strings.ToLower(name) {
	case "simple", "codegen", "cost", "formatted":
		return false, nil
	case "extended":
		return true, nil
	}
	return false, py.ExceptionNewf(pyerrors.IllegalArgumentException, "Unknown explain mode: %s. Accepted explain modes are 'simple', 'extended', 'codegen', 'cost', 'formatted'.", name)
}
