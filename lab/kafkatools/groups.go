package kafkatools

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
)

func init() {
	registerTool(&tool{
		name:      "kafka-consumer-groups.sh",
		summary:   "list consumer groups, or show a group's offsets and lag (Kafka's kafka-consumer-groups.sh)",
		errPrefix: "Error: ",
		specs: []option{
			{name: "list", help: "List all consumer groups."},
			{name: "describe", help: "Describe a consumer group: its committed offsets, the log end offsets and the lag per partition."},
			{name: "group", arg: "consumer group", help: "The consumer group to describe (repeatable)."},
			{name: "all-groups", help: "With --describe: describe all groups."},
			{name: "offsets", help: "With --describe: show offsets (the default view)."},
		},
		run: runGroups,
	})
}

// missing is what Kafka's ConsumerGroupCommand prints for an empty column.
const missing = "-"

// groupRow is one line of the --describe table (PartitionAssignmentState in Kafka).
type groupRow struct {
	group, topic, partition, current, end, lag, consumer, host, client string
}

func runGroups(ctx context.Context, r *toolRun) error {
	o := r.opts
	if o.has("list") == o.has("describe") {
		return usagef("command must include exactly one action: --list or --describe")
	}
	if o.has("describe") && !o.has("group") && !o.has("all-groups") {
		return usagef("option --describe takes one of these options: --all-groups, --group, like --describe --group my-group")
	}
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	if o.has("list") {
		names, err := listGroupNames(ctx, adm)
		if err != nil {
			return err
		}
		for _, n := range names {
			fmt.Fprintln(r.io.Stdout, n)
		}
		return nil
	}
	groups := o.values("group")
	if o.has("all-groups") {
		if groups, err = listGroupNames(ctx, adm); err != nil {
			return err
		}
	}
	sort.Strings(groups)
	for _, g := range groups {
		if err := describeGroup(ctx, adm, r, g); err != nil {
			return err
		}
	}
	return nil
}

