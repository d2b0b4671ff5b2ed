// Package localfs writes files the way Spark's default local file system (Hadoop's
// ChecksumFileSystem over the local disk) does: beside every file it writes, a hidden
// ".<name>.crc" holding CRC-32 checksums of the file's 512-byte chunks.
package localfs

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
)

// bytesPerChecksum is Hadoop's file.bytes-per-checksum default.
const bytesPerChecksum = 512

// ChecksumName is the side file Hadoop keeps for name.
func ChecksumName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".crc")
}

// Checksum is the content of the .crc file for data: "crc\0", the chunk size, then one
// big-endian CRC-32 per chunk.
func Checksum(data []byte) []byte {
	out := make([]byte, 0, 8+4*((len(data)+bytesPerChecksum-1)/bytesPerChecksum))
	out = append(out, 'c', 'r', 'c', 0)
	out = binary.BigEndian.AppendUint32(out, bytesPerChecksum)
	for i := 0; i < len(data); i += bytesPerChecksum {
		end := min(i+bytesPerChecksum, len(data))
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(data[i:end]))
	}
	return out
}

// WriteChecksumOf writes the .crc side file of the file at path from its current content.
func WriteChecksumOf(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("checksum of %s: %w", path, err)
	}
	if err := os.WriteFile(ChecksumName(path), Checksum(data), 0o644); err != nil {
		return fmt.Errorf("checksum of %s: %w", path, err)
	}
	return nil
}

// WriteFile writes data to path and its .crc side file.
func WriteFile(path string, data []byte) error {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(ChecksumName(path), Checksum(data), 0o644); err != nil {
		return fmt.Errorf("checksum of %s: %w", path, err)
	}
	return nil
}

// EscapePathName percent-encodes the characters Hive-style partition folders cannot hold
// (control characters, quotes, path and glob specials), as Spark does for partition names
// and values (ExternalCatalogUtils.escapePathName): file sinks and Delta tables share it.
func EscapePathName(v string) string {
	var b strings.Builder
	for _, c := range v {
		if c < 0x20 || c == 0x7f || strings.ContainsRune("\"#%'*/:=?\\{[]^", c) {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
