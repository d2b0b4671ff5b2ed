package kafkaadmin

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:        "kafka-cluster.sh",
		summary:     "The Kafka cluster tool.",
		subcommands: []string{"cluster-id"},
		specs: []option{
			{name: "bootstrap-server", short: "-b", arg: "host:port", help: "A list of host/port pairs to use for establishing the connection to the Kafka cluster."},
		},
		run: clusterID,
	})
	registerTool(&tool{
		name:        "kafka-metadata-quorum.sh",
		summary:     "This tool describes kraft metadata quorum status.",
		subcommands: []string{"describe"},
		specs: []option{
			{name: "bootstrap-server", arg: "host:port", help: "A comma-separated list of host:port pairs to use for establishing the connection to the Kafka cluster."},
			{name: "status", help: "A short summary of the quorum status and the other provides detailed information about the status of replication."},
			{name: "replication", help: "Detailed information about the status of replication"},
			{name: "human-readable", help: "Human-readable output"},
		},
		run: metadataQuorum,
	})
	registerTool(&tool{
		name:        "kafka-features.sh",
		summary:     "This tool manages feature flags in Kafka.",
		subcommands: []string{"describe"},
		specs: []option{
			{name: "bootstrap-server", arg: "host:port", help: "A comma-separated list of host:port pairs to use for establishing the connection to the Kafka cluster."},
		},
		run: featuresDescribe,
	})
}

// describeCluster asks any broker for the cluster's id, controller and brokers.
func describeCluster(ctx context.Context, cl *kgo.Client) (*kmsg.DescribeClusterResponse, error) {
	resp, err := kmsg.NewPtrDescribeClusterRequest().RequestWith(ctx, cl)
	if err == nil {
		err = kerr.ErrorForCode(resp.ErrorCode)
	}
	if err != nil {
		return nil, fmt.Errorf("DescribeCluster failed: %w", err)
	}
	return resp, nil
}

// clusterID prints the cluster's id, as ClusterTool's cluster-id does.
func clusterID(ctx context.Context, r *toolRun) error {
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	resp, err := describeCluster(ctx, cl)
	if err != nil {
		return err
	}
	if resp.ClusterID == "" {
		fmt.Fprintln(r.io.Stdout, "No cluster ID found. The Kafka version is probably too old.")
		return nil
	}
	fmt.Fprintf(r.io.Stdout, "Cluster ID: %s\n", resp.ClusterID)
	return nil
}

// errNoQuorum is the answer of a broker that has no KRaft quorum to describe.
var errNoQuorum = errors.New("the broker does not answer DescribeQuorum")

// quorum asks for the metadata quorum's state (DescribeQuorum on __cluster_metadata-0).
func quorum(ctx context.Context, cl *kgo.Client) (*kmsg.DescribeQuorumResponse, *kmsg.DescribeQuorumResponseTopicPartition, error) {
	req := kmsg.NewPtrDescribeQuorumRequest()
	t := kmsg.NewDescribeQuorumRequestTopic()
	t.Topic = "__cluster_metadata"
	p := kmsg.NewDescribeQuorumRequestTopicPartition()
	t.Partitions = append(t.Partitions, p)
	req.Topics = append(req.Topics, t)
	resp, err := req.RequestWith(ctx, cl)
	if err != nil {
		if errors.Is(err, kerr.UnsupportedVersion) || strings.Contains(err.Error(), "unknown request key") ||
			strings.Contains(err.Error(), "does not support") || strings.Contains(err.Error(), "broker is too old") {
			return nil, nil, errNoQuorum
		}
		return nil, nil, fmt.Errorf("DescribeQuorum failed: %w", err)
	}
	if err := kerr.ErrorForCode(resp.ErrorCode); err != nil {
		return nil, nil, fmt.Errorf("DescribeQuorum failed: %w", err)
	}
	if len(resp.Topics) != 1 || len(resp.Topics[0].Partitions) != 1 {
		return nil, nil, fmt.Errorf("DescribeQuorum answered %d topics, want the one metadata partition", len(resp.Topics))
	}
	part := &resp.Topics[0].Partitions[0]
	if err := kerr.ErrorForCode(part.ErrorCode); err != nil {
		return nil, nil, fmt.Errorf("DescribeQuorum failed: %w", err)
	}
	return resp, part, nil
}

