package plan

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The state watermarks Spark's StreamingJoinHelper derives from the programming guide's
// impressions/clicks condition: impressions wait up to an hour for a click; a click waits
// for impressions no later than itself.
func TestStateValueWatermarkFromRangeCondition(t *testing.T) {
	marked := func(name string, delay int64) sqltypes.StructField {
		return sqltypes.StructField{Name: name, Type: sqltypes.TimestampT, Nullable: true, Metadata: map[string]any{WatermarkDelayKey: delay}}
	}
	left := &Relation{Scope: &Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "impressionAdId", Type: sqltypes.Integer, Nullable: true}, marked("impressionTime", 7200000)}}}}
	right := &Relation{Scope: &Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "clickAdId", Type: sqltypes.Integer, Nullable: true}, marked("clickTime", 10800000)}}}}
	const wm = int64(1714551000000)
	tests := []struct {
		cond            string
		leftWm, rightWm int64
		leftOK, rightOK bool
	}{
		{"clickAdId = impressionAdId AND clickTime >= impressionTime AND clickTime <= impressionTime + interval 1 hour", wm - 3600000 - 1, wm - 1, true, true},
		{"clickAdId = impressionAdId AND clickTime > impressionTime AND clickTime < impressionTime + interval 1 hour", wm - 3600000, wm, true, true},
		{"clickAdId = impressionAdId AND clickTime BETWEEN impressionTime - interval 5 minutes AND impressionTime + interval 5 minutes", wm - 300000 - 1, wm - 300000 - 1, true, true},
		{"clickAdId = impressionAdId AND clickTime >= impressionTime", 0, wm - 1, false, true},
		{"clickAdId = impressionAdId", 0, 0, false, false},
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.cond)
		if err != nil {
			t.Fatal(err)
		}
		j, err := NewJoinOn(left, right, e, JoinLeft)
		if err != nil {
			t.Fatal(err)
		}
		lw, lok := j.StateValueWatermark(0, wm)
		rw, rok := j.StateValueWatermark(1, wm)
		if lok != tc.leftOK || (lok && lw != tc.leftWm) {
			t.Errorf("%s: left state watermark %d %v, want %d %v", tc.cond, lw, lok, tc.leftWm, tc.leftOK)
		}
		if rok != tc.rightOK || (rok && rw != tc.rightWm) {
			t.Errorf("%s: right state watermark %d %v, want %d %v", tc.cond, rw, rok, tc.rightWm, tc.rightOK)
		}
	}
}
