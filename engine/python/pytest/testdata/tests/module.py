# Copyright 2022 The go-python Authors.  All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.

from libtest import testFunc

doc="module"
assert True
assert not False
assert testFunc() is None

doc="finished"
