package pyspark

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// pyspark.sql.types: one Python class per Spark type, each instance carrying the
// sqltypes.DataType it stands for.

type pyDataType struct {
	t   sqltypes.DataType
	cls *py.Type
}

func (d *pyDataType) Type() *py.Type { return d.cls }

// pyStructField is StructField(name, dataType, nullable=True, metadata=None).
type pyStructField struct{ f sqltypes.StructField }

var (
	dataTypeBase    = py.NewType("DataType", "Base class of Spark SQL types.")
	structFieldType = py.NewTypeX("StructField", "StructField(name, dataType, nullable=True, metadata=None)", structFieldNew, nil)
	atomicTypes     = map[string]sqltypes.DataType{
		"ByteType": sqltypes.Byte, "ShortType": sqltypes.Short, "IntegerType": sqltypes.Integer,
		"LongType": sqltypes.Long, "FloatType": sqltypes.Float, "DoubleType": sqltypes.Double,
		"StringType": sqltypes.String, "BinaryType": sqltypes.Binary, "BooleanType": sqltypes.Boolean,
		"DateType": sqltypes.DateT, "TimestampType": sqltypes.TimestampT, "TimestampNTZType": sqltypes.TimestampNTZT,
		"NullType": sqltypes.Null, "VariantType": sqltypes.VariantT,
	}
	typeClasses = map[string]*py.Type{}
)

func (f *pyStructField) Type() *py.Type { return structFieldType }

