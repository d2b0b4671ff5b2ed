package kafkaadmin

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kafka-acls.sh: list, add and remove ACLs over the admin API (DescribeAcls, CreateAcls,
// DeleteAcls), with Kafka 4.3.1's AclCommand's options, checks and messages. Kafka's tool
// keeps resources and entries in HashSets of objects whose hash codes include enums' identity
// hashes, so its order changes from one run to the next; ours is fixed: resources in the
// order of their options, entries as the options list them (add) or sorted (list).

func init() {
	registerTool(&tool{
		name:    "kafka-acls.sh",
		summary: "This tool helps to manage acls on kafka.",
		specs: []option{
			{name: "bootstrap-server", arg: "server to connect to", help: "A list of host/port pairs to use for establishing the connection to the Kafka cluster. This list should be in the form host1:port1,host2:port2,... This config is required for acl management using admin client API."},
			{name: "add", help: "Indicates you are trying to add ACLs."},
			{name: "remove", help: "Indicates you are trying to remove ACLs."},
			{name: "list", help: "List ACLs for the specified resource, use --topic <topic> or --group <group> or --cluster to specify a resource."},
			{name: "topic", arg: "topic", help: "topic to which ACLs should be added or removed. A value of '*' indicates ACL should apply to all topics."},
			{name: "cluster", help: "Add/Remove cluster ACLs."},
			{name: "group", arg: "group", help: "Consumer Group to which the ACLs should be added or removed. A value of '*' indicates the ACLs should apply to all groups."},
			{name: "transactional-id", arg: "transactional-id", help: "The transactionalId to which ACLs should be added or removed. A value of '*' indicates the ACLs should apply to all transactionalIds."},
			{name: "idempotent", help: "Enable idempotence for the producer. This should be used in combination with the --producer option. Note that idempotence is enabled automatically if the producer is authorized to a particular transactional-id."},
			{name: "delegation-token", arg: "delegation-token", help: "Delegation token to which ACLs should be added or removed. A value of '*' indicates ACL should apply to all tokens."},
			{name: "user-principal", arg: "user-principal", help: "Specifies a user principal as a resource in relation with the operation. For instance one could grant CreateTokens or DescribeTokens permission on a given user principal."},
			{name: "resource-pattern-type", arg: "ANY|MATCH|LITERAL|PREFIXED", help: "The type of the resource pattern or pattern filter. When adding acls, this should be a specific pattern type, e.g. 'literal' or 'prefixed'. When listing or removing acls, a specific pattern type can be used to list or remove acls from specific resource patterns, or use the filter values of 'any' or 'match', where 'any' will match any pattern type, but will match the resource name exactly, where as 'match' will perform pattern matching to list or remove all acls that affect the supplied resource(s). (default: LITERAL)"},
			{name: "operation", arg: "String", help: "Operation that is being allowed or denied: All, Read, Write, Create, Delete, Alter, Describe, ClusterAction, DescribeConfigs, AlterConfigs, IdempotentWrite, CreateTokens, DescribeTokens, TwoPhaseCommit (default: All)"},
			{name: "allow-principal", arg: "allow-principal", help: "principal is in principalType:name format. Note that principalType must be supported by the Authorizer being used. For example, User:'*' is the wild card indicating all users."},
			{name: "deny-principal", arg: "deny-principal", help: "principal is in principalType:name format. By default anyone not added through --allow-principal is denied access. You only need to use this option as negation to already allowed set."},
			{name: "principal", arg: "principal", optional: true, help: "List ACLs for the specified principal. principal is in principalType:name format. Multiple --principal option can be passed."},
			{name: "allow-host", arg: "allow-host", help: "Host from which principals listed in --allow-principal will have access. If you have specified --allow-principal then the default for this option will be set to '*' which allows access from all hosts."},
			{name: "deny-host", arg: "deny-host", help: "Host from which principals listed in --deny-principal will be denied access. If you have specified --deny-principal then the default for this option will be set to '*' which denies access from all hosts."},
			{name: "producer", help: "Convenience option to add/remove ACLs for producer role. This will generate ACLs that allows WRITE,DESCRIBE and CREATE on topic."},
			{name: "consumer", help: "Convenience option to add/remove ACLs for consumer role. This will generate ACLs that allows READ,DESCRIBE on topic and READ on group."},
			{name: "force", help: "Assume Yes to all queries and do not prompt."},
		},
		run: acls,
	})
}

// The names Kafka's enums print (ResourceType, PatternType, AclOperation, AclPermissionType),
// by their protocol codes.
var (
	aclResourceNames = map[kmsg.ACLResourceType]string{
		kmsg.ACLResourceTypeTopic: "TOPIC", kmsg.ACLResourceTypeGroup: "GROUP", kmsg.ACLResourceTypeCluster: "CLUSTER",
		kmsg.ACLResourceTypeTransactionalId: "TRANSACTIONAL_ID", kmsg.ACLResourceTypeDelegationToken: "DELEGATION_TOKEN",
		kmsg.ACLResourceTypeUser: "USER", kmsg.ACLResourceTypeAny: "ANY",
	}
	aclPatternNames = map[kmsg.ACLResourcePatternType]string{
		kmsg.ACLResourcePatternTypeAny: "ANY", kmsg.ACLResourcePatternTypeMatch: "MATCH",
		kmsg.ACLResourcePatternTypeLiteral: "LITERAL", kmsg.ACLResourcePatternTypePrefixed: "PREFIXED",
	}
	aclOperationNames = map[kmsg.ACLOperation]string{
		kmsg.ACLOperationUnknown: "UNKNOWN", kmsg.ACLOperationAll: "ALL", kmsg.ACLOperationRead: "READ",
		kmsg.ACLOperationWrite: "WRITE", kmsg.ACLOperationCreate: "CREATE", kmsg.ACLOperationDelete: "DELETE",
		kmsg.ACLOperationAlter: "ALTER", kmsg.ACLOperationDescribe: "DESCRIBE", kmsg.ACLOperationClusterAction: "CLUSTER_ACTION",
		kmsg.ACLOperationDescribeConfigs: "DESCRIBE_CONFIGS", kmsg.ACLOperationAlterConfigs: "ALTER_CONFIGS",
		kmsg.ACLOperationIdempotentWrite: "IDEMPOTENT_WRITE", kmsg.ACLOperationCreateTokens: "CREATE_TOKENS",
		kmsg.ACLOperationDescribeTokens: "DESCRIBE_TOKENS", aclOperationTwoPhaseCommit: "TWO_PHASE_COMMIT",
	}
	aclPermissionNames = map[kmsg.ACLPermissionType]string{kmsg.ACLPermissionTypeAllow: "ALLOW", kmsg.ACLPermissionTypeDeny: "DENY"}

	// aclSupported is AclEntry.supportedOperations with ALL, in the order Kafka 4.3.1's
	// message listed them once (a HashSet of enums: its order changes between runs).
	aclSupported = map[kmsg.ACLResourceType][]kmsg.ACLOperation{
		kmsg.ACLResourceTypeTopic: {kmsg.ACLOperationRead, kmsg.ACLOperationDelete, kmsg.ACLOperationCreate, kmsg.ACLOperationWrite,
			kmsg.ACLOperationDescribeConfigs, kmsg.ACLOperationAlterConfigs, kmsg.ACLOperationAlter, kmsg.ACLOperationDescribe, kmsg.ACLOperationAll},
		kmsg.ACLResourceTypeGroup: {kmsg.ACLOperationRead, kmsg.ACLOperationDelete, kmsg.ACLOperationAlterConfigs,
			kmsg.ACLOperationDescribeConfigs, kmsg.ACLOperationDescribe, kmsg.ACLOperationAll},
		kmsg.ACLResourceTypeCluster: {kmsg.ACLOperationCreate, kmsg.ACLOperationDescribeConfigs, kmsg.ACLOperationAlterConfigs,
			kmsg.ACLOperationAlter, kmsg.ACLOperationDescribe, kmsg.ACLOperationIdempotentWrite, kmsg.ACLOperationClusterAction, kmsg.ACLOperationAll},
		kmsg.ACLResourceTypeTransactionalId: {aclOperationTwoPhaseCommit, kmsg.ACLOperationWrite, kmsg.ACLOperationDescribe, kmsg.ACLOperationAll},
		kmsg.ACLResourceTypeDelegationToken: {kmsg.ACLOperationDescribe, kmsg.ACLOperationAll},
		kmsg.ACLResourceTypeUser:            {kmsg.ACLOperationDescribeTokens, kmsg.ACLOperationAll, kmsg.ACLOperationCreateTokens},
	}
)

// aclOperationTwoPhaseCommit is KIP-939's operation, newer than kmsg's constants.
const aclOperationTwoPhaseCommit kmsg.ACLOperation = 15

// aclPattern is a resource pattern, or a pattern filter when its type is ANY or MATCH.
type aclPattern struct {
	typ     kmsg.ACLResourceType
	name    string
	pattern kmsg.ACLResourcePatternType
}

func (p aclPattern) String() string {
	return fmt.Sprintf("ResourcePattern(resourceType=%s, name=%s, patternType=%s)", aclResourceNames[p.typ], p.name, aclPatternNames[p.pattern])
}

func (p aclPattern) filterString() string {
	return fmt.Sprintf("ResourcePatternFilter(resourceType=%s, name=%s, patternType=%s)", aclResourceNames[p.typ], p.name, aclPatternNames[p.pattern])
}

// aclEntry is an AccessControlEntry.
type aclEntry struct {
	principal, host string
	op              kmsg.ACLOperation
	perm            kmsg.ACLPermissionType
}

func (e aclEntry) String() string {
	return fmt.Sprintf("(principal=%s, host=%s, operation=%s, permissionType=%s)", e.principal, e.host, aclOperationNames[e.op], aclPermissionNames[e.perm])
}

// aclRequest is one resource (or filter) with the entries the command line makes for it.
type aclRequest struct {
	pattern aclPattern
	entries []aclEntry
}

// aclError is a failure Kafka's tool reports as "Error while executing ACL command: ...".
func aclError(err error) error {
	return fmt.Errorf("Error while executing ACL command: %w", err)
}

func acls(ctx context.Context, r *toolRun) error {
	o := r.opts
	actions := 0
	for _, a := range []string{"add", "remove", "list"} {
		if o.has(a) {
			actions++
		}
	}
	if actions != 1 {
		return usagef("Command must include exactly one action: --list, --add, --remove. ")
	}
	for _, c := range [][]string{
		{"list", "producer", "consumer", "allow-host", "allow-principal", "deny-host", "deny-principal"},
		{"producer", "operation", "deny-principal", "deny-host"},
		{"consumer", "operation", "deny-principal", "deny-host"},
	} {
		if err := exclusive(o, c[0], c[1:]...); err != nil {
			return err
		}
	}
	switch {
	case o.has("principal") && !o.has("list"):
		return usagef("The --principal option is only available if --list is set")
	case o.has("producer") && !o.has("topic"):
		return usagef("With --producer you must specify a --topic")
	case o.has("idempotent") && !o.has("producer"):
		return usagef("The --idempotent option is only available if --producer is set")
	case o.has("consumer") && (!o.has("topic") || !o.has("group") || (!o.has("producer") && (o.has("cluster") || o.has("transactional-id")))):
		return usagef("With --consumer you must specify a --topic and a --group and no --cluster or --transactional-id option should be specified.")
	}
	patternType := kmsg.ACLResourcePatternTypeLiteral
	if o.has("resource-pattern-type") {
		v := o.value("resource-pattern-type", "")
		found := false
		for code, name := range aclPatternNames {
			if strings.EqualFold(v, name) {
				patternType, found = code, true
			}
		}
		if !found {
			return aclError(fmt.Errorf("Cannot parse argument '%s' of option resource-pattern-type", v))
		}
	}
	switch {
	case o.has("add"):
		return addACLs(ctx, r, patternType)
	case o.has("remove"):
		return removeACLs(ctx, r, patternType)
	}
	return listACLs(ctx, r, patternType)
}

// aclPatterns are the resources the options name, in the order Kafka's tool collects them:
// topics, the cluster, groups, transactional ids, delegation tokens, users.
func aclPatterns(o *options, pt kmsg.ACLResourcePatternType, dieIfNone bool) ([]aclPattern, error) {
	var out []aclPattern
	add := func(typ kmsg.ACLResourceType, name string) {
		p := aclPattern{typ, name, pt}
		for _, q := range out {
			if q == p {
				return
			}
		}
		out = append(out, p)
	}
	for _, t := range o.values("topic") {
		add(kmsg.ACLResourceTypeTopic, strings.TrimSpace(t))
	}
	if pt == kmsg.ACLResourcePatternTypeLiteral && (o.has("cluster") || o.has("idempotent")) {
		add(kmsg.ACLResourceTypeCluster, "kafka-cluster")
	}
	for _, g := range o.values("group") {
		add(kmsg.ACLResourceTypeGroup, strings.TrimSpace(g))
	}
	for _, id := range o.values("transactional-id") {
		add(kmsg.ACLResourceTypeTransactionalId, id)
	}
	for _, d := range o.values("delegation-token") {
		add(kmsg.ACLResourceTypeDelegationToken, strings.TrimSpace(d))
	}
	for _, u := range o.values("user-principal") {
		add(kmsg.ACLResourceTypeUser, strings.TrimSpace(u))
	}
	if len(out) == 0 && dieIfNone {
		return nil, usagef("You must provide at least one resource: --topic <topic> or --cluster or --group <group> or --delegation-token <Delegation Token ID>")
	}
	return out, nil
}

// parsePrincipals checks principalType:name as SecurityUtils.parseKafkaPrincipal does.
func parsePrincipals(list []string) ([]string, error) {
	var out []string
	for _, p := range list {
		p = strings.TrimSpace(p)
		typ, name, ok := strings.Cut(p, ":")
		if !ok || typ == "" || name == "" {
			return nil, aclError(fmt.Errorf("expected a string in format principalType:principalName but got %s", p))
		}
		if indexOf(out, p) < 0 {
			out = append(out, p)
		}
	}
	return out, nil
}

// aclOperation reads an operation name as SecurityUtils.operation does: Kafka's camel-case
// names ("IdempotentWrite") or the enum's, in any case; UNKNOWN otherwise.
func aclOperation(s string) kmsg.ACLOperation {
	key := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), "_", ""))
	for code, name := range aclOperationNames {
		if code != kmsg.ACLOperationUnknown && strings.ReplaceAll(name, "_", "") == key {
			return code
		}
	}
	return kmsg.ACLOperationUnknown
}

