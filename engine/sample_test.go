package engine

import (
	"context"
	"sort"
	"testing"
)

// randomSplit's splits draw over the same rows and ranges: they are disjoint and together
// hold every row; a seed gives the same rows each time.
func TestRandomSplitAndSampleProperties(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.Range(0, 200, 1, 4))
	ids := func(d *DataFrame) []int64 {
		return must[[]int64](t)(collectIDs(ctx, d))
	}
	splits := must[[]*DataFrame](t)(df.RandomSplit([]float64{1, 2, 1}, 42))
	seen := map[int64]int{}
	total := 0
	for _, sp := range splits {
		for _, id := range ids(sp) {
			seen[id]++
			total++
		}
	}
	if total != 200 || len(seen) != 200 {
		t.Fatalf("splits hold %d rows, %d distinct; want 200 each", total, len(seen))
	}
	a := ids(must[*DataFrame](t)(df.Sample(0.3, 7)))
	b := ids(must[*DataFrame](t)(df.Sample(0.3, 7)))
	c := ids(must[*DataFrame](t)(df.Sample(0.3, 8)))
	if len(a) == 0 || len(a) == 200 || !equalIDs(a, b) || equalIDs(a, c) {
		t.Fatalf("sample(0.3, 7) twice: %v / %v; seed 8: %v", a, b, c)
	}
	if _, err := df.Sample(1.5, 1); err == nil {
		t.Fatal("a fraction above 1 should be refused")
	}
	if _, err := df.RandomSplit([]float64{0, 0}, 1); err == nil {
		t.Fatal("weights summing to 0 should be refused")
	}
}

func collectIDs(ctx context.Context, d *DataFrame) ([]int64, error) {
	rows, err := d.Collect(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r[0].(int64)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
