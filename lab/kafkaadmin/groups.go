package kafkaadmin

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Kafka 4.x's tools for groups of every type: kafka-groups.sh lists them all with their type
// and protocol; kafka-share-groups.sh and kafka-streams-groups.sh list the share and streams
// groups (their --describe, --reset-offsets and --delete are not here yet).

func init() {
	registerTool(&tool{
		name:    "kafka-groups.sh",
		summary: "This tool helps to list groups of all types.",
		specs: []option{
			{name: "bootstrap-server", arg: "String: server to connect to", help: "REQUIRED: The Kafka server to connect to."},
			{name: "list", help: "List the groups."},
			{name: "group-type", arg: "String: type", help: "Filter the groups based on group type. Valid types are: 'classic', 'consumer', 'share' and 'streams'."},
			{name: "protocol", arg: "String: protocol", help: "Filter the groups based on protocol type."},
			{name: "consumer", help: "Filter the groups to show all kinds of consumer groups, including classic and simple consumer groups. This matches group type 'consumer', and group type 'classic' where the protocol type is 'consumer' or empty."},
			{name: "share", help: "Filter the groups to show share groups."},
			{name: "streams", help: "Filter the groups to show streams groups."},
		},
		run: listAllGroups,
	})
	for _, k := range []typedGroupTool{
		{name: "kafka-share-groups.sh", summary: "This tool helps to list, describe, reset and delete share groups.", groupType: "share",
			states: []string{"Stable", "Dead", "Empty"}},
		{name: "kafka-streams-groups.sh", summary: "This tool helps to list, describe, reset and delete streams groups.", groupType: "streams",
			states: []string{"Assigning", "Dead", "NotReady", "Stable", "Reconciling", "Empty"}},
	} {
		k := k
		registerTool(&tool{
			name:    k.name,
			summary: k.summary,
			specs: []option{
				{name: "bootstrap-server", arg: "String: server to connect to", help: "REQUIRED: The server(s) to connect to."},
				{name: "list", help: "List all " + k.groupType + " groups."},
				{name: "state", arg: "String", optional: true, help: "When specified with '--list', it displays the state of all groups. It can also be used to list groups with specific states."},
				{name: "describe", help: "Describe " + k.groupType + " group and list offset lag related to given group (not in kafkalab yet)."},
				{name: "delete", help: "Pass in groups to delete topic partition offsets over the entire " + k.groupType + " group (not in kafkalab yet)."},
				{name: "reset-offsets", help: "Reset offsets of " + k.groupType + " group (not in kafkalab yet)."},
				{name: "delete-offsets", help: "Delete offsets of " + k.groupType + " group (not in kafkalab yet)."},
				{name: "group", arg: "String: " + k.groupType + " group", help: "The " + k.groupType + " group we wish to act on."},
			},
			run: func(ctx context.Context, r *toolRun) error { return listTypedGroups(ctx, r, k) },
		})
	}
}

// typedGroupTool is kafka-share-groups.sh or kafka-streams-groups.sh: the group type it lists
// and the states its --state accepts, in the order Kafka's message names them.
type typedGroupTool struct {
	name, summary, groupType string
	states                   []string
}

// groupTypeNames are the group types as Kafka's GroupType prints them (its toString).
var groupTypeNames = map[string]string{"classic": "Classic", "consumer": "Consumer", "share": "Share", "streams": "Streams"}

// listedGroup is one group of a ListGroups answer.
type listedGroup struct {
	id, protocol, state, typ string
}

