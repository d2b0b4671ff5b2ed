package deltaconnectpb

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// TestCodeMatchesManifest fails when the committed Go code was not generated from the .proto
// files the MANIFEST pins (edited by hand, or regenerated without updating MANIFEST).
func TestCodeMatchesManifest(t *testing.T) {
	f, err := os.Open("MANIFEST")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	var version string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 2 && fields[0] == "delta-spark":
			version = fields[1]
		case len(fields) == 4 && fields[0] == "proto":
			want[fields[1]] = fields[3]
		}
	}
	if version != DeltaVersion {
		t.Errorf("MANIFEST pins delta-spark %q, the package says DeltaVersion = %q", version, DeltaVersion)
	}
	if len(want) == 0 {
		t.Fatal("MANIFEST lists no proto file")
	}
	got := 0
	protoregistry.GlobalFiles.RangeFilesByPackage("delta.connect", func(fd protoreflect.FileDescriptor) bool {
		got++
		sum, ok := want[fd.Path()]
		if !ok {
			t.Errorf("generated %s is not in MANIFEST", fd.Path())
			return true
		}
		b, err := proto.MarshalOptions{Deterministic: true}.Marshal(protodesc.ToFileDescriptorProto(fd))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(b)
		if hex.EncodeToString(h[:]) != sum {
			t.Errorf("%s: generated descriptor sha256 %x, MANIFEST says %s: run scripts/connect/generate.sh", fd.Path(), h, sum)
		}
		return true
	})
	if got != len(want) {
		t.Errorf("generated code holds %d delta.connect files, MANIFEST lists %d", got, len(want))
	}
}
