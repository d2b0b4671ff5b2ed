package kafkaadmin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:    "kafka-leader-election.sh",
		summary: "This tool attempts to elect a new leader for a set of topic partitions. The type of elections supported are preferred replicas and unclean replicas.",
		specs: []option{
			{name: "bootstrap-server", arg: "host:port", help: "A hostname and port for the broker to connect to, in the form host:port. Multiple comma separated URLs can be given. REQUIRED."},
			{name: "election-type", arg: "election type", help: "Type of election to attempt: \"preferred\" or \"unclean\". REQUIRED."},
			{name: "all-topic-partitions", help: "Perform election on all of the eligible topic partitions based on the type of election."},
			{name: "topic", arg: "topic name", help: "Name of topic for which to perform an election."},
			{name: "partition", arg: "partition id", help: "Partition id for which to perform an election. REQUIRED if --topic is specified."},
			{name: "path-to-json-file", arg: "Path to JSON file", help: "The JSON file with the list of partitions for which leader elections should be performed: {\"partitions\": [{\"topic\": \"foo\", \"partition\": 1}]}"},
		},
		run: leaderElection,
	})
}

type electTP struct {
	topic     string
	partition int32
}

func (tp electTP) String() string { return fmt.Sprintf("%s-%d", tp.topic, tp.partition) }

func electHash(tp electTP) int32 { return 31*(31+tp.partition) + javaStringHash(tp.topic) }

