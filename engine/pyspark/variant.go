package pyspark

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// pyVariantVal is pyspark.sql.types.VariantVal, what collect() gives for a VARIANT value:
// the encoded value and metadata (printed by repr as the bytearrays PySpark holds), str() and
// toJson() its JSON as PySpark's own VariantUtils writes it (Python's json.dumps escaping and
// number forms, not the JVM's), toPython() plain Python values.
type pyVariantVal struct{ v sqltypes.VariantVal }

var variantValType = py.NewType("VariantVal", "A VARIANT value as collect() returns it (pyspark.sql.types.VariantVal).")

func (v *pyVariantVal) Type() *py.Type { return variantValType }

func pyByteArrayRepr(b []byte) string {
	r, _ := py.Bytes(b).M__repr__()
	s, _ := r.(py.String)
	return "bytearray(" + string(s) + ")"
}

func (v *pyVariantVal) M__repr__() (py.Object, error) {
	return py.String("VariantVal(" + pyByteArrayRepr(v.v.Value) + ", " + pyByteArrayRepr(v.v.Metadata) + ")"), nil
}

func (v *pyVariantVal) M__str__() (py.Object, error) {
	s, err := pyVariantJSON(v.v.Ref(), time.UTC)
	if err != nil {
		return nil, py.ExceptionNewf(PySparkValueError, "[MALFORMED_VARIANT] Variant binary is malformed. Please check the data source is valid.")
	}
	return py.String(s), nil
}

func (v *pyVariantVal) M__getattr__(name string) (py.Object, error) {
	switch name {
	case "value":
		return py.Bytes(append([]byte(nil), v.v.Value...)), nil
	case "metadata":
		return py.Bytes(append([]byte(nil), v.v.Metadata...)), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'VariantVal' object has no attribute '%s'", name)
}

func init() {
	python.DefMethod(variantValType, "toJson", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("toJson", args, kwargs, []string{"zone_id"}, 0)
		if err != nil {
			return nil, err
		}
		zone := "UTC"
		if a[0] != nil && a[0] != py.None {
			if zone, err = asString("zone_id", a[0]); err != nil {
				return nil, err
			}
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			return nil, py.ExceptionNewf(py.KeyError, "'No time zone found with key %s'", zone)
		}
		s, err := pyVariantJSON(self.(*pyVariantVal).v.Ref(), loc)
		if err != nil {
			return nil, py.ExceptionNewf(PySparkValueError, "[MALFORMED_VARIANT] Variant binary is malformed. Please check the data source is valid.")
		}
		return py.String(s), nil
	})
	python.DefMethod(variantValType, "toPython", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("toPython", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		return pyVariantValue(self.(*pyVariantVal).v.Ref())
	})
}

// pyVariantValue is VariantUtils.to_python: dicts, lists and the Python scalars.
func pyVariantValue(r sqltypes.VariantRef) (py.Object, error) {
	kind, err := r.Kind()
	if err != nil {
		return nil, err
	}
	switch kind {
	case sqltypes.VariantKindObject:
		keys, vals, err := r.Fields()
		if err != nil {
			return nil, err
		}
		d := py.NewDictSized(len(keys))
		for i, k := range keys {
			x, err := pyVariantValue(vals[i])
			if err != nil {
				return nil, err
			}
			d.SetStr(k, x)
		}
		return d, nil
	case sqltypes.VariantKindArray:
		els, err := r.Elements()
		if err != nil {
			return nil, err
		}
		l := py.NewListSized(len(els))
		for i, e := range els {
			if l.Items[i], err = pyVariantValue(e); err != nil {
				return nil, err
			}
		}
		return l, nil
	}
	v, err := r.Scalar()
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case float32:
		return py.Float(float64(x)), nil
	}
	return toPython(v, nil, time.UTC), nil
}

// pyVariantJSON is VariantUtils.to_json: keys and strings through json.dumps (non-ASCII as
// \uXXXX), floats as Python's repr, decimals as str(Decimal), dates and datetimes as str().
func pyVariantJSON(r sqltypes.VariantRef, loc *time.Location) (string, error) {
	var b strings.Builder
	if err := appendPyVariantJSON(&b, r, loc); err != nil {
		return "", err
	}
	return b.String(), nil
}

