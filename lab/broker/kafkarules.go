package broker

import (
	"fmt"
	"maps"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// The requests kfake accepts and a Kafka 4.3 broker refuses, refused as Kafka refuses them:
// topic names, topic configs (type, range, allowed values, unknown names), partition counts
// and replication factors, each with Kafka's error code and message, checked in the order
// Kafka's controller checks them. Plus the embedded broker's own bounds, so that no request
// makes it allocate without limit.
//
// How: a kfake control function sees each such request before kfake handles it, decides
// every topic's (or config resource's) answer from the cluster's state, and renames the
// refused ones to a marker that kfake refuses without changing anything. The response
// rewrite (wire.go) then puts back the name and gives the code and message decided here.

// Kafka's own limits: its controller takes at most 10000 partitions in one CreateTopics
// request and writes at most 10000 metadata records for one request (QuorumController).
const (
	kafkaMaxPartitionsPerRequest = 10000
	kafkaMaxRecordsPerRequest    = 10000
	// fetch.max.bytes: a broker answers a Fetch with at most this many bytes.
	kafkaFetchMaxBytes = 57671680
	// socket.request.max.bytes: a broker closes a connection that announces a bigger request.
	kafkaMaxRequestBytes = 104857600
)

// The embedded broker's own bounds (a real broker has none this low: it keeps partitions on
// disk, kfake in memory, and saves each one when it stops).
const (
	// MaxPartitionsPerTopic is the most partitions one topic may have on the embedded broker.
	MaxPartitionsPerTopic = 10000
	// MaxPartitionsInAll is the most partitions all topics together may have on it.
	MaxPartitionsInAll = 20000
)

// clusterState is what the rules read from the broker.
type clusterState interface {
	// partitions is the topic's partition count, -1 if there is no such topic.
	partitions(topic string) int
	// configs are the topic's config overrides (nil: no such topic).
	configs(topic string) map[string]string
	// topics lists the existing topics' names.
	topics() []string
}

// kafkaRules holds what the control functions hand to the response rewrite.
type kafkaRules struct {
	census *kfakeState // the cluster's state, and the topic names seen

	mu      sync.Mutex
	seq     uint64
	refused map[string]refusal // marker -> the answer
}

// refusal is one topic or resource refused before kfake saw it.
type refusal struct {
	name string
	err  apiError
	// repeat: a duplicate name's later entries, which Kafka answers once.
	repeat bool
}

// markerPrefix starts the names of refused topics in the request kfake handles. A NUL byte
// is not allowed in a topic name, so no real topic can start with it.
const markerPrefix = "\x00kafkalab-refused-"

func (r *kafkaRules) mark(name string, err *apiError, repeat bool) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refused == nil || len(r.refused) > 10000 { // answers nobody read (a dropped connection)
		r.refused = map[string]refusal{}
	}
	r.seq++
	m := markerPrefix + strconv.FormatUint(r.seq, 10)
	r.refused[m] = refusal{name: name, err: *err, repeat: repeat}
	return m
}

