package kafkaadmin

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:        "kafka-transactions.sh",
		summary:     "This tool is used to analyze the transactional state of producers in the cluster.",
		subcommands: []string{"list", "describe"},
		specs: []option{
			{name: "bootstrap-server", short: "-b", arg: "host:port", help: "hostname and port for the broker to connect to, in the form `host:port`  (multiple comma-separated entries can be given)"},
			{name: "duration-filter", arg: "ms", help: "list: only transactions running longer than this many milliseconds (< 0: all)"},
			{name: "transactional-id-pattern", arg: "regex", help: "list: Transactional id regular expression pattern to filter by"},
			{name: "transactional-id", arg: "transactional id", help: "describe: the transactional id to describe"},
		},
		run: transactions,
	})
}

func transactions(ctx context.Context, r *toolRun) error {
	if r.sub == "describe" {
		return describeTransaction(ctx, r)
	}
	if r.opts.has("transactional-id") {
		return usagef("--transactional-id goes with describe; list takes --duration-filter and --transactional-id-pattern")
	}
	dur, err := r.opts.intValue("duration-filter", -1)
	if err != nil {
		return err
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	dc, err := describeCluster(ctx, cl)
	if err != nil {
		return err
	}
	ids := make([]int32, 0, len(dc.Brokers))
	for _, b := range dc.Brokers {
		ids = append(ids, b.NodeID)
	}
	// Kafka prints the brokers from a HashMap of Integers: ascending for broker ids.
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var rows [][]string
	for _, id := range ids {
		req := kmsg.NewPtrListTransactionsRequest()
		req.DurationFilterMillis = dur
		if r.opts.has("transactional-id-pattern") {
			p := r.opts.value("transactional-id-pattern", "")
			req.TransactionalIDPattern = &p
		}
		resp, err := req.RequestWith(ctx, cl.Broker(int(id)))
		if err == nil {
			err = kerr.ErrorForCode(resp.ErrorCode)
		}
		if err != nil {
			return fmt.Errorf("Failed to list transactions: %w", err)
		}
		for _, s := range resp.TransactionStates {
			rows = append(rows, []string{s.TransactionalID, strconv.Itoa(int(id)), strconv.FormatInt(s.ProducerID, 10), s.TransactionState})
		}
	}
	prettyTable(r.io.Stdout, []string{"TransactionalId", "Coordinator", "ProducerId", "TransactionState"}, rows)
	return nil
}

func describeTransaction(ctx context.Context, r *toolRun) error {
	id := r.opts.value("transactional-id", "")
	if !r.opts.has("transactional-id") {
		return usagef("argument --transactional-id is required: describe --transactional-id <id>")
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	fail := func(err error) error {
		msg := err.Error()
		if errors.Is(err, kerr.TransactionalIDNotFound) {
			msg = fmt.Sprintf("DescribeTransactions request for transactionalId `%s` failed because the ID could not be found", id)
		}
		return fmt.Errorf("Failed to describe transaction state of transactional-id `%s`: %s. Check the id with kafka-transactions.sh list", id, msg)
	}
	// A broker that has no __transaction_state topic yet creates it on the first lookup and
	// answers COORDINATOR_NOT_AVAILABLE meanwhile; Kafka's admin client retries, so do we.
	var d kadm.DescribedTransaction
	for attempt := 0; ; attempt++ {
		ds, err := kadm.NewClient(cl).DescribeTransactions(ctx, id)
		if err == nil {
			var ok bool
			if d, ok = ds[id]; !ok {
				err = kerr.TransactionalIDNotFound
			} else {
				err = d.Err
			}
		}
		if err == nil {
			break
		}
		if attempt >= 50 || !retriableCoordinator(err) {
			return fail(err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	start, duration := "None", "None"
	if d.StartTimestamp >= 0 {
		start = strconv.FormatInt(d.StartTimestamp, 10)
		duration = strconv.FormatInt(nowMs()-d.StartTimestamp, 10)
	}
	type tp struct {
		topic string
		p     int32
	}
	var tps []tp
	for t, ps := range d.Topics {
		for p := range ps {
			tps = append(tps, tp{t, p})
		}
	}
	sort.Slice(tps, func(i, j int) bool {
		return tps[i].topic < tps[j].topic || tps[i].topic == tps[j].topic && tps[i].p < tps[j].p
	})
	tps = javaHashOrder(tps, func(x tp) int32 { return 31*(31+x.p) + javaStringHash(x.topic) })
	parts := make([]string, len(tps))
	for i, x := range tps {
		parts[i] = fmt.Sprintf("%s-%d", x.topic, x.p)
	}
	prettyTable(r.io.Stdout,
		[]string{"CoordinatorId", "TransactionalId", "ProducerId", "ProducerEpoch", "TransactionState", "TransactionTimeoutMs",
			"CurrentTransactionStartTimeMs", "TransactionDurationMs", "TopicPartitions"},
		[][]string{{strconv.Itoa(int(d.Coordinator)), id, strconv.FormatInt(d.ProducerID, 10), strconv.Itoa(int(d.ProducerEpoch)),
			d.State, strconv.Itoa(int(d.TimeoutMillis)), start, duration, strings.Join(parts, ",")}})
	return nil
}

// retriableCoordinator reports errors that clear once the transaction coordinator is up.
func retriableCoordinator(err error) bool {
	for _, e := range []*kerr.Error{kerr.CoordinatorNotAvailable, kerr.CoordinatorLoadInProgress, kerr.NotCoordinator} {
		if errors.Is(err, e) || strings.Contains(err.Error(), e.Message) {
			return true
		}
	}
	return false
}
