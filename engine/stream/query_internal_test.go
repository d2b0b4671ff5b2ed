package stream

import "testing"

func TestRecentProgressKeepsLast100(t *testing.T) {
	q := &Query{}
	for i := int64(0); i < 150; i++ {
		q.addProgress(Progress{BatchID: i})
	}
	p := q.RecentProgress()
	if len(p) != 100 || p[0].BatchID != 50 || q.LastProgress().BatchID != 149 {
		t.Fatalf("kept %d, first %d, last %d", len(p), p[0].BatchID, q.LastProgress().BatchID)
	}
}

func TestUpdateWatermarkPolicies(t *testing.T) {
	cases := []struct {
		policy string
		stats  [][]EventTimeStats // per batch, per operator
		want   []int64            // global watermark after each batch
	}{
		// One operator: max - delay, never backwards.
		{"min", [][]EventTimeStats{{{DelayMs: 10, Max: 100, Count: 1}}, {{DelayMs: 10, Max: 50, Count: 1}}, {{DelayMs: 10, Count: 0}}}, []int64{90, 90, 90}},
		// Two operators, min policy: the one without data holds the global at 0.
		{"min", [][]EventTimeStats{{{DelayMs: 10, Max: 100, Count: 1}, {Count: 0}}, {{DelayMs: 10, Max: 100, Count: 1}, {DelayMs: 5, Max: 60, Count: 2}}}, []int64{0, 55}},
		{"max", [][]EventTimeStats{{{DelayMs: 10, Max: 100, Count: 1}, {Count: 0}}, {{DelayMs: 10, Max: 100, Count: 1}, {DelayMs: 5, Max: 60, Count: 2}}}, []int64{90, 90}},
	}
	for _, c := range cases {
		ex := &execution{conf: map[string]string{ConfWatermarkPolicy: c.policy}, opWatermarks: map[int]int64{}}
		for i, st := range c.stats {
			ex.watermarkMs = ex.updateWatermark(st)
			if ex.watermarkMs != c.want[i] {
				t.Errorf("%s batch %d: watermark %d, want %d", c.policy, i, ex.watermarkMs, c.want[i])
			}
		}
	}
}