// take returns the refusal behind a marker name (and forgets it).
func (r *kafkaRules) take(name string) (refusal, bool) {
	if !strings.HasPrefix(name, markerPrefix) {
		return refusal{}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f, ok := r.refused[name]
	delete(r.refused, name)
	return f, ok
}

// kfakeState reads the cluster through kfake's admin functions (safe inside a control
// function: kfake serves them while it waits for the control function's answer). kfake
// cannot list its topics: the names come from the responses that show a topic exists
// (CreateTopics, Metadata), and a name is forgotten once its topic is gone.
type kfakeState struct {
	c     atomic.Pointer[kfake.Cluster] // set once kfake runs
	mu    sync.Mutex
	names map[string]bool
}

func newKafkaRules() *kafkaRules {
	ks := &kfakeState{names: map[string]bool{}}
	return &kafkaRules{census: ks}
}

func (s *kfakeState) topicInfo(topic string) *kfake.TopicInfo {
	c := s.c.Load()
	if c == nil {
		return nil
	}
	return c.TopicInfo(topic)
}

func (s *kfakeState) partitions(topic string) int {
	if s.topicInfo(topic) == nil {
		return -1
	}
	return len(s.c.Load().PartitionInfos(topic))
}

func (s *kfakeState) configs(topic string) map[string]string {
	ti := s.topicInfo(topic)
	if ti == nil {
		return nil
	}
	out := map[string]string{}
	for k, v := range ti.Configs {
		if v != nil && !topicHidden[k] {
			out[k] = *v
		}
	}
	return out
}

func (s *kfakeState) saw(names ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range names {
		if n != "" && !strings.HasPrefix(n, markerPrefix) {
			s.names[n] = true
		}
	}
}

func (s *kfakeState) topics() []string {
	s.mu.Lock()
	names := make([]string, 0, len(s.names))
	for n := range s.names {
		names = append(names, n)
	}
	s.mu.Unlock()
	var out []string
	for _, n := range names {
		if s.topicInfo(n) != nil {
			out = append(out, n)
		} else {
			s.mu.Lock()
			delete(s.names, n)
			s.mu.Unlock()
		}
	}
	return out
}

// totalPartitions counts every topic's partitions.
func totalPartitions(st clusterState) int {
	n := 0
	for _, t := range st.topics() {
		n += max(st.partitions(t), 0)
	}
	return n
}

// validTopicName is Kafka's Topic.validate, with its messages.
func validTopicName(t string) *apiError {
	bad := func(msg string) *apiError {
		return &apiError{kerr.InvalidTopicException.Code, "Topic name is invalid: " + msg}
	}
	switch {
	case t == "":
		return bad("the empty string is not allowed")
	case t == "." || t == "..":
		return bad(fmt.Sprintf("'%s' is not allowed", t))
	case len(t) > 249:
		return bad(fmt.Sprintf("the length of '%s' is longer than the max allowed length 249", t))
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return bad(fmt.Sprintf("'%s' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'", t))
		}
	}
	return nil
}

// collision is Kafka's check that no existing topic differs from t only in '.' against '_'.
func collision(t string, st clusterState) *apiError {
	if !strings.ContainsAny(t, "._") {
		return nil
	}
	norm := strings.ReplaceAll(t, ".", "_")
	for _, other := range st.topics() {
		if other != t && strings.ReplaceAll(other, ".", "_") == norm {
			return &apiError{kerr.InvalidTopicException.Code, fmt.Sprintf("Topic '%s' collides with existing topic: %s", t, other)}
		}
	}
	return nil
}

func policyViolation(msg string) *apiError { return &apiError{kerr.PolicyViolation.Code, msg} }

var (
	errPartitionsPerRequest = policyViolation("Excessively large number of partitions per request.")
	errBatchTooLarge        = policyViolation("Unable to perform excessively large batch operation.")
	errDuplicateTopic       = &apiError{kerr.InvalidRequest.Code, "Duplicate topic name."}
)

// tooManyInAll is the embedded broker's refusal past MaxPartitionsInAll.
func tooManyInAll(topic string, have, adding int) *apiError {
	return policyViolation(fmt.Sprintf("The embedded broker holds at most %d partitions in all topics together: it has %d, and topic '%s' would add %d. Delete topics you no longer need (kafka-topics.sh --delete --topic NAME), or use a real Kafka broker for more.",
		MaxPartitionsInAll, have, topic, adding))
}

