package rowiter

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func rowsOf(vals ...int) []sqltypes.Row {
	out := make([]sqltypes.Row, len(vals))
	for i, v := range vals {
		out[i] = sqltypes.Row{v}
	}
	return out
}

// chunks reads it to the end and returns its chunks' first values and sizes.
func chunks(t *testing.T, it Iter) []string {
	t.Helper()
	var out []string
	for {
		rows, err := it.Next(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Fatal("an empty chunk")
		}
		out = append(out, fmt.Sprintf("%v+%d", rows[0][0], len(rows)))
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// closeCounter counts Close calls.
type closeCounter struct {
	Iter
	closed *atomic.Int32
}

func (c closeCounter) Close() error {
	c.closed.Add(1)
	return c.Iter.Close()
}

func TestSliceMapConcat(t *testing.T) {
	if got := chunks(t, SliceChunks(rowsOf(1, 2, 3, 4, 5), 2)); fmt.Sprint(got) != "[1+2 3+2 5+1]" {
		t.Fatalf("slice chunks %v", got)
	}
	odd := Map(SliceChunks(rowsOf(2, 4, 5, 6, 8, 9), 2), func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
		var keep []sqltypes.Row
		for _, r := range rows {
			if r[0].(int)%2 == 1 {
				keep = append(keep, r)
			}
		}
		return keep, nil
	})
	// The first chunk keeps nothing: it is skipped, not handed out empty.
	if got := chunks(t, odd); fmt.Sprint(got) != "[5+1 9+1]" {
		t.Fatalf("filtered chunks %v", got)
	}
	var closed atomic.Int32
	c := Concat(closeCounter{Slice(rowsOf(1)), &closed}, closeCounter{Empty(), &closed}, closeCounter{Slice(rowsOf(2, 3)), &closed})
	if got := chunks(t, c); fmt.Sprint(got) != "[1+1 2+2]" || closed.Load() < 3 {
		t.Fatalf("concat %v, %d closed", got, closed.Load())
	}
	if got := chunks(t, Concat()); len(got) != 0 {
		t.Fatalf("empty concat %v", got)
	}
	it := Slice(rowsOf(1))
	it.Close()
	if _, err := it.Next(context.Background()); err == nil || err == io.EOF {
		t.Fatalf("Next after Close: %v", err)
	}
}

func TestPeek(t *testing.T) {
	ctx := context.Background()
	it, empty, err := Peek(ctx, SliceChunks(rowsOf(1, 2, 3), 2))
	if err != nil || empty {
		t.Fatal(empty, err)
	}
	if got := chunks(t, it); fmt.Sprint(got) != "[1+2 3+1]" {
		t.Fatalf("peeked %v", got)
	}
	var closed atomic.Int32
	if _, empty, err := Peek(ctx, closeCounter{Empty(), &closed}); err != nil || !empty || closed.Load() != 1 {
		t.Fatalf("empty: %v %v closed %d", empty, err, closed.Load())
	}
}

func TestRowsLoop(t *testing.T) {
	var closed atomic.Int32
	var got []int
	for row, err := range Rows(context.Background(), closeCounter{SliceChunks(rowsOf(1, 2, 3, 4, 5), 2), &closed}) {
		if err != nil {
			t.Fatal(err)
		}
		if got = append(got, row[0].(int)); len(got) == 3 {
			break
		}
	}
	if fmt.Sprint(got) != "[1 2 3]" || closed.Load() == 0 {
		t.Fatalf("rows %v, closed %d", got, closed.Load())
	}
	boom := errors.New("boom")
	n := 0
	for _, err := range Rows(context.Background(), Func(func(context.Context) ([]sqltypes.Row, error) { return nil, boom }, nil)) {
		if n++; !errors.Is(err, boom) {
			t.Fatalf("error %v", err)
		}
	}
	if n != 1 {
		t.Fatalf("the error came %d times", n)
	}
}

func TestCollectAndCount(t *testing.T) {
	ctx := context.Background()
	tasks, err := CollectTasks(ctx, Tasks([][]sqltypes.Row{rowsOf(1, 2), nil, rowsOf(3)}, 1))
	if err != nil || !reflect.DeepEqual(tasks, [][]sqltypes.Row{rowsOf(1, 2), nil, rowsOf(3)}) {
		t.Fatalf("tasks %v %v", tasks, err)
	}
	if n, err := Count(ctx, SliceChunks(rowsOf(1, 2, 3), 2)); n != 3 || err != nil {
		t.Fatalf("count %d %v", n, err)
	}
}

// TestForEachTaskLowestErrorWins: the lowest failing task's error is returned whatever
// the scheduling; tasks before it finish, tasks after it are cancelled.
func TestForEachTaskLowestErrorWins(t *testing.T) {
	for _, parallel := range []int{1, 2, 4} {
		var closed atomic.Int32
		its := make([]Iter, 4)
		for i := range its {
			its[i] = closeCounter{Slice(rowsOf(i)), &closed}
		}
		finished := make([]bool, 4)
		err := ForEachTask(context.Background(), its, parallel, func(ctx context.Context, t int, _ Iter) error {
			switch t {
			case 0:
				time.Sleep(20 * time.Millisecond) // fails late, after task 2
				finished[0] = true
				return nil
			case 1:
				time.Sleep(30 * time.Millisecond)
				return errors.New("task 1 failed")
			case 2:
				return errors.New("task 2 failed")
			}
			<-ctx.Done() // task 3 runs until it is cancelled
			return ctx.Err()
		})
		if err == nil || err.Error() != "task 1 failed" {
			t.Fatalf("parallel %d: error %v, want task 1's", parallel, err)
		}
		if !finished[0] {
			t.Fatalf("parallel %d: task 0 was stopped", parallel)
		}
		if closed.Load() < 4 {
			t.Fatalf("parallel %d: %d of 4 streams closed", parallel, closed.Load())
		}
	}
}

func TestForEachTaskPanicReachesCaller(t *testing.T) {
	defer func() {
		if r := recover(); r != "boom 1" {
			t.Fatalf("recovered %v, want boom 1", r)
		}
	}()
	_ = ForEachTask(context.Background(), Tasks(make([][]sqltypes.Row, 3), 0), 3, func(_ context.Context, t int, _ Iter) error {
		if t >= 1 {
			panic(fmt.Sprintf("boom %d", t))
		}
		return nil
	})
	t.Fatal("no panic")
}

func TestTurnsGoInTaskOrder(t *testing.T) {
	const n = 8
	turns := NewTurns(n)
	order := make(chan int, n)
	err := ForEachTask(context.Background(), Tasks(make([][]sqltypes.Row, n), 0), 4, func(ctx context.Context, i int, _ Iter) error {
		time.Sleep(time.Duration(n-i) * time.Millisecond) // later tasks are quicker
		if err := turns.Wait(ctx, i); err != nil {
			return err
		}
		order <- i
		turns.Done(i)
		return nil
	})
	close(order)
	var got []int
	for i := range order {
		got = append(got, i)
	}
	if err != nil || fmt.Sprint(got) != "[0 1 2 3 4 5 6 7]" {
		t.Fatalf("order %v, err %v", got, err)
	}
}

// slowTask streams n chunks of one row, noting when each is computed.
func slowTask(task, n int, log chan<- string) Iter {
	i := 0
	return Func(func(ctx context.Context) ([]sqltypes.Row, error) {
		if i == n {
			return nil, io.EOF
		}
		i++
		log <- fmt.Sprintf("t%d.%d", task, i)
		return rowsOf(task*10 + i), nil
	}, nil)
}

// TestReadAheadKeepsOrderAndBounds: the consumer gets every task's rows in order, while at
// most n tasks are read at once, depth chunks ahead.
func TestReadAheadKeepsOrderAndBounds(t *testing.T) {
	log := make(chan string, 100)
	its := ReadAhead([]Iter{slowTask(0, 3, log), slowTask(1, 3, log), slowTask(2, 3, log)}, 2, 1)
	ctx := context.Background()
	first, err := its[0].Next(ctx)
	if err != nil || first[0][0] != 1 {
		t.Fatalf("first chunk %v %v", first, err)
	}
	time.Sleep(50 * time.Millisecond) // let the readers run ahead
	var early []string
	for len(log) > 0 {
		early = append(early, <-log)
	}
	// Task 0 is at most two chunks ahead (one buffered, one waiting to be), task 1 the
	// same, task 2 waits for task 0 to end.
	for _, e := range early {
		if e[:2] == "t2" || e == "t0.4" || e == "t1.3" {
			t.Fatalf("read too far ahead: %v", early)
		}
	}
	var got []int
	got = append(got, first[0][0].(int))
	for _, it := range its {
		for row, err := range Rows(ctx, it) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, row[0].(int))
		}
	}
	if fmt.Sprint(got) != "[1 2 3 11 12 13 21 22 23]" {
		t.Fatalf("rows %v", got)
	}
}

// TestReadAheadCloseStopsReaders: closing the streams early stops every reader and closes
// what they read; a panic reaches the consumer.
func TestReadAheadCloseStopsReaders(t *testing.T) {
	var closed atomic.Int32
	log := make(chan string, 100)
	its := ReadAhead([]Iter{closeCounter{slowTask(0, 1000, log), &closed}, closeCounter{slowTask(1, 1000, log), &closed},
		closeCounter{slowTask(2, 1000, log), &closed}}, 2, 2)
	if _, err := its[0].Next(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := CloseAll(its); err != nil {
		t.Fatal(err)
	}
	if closed.Load() != 3 {
		t.Fatalf("%d of 3 streams closed", closed.Load())
	}
	boom := ReadAhead([]Iter{Func(func(context.Context) ([]sqltypes.Row, error) { panic("boom") }, nil)}, 1, 1)
	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v", r)
		}
	}()
	boom[0].Next(context.Background())
	t.Fatal("no panic")
}
