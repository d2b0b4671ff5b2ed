package plan

// Value conversions delegated to engine/sqltypes (Spark's Cast, ordering, JSON).

import (
	"errors"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ParseSchemaString reads a schema given as a DDL string ("order_id INT, ...") or as
// Spark's schema JSON, as from_json and DataFrameReader.schema accept both.
func ParseSchemaString(s string) (*sqltypes.StructType, error) {
	return parseStructSchema(s)
}

// ParseJSONSchemaString is the schema argument of from_json: a data type ("MAP<STRING,
// INT>", "ARRAY<INT>", "STRUCT<...>") or else a list of fields or a JSON schema, as Spark
// tries them.
func ParseJSONSchemaString(s string) (sqltypes.DataType, error) {
	if strings.HasPrefix(strings.TrimSpace(s), "{") {
		// A data type's JSON: Spark reads any type there (an array's or map's too).
		if t, err := sqltypes.ParseDataTypeJSON(s); err == nil {
			switch t.(type) {
			case sqltypes.ArrayType, sqltypes.MapType, *sqltypes.StructType:
				return t, nil
			}
		}
	} else {
		if t, err := sqltypes.ParseDataType(s); err == nil {
			switch t.(type) {
			case sqltypes.ArrayType, sqltypes.MapType, *sqltypes.StructType:
				return t, nil
			}
		}
	}
	return parseStructSchema(s)
}

func parseStructSchema(s string) (*sqltypes.StructType, error) {
	if strings.HasPrefix(strings.TrimSpace(s), "{") {
		return sqltypes.ParseSchemaJSON(s)
	}
	return sqltypes.ParseDDL(s)
}

// checkCast rejects casts Spark cannot do at all (e.g. struct to int) at analysis time.
func checkCast(b Bound, to sqltypes.DataType) error {
	if sqltypes.CanCast(b.DataType(), to) {
		return nil
	}
	return analysisErr("DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION",
		"Cannot resolve %s due to data type mismatch: cannot cast %s to %s.",
		quoteSQL("CAST("+b.SQL()+" AS "+to.SQL()+")"), quoteSQL(b.DataType().SQL()), quoteSQL(to.SQL()))
}

// castValue is CAST; outside ANSI mode a failed cast is NULL instead of an error.
func castValue(c *EvalContext, v any, from, to sqltypes.DataType) (any, error) {
	out, err := sqltypes.Cast(v, from, to, c.Location)
	if err != nil && !c.Ansi {
		var ce *sqltypes.CastError
		if errors.As(err, &ce) {
			return nil, nil
		}
	}
	return out, err
}

func compareValues(a, b any, t sqltypes.DataType) int { return sqltypes.Compare(a, b, t) }

func toJSON(c *EvalContext, v any, t sqltypes.DataType) (any, error) {
	return sqltypes.ValueToJSON(v, t, c.Location), nil
}

// keyOf is a map key equal for equal values (group-by, distinct).
func keyOf(vals []any, types []sqltypes.DataType) string {
	var b []byte
	for i, v := range vals {
		b = sqltypes.AppendKey(b, v, types[i])
	}
	return string(b)
}

func formatDecimal(d sqltypes.Decimal) string { return d.String() }