// decideCreateTopics answers each topic of a CreateTopics request as Kafka 4.3's controller
// would, in its order: the partition total of the request, the name, existence, configs,
// replication factor, partition count, then the metadata records the request would write.
// nil = create it. Also the embedded broker's MaxPartitionsInAll.
func decideCreateTopics(req *kmsg.CreateTopicsRequest, st clusterState) []*apiError {
	out := make([]*apiError, len(req.Topics))
	count := map[string]int{}
	for _, t := range req.Topics {
		count[t.Topic]++
	}
	numParts := func(t *kmsg.CreateTopicsRequestTopic) int64 {
		switch {
		case len(t.ReplicaAssignment) > 0:
			return int64(len(t.ReplicaAssignment))
		case t.NumPartitions == -1:
			return 1 // num.partitions
		case t.NumPartitions > 0:
			return int64(t.NumPartitions)
		}
		return 0
	}
	var total int64
	for i := range req.Topics {
		if count[req.Topics[i].Topic] == 1 {
			total += numParts(&req.Topics[i])
		}
	}
	all := func(err *apiError) []*apiError {
		for i := range out {
			if count[req.Topics[i].Topic] == 1 {
				out[i] = err
			}
		}
		return out
	}
	for i := range req.Topics {
		if count[req.Topics[i].Topic] > 1 {
			out[i] = errDuplicateTopic
		}
	}
	if total > kafkaMaxPartitionsPerRequest {
		return all(errPartitionsPerRequest)
	}
	var have = -1 // partitions in the cluster, counted once needed
	added, records := 0, 0
	for i := range req.Topics {
		t := &req.Topics[i]
		if out[i] != nil {
			continue
		}
		if err := validTopicName(t.Topic); err != nil {
			out[i] = err
			continue
		}
		if err := collision(t.Topic, st); err != nil {
			out[i] = err
			continue
		}
		if st.partitions(t.Topic) >= 0 {
			out[i] = &apiError{kerr.TopicAlreadyExists.Code, fmt.Sprintf("Topic '%s' already exists.", t.Topic)}
			continue
		}
		cfgs := map[string]string{}
		var nulls []string
		for _, c := range t.Configs {
			if c.Value == nil {
				nulls = append(nulls, c.Name)
				continue
			}
			cfgs[c.Name] = *c.Value
		}
		if len(nulls) > 0 {
			out[i] = invalidConfig("Null value not supported for topic configs: " + strings.Join(nulls, ","))
			continue
		}
		if err := checkTopicConfigs(cfgs); err != nil {
			out[i] = err
			continue
		}
		if len(t.ReplicaAssignment) == 0 {
			switch rf := t.ReplicationFactor; {
			case rf == 0 || rf < -1:
				out[i] = &apiError{kerr.InvalidReplicationFactor.Code, "Replication factor must be larger than 0, or -1 to use the default value."}
				continue
			case t.NumPartitions == 0 || t.NumPartitions < -1:
				out[i] = &apiError{kerr.InvalidPartitions.Code, "Number of partitions was set to an invalid non-positive value."}
				continue
			case rf > 1:
				out[i] = &apiError{kerr.InvalidReplicationFactor.Code, fmt.Sprintf("Unable to replicate the partition %d time(s): The target replication factor of %d cannot be reached because only 1 broker(s) are registered or some brokers have all their log directories cordoned.", rf, rf)}
				continue
			}
		}
		n := int(numParts(t))
		if have < 0 {
			have = totalPartitions(st)
		}
		if have+added+n > MaxPartitionsInAll {
			out[i] = tooManyInAll(t.Topic, have+added, n)
			continue
		}
		added += n
		records += 1 + n + len(cfgs) // a TopicRecord, a PartitionRecord each, a ConfigRecord each
		if records > kafkaMaxRecordsPerRequest {
			return all(errBatchTooLarge)
		}
	}
	return out
}

