package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/confine"
)

// Table names with dots or path characters in backticks are table names: one not there is
// TABLE_OR_VIEW_NOT_FOUND naming it, and one whose folder would be outside the working
// folder of a confined session is refused.
func TestTableNamesInBackticks(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), Confine: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{"`../x`", "[TABLE_OR_VIEW_NOT_FOUND] The table or view `../x` cannot be found."},
		{"`a.b`", "[TABLE_OR_VIEW_NOT_FOUND] The table or view `a.b` cannot be found."},
		{"default.`a.b`", "[TABLE_OR_VIEW_NOT_FOUND] The table or view `default`.`a.b` cannot be found."},
		{"`..`", "[TABLE_OR_VIEW_NOT_FOUND] The table or view `..` cannot be found."},
		{"`../../../x/t`", "kafkalab keeps scripts inside the workspace"},
	} {
		_, err := s.Table(ctx, tc.name)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("spark.table(%q): %v; want %q", tc.name, err, tc.want)
		}
		if strings.Contains(tc.want, "workspace") {
			var ce *confine.Error
			if !errors.As(err, &ce) {
				t.Errorf("spark.table(%q): %T, want a refusal", tc.name, err)
			}
		}
	}
}
