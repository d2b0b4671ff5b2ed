package pyspark

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Python values of the engine's SQL values, as PySpark returns them: Row, decimal.Decimal,
// datetime.datetime, datetime.date.

// ---- Row ----

// pyRow is pyspark.sql.Row: a tuple with field names.
type pyRow struct {
	names  []string // nil for a Row made positionally without names
	values []py.Object
}

var rowType = py.NewTypeX("Row", "A row of a DataFrame: fields by name (row.order_id, row['order_id']) or position (row[0]).", rowNew, nil)

func (r *pyRow) Type() *py.Type { return rowType }

// Row(order_id=1, status="x") makes a row; Row("a", "b") makes a row class, which called
// with values makes rows with those field names.
func rowNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(args) > 0 && len(kwargs) > 0 {
		return nil, py.ExceptionNewf(PySparkValueError, "[CANNOT_SET_TOGETHER] args and kwargs should not be set together.")
	}
	if len(kwargs) > 0 {
		// Fields keep the order they were written in, as PySpark 3+ does.
		names := py.KeywordOrder(kwargs)
		vals := make([]py.Object, len(names))
		for i, n := range names {
			vals[i] = kwargs[n]
		}
		return &pyRow{names: names, values: vals}, nil
	}
	vals := make([]py.Object, len(args))
	copy(vals, args)
	return &pyRow{values: vals}, nil
}

func (r *pyRow) M__call__(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	// A Row of names used as a factory: Row("a", "b")(1, 2).
	names := make([]string, len(r.values))
	for i, v := range r.values {
		s, ok := v.(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "'Row' object is not callable")
		}
		names[i] = string(s)
	}
	if len(args) > len(names) {
		return nil, py.ExceptionNewf(PySparkValueError, "[TOO_MANY_VALUES] Expected %d values for `fields`, got %d.", len(names), len(args))
	}
	vals := make([]py.Object, len(args))
	copy(vals, args)
	return &pyRow{names: names[:len(args)], values: vals}, nil
}

func (r *pyRow) index(name string) int {
	for i, n := range r.names {
		if n == name {
			return i
		}
	}
	return -1
}

func (r *pyRow) M__getattr__(name string) (py.Object, error) {
	if i := r.index(name); i >= 0 {
		return r.values[i], nil
	}
	// PySpark's Row raises PySparkAttributeError (an AttributeError) for a missing field.
	return nil, raise(sparkerrors.PySparkAttributeError, "ATTRIBUTE_NOT_SUPPORTED", "attr_name", name)
}

func (r *pyRow) M__getitem__(key py.Object) (py.Object, error) {
	switch k := key.(type) {
	case py.String:
		if i := r.index(string(k)); i >= 0 {
			return r.values[i], nil
		}
		return nil, py.ExceptionNewf(PySparkValueError, "%s", string(k)) // PySpark raises the key alone
	case py.Int:
		i := int(k)
		if i < 0 {
			i += len(r.values)
		}
		if i < 0 || i >= len(r.values) {
			return nil, py.ExceptionNewf(py.IndexError, "tuple index out of range")
		}
		return r.values[i], nil
	case *py.Slice:
		return py.Tuple(r.values).M__getitem__(k)
	}
	return nil, py.ExceptionNewf(py.TypeError, "tuple indices must be integers or slices, not %s", key.Type().Name)
}

func (r *pyRow) M__len__() (py.Object, error)  { return py.Int(len(r.values)), nil }
func (r *pyRow) M__iter__() (py.Object, error) { return py.NewIterator(py.Tuple(r.values)), nil }
func (r *pyRow) M__contains__(item py.Object) (py.Object, error) {
	if s, ok := item.(py.String); ok && r.names != nil {
		return py.NewBool(r.index(string(s)) >= 0), nil
	}
	for _, v := range r.values {
		if eq, err := py.Eq(v, item); err == nil && eq == py.True {
			return py.True, nil
		}
	}
	return py.False, nil
}

func (r *pyRow) M__eq__(other py.Object) (py.Object, error) {
	var ov []py.Object
	switch o := other.(type) {
	case *pyRow:
		ov = o.values
	case py.Tuple:
		ov = o
	default:
		return py.False, nil
	}
	return py.Tuple(r.values).M__eq__(py.Tuple(ov))
}