// decideCreatePartitions answers each topic of a CreatePartitions request as Kafka does
// (unknown topic, a count that is no increase), then by the embedded broker's bounds.
func decideCreatePartitions(req *kmsg.CreatePartitionsRequest, st clusterState) []*apiError {
	out := make([]*apiError, len(req.Topics))
	count := map[string]int{}
	for _, t := range req.Topics {
		count[t.Topic]++
	}
	have, adding := -1, 0
	for i, t := range req.Topics {
		if count[t.Topic] > 1 {
			out[i] = errDuplicateTopic
			continue
		}
		cur := st.partitions(t.Topic)
		switch {
		case cur < 0:
			out[i] = &apiError{code: kerr.UnknownTopicOrPartition.Code}
			continue
		case int(t.Count) == cur:
			out[i] = &apiError{kerr.InvalidPartitions.Code, fmt.Sprintf("Topic already has %d partition(s).", cur)}
			continue
		case int(t.Count) < cur:
			out[i] = &apiError{kerr.InvalidPartitions.Code, fmt.Sprintf("The topic %s currently has %d partition(s); %d would not be an increase.", t.Topic, cur, t.Count)}
			continue
		case t.Count > MaxPartitionsPerTopic:
			out[i] = &apiError{kerr.InvalidPartitions.Code, fmt.Sprintf("The embedded broker keeps at most %d partitions per topic, and %d were asked for topic '%s' (it has %d). Ask for %d or fewer, or use a real Kafka broker for more.",
				MaxPartitionsPerTopic, t.Count, t.Topic, cur, MaxPartitionsPerTopic)}
			continue
		}
		n := int(t.Count) - cur
		if adding+n > kafkaMaxPartitionsPerRequest {
			out[i] = errPartitionsPerRequest
			continue
		}
		if have < 0 {
			have = totalPartitions(st)
		}
		if have+adding+n > MaxPartitionsInAll {
			out[i] = tooManyInAll(t.Topic, have+adding, n)
			continue
		}
		adding += n
	}
	return out
}

// configChange is one config operation of an (Incremental)AlterConfigs resource.
type configChange struct {
	name  string
	value *string
	op    kmsg.IncrementalAlterConfigOp
}

var errDuplicateResource = &apiError{kerr.InvalidRequest.Code, "Each resource must appear at most once."}

// decideTopicConfigs answers a topic's config change as Kafka 4.3 does: first the broker's
// checks of the request (duplicate keys, null values), then the controller's (APPEND and
// SUBTRACT only on lists, the topic's name, every config of the result, the topic exists).
// incremental = IncrementalAlterConfigs (else AlterConfigs, which replaces every override).
// It returns the overrides Kafka would store when it accepts.
func decideTopicConfigs(topic string, changes []configChange, incremental bool, st clusterState) (map[string]string, *apiError) {
	seen := map[string]bool{}
	var nulls []string
	for _, c := range changes {
		if seen[c.name] {
			return nil, &apiError{kerr.InvalidRequest.Code, "Error due to duplicate config keys"}
		}
		seen[c.name] = true
		if c.value == nil && !(incremental && c.op == kmsg.IncrementalAlterConfigOpDelete) {
			nulls = append(nulls, c.name)
		}
	}
	if len(nulls) > 0 {
		return nil, &apiError{kerr.InvalidRequest.Code, "Null value not supported for : " + strings.Join(nulls, ", ")}
	}
	existing := st.configs(topic)
	result := map[string]string{}
	if incremental {
		maps.Copy(result, existing)
	}
	byName := map[string]configChange{}
	names := make([]string, 0, len(changes))
	for _, c := range changes {
		byName[c.name] = c
		names = append(names, c.name)
	}
	for _, n := range javaHashOrder(names) { // the controller walks a HashMap of the keys
		c := byName[n]
		switch {
		case !incremental || c.op == kmsg.IncrementalAlterConfigOpSet:
			result[n] = *c.value
		case c.op == kmsg.IncrementalAlterConfigOpDelete:
			delete(result, n)
		case c.op == kmsg.IncrementalAlterConfigOpAppend || c.op == kmsg.IncrementalAlterConfigOpSubtract:
			opName := "APPEND"
			if c.op == kmsg.IncrementalAlterConfigOpSubtract {
				opName = "SUBTRACT"
			}
			if !isListConfig(n) {
				return nil, invalidConfig(fmt.Sprintf("Can't %s to key %s because its type is not LIST.", opName, n))
			}
			cur, ok := result[n]
			if !ok {
				cur = defaultTopicConfig(n)
			}
			result[n] = applyListOp(cur, *c.value, c.op == kmsg.IncrementalAlterConfigOpAppend)
		default:
			return nil, &apiError{kerr.InvalidRequest.Code, fmt.Sprintf("Unknown operation type %d", c.op)}
		}
	}
	if topic == "" {
		return nil, &apiError{kerr.InvalidRequest.Code, "Default topic resources are not allowed."}
	}
	if err := validTopicName(topic); err != nil {
		return nil, err
	}
	if err := checkTopicConfigs(result); err != nil {
		return nil, err
	}
	if existing == nil {
		return nil, &apiError{kerr.UnknownTopicOrPartition.Code, fmt.Sprintf("The topic '%s' does not exist.", topic)}
	}
	return result, nil
}

