package plan

import (
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// java.util.Random's nextLong seeds each task's generator: the JVM's values for these
// seeds.
func TestJavaRandomNextLong(t *testing.T) {
	for _, tc := range []struct {
		seed, want int64
	}{
		{0, -4962768465676381896},
		{42, -5025562857975149833},
	} {
		if got := newJavaRandom(tc.seed).nextLong(); got != tc.want {
			t.Errorf("new Random(%d).nextLong() = %d, want %d", tc.seed, got, tc.want)
		}
	}
}

// df.sample(withReplacement=True, ...) repeats rows by Poisson draws: spark.range(0, 10,
// 1, 1).sample(True, 0.5, 3).count() is 2 on Spark 4.2 (its docstring).
func TestSampleWithReplacement(t *testing.T) {
	schema := sqltypes.MustParseDDL("id BIGINT")
	var rows []sqltypes.Row
	for i := range 10 {
		rows = append(rows, sqltypes.Row{int64(i)})
	}
	tests := []struct {
		name     string
		fraction float64
		seed     int64
		want     int
	}{
		{"the docstring's sample", 0.5, 3, 2},
		{"no fraction, no rows", 0, 3, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &Sample{Child: &Relation{Scope: &Scope{Schema: schema}, Name: "range", Rows: [][]sqltypes.Row{rows}},
				Upper: tc.fraction, Seed: tc.seed, WithReplacement: true}
			tasks, err := execTasks(s, &Exec{Eval: evalCtx(t)})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, task := range tasks {
				n += len(task)
			}
			if n != tc.want {
				t.Errorf("%d rows, want %d (%v)", n, tc.want, tasks)
			}
			if got := fmt.Sprint(s.Describe()); got != fmt.Sprintf("Sample 0, %v, true, %d", tc.fraction, tc.seed) {
				t.Errorf("Describe() = %s", got)
			}
		})
	}
}
