package pyspark

import (
	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// The DeltaTable methods that change a table, and DeltaMergeBuilder. Arguments are checked
// as delta-spark's Python layer checks them (TypeError/ValueError with its wording).

type pyMergeBuilder struct {
	s  *pySession
	mb *engine.MergeBuilder
}

var mergeBuilderType = py.NewType("DeltaMergeBuilder", "Builder to specify how to merge data from a source DataFrame into a Delta table.")

func (m *pyMergeBuilder) Type() *py.Type { return mergeBuilderType }
func (m *pyMergeBuilder) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DeltaMergeBuilder", name)
}

// pyOptimizeBuilder is delta.tables.DeltaOptimizeBuilder: the partition filters gathered
// by where(), run by executeCompaction().
type pyOptimizeBuilder struct {
	t     *pyDeltaTable
	where []any
}

var optimizeBuilderType = py.NewType("DeltaOptimizeBuilder", "Builder class for constructing OPTIMIZE command and executing.")

func (b *pyOptimizeBuilder) Type() *py.Type { return optimizeBuilderType }
func (b *pyOptimizeBuilder) M__getattr__(name string) (py.Object, error) {
	return missingAttr("DeltaOptimizeBuilder", name)
}

func init() {
	python.DefMethod(optimizeBuilderType, "where", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("where", args, kwargs, []string{"partitionFilter"}, 1)
		if err != nil {
			return nil, err
		}
		cond, err := deltaCondition(a[0], "'partitionFilter'")
		if err != nil {
			return nil, err
		}
		b := o.(*pyOptimizeBuilder)
		return &pyOptimizeBuilder{t: b.t, where: append(append([]any(nil), b.where...), cond)}, nil
	})
	python.DefMethod(optimizeBuilderType, "executeCompaction", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("executeCompaction", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		b := o.(*pyOptimizeBuilder)
		return b.t.s.in.wrapDF(b.t.dt.Optimize(b.t.s.in.Context(), b.where...))
	})
	python.DefMethod(optimizeBuilderType, "executeZOrderBy", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return nil, python.Unsupported("DeltaOptimizeBuilder.executeZOrderBy", "kafkalab's OPTIMIZE compacts files with executeCompaction but does not Z-order them; run it on real Spark with kafkalab export")
	})
}

// deltaCondition reads a condition: None, a SQL string or a Column.
func deltaCondition(o py.Object, argname string) (any, error) {
	switch x := o.(type) {
	case nil, py.NoneType:
		return nil, nil
	case py.String:
		return string(x), nil
	case *pyColumn:
		return x.c, nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "%s must be a Spark SQL Column or a string (expression in SQL syntax), found to be of type %s", argname, pyClassRepr(o))
}

func pyClassRepr(o py.Object) string { return "<class '" + o.Type().Name + "'>" }

// deltaColumnMap reads a set/values dict of column name -> SQL string or Column, in the
// dict's order.
func deltaColumnMap(o py.Object, argname string) ([]engine.Assignment, error) {
	if o == nil || o == py.None {
		return nil, py.ExceptionNewf(py.ValueError, "%s cannot be None", argname)
	}
	keys, vals, ok := pyDictItems(o)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "%s must be a dict, found to be %s", argname, pyClassRepr(o))
	}
	out := make([]engine.Assignment, 0, len(keys))
	for i, k := range keys {
		name, isStr := k.(py.String)
		if !isStr {
			return nil, py.ExceptionNewf(py.TypeError, "Keys of dict in %s must contain only strings with column names, found '%s' of type '%s", argname, pyStr(k), pyClassRepr(k))
		}
		switch v := vals[i].(type) {
		case py.String:
			out = append(out, engine.Assignment{Column: string(name), Value: string(v)})
		case *pyColumn:
			out = append(out, engine.Assignment{Column: string(name), Value: v.c})
		default:
			return nil, py.ExceptionNewf(py.TypeError, "Values of dict in %s must contain only Spark SQL Columns or strings (expressions in SQL syntax) as values, found '%s' of type '%s'", argname, pyStr(vals[i]), pyClassRepr(vals[i]))
		}
	}
	return out, nil
}

func pyStr(o py.Object) string {
	s, err := py.Str(o)
	if err != nil {
		return o.Type().Name
	}
	str, _ := py.StrAsString(s)
	return str
}

