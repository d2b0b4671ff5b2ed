package kafkaadmin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kafka-reassign-partitions.sh: ops.html's "Expanding your cluster" and "Increasing
// replication factor" steps (--generate, --execute [--throttle], --verify, --cancel, --list),
// with Kafka 4.3.1's texts. Moving a replica between log directories (log_dirs other than
// "any") is refused: kafkalab's brokers have one directory.

func init() {
	registerTool(&tool{
		name:    "kafka-reassign-partitions.sh",
		summary: "This tool helps to move topic partitions between replicas.",
		specs: []option{
			{name: "bootstrap-server", arg: "String: Server(s) to use for bootstrapping", help: "the server(s) to use for bootstrapping."},
			{name: "generate", help: "Generate a candidate partition reassignment configuration. Note that this only generates a candidate assignment, it does not execute it."},
			{name: "execute", help: "Kick off the reassignment as specified by the --reassignment-json-file option."},
			{name: "verify", help: "Verify if the reassignment completed as specified by the --reassignment-json-file option. If there is a throttle engaged for the replicas specified, and the rebalance has completed, the throttle will be removed"},
			{name: "cancel", help: "Cancel an active reassignment."},
			{name: "list", help: "List all active partition reassignments."},
			{name: "reassignment-json-file", arg: "String: manual assignment json file path", help: "The JSON file with the partition reassignment configuration."},
			{name: "topics-to-move-json-file", arg: "String: topics to reassign json file path", help: "Generate a reassignment configuration to move the partitions of the specified topics to the list of brokers specified by the --broker-list option."},
			{name: "broker-list", arg: "String: brokerlist", help: "The list of brokers to which the partitions need to be reassigned in the form \"0,1,2\". This is required if --topics-to-move-json-file is used to generate reassignment configuration"},
			{name: "disable-rack-aware", help: "Disable rack aware replica assignment"},
			{name: "throttle", arg: "Long: throttle", help: "The movement of partitions between brokers will be throttled to this value (bytes/sec). (default: -1)"},
			{name: "additional", help: "Execute this reassignment in addition to any other ongoing ones."},
			{name: "timeout", arg: "Long: timeout", help: "The maximum time in ms to wait for log directory replica assignment to begin. (default: 10000)"},
			{name: "preserve-throttles", help: "Do not modify broker or topic throttles."},
		},
		run: reassign,
	})
}

// reassignAction lists the actions in Kafka's order, with the options each requires and
// permits (validateAndParseArgs).
var reassignActions = []struct {
	name              string
	required, permits []string
}{
	{"generate", []string{"topics-to-move-json-file", "broker-list"}, []string{"disable-rack-aware"}},
	{"execute", []string{"reassignment-json-file"}, []string{"additional", "throttle", "timeout"}},
	{"verify", []string{"reassignment-json-file"}, []string{"preserve-throttles"}},
	{"cancel", []string{"reassignment-json-file"}, []string{"preserve-throttles", "timeout"}},
	{"list", nil, nil},
}

// tpart is a topic partition, printed as Kafka's TopicPartition ("foo-0").
type tpart struct {
	topic string
	part  int32
}

func (p tpart) String() string { return fmt.Sprintf("%s-%d", p.topic, p.part) }

func sortParts(ps []tpart) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].topic != ps[j].topic {
			return ps[i].topic < ps[j].topic
		}
		return ps[i].part < ps[j].part
	})
}

// reassignError is a failure Kafka's tool prints as "Error: <message>" (then a stack trace).
func reassignError(format string, a ...any) error {
	return fmt.Errorf("Error: "+format, a...)
}

