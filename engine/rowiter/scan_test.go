package rowiter

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func countingScan(n int, failAt int) func(ctx context.Context, emit func(sqltypes.Row) error) error {
	return func(ctx context.Context, emit func(sqltypes.Row) error) error {
		for i := 0; i < n; i++ {
			if i == failAt {
				return errors.New("bad row")
			}
			if err := emit(sqltypes.Row{int64(i)}); err != nil {
				return err
			}
		}
		return nil
	}
}

func TestScan(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		n, fail int
		size    int
		chunks  []int
		wantErr bool
	}{
		{"empty", 0, -1, 4, nil, false},
		{"exact chunks", 8, -1, 4, []int{4, 4}, false},
		{"last chunk short", 10, -1, 4, []int{4, 4, 2}, false},
		{"reader fails after a chunk", 10, 6, 4, []int{4}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			it := Scan(countingScan(c.n, c.fail), c.size)
			defer it.Close()
			var sizes []int
			next := int64(0)
			for {
				rows, err := it.Next(ctx)
				if err == io.EOF {
					if c.wantErr {
						t.Fatal("got EOF, want the reader's error")
					}
					break
				}
				if err != nil {
					if !c.wantErr || err.Error() != "bad row" {
						t.Fatalf("error %v", err)
					}
					break
				}
				sizes = append(sizes, len(rows))
				for _, r := range rows {
					if r[0].(int64) != next {
						t.Fatalf("row %v, want %d", r, next)
					}
					next++
				}
			}
			if len(sizes) != len(c.chunks) {
				t.Fatalf("chunks %v, want %v", sizes, c.chunks)
			}
			for i := range sizes {
				if sizes[i] != c.chunks[i] {
					t.Fatalf("chunks %v, want %v", sizes, c.chunks)
				}
			}
		})
	}
}

// A consumer that stops early stops the reader: Close returns once it has ended.
func TestScanCloseStopsReader(t *testing.T) {
	ended := make(chan error, 1)
	it := Scan(func(ctx context.Context, emit func(sqltypes.Row) error) error {
		for i := 0; ; i++ {
			if err := emit(sqltypes.Row{int64(i)}); err != nil {
				ended <- err
				return err
			}
		}
	}, 2)
	if _, err := it.Next(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := it.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-ended; !errors.Is(err, context.Canceled) {
		t.Fatalf("reader ended with %v, want context.Canceled", err)
	}
	if _, err := it.Next(context.Background()); err == nil {
		t.Fatal("Next after Close returned no error")
	}
}

func TestScanReaderPanicIsAnError(t *testing.T) {
	it := Scan(func(ctx context.Context, emit func(sqltypes.Row) error) error {
		var m map[string]int
		m["x"] = 1
		return nil
	}, 2)
	defer it.Close()
	if _, err := it.Next(context.Background()); err == nil || err == io.EOF {
		t.Fatalf("got %v, want an error", err)
	}
}