func defDeltaTableOps() {
	self := func(o py.Object) *pyDeltaTable { return o.(*pyDeltaTable) }
	python.DefMethod(deltaTableType, "alias", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("alias", args, kwargs, []string{"aliasName"}, 1)
		if err != nil {
			return nil, err
		}
		name, err := asString("alias", a[0])
		if err != nil {
			return nil, err
		}
		t := self(o)
		return &pyDeltaTable{s: t.s, dt: t.dt.Alias(name)}, nil
	})
	python.DefMethod(deltaTableType, "delete", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("delete", args, kwargs, []string{"condition"}, 0)
		if err != nil {
			return nil, err
		}
		cond, err := deltaCondition(a[0], "'condition'")
		if err != nil {
			return nil, err
		}
		t := self(o)
		return py.None, engineError(t.dt.Delete(t.s.in.Context(), cond))
	})
	python.DefMethod(deltaTableType, "update", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("update", args, kwargs, []string{"condition", "set"}, 0)
		if err != nil {
			return nil, err
		}
		set, err := deltaColumnMap(a[1], "'set'")
		if err != nil {
			return nil, err
		}
		cond, err := deltaCondition(a[0], "'condition'")
		if err != nil {
			return nil, err
		}
		t := self(o)
		return py.None, engineError(t.dt.Update(t.s.in.Context(), cond, set))
	})
	python.DefMethod(deltaTableType, "merge", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("merge", args, kwargs, []string{"source", "condition"}, 2)
		if err != nil {
			return nil, err
		}
		src, ok := a[0].(*pyDataFrame)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "source must be a DataFrame, found to be of type %s", pyClassRepr(a[0]))
		}
		cond, err := deltaCondition(a[1], "'condition'")
		if err != nil {
			return nil, err
		}
		if cond == nil {
			return nil, py.ExceptionNewf(py.ValueError, "'condition' cannot be None")
		}
		t := self(o)
		return &pyMergeBuilder{s: t.s, mb: t.dt.Merge(src.df, cond)}, nil
	})
	python.DefMethod(deltaTableType, "restoreToVersion", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("restoreToVersion", args, kwargs, []string{"version"}, 1)
		if err != nil {
			return nil, err
		}
		v, err := asInt("restoreToVersion", a[0], 0)
		if err != nil {
			return nil, err
		}
		t := self(o)
		return t.s.in.wrapDF(t.dt.RestoreToVersion(t.s.in.Context(), int64(v)))
	})
	python.DefMethod(deltaTableType, "restoreToTimestamp", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("restoreToTimestamp", args, kwargs, []string{"timestamp"}, 1)
		if err != nil {
			return nil, err
		}
		ts, err := asString("restoreToTimestamp", a[0])
		if err != nil {
			return nil, err
		}
		t := self(o)
		return t.s.in.wrapDF(t.dt.RestoreToTimestamp(t.s.in.Context(), ts))
	})
	python.DefMethod(deltaTableType, "detail", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("detail", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		t := self(o)
		return t.s.in.wrapDF(t.dt.Detail(t.s.in.Context()))
	})
	python.DefMethod(deltaTableType, "vacuum", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("vacuum", args, kwargs, []string{"retentionHours"}, 0)
		if err != nil {
			return nil, err
		}
		// delta-spark passes float(retentionHours) on; None keeps the table's retention.
		var hours *float64
		switch x := a[0].(type) {
		case nil, py.NoneType:
		case py.Int:
			h := float64(x)
			hours = &h
		case py.Float:
			h := float64(x)
			hours = &h
		case py.Bool:
			h := 0.0
			if x {
				h = 1
			}
			hours = &h
		default:
			return nil, notExpectedType("retentionHours", "float", a[0])
		}
		t := self(o)
		return t.s.in.wrapDF(t.dt.Vacuum(t.s.in.Context(), hours))
	})
	python.DefMethod(deltaTableType, "optimize", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("optimize", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return &pyOptimizeBuilder{t: self(o)}, nil
	})
	for _, name := range []string{"generate", "addFeatureSupport", "dropFeatureSupport", "clone", "cloneAtVersion", "cloneAtTimestamp"} {
		name := name
		python.DefMethod(deltaTableType, name, func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
			return nil, python.Unsupported("DeltaTable."+name, "kafkalab's Delta tables support create/createIfNotExists/replace/createOrReplace, convertToDelta, upgradeTableProtocol, delete, update, merge, history, detail, vacuum, optimize, restoreToVersion and restoreToTimestamp; run this one on real Spark with kafkalab export")
		})
	}

	clause := func(name string, params []string, build func(mb *engine.MergeBuilder, cond any, set []engine.Assignment) *engine.MergeBuilder) {
		python.DefMethod(mergeBuilderType, name, func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, params, 0)
			if err != nil {
				return nil, err
			}
			var set []engine.Assignment
			if len(params) == 2 {
				if set, err = deltaColumnMap(a[1], "'"+params[1]+"' in "+name); err != nil {
					return nil, err
				}
			}
			cond, err := deltaCondition(a[0], "'condition'")
			if err != nil {
				return nil, err
			}
			m := o.(*pyMergeBuilder)
			return &pyMergeBuilder{s: m.s, mb: build(m.mb, cond, set)}, nil
		})
	}
	clause("whenMatchedUpdate", []string{"condition", "set"}, (*engine.MergeBuilder).WhenMatchedUpdate)
	clause("whenMatchedUpdateAll", []string{"condition"}, func(mb *engine.MergeBuilder, c any, _ []engine.Assignment) *engine.MergeBuilder {
		return mb.WhenMatchedUpdateAll(c)
	})
	clause("whenMatchedDelete", []string{"condition"}, func(mb *engine.MergeBuilder, c any, _ []engine.Assignment) *engine.MergeBuilder {
		return mb.WhenMatchedDelete(c)
	})
	clause("whenNotMatchedInsert", []string{"condition", "values"}, (*engine.MergeBuilder).WhenNotMatchedInsert)
	clause("whenNotMatchedInsertAll", []string{"condition"}, func(mb *engine.MergeBuilder, c any, _ []engine.Assignment) *engine.MergeBuilder {
		return mb.WhenNotMatchedInsertAll(c)
	})
	clause("whenNotMatchedBySourceUpdate", []string{"condition", "set"}, (*engine.MergeBuilder).WhenNotMatchedBySourceUpdate)
	clause("whenNotMatchedBySourceDelete", []string{"condition"}, func(mb *engine.MergeBuilder, c any, _ []engine.Assignment) *engine.MergeBuilder {
		return mb.WhenNotMatchedBySourceDelete(c)
	})
	python.DefMethod(mergeBuilderType, "withSchemaEvolution", func(py.Object, py.Tuple, py.StringDict) (py.Object, error) {
		return nil, python.Unsupported("DeltaMergeBuilder.withSchemaEvolution", "merge into a table whose schema already has the source's columns")
	})
	python.DefMethod(mergeBuilderType, "execute", func(o py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		m := o.(*pyMergeBuilder)
		return m.s.in.wrapDF(m.mb.Execute(m.s.in.Context()))
	})
}