func init() {
	mk := func(name string, newf py.NewFunc) *py.Type {
		t := dataTypeBase.NewType(name, "Spark SQL type "+name, newf, nil)
		typeClasses[name] = t
		return t
	}
	for name, dt := range atomicTypes {
		dt, name := dt, name
		var cls *py.Type
		cls = mk(name, func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			if len(args)+len(kwargs) > 0 {
				return nil, py.ExceptionNewf(py.TypeError, "%s() takes no arguments", name)
			}
			return &pyDataType{dt, cls}, nil
		})
	}
	var decCls, arrCls, mapCls, structCls *py.Type
	decCls = mk("DecimalType", func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("DecimalType", args, kwargs, []string{"precision", "scale"}, 0)
		if err != nil {
			return nil, err
		}
		p, err := asInt("DecimalType", a[0], 10)
		if err != nil {
			return nil, err
		}
		s, err := asInt("DecimalType", a[1], 0)
		if err != nil {
			return nil, err
		}
		if p < 1 || p > sqltypes.MaxDecimalPrecision || s < 0 || s > p {
			return nil, py.ExceptionNewf(PySparkValueError, "DecimalType(%d,%d): precision must be 1..38 and scale 0..precision", p, s)
		}
		return &pyDataType{sqltypes.DecimalType{Precision: p, Scale: s}, decCls}, nil
	})
	var timeCls *py.Type
	timeCls = mk("TimeType", func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("TimeType", args, kwargs, []string{"precision"}, 0)
		if err != nil {
			return nil, err
		}
		p, err := asInt("TimeType", a[0], sqltypes.DefaultTimePrecision)
		if err != nil {
			return nil, err
		}
		if p < 0 || p > sqltypes.MaxTimePrecision {
			return nil, py.ExceptionNewf(PySparkValueError, "[UNSUPPORTED_TIME_PRECISION] The seconds precision %d of the TIME data type is out of the supported range [0, 6].", p)
		}
		return &pyDataType{sqltypes.TimeType{Precision: p}, timeCls}, nil
	})
	arrCls = mk("ArrayType", func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("ArrayType", args, kwargs, []string{"elementType", "containsNull"}, 1)
		if err != nil {
			return nil, err
		}
		et, err := toDataType("elementType", a[0])
		if err != nil {
			return nil, err
		}
		cn, err := asBool(a[1], true)
		if err != nil {
			return nil, err
		}
		return &pyDataType{sqltypes.ArrayType{Element: et, ContainsNull: cn}, arrCls}, nil
	})
	mapCls = mk("MapType", func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("MapType", args, kwargs, []string{"keyType", "valueType", "valueContainsNull"}, 2)
		if err != nil {
			return nil, err
		}
		kt, err := toDataType("keyType", a[0])
		if err != nil {
			return nil, err
		}
		vt, err := toDataType("valueType", a[1])
		if err != nil {
			return nil, err
		}
		vn, err := asBool(a[2], true)
		if err != nil {
			return nil, err
		}
		return &pyDataType{sqltypes.MapType{Key: kt, Value: vt, ValueContainsNull: vn}, mapCls}, nil
	})
	structCls = mk("StructType", func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("StructType", args, kwargs, []string{"fields"}, 0)
		if err != nil {
			return nil, err
		}
		st := &sqltypes.StructType{}
		if a[0] != nil && a[0] != py.None {
			items, ok := python.SeqItems(a[0])
			if !ok {
				return nil, py.ExceptionNewf(PySparkTypeError, "StructType() takes a list of StructField")
			}
			for _, it := range items {
				f, ok := it.(*pyStructField)
				if !ok {
					return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute 'name'", it.Type().Name)
				}
				st.Fields = append(st.Fields, f.f)
			}
		}
		return &pyDataType{st, structCls}, nil
	})
	structClass = structCls

	python.DefMethod(dataTypeBase, "simpleString", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.String(sqltypes.SimpleString(self.(*pyDataType).t)), nil
	})
	python.DefMethod(dataTypeBase, "typeName", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, ok := self.(*pyDataType).t.(sqltypes.TimeType); ok {
			return py.String("time"), nil // TimeType(3).typeName() is 'time', simpleString() 'time(3)'
		}
		return py.String(self.(*pyDataType).t.TypeName()), nil
	})
	python.DefProp(typeClasses["TimeType"], "precision", func(self py.Object) (py.Object, error) {
		return py.Int(self.(*pyDataType).t.(sqltypes.TimeType).Precision), nil
	})
	python.DefMethod(dataTypeBase, "json", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.String(sqltypes.TypeJSON(self.(*pyDataType).t)), nil
	})
	// StructType's own methods.
	python.DefMethod(structCls, "add", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDataType)
		st := d.t.(*sqltypes.StructType)
		if len(args) == 1 {
			if f, ok := args[0].(*pyStructField); ok {
				st.Fields = append(st.Fields, f.f)
				return self, nil
			}
		}
		a, err := python.ParseArgs("add", args, kwargs, []string{"field", "data_type", "nullable", "metadata"}, 2)
		if err != nil {
			return nil, err
		}
		name, err := asString("field", a[0])
		if err != nil {
			return nil, err
		}
		dt, err := toDataType("add", a[1])
		if err != nil {
			return nil, err
		}
		nullable, err := asBool(a[2], true)
		if err != nil {
			return nil, err
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: name, Type: dt, Nullable: nullable})
		return self, nil
	})
	python.DefProp(structCls, "fields", func(self py.Object) (py.Object, error) {
		st := self.(*pyDataType).t.(*sqltypes.StructType)
		l := py.NewListSized(len(st.Fields))
		for i, f := range st.Fields {
			l.Items[i] = &pyStructField{f}
		}
		return l, nil
	})
	python.DefProp(structCls, "names", func(self py.Object) (py.Object, error) {
		return py.NewListFromStrings(self.(*pyDataType).t.(*sqltypes.StructType).Names()), nil
	})
	python.DefMethod(structCls, "fieldNames", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.NewListFromStrings(self.(*pyDataType).t.(*sqltypes.StructType).Names()), nil
	})
	python.DefMethod(structCls, "treeString", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.String(self.(*pyDataType).t.(*sqltypes.StructType).TreeString()), nil
	})
	python.DefProp(decCls, "precision", func(self py.Object) (py.Object, error) {
		return py.Int(self.(*pyDataType).t.(sqltypes.DecimalType).Precision), nil
	})
	python.DefProp(decCls, "scale", func(self py.Object) (py.Object, error) {
		return py.Int(self.(*pyDataType).t.(sqltypes.DecimalType).Scale), nil
	})
	python.DefProp(arrCls, "elementType", func(self py.Object) (py.Object, error) {
		return wrapDataType(self.(*pyDataType).t.(sqltypes.ArrayType).Element), nil
	})
	for name, get := range map[string]func(f sqltypes.StructField) py.Object{
		"name":     func(f sqltypes.StructField) py.Object { return py.String(f.Name) },
		"dataType": func(f sqltypes.StructField) py.Object { return wrapDataType(f.Type) },
		"nullable": func(f sqltypes.StructField) py.Object { return py.NewBool(f.Nullable) },
		"metadata": func(f sqltypes.StructField) py.Object {
			v, _ := pyFromJSONAny(f.Metadata)
			if v == py.None {
				return py.NewDict()
			}
			return v
		},
	} {
		get := get
		python.DefProp(structFieldType, name, func(self py.Object) (py.Object, error) { return get(self.(*pyStructField).f), nil })
	}
	python.DefMethod(structFieldType, "simpleString", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		f := self.(*pyStructField).f
		return py.String(f.Name + ":" + sqltypes.SimpleString(f.Type)), nil
	})
	// gpython does not look up methods through a Go-made class's bases, so each type class
	// gets the shared DataType methods itself.
	for _, cls := range typeClasses {
		for k, v := range dataTypeBase.Dict {
			if _, own := cls.Dict[k]; !own {
				cls.Dict[k] = v
			}
		}
	}
	bindings["pyspark.sql.types"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		g := py.StringDict{"DataType": dataTypeBase, "StructField": structFieldType, "Row": rowType}
		for name, cls := range typeClasses {
			g[name] = cls
		}
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Spark SQL data types"}, Globals: g}, nil
	}
}