// aclEntries are the entries for ops: each allowed principal with each allowed host (default
// '*'), then each denied principal with each denied host.
func aclEntries(o *options, ops []kmsg.ACLOperation) ([]aclEntry, error) {
	var out []aclEntry
	for _, side := range []struct {
		principals, hosts string
		perm              kmsg.ACLPermissionType
	}{{"allow-principal", "allow-host", kmsg.ACLPermissionTypeAllow}, {"deny-principal", "deny-host", kmsg.ACLPermissionTypeDeny}} {
		principals, err := parsePrincipals(o.values(side.principals))
		if err != nil {
			return nil, err
		}
		var hosts []string
		for _, h := range o.values(side.hosts) {
			if h = strings.TrimSpace(h); indexOf(hosts, h) < 0 {
				hosts = append(hosts, h)
			}
		}
		if len(hosts) == 0 && len(principals) > 0 {
			hosts = []string{"*"}
		}
		for _, p := range principals {
			for _, op := range ops {
				for _, h := range hosts {
					out = append(out, aclEntry{p, h, op, side.perm})
				}
			}
		}
	}
	return out, nil
}

// aclRequests are the resources of an --add or --remove with the entries for each: the
// --operation values, or the roles' operations with --producer and --consumer.
func aclRequests(o *options, pt kmsg.ACLResourcePatternType) ([]aclRequest, error) {
	patterns, err := aclPatterns(o, pt, true)
	if err != nil {
		return nil, err
	}
	var reqs []aclRequest
	put := func(p aclPattern, entries []aclEntry) {
		for i := range reqs {
			if reqs[i].pattern == p {
				for _, e := range entries {
					if !containsEntry(reqs[i].entries, e) {
						reqs[i].entries = append(reqs[i].entries, e)
					}
				}
				return
			}
		}
		reqs = append(reqs, aclRequest{p, entries})
	}
	role := func(typ kmsg.ACLResourceType, ops ...kmsg.ACLOperation) error {
		entries, err := aclEntries(o, ops)
		if err != nil {
			return err
		}
		for _, p := range patterns {
			if p.typ == typ {
				put(p, entries)
			}
		}
		return nil
	}
	if !o.has("producer") && !o.has("consumer") {
		ops := []kmsg.ACLOperation{kmsg.ACLOperationAll}
		if o.has("operation") {
			ops = nil
			for _, s := range o.values("operation") {
				if op := aclOperation(s); !containsOp(ops, op) {
					ops = append(ops, op)
				}
			}
		}
		entries, err := aclEntries(o, ops)
		if err != nil {
			return nil, err
		}
		for _, p := range patterns {
			put(p, entries)
		}
	}
	if o.has("producer") {
		if err := role(kmsg.ACLResourceTypeTopic, kmsg.ACLOperationWrite, kmsg.ACLOperationDescribe, kmsg.ACLOperationCreate); err != nil {
			return nil, err
		}
		if err := role(kmsg.ACLResourceTypeTransactionalId, kmsg.ACLOperationWrite, kmsg.ACLOperationDescribe); err != nil {
			return nil, err
		}
		if o.has("idempotent") {
			entries, err := aclEntries(o, []kmsg.ACLOperation{kmsg.ACLOperationIdempotentWrite})
			if err != nil {
				return nil, err
			}
			put(aclPattern{kmsg.ACLResourceTypeCluster, "kafka-cluster", kmsg.ACLResourcePatternTypeLiteral}, entries)
		}
	}
	if o.has("consumer") {
		if err := role(kmsg.ACLResourceTypeTopic, kmsg.ACLOperationRead, kmsg.ACLOperationDescribe); err != nil {
			return nil, err
		}
		if err := role(kmsg.ACLResourceTypeGroup, kmsg.ACLOperationRead); err != nil {
			return nil, err
		}
	}
	// Every operation must suit its resource type (ALL suits all).
	for _, rq := range reqs {
		for _, e := range rq.entries {
			if !containsOp(aclSupported[rq.pattern.typ], e.op) {
				var names []string
				for _, op := range aclSupported[rq.pattern.typ] {
					names = append(names, aclOperationNames[op])
				}
				return nil, usagef("ResourceType %s only supports operations [%s]", aclResourceNames[rq.pattern.typ], strings.Join(names, ", "))
			}
		}
	}
	return reqs, nil
}

