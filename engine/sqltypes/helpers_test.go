package sqltypes

import (
	"bytes"
	"encoding/json"
	"time"
)

// Short forms for the tests of what the engine does through JSONReader, appendJSONStruct,
// Compare and typeFromJSON.

// fromJSON is from_json of one value (nil data is a null input).
func fromJSON(data []byte, schema *StructType, loc *time.Location) Row {
	if data == nil {
		return nil
	}
	return NewJSONReader(schema, loc).Parse(data)
}

// toJSON is to_json of a struct value.
func toJSON(row Row, schema *StructType, loc *time.Location) string {
	if loc == nil {
		loc = time.UTC
	}
	return string(appendJSONStruct(nil, row, schema, loc))
}

// compareRows orders rows on all fields, as orderBy(*df.columns).
func compareRows(a, b Row, schema *StructType) int {
	for i, f := range schema.Fields {
		if c := Compare(a[i], b[i], f.Type); c != 0 {
			return c
		}
	}
	return 0
}

// parseTypeJSON reads the JSON value of any type ("integer", {"type":"array",...}).
func parseTypeJSON(s string) (DataType, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return typeFromJSON(v)
}