// applyListOp is Kafka's APPEND (add the comma-separated values not there yet) or SUBTRACT
// (remove them) on a list value, with Java's String.split(",") dropping trailing empties.
func applyListOp(cur, values string, add bool) string {
	var parts []string
	for _, p := range javaSplitComma(cur) {
		if p != "" {
			parts = append(parts, p)
		}
	}
	for _, v := range javaSplitComma(values) {
		i := indexOf(parts, v)
		switch {
		case add && i < 0:
			parts = append(parts, v)
		case !add && i >= 0:
			parts = append(parts[:i], parts[i+1:]...)
		}
	}
	return strings.Join(parts, ",")
}

func javaSplitComma(s string) []string {
	parts := strings.Split(s, ",")
	if s == "" {
		return parts // Java: "".split(",") is [""]
	}
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// controlRequests installs the control functions on kfake.
func (r *kafkaRules) controlRequests(c *kfake.Cluster) {
	r.census.c.Store(c)
	// ListGroups v5: Kafka's admin client filters on types "Consumer" and "Classic", which
	// Kafka compares ignoring case and kfake exactly (so kafka-consumer-groups.sh --list
	// showed nothing); states likewise.
	c.ControlKey(int16(kmsg.ListGroups), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.ListGroupsRequest); ok {
			for i, t := range req.TypesFilter {
				req.TypesFilter[i] = strings.ToLower(t)
			}
			for i, s := range req.StatesFilter {
				for _, k := range groupStates {
					if strings.EqualFold(s, k) {
						req.StatesFilter[i] = k
					}
				}
			}
		}
		return nil, nil, false
	})
	c.ControlKey(int16(kmsg.CreateTopics), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.CreateTopicsRequest); ok {
			r.controlCreateTopics(req)
		}
		return nil, nil, false
	})
	c.ControlKey(int16(kmsg.CreatePartitions), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.CreatePartitionsRequest); ok {
			answered := map[string]bool{}
			for i, err := range decideCreatePartitions(req, r.census) {
				if err != nil {
					t := &req.Topics[i]
					repeat := answered[t.Topic]
					answered[t.Topic] = true
					t.Topic, t.Assignment = r.mark(t.Topic, err, repeat), nil // kfake: unknown topic
				}
			}
		}
		return nil, nil, false
	})
	c.ControlKey(int16(kmsg.AlterConfigs), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.AlterConfigsRequest); ok {
			r.controlAlterConfigs(req)
		}
		return nil, nil, false
	})
	c.ControlKey(int16(kmsg.IncrementalAlterConfigs), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.IncrementalAlterConfigsRequest); ok {
			r.controlIncrementalAlterConfigs(req)
		}
		return nil, nil, false
	})
	c.ControlKey(int16(kmsg.Metadata), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.MetadataRequest); ok {
			r.controlAutoCreate(c, req)
		}
		return nil, nil, false
	})
	c.ControlKey(int16(kmsg.Fetch), func(kr kmsg.Request) (kmsg.Response, error, bool) {
		c.KeepControl()
		if req, ok := kr.(*kmsg.FetchRequest); ok && req.MaxBytes > kafkaFetchMaxBytes {
			req.MaxBytes = kafkaFetchMaxBytes // fetch.max.bytes caps what a client asks for
		}
		return nil, nil, false
	})
}