func (r *pyRow) M__ne__(other py.Object) (py.Object, error) {
	eq, err := r.M__eq__(other)
	if err != nil {
		return nil, err
	}
	return py.NewBool(eq != py.True), nil
}

// Rows order as the tuples they are in PySpark (sorted(df.collect())).
func (r *pyRow) tupleOf(other py.Object) (py.Tuple, bool) {
	switch o := other.(type) {
	case *pyRow:
		return py.Tuple(o.values), true
	case py.Tuple:
		return o, true
	}
	return nil, false
}

func (r *pyRow) M__lt__(other py.Object) (py.Object, error) {
	if ov, ok := r.tupleOf(other); ok {
		return py.Tuple(r.values).M__lt__(ov)
	}
	return py.NotImplemented, nil
}

func (r *pyRow) M__le__(other py.Object) (py.Object, error) {
	if ov, ok := r.tupleOf(other); ok {
		return py.Tuple(r.values).M__le__(ov)
	}
	return py.NotImplemented, nil
}

func (r *pyRow) M__gt__(other py.Object) (py.Object, error) {
	if ov, ok := r.tupleOf(other); ok {
		return py.Tuple(r.values).M__gt__(ov)
	}
	return py.NotImplemented, nil
}

func (r *pyRow) M__ge__(other py.Object) (py.Object, error) {
	if ov, ok := r.tupleOf(other); ok {
		return py.Tuple(r.values).M__ge__(ov)
	}
	return py.NotImplemented, nil
}

func (r *pyRow) M__repr__() (py.Object, error) {
	var b strings.Builder
	b.WriteString("Row(")
	for i, v := range r.values {
		if i > 0 {
			b.WriteString(", ")
		}
		rep, err := python.Repr(v)
		if err != nil {
			return nil, err
		}
		if r.names != nil {
			b.WriteString(r.names[i] + "=")
		}
		b.WriteString(rep)
	}
	b.WriteString(")")
	if r.names == nil {
		// A Row without field names (Row("a", "b"), a Row class) prints in angle brackets.
		return py.String("<" + b.String() + ">"), nil
	}
	return py.String(b.String()), nil
}

func (r *pyRow) M__str__() (py.Object, error) { return r.M__repr__() }

func (r *pyRow) JSONValue() (any, error) {
	var m python.JSONObject
	for i, n := range r.names {
		v, err := python.ToJSON(r.values[i])
		if err != nil {
			return nil, err
		}
		m.Keys = append(m.Keys, n)
		m.Vals = append(m.Vals, v)
	}
	return m, nil
}

func init() {
	python.DefMethod(rowType, "asDict", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("asDict", args, kwargs, []string{"recursive"}, 0)
		if err != nil {
			return nil, err
		}
		recursive, err := asBool(a[0], false)
		if err != nil {
			return nil, err
		}
		return rowAsDict(self.(*pyRow), recursive), nil
	})
	python.DefMethod(rowType, "count", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		n := 0
		for _, v := range self.(*pyRow).values {
			if eq, err := py.Eq(v, args[0]); err == nil && eq == py.True {
				n++
			}
		}
		return py.Int(n), nil
	})
	python.DefMethod(rowType, "index", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		for i, v := range self.(*pyRow).values {
			if eq, err := py.Eq(v, args[0]); err == nil && eq == py.True {
				return py.Int(i), nil
			}
		}
		return nil, py.ExceptionNewf(py.ValueError, "tuple.index(x): x not in tuple")
	})
	python.DefProp(rowType, "__fields__", func(self py.Object) (py.Object, error) {
		return py.NewListFromStrings(self.(*pyRow).names), nil
	})
}

func rowAsDict(r *pyRow, recursive bool) *py.Dict {
	d := py.NewDictSized(len(r.names))
	for i, n := range r.names {
		v := r.values[i]
		if recursive {
			if sub, ok := v.(*pyRow); ok {
				v = rowAsDict(sub, true)
			}
		}
		d.SetStr(n, v)
	}
	return d
}

