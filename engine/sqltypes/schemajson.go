package sqltypes

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// JSON is Spark's StructType.json: compact, keys in Spark's order
// ({"type":"struct","fields":[{"name":..,"type":..,"nullable":..,"metadata":{..}}]}).
// Delta stores it as metaData.schemaString.
func (t *StructType) JSON() string {
	var b []byte
	b = appendTypeJSON(b, t)
	return string(b)
}

// TypeJSON is the JSON value of one type: a quoted name for atomic types ("integer",
// "decimal(10,2)") or an object for struct, array and map.
func TypeJSON(t DataType) string { return string(appendTypeJSON(nil, t)) }

func appendTypeJSON(b []byte, t DataType) []byte {
	switch t := t.(type) {
	case *StructType:
		b = append(b, `{"type":"struct","fields":[`...)
		for i, f := range t.Fields {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendSchemaString(b, f.Name)
			b = append(b, `,"type":`...)
			b = appendTypeJSON(b, f.Type)
			b = append(b, `,"nullable":`...)
			b = strconv.AppendBool(b, f.Nullable)
			b = append(b, `,"metadata":`...)
			b = appendMetadataJSON(b, f.Metadata)
			b = append(b, '}')
		}
		return append(b, "]}"...)
	case ArrayType:
		b = append(b, `{"type":"array","elementType":`...)
		b = appendTypeJSON(b, t.Element)
		b = append(b, `,"containsNull":`...)
		b = strconv.AppendBool(b, t.ContainsNull)
		return append(b, '}')
	case MapType:
		b = append(b, `{"type":"map","keyType":`...)
		b = appendTypeJSON(b, t.Key)
		b = append(b, `,"valueType":`...)
		b = appendTypeJSON(b, t.Value)
		b = append(b, `,"valueContainsNull":`...)
		b = strconv.AppendBool(b, t.ValueContainsNull)
		return append(b, '}')
	case nil:
		return append(b, "null"...)
	default:
		return appendSchemaString(b, t.TypeName())
	}
}

// appendSchemaString quotes s the way json4s does for Spark's schema JSON (control characters
// as lower-case \u00xx).
func appendSchemaString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			if c < 0x20 {
				b = append(b, fmt.Sprintf("\\u%04x", c)...)
			} else {
				b = append(b, c)
			}
		}
	}
	return append(b, '"')
}

// appendMetadataJSON writes a metadata map with sorted keys. Spark's Metadata keeps a Scala
// Map whose order is insertion order for up to four keys; Go maps have none, so we sort
// (the common cases, {} and one key, are identical).
func appendMetadataJSON(b []byte, m map[string]any) []byte {
	b = append(b, '{')
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendSchemaString(b, k)
		b = append(b, ':')
		b = appendMetadataValue(b, m[k])
	}
	return append(b, '}')
}

func appendMetadataValue(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return appendSchemaString(b, v)
	case bool:
		return strconv.AppendBool(b, v)
	case int:
		return strconv.AppendInt(b, int64(v), 10)
	case int32:
		return strconv.AppendInt(b, int64(v), 10)
	case int64:
		return strconv.AppendInt(b, v, 10)
	case float64:
		return appendJSONDouble(b, v)
	case map[string]any:
		return appendMetadataJSON(b, v)
	case []any:
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendMetadataValue(b, x)
		}
		return append(b, ']')
	case []string:
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendSchemaString(b, x)
		}
		return append(b, ']')
	case []int64:
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, x, 10)
		}
		return append(b, ']')
	default:
		return appendSchemaString(b, fmt.Sprint(v))
	}
}

// appendJSONDouble writes a double as Jackson/json4s do (Java's Double.toString; NaN and
// infinities quoted).
func appendJSONDouble(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(append(append(b, '"'), JavaDoubleString(f)...), '"')
	}
	return append(b, JavaDoubleString(f)...)
}

// ParseDataTypeJSON reads any data type in Spark's JSON form (DataType.json): a struct, or
// an array or map such as PySpark sends for from_json(col, ArrayType(...)) through Connect.
func ParseDataTypeJSON(s string) (DataType, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("data type JSON: %w", err)
	}
	dt, err := typeFromJSON(v)
	if err != nil {
		return nil, fmt.Errorf("data type JSON: %w", err)
	}
	return dt, nil
}

// ParseSchemaJSON reads Spark's schema JSON (StructType.json, Delta's schemaString).
func ParseSchemaJSON(s string) (*StructType, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("schema JSON: %w", err)
	}
	dt, err := typeFromJSON(v)
	if err != nil {
		return nil, fmt.Errorf("schema JSON: %w", err)
	}
	st, ok := dt.(*StructType)
	if !ok {
		return nil, fmt.Errorf("schema JSON: top-level type is %s, want a struct", SimpleString(dt))
	}
	return st, nil
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var (
	jsonDecimalRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^decimal\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$`) })
	jsonCharRe    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:var)?char\(\s*\d+\s*\)$`) })
)

