package assets

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "write the generated data sets again")

// ordersStream generates data/orders-stream.jsonl: 5,000 order events of 200 customers
// over one day, each order placed, then most paid and some shipped, with event times that
// mostly rise and sometimes arrive late (an event up to 20 minutes older than the newest),
// the shapes a windowed stream meets. It is deterministic: the same seed, the same bytes.
func ordersStream() []byte {
	r := rand.New(rand.NewPCG(2026, 10))
	start := time.Date(2026, 10, 1, 8, 0, 0, 0, time.UTC)
	type event struct {
		OrderID    int     `json:"order_id"`
		CustomerID string  `json:"customer_id"`
		Status     string  `json:"status"`
		Amount     float64 `json:"amount"`
		EventTime  string  `json:"event_time"`
	}
	var b bytes.Buffer
	clock := start
	next := 10001
	var open []event // placed, not yet paid or shipped
	for n := 0; n < 5000; n++ {
		clock = clock.Add(time.Duration(5+r.IntN(25)) * time.Second)
		at := clock
		if r.IntN(20) == 0 {
			at = clock.Add(-time.Duration(1+r.IntN(20)) * time.Minute) // a late arrival
		}
		var e event
		switch {
		case len(open) > 0 && r.IntN(3) > 0:
			i := r.IntN(len(open))
			e = open[i]
			if e.Status == "placed" {
				e.Status = "paid"
				open[i] = e
			} else {
				e.Status = "shipped"
				open = append(open[:i], open[i+1:]...)
			}
		default:
			e = event{OrderID: next, CustomerID: fmt.Sprintf("C%03d", 1+r.IntN(200)), Status: "placed",
				Amount: float64(500+r.IntN(19500)) / 100}
			next++
			open = append(open, e)
		}
		e.EventTime = at.Format(time.RFC3339)
		line, _ := json.Marshal(e)
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestGeneratedDataSets(t *testing.T) {
	want := ordersStream()
	p := filepath.Join("data", "orders-stream.jsonl")
	if *update {
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skipf("wrote %s; run the test again (without -update) to check the embedded copy", p)
	}
	got, err := DataSet("orders-stream.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what its generator makes: run go test ./assets -run TestGeneratedDataSets -update", p)
	}
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != 5000 {
		t.Fatalf("%d events, want 5000", len(lines))
	}
	late := 0
	newest := ""
	for _, l := range lines {
		var e struct {
			EventTime string `json:"event_time"`
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if e.EventTime < newest {
			late++
		}
		newest = max(newest, e.EventTime)
	}
	if late < 100 || late > 500 {
		t.Errorf("%d late events, want a few percent", late)
	}
}

func TestDataSetsAndThemes(t *testing.T) {
	if got := strings.Join(DataSets(), " "); got != "checkout-events.jsonl orders-stream.jsonl orders.jsonl payment-events.jsonl store-orders.jsonl" {
		t.Errorf("DataSets = %s", got)
	}
	orders, err := DataSet("orders.jsonl")
	if err != nil || bytes.Count(orders, []byte("\n")) != 6 {
		t.Errorf("orders.jsonl: %d lines, %v", bytes.Count(orders, []byte("\n")), err)
	}
	if _, err := DataSet("nope.csv"); err == nil || !strings.Contains(err.Error(), "orders.jsonl") {
		t.Errorf("a missing data set: %v", err)
	}
	th, err := LoadTheme("default")
	if err != nil || th.ANSI.OK != "2" || th.TrueColor.Accent != "#B48EF0" {
		t.Fatalf("default theme: %+v, %v", th, err)
	}
	if _, err := LoadTheme("neon"); err == nil {
		t.Error("a missing theme loaded")
	}
}
