// Package sparkparquet writes and reads Parquet files the way Spark's parquet data source
// does: snappy, INT96 timestamps (spark.sql.parquet.outputTimestampType's default),
// DECIMAL on INT32/INT64/FIXED_LEN_BYTE_ARRAY by precision, plain INT32/INT64 for int/long,
// UTF8 strings, columns in schema order, and Spark's footer key-value metadata. Delta data
// files and the parquet file sink both use it.
package sparkparquet

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// SparkVersion is the Spark version kafkalab's files claim to be written by (footer
// org.apache.spark.version, Delta engineInfo).
const SparkVersion = "4.2.0"

// Footer metadata keys Spark writes (ParquetWriteSupport).
const (
	MetaSparkVersion = "org.apache.spark.version"
	MetaRowMetadata  = "org.apache.spark.sql.parquet.row.metadata"
)

// orderedGroup is a parquet group whose fields keep a chosen order. parquet.Group is a map
// and would sort its fields by name; Spark writes columns in schema order.
type orderedGroup struct {
	parquet.Group
	order []string
}

func (g orderedGroup) Fields() []parquet.Field {
	all := g.Group.Fields()
	byName := make(map[string]parquet.Field, len(all))
	for _, f := range all {
		byName[f.Name()] = f
	}
	out := make([]parquet.Field, len(g.order))
	for i, n := range g.order {
		out[i] = byName[n]
	}
	return out
}

// plainType drops the INT(32/64, signed) annotation parquet-go puts on every INT32/INT64
// column: Spark writes int and bigint columns without one.
type plainType struct{ parquet.Type }

func (plainType) LogicalType() *format.LogicalType { return nil }

// optionalGroup marks a nested struct group optional while keeping its field order.
type optionalGroup struct{ orderedGroup }

func (optionalGroup) Optional() bool { return true }
func (optionalGroup) Required() bool { return false }

// Schema builds the parquet schema Spark would write for st ("spark_schema" message).
func Schema(st *sqltypes.StructType) (*parquet.Schema, error) {
	g, err := groupNode(st)
	if err != nil {
		return nil, err
	}
	return parquet.NewSchema("spark_schema", g), nil
}

// errEmptySchema is Spark's refusal to write a struct without columns to parquet. It is
// made when needed: building it reads the error catalog, which every start would pay.
func errEmptySchema() error {
	return sparkerrors.New(sparkerrors.AnalysisException, "EMPTY_SCHEMA_NOT_SUPPORTED_FOR_DATASOURCE", "format", "Parquet")
}

func groupNode(st *sqltypes.StructType) (orderedGroup, error) {
	g := orderedGroup{Group: parquet.Group{}, order: make([]string, 0, len(st.Fields))}
	if len(st.Fields) == 0 {
		return g, errEmptySchema()
	}
	for _, f := range st.Fields {
		if _, dup := g.Group[f.Name]; dup {
			return g, fmt.Errorf("parquet schema: column %q appears twice", f.Name)
		}
		n, err := node(f.Type)
		if err != nil {
			return g, fmt.Errorf("parquet schema: column %s: %w", f.Name, err)
		}
		g.Group[f.Name] = withNullability(n, f.Nullable)
		g.order = append(g.order, f.Name)
	}
	return g, nil
}

// withNullability makes n optional when nullable, else required.
func withNullability(n parquet.Node, nullable bool) parquet.Node {
	if !nullable {
		return n
	}
	if og, ok := n.(orderedGroup); ok {
		return optionalGroup{og}
	}
	return parquet.Optional(n)
}

func node(dt sqltypes.DataType) (parquet.Node, error) {
	switch t := dt.(type) {
	case sqltypes.BooleanType:
		return parquet.Leaf(parquet.BooleanType), nil
	case sqltypes.ByteType:
		return parquet.Int(8), nil
	case sqltypes.ShortType:
		return parquet.Int(16), nil
	case sqltypes.IntegerType:
		return parquet.Leaf(plainType{parquet.Int32Type}), nil
	case sqltypes.LongType:
		return parquet.Leaf(plainType{parquet.Int64Type}), nil
	case sqltypes.FloatType:
		return parquet.Leaf(parquet.FloatType), nil
	case sqltypes.DoubleType:
		return parquet.Leaf(parquet.DoubleType), nil
	case sqltypes.StringType:
		return parquet.String(), nil
	case sqltypes.BinaryType:
		return parquet.Leaf(parquet.ByteArrayType), nil
	case sqltypes.DateType:
		return parquet.Date(), nil
	case sqltypes.TimestampType:
		return parquet.Leaf(parquet.Int96Type), nil
	case sqltypes.TimestampNTZType:
		return parquet.TimestampAdjusted(parquet.Microsecond, false), nil
	case sqltypes.TimeType:
		// Spark 4.2 writes a TIME as INT64 TIME(isAdjustedToUTC=false, unit=MICROS).
		return parquet.TimeAdjusted(parquet.Microsecond, false), nil
	case sqltypes.DecimalType:
		if t.Precision < 1 || t.Precision > 38 || t.Scale < 0 || t.Scale > t.Precision {
			return nil, fmt.Errorf("invalid %s", t.TypeName())
		}
		switch {
		case t.Precision <= 9:
			return parquet.Decimal(t.Scale, t.Precision, parquet.Int32Type), nil
		case t.Precision <= 18:
			return parquet.Decimal(t.Scale, t.Precision, parquet.Int64Type), nil
		default:
			return parquet.Decimal(t.Scale, t.Precision, parquet.FixedLenByteArrayType(minBytesForPrecision(t.Precision))), nil
		}
	case *sqltypes.StructType:
		return groupNode(t)
	case sqltypes.ArrayType:
		el, err := node(t.Element)
		if err != nil {
			return nil, err
		}
		return parquet.List(withNullability(el, t.ContainsNull)), nil
	case sqltypes.MapType:
		k, err := node(t.Key)
		if err != nil {
			return nil, err
		}
		v, err := node(t.Value)
		if err != nil {
			return nil, err
		}
		return parquet.Map(k, withNullability(v, t.ValueContainsNull)), nil
	case sqltypes.VariantType:
		// Spark writes a variant as a group of its value and metadata binaries, and Delta
		// 4.4 only under the variantType table feature; kafkalab does neither yet.
		return nil, fmt.Errorf("kafkalab cannot write a VARIANT column to Parquet or Delta yet (delta-spark 4.4 needs the variantType table feature for it); write to_json(column) as a STRING instead, or run the script on real Spark with kafkalab export")
	default:
		return nil, fmt.Errorf("type %s cannot be written to parquet by kafkalab yet", dt.SQL())
	}
}

// minBytesForPrecision is Spark's Decimal.minBytesForPrecision: the fewest bytes whose
// two's complement range holds 10^precision - 1.
func minBytesForPrecision(precision int) int {
	n := 1
	for {
		// 2^(8n-1) > 10^precision ?
		if pow2Exceeds10(8*n-1, precision) {
			return n
		}
		n++
	}
}

// pow2Exceeds10 reports 2^bits >= 10^digits (the two are never equal for digits > 0).
func pow2Exceeds10(bits, digits int) bool {
	return float64(bits)*0.30102999566398120 >= float64(digits)
}
