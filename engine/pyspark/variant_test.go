package pyspark

import (
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// str(VariantVal) is PySpark's own JSON writer: json.dumps escaping, Python float and
// Decimal forms (the functions corpus's variant_collect golden has the first case).
func TestPyVariantJSON(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a": 1.5e3, "u": "\u00fc"}`, `{"a":1500.0,"u":"\u00fc"}`},
		{`{"a": 1, "b": [1, 2], "c": {"d": "x"}}`, `{"a":1,"b":[1,2],"c":{"d":"x"}}`},
		{`[1.50, 0.0000001, 1e300, "t\"q\n", null, true]`, `[1.50,1E-7,1e+300,"t\"q\n",null,true]`},
		{`"😀"`, `"\ud83d\ude00"`},
	}
	for _, tc := range cases {
		v, err := sqltypes.ParseJSONVariant(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pyVariantJSON(v.Ref(), time.UTC)
		if err != nil || got != tc.want {
			t.Errorf("pyVariantJSON(%s) = %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
}