var structClass *py.Type

func pyFromJSONAny(v any) (py.Object, error) {
	if v == nil {
		return py.None, nil
	}
	if m, ok := v.(map[string]any); ok {
		return python.FromJSON(m), nil
	}
	return python.FromJSON(v), nil
}

func structFieldNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("StructField", args, kwargs, []string{"name", "dataType", "nullable", "metadata"}, 2)
	if err != nil {
		return nil, err
	}
	name, err := asString("name", a[0])
	if err != nil {
		return nil, err
	}
	dt, err := toDataType("StructField", a[1])
	if err != nil {
		return nil, err
	}
	nullable, err := asBool(a[2], true)
	if err != nil {
		return nil, err
	}
	f := sqltypes.StructField{Name: name, Type: dt, Nullable: nullable}
	if keys, _, ok := pyDictItems(a[3]); ok && len(keys) > 0 {
		v, err := python.ToJSON(a[3])
		if err != nil {
			return nil, err
		}
		f.Metadata = python.PlainJSON(v).(map[string]any)
	}
	return &pyStructField{f}, nil
}

// wrapDataType gives the Python object for a type.
func wrapDataType(t sqltypes.DataType) py.Object {
	var name string
	switch t.(type) {
	case sqltypes.DecimalType:
		name = "DecimalType"
	case sqltypes.TimeType:
		name = "TimeType"
	case sqltypes.ArrayType:
		name = "ArrayType"
	case sqltypes.MapType:
		name = "MapType"
	case *sqltypes.StructType:
		name = "StructType"
	default:
		for n, at := range atomicTypes {
			if at == t {
				name = n
			}
		}
	}
	cls := typeClasses[name]
	if cls == nil {
		cls = dataTypeBase
	}
	return &pyDataType{t, cls}
}

// toDataType accepts a DataType object or a type string ("int", "decimal(10,2)").
func toDataType(fn string, o py.Object) (sqltypes.DataType, error) {
	switch x := o.(type) {
	case *pyDataType:
		return x.t, nil
	case py.String:
		t, err := sqltypes.ParseDataType(string(x))
		if err != nil {
			return nil, parseError(err)
		}
		return t, nil
	}
	return nil, notExpectedType(fn, "DataType or str", o)
}

// toSchema accepts a StructType, a DDL string, or a list of column names.
func toSchema(o py.Object) (*sqltypes.StructType, error) {
	switch x := o.(type) {
	case *pyDataType:
		if st, ok := x.t.(*sqltypes.StructType); ok {
			return st, nil
		}
		return &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: x.t, Nullable: true}}}, nil
	case py.String:
		st, err := sqltypes.ParseDDL(string(x))
		if err != nil {
			return nil, parseError(err)
		}
		return st, nil
	}
	return nil, notExpectedTypeArgFirst("schema", "list, None or StructType", o)
}