func reassign(ctx context.Context, r *toolRun) error {
	o := r.opts
	var names []string
	action := -1
	for i, a := range reassignActions {
		names = append(names, "--"+a.name)
		if o.has(a.name) {
			if action >= 0 {
				action = -2
			} else if action == -1 {
				action = i
			}
		}
	}
	if action < 0 {
		return usagef("Command must include exactly one action: %s", strings.Join(names, ", "))
	}
	act := reassignActions[action]
	for _, req := range act.required {
		if !o.has(req) {
			return usagef("Missing required argument \"[%s]\"", req)
		}
	}
	for _, s := range r.tool.specs {
		if !o.has(s.name) || s.name == act.name || s.name == "bootstrap-server" || indexOf(act.required, s.name) >= 0 || indexOf(act.permits, s.name) >= 0 {
			continue
		}
		return usagef("Option \"[%s]\" can't be used with action \"[%s]\"", s.name, act.name)
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	switch act.name {
	case "list":
		return listReassignments(ctx, r, cl)
	case "generate":
		return generateReassignment(ctx, r, cl, adm)
	}
	data, err := os.ReadFile(o.value("reassignment-json-file", ""))
	if err != nil {
		return reassignError("%v", err)
	}
	target, err := parseReassignmentJSON(data)
	if err != nil {
		return err
	}
	switch act.name {
	case "execute":
		return executeReassignment(ctx, r, cl, adm, target)
	case "verify":
		return verifyReassignment(ctx, r, cl, adm, target)
	}
	return cancelReassignment(ctx, r, cl, adm, target)
}

// partAssignment is one partition of a reassignment file: its target replicas.
type partAssignment struct {
	tp       tpart
	replicas []int32
}

// parseReassignmentJSON reads {"version":1,"partitions":[{"topic":..,"partition":..,
// "replicas":[..],"log_dirs":[..]}]} and checks it as Kafka's tool does.
func parseReassignmentJSON(data []byte) ([]partAssignment, error) {
	var doc struct {
		Version    *int `json:"version"`
		Partitions []struct {
			Topic     string   `json:"topic"`
			Partition int32    `json:"partition"`
			Replicas  []int32  `json:"replicas"`
			LogDirs   []string `json:"log_dirs"`
		} `json:"partitions"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, reassignError("the reassignment file is not valid JSON: %v", err)
	}
	if doc.Version != nil && *doc.Version != 1 {
		return nil, reassignError("Not supported version field value %d", *doc.Version)
	}
	var out []partAssignment
	seen := map[tpart]bool{}
	var dups []string
	for _, p := range doc.Partitions {
		tp := tpart{p.Topic, p.Partition}
		if p.LogDirs != nil && len(p.LogDirs) != len(p.Replicas) {
			return nil, reassignError("Size of replicas list %s is different from size of log dirs list %s for partition %s",
				javaList(p.Replicas), "["+strings.Join(p.LogDirs, ", ")+"]", tp)
		}
		for _, d := range p.LogDirs {
			if d != "any" {
				return nil, usagef("moving a replica to log dir %q is not in kafkalab: give \"any\" (kafkalab's brokers have one log directory)", d)
			}
		}
		if seen[tp] {
			dups = append(dups, tp.String())
		}
		seen[tp] = true
		out = append(out, partAssignment{tp, p.Replicas})
	}
	if len(out) == 0 {
		return nil, reassignError("Partition reassignment list cannot be empty")
	}
	for _, p := range out {
		if len(p.replicas) == 0 {
			return nil, reassignError("Partition replica list cannot be empty")
		}
	}
	if len(dups) > 0 {
		return nil, reassignError("Partition reassignment contains duplicate topic partitions: %s", strings.Join(dups, ","))
	}
	var msgs []string
	for _, p := range out {
		var d []string
		seen := map[int32]bool{}
		for _, b := range p.replicas {
			if seen[b] && indexOf(d, strconv.Itoa(int(b))) < 0 {
				d = append(d, strconv.Itoa(int(b)))
			}
			seen[b] = true
		}
		if len(d) > 0 {
			msgs = append(msgs, fmt.Sprintf("%s contains multiple entries for %s", p.tp, strings.Join(d, ",")))
		}
	}
	if len(msgs) > 0 {
		return nil, reassignError("Partition replica lists may not contain duplicate entries: %s", strings.Join(msgs, ". "))
	}
	return out, nil
}

func javaList(ids []int32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(int(id))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func joinIDs(ids []int32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(int(id))
	}
	return strings.Join(s, ",")
}

// reassignmentJSON is Kafka's formatAsReassignmentJson: partitions sorted, each replica's log
// dir from dirs ("any" when unknown).
func reassignmentJSON(parts map[tpart][]int32, dirs map[tpart]map[int32]string) string {
	type entry struct {
		Topic     string   `json:"topic"`
		Partition int32    `json:"partition"`
		Replicas  []int32  `json:"replicas"`
		LogDirs   []string `json:"log_dirs"`
	}
	doc := struct {
		Version    int     `json:"version"`
		Partitions []entry `json:"partitions"`
	}{Version: 1, Partitions: []entry{}}
	var tps []tpart
	for tp := range parts {
		tps = append(tps, tp)
	}
	sortParts(tps)
	for _, tp := range tps {
		e := entry{Topic: tp.topic, Partition: tp.part, Replicas: parts[tp], LogDirs: []string{}}
		for _, b := range parts[tp] {
			d := dirs[tp][b]
			if d == "" {
				d = "any"
			}
			e.LogDirs = append(e.LogDirs, d)
		}
		doc.Partitions = append(doc.Partitions, e)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(doc)
	return strings.TrimSuffix(buf.String(), "\n")
}

// currentAssignment describes the topics and returns each partition's replicas; with only,
// just those partitions (an error names the missing ones).
func currentAssignment(ctx context.Context, adm *kadm.Client, topics []string, only []tpart) (map[tpart][]int32, error) {
	td, err := adm.ListTopics(ctx, topics...)
	if err != nil {
		return nil, reassignError("%v", err)
	}
	out := map[tpart][]int32{}
	for _, t := range topics {
		d, ok := td[t]
		if !ok || d.Err != nil {
			return nil, reassignError("org.apache.kafka.common.errors.UnknownTopicOrPartitionException: Topic %s not found.", t)
		}
		for _, p := range d.Partitions {
			out[tpart{t, p.Partition}] = append([]int32(nil), p.Replicas...)
		}
	}
	if only != nil {
		want := map[tpart][]int32{}
		var missing []string
		for _, tp := range only {
			if rs, ok := out[tp]; ok {
				want[tp] = rs
			} else {
				missing = append(missing, tp.String())
			}
		}
		if len(missing) > 0 {
			return nil, reassignError("org.apache.kafka.common.errors.UnknownTopicOrPartitionException: Unable to find partition: %s", strings.Join(missing, ", "))
		}
		out = want
	}
	return out, nil
}

// replicaDirs is where each replica of the partitions lives (DescribeLogDirs of their brokers),
// as Kafka 4.3.1's tool prints the current assignment.
func replicaDirs(ctx context.Context, adm *kadm.Client, parts map[tpart][]int32) map[tpart]map[int32]string {
	out := map[tpart]map[int32]string{}
	brokers := map[int32]bool{}
	set := kadm.TopicsSet{}
	for tp, rs := range parts {
		set.Add(tp.topic, tp.part)
		for _, b := range rs {
			brokers[b] = true
		}
	}
	for b := range brokers {
		dirs, err := adm.DescribeBrokerLogDirs(ctx, b, set)
		if err != nil {
			continue
		}
		dirs.Each(func(d kadm.DescribedLogDir) {
			d.Topics.Each(func(p kadm.DescribedLogDirPartition) {
				tp := tpart{p.Topic, p.Partition}
				if out[tp] == nil {
					out[tp] = map[int32]string{}
				}
				out[tp][b] = d.Dir
			})
		})
	}
	return out
}

func brokerIDs(ctx context.Context, cl *kgo.Client) ([]int32, error) {
	dc, err := describeCluster(ctx, cl)
	if err != nil {
		return nil, reassignError("%v", err)
	}
	var ids []int32
	for _, b := range dc.Brokers {
		ids = append(ids, b.NodeID)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids, nil
}

func generateReassignment(ctx context.Context, r *toolRun, cl *kgo.Client, adm *kadm.Client) error {
	var wanted []int32
	seen := map[int32]bool{}
	var dups []string
	for _, s := range strings.Split(r.opts.value("broker-list", ""), ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
		if err != nil {
			return reassignError("For input string: \"%s\"", s)
		}
		if seen[int32(n)] {
			dups = append(dups, s)
		}
		seen[int32(n)] = true
		wanted = append(wanted, int32(n))
	}
	if len(dups) > 0 {
		return reassignError("Broker list contains duplicate entries: [%s]", strings.Join(dups, ", "))
	}
	data, err := os.ReadFile(r.opts.value("topics-to-move-json-file", ""))
	if err != nil {
		return reassignError("%v", err)
	}
	var doc struct {
		Version *int `json:"version"`
		Topics  []struct {
			Topic string `json:"topic"`
		} `json:"topics"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return reassignError("The input string is not a valid JSON")
	}
	if doc.Version != nil && *doc.Version != 1 {
		return reassignError("Not supported version field value %d", *doc.Version)
	}
	var topics, dupTopics []string
	for _, t := range doc.Topics {
		if indexOf(topics, t.Topic) >= 0 {
			dupTopics = append(dupTopics, t.Topic)
		}
		topics = append(topics, t.Topic)
	}
	if len(dupTopics) > 0 {
		return reassignError("List of topics to reassign contains duplicate entries: [%s]", strings.Join(dupTopics, ", "))
	}
	current, err := currentAssignment(ctx, adm, topics, nil)
	if err != nil {
		return err
	}
	live, err := brokerIDs(ctx, cl)
	if err != nil {
		return err
	}
	var brokers []int32
	for _, b := range live {
		if seen[b] {
			brokers = append(brokers, b)
		}
	}
	// Each topic keeps its partition count and replication factor; its replicas go round the
	// listed brokers that exist, as Kafka's rack-unaware placement does from a start it draws
	// at random (here the first broker).
	proposed := map[tpart][]int32{}
	counts := map[string]int32{}
	rf := map[string]int{}
	for tp, rs := range current {
		counts[tp.topic]++
		if tp.part == 0 {
			rf[tp.topic] = len(rs)
		}
	}
	for _, t := range topics {
		if len(brokers) == 0 {
			return reassignError("All brokers are currently fenced, or have all their log directories cordoned.")
		}
		if rf[t] > len(brokers) {
			return reassignError("The target replication factor of %d cannot be reached because only %d broker(s) are registered.", rf[t], len(brokers))
		}
		n := len(brokers)
		shift := 0
		for p := int32(0); p < counts[t]; p++ {
			if p > 0 && int(p)%n == 0 {
				shift++
			}
			first := int(p) % n
			rs := []int32{brokers[first]}
			for j := 0; j < rf[t]-1; j++ {
				rs = append(rs, brokers[(first+1+(shift+j)%(n-1))%n])
			}
			proposed[tpart{t, p}] = rs
		}
	}
	fmt.Fprintf(r.io.Stdout, "Current partition replica assignment\n%s\n\n", reassignmentJSON(current, replicaDirs(ctx, adm, current)))
	fmt.Fprintf(r.io.Stdout, "Proposed partition reassignment configuration\n%s\n", reassignmentJSON(proposed, nil))
	return nil
}

// ongoing lists the reassignments in progress (ListPartitionReassignments).
func ongoing(ctx context.Context, cl *kgo.Client, only []tpart) (map[tpart]kmsg.ListPartitionReassignmentsResponseTopicPartition, error) {
	req := kmsg.NewPtrListPartitionReassignmentsRequest()
	req.TimeoutMillis = 30000
	if only != nil {
		byTopic := map[string]int{}
		for _, tp := range only {
			i, ok := byTopic[tp.topic]
			if !ok {
				t := kmsg.NewListPartitionReassignmentsRequestTopic()
				t.Topic = tp.topic
				req.Topics = append(req.Topics, t)
				i = len(req.Topics) - 1
				byTopic[tp.topic] = i
			}
			req.Topics[i].Partitions = append(req.Topics[i].Partitions, tp.part)
		}
	}
	resp, err := req.RequestWith(ctx, cl)
	if err == nil {
		err = brokerError(resp.ErrorCode, resp.ErrorMessage)
	}
	if err != nil {
		return nil, reassignError("%v", err)
	}
	out := map[tpart]kmsg.ListPartitionReassignmentsResponseTopicPartition{}
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			out[tpart{t.Topic, p.Partition}] = p
		}
	}
	return out, nil
}