func (r *kafkaRules) controlCreateTopics(req *kmsg.CreateTopicsRequest) {
	answered := map[string]bool{}
	for i, err := range decideCreateTopics(req, r.census) {
		t := &req.Topics[i]
		if err == nil {
			for j := range t.Configs {
				c := &t.Configs[j]
				c.Value = str(canonicalTopicConfig(c.Name, *c.Value))
			}
			continue
		}
		repeat := answered[t.Topic]
		answered[t.Topic] = true
		// More replicas than brokers: kfake refuses it and creates nothing.
		t.Topic = r.mark(t.Topic, err, repeat)
		t.NumPartitions, t.ReplicationFactor, t.ReplicaAssignment, t.Configs = 1, math.MaxInt16, nil, nil
	}
}

// resourceKey tells the resources of one request apart (type and name).
type resourceKey struct {
	typ  kmsg.ConfigResourceType
	name string
}

func (r *kafkaRules) controlAlterConfigs(req *kmsg.AlterConfigsRequest) {
	count := map[resourceKey]int{}
	for _, rr := range req.Resources {
		count[resourceKey{rr.ResourceType, rr.ResourceName}]++
	}
	for i := range req.Resources {
		rr := &req.Resources[i]
		if rr.ResourceType != kmsg.ConfigResourceTypeTopic {
			continue
		}
		var err *apiError
		if count[resourceKey{rr.ResourceType, rr.ResourceName}] > 1 {
			err = errDuplicateResource
		} else {
			changes := make([]configChange, len(rr.Configs))
			for j, c := range rr.Configs {
				changes[j] = configChange{name: c.Name, value: c.Value}
			}
			_, err = decideTopicConfigs(rr.ResourceName, changes, false, r.census)
		}
		if err != nil {
			rr.ResourceName, rr.Configs = r.mark(rr.ResourceName, err, false), nil
			continue
		}
		for j := range rr.Configs {
			c := &rr.Configs[j]
			c.Value = str(canonicalTopicConfig(c.Name, *c.Value))
		}
	}
}

func (r *kafkaRules) controlIncrementalAlterConfigs(req *kmsg.IncrementalAlterConfigsRequest) {
	count := map[resourceKey]int{}
	for _, rr := range req.Resources {
		count[resourceKey{rr.ResourceType, rr.ResourceName}]++
	}
	for i := range req.Resources {
		rr := &req.Resources[i]
		if rr.ResourceType != kmsg.ConfigResourceTypeTopic {
			continue
		}
		if count[resourceKey{rr.ResourceType, rr.ResourceName}] > 1 {
			rr.ResourceName, rr.Configs = r.mark(rr.ResourceName, errDuplicateResource, false), nil
			continue
		}
		changes := make([]configChange, len(rr.Configs))
		for j, c := range rr.Configs {
			changes[j] = configChange{name: c.Name, value: c.Value, op: c.Op}
		}
		result, err := decideTopicConfigs(rr.ResourceName, changes, true, r.census)
		if err != nil {
			rr.ResourceName, rr.Configs = r.mark(rr.ResourceName, err, false), nil
			continue
		}
		// Hand kfake the values as Kafka stores them (kfake appends to an unset list
		// without Kafka's default first).
		for j := range rr.Configs {
			c := &rr.Configs[j]
			if c.Op != kmsg.IncrementalAlterConfigOpDelete {
				c.Op, c.Value = kmsg.IncrementalAlterConfigOpSet, str(canonicalTopicConfig(c.Name, result[c.Name]))
			}
		}
	}
}

