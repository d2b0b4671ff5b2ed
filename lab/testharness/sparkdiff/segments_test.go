package sparkdiff

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lessons"
)

func TestSegmentsGroupBackgroundCommandsWithTheirWait(t *testing.T) {
	cmds, err := lessons.ParseCommands("kafka-topics.sh --list\n"+
		"kafka-console-consumer.sh --topic t --max-messages 1 &\n"+
		"sleep 1\n"+
		"kafka-console-producer.sh --topic t <<EOF\nx\nEOF\n"+
		"wait\n"+
		"kafka-get-offsets.sh --topic t\n"+
		"kafka-console-consumer.sh --topic t --max-messages 1 &\n"+
		"python send.py\n", 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, seg := range segments(cmds) {
		got = append(got, segmentLine(seg))
	}
	want := []string{
		"kafka-topics.sh --list",
		"kafka-console-consumer.sh --topic t --max-messages 1 &\nsleep 1\nkafka-console-producer.sh --topic t\nwait",
		"kafka-get-offsets.sh --topic t",
		// without a wait, the group runs to the step's end (where the lab waits)
		"kafka-console-consumer.sh --topic t --max-messages 1 &\npython send.py",
	}
	if strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("segments:\n%s\nwant:\n%s", strings.Join(got, "\n--\n"), strings.Join(want, "\n--\n"))
	}
}