// ---- decimal.Decimal ----

type pyDecimal struct{ d sqltypes.Decimal }

var decimalType = py.NewTypeX("Decimal", "An exact decimal number (decimal.Decimal).", decimalNew, nil)

func (d *pyDecimal) Type() *py.Type { return decimalType }

func decimalNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("Decimal", args, kwargs, []string{"value"}, 0)
	if err != nil {
		return nil, err
	}
	var s string
	switch x := a[0].(type) {
	case nil:
		s = "0"
	case py.String:
		s = strings.TrimSpace(string(x))
	case py.Int:
		s = strconv.FormatInt(int64(x), 10)
	case py.Float:
		s = strconv.FormatFloat(float64(x), 'f', -1, 64)
	case *pyDecimal:
		return x, nil
	default:
		return nil, py.ExceptionNewf(py.TypeError, "conversion from %s to Decimal is not supported", x.Type().Name)
	}
	d, ok := sqltypes.ParseDecimalExact(s)
	if !ok {
		return nil, py.ExceptionNewf(py.ValueError, "[<class 'decimal.ConversionSyntax'>] invalid Decimal %q", s)
	}
	return &pyDecimal{d}, nil
}

func (d *pyDecimal) M__repr__() (py.Object, error) {
	return py.String("Decimal('" + d.d.String() + "')"), nil
}
func (d *pyDecimal) M__str__() (py.Object, error)   { return py.String(d.d.String()), nil }
func (d *pyDecimal) M__float__() (py.Object, error) { return py.Float(d.d.Float64()), nil }
func (d *pyDecimal) M__bool__() (py.Object, error)  { return py.NewBool(d.d.Sign() != 0), nil }

// M__format__ is format(Decimal, spec): its exact digits without a type or
// precision, the float's formatting otherwise.
func (d *pyDecimal) M__format__(spec py.Object) (py.Object, error) {
	str, _ := spec.(py.String)
	if str == "" {
		return py.String(d.d.String()), nil
	}
	fs, err := py.ParseFormatSpec(string(str))
	if err != nil {
		return nil, err
	}
	if fs.Type == 0 && fs.Precision < 0 {
		s := d.d.String()
		if d.d.Sign() >= 0 && (fs.Sign == '+' || fs.Sign == ' ') {
			s = string(fs.Sign) + s
		}
		return py.String(padNumber(s, fs)), nil
	}
	s, err := py.FormatNumber(py.Float(d.d.Float64()), fs)
	if err != nil {
		return nil, py.ExceptionNewf(py.ValueError, "Unknown format code '%c' for object of type 'decimal.Decimal'", fs.Type)
	}
	return py.String(s), nil
}

