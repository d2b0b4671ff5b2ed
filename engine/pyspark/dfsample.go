package pyspark

import (
	"fmt"
	"math/rand/v2"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// Sampling, per-partition sorting and the DataFrame methods that only shape how Spark runs a
// plan (hint, checkpoint): PySpark's signatures over the engine's operators.
func init() {
	m := func(name string, f func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(dataFrameType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyDataFrame), args, kwargs)
		})
	}
	m("sample", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("sample", args, kwargs, []string{"withReplacement", "fraction", "seed"}, 0)
		if err != nil {
			return nil, err
		}
		withReplacement, fraction, seed := a[0], a[1], a[2]
		_, fracFloat := fraction.(py.Float)
		_, replBool := withReplacement.(py.Bool)
		_, firstFloat := withReplacement.(py.Float)
		switch {
		case replBool && fracFloat, (withReplacement == nil || withReplacement == py.None) && fracFloat:
		case firstFloat:
			// sample(0.5[, seed]): the first argument is the fraction, the second the seed.
			seed, fraction, withReplacement = fraction, withReplacement, nil
		default:
			return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "expected_type", "bool, float or int",
				"arg_name", "withReplacement (optional), fraction (required) and seed (optional)",
				"arg_type", typeNames(a[0], a[1], a[2]))
		}
		s, err := seedOf(seed)
		if err != nil {
			return nil, err
		}
		if b, ok := withReplacement.(py.Bool); ok && bool(b) {
			return d.in.wrapDF(d.df.SampleWithReplacement(float64(fraction.(py.Float)), s))
		}
		return d.in.wrapDF(d.df.Sample(float64(fraction.(py.Float)), s))
	})
	m("randomSplit", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("randomSplit", args, kwargs, []string{"weights", "seed"}, 1)
		if err != nil {
			return nil, err
		}
		list, err := py.SequenceList(a[0])
		if err != nil {
			return nil, err
		}
		items := list.Items
		weights := make([]float64, len(items))
		for i, it := range items {
			f, err := py.FloatAsFloat64(it)
			if err != nil {
				return nil, err
			}
			if f < 0 {
				s, _ := py.StrAsString(it)
				return nil, raise(sparkerrors.PySparkValueError, "VALUE_NOT_POSITIVE", "arg_name", "weights", "arg_value", s)
			}
			weights[i] = f
		}
		s, err := seedOf(a[1])
		if err != nil {
			return nil, err
		}
		splits, err := d.df.RandomSplit(weights, s)
		if err != nil {
			return nil, engineError(err)
		}
		out := make([]py.Object, len(splits))
		for i, sp := range splits {
			if out[i], err = d.in.wrapDF(sp, nil); err != nil {
				return nil, err
			}
		}
		return py.NewListFromItems(out), nil
	})
	m("sampleBy", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("sampleBy", args, kwargs, []string{"col", "fractions", "seed"}, 2)
		if err != nil {
			return nil, err
		}
		return sampleBy(d, a[0], a[1], a[2])
	})
	m("sortWithinPartitions", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		cols, err := sortColumns(d, "sortWithinPartitions", args, kwargs)
		if err != nil {
			return nil, err
		}
		return d.in.wrapDF(d.df.SortWithinPartitions(cols...))
	})
	// A hint changes how Spark plans a join or a shuffle, never the rows.
	m("hint", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) == 0 {
			return nil, py.ExceptionNewf(py.TypeError, "hint() missing 1 required positional argument: 'name'")
		}
		if _, ok := args[0].(py.String); !ok {
			return nil, notExpectedType("name", "str", args[0])
		}
		return d, nil
	})
	// kafkalab keeps no lineage to cut: a checkpoint is the same rows.
	for _, name := range []string{"checkpoint", "localCheckpoint"} {
		name := name
		m(name, func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if _, err := python.ParseArgs(name, args, kwargs, []string{"eager", "storageLevel"}, 0); err != nil {
				return nil, err
			}
			return d, nil
		})
	}
	m("toJSON", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("toJSON", args, kwargs, []string{"use_unicode"}, 0); err != nil {
			return nil, err
		}
		js, err := d.df.SelectExpr("to_json(struct(*)) AS value")
		if err != nil {
			return nil, engineError(err)
		}
		rows, err := js.Collect(d.in.Context())
		if err != nil {
			return nil, engineError(err)
		}
		items := make([]py.Object, len(rows))
		for i, r := range rows {
			items[i] = py.String(r[0].(string))
		}
		return &pyRDD{in: d.in, n: 1, desc: "MapPartitionsRDD[toJSON] at toJavaRDD at NativeMethodAccessorImpl.java:0",
			compute: func(int) ([]py.Object, error) { return items, nil }}, nil
	})
	m("approxQuantile", approxQuantile)
	m("crosstab", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("crosstab", args, kwargs, []string{"col1", "col2"}, 2)
		if err != nil {
			return nil, err
		}
		c1, ok := a[0].(py.String)
		if !ok {
			return nil, notExpectedType("col1", "str", a[0])
		}
		c2, ok := a[1].(py.String)
		if !ok {
			return nil, notExpectedType("col2", "str", a[1])
		}
		return d.in.wrapDF(d.df.Crosstab(d.in.Context(), string(c1), string(c2)))
	})
	m("freqItems", func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("freqItems", args, kwargs, []string{"cols", "support"}, 1)
		if err != nil {
			return nil, err
		}
		var items []py.Object
		switch c := a[0].(type) {
		case *py.List:
			items = c.Items
		case py.Tuple:
			items = c
		default:
			return nil, notExpectedType("cols", "list or tuple", a[0])
		}
		cols := make([]string, len(items))
		for i, it := range items {
			s, ok := it.(py.String)
			if !ok {
				return nil, notExpectedType("cols", "list or tuple", a[0])
			}
			cols[i] = string(s)
		}
		// PySpark takes any false support (None, 0) as the default 1%.
		support := 0.01
		if a[1] != nil && a[1] != py.None {
			f, err := py.FloatAsFloat64(a[1])
			if err != nil {
				return nil, err
			}
			if f != 0 {
				support = f
			}
		}
		return d.in.wrapDF(d.df.FreqItems(d.in.Context(), cols, support))
	})
	for _, stat := range []struct{ name, sql string }{{"corr", "corr"}, {"cov", "covar_samp"}} {
		stat := stat
		m(stat.name, func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return dfStat(d, stat.name, stat.sql, args, kwargs)
		})
	}
}

