package plan

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark's implicit type rules for operators (ANSI mode, Spark 4's default).

func isFractional(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.FloatType, sqltypes.DoubleType:
		return true
	}
	return false
}

func isDecimal(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.DecimalType)
	return ok
}

// IsNumeric reports a numeric type (integral, floating point or decimal).
func IsNumeric(t sqltypes.DataType) bool { return isNumeric(t) }

func isNumeric(t sqltypes.DataType) bool {
	return sqltypes.IsIntegral(t) || isFractional(t) || isDecimal(t)
}

func isNull(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.NullType)
	return ok
}

func isString(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.StringType)
	return ok
}

func integralRank(t sqltypes.DataType) int {
	switch t.(type) {
	case sqltypes.ByteType:
		return 1
	case sqltypes.ShortType:
		return 2
	case sqltypes.IntegerType:
		return 3
	case sqltypes.LongType:
		return 4
	}
	return 0
}

// decimalForIntegral is the decimal type that holds every value of an integral type
// (Spark's DecimalType.forType).
func decimalForIntegral(t sqltypes.DataType) sqltypes.DecimalType {
	switch t.(type) {
	case sqltypes.ByteType:
		return sqltypes.DecimalType{Precision: 3}
	case sqltypes.ShortType:
		return sqltypes.DecimalType{Precision: 5}
	case sqltypes.IntegerType:
		return sqltypes.DecimalType{Precision: 10}
	default:
		return sqltypes.DecimalType{Precision: 20}
	}
}

func asDecimalType(t sqltypes.DataType) sqltypes.DecimalType {
	if d, ok := t.(sqltypes.DecimalType); ok {
		return d
	}
	return decimalForIntegral(t)
}

// adjustDecimal is DecimalType.adjustPrecisionScale with spark.sql.decimalOperations.
// allowPrecisionLoss=true: keep the integral digits and give up fraction digits, down to 6.
func adjustDecimal(precision, scale int) sqltypes.DecimalType {
	if precision <= sqltypes.MaxDecimalPrecision {
		return sqltypes.DecimalType{Precision: precision, Scale: scale}
	}
	if scale < 0 {
		return sqltypes.DecimalType{Precision: sqltypes.MaxDecimalPrecision, Scale: scale}
	}
	intDigits := precision - scale
	minScale := min(scale, 6)
	adjusted := max(sqltypes.MaxDecimalPrecision-intDigits, minScale)
	return sqltypes.DecimalType{Precision: sqltypes.MaxDecimalPrecision, Scale: adjusted}
}

// boundedDecimal caps precision and scale at 38 (DecimalType.bounded).
func boundedDecimal(precision, scale int) sqltypes.DecimalType {
	return sqltypes.DecimalType{Precision: min(precision, sqltypes.MaxDecimalPrecision), Scale: min(scale, sqltypes.MaxDecimalPrecision)}
}

// widerDecimal is the decimal that holds both: max integral digits + max scale.
func widerDecimal(a, b sqltypes.DecimalType) sqltypes.DecimalType {
	scale := max(a.Scale, b.Scale)
	intDigits := max(a.Precision-a.Scale, b.Precision-b.Scale)
	return boundedDecimal(intDigits+scale, scale)
}

// arithmeticType decides the operand type both sides are cast to and the result type of a
// binary arithmetic operator; ok is false when Spark would reject the operand types.
func arithmeticType(op string, l, r sqltypes.DataType) (operand, result sqltypes.DataType, ok bool) {
	if isNull(l) && isNull(r) {
		l, r = sqltypes.Double, sqltypes.Double
		if op != "/" {
			l, r = sqltypes.Integer, sqltypes.Integer
		}
	}
	if isNull(l) {
		l = r
	}
	if isNull(r) {
		r = l
	}
	// A string operand is implicitly cast: to BIGINT next to an integral, else to DOUBLE.
	if isString(l) {
		l = stringArithType(r)
	}
	if isString(r) {
		r = stringArithType(l)
	}
	if !isNumeric(l) || !isNumeric(r) {
		return nil, nil, false
	}
	switch {
	case isFractional(l) || isFractional(r):
		if op == "/" {
			return sqltypes.Double, sqltypes.Double, true
		}
		t := widerNumeric(l, r)
		return t, t, true
	case isDecimal(l) || isDecimal(r):
		a, b := asDecimalType(l), asDecimalType(r)
		p1, s1, p2, s2 := a.Precision, a.Scale, b.Precision, b.Scale
		var res sqltypes.DecimalType
		switch op {
		case "+", "-":
			s := max(s1, s2)
			res = adjustDecimal(max(p1-s1, p2-s2)+s+1, s)
		case "*":
			res = adjustDecimal(p1+p2+1, s1+s2)
		case "/":
			s := max(6, s1+p2+1)
			res = adjustDecimal(p1-s1+s2+s, s)
		case "%":
			s := max(s1, s2)
			res = adjustDecimal(min(p1-s1, p2-s2)+s, s)
		}
		return nil, res, true // operands keep their own decimal types
	default:
		if op == "/" {
			return sqltypes.Double, sqltypes.Double, true
		}
		t := l
		if integralRank(r) > integralRank(l) {
			t = r
		}
		return t, t, true
	}
}

