package pyspark

import (
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// pyColumn is pyspark.sql.Column over engine.Column.
type pyColumn struct{ c *engine.Column }

var columnType = py.NewType("Column", "A column expression of a DataFrame.")

func (c *pyColumn) Type() *py.Type { return columnType }

// newPyColumn wraps c, raising the error an engine column carries right away, at the line
// that built it, as PySpark does.
func newPyColumn(c *engine.Column) (py.Object, error) {
	if err := c.Err(); err != nil {
		return nil, engineError(err)
	}
	return &pyColumn{c}, nil
}

// goValue converts a Python argument for the engine: Columns stay Columns, Python values
// become the Go values of literals.
func goValue(o py.Object) (any, error) {
	switch x := o.(type) {
	case *pyColumn:
		return x.c, nil
	case py.NoneType:
		return nil, nil
	case py.Bool:
		return bool(x), nil
	case py.Int:
		return int(x), nil
	case *py.BigInt:
		// -9223372036854775808 is a negated big int in the interpreter; it still fits a long.
		if i, err := x.GoInt64(); err == nil {
			return int(i), nil
		}
	case py.Float:
		return float64(x), nil
	case py.String:
		return string(x), nil
	case py.Bytes:
		return []byte(x), nil
	case *pyDecimal:
		return x.d, nil
	case *pyDateTime:
		// A naive datetime is a wall clock in the session's zone; UTC until a session says
		// otherwise.
		return sqltypes.Timestamp(x.instant(time.UTC).UnixMicro()), nil
	case *pyDate:
		return sqltypes.Date(x.t.Unix() / 86400), nil
	case *pyTime:
		return x.sqlTime(), nil
	}
	return nil, python.Unsupported("a "+o.Type().Name+" value in a column expression", "pass a Column, a column name or a plain value (str, int, float, bool, None, Decimal, date, datetime, time)")
}

// colOrName converts an argument that names a column or is one ("amount", F.col("amount")).
func colOrName(fn string, o py.Object) (any, error) {
	switch x := o.(type) {
	case *pyColumn:
		return x.c, nil
	case py.String:
		return string(x), nil
	}
	return nil, notExpectedType("col", "Column or str", o)
}

func (c *pyColumn) binop(other py.Object, f func(*engine.Column, any) *engine.Column) (py.Object, error) {
	v, err := goValue(other)
	if err != nil {
		return nil, err
	}
	return newPyColumn(f(c.c, v))
}

// rbinop is other OP col for a plain value on the left: lit(other) OP col.
func (c *pyColumn) rbinop(other py.Object, f func(*engine.Column, any) *engine.Column) (py.Object, error) {
	v, err := goValue(other)
	if err != nil {
		return nil, err
	}
	return newPyColumn(f(engine.Lit(v), c.c))
}

func (c *pyColumn) M__add__(o py.Object) (py.Object, error) { return c.binop(o, (*engine.Column).Plus) }
func (c *pyColumn) M__sub__(o py.Object) (py.Object, error) {
	return c.binop(o, (*engine.Column).Minus)
}
func (c *pyColumn) M__mul__(o py.Object) (py.Object, error) {
	return c.binop(o, (*engine.Column).Multiply)
}
func (c *pyColumn) M__truediv__(o py.Object) (py.Object, error) {
	return c.binop(o, (*engine.Column).Divide)
}
func (c *pyColumn) M__mod__(o py.Object) (py.Object, error) { return c.binop(o, (*engine.Column).Mod) }
func (c *pyColumn) M__radd__(o py.Object) (py.Object, error) {
	return c.rbinop(o, (*engine.Column).Plus)
}
func (c *pyColumn) M__rsub__(o py.Object) (py.Object, error) {
	return c.rbinop(o, (*engine.Column).Minus)
}
func (c *pyColumn) M__rmul__(o py.Object) (py.Object, error) {
	return c.rbinop(o, (*engine.Column).Multiply)
}
func (c *pyColumn) M__rtruediv__(o py.Object) (py.Object, error) {
	return c.rbinop(o, (*engine.Column).Divide)
}
func (c *pyColumn) M__rmod__(o py.Object) (py.Object, error) {
	return c.rbinop(o, (*engine.Column).Mod)
}

// col ** other and other ** col are PySpark's _bin_func_op("pow"): Scala's functions.pow,
// the power function.
func (c *pyColumn) M__pow__(o, modulus py.Object) (py.Object, error) {
	if modulus != py.None && modulus != nil {
		return nil, py.ExceptionNewf(py.TypeError, "unsupported operand type(s) for pow(): 'Column', '%s', '%s'", o.Type().Name, modulus.Type().Name)
	}
	return c.binop(o, func(l *engine.Column, r any) *engine.Column {
		return engine.CallFunction("power", false, l, columnOrLit(r))
	})
}
func (c *pyColumn) M__rpow__(o py.Object) (py.Object, error) {
	return c.rbinop(o, func(l *engine.Column, r any) *engine.Column {
		return engine.CallFunction("power", false, l, columnOrLit(r))
	})
}

// columnOrLit is v as a column: a Column stays, a plain value is a literal.
func columnOrLit(v any) *engine.Column {
	if c, ok := v.(*engine.Column); ok {
		return c
	}
	return engine.Lit(v)
}

func (c *pyColumn) M__eq__(o py.Object) (py.Object, error) {
	return c.binop(o, (*engine.Column).EqualTo)
}
func (c *pyColumn) M__ne__(o py.Object) (py.Object, error) {
	return c.binop(o, (*engine.Column).NotEqual)
}
func (c *pyColumn) M__lt__(o py.Object) (py.Object, error)  { return c.binop(o, (*engine.Column).Lt) }
func (c *pyColumn) M__le__(o py.Object) (py.Object, error)  { return c.binop(o, (*engine.Column).Leq) }
func (c *pyColumn) M__gt__(o py.Object) (py.Object, error)  { return c.binop(o, (*engine.Column).Gt) }
func (c *pyColumn) M__ge__(o py.Object) (py.Object, error)  { return c.binop(o, (*engine.Column).Geq) }
func (c *pyColumn) M__and__(o py.Object) (py.Object, error) { return c.binop(o, (*engine.Column).And) }
func (c *pyColumn) M__or__(o py.Object) (py.Object, error)  { return c.binop(o, (*engine.Column).Or) }
func (c *pyColumn) M__rand__(o py.Object) (py.Object, error) {
	return c.rbinop(o, (*engine.Column).And)
}
func (c *pyColumn) M__ror__(o py.Object) (py.Object, error) { return c.rbinop(o, (*engine.Column).Or) }
func (c *pyColumn) M__invert__() (py.Object, error)         { return newPyColumn(c.c.Not()) }
func (c *pyColumn) M__neg__() (py.Object, error)            { return newPyColumn(c.c.Negate()) }
func (c *pyColumn) M__pos__() (py.Object, error)            { return c, nil }

func (c *pyColumn) M__bool__() (py.Object, error) {
	return nil, raise(sparkerrors.PySparkValueError, "CANNOT_CONVERT_COLUMN_INTO_BOOL")
}

func (c *pyColumn) M__iter__() (py.Object, error) {
	return nil, raise(sparkerrors.PySparkTypeError, "NOT_ITERABLE", "objectName", "Column")
}

func (c *pyColumn) M__repr__() (py.Object, error) { return py.String(c.c.String()), nil }
func (c *pyColumn) M__str__() (py.Object, error)  { return py.String(c.c.String()), nil }

// col[key] is a struct field, an array element or a map value, by the column's type
// (PySpark's Column.__getitem__); key is a Column or a plain value.
func (c *pyColumn) M__getitem__(key py.Object) (py.Object, error) {
	if _, ok := key.(*py.Slice); ok {
		return nil, python.Unsupported("Column[start:stop] (substr)", "use F.substring(col, pos, len)")
	}
	return c.item(key)
}

func (c *pyColumn) item(key py.Object) (py.Object, error) {
	v, err := goValue(key)
	if err != nil {
		return nil, err
	}
	return newPyColumn(c.c.GetItem(v))
}

// Column methods PySpark has and kafkalab's engine does not: calling one says so.
var unsupportedColumnMethods = map[string]bool{}

// col.field is a struct field too, as in PySpark; known PySpark methods kafkalab lacks say so.
func (c *pyColumn) M__getattr__(name string) (py.Object, error) {
	if unsupportedColumnMethods[name] || len(name) > 1 && name[0] == '_' {
		return missingAttr("Column", name)
	}
	return newPyColumn(c.c.GetField(name))
}

func init() {
	m := func(name string, f func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(columnType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyColumn), args, kwargs)
		})
	}
	noArgs := func(name string, f func(*engine.Column) *engine.Column) {
		m(name, func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if len(args)+len(kwargs) > 0 {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes no arguments", name)
			}
			return newPyColumn(f(c.c))
		})
	}
	noArgs("isNull", (*engine.Column).IsNull)
	noArgs("isNaN", (*engine.Column).IsNaN)
	// like, rlike and ilike take a pattern string, as in PySpark.
	for name, f := range map[string]func(*engine.Column, string) *engine.Column{
		"like": (*engine.Column).Like, "rlike": (*engine.Column).RLike, "ilike": (*engine.Column).ILike,
	} {
		m(name, func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"other"}, 1)
			if err != nil {
				return nil, err
			}
			pat, ok := a[0].(py.String)
			if !ok {
				return nil, notExpectedType("other", "str", a[0])
			}
			return newPyColumn(f(c.c, string(pat)))
		})
	}
	// contains, startswith and endswith take a Column or a literal.
	for name, f := range map[string]func(*engine.Column, any) *engine.Column{
		"contains": (*engine.Column).Contains, "startswith": (*engine.Column).StartsWith, "endswith": (*engine.Column).EndsWith,
	} {
		m(name, func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"other"}, 1)
			if err != nil {
				return nil, err
			}
			v, err := goValue(a[0])
			if err != nil {
				return nil, err
			}
			return newPyColumn(f(c.c, v))
		})
	}
	m("withField", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("withField", args, kwargs, []string{"fieldName", "col"}, 2)
		if err != nil {
			return nil, err
		}
		name, ok := a[0].(py.String)
		if !ok {
			return nil, notExpectedType("fieldName", "str", a[0])
		}
		v, ok := a[1].(*pyColumn)
		if !ok {
			return nil, notExpectedType("col", "Column", a[1])
		}
		return newPyColumn(c.c.WithField(string(name), v.c))
	})
	m("dropFields", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		names, err := strList("dropFields", args)
		if err != nil {
			return nil, err
		}
		return newPyColumn(c.c.DropFields(names...))
	})
	for name, f := range map[string]func(*engine.Column, any) *engine.Column{
		"bitwiseOR": (*engine.Column).BitwiseOR, "bitwiseAND": (*engine.Column).BitwiseAND, "bitwiseXOR": (*engine.Column).BitwiseXOR,
	} {
		m(name, func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			a, err := python.ParseArgs(name, args, kwargs, []string{"other"}, 1)
			if err != nil {
				return nil, err
			}
			return c.binop(a[0], f)
		})
	}
	m("substr", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("substr", args, kwargs, []string{"startPos", "length"}, 2)
		if err != nil {
			return nil, err
		}
		// PySpark wants both bounds of one kind: two ints, or two Columns (per-row bounds).
		if a[0].Type() != a[1].Type() {
			return nil, raise(sparkerrors.PySparkTypeError, "NOT_SAME_TYPE",
				"arg_name1", "startPos", "arg_name2", "length", "arg_type1", a[0].Type().Name, "arg_type2", a[1].Type().Name)
		}
		if sc, ok := a[0].(*pyColumn); ok {
			return newPyColumn(c.c.SubstrColumns(sc.c, a[1].(*pyColumn).c))
		}
		if _, ok := a[0].(py.Int); !ok {
			return nil, notExpectedType("startPos", "Column or int", a[0])
		}
		start, err := asInt("startPos", a[0], 0)
		if err != nil {
			return nil, err
		}
		n, err := asInt("length", a[1], 0)
		if err != nil {
			return nil, err
		}
		return newPyColumn(c.c.Substr(start, n))
	})
	// transform(f) is f(col): a way to chain column functions left to right.
	m("transform", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("transform", args, kwargs, []string{"f"}, 1)
		if err != nil {
			return nil, err
		}
		out, err := py.Call(a[0], py.Tuple{c}, nil)
		if err != nil {
			return nil, err
		}
		if _, ok := out.(*pyColumn); !ok {
			return nil, notExpectedType("f", "a function returning a Column", out)
		}
		return out, nil
	})
	noArgs("isNotNull", (*engine.Column).IsNotNull)
	noArgs("asc", (*engine.Column).Asc)
	noArgs("desc", (*engine.Column).Desc)
	noArgs("asc_nulls_first", (*engine.Column).AscNullsFirst)
	noArgs("asc_nulls_last", (*engine.Column).AscNullsLast)
	noArgs("desc_nulls_first", (*engine.Column).DescNullsFirst)
	noArgs("desc_nulls_last", (*engine.Column).DescNullsLast)
	alias := func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		md := kwargs["metadata"]
		delete(kwargs, "metadata")
		if len(kwargs) > 0 {
			return nil, py.ExceptionNewf(py.TypeError, "alias() got an unexpected keyword argument")
		}
		if len(args) > 1 {
			names, err := strList("alias", args)
			if err != nil {
				return nil, err
			}
			return newPyColumn(c.c.AliasMany(names))
		}
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "alias() takes at least one name")
		}
		name, err := asString("alias", args[0])
		if err != nil {
			return nil, err
		}
		if isPyDict(md) {
			v, err := python.ToJSON(md)
			if err != nil {
				return nil, err
			}
			return newPyColumn(c.c.AliasWithMetadata(name, python.PlainJSON(v).(map[string]any)))
		}
		return newPyColumn(c.c.Alias(name))
	}
	m("alias", alias)
	m("name", alias)
	cast := func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("cast", args, kwargs, []string{"dataType"}, 1)
		if err != nil {
			return nil, err
		}
		switch t := a[0].(type) {
		case py.String:
			// Spark parses the type name when cast() is called: a typo is a ParseException
			// at once, not an analysis error when the plan runs.
			if _, err := sqltypes.ParseDataType(string(t)); err != nil {
				return nil, parseError(err)
			}
			return newPyColumn(c.c.Cast(string(t)))
		case *pyDataType:
			return newPyColumn(c.c.Cast(t.t))
		}
		return nil, notExpectedType("dataType", "DataType or str", a[0])
	}
	m("cast", cast)
	m("try_cast", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("try_cast", args, kwargs, []string{"dataType"}, 1)
		if err != nil {
			return nil, err
		}
		switch t := a[0].(type) {
		case py.String:
			if _, err := sqltypes.ParseDataType(string(t)); err != nil {
				return nil, parseError(err)
			}
			return newPyColumn(c.c.TryCast(string(t)))
		case *pyDataType:
			return newPyColumn(c.c.TryCast(t.t))
		}
		return nil, notExpectedType("dataType", "DataType or str", a[0])
	})
	m("astype", cast)
	m("outer", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("outer", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return newPyColumn(c.c.Outer())
	})
	m("isin", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) == 1 {
			if d, ok := args[0].(*pyDataFrame); ok {
				return newPyColumn(c.c.IsInDataFrame(d.in.Context(), d.df))
			}
			if items, ok := python.SeqItems(args[0]); ok {
				args = items
			}
		}
		vals := make([]any, len(args))
		for i, a := range args {
			v, err := goValue(a)
			if err != nil {
				return nil, err
			}
			vals[i] = v
		}
		return newPyColumn(c.c.IsIn(vals...))
	})
	m("between", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("between", args, kwargs, []string{"lowerBound", "upperBound"}, 2)
		if err != nil {
			return nil, err
		}
		lo, err := goValue(a[0])
		if err != nil {
			return nil, err
		}
		hi, err := goValue(a[1])
		if err != nil {
			return nil, err
		}
		return newPyColumn(c.c.Between(lo, hi))
	})
	m("getField", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("getField", args, kwargs, []string{"name"}, 1)
		if err != nil {
			return nil, err
		}
		return c.item(a[0])
	})
	m("getItem", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("getItem", args, kwargs, []string{"key"}, 1)
		if err != nil {
			return nil, err
		}
		return c.item(a[0])
	})
	m("eqNullSafe", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "eqNullSafe() takes one argument")
		}
		return c.binop(args[0], (*engine.Column).EqNullSafe)
	})
	m("when", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("when", args, kwargs, []string{"condition", "value"}, 2)
		if err != nil {
			return nil, err
		}
		cond, ok := a[0].(*pyColumn)
		if !ok {
			return nil, notExpectedType("condition", "Column", a[0])
		}
		v, err := goValue(a[1])
		if err != nil {
			return nil, err
		}
		return newPyColumn(c.c.When(cond.c, v))
	})
	m("otherwise", func(c *pyColumn, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("otherwise", args, kwargs, []string{"value"}, 1)
		if err != nil {
			return nil, err
		}
		v, err := goValue(a[0])
		if err != nil {
			return nil, err
		}
		return newPyColumn(c.c.Otherwise(v))
	})
}
