package plan

import (
	"encoding/hex"
	"strings"
	"testing"
)

// The sketch real PySpark 4.2 printed for count_min_sketch(v, 0.5, 0.5, 1) over the ints
// 1, 2, NULL, 4, 2, NULL (functions corpus fn_count_min_sketch): depth 1, width 4, the
// row seed java.util.Random(1).nextInt(Integer.MAX_VALUE), NULLs not counted.
func TestCountMinSketchBytesAsSpark(t *testing.T) {
	cases := []struct {
		name  string
		items []any
		want  string
	}{
		{"ints", []any{int32(1), int32(2), nil, int32(4), int32(2), nil},
			"0000000100000000000000040000000100000004000000005D8D6AB90000000000000000000000000000000200000000000000020000000000000000"},
		{"empty", nil,
			"0000000100000000000000000000000100000004000000005D8D6AB90000000000000000000000000000000000000000000000000000000000000000"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newCountMinSketch(1, 4, 1)
			for _, v := range tc.items {
				if err := s.add(nil, v); err != nil {
					t.Fatal(err)
				}
			}
			b, _ := s.result(nil)
			if got := strings.ToUpper(hex.EncodeToString(b.([]byte))); got != tc.want {
				t.Errorf("sketch %s\nwant   %s", got, tc.want)
			}
		})
	}
}