// sampleBy is df.sampleBy(col, fractions, seed): a stratified sample, each row kept when
// rand(seed), drawn once per row, is below its stratum's fraction (0 for a stratum not
// listed), as Spark's DataFrameStatFunctions.sampleBy filters.
func sampleBy(d *pyDataFrame, colArg, fractionsArg, seedArg py.Object) (py.Object, error) {
	var stratum *engine.Column
	switch c := colArg.(type) {
	case py.String:
		stratum = engine.Col(string(c))
	case *pyColumn:
		stratum = c.c
	default:
		return nil, notExpectedType("col", "Column or str", colArg)
	}
	fractions, ok := fractionsArg.(*py.Dict)
	if !ok {
		return nil, notExpectedType("fractions", "dict", fractionsArg)
	}
	var strata []any
	var fs []float64
	for _, k := range fractions.Keys() {
		switch k.(type) {
		case py.Int, py.Float, py.String, py.Bool:
		default:
			return nil, raise(sparkerrors.PySparkTypeError, "DISALLOWED_TYPE_FOR_CONTAINER", "arg_name", "fractions",
				"arg_type", "dict", "allowed_types", "float, int, str", "item_type", k.Type().Name)
		}
		v, _, err := fractions.GetItem(k)
		if err != nil {
			return nil, err
		}
		f, err := py.FloatAsFloat64(v)
		if err != nil {
			return nil, err
		}
		if f < 0 || f > 1 {
			return nil, engineError(&sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
				Message: "requirement failed: Fractions must be in [0, 1], but got " + fractionsRepr(fractions) + "."})
		}
		kv, err := sqlArgValue(k)
		if err != nil {
			return nil, err
		}
		strata, fs = append(strata, kv), append(fs, f)
	}
	s, err := seedOf(seedArg)
	if err != nil {
		return nil, err
	}
	return d.in.wrapDF(d.df.SampleBy(stratum, strata, fs, s))
}

// fractionsRepr is a fractions dict as Scala prints the Map Spark's message shows.
func fractionsRepr(d *py.Dict) string {
	out := "Map("
	for i, k := range d.Keys() {
		v, _, _ := d.GetItem(k)
		ks, _ := py.StrAsString(k)
		vs, _ := py.StrAsString(v)
		if i > 0 {
			out += ", "
		}
		out += ks + " -> " + vs
	}
	return out + ")"
}

// dfStat is df.corr(col1, col2[, method]) / df.cov(col1, col2): one number over the rows.
func dfStat(d *pyDataFrame, name, fn string, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	names := []string{"col1", "col2"}
	if name == "corr" {
		names = append(names, "method")
	}
	a, err := python.ParseArgs(name, args, kwargs, names, 2)
	if err != nil {
		return nil, err
	}
	c1, ok1 := a[0].(py.String)
	if !ok1 {
		return nil, notExpectedType("col1", "str", a[0])
	}
	c2, ok2 := a[1].(py.String)
	if !ok2 {
		return nil, notExpectedType("col2", "str", a[1])
	}
	if name == "corr" && a[2] != nil && a[2] != py.None {
		if m, _ := a[2].(py.String); m != "pearson" {
			return nil, raise(sparkerrors.PySparkValueError, "VALUE_NOT_PEARSON", "arg_name", "method", "arg_value", string(m))
		}
	}
	q, err := d.df.PairStat(fn, string(c1), string(c2), name)
	if err != nil {
		return nil, engineError(err)
	}
	rows, err := q.Collect(d.in.Context())
	if err != nil {
		return nil, engineError(err)
	}
	v, ok := rows[0][0].(float64)
	if !ok {
		return py.None, nil
	}
	return py.Float(v), nil
}