// metadataQuorum is kafka-metadata-quorum.sh describe --status | --replication.
func metadataQuorum(ctx context.Context, r *toolRun) error {
	status, repl := r.opts.has("status"), r.opts.has("replication")
	switch {
	case status && repl:
		return usagef("Only one of --status or --replication should be specified with describe sub-command")
	case !status && !repl:
		return usagef("One of --status or --replication must be specified with describe sub-command")
	case status && r.opts.has("human-readable"):
		return usagef("The option --human-readable is only supported along with --replication")
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	resp, part, err := quorum(ctx, cl)
	if errors.Is(err, errNoQuorum) {
		return fmt.Errorf("the broker at %s has no KRaft metadata quorum to describe (kafkalab's embedded broker keeps its metadata in memory, without a controller quorum); run it against a real Kafka: the course's --broker container, or --bootstrap-server HOST:PORT of a KRaft cluster",
			strings.Join(r.bootstrap, ","))
	}
	if err != nil {
		return err
	}
	var leader *kmsg.DescribeQuorumResponseTopicPartitionReplicaState
	for i := range part.CurrentVoters {
		if part.CurrentVoters[i].ReplicaID == part.LeaderID {
			leader = &part.CurrentVoters[i]
		}
	}
	if leader == nil {
		return fmt.Errorf("the metadata quorum's leader %d is not among its voters", part.LeaderID)
	}
	if repl {
		return quorumReplication(r, part, leader)
	}
	dc, err := describeCluster(ctx, cl)
	if err != nil {
		return err
	}
	maxLag := leader
	for i := range part.CurrentVoters {
		if part.CurrentVoters[i].LogEndOffset < maxLag.LogEndOffset {
			maxLag = &part.CurrentVoters[i]
		}
	}
	lagTime := int64(-1)
	switch {
	case maxLag == leader:
		lagTime = 0
	case leader.LastCaughtUpTimestamp >= 0 && maxLag.LastCaughtUpTimestamp >= 0:
		lagTime = leader.LastCaughtUpTimestamp - maxLag.LastCaughtUpTimestamp
	}
	nodes := map[int32][]string{}
	for _, n := range resp.Nodes {
		for _, l := range n.Listeners {
			nodes[n.NodeID] = append(nodes[n.NodeID], fmt.Sprintf("%s://%s:%d", l.Name, hostForURL(l.Host), l.Port))
		}
	}
	out := r.io.Stdout
	fmt.Fprintf(out, "ClusterId:              %s\n", dc.ClusterID)
	fmt.Fprintf(out, "LeaderId:               %d\n", part.LeaderID)
	fmt.Fprintf(out, "LeaderEpoch:            %d\n", part.LeaderEpoch)
	fmt.Fprintf(out, "HighWatermark:          %d\n", part.HighWatermark)
	fmt.Fprintf(out, "MaxFollowerLag:         %d\n", leader.LogEndOffset-maxLag.LogEndOffset)
	fmt.Fprintf(out, "MaxFollowerLagTimeMs:   %d\n", lagTime)
	fmt.Fprintf(out, "CurrentVoters:          %s\n", replicaList(part.CurrentVoters, nodes))
	fmt.Fprintf(out, "CurrentObservers:       %s\n", replicaList(part.Observers, nodes))
	return nil
}

// hostForURL brackets an IPv6 host, as Kafka's endpoint strings do.
func hostForURL(h string) string {
	if strings.Contains(h, ":") {
		return "[" + h + "]"
	}
	return h
}

// replicaList prints replicas as MetadataQuorumCommand does:
// [{"id": 1, "endpoints": ["CONTROLLER://host:port"]}, ...].
func replicaList(rs []kmsg.DescribeQuorumResponseTopicPartitionReplicaState, nodes map[int32][]string) string {
	parts := make([]string, len(rs))
	for i, rep := range rs {
		// Kafka 4.3 leaves the directory id out when the replica has none (all zeros).
		s := fmt.Sprintf(`{"id": %d`, rep.ReplicaID)
		if rep.ReplicaDirectoryID != [16]byte{} {
			s += `, "directoryId": "` + javaUUID(rep.ReplicaDirectoryID) + `"`
		}
		if eps := nodes[rep.ReplicaID]; len(eps) > 0 {
			s += `, "endpoints": ["` + strings.Join(eps, `", "`) + `"]`
		}
		parts[i] = s + "}"
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// quorumReplication prints the replication table: the leader, the other voters, then the
// observers.
func quorumReplication(r *toolRun, part *kmsg.DescribeQuorumResponseTopicPartition, leader *kmsg.DescribeQuorumResponseTopicPartitionReplicaState) error {
	rows := [][]string{}
	add := func(rep *kmsg.DescribeQuorumResponseTopicPartitionReplicaState, status string) {
		ts := func(ms int64) string {
			if ms < 0 {
				return "-1"
			}
			if r.opts.has("human-readable") {
				return fmt.Sprintf("%d ms ago", max(nowMs()-ms, 0))
			}
			return strconv.FormatInt(ms, 10)
		}
		rows = append(rows, []string{strconv.Itoa(int(rep.ReplicaID)), javaUUID(rep.ReplicaDirectoryID),
			strconv.FormatInt(rep.LogEndOffset, 10), strconv.FormatInt(leader.LogEndOffset-rep.LogEndOffset, 10),
			ts(rep.LastFetchTimestamp), ts(rep.LastCaughtUpTimestamp), status})
	}
	add(leader, "Leader")
	for i := range part.CurrentVoters {
		if part.CurrentVoters[i].ReplicaID != part.LeaderID {
			add(&part.CurrentVoters[i], "Follower")
		}
	}
	for i := range part.Observers {
		add(&part.Observers[i], "Observer")
	}
	prettyTable(r.io.Stdout, []string{"NodeId", "DirectoryId", "LogEndOffset", "Lag", "LastFetchTimestamp", "LastCaughtUpTimestamp", "Status"}, rows)
	return nil
}

// featuresDescribe is kafka-features.sh describe: one line per feature the broker supports,
// sorted by name, with its finalized level and the finalized features' epoch.
func featuresDescribe(ctx context.Context, r *toolRun) error {
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	resp, err := kmsg.NewPtrApiVersionsRequest().RequestWith(ctx, cl)
	if err == nil {
		err = kerr.ErrorForCode(resp.ErrorCode)
	}
	if err != nil {
		return fmt.Errorf("ApiVersions failed: %w", err)
	}
	finalized := map[string]int16{}
	for _, f := range resp.FinalizedFeatures {
		finalized[f.Name] = f.MaxVersionLevel
	}
	sort.Slice(resp.SupportedFeatures, func(i, j int) bool {
		return resp.SupportedFeatures[i].Name < resp.SupportedFeatures[j].Name
	})
	epoch := "-"
	if resp.FinalizedFeaturesEpoch >= 0 {
		epoch = strconv.FormatInt(resp.FinalizedFeaturesEpoch, 10)
	}
	for _, f := range resp.SupportedFeatures {
		fmt.Fprintf(r.io.Stdout, "Feature: %-40s  SupportedMinVersion: %-15s  SupportedMaxVersion: %-15s  FinalizedVersionLevel: %-15s  Epoch: %s\n",
			f.Name, featureLevel(f.Name, f.MinVersion), featureLevel(f.Name, f.MaxVersion), featureLevel(f.Name, finalized[f.Name]), epoch)
	}
	return nil
}

// metadataVersions are the releases of metadata.version's levels, from 7 (3.3-IV3, the first
// KRaft can start at) on, as Kafka 4.3.1's MetadataVersion names them.
var metadataVersions = []string{
	"3.3-IV3", "3.4-IV0", "3.5-IV0", "3.5-IV1", "3.5-IV2", "3.6-IV0", "3.6-IV1", "3.6-IV2",
	"3.7-IV0", "3.7-IV1", "3.7-IV2", "3.7-IV3", "3.7-IV4", "3.8-IV0", "3.9-IV0",
	"4.0-IV0", "4.0-IV1", "4.0-IV2", "4.0-IV3", "4.1-IV0", "4.1-IV1", "4.2-IV0", "4.2-IV1",
	"4.3-IV0", "4.4-IV0",
}

// featureLevel prints a level; metadata.version's levels by their release.
func featureLevel(feature string, level int16) string {
	if feature != "metadata.version" {
		return strconv.Itoa(int(level))
	}
	if i := int(level) - 7; i >= 0 && i < len(metadataVersions) {
		return metadataVersions[i]
	}
	return fmt.Sprintf("UNKNOWN %d", level)
}
