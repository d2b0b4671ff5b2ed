package pyspark

import (
	"strconv"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// pyNaFunctions is df.na, pyspark.sql.DataFrameNaFunctions: fill, drop and replace, the
// same as the DataFrame's fillna, dropna and replace.
type pyNaFunctions struct{ d *pyDataFrame }

var naFunctionsType = py.NewType("DataFrameNaFunctions", "df.na: functions for missing values (fill, drop, replace).")

func (n *pyNaFunctions) Type() *py.Type { return naFunctionsType }

func (n *pyNaFunctions) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DataFrameNaFunctions", name)
}

func init() {
	python.DefProp(dataFrameType, "na", func(self py.Object) (py.Object, error) {
		return &pyNaFunctions{d: self.(*pyDataFrame)}, nil
	})
	both := func(dfName, naName string, f func(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(dataFrameType, dfName, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyDataFrame), args, kwargs)
		})
		python.DefMethod(naFunctionsType, naName, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyNaFunctions).d, args, kwargs)
		})
	}
	both("fillna", "fill", fillNA)
	both("dropna", "drop", dropNA)
	both("replace", "replace", replaceNA)
}

// naSubset reads a subset argument: None (nil), a str or a list or tuple of str.
func naSubset(o py.Object, expected string) ([]string, error) {
	if o == nil || o == py.None {
		return nil, nil
	}
	switch o.(type) {
	case py.String, *py.List, py.Tuple:
		return strList("subset", py.Tuple{o})
	}
	return nil, notExpectedTypeArgFirst("subset", expected, o)
}

// naScalar is a fill or replace value as the JVM receives it from PySpark: a bool stays a
// bool, an int a long, a float a double, a str a string; ok is false for anything else.
func naScalar(o py.Object) (v any, ok bool) {
	switch x := o.(type) {
	case py.Bool:
		return bool(x), true
	case py.Int:
		return int64(x), true
	case *py.BigInt:
		if i, err := x.GoInt64(); err == nil {
			return i, true
		}
	case py.Float:
		return float64(x), true
	case py.String:
		return string(x), true
	}
	return nil, false
}

func fillNA(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("fillna", args, kwargs, []string{"value", "subset"}, 1)
	if err != nil {
		return nil, err
	}
	if byName, names, ok := pyStrDict(a[0]); ok {
		values := make([]any, len(names))
		for i, n := range names {
			v, ok := naScalar(byName[n])
			if !ok {
				return nil, notExpectedType("value", "bool, float, int or str", byName[n])
			}
			values[i] = v
		}
		return d.in.wrapDF(d.df.FillNAMap(names, values))
	}
	v, ok := naScalar(a[0])
	if !ok {
		return nil, notExpectedType("value", "bool, dict, float, int or str", a[0])
	}
	if i, isInt := v.(int64); isInt {
		v = float64(i) // PySpark passes an int as a float
	}
	subset, err := naSubset(a[1], "list or tuple")
	if err != nil {
		return nil, err
	}
	return d.in.wrapDF(d.df.FillNA(v, subset))
}

func dropNA(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("dropna", args, kwargs, []string{"how", "thresh", "subset"}, 0)
	if err != nil {
		return nil, err
	}
	how := "any"
	if a[0] != nil && a[0] != py.None {
		s, isStr := a[0].(py.String)
		if !isStr || (s != "any" && s != "all") {
			repr, err := py.ReprAsString(a[0])
			if err != nil {
				return nil, err
			}
			// PySpark 4.2 passes arg_type where the message wants arg_value, so its
			// error reader fails an assertion instead of raising VALUE_NOT_ANY_OR_ALL.
			return nil, py.ExceptionNewf(py.AssertionError,
				"Undefined error message parameter for error class: VALUE_NOT_ANY_OR_ALL. Parameters: {'arg_name': 'how', 'arg_type': %s}", repr)
		}
		how = string(s)
	}
	subset, err := naSubset(a[2], "list, str or tuple")
	if err != nil {
		return nil, err
	}
	n := len(subset)
	if subset == nil {
		n = len(d.df.Columns())
	}
	if how == "all" {
		n = 1
	}
	if a[1] != nil && a[1] != py.None {
		if n, err = asInt("thresh", a[1], 0); err != nil {
			return nil, err
		}
	}
	return d.in.wrapDF(d.df.DropNA(n, subset))
}