func appendPyVariantJSON(b *strings.Builder, r sqltypes.VariantRef, loc *time.Location) error {
	kind, err := r.Kind()
	if err != nil {
		return err
	}
	switch kind {
	case sqltypes.VariantKindObject:
		keys, vals, err := r.Fields()
		if err != nil {
			return err
		}
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(pyJSONDumpsString(k))
			b.WriteByte(':')
			if err := appendPyVariantJSON(b, vals[i], loc); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	case sqltypes.VariantKindArray:
		els, err := r.Elements()
		if err != nil {
			return err
		}
		b.WriteByte('[')
		for i, e := range els {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := appendPyVariantJSON(b, e, loc); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	}
	v, err := r.Scalar()
	if err != nil {
		return err
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(py.FloatRepr(x))
	case float32:
		b.WriteString(py.FloatRepr(float64(x)))
	case sqltypes.Decimal:
		b.WriteString(pyDecimalString(x))
	case string:
		b.WriteString(pyJSONDumpsString(x))
	case []byte:
		b.WriteString(`"` + base64.StdEncoding.EncodeToString(x) + `"`)
	case sqltypes.Date:
		b.WriteString(`"` + sqltypes.FormatDate(x) + `"`)
	case sqltypes.TimestampNTZ:
		b.WriteString(`"` + pyDateTimeString(time.UnixMicro(int64(x)).UTC(), false) + `"`)
	case sqltypes.Timestamp:
		b.WriteString(`"` + pyDateTimeString(time.UnixMicro(int64(x)).In(loc), true) + `"`)
	default:
		return fmt.Errorf("unexpected variant scalar %T", v)
	}
	return nil
}

// pyDateTimeString is str(datetime): microseconds only when non-zero, the UTC offset for an
// aware one.
func pyDateTimeString(t time.Time, aware bool) string {
	s := fmt.Sprintf("%04d-%02d-%02d %02d:%02d:%02d", t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second())
	if us := t.Nanosecond() / 1000; us != 0 {
		s += fmt.Sprintf(".%06d", us)
	}
	if aware {
		_, off := t.Zone()
		sign := "+"
		if off < 0 {
			sign, off = "-", -off
		}
		s += fmt.Sprintf("%s%02d:%02d", sign, off/3600, off/60%60)
		if off%60 != 0 {
			s += fmt.Sprintf(":%02d", off%60)
		}
	}
	return s
}

// pyDecimalString is str() of Decimal(unscaled) * Decimal(10) ** -scale: the plain form
// while the exponent is at most 0 and the adjusted exponent at least -6, else scientific.
func pyDecimalString(d sqltypes.Decimal) string {
	digits := d.UnscaledBig().String()
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	exp := -int(d.Scale)
	adjusted := exp + len(digits) - 1
	var s string
	switch {
	case exp <= 0 && adjusted >= -6:
		if exp == 0 {
			s = digits
		} else if len(digits) > -exp {
			s = digits[:len(digits)+exp] + "." + digits[len(digits)+exp:]
		} else {
			s = "0." + strings.Repeat("0", -exp-len(digits)) + digits
		}
	default:
		s = digits[:1]
		if len(digits) > 1 {
			s += "." + digits[1:]
		}
		s += "E"
		if adjusted >= 0 {
			s += "+"
		}
		s += strconv.Itoa(adjusted)
	}
	if neg {
		return "-" + s
	}
	return s
}

// pyJSONDumpsString is json.dumps(s) with its defaults (ensure_ascii): quotes, the short
// escapes, other control and all non-ASCII characters as \uXXXX (surrogate pairs above
// U+FFFF).
func pyJSONDumpsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20 || (r >= 0x7f && r <= 0xffff):
				fmt.Fprintf(&b, `\u%04x`, r)
			case r > 0xffff:
				hi, lo := utf16.EncodeRune(r)
				fmt.Fprintf(&b, `\u%04x\u%04x`, hi, lo)
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