func stringArithType(other sqltypes.DataType) sqltypes.DataType {
	if sqltypes.IsIntegral(other) {
		return sqltypes.Long
	}
	return sqltypes.Double
}

// comparisonType is the common type both sides of a comparison are cast to (Spark's
// findWiderTypeForTwo plus its string promotion rules); ok is false when they cannot meet.
func comparisonType(l, r sqltypes.DataType) (sqltypes.DataType, bool) {
	if isNull(l) {
		return r, true
	}
	if isNull(r) {
		return l, true
	}
	if sqltypes.EqualTypes(l, r, true) {
		return l, true
	}
	switch {
	case isNumeric(l) && isNumeric(r):
		return widerNumeric(l, r), true
	case isString(l) && isAtomicNonString(r):
		return r, true
	case isString(r) && isAtomicNonString(l):
		return l, true
	}
	if a, ok := l.(sqltypes.DayTimeIntervalType); ok {
		if b, ok := r.(sqltypes.DayTimeIntervalType); ok {
			return sqltypes.WiderDayTime(a, b), true
		}
	}
	if a, ok := l.(sqltypes.YearMonthIntervalType); ok {
		if b, ok := r.(sqltypes.YearMonthIntervalType); ok {
			return sqltypes.YearMonthIntervalType{Start: min(a.Start, b.Start), End: max(a.End, b.End)}, true
		}
	}
	_, lt := l.(sqltypes.TimestampType)
	_, rt := r.(sqltypes.TimestampType)
	_, ld := l.(sqltypes.DateType)
	_, rd := r.(sqltypes.DateType)
	if (lt && rd) || (ld && rt) {
		return sqltypes.TimestampT, true
	}
	return complexCommonType(l, r)
}

// complexCommonType widens arrays, maps and structs field by field, as Spark's type
// coercion does for complex types: ARRAY() (ARRAY<VOID>) beside ARRAY(1, 2) is ARRAY<INT>.
// Inside them a string and a non-string value do not meet (that would need a cast Spark
// does not add implicitly there).
func complexCommonType(l, r sqltypes.DataType) (sqltypes.DataType, bool) {
	inner := func(a, b sqltypes.DataType) (sqltypes.DataType, bool) {
		if isString(a) != isString(b) && !isNull(a) && !isNull(b) {
			return nil, false
		}
		return comparisonType(a, b)
	}
	switch a := l.(type) {
	case sqltypes.ArrayType:
		b, ok := r.(sqltypes.ArrayType)
		if !ok {
			return nil, false
		}
		e, ok := inner(a.Element, b.Element)
		if !ok {
			return nil, false
		}
		return sqltypes.ArrayType{Element: e, ContainsNull: a.ContainsNull || b.ContainsNull}, true
	case sqltypes.MapType:
		b, ok := r.(sqltypes.MapType)
		if !ok {
			return nil, false
		}
		k, ok := inner(a.Key, b.Key)
		if !ok {
			return nil, false
		}
		v, ok := inner(a.Value, b.Value)
		if !ok {
			return nil, false
		}
		return sqltypes.MapType{Key: k, Value: v, ValueContainsNull: a.ValueContainsNull || b.ValueContainsNull}, true
	case *sqltypes.StructType:
		b, ok := r.(*sqltypes.StructType)
		if !ok || len(a.Fields) != len(b.Fields) {
			return nil, false
		}
		out := &sqltypes.StructType{Fields: make([]sqltypes.StructField, len(a.Fields))}
		for i, f := range a.Fields {
			g := b.Fields[i]
			if !strings.EqualFold(f.Name, g.Name) {
				return nil, false
			}
			t, ok := inner(f.Type, g.Type)
			if !ok {
				return nil, false
			}
			out.Fields[i] = sqltypes.StructField{Name: f.Name, Type: t, Nullable: f.Nullable || g.Nullable, Metadata: f.Metadata}
		}
		return out, true
	}
	return nil, false
}

func isAtomicNonString(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.StringType, *sqltypes.StructType, sqltypes.ArrayType, sqltypes.MapType:
		return false
	}
	return true
}

// widerNumeric is the smallest numeric type both fit in.
func widerNumeric(l, r sqltypes.DataType) sqltypes.DataType {
	switch {
	case isFractional(l) || isFractional(r):
		if isDecimal(l) || isDecimal(r) {
			return sqltypes.Double
		}
		if _, ok := l.(sqltypes.DoubleType); ok {
			return sqltypes.Double
		}
		if _, ok := r.(sqltypes.DoubleType); ok {
			return sqltypes.Double
		}
		return sqltypes.Float
	case isDecimal(l) || isDecimal(r):
		return widerDecimal(asDecimalType(l), asDecimalType(r))
	default:
		if integralRank(r) > integralRank(l) {
			return r
		}
		return l
	}
}
