package lab

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/kafkalab/kafkalab/lessons"
)

// settlePoll is how often a settling sleep asks the broker about the group.
const settlePoll = 50 * time.Millisecond

// AwaitSettled is a sleep line of a step with a settle directive: it returns as soon as the
// directive's consumer group is Stable with its member count, and after max at the latest,
// as the shell's sleep would. It prints nothing and never fails on the group's account: a
// group that did not settle in time shows in what the next lines print.
func AwaitSettled(ctx context.Context, adm *kadm.Client, st *lessons.Settle, max time.Duration) error {
	deadline := time.Now().Add(max)
	for {
		if groupSettled(ctx, adm, st) {
			return nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil
		}
		if err := sleep(ctx, min(left, settlePoll)); err != nil {
			return err
		}
	}
}

// groupSettled reports whether the group is Stable with the directive's member count. A
// broker that cannot answer yet (a coordinator still loading) counts as not settled.
func groupSettled(ctx context.Context, adm *kadm.Client, st *lessons.Settle) bool {
	described, err := adm.DescribeGroups(ctx, st.Group)
	if err != nil {
		return false
	}
	g, ok := described[st.Group]
	return ok && g.Err == nil && g.State == "Stable" && len(g.Members) == st.Members
}
