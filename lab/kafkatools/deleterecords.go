package kafkatools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/twmb/franz-go/pkg/kadm"
)

func init() {
	registerTool(&tool{
		name:    "kafka-delete-records.sh",
		summary: "delete a partition's records before an offset, like retention does (Kafka's kafka-delete-records.sh)",
		specs: []option{
			{name: "offset-json-file", arg: "Offset json file path", require: true,
				help: `The JSON file with offset per partition: {"partitions":[{"topic":"foo","partition":1,"offset":1}],"version":1}. Offset -1 means the end of the partition.`},
		},
		run: runDeleteRecords,
	})
}

// deleteSpec is Kafka's offset JSON file (version 1).
type deleteSpec struct {
	Version    *int `json:"version"`
	Partitions *[]struct {
		Topic     *string `json:"topic"`
		Partition *int32  `json:"partition"`
		Offset    *int64  `json:"offset"`
	} `json:"partitions"`
}

// parseDeleteSpec reads the file's JSON into offsets, refusing anything Kafka refuses.
func parseDeleteSpec(data []byte) (kadm.Offsets, error) {
	var spec deleteSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("The input string is not a valid JSON (%v): write it like {\"partitions\":[{\"topic\":\"orders\",\"partition\":0,\"offset\":2}],\"version\":1}", err)
	}
	if spec.Version != nil && *spec.Version != 1 {
		return nil, fmt.Errorf("Not supported version field value %d: use \"version\":1", *spec.Version)
	}
	if spec.Partitions == nil {
		return nil, errors.New("Missing partitions field: add \"partitions\":[{\"topic\":\"orders\",\"partition\":0,\"offset\":2}]")
	}
	os := kadm.Offsets{}
	var dups []string
	for i, p := range *spec.Partitions {
		if p.Topic == nil || p.Partition == nil || p.Offset == nil {
			return nil, fmt.Errorf("partition entry %d needs \"topic\", \"partition\" and \"offset\"", i+1)
		}
		if _, dup := os.Lookup(*p.Topic, *p.Partition); dup {
			dups = append(dups, fmt.Sprintf("%s-%d", *p.Topic, *p.Partition))
			continue
		}
		os.Add(kadm.Offset{Topic: *p.Topic, Partition: *p.Partition, At: *p.Offset, LeaderEpoch: -1})
	}
	if len(dups) > 0 {
		return nil, fmt.Errorf("Offset json file contains duplicate topic partitions: %s", strings.Join(dups, ","))
	}
	return os, nil
}

func runDeleteRecords(ctx context.Context, r *toolRun) error {
	path := r.opts.value("offset-json-file", "")
	if path == "" {
		return usagef("missing required argument \"[offset-json-file]\": add --offset-json-file FILE")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("cannot read the offset JSON file: %w", err)
	}
	offsets, err := parseDeleteSpec(data)
	if err != nil {
		return err
	}
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()

	// Check every partition first, so that a typo deletes nothing at all.
	md, err := adm.Metadata(ctx)
	if err != nil {
		return fmt.Errorf("cannot read topic metadata: %w", err)
	}
	var problem error
	offsets.Each(func(o kadm.Offset) {
		td, ok := md.Topics[o.Topic]
		if problem != nil {
			return
		}
		if !ok || td.Err != nil {
			problem = topicMissing(o.Topic)
		} else if _, ok := td.Partitions[o.Partition]; !ok {
			problem = fmt.Errorf("partition %d does not exist in topic %s, which has %d partition(s): fix the offset JSON file", o.Partition, o.Topic, len(td.Partitions))
		} else if o.At < -1 {
			problem = fmt.Errorf("offset %d for %s-%d is invalid: give an offset of 0 or more, or -1 for the end of the partition", o.At, o.Topic, o.Partition)
		}
	})
	if problem != nil {
		return problem
	}

	fmt.Fprintln(r.io.Stdout, "Executing records delete operation")
	resps, err := adm.DeleteRecords(ctx, offsets)
	if err != nil {
		return fmt.Errorf("cannot delete records: %w", err)
	}
	fmt.Fprintln(r.io.Stdout, "Records delete operation completed:")
	var lines []string
	failed := false
	resps.Each(func(d kadm.DeleteRecordsResponse) {
		tp := fmt.Sprintf("%s-%d", d.Topic, d.Partition)
		if d.Err != nil {
			failed = true
			lines = append(lines, fmt.Sprintf("partition: %s\terror: %s", tp, javaException(d.Err)))
			return
		}
		lines = append(lines, fmt.Sprintf("partition: %s\tlow_watermark: %d", tp, d.LowWatermark))
	})
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprintln(r.io.Stdout, l)
	}
	if failed {
		return errors.New("some partitions were not trimmed (see the errors above): an offset past the end of a partition is refused, use -1 for the end")
	}
	return nil
}