var jsonTypeNames = map[string]DataType{
	"byte": Byte, "short": Short, "integer": Integer, "long": Long, "float": Float,
	"double": Double, "string": String, "binary": Binary, "boolean": Boolean, "date": DateT,
	"timestamp": TimestampT, "timestamp_ltz": TimestampT, "timestamp_ntz": TimestampNTZT,
	"null": Null, "void": Null, "decimal": DecimalType{10, 0},
	"interval day": DayTimeIntervalType{IntervalDay, IntervalDay}, "interval day to hour": DayTimeIntervalType{IntervalDay, IntervalHour},
	"interval day to minute": DayTimeIntervalType{IntervalDay, IntervalMinute}, "interval day to second": DayTimeIntervalType{IntervalDay, IntervalSecond},
	"interval hour": DayTimeIntervalType{IntervalHour, IntervalHour}, "interval hour to minute": DayTimeIntervalType{IntervalHour, IntervalMinute},
	"interval hour to second": DayTimeIntervalType{IntervalHour, IntervalSecond}, "interval minute": DayTimeIntervalType{IntervalMinute, IntervalMinute},
	"interval minute to second": DayTimeIntervalType{IntervalMinute, IntervalSecond}, "interval second": DayTimeIntervalType{IntervalSecond, IntervalSecond},
	"interval year": YearMonthIntervalType{IntervalYear, IntervalYear}, "interval year to month": YearMonthIntervalType{IntervalYear, IntervalMonth},
	"interval month": YearMonthIntervalType{IntervalMonth, IntervalMonth},
}

func typeFromJSON(v any) (DataType, error) {
	switch v := v.(type) {
	case string:
		if dt, ok := jsonTypeNames[v]; ok {
			return dt, nil
		}
		if m := jsonDecimalRe().FindStringSubmatch(v); m != nil {
			p, _ := strconv.Atoi(m[1])
			s, _ := strconv.Atoi(m[2])
			if p < 1 || p > MaxDecimalPrecision || s > p {
				return nil, fmt.Errorf("invalid decimal type %q", v)
			}
			return DecimalType{p, s}, nil
		}
		if strings.HasPrefix(v, "time(") && strings.HasSuffix(v, ")") {
			if n, err := strconv.Atoi(v[5 : len(v)-1]); err == nil && n >= 0 && n <= MaxTimePrecision {
				return TimeType{n}, nil
			}
			return nil, fmt.Errorf("invalid time type %q", v)
		}
		if jsonCharRe().MatchString(v) {
			return String, nil
		}
		return nil, fmt.Errorf("unknown type name %q", v)
	case map[string]any:
		switch v["type"] {
		case "struct":
			raw, ok := v["fields"].([]any)
			if !ok {
				return nil, fmt.Errorf("struct without a fields list")
			}
			st := &StructType{Fields: make([]StructField, 0, len(raw))}
			for i, rf := range raw {
				fo, ok := rf.(map[string]any)
				if !ok {
					return nil, fmt.Errorf("field %d is not an object", i)
				}
				name, ok := fo["name"].(string)
				if !ok {
					return nil, fmt.Errorf("field %d has no name", i)
				}
				ft, err := typeFromJSON(fo["type"])
				if err != nil {
					return nil, fmt.Errorf("field %q: %w", name, err)
				}
				nullable, ok := fo["nullable"].(bool)
				if !ok {
					return nil, fmt.Errorf("field %q: nullable missing or not a boolean", name)
				}
				f := StructField{Name: name, Type: ft, Nullable: nullable}
				if md, ok := fo["metadata"].(map[string]any); ok && len(md) > 0 {
					f.Metadata = metadataFromJSON(md)
				}
				st.Fields = append(st.Fields, f)
			}
			return st, nil
		case "array":
			el, err := typeFromJSON(v["elementType"])
			if err != nil {
				return nil, fmt.Errorf("array element: %w", err)
			}
			cn, _ := v["containsNull"].(bool)
			return ArrayType{Element: el, ContainsNull: cn}, nil
		case "map":
			k, err := typeFromJSON(v["keyType"])
			if err != nil {
				return nil, fmt.Errorf("map key: %w", err)
			}
			val, err := typeFromJSON(v["valueType"])
			if err != nil {
				return nil, fmt.Errorf("map value: %w", err)
			}
			vn, _ := v["valueContainsNull"].(bool)
			return MapType{Key: k, Value: val, ValueContainsNull: vn}, nil
		}
		return nil, fmt.Errorf("unknown complex type %v", v["type"])
	}
	return nil, fmt.Errorf("unexpected type value %v", v)
}

// metadataFromJSON converts decoded JSON numbers to int64 (integral) or float64, as Spark's
// Metadata keeps Long and Double.
func metadataFromJSON(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = metadataValue(v)
	}
	return out
}

func metadataValue(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	case map[string]any:
		return metadataFromJSON(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = metadataValue(x)
		}
		return out
	}
	return v
}
