# Copyright 2018 The go-python Authors.  All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.

# Some targets to be imported

def libfn():
    return 42

libvar = 43

class libclass:
    def method(self):
        return 44

_libprivate = 45
