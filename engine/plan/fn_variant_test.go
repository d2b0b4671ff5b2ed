package plan

import (
	"reflect"
	"testing"
)

// variant_get's path grammar, as Spark's VariantPathParser accepts it.
func TestParseVariantPath(t *testing.T) {
	cases := []struct {
		path string
		want []variantPathStep
		ok   bool
	}{
		{"$", nil, true},
		{"$.a", []variantPathStep{{key: "a", isKey: true}}, true},
		{"$.a.b[0]", []variantPathStep{{key: "a", isKey: true}, {key: "b", isKey: true}, {index: 0}}, true},
		{"$['a b']", []variantPathStep{{key: "a b", isKey: true}}, true},
		{`$["x"][12]`, []variantPathStep{{key: "x", isKey: true}, {index: 12}}, true},
		{"$.b[5]", []variantPathStep{{key: "b", isKey: true}, {index: 5}}, true},
		{"a", nil, false},
		{"$.", nil, false},
		{"$[-1]", nil, false},
		{"$[]", nil, false},
		{"$['a?']", nil, false},
		{"$x", nil, false},
	}
	for _, tc := range cases {
		got, ok := parseVariantPath(tc.path)
		if ok != tc.ok || (ok && !reflect.DeepEqual(got, tc.want)) {
			t.Errorf("parseVariantPath(%q) = %v, %v; want %v, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}
