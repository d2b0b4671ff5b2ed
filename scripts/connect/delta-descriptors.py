"""Writes Delta Lake's Spark Connect protocol (delta/connect/*.proto) as a FileDescriptorSet.

io.delta:delta-connect-common (the artifact holding the .proto sources) is not served by Maven
Central for delta-spark 4.4.0, so the definitions come from the compiled descriptors that
delta-spark's Python package ships in delta/connect/proto/*_pb2.py: the same messages the
client sends. Usage: python delta-descriptors.py OUT.pb (with delta-spark installed).
"""
import sys

from google.protobuf import descriptor_pb2

from delta.connect.proto import base_pb2, commands_pb2, relations_pb2

out = descriptor_pb2.FileDescriptorSet()
# Dependencies before their users, as protoc orders a request.
for module in (base_pb2, relations_pb2, commands_pb2):
    out.file.add().MergeFromString(module.DESCRIPTOR.serialized_pb)
with open(sys.argv[1], "wb") as f:
    f.write(out.SerializeToString())
