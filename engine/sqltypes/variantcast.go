package sqltypes

import (
	"fmt"
	"math/big"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// InvalidVariantCastError is a variant value that does not convert to the type asked for
// (Spark's INVALID_VARIANT_CAST, raised by variant_get and CAST; try_variant_get returns NULL).
type InvalidVariantCastError struct {
	JSON string
	To   DataType
}

func (e *InvalidVariantCastError) Error() string {
	return fmt.Sprintf("[INVALID_VARIANT_CAST] The variant value `%s` cannot be cast into `%s`. Please use `try_variant_get` instead.", e.JSON, sqlTypeName(e.To)) + variantSQLState
}

// CanCastVariant reports whether a variant may be cast to t (Spark's VariantGet.checkDataType):
// the scalar types, VARIANT, and arrays, string-keyed maps and structs of them.
func CanCastVariant(t DataType) bool {
	switch t := t.(type) {
	case ByteType, ShortType, IntegerType, LongType, FloatType, DoubleType, DecimalType, BooleanType,
		StringType, BinaryType, DateType, TimestampType, TimestampNTZType, VariantType,
		DayTimeIntervalType, YearMonthIntervalType:
		return true
	case ArrayType:
		return CanCastVariant(t.Element)
	case MapType:
		_, ok := t.Key.(StringType)
		return ok && CanCastVariant(t.Value)
	case *StructType:
		for _, f := range t.Fields {
			if !CanCastVariant(f.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// CastVariant converts the variant value r points at to type to, as Spark's VariantGet.cast:
// a variant null is SQL NULL; objects and arrays become structs (fields matched by name), maps
// and arrays, or JSON text for STRING; a scalar goes through a TRY cast from its own type, and
// a value that does not convert is an *InvalidVariantCastError when failOnError, else NULL.
func CastVariant(r VariantRef, to DataType, loc *time.Location, failOnError bool) (any, error) {
	if loc == nil {
		loc = time.UTC
	}
	if _, ok := to.(VariantType); ok {
		return r.Rebuild()
	}
	kind, err := r.Kind()
	if err != nil {
		return nil, err
	}
	if kind == VariantKindNull {
		return nil, nil
	}
	invalid := func() (any, error) {
		if !failOnError {
			return nil, nil
		}
		text, err := r.JSON(loc)
		if err != nil {
			return nil, err
		}
		return nil, &InvalidVariantCastError{JSON: text, To: to}
	}
	switch t := to.(type) {
	case ArrayType:
		if kind != VariantKindArray {
			return invalid()
		}
		els, err := r.Elements()
		if err != nil {
			return nil, err
		}
		out := make([]any, len(els))
		for i, e := range els {
			if out[i], err = CastVariant(e, t.Element, loc, failOnError); err != nil {
				return nil, err
			}
		}
		return out, nil
	case MapType:
		if kind != VariantKindObject {
			return invalid()
		}
		keys, vals, err := r.Fields()
		if err != nil {
			return nil, err
		}
		m := &MapValue{Keys: make([]any, len(keys)), Values: make([]any, len(keys))}
		for i := range keys {
			m.Keys[i] = keys[i]
			if m.Values[i], err = CastVariant(vals[i], t.Value, loc, failOnError); err != nil {
				return nil, err
			}
		}
		return m, nil
	case *StructType:
		if kind != VariantKindObject {
			return invalid()
		}
		keys, vals, err := r.Fields()
		if err != nil {
			return nil, err
		}
		row := make(Row, len(t.Fields))
		for i, k := range keys {
			for j, f := range t.Fields {
				if f.Name == k {
					if row[j], err = CastVariant(vals[i], f.Type, loc, failOnError); err != nil {
						return nil, err
					}
					break
				}
			}
		}
		return row, nil
	}
	if kind == VariantKindObject || kind == VariantKindArray {
		if _, ok := to.(StringType); ok {
			return r.JSON(loc)
		}
		return invalid()
	}
	v, err := r.Scalar()
	if err != nil {
		return nil, err
	}
	var from DataType
	switch x := v.(type) {
	case bool:
		from = Boolean
	case int64:
		from = Long
		if _, ok := to.(TimestampType); ok {
			// Spark checks this overflow itself (CAST would wrap silently).
			if x > maxInt64/1_000_000 || x < minInt64/1_000_000 {
				return invalid()
			}
			return Timestamp(x * 1_000_000), nil
		}
	case string:
		from = String
	case float64:
		from = Double
	case float32:
		from = Float
	case Decimal:
		d := VariantDecimal(x)
		v = d
		from = DecimalType{Precision: max(d.Precision(), int(d.Scale)), Scale: int(d.Scale)}
		if _, ok := to.(TimestampType); ok {
			n := new(big.Int).Mul(d.UnscaledBig(), big.NewInt(1_000_000))
			n.Quo(n, bigPow10(int(d.Scale)))
			if !n.IsInt64() {
				return invalid()
			}
			return Timestamp(n.Int64()), nil
		}
	case Date:
		from = DateT
	case Timestamp:
		from = TimestampT
	case TimestampNTZ:
		from = TimestampNTZT
	case []byte:
		from = Binary
	default:
		return nil, ErrMalformedVariant
	}
	if EqualTypes(from, to, true) {
		return v, nil
	}
	if _, ok := to.(BinaryType); ok {
		return invalid() // only a variant binary is BINARY
	}
	if !CanCast(from, to) {
		return invalid()
	}
	out, err := Cast(v, from, to, loc)
	if err != nil || out == nil {
		return invalid()
	}
	return out, nil
}

const (
	maxInt64 = 1<<63 - 1
	minInt64 = -1 << 63
)

// SparkError is the error as Spark raises it: a SparkRuntimeException.
func (e *InvalidVariantCastError) SparkError() *sparkerrors.Error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_VARIANT_CAST",
		Message: fmt.Sprintf("The variant value `%s` cannot be cast into `%s`. Please use `try_variant_get` instead.", e.JSON, sqlTypeName(e.To)),
		Params:  []sparkerrors.Param{{Name: "value", Value: e.JSON}, {Name: "dataType", Value: sqlTypeName(e.To)}}}
}