// controlAutoCreate applies Kafka's topic name rules and the embedded broker's
// MaxPartitionsInAll to the topics a Metadata request would create. Only when one of them
// must be refused does it take over: it creates the others itself and turns kfake's auto
// creation off for the request.
func (r *kafkaRules) controlAutoCreate(c *kfake.Cluster, req *kmsg.MetadataRequest) {
	if !req.AllowAutoTopicCreation || len(req.Topics) == 0 {
		return
	}
	type pending struct {
		i   int
		err *apiError
	}
	var create []pending
	refuse := false
	have := -1
	seen := map[string]bool{}
	for i, t := range req.Topics {
		if t.Topic == nil || t.TopicID != [16]byte{} || seen[*t.Topic] || r.census.topicInfo(*t.Topic) != nil {
			continue
		}
		seen[*t.Topic] = true
		err := validTopicName(*t.Topic)
		if err == nil {
			if have < 0 {
				have = totalPartitions(r.census)
			}
			if have+1 > MaxPartitionsInAll {
				err = tooManyInAll(*t.Topic, have, 1)
			} else {
				have++
			}
		}
		refuse = refuse || err != nil
		create = append(create, pending{i, err})
	}
	if !refuse {
		return
	}
	req.AllowAutoTopicCreation = false
	for _, p := range create {
		t := &req.Topics[p.i]
		if p.err != nil {
			t.Topic = str(r.mark(*t.Topic, p.err, false))
			continue
		}
		_ = c.CreateTopic(*t.Topic, -1, nil) // num.partitions, as kfake's auto creation
	}
}

// restoreCreateTopics puts refused topics back under their names, with their answers.
func (r *kafkaRules) restoreCreateTopics(resp *kmsg.CreateTopicsResponse) {
	keep := resp.Topics[:0]
	for _, t := range resp.Topics {
		if f, ok := r.take(t.Topic); ok {
			if f.repeat {
				continue
			}
			t = kmsg.NewCreateTopicsResponseTopic()
			t.Topic, t.ErrorCode, t.ErrorMessage = f.name, f.err.code, nullable(f.err.msg)
		} else if t.ErrorCode == 0 {
			r.census.saw(t.Topic)
		}
		keep = append(keep, t)
	}
	resp.Topics = keep
}

func (r *kafkaRules) restoreCreatePartitions(resp *kmsg.CreatePartitionsResponse) {
	keep := resp.Topics[:0]
	for _, t := range resp.Topics {
		if f, ok := r.take(t.Topic); ok {
			if f.repeat {
				continue
			}
			t.Topic, t.ErrorCode, t.ErrorMessage = f.name, f.err.code, nullable(f.err.msg)
		}
		keep = append(keep, t)
	}
	resp.Topics = keep
}

func (r *kafkaRules) restoreAlterConfigs(resp *kmsg.AlterConfigsResponse) {
	for i := range resp.Resources {
		rr := &resp.Resources[i]
		if f, ok := r.take(rr.ResourceName); ok {
			rr.ResourceName, rr.ErrorCode, rr.ErrorMessage = f.name, f.err.code, nullable(f.err.msg)
		}
	}
}

func (r *kafkaRules) restoreIncrementalAlterConfigs(resp *kmsg.IncrementalAlterConfigsResponse) {
	for i := range resp.Resources {
		rr := &resp.Resources[i]
		if f, ok := r.take(rr.ResourceName); ok {
			rr.ResourceName, rr.ErrorCode, rr.ErrorMessage = f.name, f.err.code, nullable(f.err.msg)
		}
	}
}

func (r *kafkaRules) restoreMetadata(resp *kmsg.MetadataResponse) {
	for i := range resp.Topics {
		t := &resp.Topics[i]
		if t.Topic == nil {
			continue
		}
		if f, ok := r.take(*t.Topic); ok {
			t.Topic, t.ErrorCode = str(f.name), f.err.code
			continue
		}
		if t.ErrorCode == 0 {
			r.census.saw(*t.Topic)
		}
	}
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