// listGroups asks every broker for its groups (ListGroups v5, which carries the type) and
// returns them in the order Kafka's admin client hands them to its tools: it puts the answers,
// broker by broker, into a HashMap keyed by group id, and lists that map's values. types
// filters on the broker's side; empty is every type.
func (r *toolRun) listGroups(ctx context.Context, types []string) ([]listedGroup, error) {
	cl, err := r.client(ctx)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	dc, err := describeCluster(ctx, cl)
	if err != nil {
		return nil, err
	}
	ids := make([]int32, 0, len(dc.Brokers))
	for _, b := range dc.Brokers {
		ids = append(ids, b.NodeID)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	var out []listedGroup
	for _, id := range ids {
		req := kmsg.NewPtrListGroupsRequest()
		req.TypesFilter = types
		resp, err := req.RequestWith(ctx, cl.Broker(int(id)))
		if err == nil {
			err = kerr.ErrorForCode(resp.ErrorCode)
		}
		if err != nil {
			return nil, fmt.Errorf("cannot list the groups of broker %d: %w", id, err)
		}
		for _, g := range resp.Groups {
			out = append(out, listedGroup{id: g.Group, protocol: g.ProtocolType, state: g.GroupState, typ: strings.ToLower(g.GroupType)})
		}
	}
	return javaHashOrder(out, func(g listedGroup) int32 { return javaStringHash(g.id) }), nil
}

// exclusive refuses the first of others given with opt, in the order Kafka's tool checks them
// (CommandLineUtils.checkInvalidArgs).
func exclusive(o *options, opt string, others ...string) error {
	if !o.has(opt) {
		return nil
	}
	for _, x := range others {
		if o.has(x) {
			return usagef("Option \"[%s]\" can't be used with option \"[%s]\"", opt, x)
		}
	}
	return nil
}

// listAllGroups is kafka-groups.sh --list with its filters.
func listAllGroups(ctx context.Context, r *toolRun) error {
	o := r.opts
	if !o.has("list") {
		return usagef("Command must include exactly one action: --list.")
	}
	typeFilter := ""
	if o.has("group-type") {
		typeFilter = strings.ToLower(o.value("group-type", ""))
		if _, ok := groupTypeNames[typeFilter]; !ok {
			return usagef("--group-type must be a valid group type.")
		}
	}
	for _, c := range [][]string{
		{"consumer", "group-type", "protocol", "share", "streams"},
		{"share", "consumer", "group-type", "protocol", "streams"},
		{"streams", "consumer", "group-type", "protocol", "share"},
	} {
		if err := exclusive(o, c[0], c[1:]...); err != nil {
			return err
		}
	}
	groups, err := r.listGroups(ctx, nil)
	if err != nil {
		return fmt.Errorf("Error while executing groups command : %w", err)
	}
	var rows [][3]string
	width := 20
	for _, g := range groups {
		if !groupPasses(g, o, typeFilter) {
			continue
		}
		row := [3]string{g.id, groupTypeNames[g.typ], g.protocol}
		for _, s := range row {
			width = max(width, len(s))
		}
		rows = append(rows, row)
	}
	cell := fmt.Sprintf("%%-%ds", width)
	fmt.Fprintf(r.io.Stdout, cell+" "+cell+" "+cell+"\n", "GROUP", "TYPE", "PROTOCOL")
	for _, row := range rows {
		// Kafka's tool ends every cell of a row with a space, the last one too.
		for _, s := range row {
			fmt.Fprintf(r.io.Stdout, cell+" ", s)
		}
		fmt.Fprintln(r.io.Stdout)
	}
	return nil
}

// groupPasses is kafka-groups.sh's filter: the first of --group-type (with --protocol),
// --protocol, --consumer, --share and --streams that is given decides.
func groupPasses(g listedGroup, o *options, typeFilter string) bool {
	switch {
	case typeFilter != "":
		return g.typ == typeFilter && (!o.has("protocol") || g.protocol == o.value("protocol", ""))
	case o.has("protocol"):
		return g.protocol == o.value("protocol", "")
	case o.has("consumer"):
		return g.protocol == "consumer" || g.protocol == "" || g.typ == "consumer"
	case o.has("share"):
		return g.typ == "share"
	case o.has("streams"):
		return g.typ == "streams"
	}
	return true
}

// listTypedGroups is kafka-share-groups.sh or kafka-streams-groups.sh --list [--state [S,S]].
func listTypedGroups(ctx context.Context, r *toolRun, k typedGroupTool) error {
	o := r.opts
	for _, a := range []string{"describe", "delete", "reset-offsets", "delete-offsets"} {
		if o.has(a) {
			return usagef("--%s is not in kafkalab's %s yet; --list [--state] is", a, k.name)
		}
	}
	if !o.has("list") {
		return usagef("Command must include exactly one action: --list, --describe, --delete, --reset-offsets, --delete-offsets.")
	}
	// --state alone shows every group's state; with a list, only the groups in those states.
	var want []string
	if s := o.value("state", ""); s != "" {
		for _, part := range strings.Split(s, ",") {
			part = strings.TrimSpace(part)
			found := ""
			for _, st := range k.states {
				if strings.EqualFold(st, part) {
					found = st
				}
			}
			if found == "" {
				return usagef("Invalid state list '%s'. Valid states are: %s", s, strings.Join(k.states, ", "))
			}
			want = append(want, found)
		}
	}
	groups, err := r.listGroups(ctx, []string{groupTypeNames[k.groupType]})
	if err != nil {
		return err
	}
	var kept []listedGroup
	for _, g := range groups {
		if g.typ != k.groupType {
			continue
		}
		if len(want) > 0 && indexFold(want, g.state) < 0 {
			continue
		}
		kept = append(kept, g)
	}
	if !o.has("state") {
		for _, g := range kept {
			fmt.Fprintln(r.io.Stdout, g.id)
		}
		return nil
	}
	width := 15
	for _, g := range kept {
		width = max(width, len(g.id))
	}
	fmt.Fprintf(r.io.Stdout, "%-*s %s\n", width, "GROUP", "STATE")
	for _, g := range kept {
		fmt.Fprintf(r.io.Stdout, "%-*s %s\n", width, g.id, groupStateName(g.state))
	}
	return nil
}

func indexFold(list []string, s string) int {
	for i, v := range list {
		if strings.EqualFold(v, s) {
			return i
		}
	}
	return -1
}

// groupStateName is a group state as Kafka's GroupState prints it ("NotReady", "Empty").
func groupStateName(s string) string {
	for _, st := range []string{"Unknown", "PreparingRebalance", "CompletingRebalance", "Stable", "Dead", "Empty", "Assigning", "Reconciling", "NotReady"} {
		if strings.EqualFold(st, s) {
			return st
		}
	}
	return s
}