func containsEntry(list []aclEntry, e aclEntry) bool {
	for _, x := range list {
		if x == e {
			return true
		}
	}
	return false
}

func containsOp(list []kmsg.ACLOperation, op kmsg.ACLOperation) bool {
	for _, x := range list {
		if x == op {
			return true
		}
	}
	return false
}

// describeACLs returns the bindings matching a filter (the pattern's name empty and typ ANY:
// every resource), grouped by resource in the order the broker answered.
func describeACLs(ctx context.Context, cl *kgo.Client, f *aclPattern) ([]aclRequest, error) {
	req := kmsg.NewPtrDescribeACLsRequest()
	req.ResourceType = kmsg.ACLResourceTypeAny
	req.ResourcePatternType = kmsg.ACLResourcePatternTypeAny
	if f != nil {
		req.ResourceType, req.ResourceName, req.ResourcePatternType = f.typ, kmsg.StringPtr(f.name), f.pattern
	}
	req.Operation = kmsg.ACLOperationAny
	req.PermissionType = kmsg.ACLPermissionTypeAny
	resp, err := req.RequestWith(ctx, cl)
	if err == nil {
		err = brokerError(resp.ErrorCode, resp.ErrorMessage)
	}
	if err != nil {
		return nil, err
	}
	var out []aclRequest
	for _, res := range resp.Resources {
		p := aclPattern{res.ResourceType, res.ResourceName, res.ResourcePatternType}
		var entries []aclEntry
		for _, a := range res.ACLs {
			entries = append(entries, aclEntry{a.Principal, a.Host, a.Operation, a.PermissionType})
		}
		merged := false
		for i := range out {
			if out[i].pattern == p {
				out[i].entries = append(out[i].entries, entries...)
				merged = true
			}
		}
		if !merged {
			out = append(out, aclRequest{p, entries})
		}
	}
	return out, nil
}

