package kafkatools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// resetScenarios are --reset-offsets' ways to choose the new offsets; exactly one is given.
var resetScenarios = []string{"to-earliest", "to-latest", "to-offset", "shift-by", "to-current", "to-datetime", "by-duration", "from-file"}

// javaDateTime is what Kafka's Utils.getDateTime reads: a date, 'T', a time of day with
// optional seconds and milliseconds, and an optional zone (Z, +hh, +hh:mm or +hhmm).
var javaDateTime = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$`)

// parseJavaDateTime turns --to-datetime's argument into epoch milliseconds. Without a zone
// the time is local, as in Kafka's tool (which uses the JVM's default zone).
func parseJavaDateTime(s string, now time.Time) (int64, error) {
	m := javaDateTime.FindStringSubmatch(s)
	if m == nil {
		return 0, usagef("Error parsing timestamp '%s': give it as YYYY-MM-DDTHH:mm:SS.sss, like --to-datetime 2024-01-31T09:30:00.000", s)
	}
	num := func(i int) int {
		if m[i] == "" {
			return 0
		}
		n, _ := strconv.Atoi(m[i])
		return n
	}
	ms := 0
	if m[7] != "" {
		ms, _ = strconv.Atoi((m[7] + "00")[:3])
	}
	loc := now.Location()
	if z := m[8]; z == "Z" {
		loc = time.UTC
	} else if z != "" {
		digits := strings.ReplaceAll(z[1:], ":", "")
		h, _ := strconv.Atoi(digits[:2])
		mins := 0
		if len(digits) == 4 {
			mins, _ = strconv.Atoi(digits[2:])
		}
		off := h*3600 + mins*60
		if z[0] == '-' {
			off = -off
		}
		loc = time.FixedZone(z, off)
	}
	t := time.Date(num(1), time.Month(num(2)), num(3), num(4), num(5), num(6), ms*int(time.Millisecond), loc)
	return t.UnixMilli(), nil
}

// javaDuration is java.time.Duration.parse's text: PnDTnHnMn.nS, each part optional but at
// least one, with optional signs.
var javaDuration = regexp.MustCompile(`^([-+]?)P(?:([-+]?\d+)D)?(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)(?:[.,](\d{0,9}))?S)?)?$`)

// parseJavaDuration reads --by-duration's argument as Duration.parse does.
func parseJavaDuration(s string) (time.Duration, error) {
	m := javaDuration.FindStringSubmatch(strings.ToUpper(s))
	if m == nil || m[2] == "" && m[3] == "" && m[4] == "" && m[5] == "" || strings.HasSuffix(strings.ToUpper(s), "T") {
		return 0, fmt.Errorf("Executing consumer group command failed due to Text cannot be parsed to a Duration: give --by-duration as PnDTnHnMnS, like PT1H (an hour ago) or P1DT12H")
	}
	part := func(i int, unit time.Duration) time.Duration {
		if m[i] == "" {
			return 0
		}
		n, _ := strconv.ParseInt(m[i], 10, 64)
		return time.Duration(n) * unit
	}
	d := part(2, 24*time.Hour) + part(3, time.Hour) + part(4, time.Minute) + part(5, time.Second)
	if m[6] != "" {
		frac, _ := strconv.ParseInt((m[6] + "000000000")[:9], 10, 64)
		if strings.HasPrefix(m[5], "-") {
			frac = -frac
		}
		d += time.Duration(frac)
	}
	if m[1] == "-" {
		d = -d
	}
	return d, nil
}

// readResetPlan reads --from-file's CSV: topic,partition,offset lines when one --group is
// given, group,topic,partition,offset lines otherwise (or when the lines have four fields).
func readResetPlan(path string, singleGroup bool, group string) (map[string]map[topicPartition]int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the reset plan %s: %w", path, err)
	}
	plan := map[string]map[topicPartition]int64{}
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		line = strings.TrimSuffix(line, "\r")
		f := strings.Split(line, ",")
		g := group
		if len(f) == 4 || !singleGroup {
			if len(f) != 4 {
				return nil, fmt.Errorf("line %d of %s is %q: with several groups each line is group,topic,partition,offset", i+1, path, line)
			}
			g, f = f[0], f[1:]
		}
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d of %s is %q: each line is topic,partition,offset (as --export prints)", i+1, path, line)
		}
		p, err1 := strconv.ParseInt(strings.TrimSpace(f[1]), 10, 32)
		off, err2 := strconv.ParseInt(strings.TrimSpace(f[2]), 10, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("line %d of %s is %q: the partition and the offset must be whole numbers", i+1, path, line)
		}
		if plan[g] == nil {
			plan[g] = map[topicPartition]int64{}
		}
		plan[g][topicPartition{f[0], int32(p)}] = off
	}
	return plan, nil
}

// javaStringSetOrder returns names in the order a java.util.HashMap<String, ?> iterates them
// after they were put in one by one (Kafka prints some lists of groups from one): by bucket,
// then in insertion order.
func javaStringSetOrder(names []string) []string {
	capacity := 16
	for len(names) > capacity*3/4 {
		capacity *= 2
	}
	return javaStringOrder(names, capacity)
}

// javaStringCopyOrder is the order of a HashMap made by copying a map of len(names) entries
// (new HashMap<>(map)), whose table is sized for them up front: the smallest power of two of
// at least int(n/0.75 + 1). Kafka's admin client hands describeTopics' results over in one.
func javaStringCopyOrder(names []string) []string {
	want := int(float32(len(names))/0.75 + 1)
	capacity := 1
	for capacity < want {
		capacity *= 2
	}
	return javaStringOrder(names, capacity)
}

func javaStringOrder(names []string, capacity int) []string {
	buckets := make([][]string, capacity)
	for _, n := range names {
		u := uint32(javaStringHash(n))
		b := int((u ^ u>>16) & uint32(capacity-1))
		buckets[b] = append(buckets[b], n)
	}
	out := make([]string, 0, len(names))
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}

// deleteGroups is --delete: it deletes each --group (or --all-groups) and reports like
// ConsumerGroupCommand.deleteGroups.
func deleteGroups(ctx context.Context, r *toolRun) error {
	o := r.opts
	if !o.has("group") && !o.has("all-groups") {
		return usagef("option --delete takes one of these options: --all-groups, --group, like --delete --group my-group")
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
	resp, err := adm.DeleteGroups(ctx, groups...)
	if err != nil && len(resp) == 0 {
		return fmt.Errorf("cannot delete groups %s: %w", strings.Join(groups, ", "), err)
	}
	var deleted, failed []string
	var reasons []string
	for _, g := range javaStringSetOrder(dedupe(groups)) {
		res, ok := resp[g]
		switch {
		case ok && res.Err == nil:
			deleted = append(deleted, g)
		case !ok:
			failed = append(failed, g)
			reasons = append(reasons, "no answer from the group's coordinator")
		default:
			failed = append(failed, g)
			reasons = append(reasons, javaException(res.Err)+groupErrorHint(res.Err))
		}
	}
	if len(failed) == 0 {
		fmt.Fprintf(r.io.Stdout, "Deletion of requested consumer groups ('%s') was successful.\n", strings.Join(deleted, "', '"))
		return nil
	}
	var b strings.Builder
	b.WriteString("Deletion of some consumer groups failed:")
	for i, g := range failed {
		fmt.Fprintf(&b, "\n* Group '%s' could not be deleted due to: %s", g, reasons[i])
	}
	if len(deleted) > 0 {
		fmt.Fprintf(&b, "\n\nThese consumer groups were deleted successfully: '%s'", strings.Join(deleted, "', '"))
	}
	return errors.New(b.String())
}

// groupErrorHint is the fix we add to a group error Kafka reports bare.
func groupErrorHint(err error) string {
	switch {
	case errors.Is(err, kerr.NonEmptyGroup):
		return " (stop the group's consumers first)"
	case errors.Is(err, kerr.GroupIDNotFound):
		return " (list the groups with kafka-consumer-groups.sh --list)"
	}
	return ""
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// deleteOffsets is --delete-offsets: it deletes one group's committed offsets of the --topic
// topics (topic or topic:0,1) and prints ConsumerGroupCommand's status table.
func deleteOffsets(ctx context.Context, r *toolRun) error {
	o := r.opts
	if len(o.values("group")) != 1 || !o.has("topic") {
		return usagef("option --delete-offsets takes one --group and at least one --topic, like --delete-offsets --group my-group --topic my-topic")
	}
	group := o.value("group", "")
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	type status struct {
		tp     topicPartition
		status string
	}
	var rows []status
	set := kadm.TopicsSet{}
	var whole []string
	for _, spec := range dedupe(o.values("topic")) {
		topic, list, hasList := strings.Cut(spec, ":")
		if !hasList {
			whole = append(whole, topic)
			continue
		}
		for _, ps := range strings.Split(list, ",") {
			n, err := strconv.ParseInt(strings.TrimSpace(ps), 10, 32)
			if err != nil {
				return usagef("invalid partition '%s' specified in topic arg '%s'", ps, spec)
			}
			set.Add(topic, int32(n))
		}
	}
	if len(whole) > 0 {
		md, err := adm.Metadata(ctx, whole...)
		if err != nil {
			return fmt.Errorf("cannot read the metadata of %s: %w", strings.Join(whole, ", "), err)
		}
		for _, topic := range whole {
			td, ok := md.Topics[topic]
			if !ok || td.Err != nil {
				rows = append(rows, status{topicPartition{topic, -1}, "Error: org.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host this topic-partition."})
				continue
			}
			for p := range td.Partitions {
				set.Add(topic, p)
			}
		}
	}
	resp, err := adm.DeleteOffsets(ctx, group, set)
	var ke *kerr.Error
	switch {
	case err == nil:
		fmt.Fprintf(r.io.Stdout, "Request succeeded for deleting offsets from group %s.\n", group)
	case errors.Is(err, kerr.GroupIDNotFound):
		return fmt.Errorf("The group id does not exist: no group %s (list the groups with kafka-consumer-groups.sh --list)", group)
	case errors.Is(err, kerr.NonEmptyGroup):
		return fmt.Errorf("Deleting offsets of a consumer group '%s' is forbidden if the group is not empty. Stop its consumers first", group)
	case errors.Is(err, kerr.InvalidGroupID):
		return fmt.Errorf("'%s' is not valid", group)
	case errors.As(err, &ke):
		return fmt.Errorf("Encounter some unknown error: %s", ke.Message)
	default:
		return fmt.Errorf("cannot delete the offsets of group %s: %w", group, err)
	}
	failed := false
	for topic, ps := range set {
		for p := range ps {
			st := "Successful"
			if perr := resp[topic][p]; perr != nil {
				st = "Error: " + javaException(perr)
				failed = true
			}
			rows = append(rows, status{topicPartition{topic, p}, st})
		}
	}
	if failed {
		fmt.Fprintln(r.io.Stdout, "\nError: Encounter some partition level error, see the follow-up details:")
	}
	// Kafka sorts the rows by topic name and partition number written together as one string.
	key := func(s status) string { return s.tp.topic + strconv.Itoa(int(s.tp.partition)) }
	sort.SliceStable(rows, func(i, j int) bool { return key(rows[i]) < key(rows[j]) })
	w := 15
	for _, rw := range rows {
		w = max(w, len(rw.tp.topic))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-*s %-10s %-15s", w, "TOPIC", "PARTITION", "STATUS")
	for _, rw := range rows {
		p := strconv.Itoa(int(rw.tp.partition))
		if rw.tp.partition < 0 {
			p = missing
		}
		fmt.Fprintf(&b, "\n%-*s %-10s %-15s", w, rw.tp.topic, p, rw.status)
	}
	b.WriteString("\n")
	fmt.Fprint(r.io.Stdout, b.String())
	return nil
}

// listGroupStates is --list --state: each consumer group with its state, in a column as wide
// as the longest name (at least 15) plus 10.
func listGroupStates(ctx context.Context, r *toolRun) error {
	listed, err := consumerGroupsInBrokerOrder(ctx, r)
	if err != nil {
		return err
	}
	var names []string
	byName := map[string]kmsg.ListGroupsResponseGroup{}
	w := 15
	for _, g := range listed {
		names = append(names, g.Group)
		byName[g.Group] = g
		w = max(w, len(g.Group))
	}
	// In the order of the HashSet Kafka's tool collects the names in.
	var groups []kmsg.ListGroupsResponseGroup
	for _, n := range javaStringSetOrder(names) {
		groups = append(groups, byName[n])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s %-20s\n", w+10, "GROUP", "STATE")
	for _, g := range groups {
		state := g.GroupState
		if state == "" {
			state = "Unknown"
		}
		fmt.Fprintf(&b, "%-*s %-20s\n", w+10, g.Group, state)
	}
	fmt.Fprint(r.io.Stdout, b.String())
	return nil
}

// consumerGroupsInBrokerOrder lists the consumer groups (protocol type "consumer", or none for
// groups that only committed offsets) in the order the brokers' ListGroups answers give them:
// Kafka's admin client fills its HashMap in that order, which decides the order of names that
// share a bucket.
func consumerGroupsInBrokerOrder(ctx context.Context, r *toolRun) ([]kmsg.ListGroupsResponseGroup, error) {
	cl, err := r.client(ctx)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	var out []kmsg.ListGroupsResponseGroup
	seen := map[string]bool{}
	for _, shard := range cl.RequestSharded(ctx, kmsg.NewPtrListGroupsRequest()) {
		if shard.Err != nil {
			return nil, fmt.Errorf("cannot list consumer groups: %w", shard.Err)
		}
		resp := shard.Resp.(*kmsg.ListGroupsResponse)
		if err := kerr.ErrorForCode(resp.ErrorCode); err != nil {
			return nil, fmt.Errorf("cannot list consumer groups: %w", err)
		}
		for _, g := range resp.Groups {
			if (g.ProtocolType == "" || g.ProtocolType == "consumer") && !seen[g.Group] {
				seen[g.Group] = true
				out = append(out, g)
			}
		}
	}
	return out, nil
}