// approxQuantile is df.approxQuantile(col | cols, probabilities, relativeError): Spark's
// ApproximatePercentile over the column(s) cast to double, NaN and NULL left out, with
// accuracy 1/relativeError (exact for 0).
func approxQuantile(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("approxQuantile", args, kwargs, []string{"col", "probabilities", "relativeError"}, 3)
	if err != nil {
		return nil, err
	}
	var names []string
	single := false
	switch c := a[0].(type) {
	case py.String:
		names, single = []string{string(c)}, true
	case *py.List, py.Tuple:
		items, _ := python.SeqItems(c)
		for _, it := range items {
			s, ok := it.(py.String)
			if !ok {
				return nil, raise(sparkerrors.PySparkTypeError, "DISALLOWED_TYPE_FOR_CONTAINER", "arg_name", "col",
					"arg_type", c.Type().Name, "allowed_types", "str", "item_type", it.Type().Name)
			}
			names = append(names, string(s))
		}
	default:
		return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "col", "expected_type", "list, str or tuple", "arg_type", a[0].Type().Name)
	}
	probs, ok := python.SeqItems(a[1])
	if !ok {
		return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "probabilities", "expected_type", "list or tuple", "arg_type", a[1].Type().Name)
	}
	ps := make([]float64, len(probs))
	for i, p := range probs {
		f, err := py.FloatAsFloat64(p)
		if _, isBool := p.(py.Bool); err != nil || isBool || f < 0 || f > 1 {
			return nil, raise(sparkerrors.PySparkTypeError, "NOT_EXPECTED_TYPE", "arg_name", "probabilities", "expected_type", "list of float between 0 and 1", "arg_type", p.Type().Name)
		}
		ps[i] = f
	}
	relErr, err := py.FloatAsFloat64(a[2])
	if _, isBool := a[2].(py.Bool); err != nil || isBool || relErr < 0 {
		return nil, raise(sparkerrors.PySparkValueError, "NEGATIVE_VALUE", "arg_name", "relativeError", "arg_value", fmt.Sprint(a[2]))
	}
	qs, err := d.df.ApproxQuantile(d.in.Context(), names, ps, relErr)
	if err != nil {
		return nil, engineError(err)
	}
	out := make([]py.Object, len(names))
	for i, vals := range qs {
		l := py.NewListSized(len(vals))
		for k, v := range vals {
			l.Items[k] = py.Float(v)
		}
		out[i] = l
	}
	if single {
		return out[0], nil
	}
	return py.NewListFromItems(out), nil
}

// seedOf reads a seed argument; None draws one, as the JVM does when PySpark passes none.
func seedOf(o py.Object) (int64, error) {
	if o == nil || o == py.None {
		return rand.Int64(), nil
	}
	if f, ok := o.(py.Float); ok {
		return int64(f), nil // PySpark's int(seed)
	}
	n, err := py.GetInt(o)
	if err != nil {
		return 0, err
	}
	return int64(n), nil
}

func typeNames(objs ...py.Object) string {
	s := ""
	for i, o := range objs {
		if i > 0 {
			s += ", "
		}
		if o == nil {
			o = py.None
		}
		s += o.Type().Name
	}
	return s
}

// pyStatFunctions is df.stat, pyspark.sql.DataFrameStatFunctions: the DataFrame's own
// statistics methods under another name.
type pyStatFunctions struct{ d *pyDataFrame }

var statFunctionsType = py.NewType("DataFrameStatFunctions", "df.stat: statistics of a DataFrame (corr, cov, sampleBy, ...).")

func (s *pyStatFunctions) Type() *py.Type { return statFunctionsType }

// M__getattr__ hands out the DataFrame's method of the same name for the ones
// DataFrameStatFunctions has.
func (s *pyStatFunctions) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "approxQuantile", "corr", "cov", "crosstab", "freqItems", "sampleBy":
		return py.GetAttr(s.d, py.String(name))
	}
	return missingAttr("DataFrameStatFunctions", name)
}

func init() {
	python.DefProp(dataFrameType, "stat", func(self py.Object) (py.Object, error) {
		return &pyStatFunctions{d: self.(*pyDataFrame)}, nil
	})
}