// brokerError is an error code with the broker's message, named as Kafka's client names it
// ("org.apache.kafka.common.errors.SecurityDisabledException: No Authorizer is configured on
// the broker").
func brokerError(code int16, msg *string) error {
	err := kerr.ErrorForCode(code)
	if err == nil {
		return nil
	}
	text := ""
	var ke *kerr.Error
	if errors.As(err, &ke) {
		text = ke.Description
	}
	if msg != nil && *msg != "" {
		text = *msg
	}
	return &javaError{class: javaExceptionName(err), msg: text}
}

// javaError is an error as Kafka's client raises it: its text is the exception's toString
// (class and message) and msg its getMessage.
type javaError struct{ class, msg string }

func (e *javaError) Error() string { return "org.apache.kafka.common.errors." + e.class + ": " + e.msg }

// javaExceptionName is the class Kafka's client raises for an error code.
func javaExceptionName(err error) string {
	var ke *kerr.Error
	if !errors.As(err, &ke) {
		return "KafkaException"
	}
	switch ke {
	case kerr.ClusterAuthorizationFailed:
		return "ClusterAuthorizationException"
	case kerr.TopicAuthorizationFailed:
		return "TopicAuthorizationException"
	case kerr.GroupAuthorizationFailed:
		return "GroupAuthorizationException"
	case kerr.InvalidConfig:
		return "InvalidConfigurationException"
	}
	var b strings.Builder
	for _, w := range strings.Split(ke.Message, "_") {
		b.WriteString(w[:1] + strings.ToLower(w[1:]))
	}
	return b.String() + "Exception"
}

