// Package string is kept for importers that blank-import it to get the string
// module, now written in Python (stdlib/pylib/lib/string.py).
package string

import _ "github.com/kafkalab/kafkalab/engine/python/stdlib/pylib" // the string module
