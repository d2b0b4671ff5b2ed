// Package sqltypes holds Spark SQL's data types and the Go values that carry them.
//
// Every part of the engine (expressions, JSON, Parquet/Delta, show(), PySpark) shares this
// representation, so it is fixed here once:
//
//	SQL type            Go value (nil is SQL NULL for every type)
//	ByteType            int8
//	ShortType           int16
//	IntegerType         int32
//	LongType            int64
//	FloatType           float32
//	DoubleType          float64
//	DecimalType(p,s)    Decimal (exact; never a float)
//	StringType          string
//	BinaryType          []byte
//	BooleanType         bool
//	DateType            Date (days since 1970-01-01)
//	TimestampType       Timestamp (microseconds since the epoch, UTC instant)
//	TimestampNTZType    TimestampNTZ (microseconds, wall clock without zone)
//	TimeType(p)         Time (nanoseconds since midnight)
//	StructType          Row (one value per field, in field order)
//	ArrayType           []any
//	MapType             *MapValue
package sqltypes

import "math/big"

// DataType is one Spark SQL type.
type DataType interface {
	// TypeName is the name Spark writes in a schema's JSON form ("integer", "decimal(10,2)").
	TypeName() string
	// SQL is the DDL spelling Spark prints in messages and simpleString-like places ("INT").
	SQL() string
}

// Atomic types. They carry no parameters, so each is a zero-size struct.
type (
	ByteType         struct{}
	ShortType        struct{}
	IntegerType      struct{}
	LongType         struct{}
	FloatType        struct{}
	DoubleType       struct{}
	StringType       struct{}
	BinaryType       struct{}
	BooleanType      struct{}
	DateType         struct{}
	TimestampType    struct{}
	TimestampNTZType struct{}
	NullType         struct{}
)

// Shared instances, so code can write sqltypes.Integer instead of sqltypes.IntegerType{}.
var (
	Byte          = ByteType{}
	Short         = ShortType{}
	Integer       = IntegerType{}
	Long          = LongType{}
	Float         = FloatType{}
	Double        = DoubleType{}
	String        = StringType{}
	Binary        = BinaryType{}
	Boolean       = BooleanType{}
	DateT         = DateType{}
	TimestampT    = TimestampType{}
	TimestampNTZT = TimestampNTZType{}
	Null          = NullType{}
)

func (ByteType) TypeName() string         { return "byte" }
func (ShortType) TypeName() string        { return "short" }
func (IntegerType) TypeName() string      { return "integer" }
func (LongType) TypeName() string         { return "long" }
func (FloatType) TypeName() string        { return "float" }
func (DoubleType) TypeName() string       { return "double" }
func (StringType) TypeName() string       { return "string" }
func (BinaryType) TypeName() string       { return "binary" }
func (BooleanType) TypeName() string      { return "boolean" }
func (DateType) TypeName() string         { return "date" }
func (TimestampType) TypeName() string    { return "timestamp" }
func (TimestampNTZType) TypeName() string { return "timestamp_ntz" }
func (NullType) TypeName() string         { return "void" }

func (ByteType) SQL() string         { return "TINYINT" }
func (ShortType) SQL() string        { return "SMALLINT" }
func (IntegerType) SQL() string      { return "INT" }
func (LongType) SQL() string         { return "BIGINT" }
func (FloatType) SQL() string        { return "FLOAT" }
func (DoubleType) SQL() string       { return "DOUBLE" }
func (StringType) SQL() string       { return "STRING" }
func (BinaryType) SQL() string       { return "BINARY" }
func (BooleanType) SQL() string      { return "BOOLEAN" }
func (DateType) SQL() string         { return "DATE" }
func (TimestampType) SQL() string    { return "TIMESTAMP" }
func (TimestampNTZType) SQL() string { return "TIMESTAMP_NTZ" }
func (NullType) SQL() string         { return "VOID" }

// DecimalType is DECIMAL(Precision, Scale).
type DecimalType struct{ Precision, Scale int }

// ArrayType is ARRAY<Element>.
type ArrayType struct {
	Element      DataType
	ContainsNull bool
}

// MapType is MAP<Key, Value>.
type MapType struct {
	Key               DataType
	Value             DataType
	ValueContainsNull bool
}

// StructField is one named field of a StructType.
type StructField struct {
	Name     string
	Type     DataType
	Nullable bool
	// Metadata is the field's metadata map (e.g. spark.watermarkDelayMs); nil means {}.
	Metadata map[string]any
}

// StructType is an ordered list of fields; a DataFrame's schema is one.
type StructType struct{ Fields []StructField }

// Row is the value of a StructType: one entry per field, in field order.
type Row []any

// Timestamp is a TimestampType value: microseconds since 1970-01-01T00:00:00Z.
type Timestamp int64

// TimestampNTZ is a TimestampNTZType value: microseconds of a wall-clock reading, no zone.
type TimestampNTZ int64

// Date is a DateType value: days since 1970-01-01.
type Date int32

// Decimal is an exact decimal number, Unscaled × 10^-Scale. Values whose unscaled form fits
// an int64 keep Big nil; larger ones (precision above 18) use Big and ignore Unscaled.
type Decimal struct {
	Unscaled int64
	Big      *big.Int
	Scale    int32
}

// MapValue is a MapType value; Keys[i] maps to Values[i], in insertion order.
type MapValue struct {
	Keys   []any
	Values []any
}

// IsIntegral reports whether t is one of the integer types (TINYINT to BIGINT).
func IsIntegral(t DataType) bool {
	switch t.(type) {
	case ByteType, ShortType, IntegerType, LongType:
		return true
	}
	return false
}