func listACLs(ctx context.Context, r *toolRun, pt kmsg.ACLResourcePatternType) error {
	o := r.opts
	patterns, err := aclPatterns(o, pt, false)
	if err != nil {
		return err
	}
	principals, err := parsePrincipals(o.values("principal"))
	if err != nil {
		return err
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	var found []aclRequest
	if len(patterns) == 0 {
		if found, err = describeACLs(ctx, cl, nil); err != nil {
			return aclError(err)
		}
	}
	for i := range patterns {
		got, err := describeACLs(ctx, cl, &patterns[i])
		if err != nil {
			return aclError(err)
		}
		for _, g := range got {
			merged := false
			for j := range found {
				if found[j].pattern == g.pattern {
					for _, e := range g.entries {
						if !containsEntry(found[j].entries, e) {
							found[j].entries = append(found[j].entries, e)
						}
					}
					merged = true
				}
			}
			if !merged {
				found = append(found, g)
			}
		}
	}
	sortACLs(found)
	if len(principals) == 0 {
		printACLs(r, found)
		return nil
	}
	for _, p := range principals {
		fmt.Fprintf(r.io.Stdout, "ACLs for principal `%s`\n", p)
		var mine []aclRequest
		for _, f := range found {
			var entries []aclEntry
			for _, e := range f.entries {
				if e.principal == p {
					entries = append(entries, e)
				}
			}
			if len(entries) > 0 {
				mine = append(mine, aclRequest{f.pattern, entries})
			}
		}
		printACLs(r, mine)
	}
	return nil
}

// sortACLs puts resources in the order of the protocol's codes (type, pattern type, name) and
// each resource's entries by principal, host, operation and permission.
func sortACLs(list []aclRequest) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i].pattern, list[j].pattern
		if a.typ != b.typ {
			return a.typ < b.typ
		}
		if a.pattern != b.pattern {
			return a.pattern < b.pattern
		}
		return a.name < b.name
	})
	for _, rq := range list {
		sort.SliceStable(rq.entries, func(i, j int) bool {
			a, b := rq.entries[i], rq.entries[j]
			if a.principal != b.principal {
				return a.principal < b.principal
			}
			if a.host != b.host {
				return a.host < b.host
			}
			if a.op != b.op {
				return a.op < b.op
			}
			return a.perm < b.perm
		})
	}
}

