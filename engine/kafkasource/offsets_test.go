package kafkasource

import (
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func TestOffsetsJSON(t *testing.T) {
	cases := []struct {
		name string
		po   PartitionOffsets
		want string
	}{
		{"reference batch 0", PartitionOffsets{{"orders", 0}: 2, {"orders", 1}: 1, {"orders", 2}: 0}, `{"orders":{"0":2,"1":1,"2":0}}`},
		{"reference batch 1", PartitionOffsets{{"orders", 2}: 0, {"orders", 1}: 2, {"orders", 0}: 3}, `{"orders":{"0":3,"1":2,"2":0}}`},
		{"empty", PartitionOffsets{}, `{}`},
		// 13 partitions: table grows to 32 buckets, still ascending.
		{"many partitions", func() PartitionOffsets {
			po := PartitionOffsets{}
			for p := int32(12); p >= 0; p-- {
				po[TopicPartition{"t", p}] = int64(p) * 10
			}
			return po
		}(), `{"t":{"0":0,"1":10,"2":20,"3":30,"4":40,"5":50,"6":60,"7":70,"8":80,"9":90,"10":100,"11":110,"12":120}}`},
		// Java "a".hashCode()=97 -> bucket 1, "b"=98 -> bucket 2: ascending here.
		{"two topics", PartitionOffsets{{"b", 0}: 1, {"a", 0}: 5}, `{"a":{"0":5},"b":{"0":1}}`},
		// "orders".hashCode() = -1008770331 -> bucket 10; "visits" = -816227192 -> bucket 1.
		{"hash order of topics", PartitionOffsets{{"orders", 0}: 1, {"visits", 0}: 2}, `{"visits":{"0":2},"orders":{"0":1}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.po.JSON(); got != c.want {
				t.Fatalf("JSON() = %s, want %s", got, c.want)
			}
			back, err := ParseOffsets(c.want)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(c.po) {
				t.Fatalf("round trip: %v != %v", back, c.po)
			}
		})
	}
}

func TestParseOffsetsErrors(t *testing.T) {
	for _, in := range []string{``, `[]`, `{"orders":[0]}`, `{"orders":{"x":1}}`, `{"orders":{"0":1.5}}`, `{"a":{"0":1}} x`} {
		_, err := ParseOffsets(in)
		if err == nil || !strings.Contains(err.Error(), `{"topicA":{"0":23,"1":-1},"topicB":{"0":-2}}`) {
			t.Errorf("ParseOffsets(%q) error = %v, want the example in the message", in, err)
		}
	}
	po, err := ParseOffsets(` { "orders" : { "0" : -2 , "1" : -1 } } `)
	if err != nil || po[TopicPartition{"orders", 0}] != OffsetEarliest || po[TopicPartition{"orders", 1}] != OffsetLatest {
		t.Fatalf("got %v, %v", po, err)
	}
}

func TestParseAssign(t *testing.T) {
	tps, err := ParseAssign(`{"orders":[2,0],"audit":[1]}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []TopicPartition{{"audit", 1}, {"orders", 2}, {"orders", 0}}
	if !reflect.DeepEqual(tps, want) {
		t.Fatalf("got %v want %v", tps, want)
	}
	if _, err := ParseAssign(`{"orders":0}`); err == nil {
		t.Fatal("want error")
	}
}

// Orders checked against Scala 2.13.18's mutable.HashMap iteration (300 random key sets,
// run once with the scala-library jar under jshell; three kept here).
func TestScalaHashOrderMatchesScala(t *testing.T) {
	strCases := [][2]string{
		{"topic4 audit topic29 topic13 silver logs topic17 topic33 topic14 topic38 topic36 topic31 topic2 topic30 topic34 payments topic12 gold",
			"topic2 topic4 payments topic12 topic34 topic13 topic14 topic36 topic38 topic17 topic29 gold topic30 topic31 audit topic33 silver logs"},
		{"refunds topic15 clicks silver topic9 topic3 t topic25 ü-topic events topic8 topic34 payments topic19 topic37",
			"topic3 payments topic34 topic9 topic25 topic15 topic37 topic8 topic19 refunds t clicks silver ü-topic events"},
	}
	for _, c := range strCases {
		ks := strings.Fields(c[0])
		sort.Strings(ks)
		if got := strings.Join(scalaHashOrderStrings(ks), " "); got != c[1] {
			t.Errorf("got  %s\nwant %s", got, c[1])
		}
	}
	in := "250 238 120 228 234 91 242 204 54 34 65 183 220 187 46 226 258 261 20 66 42 160 40 27 193 69 13 33 56 99 67 251 147 84 113 179 129 81 165 140"
	want := "65 129 193 66 258 67 69 261 140 204 13 81 147 20 84 27 91 220 160 33 34 226 99 228 165 40 42 234 46 238 113 242 179 54 183 56 120 250 187 251"
	var ks []int32
	for _, f := range strings.Fields(in) {
		n, _ := strconv.Atoi(f)
		ks = append(ks, int32(n))
	}
	sort.Slice(ks, func(a, b int) bool { return ks[a] < ks[b] })
	var got []string
	for _, k := range scalaHashOrderInts(ks) {
		got = append(got, strconv.Itoa(int(k)))
	}
	if strings.Join(got, " ") != want {
		t.Errorf("ints: got %s", strings.Join(got, " "))
	}
}

func TestTopicOffsets(t *testing.T) {
	got, ok := TopicOffsets(`{"orders":{"0":2,"1":1}}`, `{"logOffset":3}`, "-", `{"clicks":{"2":7}}`)
	want := map[string]map[int32]int64{"orders": {0: 2, 1: 1}, "clicks": {2: 7}}
	if !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("TopicOffsets = %v, %v; want %v", got, ok, want)
	}
	if got, ok := TopicOffsets(`{"logOffset":3}`, ""); ok || len(got) != 0 {
		t.Errorf("no Kafka line: %v, %v", got, ok)
	}
}
