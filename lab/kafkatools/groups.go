package kafkatools

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
			{name: "members", help: "With --describe: show the group's members."},
			{name: "state", help: "With --describe: show the group's state, coordinator and assignor."},
			{name: "verbose", help: "With --describe: more columns (each member's assignment, the group's epochs, each offset's leader epoch)."},
			{name: "reset-offsets", help: "Reset the group's offsets (the group must have no running members). Dry run unless --execute."},
			{name: "topic", arg: "topic", help: "With --reset-offsets: a topic, or topic:0,1 for some partitions (repeatable)."},
			{name: "all-topics", help: "With --reset-offsets: every topic the group has offsets for."},
			{name: "to-earliest", help: "Reset to the earliest offset still kept."},
			{name: "to-latest", help: "Reset to the end (skip everything written so far)."},
			{name: "to-offset", arg: "Long", help: "Reset to this offset (kept within the partition's range)."},
			{name: "shift-by", arg: "Long: number-of-offsets", help: "Move the committed offsets by n (negative goes back), kept within range."},
			{name: "to-current", help: "Reset to the committed offset (the end where the group has none)."},
			{name: "to-datetime", arg: "String: datetime", help: "Reset to the first offset at or after a time, YYYY-MM-DDTHH:mm:SS.sss (local time unless it ends in Z or +hh:mm)."},
			{name: "by-duration", arg: "String: duration", help: "Reset to the first offset at or after now minus a duration, PnDTnHnMnS."},
			{name: "from-file", arg: "String: path to CSV file", help: "Reset to the offsets in a CSV file of topic,partition,offset lines (group,topic,partition,offset for several groups)."},
			{name: "export", help: "With --reset-offsets: print the plan as CSV (for --from-file)."},
			{name: "dry-run", help: "Only show the new offsets (the default)."},
			{name: "execute", help: "Commit the new offsets."},
			{name: "delete", help: "Delete the group(s) given with --group (they must have no running members)."},
			{name: "delete-offsets", help: "Delete a group's committed offsets of the topics given with --topic."},
		},
		run: runGroups,
	})
}

// missing is what Kafka's ConsumerGroupCommand prints for an empty column.
const missing = "-"

// groupRow is one line of the --describe table (PartitionAssignmentState in Kafka).
type groupRow struct {
	group, topic, partition, epoch, current, end, lag, consumer, host, client string
}