func printACLs(r *toolRun, list []aclRequest) {
	for _, rq := range list {
		fmt.Fprintf(r.io.Stdout, "Current ACLs for resource `%s`:\n", rq.pattern)
		for _, e := range rq.entries {
			fmt.Fprintf(r.io.Stdout, "\t%s\n", e)
		}
		fmt.Fprintln(r.io.Stdout)
	}
}

func addACLs(ctx context.Context, r *toolRun, pt kmsg.ACLResourcePatternType) error {
	if pt != kmsg.ACLResourcePatternTypeLiteral && pt != kmsg.ACLResourcePatternTypePrefixed {
		return usagef("A '--resource-pattern-type' value of '%s' is not valid when adding acls.", aclPatternNames[pt])
	}
	reqs, err := aclRequests(r.opts, pt)
	if err != nil {
		return err
	}
	for _, rq := range reqs {
		if len(rq.entries) == 0 {
			return usagef("You must specify one of: --allow-principal, --deny-principal when trying to add ACLs.")
		}
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	for _, rq := range reqs {
		existing, err := describeACLs(ctx, cl, &rq.pattern)
		if err != nil {
			return aclError(err)
		}
		var add []aclEntry
		for _, e := range rq.entries {
			exists := false
			for _, x := range existing {
				exists = exists || (x.pattern == rq.pattern && containsEntry(x.entries, e))
			}
			if exists {
				fmt.Fprintf(r.io.Stdout, "Acl (pattern=%s, entry=%s) already exists.\n", rq.pattern, e)
			} else {
				add = append(add, e)
			}
		}
		if len(add) == 0 {
			continue
		}
		lines := make([]string, len(add))
		for i, e := range add {
			lines[i] = "\t" + e.String()
		}
		// Kafka's tool writes a space after the colon and before the first tab.
		fmt.Fprintf(r.io.Stdout, "Adding ACLs for resource `%s`: \n %s\n\n", rq.pattern, strings.Join(lines, "\n"))
		req := kmsg.NewPtrCreateACLsRequest()
		for _, e := range add {
			c := kmsg.NewCreateACLsRequestCreation()
			c.ResourceType, c.ResourceName, c.ResourcePatternType = rq.pattern.typ, rq.pattern.name, rq.pattern.pattern
			c.Principal, c.Host, c.Operation, c.PermissionType = e.principal, e.host, e.op, e.perm
			req.Creations = append(req.Creations, c)
		}
		resp, err := req.RequestWith(ctx, cl)
		if err == nil {
			for _, res := range resp.Results {
				if err = brokerError(res.ErrorCode, res.ErrorMessage); err != nil {
					break
				}
			}
		}
		if err != nil {
			return aclError(err)
		}
	}
	return nil
}

func removeACLs(ctx context.Context, r *toolRun, pt kmsg.ACLResourcePatternType) error {
	reqs, err := aclRequests(r.opts, pt)
	if err != nil {
		return err
	}
	var in *bufio.Reader
	confirm := func(msg string) bool {
		if r.opts.has("force") {
			return true
		}
		fmt.Fprintln(r.io.Stdout, msg)
		if in == nil {
			in = bufio.NewReader(r.io.Stdin)
		}
		line, _ := in.ReadString('\n')
		return strings.EqualFold(strings.TrimSpace(line), "y")
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	for _, rq := range reqs {
		var msg string
		if len(rq.entries) == 0 {
			msg = fmt.Sprintf("Are you sure you want to delete all ACLs for resource filter `%s`? (y/n)", rq.pattern.filterString())
		} else {
			lines := make([]string, len(rq.entries))
			for i, e := range rq.entries {
				lines[i] = "\t" + e.String()
			}
			msg = fmt.Sprintf("Are you sure you want to remove ACLs: \n %s\n from resource filter `%s`? (y/n)", strings.Join(lines, "\n"), rq.pattern.filterString())
		}
		if !confirm(msg) {
			continue
		}
		req := kmsg.NewPtrDeleteACLsRequest()
		filter := func(e *aclEntry) kmsg.DeleteACLsRequestFilter {
			f := kmsg.NewDeleteACLsRequestFilter()
			f.ResourceType, f.ResourceName, f.ResourcePatternType = rq.pattern.typ, kmsg.StringPtr(rq.pattern.name), rq.pattern.pattern
			f.Operation, f.PermissionType = kmsg.ACLOperationAny, kmsg.ACLPermissionTypeAny
			if e != nil {
				f.Principal, f.Host, f.Operation, f.PermissionType = kmsg.StringPtr(e.principal), kmsg.StringPtr(e.host), e.op, e.perm
			}
			return f
		}
		if len(rq.entries) == 0 {
			req.Filters = append(req.Filters, filter(nil))
		}
		for i := range rq.entries {
			req.Filters = append(req.Filters, filter(&rq.entries[i]))
		}
		resp, err := req.RequestWith(ctx, cl)
		if err == nil {
			for _, res := range resp.Results {
				if err = brokerError(res.ErrorCode, res.ErrorMessage); err != nil {
					break
				}
			}
		}
		if err != nil {
			return aclError(err)
		}
	}
	return nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
