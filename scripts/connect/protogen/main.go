// Command protogen compiles Spark Connect's .proto files with protocompile (no protoc
// needed), runs the pinned protoc-gen-go and protoc-gen-go-grpc plugins (this module's
// `go tool`s) on them and writes the Go code and a MANIFEST naming the Spark version, the
// plugin versions and each file's SHA-256 (its source and its compiled descriptor).
//
// Usage (see scripts/connect/generate.sh):
//
//	go run . -protos DIR -out DIR -spark 4.2.0 -artifact G:A:V -gen-go vX -gen-go-grpc vY
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bufbuild/protocompile"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/pluginpb"
)

const goPackage = "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"

func main() {
	protos := flag.String("protos", "", "folder holding spark/connect/*.proto")
	out := flag.String("out", "", "folder to write the Go package into")
	spark := flag.String("spark", "", "Spark version of the definitions")
	artifact := flag.String("artifact", "", "Maven artifact the definitions come from")
	genGo := flag.String("gen-go", "", "protoc-gen-go version")
	genGRPC := flag.String("gen-go-grpc", "", "protoc-gen-go-grpc version")
	deltaSet := flag.String("delta-set", "", "FileDescriptorSet of delta/connect/*.proto: generate Delta's package instead")
	deltaVersion := flag.String("delta", "", "delta-spark version of -delta-set")
	deltaSource := flag.String("delta-source", "", "where -delta-set's descriptors come from")
	flag.Parse()
	if *deltaSet != "" {
		if err := runDelta(*deltaSet, *protos, *out, *deltaVersion, *deltaSource, *genGo); err != nil {
			fmt.Fprintln(os.Stderr, "protogen:", err)
			os.Exit(1)
		}
		return
	}
	if *protos == "" || *out == "" || *spark == "" {
		fmt.Fprintln(os.Stderr, "protogen: -protos, -out and -spark are required")
		os.Exit(2)
	}
	if err := run(*protos, *out, *spark, *artifact, *genGo, *genGRPC); err != nil {
		fmt.Fprintln(os.Stderr, "protogen:", err)
		os.Exit(1)
	}
}

func run(protoDir, outDir, spark, artifact, genGo, genGRPC string) error {
	names, err := filepath.Glob(filepath.Join(protoDir, "spark", "connect", "*.proto"))
	if err != nil || len(names) == 0 {
		return fmt.Errorf("no spark/connect/*.proto under %s", protoDir)
	}
	for i, n := range names {
		names[i] = filepath.ToSlash(strings.TrimPrefix(n, protoDir+string(filepath.Separator)))
	}
	sort.Strings(names)

	compiler := protocompile.Compiler{
		Resolver:       protocompile.WithStandardImports(&protocompile.SourceResolver{ImportPaths: []string{protoDir}}),
		SourceInfoMode: protocompile.SourceInfoStandard,
	}
	files, err := compiler.Compile(context.Background(), names...)
	if err != nil {
		return fmt.Errorf("compile: %w", err)
	}

	all := withImports(files)

	var mapping []string
	for _, n := range names {
		mapping = append(mapping, "M"+n+"="+goPackage+";sparkconnectpb")
	}
	param := "module=" + goPackage + "," + strings.Join(mapping, ",")
	req := &pluginpb.CodeGeneratorRequest{FileToGenerate: names, Parameter: proto.String(param), ProtoFile: all}

	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	for _, plugin := range []string{"protoc-gen-go", "protoc-gen-go-grpc"} {
		if err := runPlugin(plugin, req, outDir); err != nil {
			return err
		}
	}
	return writeManifest(outDir, protoDir, names, all, spark, artifact, genGo, genGRPC)
}

func runPlugin(name string, req *pluginpb.CodeGeneratorRequest, outDir string) error {
	in, err := proto.Marshal(req)
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "tool", name)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, stderr.String())
	}
	var resp pluginpb.CodeGeneratorResponse
	if err := proto.Unmarshal(stdout.Bytes(), &resp); err != nil {
		return fmt.Errorf("%s: reading its answer: %w", name, err)
	}
	if resp.Error != nil {
		return fmt.Errorf("%s: %s", name, resp.GetError())
	}
	for _, f := range resp.File {
		path := filepath.Join(outDir, filepath.FromSlash(f.GetName()))
		if err := os.WriteFile(path, []byte(f.GetContent()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// descriptorSum hashes a file's descriptor as the generated package will report it
// (protodesc.ToFileDescriptorProto without source info, marshalled deterministically), so a
// test can check the committed code against the manifest with no .proto file at hand.
func descriptorSum(fdp *descriptorpb.FileDescriptorProto, files *protoregistry.Files) (string, error) {
	c := proto.Clone(fdp).(*descriptorpb.FileDescriptorProto)
	c.SourceCodeInfo = nil
	fd, err := protodesc.NewFile(c, files)
	if err != nil {
		return "", err
	}
	if err := files.RegisterFile(fd); err != nil {
		return "", err
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(protodesc.ToFileDescriptorProto(fd))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

func writeManifest(outDir, protoDir string, names []string, all []*descriptorpb.FileDescriptorProto, spark, artifact, genGo, genGRPC string) error {
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
	b.WriteString("# Spark Connect protocol definitions behind the Go code in this folder.\n")
	b.WriteString("# Written by scripts/connect/generate.sh; checked by manifest_test.go (code against\n")
	b.WriteString("# descriptor sums) and scripts/connect/tier.sh (Maven's .proto files against source sums).\n")
	fmt.Fprintf(&b, "spark %s\nartifact %s\nprotoc-gen-go %s\nprotoc-gen-go-grpc %s\n", spark, artifact, genGo, genGRPC)
	b.WriteString("# proto <file> <sha256 of the .proto source> <sha256 of the compiled descriptor>\n")
	for _, n := range names {
		src, err := os.ReadFile(filepath.Join(protoDir, filepath.FromSlash(n)))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(src)
		fmt.Fprintf(&b, "proto %s %s %s\n", n, hex.EncodeToString(sum[:]), descSums[n])
	}
	return os.WriteFile(filepath.Join(outDir, "MANIFEST"), []byte(b.String()), 0o644)
}

// withImports lists files and everything they import, each once, dependencies before their
// users: the order protoc sends a plugin's request in.
func withImports[F protoreflect.FileDescriptor](files []F) []*descriptorpb.FileDescriptorProto {
	var all []*descriptorpb.FileDescriptorProto
	seen := map[string]bool{}
	var add func(fd protoreflect.FileDescriptor)
	add = func(fd protoreflect.FileDescriptor) {
		if seen[fd.Path()] {
			return
		}
		seen[fd.Path()] = true
		imps := fd.Imports()
		for i := 0; i < imps.Len(); i++ {
			add(imps.Get(i).FileDescriptor)
		}
		all = append(all, protodesc.ToFileDescriptorProto(fd))
	}
	for _, f := range files {
		add(f)
	}
	return all
}