func replaceNA(d *pyDataFrame, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("replace", args, kwargs, []string{"to_replace", "value", "subset"}, 1)
	if err != nil {
		return nil, err
	}
	toReplace, value := a[0], a[1]
	dictKeys, dictVals, isDict := pyDictItems(toReplace)
	if value == nil {
		if !isDict {
			return nil, raise(sparkerrors.PySparkTypeError, "ARGUMENT_REQUIRED", "arg_name", "value", "condition", "`to_replace` is dict")
		}
		value = py.None
	}
	seq := func(o py.Object) ([]py.Object, bool) {
		switch x := o.(type) {
		case *py.List:
			return x.Items, true
		case py.Tuple:
			return x, true
		}
		return nil, false
	}
	if _, ok := naScalar(toReplace); !ok && !isDict {
		if _, ok := seq(toReplace); !ok {
			return nil, notExpectedType("to_replace", "bool, dict, float, int, str or tuple", toReplace)
		}
	}
	_, valueScalar := naScalar(value)
	valueSeq, isSeq := seq(value)
	if !valueScalar && !isSeq && value != py.None && !isDict {
		return nil, notExpectedType("value", "bool, float, int, list, None, str or tuple", value)
	}
	keys, isKeySeq := seq(toReplace)
	if isKeySeq && isSeq && len(keys) != len(valueSeq) {
		return nil, raise(sparkerrors.PySparkValueError, "LENGTH_SHOULD_BE_THE_SAME", "arg1", "to_replace", "arg2", "value",
			"arg1_length", strconv.Itoa(len(keys)), "arg2_length", strconv.Itoa(len(valueSeq)))
	}
	if a[2] != nil && a[2] != py.None {
		switch a[2].(type) {
		case py.String, *py.List, py.Tuple:
		default:
			return nil, notExpectedTypeArgFirst("subset", "list, str or tuple", a[2])
		}
	}
	var targets []py.Object
	switch {
	case isDict:
		keys, targets = dictKeys, dictVals
	case !isKeySeq:
		keys = []py.Object{toReplace}
		fallthrough
	default:
		if isSeq {
			targets = valueSeq
		} else {
			for range keys {
				targets = append(targets, value)
			}
		}
		if len(targets) > len(keys) {
			targets = targets[:len(keys)]
		}
		keys = keys[:len(targets)]
	}
	from, to, ok := replacementPairs(keys, targets)
	if !ok {
		return nil, raise(sparkerrors.PySparkValueError, "MIXED_TYPE_REPLACEMENT")
	}
	subset, err := naSubset(a[2], "list, str or tuple")
	if err != nil {
		return nil, err
	}
	return d.in.wrapDF(d.df.Replace(from, to, subset))
}

// replacementPairs converts a replacement map, refusing what PySpark refuses as mixed:
// the keys and the non-None targets must all be bools, all strs or all numbers. A later
// duplicate key replaces an earlier one, as in the dict PySpark builds.
func replacementPairs(keys, targets []py.Object) (from, to []any, ok bool) {
	family := func(o py.Object) int {
		switch o.(type) {
		case py.Bool:
			return 1
		case py.String:
			return 2
		}
		return 3
	}
	allOf := func(fam int) bool {
		for _, k := range keys {
			if family(k) != fam && !(fam == 3 && family(k) == 1) {
				return false
			}
		}
		for _, t := range targets {
			if t != py.None && family(t) != fam && !(fam == 3 && family(t) == 1) {
				return false
			}
		}
		return true
	}
	if !allOf(1) && !allOf(2) && !allOf(3) {
		return nil, nil, false
	}
	index := map[any]int{}
	for i, k := range keys {
		kv, kok := naScalar(k)
		if !kok {
			return nil, nil, false
		}
		var tv any
		if targets[i] != py.None {
			if tv, kok = naScalar(targets[i]); !kok {
				return nil, nil, false
			}
		}
		if j, dup := index[kv]; dup {
			to[j] = tv
			continue
		}
		index[kv] = len(from)
		from = append(from, kv)
		to = append(to, tv)
	}
	return from, to, true
}
