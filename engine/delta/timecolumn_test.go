package delta

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// kafkalab's Delta tables refuse a TIME column, at any depth, with an error naming it.
func TestDeltaRefusesTime(t *testing.T) {
	for _, c := range []struct{ ddl, name string }{
		{"a INT, t TIME", "t"},
		{"s STRUCT<x: INT, t: TIME(3)>", "s.t"},
		{"ts ARRAY<TIME>", "ts"},
		{"a INT, b TIMESTAMP", ""},
	} {
		_, err := deltaSchema(sqltypes.MustParseDDL(c.ddl))
		switch {
		case c.name == "" && err != nil:
			t.Errorf("%s: %v", c.ddl, err)
		case c.name != "" && (err == nil || !strings.Contains(err.Error(), "TIME column "+c.name+" to a Delta table")):
			t.Errorf("%s: error %v, want one naming the TIME column %s", c.ddl, err, c.name)
		}
	}
}
