package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bufbuild/protocompile"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/pluginpb"
)

const deltaGoPackage = "github.com/kafkalab/kafkalab/engine/connect/deltaconnectpb"

// runDelta generates the Go code of Delta Lake's Spark Connect messages from a
// FileDescriptorSet (delta/connect/*.proto as delta-spark's Python package ships them
// compiled; see delta-descriptors.py). The Spark files they import are compiled from the
// pinned Spark .proto sources and map to sparkconnectpb.
func runDelta(setFile, protoDir, outDir, deltaVersion, source, genGo string) error {
	raw, err := os.ReadFile(setFile)
	if err != nil {
		return err
	}
	var set descriptorpb.FileDescriptorSet
	if err := proto.Unmarshal(raw, &set); err != nil {
		return fmt.Errorf("%s: %w", setFile, err)
	}
	var deltaNames, sparkDeps []string
	seenDep := map[string]bool{}
	for _, f := range set.File {
		if !strings.HasPrefix(f.GetName(), "delta/connect/") {
			return fmt.Errorf("%s holds %s, not a delta/connect file", setFile, f.GetName())
		}
		deltaNames = append(deltaNames, f.GetName())
		for _, d := range f.Dependency {
			if strings.HasPrefix(d, "spark/connect/") && !seenDep[d] {
				seenDep[d] = true
				sparkDeps = append(sparkDeps, d)
			}
		}
	}
	compiler := protocompile.Compiler{
		Resolver: protocompile.WithStandardImports(&protocompile.SourceResolver{ImportPaths: []string{protoDir}}),
	}
	compiled, err := compiler.Compile(context.Background(), sparkDeps...)
	if err != nil {
		return fmt.Errorf("compile Spark's files: %w", err)
	}
	all := withImports(compiled)
	var mapping []string
	for _, fdp := range all {
		if strings.HasPrefix(fdp.GetName(), "spark/connect/") {
			mapping = append(mapping, "M"+fdp.GetName()+"="+goPackage+";sparkconnectpb")
		}
	}
	for _, n := range deltaNames {
		mapping = append(mapping, "M"+n+"="+deltaGoPackage+";deltaconnectpb")
	}
	all = append(all, set.File...)
	param := "module=" + deltaGoPackage + "," + strings.Join(mapping, ",")
	req := &pluginpb.CodeGeneratorRequest{FileToGenerate: deltaNames, Parameter: proto.String(param), ProtoFile: all}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	if err := runPlugin("protoc-gen-go", req, outDir); err != nil {
		return err
	}

	files := new(protoregistry.Files)
	descSums := map[string]string{}
	for _, fdp := range all {
		sum, err := descriptorSum(fdp, files)
		if err != nil {
			return fmt.Errorf("descriptor of %s: %w", fdp.GetName(), err)
		}
		descSums[fdp.GetName()] = sum
	}
	var b strings.Builder
	b.WriteString("# Delta Lake's Spark Connect protocol behind the Go code in this folder.\n")
	b.WriteString("# Written by scripts/connect/generate.sh; checked by manifest_test.go (code against\n")
	b.WriteString("# descriptor sums) and scripts/connect/tier.sh (the installed client's descriptors).\n")
	fmt.Fprintf(&b, "delta-spark %s\nsource %s\nprotoc-gen-go %s\n", deltaVersion, source, genGo)
	b.WriteString("# proto <file> <sha256 of the shipped serialized descriptor> <sha256 of the compiled descriptor>\n")
	for _, f := range set.File {
		shipped, err := proto.MarshalOptions{Deterministic: true}.Marshal(f)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(shipped)
		fmt.Fprintf(&b, "proto %s %s %s\n", f.GetName(), hex.EncodeToString(sum[:]), descSums[f.GetName()])
	}
	return os.WriteFile(filepath.Join(outDir, "MANIFEST"), []byte(b.String()), 0o644)
}
