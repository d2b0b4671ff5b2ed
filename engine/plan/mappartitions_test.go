package plan

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestMapPartitions: the function sees each task's rows once, in task order, an empty task
// included, and its rows (of the new schema) are that task's output.
func TestMapPartitions(t *testing.T) {
	in := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "n", Type: sqltypes.LongType{}, Nullable: false}}}
	out := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "task", Type: sqltypes.IntegerType{}}, {Name: "text", Type: sqltypes.StringType{}}}}
	cases := []struct {
		name  string
		tasks [][]sqltypes.Row
		want  [][]sqltypes.Row
	}{
		{"two tasks", [][]sqltypes.Row{{{int64(1)}, {int64(2)}}, {{int64(3)}}},
			[][]sqltypes.Row{{{int32(0), "1+2"}}, {{int32(1), "3"}}}},
		{"an empty task", [][]sqltypes.Row{{}, {{int64(4)}}},
			[][]sqltypes.Row{{{int32(0), ""}}, {{int32(1), "4"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			child := &Relation{Scope: &Scope{Schema: in}, Name: "in", Rows: c.tasks}
			m := NewMapPartitions(child, "joined", out, func(_ context.Context, part int, rows []sqltypes.Row) ([]sqltypes.Row, error) {
				var parts []string
				for _, r := range rows {
					parts = append(parts, fmt.Sprint(r[0]))
				}
				return []sqltypes.Row{{int32(part), strings.Join(parts, "+")}}, nil
			})
			if m.Output().Schema != out || m.Describe() != "MapInPandas joined" {
				t.Fatalf("output %v, described %q", m.Output().Schema, m.Describe())
			}
			its, err := m.Execute(context.Background(), &Exec{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := rowiter.CollectTasks(context.Background(), its)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("tasks %v, want %v", got, c.want)
			}
		})
	}
}

// TestMapPartitionsError: the function's error ends the execution, and rows of another
// width than the schema are refused rather than read past.
func TestMapPartitionsError(t *testing.T) {
	in := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "n", Type: sqltypes.LongType{}}}}
	child := &Relation{Scope: &Scope{Schema: in}, Name: "in", Rows: [][]sqltypes.Row{{{int64(1)}}}}
	cases := []struct {
		name string
		fn   func(context.Context, int, []sqltypes.Row) ([]sqltypes.Row, error)
		want string
	}{
		{"the function fails", func(context.Context, int, []sqltypes.Row) ([]sqltypes.Row, error) {
			return nil, fmt.Errorf("PythonException: boom")
		}, "boom"},
		{"rows too wide", func(_ context.Context, _ int, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			return []sqltypes.Row{{int64(1), int64(2)}}, nil
		}, "have 2 values, its schema 1 columns"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewMapPartitions(child, "f", in, c.fn).Execute(context.Background(), &Exec{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}