func listReassignments(ctx context.Context, r *toolRun, cl *kgo.Client) error {
	cur, err := ongoing(ctx, cl, nil)
	if err != nil {
		return err
	}
	if len(cur) == 0 {
		fmt.Fprintln(r.io.Stdout, "No partition reassignments found.")
		return nil
	}
	var tps []tpart
	for tp := range cur {
		tps = append(tps, tp)
	}
	sortParts(tps)
	fmt.Fprintln(r.io.Stdout, "Current partition reassignments:")
	for _, tp := range tps {
		p := cur[tp]
		line := fmt.Sprintf("%s: replicas: %s.", tp, joinIDs(p.Replicas))
		if len(p.AddingReplicas) > 0 {
			line += fmt.Sprintf(" adding: %s.", joinIDs(p.AddingReplicas))
		}
		if len(p.RemovingReplicas) > 0 {
			line += fmt.Sprintf(" removing: %s.", joinIDs(p.RemovingReplicas))
		}
		fmt.Fprintln(r.io.Stdout, line)
	}
	return nil
}

func executeReassignment(ctx context.Context, r *toolRun, cl *kgo.Client, adm *kadm.Client, target []partAssignment) error {
	throttle, err := r.opts.intValue("throttle", -1)
	if err != nil {
		return err
	}
	cur, err := ongoing(ctx, cl, nil)
	if err != nil {
		return err
	}
	if !r.opts.has("additional") && len(cur) > 0 {
		return fmt.Errorf("Cannot execute because there is an existing partition assignment.  Use --additional to override this and create a new partition assignment in addition to the existing one. The --additional flag can also be used to change the throttle by resubmitting the current reassignment.")
	}
	live, err := brokerIDs(ctx, cl)
	if err != nil {
		return err
	}
	var topics []string
	var tps []tpart
	for _, p := range target {
		for _, b := range p.replicas {
			if !containsID(live, b) {
				return reassignError("Unknown broker id %d", b)
			}
		}
		if indexOf(topics, p.tp.topic) < 0 {
			topics = append(topics, p.tp.topic)
		}
		tps = append(tps, p.tp)
	}
	current, err := currentAssignment(ctx, adm, topics, tps)
	if err != nil {
		return err
	}
	fmt.Fprintf(r.io.Stdout, "Current partition replica assignment\n\n%s\n\nSave this to use as the --reassignment-json-file option during rollback\n",
		reassignmentJSON(current, replicaDirs(ctx, adm, current)))
	if throttle >= 0 {
		fmt.Fprintln(r.io.Stdout, "Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.")
		if err := setThrottles(ctx, cl, target, current, throttle); err != nil {
			return reassignError("%v", err)
		}
		fmt.Fprintf(r.io.Stdout, "The inter-broker throttle limit was set to %d B/s\n", throttle)
	}
	req := kmsg.NewPtrAlterPartitionAssignmentsRequest()
	req.TimeoutMillis = 30000
	byTopic := map[string]int{}
	for _, p := range target {
		i, ok := byTopic[p.tp.topic]
		if !ok {
			t := kmsg.NewAlterPartitionAssignmentsRequestTopic()
			t.Topic = p.tp.topic
			req.Topics = append(req.Topics, t)
			i = len(req.Topics) - 1
			byTopic[p.tp.topic] = i
		}
		rp := kmsg.NewAlterPartitionAssignmentsRequestTopicPartition()
		rp.Partition, rp.Replicas = p.tp.part, p.replicas
		req.Topics[i].Partitions = append(req.Topics[i].Partitions, rp)
	}
	resp, err := req.RequestWith(ctx, cl)
	if err == nil {
		err = brokerError(resp.ErrorCode, resp.ErrorMessage)
	}
	if err != nil {
		return reassignError("%v", err)
	}
	var failed []string
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			if e := kerr.ErrorForCode(p.ErrorCode); e != nil {
				msg := e.Error()
				if p.ErrorMessage != nil {
					msg = *p.ErrorMessage
				}
				failed = append(failed, fmt.Sprintf("%s: %s", tpart{t.Topic, p.Partition}, msg))
			}
		}
	}
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("Error reassigning partition(s):\n%s", strings.Join(failed, "\n"))
	}
	sortParts(tps)
	names := make([]string, len(tps))
	for i, tp := range tps {
		names[i] = tp.String()
	}
	plural := "s"
	if len(tps) == 1 {
		plural = ""
	}
	fmt.Fprintf(r.io.Stdout, "Successfully started partition reassignment%s for %s\n", plural, strings.Join(names, ","))
	return nil
}