func listGroupNames(ctx context.Context, adm *kadm.Client) ([]string, error) {
	listed, err := adm.ListGroups(ctx)
	if err != nil {
		return nil, fmt.Errorf("cannot list consumer groups: %w", err)
	}
	var names []string
	for name, g := range listed {
		// Kafka's --list shows consumer groups: protocol type "consumer" or none (groups that
		// only committed offsets).
		if g.ProtocolType == "" || g.ProtocolType == "consumer" {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}

func describeGroup(ctx context.Context, adm *kadm.Client, r *toolRun, group string) error {
	described, err := adm.DescribeGroups(ctx, group)
	if err != nil && !errors.Is(err, kerr.GroupIDNotFound) {
		return fmt.Errorf("cannot describe group %s: %w", group, err)
	}
	d, ok := described[group]
	if !ok || errors.Is(d.Err, kerr.GroupIDNotFound) || d.State == "Dead" {
		return fmt.Errorf("Executing consumer group command failed due to org.apache.kafka.common.errors.GroupIdNotFoundException: Group %s not found. List the groups with kafka-consumer-groups.sh --list", group)
	}
	if d.Err != nil {
		return fmt.Errorf("cannot describe group %s: %w", group, d.Err)
	}
	committed, err := adm.FetchOffsets(ctx, group)
	if err != nil {
		return fmt.Errorf("cannot fetch the committed offsets of group %s: %w", group, err)
	}

	type tp struct {
		topic     string
		partition int32
	}
	type member struct {
		d     kadm.DescribedGroupMember
		parts []tp
	}
	var members []member
	assigned := map[tp]bool{}
	for _, m := range d.Members {
		c, ok := m.Assigned.AsConsumer()
		if !ok {
			continue
		}
		mem := member{d: m}
		for _, t := range c.Topics {
			for _, p := range t.Partitions {
				mem.parts = append(mem.parts, tp{t.Topic, p})
				assigned[tp{t.Topic, p}] = true
			}
		}
		if len(mem.parts) > 0 {
			members = append(members, mem)
		}
	}
	// Kafka lists members with the most partitions first.
	sort.SliceStable(members, func(i, j int) bool { return len(members[i].parts) > len(members[j].parts) })
	var unassigned []tp
	committed.Each(func(o kadm.OffsetResponse) {
		if o.Err == nil && !assigned[tp{o.Topic, o.Partition}] {
			unassigned = append(unassigned, tp{o.Topic, o.Partition})
		}
	})

	topicSet := map[string]bool{}
	for k := range assigned {
		topicSet[k.topic] = true
	}
	for _, k := range unassigned {
		topicSet[k.topic] = true
	}
	var topics []string
	for t := range topicSet {
		topics = append(topics, t)
	}
	ends := kadm.ListedOffsets{}
	if len(topics) > 0 {
		if ends, err = adm.ListEndOffsets(ctx, topics...); err != nil {
			return fmt.Errorf("cannot list end offsets of %s: %w", strings.Join(topics, ","), err)
		}
	}
	row := func(k tp, consumer, host, client string) groupRow {
		rw := groupRow{group: group, topic: k.topic, partition: strconv.Itoa(int(k.partition)),
			current: missing, end: missing, lag: missing, consumer: consumer, host: host, client: client}
		var cur, end int64 = -1, -1
		if o, ok := committed.Lookup(k.topic, k.partition); ok && o.Err == nil && o.At >= 0 {
			cur = o.At
			rw.current = strconv.FormatInt(cur, 10)
		}
		if l, ok := ends.Lookup(k.topic, k.partition); ok && l.Err == nil {
			end = l.Offset
			rw.end = strconv.FormatInt(end, 10)
		}
		if cur >= 0 && end >= 0 {
			rw.lag = strconv.FormatInt(end-cur, 10)
		}
		return rw
	}
	sortTPs := func(s []tp) {
		sort.Slice(s, func(i, j int) bool {
			if s[i].topic != s[j].topic {
				return s[i].topic < s[j].topic
			}
			return s[i].partition < s[j].partition
		})
	}
	var rows []groupRow
	for _, m := range members {
		sortTPs(m.parts)
		for _, k := range m.parts {
			rows = append(rows, row(k, m.d.MemberID, m.d.ClientHost, m.d.ClientID))
		}
	}
	sortTPs(unassigned)
	for _, k := range unassigned {
		rows = append(rows, row(k, missing, missing, missing))
	}

	switch d.State {
	case "Empty":
		fmt.Fprintf(r.io.Stderr, "\nConsumer group '%s' has no active members.\n", group)
	case "PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling":
		fmt.Fprintf(r.io.Stderr, "\nWarning: Consumer group '%s' is rebalancing.\n", group)
	}
	if len(rows) == 0 {
		return nil
	}
	printGroupRows(r, rows)
	return nil
}

// printGroupRows prints the table exactly as ConsumerGroupCommand.printOffsets does: every
// line, the header included, starts with a newline, and a final newline ends the table.
func printGroupRows(r *toolRun, rows []groupRow) {
	g, t, c, h := 15, 15, 15, 15
	for _, rw := range rows {
		g, t, c, h = max(g, len(rw.group)), max(t, len(rw.topic)), max(c, len(rw.consumer)), max(h, len(rw.host))
	}
	format := fmt.Sprintf("\n%%-%ds %%-%ds %%-10s %%-15s %%-15s %%-15s %%-%ds %%-%ds %%s", g, t, c, h)
	var b strings.Builder
	fmt.Fprintf(&b, format, "GROUP", "TOPIC", "PARTITION", "CURRENT-OFFSET", "LOG-END-OFFSET", "LAG", "CONSUMER-ID", "HOST", "CLIENT-ID")
	for _, rw := range rows {
		fmt.Fprintf(&b, format, rw.group, rw.topic, rw.partition, rw.current, rw.end, rw.lag, rw.consumer, rw.host, rw.client)
	}
	b.WriteString("\n")
	fmt.Fprint(r.io.Stdout, b.String())
}