func parseError(err error) error {
	// A type string is read by Spark's SQL parser: its errors are ParseExceptions whatever
	// their condition (UNSUPPORTED_DATATYPE is one as well as an analysis error).
	var pe *sqltypes.ParseError
	if errors.As(err, &pe) {
		head := fmt.Sprintf("[%s] %s SQLSTATE: %s", pe.Class, pe.Msg, pe.State)
		detail := pe.Detail()
		return engineError(&sparkerrors.Error{Kind: sparkerrors.ParseException, Class: pe.Class, Message: pe.Msg,
			Tail: strings.TrimPrefix(detail, head), Cause: err})
	}
	if _, ok := sparkerrors.As(err); ok {
		return engineError(err)
	}
	return python.Raise(pyerrors.ClassOf(sparkerrors.ParseException), err)
}

// typeRepr is PySpark's repr of a type: IntegerType(), DecimalType(10,2), StructType([...]).
func typeRepr(t sqltypes.DataType) string {
	switch x := t.(type) {
	case sqltypes.DecimalType:
		return "DecimalType(" + strconv.Itoa(x.Precision) + "," + strconv.Itoa(x.Scale) + ")"
	case sqltypes.TimeType:
		return "TimeType(" + strconv.Itoa(x.Precision) + ")"
	case sqltypes.ArrayType:
		return "ArrayType(" + typeRepr(x.Element) + ", " + pyBoolString(x.ContainsNull) + ")"
	case sqltypes.MapType:
		return "MapType(" + typeRepr(x.Key) + ", " + typeRepr(x.Value) + ", " + pyBoolString(x.ValueContainsNull) + ")"
	case *sqltypes.StructType:
		parts := make([]string, len(x.Fields))
		for i, f := range x.Fields {
			parts[i] = fieldRepr(f)
		}
		return "StructType([" + strings.Join(parts, ", ") + "])"
	}
	for n, at := range atomicTypes {
		if at == t {
			return n + "()"
		}
	}
	return t.SQL()
}

func fieldRepr(f sqltypes.StructField) string {
	return "StructField('" + f.Name + "', " + typeRepr(f.Type) + ", " + pyBoolString(f.Nullable) + ")"
}

func pyBoolString(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

func (d *pyDataType) M__repr__() (py.Object, error)    { return py.String(typeRepr(d.t)), nil }
func (d *pyDataType) M__str__() (py.Object, error)     { return py.String(typeRepr(d.t)), nil }
func (f *pyStructField) M__repr__() (py.Object, error) { return py.String(fieldRepr(f.f)), nil }
func (d *pyDataType) M__eq__(o py.Object) (py.Object, error) {
	od, ok := o.(*pyDataType)
	return py.NewBool(ok && sqltypes.EqualTypes(d.t, od.t, false)), nil
}
func (f *pyStructField) M__eq__(o py.Object) (py.Object, error) {
	of, ok := o.(*pyStructField)
	return py.NewBool(ok && of.f.Name == f.f.Name && of.f.Nullable == f.f.Nullable && sqltypes.EqualTypes(f.f.Type, of.f.Type, false)), nil
}

// StructType supports len(), iteration over fields and schema["name"].
func (d *pyDataType) M__len__() (py.Object, error) {
	if st, ok := d.t.(*sqltypes.StructType); ok {
		return py.Int(len(st.Fields)), nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "object of type '%s' has no len()", d.cls.Name)
}

func (d *pyDataType) M__iter__() (py.Object, error) {
	st, ok := d.t.(*sqltypes.StructType)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not iterable", d.cls.Name)
	}
	items := make(py.Tuple, len(st.Fields))
	for i, f := range st.Fields {
		items[i] = &pyStructField{f}
	}
	return py.NewIterator(items), nil
}

func (d *pyDataType) M__getitem__(key py.Object) (py.Object, error) {
	st, ok := d.t.(*sqltypes.StructType)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not subscriptable", d.cls.Name)
	}
	switch k := key.(type) {
	case py.String:
		if i, ok := st.FieldIndex(string(k)); ok {
			return &pyStructField{st.Fields[i]}, nil
		}
		return nil, py.ExceptionNewf(py.KeyError, "No StructField named %s", string(k))
	case py.Int:
		i := int(k)
		if i < 0 {
			i += len(st.Fields)
		}
		if i < 0 || i >= len(st.Fields) {
			return nil, py.ExceptionNewf(py.IndexError, "StructType index out of range")
		}
		return &pyStructField{st.Fields[i]}, nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "StructType keys should be str or int")
}