// decimalCompare compares with Decimal, int and float.
func (d *pyDecimal) cmp(other py.Object) (int, bool) {
	switch o := other.(type) {
	case *pyDecimal:
		return d.d.Cmp(o.d), true
	case py.Int:
		return d.d.Cmp(sqltypes.DecimalFromInt64(int64(o))), true
	case py.Float:
		f := d.d.Float64()
		switch {
		case f < float64(o):
			return -1, true
		case f > float64(o):
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func (d *pyDecimal) M__eq__(o py.Object) (py.Object, error) {
	c, ok := d.cmp(o)
	return py.NewBool(ok && c == 0), nil
}
func (d *pyDecimal) M__ne__(o py.Object) (py.Object, error) {
	c, ok := d.cmp(o)
	return py.NewBool(!ok || c != 0), nil
}
func (d *pyDecimal) order(o py.Object, f func(int) bool) (py.Object, error) {
	c, ok := d.cmp(o)
	if !ok {
		return py.NotImplemented, nil
	}
	return py.NewBool(f(c)), nil
}
func (d *pyDecimal) M__lt__(o py.Object) (py.Object, error) {
	return d.order(o, func(c int) bool { return c < 0 })
}
func (d *pyDecimal) M__le__(o py.Object) (py.Object, error) {
	return d.order(o, func(c int) bool { return c <= 0 })
}
func (d *pyDecimal) M__gt__(o py.Object) (py.Object, error) {
	return d.order(o, func(c int) bool { return c > 0 })
}
func (d *pyDecimal) M__ge__(o py.Object) (py.Object, error) {
	return d.order(o, func(c int) bool { return c >= 0 })
}

func (d *pyDecimal) arith(o py.Object, op byte, reverse bool) (py.Object, error) {
	var od sqltypes.Decimal
	switch x := o.(type) {
	case *pyDecimal:
		od = x.d
	case py.Int:
		od = sqltypes.DecimalFromInt64(int64(x))
	case py.Float:
		a, b := d.d.Float64(), float64(x)
		if reverse {
			a, b = b, a
		}
		switch op {
		case '+':
			return py.Float(a + b), nil
		case '-':
			return py.Float(a - b), nil
		case '*':
			return py.Float(a * b), nil
		}
		if b == 0 {
			return nil, py.ExceptionNewf(py.ZeroDivisionError, "division by zero")
		}
		return py.Float(a / b), nil
	default:
		return py.NotImplemented, nil
	}
	a, b := d.d, od
	if reverse {
		a, b = b, a
	}
	rt := sqltypes.DecimalType{Precision: sqltypes.MaxDecimalPrecision, Scale: max(int(a.Scale), int(b.Scale))}
	var res sqltypes.Decimal
	var ok bool
	switch op {
	case '+':
		res, ok = a.Add(b, rt)
	case '-':
		res, ok = a.Sub(b, rt)
	case '*':
		rt.Scale = int(a.Scale + b.Scale)
		res, ok = a.Mul(b, rt)
	default:
		if b.Sign() == 0 {
			return nil, py.ExceptionNewf(py.ZeroDivisionError, "[<class 'decimal.DivisionByZero'>]")
		}
		rt.Scale = 18
		res, ok = a.Div(b, rt)
	}
	if !ok {
		return nil, py.ExceptionNewf(py.OverflowError, "decimal result out of range")
	}
	return &pyDecimal{res}, nil
}

func (d *pyDecimal) M__add__(o py.Object) (py.Object, error)      { return d.arith(o, '+', false) }
func (d *pyDecimal) M__radd__(o py.Object) (py.Object, error)     { return d.arith(o, '+', true) }
func (d *pyDecimal) M__sub__(o py.Object) (py.Object, error)      { return d.arith(o, '-', false) }
func (d *pyDecimal) M__rsub__(o py.Object) (py.Object, error)     { return d.arith(o, '-', true) }
func (d *pyDecimal) M__mul__(o py.Object) (py.Object, error)      { return d.arith(o, '*', false) }
func (d *pyDecimal) M__rmul__(o py.Object) (py.Object, error)     { return d.arith(o, '*', true) }
func (d *pyDecimal) M__truediv__(o py.Object) (py.Object, error)  { return d.arith(o, '/', false) }
func (d *pyDecimal) M__rtruediv__(o py.Object) (py.Object, error) { return d.arith(o, '/', true) }

// ---- conversions ----

// toPython converts an engine value of type t to the Python value PySpark gives.
func toPython(v any, t sqltypes.DataType, loc *time.Location) py.Object {
	if v == nil {
		return py.None
	}
	switch x := v.(type) {
	case int8:
		return py.Int(x)
	case int16:
		return py.Int(x)
	case int32:
		return py.Int(x)
	case int64:
		return py.Int(x)
	case int:
		return py.Int(x)
	case float32:
		return py.Float(x)
	case float64:
		return py.Float(x)
	case string:
		return py.String(x)
	case bool:
		return py.NewBool(x)
	case []byte:
		return py.Bytes(append([]byte(nil), x...))
	case sqltypes.VariantVal:
		return &pyVariantVal{x}
	case sqltypes.Decimal:
		return &pyDecimal{x}
	case sqltypes.Timestamp:
		t := time.UnixMicro(int64(x)).In(loc)
		return &pyDateTime{time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC), nil}
	case sqltypes.TimestampNTZ:
		return &pyDateTime{time.UnixMicro(int64(x)).UTC(), nil}
	case sqltypes.Date:
		return &pyDate{time.Unix(int64(x)*86400, 0).UTC()}
	case sqltypes.Time:
		return timeToPython(x)
	case sqltypes.Row:
		st, _ := t.(*sqltypes.StructType)
		return rowToPython(x, st, loc)
	case []any:
		var et sqltypes.DataType
		if at, ok := t.(sqltypes.ArrayType); ok {
			et = at.Element
		}
		l := py.NewListSized(len(x))
		for i, e := range x {
			l.Items[i] = toPython(e, et, loc)
		}
		return l
	case *sqltypes.MapValue:
		var vt sqltypes.DataType
		if mt, ok := t.(sqltypes.MapType); ok {
			vt = mt.Value
		}
		var kt sqltypes.DataType
		if mt, ok := t.(sqltypes.MapType); ok {
			kt = mt.Key
		}
		d := py.NewDictSized(len(x.Keys))
		for i, k := range x.Keys {
			pk := toPython(k, kt, loc)
			if err := d.SetItem(pk, toPython(x.Values[i], vt, loc)); err != nil {
				ks, _ := py.StrAsString(pk)
				d.SetStr(ks, toPython(x.Values[i], vt, loc))
			}
		}
		return d
	}
	return py.String(fmt.Sprint(v))
}

func rowToPython(r sqltypes.Row, st *sqltypes.StructType, loc *time.Location) *pyRow {
	out := &pyRow{values: make([]py.Object, len(r))}
	if st != nil {
		out.names = st.Names()
	}
	for i, v := range r {
		var ft sqltypes.DataType
		if st != nil && i < len(st.Fields) {
			ft = st.Fields[i].Type
		}
		out.values[i] = toPython(v, ft, loc)
	}
	if st == nil {
		out.names = make([]string, len(r))
		for i := range r {
			out.names[i] = "_" + strconv.Itoa(i+1)
		}
	}
	return out
}

// pythonTypeName is how PySpark's verifier names a value's class in messages.
func pythonTypeName(o py.Object) string {
	switch o.(type) {
	case py.String:
		return "str"
	case py.Int:
		return "int"
	case py.Float:
		return "float"
	case py.Bool:
		return "bool"
	case *pyDecimal:
		return "decimal.Decimal"
	case *pyDateTime:
		return "datetime.datetime"
	case *pyDate:
		return "datetime.date"
	case py.Tuple:
		return "tuple"
	case *py.List:
		return "list"
	case py.StringDict, *py.Dict:
		return "dict"
	}
	return o.Type().Name
}

// typeUnacceptable is PySpark's verifier error for a value its field's type cannot hold
// (field is "" for a top-level row).
func typeUnacceptable(field string, t sqltypes.DataType, o py.Object) error {
	rep, _ := py.ReprAsString(o)
	cls := "<class '" + pythonTypeName(o) + "'>"
	if field == "" {
		return raise(sparkerrors.PySparkTypeError, "FIELD_DATA_TYPE_UNACCEPTABLE", "data_type", typeRepr(t), "obj", rep, "obj_type", cls)
	}
	return raise(sparkerrors.PySparkTypeError, "FIELD_DATA_TYPE_UNACCEPTABLE_WITH_NAME", "field_name", "field "+field, "data_type", typeRepr(t), "obj", rep, "obj_type", cls)
}

// fromPython converts a Python value for a field of type t, as createDataFrame's
// verifier does: the value's class must fit the type.
func fromPython(field string, o py.Object, t sqltypes.DataType, nullable bool, loc *time.Location) (any, error) {
	if o == nil || o == py.None {
		if !nullable {
			if field == "" {
				return nil, raise(sparkerrors.PySparkValueError, "FIELD_NOT_NULLABLE")
			}
			return nil, raise(sparkerrors.PySparkValueError, "FIELD_NOT_NULLABLE_WITH_NAME", "field_name", "field "+field)
		}
		return nil, nil
	}
	reject := func() error { return typeUnacceptable(field, t, o) }
	intIn := func(lo, hi int64) (int64, error) {
		if b, ok := o.(*py.BigInt); ok {
			rep, _ := py.StrAsString(b)
			return 0, raise(sparkerrors.PySparkValueError, "VALUE_OUT_OF_BOUNDS", "arg_name", "obj",
				"lower_bound", strconv.FormatInt(lo, 10), "upper_bound", strconv.FormatInt(hi, 10), "actual", rep)
		}
		i, ok := o.(py.Int)
		if !ok {
			return 0, reject()
		}
		if int64(i) < lo || int64(i) > hi {
			return 0, raise(sparkerrors.PySparkValueError, "VALUE_OUT_OF_BOUNDS", "arg_name", "obj", "lower_bound", strconv.FormatInt(lo, 10),
				"upper_bound", strconv.FormatInt(hi, 10), "actual", strconv.FormatInt(int64(i), 10))
		}
		return int64(i), nil
	}
	switch tt := t.(type) {
	case sqltypes.ByteType:
		v, err := intIn(math.MinInt8, math.MaxInt8)
		return int8(v), err
	case sqltypes.ShortType:
		v, err := intIn(math.MinInt16, math.MaxInt16)
		return int16(v), err
	case sqltypes.IntegerType:
		v, err := intIn(math.MinInt32, math.MaxInt32)
		return int32(v), err
	case sqltypes.LongType:
		v, err := intIn(math.MinInt64, math.MaxInt64)
		return v, err
	case sqltypes.FloatType:
		if f, ok := o.(py.Float); ok {
			return float32(f), nil
		}
		return nil, reject()
	case sqltypes.DoubleType:
		if f, ok := o.(py.Float); ok {
			return float64(f), nil
		}
		return nil, reject()
	case sqltypes.DecimalType:
		d, ok := o.(*pyDecimal)
		if !ok {
			return nil, reject()
		}
		r, ok := d.d.Rescale(tt.Precision, tt.Scale)
		if !ok {
			return nil, nil // Spark stores NULL when a decimal does not fit
		}
		return r, nil
	case sqltypes.StringType:
		// PySpark's verifier lets a STRING field take any value; the JVM stores its
		// toString (2 -> "2", True -> "true", 1.5 -> "1.5").
		switch x := o.(type) {
		case py.String:
			return string(x), nil
		case py.Bool:
			return strconv.FormatBool(bool(x)), nil
		case py.Int:
			return strconv.FormatInt(int64(x), 10), nil
		case *py.BigInt:
			return py.StrAsString(x)
		case py.Float:
			return sqltypes.JavaDoubleString(float64(x)), nil
		}
		return nil, python.Unsupported("a "+pythonTypeName(o)+" value for a STRING field (field "+field+")",
			"pass a str, or convert the value with str() first")
	case sqltypes.BooleanType:
		if b, ok := o.(py.Bool); ok {
			return bool(b), nil
		}
		return nil, reject()
	case sqltypes.BinaryType:
		if b, ok := o.(py.Bytes); ok {
			return []byte(b), nil
		}
		return nil, reject()
	case sqltypes.TimestampType:
		d, ok := o.(*pyDateTime)
		if !ok {
			return nil, reject()
		}
		// An aware datetime is its instant, as PySpark converts it; a naive one a wall
		// clock in the session zone.
		return sqltypes.Timestamp(d.instant(loc).UnixMicro()), nil
	case sqltypes.TimestampNTZType:
		d, ok := o.(*pyDateTime)
		if !ok {
			return nil, reject()
		}
		return sqltypes.TimestampNTZ(d.t.UnixMicro()), nil
	case sqltypes.TimeType:
		t, ok := o.(*pyTime)
		_ = tt
		if !ok {
			return nil, reject()
		}
		// Spark 4.2 keeps every microsecond whatever the field's precision: createDataFrame
		// of time(1, 2, 3, 456789) under "t time(3)" collects time(1, 2, 3, 456789).
		return t.sqlTime(), nil
	case sqltypes.DateType:
		switch d := o.(type) {
		case *pyDate:
			return sqltypes.Date(d.t.Unix() / 86400), nil
		case *pyDateTime:
			return sqltypes.Date(time.Date(d.t.Year(), d.t.Month(), d.t.Day(), 0, 0, 0, 0, time.UTC).Unix() / 86400), nil
		}
		return nil, reject()
	case *sqltypes.StructType:
		return rowFromPython(field, o, tt, loc)
	case sqltypes.ArrayType:
		items, ok := python.SeqItems(o)
		if !ok {
			return nil, reject()
		}
		out := make([]any, len(items))
		for i, it := range items {
			v, err := fromPython(field+".element", it, tt.Element, tt.ContainsNull, loc)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case sqltypes.MapType:
		keys, vals, ok := pyDictItems(o)
		if !ok {
			return nil, reject()
		}
		mv := &sqltypes.MapValue{}
		// The dict reaches the JVM as a java.util.HashMap: string keys come out in its
		// hash order, which is the map's order in Spark.
		order := make([]int, len(keys))
		for i := range order {
			order[i] = i
		}
		if _, ok := tt.Key.(sqltypes.StringType); ok {
			names := make([]string, len(keys))
			allStr := true
			for i, k := range keys {
				sk, ok := k.(py.String)
				allStr = allStr && ok
				names[i] = string(sk)
			}
			if allStr {
				order = engine.JavaHashMapOrder(names)
			}
		}
		for _, i := range order {
			k := keys[i]
			kv, err := fromPython(field+".key", k, tt.Key, false, loc)
			if err != nil {
				return nil, err
			}
			vv, err := fromPython(field+".value", vals[i], tt.Value, tt.ValueContainsNull, loc)
			if err != nil {
				return nil, err
			}
			mv.Keys = append(mv.Keys, kv)
			mv.Values = append(mv.Values, vv)
		}
		return mv, nil
	}
	return nil, python.Unsupported("createDataFrame with a "+t.SQL()+" column", "use INT, BIGINT, DOUBLE, DECIMAL, STRING, BOOLEAN, DATE, TIMESTAMP, arrays, maps or structs")
}

// rowFromPython converts a tuple, list, Row or dict to a row of st.
func rowFromPython(field string, o py.Object, st *sqltypes.StructType, loc *time.Location) (sqltypes.Row, error) {
	var vals []py.Object
	switch x := o.(type) {
	case *pyRow:
		if x.names != nil {
			vals = make([]py.Object, len(st.Fields))
			for i, f := range st.Fields {
				j := x.index(f.Name)
				if j < 0 {
					vals = x.values // positional fallback, as PySpark does for mismatched names
					break
				}
				vals[i] = x.values[j]
			}
		} else {
			vals = x.values
		}
	case py.Tuple:
		vals = x
	case *py.List:
		vals = x.Items
	case py.StringDict, *py.Dict:
		d, _, _ := pyStrDict(x)
		vals = make([]py.Object, len(st.Fields))
		for i, f := range st.Fields {
			vals[i] = d[f.Name]
		}
	default:
		return nil, typeUnacceptable(field, st, o)
	}
	if len(vals) != len(st.Fields) {
		return nil, raise(sparkerrors.PySparkValueError, "FIELD_STRUCT_LENGTH_MISMATCH", "object_length", strconv.Itoa(len(vals)), "field_length", strconv.Itoa(len(st.Fields)))
	}
	row := make(sqltypes.Row, len(vals))
	for i, f := range st.Fields {
		name := f.Name
		if field != "" {
			name = field + "." + f.Name
		}
		v, err := fromPython(name, vals[i], f.Type, f.Nullable, loc)
		if err != nil {
			return nil, err
		}
		row[i] = v
	}
	return row, nil
}

// padNumber aligns a formatted number as format() does for numbers (right, or '<',
// '^', '=' with a fill).
func padNumber(s string, fs py.FormatSpec) string {
	n := fs.Width - len([]rune(s))
	if n <= 0 {
		return s
	}
	fill := string(fs.Fill)
	align := fs.Align
	if fs.Zero && align == 0 {
		fill, align = "0", '='
	}
	switch align {
	case '<':
		return s + strings.Repeat(fill, n)
	case '^':
		return strings.Repeat(fill, n/2) + s + strings.Repeat(fill, n-n/2)
	case '=':
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, " ") {
			return s[:1] + strings.Repeat(fill, n) + s[1:]
		}
	}
	return strings.Repeat(fill, n) + s
}