func containsID(ids []int32, id int32) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// setThrottles sets the topics' throttled replicas (leaders: the current replicas; followers:
// the new ones) and the rate on every broker involved, as Kafka's --throttle does.
func setThrottles(ctx context.Context, cl *kgo.Client, target []partAssignment, current map[tpart][]int32, rate int64) error {
	leaders, followers := map[string][]string{}, map[string][]string{}
	brokers := map[int32]bool{}
	for _, p := range target {
		src := current[p.tp]
		for _, b := range src {
			leaders[p.tp.topic] = append(leaders[p.tp.topic], fmt.Sprintf("%d:%d", p.tp.part, b))
			brokers[b] = true
		}
		if _, ok := followers[p.tp.topic]; !ok {
			followers[p.tp.topic] = nil
		}
		for _, b := range p.replicas {
			if !containsID(src, b) {
				followers[p.tp.topic] = append(followers[p.tp.topic], fmt.Sprintf("%d:%d", p.tp.part, b))
				brokers[b] = true
			}
		}
	}
	req := kmsg.NewPtrIncrementalAlterConfigsRequest()
	for t := range leaders {
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = kmsg.ConfigResourceTypeTopic, t
		for _, kv := range [][2]string{{"leader.replication.throttled.replicas", sortedJoin(leaders[t])}, {"follower.replication.throttled.replicas", sortedJoin(followers[t])}} {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Value, c.Op = kv[0], kmsg.StringPtr(kv[1]), kmsg.IncrementalAlterConfigOpSet
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
	}
	for b := range brokers {
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = kmsg.ConfigResourceTypeBroker, strconv.Itoa(int(b))
		for _, name := range []string{"leader.replication.throttled.rate", "follower.replication.throttled.rate"} {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Value, c.Op = name, kmsg.StringPtr(strconv.FormatInt(rate, 10)), kmsg.IncrementalAlterConfigOpSet
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
	}
	return alterConfigs(ctx, cl, req)
}

func sortedJoin(s []string) string {
	s = append([]string(nil), s...)
	sort.Strings(s)
	return strings.Join(s, ",")
}

// alterConfigs sends an IncrementalAlterConfigs request, the broker resources to their broker.
func alterConfigs(ctx context.Context, cl *kgo.Client, req *kmsg.IncrementalAlterConfigsRequest) error {
	var topics, brokers []kmsg.IncrementalAlterConfigsRequestResource
	for _, res := range req.Resources {
		if res.ResourceType == kmsg.ConfigResourceTypeBroker {
			brokers = append(brokers, res)
		} else {
			topics = append(topics, res)
		}
	}
	send := func(rs []kmsg.IncrementalAlterConfigsRequestResource, to kmsg.Requestor) error {
		if len(rs) == 0 {
			return nil
		}
		q := kmsg.NewPtrIncrementalAlterConfigsRequest()
		q.Resources = rs
		resp, err := q.RequestWith(ctx, to)
		if err != nil {
			return err
		}
		for _, res := range resp.Resources {
			if err := brokerError(res.ErrorCode, res.ErrorMessage); err != nil {
				return err
			}
		}
		return nil
	}
	if err := send(topics, cl); err != nil {
		return err
	}
	for _, b := range brokers {
		id, _ := strconv.Atoi(b.ResourceName)
		if err := send([]kmsg.IncrementalAlterConfigsRequestResource{b}, cl.Broker(id)); err != nil {
			return err
		}
	}
	return nil
}

func verifyReassignment(ctx context.Context, r *toolRun, cl *kgo.Client, adm *kadm.Client, target []partAssignment) error {
	cur, err := ongoing(ctx, cl, nil)
	if err != nil {
		return err
	}
	var topics []string
	for _, p := range target {
		if _, ok := cur[p.tp]; !ok && indexOf(topics, p.tp.topic) < 0 {
			topics = append(topics, p.tp.topic)
		}
	}
	replicas := map[tpart][]int32{}
	if len(topics) > 0 {
		td, err := adm.ListTopics(ctx, topics...)
		if err != nil {
			return reassignError("%v", err)
		}
		for _, d := range td {
			for _, p := range d.Partitions {
				replicas[tpart{d.Topic, p.Partition}] = p.Replicas
			}
		}
	}
	sorted := append([]partAssignment(nil), target...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i].tp, sorted[j].tp
		if a.topic != b.topic {
			return a.topic < b.topic
		}
		return a.part < b.part
	})
	fmt.Fprintln(r.io.Stdout, "Status of partition reassignment:")
	for _, p := range sorted {
		if _, ok := cur[p.tp]; ok {
			fmt.Fprintf(r.io.Stdout, "Reassignment of partition %s is still in progress.\n", p.tp)
			continue
		}
		have := replicas[p.tp]
		if joinIDs(have) == joinIDs(p.replicas) {
			fmt.Fprintf(r.io.Stdout, "Reassignment of partition %s is completed.\n", p.tp)
		} else {
			fmt.Fprintf(r.io.Stdout, "There is no active reassignment of partition %s, but replica set is %s rather than %s.\n", p.tp, joinIDs(have), joinIDs(p.replicas))
		}
	}
	// Kafka's tool prints the (empty) log-dir move report on a line of its own.
	fmt.Fprintln(r.io.Stdout)
	if len(cur) > 0 || r.opts.has("preserve-throttles") {
		return nil
	}
	return clearThrottles(ctx, r, cl, target)
}