func runGroups(ctx context.Context, r *toolRun) error {
	o := r.opts
	actions := 0
	for _, a := range []string{"list", "describe", "delete", "reset-offsets", "delete-offsets"} {
		if o.has(a) {
			actions++
		}
	}
	if actions != 1 {
		return usagef("Command must include exactly one action: --list, --describe, --delete, --reset-offsets, --delete-offsets")
	}
	switch {
	case o.has("reset-offsets"):
		return resetOffsets(ctx, r)
	case o.has("delete"):
		return deleteGroups(ctx, r)
	case o.has("delete-offsets"):
		return deleteOffsets(ctx, r)
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
		if o.has("state") {
			return listGroupStates(ctx, r)
		}
		listed, err := consumerGroupsInBrokerOrder(ctx, r)
		if err != nil {
			return err
		}
		names := make([]string, len(listed))
		for i, g := range listed {
			names[i] = g.Group
		}
		// Kafka's tool prints the names from a HashMap filled in the brokers' order.
		for _, n := range javaStringSetOrder(names) {
			fmt.Fprintln(r.io.Stdout, n)
		}
		return nil
	}
	groups, err := namedGroups(ctx, adm, o)
	if err != nil {
		return err
	}
	views := 0
	for _, v := range []string{"offsets", "members", "state"} {
		if o.has(v) {
			views++
		}
	}
	if views > 1 {
		return usagef("--offsets, --members and --state are alternatives: give one of them")
	}
	sort.Strings(groups)
	for _, g := range groups {
		var err error
		switch {
		case o.has("members"):
			err = describeMembers(ctx, adm, r, g)
		case o.has("state"):
			err = describeState(ctx, adm, r, g)
		default:
			err = describeGroup(ctx, adm, r, g)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// namedGroups is the groups a command acts on: its --group values, or every group with
// --all-groups.
func namedGroups(ctx context.Context, adm *kadm.Client, o *options) ([]string, error) {
	if o.has("all-groups") {
		return listGroupNames(ctx, adm)
	}
	return o.values("group"), nil
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
	d, err := lookupGroup(ctx, adm, group)
	if err != nil {
		return err
	}
	committed, err := adm.FetchOffsets(ctx, group)
	if err != nil {
		return fmt.Errorf("cannot fetch the committed offsets of group %s: %w", group, err)
	}

	type tp = topicPartition
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
			epoch: missing, current: missing, end: missing, lag: missing, consumer: consumer, host: host, client: client}
		var cur, end int64 = -1, -1
		if o, ok := committed.Lookup(k.topic, k.partition); ok && o.Err == nil && o.At >= 0 {
			cur = o.At
			rw.current = strconv.FormatInt(cur, 10)
			if o.LeaderEpoch >= 0 {
				rw.epoch = strconv.Itoa(int(o.LeaderEpoch))
			}
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
	// Kafka 4.3 lists each member's partitions (and the unassigned ones) by number.
	sortTPs := func(s []tp) []tp {
		sort.Slice(s, func(i, j int) bool {
			if s[i].partition != s[j].partition {
				return s[i].partition < s[j].partition
			}
			return s[i].topic < s[j].topic
		})
		return s
	}
	var rows []groupRow
	for _, m := range members {
		for _, k := range sortTPs(m.parts) {
			rows = append(rows, row(k, m.d.MemberID, m.d.ClientHost, m.d.ClientID))
		}
	}
	for _, k := range sortTPs(unassigned) {
		rows = append(rows, row(k, missing, missing, missing))
	}

	noteState(r, d)
	if len(rows) == 0 {
		return nil
	}
	printGroupRows(r, rows, r.opts.has("verbose"))
	return nil
}

// printGroupRows prints the table exactly as ConsumerGroupCommand.printOffsets does: every
// line, the header included, starts with a newline, and a final newline ends the table.
// With --verbose a LEADER-EPOCH column (the committed offset's) follows PARTITION.
func printGroupRows(r *toolRun, rows []groupRow, verbose bool) {
	g, t, c, h := 15, 15, 15, 15
	for _, rw := range rows {
		g, t, c, h = max(g, len(rw.group)), max(t, len(rw.topic)), max(c, len(rw.consumer)), max(h, len(rw.host))
	}
	format := fmt.Sprintf("\n%%-%ds %%-%ds %%-10s %%-15s %%-15s %%-15s %%-%ds %%-%ds %%s", g, t, c, h)
	if verbose {
		format = fmt.Sprintf("\n%%-%ds %%-%ds %%-10s %%-15s %%-15s %%-15s %%-15s %%-%ds %%-%ds %%s", g, t, c, h)
	}
	var b strings.Builder
	line := func(rw groupRow) {
		if verbose {
			fmt.Fprintf(&b, format, rw.group, rw.topic, rw.partition, rw.epoch, rw.current, rw.end, rw.lag, rw.consumer, rw.host, rw.client)
		} else {
			fmt.Fprintf(&b, format, rw.group, rw.topic, rw.partition, rw.current, rw.end, rw.lag, rw.consumer, rw.host, rw.client)
		}
	}
	line(groupRow{"GROUP", "TOPIC", "PARTITION", "LEADER-EPOCH", "CURRENT-OFFSET", "LOG-END-OFFSET", "LAG", "CONSUMER-ID", "HOST", "CLIENT-ID"})
	for _, rw := range rows {
		line(rw)
	}
	b.WriteString("\n")
	fmt.Fprint(r.io.Stdout, b.String())
}

// lookupGroup describes one classic group, or says it does not exist as Kafka 4.3 does.
func lookupGroup(ctx context.Context, adm *kadm.Client, group string) (kadm.DescribedGroup, error) {
	described, err := adm.DescribeGroups(ctx, group)
	if err != nil && !errors.Is(err, kerr.GroupIDNotFound) {
		return kadm.DescribedGroup{}, fmt.Errorf("cannot describe group %s: %w", group, err)
	}
	d, ok := described[group]
	if !ok || errors.Is(d.Err, kerr.GroupIDNotFound) || d.State == "Dead" {
		return d, fmt.Errorf("Executing consumer group command failed due to org.apache.kafka.common.errors.GroupIdNotFoundException: Group %s not found. List the groups with kafka-consumer-groups.sh --list", group)
	}
	if d.Err != nil {
		return d, fmt.Errorf("cannot describe group %s: %w", group, d.Err)
	}
	return d, nil
}

// noteState prints Kafka's stderr notes for an empty or rebalancing group.
func noteState(r *toolRun, d kadm.DescribedGroup) {
	switch d.State {
	case "Empty":
		fmt.Fprintf(r.io.Stderr, "\nConsumer group '%s' has no active members.\n", d.Group)
	case "PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling":
		fmt.Fprintf(r.io.Stderr, "\nWarning: Consumer group '%s' is rebalancing.\n", d.Group)
	}
}

// describeMembers prints ConsumerGroupCommand's --members table (without --verbose). Like
// Kafka, each line, the header too, ends with a space after #PARTITIONS.
func describeMembers(ctx context.Context, adm *kadm.Client, r *toolRun, group string) error {
	d, err := lookupGroup(ctx, adm, group)
	if err != nil {
		return err
	}
	noteState(r, d)
	g, c, inst, h, cl := max(15, len(group)), 15, 17, 15, 15
	withInstance := false
	for _, m := range d.Members {
		c, h, cl = max(c, len(m.MemberID)), max(h, len(m.ClientHost)), max(cl, len(m.ClientID))
		if m.InstanceID != nil && *m.InstanceID != "" {
			withInstance = true
			inst = max(inst, len(*m.InstanceID))
		}
	}
	var b strings.Builder
	verbose := r.opts.has("verbose")
	assignments := make([]string, len(d.Members))
	aw := 20 // CURRENT-ASSIGNMENT: as wide as the longest, at least 20
	for i, m := range d.Members {
		assignments[i] = assignmentString(m)
		aw = max(aw, len(assignments[i]))
	}
	row := func(group, id, instance, host, client, parts string, more ...string) {
		if withInstance {
			fmt.Fprintf(&b, "%-*s %-*s %-*s %-*s %-*s %-15s ", g, group, c, id, inst, instance, h, host, cl, client, parts)
		} else {
			fmt.Fprintf(&b, "%-*s %-*s %-*s %-*s %-15s ", g, group, c, id, h, host, cl, client, parts)
		}
		// --verbose: the epochs and assignments of KIP-848 groups ("-" for a classic group's
		// epochs and target).
		if verbose {
			fmt.Fprintf(&b, "%-15s %-*s %-15s %-20s", more[0], aw, more[1], more[2], more[3])
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	row("GROUP", "CONSUMER-ID", "GROUP-INSTANCE-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "CURRENT-EPOCH", "CURRENT-ASSIGNMENT", "TARGET-EPOCH", "TARGET-ASSIGNMENT")
	for i, m := range d.Members {
		n := 0
		if a, ok := m.Assigned.AsConsumer(); ok {
			for _, t := range a.Topics {
				n += len(t.Partitions)
			}
		}
		instance := ""
		if m.InstanceID != nil {
			instance = *m.InstanceID
		}
		row(group, m.MemberID, instance, m.ClientHost, m.ClientID, strconv.Itoa(n), missing, assignments[i], missing, missing)
	}
	fmt.Fprint(r.io.Stdout, b.String())
	return nil
}

// describeState prints ConsumerGroupCommand's --state table.
func describeState(ctx context.Context, adm *kadm.Client, r *toolRun, group string) error {
	d, err := lookupGroup(ctx, adm, group)
	if err != nil {
		return err
	}
	noteState(r, d)
	coordinator := fmt.Sprintf("%s:%d  (%d)", d.Coordinator.Host, d.Coordinator.Port, d.Coordinator.NodeID)
	strategy := d.Protocol
	if strategy == "" {
		strategy = missing
	}
	var b strings.Builder
	if r.opts.has("verbose") {
		// The group and target assignment epochs of KIP-848 groups; "-" for a classic group.
		format := fmt.Sprintf("\n%%-%ds %%-25s %%-20s %%-20s %%-15s %%-25s %%s", max(15, len(group)))
		fmt.Fprintf(&b, format, "GROUP", "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "GROUP-EPOCH", "TARGET-ASSIGNMENT-EPOCH", "#MEMBERS")
		fmt.Fprintf(&b, format, group, coordinator, strategy, d.State, missing, missing, strconv.Itoa(len(d.Members)))
	} else {
		format := fmt.Sprintf("\n%%-%ds %%-25s %%-20s %%-20s %%s", max(15, len(group)))
		fmt.Fprintf(&b, format, "GROUP", "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS")
		fmt.Fprintf(&b, format, group, coordinator, strategy, d.State, strconv.Itoa(len(d.Members)))
	}
	b.WriteString("\n")
	fmt.Fprint(r.io.Stdout, b.String())
	return nil
}

// resetOffsets is --reset-offsets: it computes new offsets for an inactive group, prints them
// like Kafka's printOffsetsToReset, and commits them with --execute.
func resetOffsets(ctx context.Context, r *toolRun) error {
	o := r.opts
	if !o.has("group") && !o.has("all-groups") {
		return usagef("option --reset-offsets takes one of these options: --all-groups, --group")
	}
	scenarios := 0
	for _, s := range resetScenarios {
		if o.has(s) {
			scenarios++
		}
	}
	if scenarios != 1 {
		return usagef("option --reset-offsets requires exactly one of these scenarios: --to-earliest, --to-latest, --to-offset N, --shift-by N, --to-current, --to-datetime T, --by-duration D, --from-file F")
	}
	if o.has("topic") && o.has("all-topics") || !o.has("from-file") && !o.has("topic") && !o.has("all-topics") {
		return usagef("one of the reset scopes should be defined: --all-topics, --topic")
	}
	if o.has("dry-run") && o.has("execute") {
		return usagef("options --dry-run and --execute cannot be given together")
	}
	toOffset, err := o.intValue("to-offset", 0)
	if err != nil {
		return err
	}
	shift, err := o.intValue("shift-by", 0)
	if err != nil {
		return err
	}
	var atTime int64
	switch {
	case o.has("to-datetime"):
		if atTime, err = parseJavaDateTime(o.value("to-datetime", ""), time.Now()); err != nil {
			return err
		}
	case o.has("by-duration"):
		d, err := parseJavaDuration(o.value("by-duration", ""))
		if err != nil {
			return err
		}
		atTime = time.Now().Add(-d).UnixMilli()
	}
	var filePlan map[string]map[topicPartition]int64
	if o.has("from-file") {
		if filePlan, err = readResetPlan(o.value("from-file", ""), len(o.values("group")) == 1, o.value("group", "")); err != nil {
			return err
		}
	}
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	groups, err := namedGroups(ctx, adm, o)
	if err != nil {
		return err
	}
	sort.Strings(groups)

	type tp = topicPartition
	type resetRow struct {
		group, topic string
		partition    int32
		offset       int64
	}
	var rows []resetRow
	plans := map[string]kadm.Offsets{}
	for _, group := range groups {
		described, err := adm.DescribeGroups(ctx, group)
		if err != nil && !errors.Is(err, kerr.GroupIDNotFound) {
			return fmt.Errorf("cannot describe group %s: %w", group, err)
		}
		if d, ok := described[group]; ok && d.Err == nil && d.State != "Empty" && d.State != "Dead" && d.State != "" {
			return fmt.Errorf("Assignments can only be reset if the group '%s' is inactive, but the current state is %s. Stop its consumers first", group, d.State)
		}
		committed, err := adm.FetchOffsets(ctx, group)
		if err != nil && !errors.Is(err, kerr.GroupIDNotFound) {
			return fmt.Errorf("cannot fetch the committed offsets of group %s: %w", group, err)
		}
		var parts []tp
		if o.has("from-file") {
			for k := range filePlan[group] {
				parts = append(parts, k)
			}
			sort.Slice(parts, func(i, j int) bool {
				if parts[i].topic != parts[j].topic {
					return parts[i].topic < parts[j].topic
				}
				return parts[i].partition < parts[j].partition
			})
			if len(parts) == 0 {
				fmt.Fprintf(r.io.Stdout, "\nError: No reset plan for group %s found\n", group)
			}
		} else if o.has("all-topics") {
			committed.Each(func(c kadm.OffsetResponse) {
				if c.Err == nil {
					parts = append(parts, tp{c.Topic, c.Partition})
				}
			})
		} else {
			md, err := adm.Metadata(ctx)
			if err != nil {
				return fmt.Errorf("cannot read topic metadata: %w", err)
			}
			for _, spec := range o.values("topic") {
				topic, list, hasList := strings.Cut(spec, ":")
				td, ok := md.Topics[topic]
				if !ok || td.Err != nil {
					return topicMissing(topic)
				}
				if !hasList {
					for _, p := range td.Partitions.Sorted() {
						parts = append(parts, tp{topic, p.Partition})
					}
					continue
				}
				for _, ps := range strings.Split(list, ",") {
					n, err := strconv.ParseInt(strings.TrimSpace(ps), 10, 32)
					if err != nil {
						return usagef("invalid partition '%s' specified in topic arg '%s'", ps, spec)
					}
					if _, ok := td.Partitions[int32(n)]; !ok {
						return fmt.Errorf("partition %d does not exist in topic %s, which has %d partition(s)", n, topic, len(td.Partitions))
					}
					parts = append(parts, tp{topic, int32(n)})
				}
			}
		}
		parts = javaHashMapOrder(parts) // Kafka prints the plan from a HashMap
		var topics []string
		seen := map[string]bool{}
		for _, p := range parts {
			if !seen[p.topic] {
				seen[p.topic] = true
				topics = append(topics, p.topic)
			}
		}
		if len(topics) == 0 {
			continue
		}
		starts, err := adm.ListStartOffsets(ctx, topics...)
		if err != nil {
			return fmt.Errorf("cannot list start offsets: %w", err)
		}
		ends, err := adm.ListEndOffsets(ctx, topics...)
		if err != nil {
			return fmt.Errorf("cannot list end offsets: %w", err)
		}
		var byTime kadm.ListedOffsets
		if o.has("to-datetime") || o.has("by-duration") {
			if byTime, err = adm.ListOffsetsAfterMilli(ctx, atTime, topics...); err != nil {
				return fmt.Errorf("cannot list the offsets at %d ms: %w", atTime, err)
			}
		}
		plan := kadm.Offsets{}
		for _, p := range parts {
			start, ok1 := starts.Lookup(p.topic, p.partition)
			end, ok2 := ends.Lookup(p.topic, p.partition)
			if !ok1 || !ok2 || start.Err != nil || end.Err != nil {
				return fmt.Errorf("cannot get the offsets of %s-%d", p.topic, p.partition)
			}
			var at int64
			switch {
			case o.has("to-earliest"):
				at = start.Offset
			case o.has("to-latest"):
				at = end.Offset
			case o.has("to-offset"):
				at = toOffset
			case o.has("from-file"):
				at = filePlan[group][p]
			case o.has("to-current"):
				at = end.Offset
				if c, ok := committed.Lookup(p.topic, p.partition); ok && c.Err == nil && c.At >= 0 {
					at = c.At
				}
			case o.has("to-datetime") || o.has("by-duration"):
				l, ok := byTime.Lookup(p.topic, p.partition)
				if !ok || l.Err != nil {
					return usagef("Error getting offset by timestamp of topic partition: %s-%d", p.topic, p.partition)
				}
				at = l.Offset
				if l.Timestamp < 0 || at < 0 {
					// No record at or after the time: Kafka says so on stdout and takes the end.
					fmt.Fprintf(r.io.Stdout, "\nWarn: Partition %d from topic %s is empty. Falling back to latest known offset.\n", p.partition, p.topic)
					at = end.Offset
				}
			default:
				c, ok := committed.Lookup(p.topic, p.partition)
				if !ok || c.Err != nil || c.At < 0 {
					return fmt.Errorf("Cannot shift offset for partition %s-%d since there is no current committed offset", p.topic, p.partition)
				}
				at = c.At + shift
			}
			// Kafka keeps an explicit offset inside the partition's range (with a warning).
			if at > end.Offset {
				fmt.Fprintf(r.io.Stderr, "[%s] WARN New offset (%d) is higher than latest offset for topic partition %s-%d. Value will be set to %d (org.apache.kafka.tools.OffsetsUtils)\n", log4jTime(time.Now()), at, p.topic, p.partition, end.Offset)
				at = end.Offset
			} else if at < start.Offset {
				fmt.Fprintf(r.io.Stderr, "[%s] WARN New offset (%d) is lower than earliest offset for topic partition %s-%d. Value will be set to %d (org.apache.kafka.tools.OffsetsUtils)\n", log4jTime(time.Now()), at, p.topic, p.partition, start.Offset)
				at = start.Offset
			}
			plan.Add(kadm.Offset{Topic: p.topic, Partition: p.partition, At: at, LeaderEpoch: -1})
			rows = append(rows, resetRow{group, p.topic, p.partition, at})
		}
		plans[group] = plan
	}
	if o.has("execute") {
		for _, group := range groups {
			plan := plans[group]
			if len(plan) == 0 {
				continue
			}
			if err := adm.CommitAllOffsets(ctx, group, plan); err != nil {
				return fmt.Errorf("cannot commit the new offsets of group %s: %w", group, err)
			}
		}
	}
	if !o.has("dry-run") && !o.has("execute") {
		fmt.Fprintln(r.io.Stderr, "WARN: No action will be performed as the --execute option is missing. In version 5.0, this command will require either --dry-run or --execute to be specified. You should add the --dry-run option explicitly if you are scripting this command and want to keep the current default behavior without prompting.")
	}
	if o.has("export") {
		// CsvUtils' lines: topic,partition,offset for one --group, the group first otherwise;
		// println adds a newline after the last.
		var b strings.Builder
		for _, row := range rows {
			if len(o.values("group")) != 1 {
				fmt.Fprintf(&b, "%s,", row.group)
			}
			fmt.Fprintf(&b, "%s,%d,%d\n", row.topic, row.partition, row.offset)
		}
		b.WriteString("\n")
		fmt.Fprint(r.io.Stdout, b.String())
		return nil
	}
	// Kafka 4.3's table: columns as wide as the longest group and topic (at least 15).
	g, t := 15, 15
	for _, row := range rows {
		g, t = max(g, len(row.group)), max(t, len(row.topic))
	}
	var b strings.Builder
	if len(rows) > 0 {
		fmt.Fprintf(&b, "\n%-*s %-*s %-10s %s", g, "GROUP", t, "TOPIC", "PARTITION", "NEW-OFFSET")
	}
	for _, row := range rows {
		fmt.Fprintf(&b, "\n%-*s %-*s %-10d %d", g, row.group, t, row.topic, row.partition, row.offset)
	}
	b.WriteString("\n")
	fmt.Fprint(r.io.Stdout, b.String())
	return nil
}

// log4jTime is a time as Kafka's tools-log4j2.yaml prints it ([%d]: local time, milliseconds
// after a comma), for the warnings Kafka's tools log on stderr.
func log4jTime(t time.Time) string {
	return t.Format("2006-01-02 15:04:05,000")
}

// assignmentString is Kafka's getAssignmentString of a member: topic:p,p per topic (the
// partitions by number), the topics' strings sorted and joined by ';'; "-" for none.
func assignmentString(m kadm.DescribedGroupMember) string {
	a, ok := m.Assigned.AsConsumer()
	if !ok {
		return missing
	}
	var topics []string
	for _, t := range a.Topics {
		if len(t.Partitions) == 0 {
			continue
		}
		ps := append([]int32(nil), t.Partitions...)
		sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
		strs := make([]string, len(ps))
		for i, p := range ps {
			strs[i] = strconv.Itoa(int(p))
		}
		topics = append(topics, t.Topic+":"+strings.Join(strs, ","))
	}
	if len(topics) == 0 {
		return missing
	}
	sort.Strings(topics)
	return strings.Join(topics, ";")
}