// leaderElection is kafka-leader-election.sh: it asks the controller to elect leaders and
// prints which partitions got a new one, which had a valid one already, and which failed.
func leaderElection(ctx context.Context, r *toolRun) error {
	typ := strings.ToLower(r.opts.value("election-type", ""))
	var electionType int8
	switch {
	case !r.opts.has("election-type"):
		return usagef("Missing required option(s): election-type (add --election-type preferred)")
	case typ == "preferred":
		electionType = 0
	case typ == "unclean":
		electionType = 1
	default:
		return usagef("--election-type %q: use preferred or unclean", r.opts.value("election-type", ""))
	}
	all, topic, file := r.opts.has("all-topic-partitions"), r.opts.has("topic"), r.opts.has("path-to-json-file")
	allAsked := all
	n := 0
	for _, b := range []bool{all, topic, file} {
		if b {
			n++
		}
	}
	if n != 1 {
		return usagef("give exactly one of --all-topic-partitions, --topic (with --partition) or --path-to-json-file")
	}
	if r.opts.has("partition") && !topic {
		return usagef("Option partition is only allowed if topic is used")
	}
	var tps []electTP
	switch {
	case topic:
		if !r.opts.has("partition") {
			return usagef("Missing required option(s): partition (add --partition 0)")
		}
		p, err := r.opts.intValue("partition", 0)
		if err != nil {
			return err
		}
		tps = []electTP{{r.opts.value("topic", ""), int32(p)}}
	case file:
		var err error
		if tps, err = readElectionFile(r.opts.value("path-to-json-file", "")); err != nil {
			return err
		}
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	// A preferred election is only needed where the leader is not the first replica. Kafka's
	// controller answers ELECTION_NOT_NEEDED for the others (and leaves them out when asked
	// for all partitions); some brokers (kfake) report a needless election as done, so the
	// partitions already led by their preferred replica are settled here, from metadata.
	var noop []electTP
	if electionType == 0 {
		meta, err := kmsg.NewPtrMetadataRequest().RequestWith(ctx, cl)
		if err != nil {
			return fmt.Errorf("cannot read the partitions' leaders: %w", err)
		}
		preferred := map[electTP]bool{}
		var eligible []electTP
		for _, t := range meta.Topics {
			if t.Topic == nil || t.IsInternal {
				continue
			}
			for _, p := range t.Partitions {
				tp := electTP{*t.Topic, p.Partition}
				if len(p.Replicas) > 0 && p.Leader == p.Replicas[0] {
					preferred[tp] = true
				} else {
					eligible = append(eligible, tp)
				}
			}
		}
		if all {
			if len(eligible) == 0 {
				return nil
			}
			all, tps = false, eligible
			allAsked = true
		} else {
			var rest []electTP
			for _, tp := range tps {
				if preferred[tp] {
					noop = append(noop, tp)
				} else {
					rest = append(rest, tp)
				}
			}
			tps = rest
		}
	}
	req := kmsg.NewPtrElectLeadersRequest()
	req.ElectionType = electionType
	req.TimeoutMillis = 30000
	if !all && len(tps) == 0 {
		req = nil
	}
	if req != nil && !all {
		byTopic := map[string]int{}
		for _, tp := range tps {
			i, ok := byTopic[tp.topic]
			if !ok {
				t := kmsg.NewElectLeadersRequestTopic()
				t.Topic = tp.topic
				req.Topics = append(req.Topics, t)
				i = len(req.Topics) - 1
				byTopic[tp.topic] = i
			}
			req.Topics[i].Partitions = append(req.Topics[i].Partitions, tp.partition)
		}
	}
	resp := kmsg.NewPtrElectLeadersResponse()
	if req != nil {
		if resp, err = req.RequestWith(ctx, cl); err == nil {
			err = kerr.ErrorForCode(resp.ErrorCode)
		}
		if err != nil {
			return fmt.Errorf("leader election failed: %w", err)
		}
	}
	var done, failed []electTP
	errs := map[electTP]error{}
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			tp := electTP{t.Topic, p.Partition}
			switch e := kerr.ErrorForCode(p.ErrorCode); {
			case e == nil:
				done = append(done, tp)
			case errors.Is(e, kerr.ElectionNotNeeded):
				// Asked for every partition, a broker answers only those it elected.
				if !all && !allAsked {
					noop = append(noop, tp)
				}
			default:
				msg := javaExceptionClass(e)
				if p.ErrorMessage != nil && *p.ErrorMessage != "" {
					msg += ": " + *p.ErrorMessage
				} else {
					msg += ": " + e.(*kerr.Error).Description
				}
				errs[tp] = errors.New(msg)
				failed = append(failed, tp)
			}
		}
	}
	join := func(tps []electTP) string {
		s := make([]string, 0, len(tps))
		for _, tp := range javaHashOrder(tps, electHash) {
			s = append(s, tp.String())
		}
		return strings.Join(s, ", ")
	}
	name := strings.ToUpper(typ)
	if len(done) > 0 {
		fmt.Fprintf(r.io.Stdout, "Successfully completed leader election (%s) for partitions %s\n", name, join(done))
	}
	if len(noop) > 0 {
		fmt.Fprintf(r.io.Stdout, "Valid replica already elected for partitions %s\n", join(noop))
	}
	if len(failed) > 0 {
		for _, tp := range javaHashOrder(failed, electHash) {
			fmt.Fprintf(r.io.Stdout, "Error completing leader election (%s) for partition: %s: %s\n", name, tp, errs[tp])
		}
		return fmt.Errorf("%d replica(s) could not be elected: check the partitions above with kafka-topics.sh --describe", len(failed))
	}
	return nil
}

// readElectionFile reads {"partitions": [{"topic": "foo", "partition": 1}, ...]}.
func readElectionFile(path string) ([]electTP, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read --path-to-json-file %s: %w", path, err)
	}
	var doc struct {
		Partitions *[]struct {
			Topic     string `json:"topic"`
			Partition int32  `json:"partition"`
		} `json:"partitions"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("--path-to-json-file %s is not valid JSON (%v): write {\"partitions\": [{\"topic\": \"foo\", \"partition\": 1}]}", path, err)
	}
	if doc.Partitions == nil {
		return nil, fmt.Errorf("Replica election data is missing \"partitions\" field in %s", path)
	}
	if len(*doc.Partitions) == 0 {
		return nil, fmt.Errorf("Replica election data is empty in %s: list at least one {\"topic\": ..., \"partition\": ...}", path)
	}
	seen := map[electTP]bool{}
	var out []electTP
	for _, p := range *doc.Partitions {
		tp := electTP{p.Topic, p.Partition}
		if seen[tp] {
			return nil, fmt.Errorf("Replica election data contains duplicate partitions: %s", tp)
		}
		seen[tp] = true
		out = append(out, tp)
	}
	return out, nil
}
