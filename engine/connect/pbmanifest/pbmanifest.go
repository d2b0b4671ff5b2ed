// Package pbmanifest checks generated protobuf Go code against the MANIFEST that pins the
// .proto files it was generated from (scripts/connect/generate.sh writes both), so code
// edited by hand or regenerated without its MANIFEST is caught by a test.
package pbmanifest

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Verify reads the MANIFEST at path and returns every way the registered code of protobuf
// package protoPackage departs from it: the version pinned under key ("spark 4.2.0") must be
// version, and each .proto file must be there with the descriptor sha256 the MANIFEST lists
// ("proto PATH sha256 SUM").
func Verify(path, key, version, protoPackage string) []error {
	f, err := os.Open(path)
	if err != nil {
		return []error{err}
	}
	defer f.Close()
	want := map[string]string{}
	var pinned string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 2 && fields[0] == key:
			pinned = fields[1]
		case len(fields) == 4 && fields[0] == "proto":
			want[fields[1]] = fields[3]
		}
	}
	if err := sc.Err(); err != nil {
		return []error{fmt.Errorf("read %s: %w", path, err)}
	}
	var errs []error
	if pinned != version {
		errs = append(errs, fmt.Errorf("%s pins %s %q, the package says %q", path, key, pinned, version))
	}
	if len(want) == 0 {
		return append(errs, fmt.Errorf("%s lists no proto file", path))
	}
	got := 0
	protoregistry.GlobalFiles.RangeFilesByPackage(protoreflect.FullName(protoPackage), func(fd protoreflect.FileDescriptor) bool {
		got++
		sum, ok := want[fd.Path()]
		if !ok {
			errs = append(errs, fmt.Errorf("generated %s is not in %s", fd.Path(), path))
			return true
		}
		b, err := proto.MarshalOptions{Deterministic: true}.Marshal(protodesc.ToFileDescriptorProto(fd))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", fd.Path(), err))
			return true
		}
		h := sha256.Sum256(b)
		if hex.EncodeToString(h[:]) != sum {
			errs = append(errs, fmt.Errorf("%s: generated descriptor sha256 %x, %s says %s: run scripts/connect/generate.sh", fd.Path(), h, path, sum))
		}
		return true
	})
	if got != len(want) {
		errs = append(errs, fmt.Errorf("generated code holds %d %s files, %s lists %d", got, protoPackage, path, len(want)))
	}
	return errs
}