// clearThrottles removes the reassignment throttles from every broker (those of the cluster
// and those the file names) and from the file's topics, saying so as Kafka's tool does.
func clearThrottles(ctx context.Context, r *toolRun, cl *kgo.Client, target []partAssignment) error {
	live, err := brokerIDs(ctx, cl)
	if err != nil {
		return err
	}
	brokers := append([]int32(nil), live...)
	var topics []string
	for _, p := range target {
		for _, b := range p.replicas {
			if !containsID(brokers, b) {
				brokers = append(brokers, b)
			}
		}
		if indexOf(topics, p.tp.topic) < 0 {
			topics = append(topics, p.tp.topic)
		}
	}
	// Both are HashSets in Kafka's tool: Integers in bucket order, names by their hash.
	brokers = javaHashOrder(brokers, func(b int32) int32 { return b })
	topics = javaHashOrder(topics, javaStringHash)
	plural := func(n int) string {
		if n == 1 {
			return ""
		}
		return "s"
	}
	fmt.Fprintf(r.io.Stdout, "Clearing broker-level throttles on broker%s %s\n", plural(len(brokers)), joinIDs(brokers))
	req := kmsg.NewPtrIncrementalAlterConfigsRequest()
	for _, b := range brokers {
		if !containsID(live, b) {
			// Kafka's admin client waits for a broker that is not there until its timeout.
			return reassignError("org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: incrementalAlterConfigs")
		}
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = kmsg.ConfigResourceTypeBroker, strconv.Itoa(int(b))
		for _, name := range []string{"leader.replication.throttled.rate", "follower.replication.throttled.rate", "replica.alter.log.dirs.io.max.bytes.per.second"} {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Op = name, kmsg.IncrementalAlterConfigOpDelete
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
	}
	if err := alterConfigs(ctx, cl, req); err != nil {
		return reassignError("%v", err)
	}
	fmt.Fprintf(r.io.Stdout, "Clearing topic-level throttles on topic%s %s\n", plural(len(topics)), strings.Join(topics, ","))
	req = kmsg.NewPtrIncrementalAlterConfigsRequest()
	for _, t := range topics {
		res := kmsg.NewIncrementalAlterConfigsRequestResource()
		res.ResourceType, res.ResourceName = kmsg.ConfigResourceTypeTopic, t
		for _, name := range []string{"leader.replication.throttled.replicas", "follower.replication.throttled.replicas"} {
			c := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()
			c.Name, c.Op = name, kmsg.IncrementalAlterConfigOpDelete
			res.Configs = append(res.Configs, c)
		}
		req.Resources = append(req.Resources, res)
	}
	if err := alterConfigs(ctx, cl, req); err != nil {
		return reassignError("%v", err)
	}
	return nil
}

func cancelReassignment(ctx context.Context, r *toolRun, cl *kgo.Client, adm *kadm.Client, target []partAssignment) error {
	var tps []tpart
	for _, p := range target {
		tps = append(tps, p.tp)
	}
	cur, err := ongoing(ctx, cl, tps)
	if err != nil {
		return err
	}
	var cancel []tpart
	for tp, p := range cur {
		if len(p.AddingReplicas) == 0 || len(p.RemovingReplicas) > 0 {
			cancel = append(cancel, tp)
		}
	}
	if len(cancel) == 0 {
		fmt.Fprintln(r.io.Stdout, "None of the specified partition reassignments are active.")
	} else {
		sortParts(cancel)
		req := kmsg.NewPtrAlterPartitionAssignmentsRequest()
		req.TimeoutMillis = 30000
		for _, tp := range cancel {
			t := kmsg.NewAlterPartitionAssignmentsRequestTopic()
			t.Topic = tp.topic
			p := kmsg.NewAlterPartitionAssignmentsRequestTopicPartition()
			p.Partition, p.Replicas = tp.part, nil
			t.Partitions = append(t.Partitions, p)
			req.Topics = append(req.Topics, t)
		}
		if _, err := req.RequestWith(ctx, cl); err != nil {
			return reassignError("%v", err)
		}
		names := make([]string, len(cancel))
		for i, tp := range cancel {
			names[i] = tp.String()
		}
		plural := "s"
		if len(cancel) == 1 {
			plural = ""
		}
		fmt.Fprintf(r.io.Stdout, "Successfully cancelled partition reassignment%s for: %s\n", plural, strings.Join(names, ","))
	}
	// Kafka's tool prints this without a line end, so the next line follows it directly.
	fmt.Fprint(r.io.Stdout, "None of the specified partition moves are active.")
	if r.opts.has("preserve-throttles") {
		return nil
	}
	return clearThrottles(ctx, r, cl, target)
}
