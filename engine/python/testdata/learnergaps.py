# What learners' scripts lean on (issue 15, item 8): from __future__, super() in class
# hierarchies, dict keys that are not strings, exceptions with args and str, os.path.
from __future__ import annotations, print_function

import json
import os


class Base:
    def __init__(self, x):
        self.x = x

    def hello(self):
        return "base %s" % self.x


class Mid(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def hello(self):
        return "mid " + super().hello()


class Leaf(Mid):
    def hello(self):
        return "leaf " + super(Leaf, self).hello()


leaf = Leaf(1, 2)
print(leaf.hello(), leaf.y, isinstance(leaf, Base), issubclass(Leaf, Mid), [k.__name__ for k in Leaf.__mro__])


class A:
    def who(self):
        return "A"


class B(A):
    def who(self):
        return "B" + super().who()


class C(A):
    def who(self):
        return "C" + super().who()


class D(B, C):
    def who(self):
        return "D" + super().who()


print(D().who(), [k.__name__ for k in D.__mro__])

d = {1: "a", (2, 3): "b", 2.5: "c", None: "d", True: "e"}
print(d, d[1], d[(2, 3)], d[None], json.dumps({1: "a", 2: "b"}), json.dumps({True: 1, None: 2, 1.5: 3}))


class Key:
    def __init__(self, k):
        self.k = k

    def __eq__(self, o):
        return isinstance(o, Key) and o.k == self.k

    def __hash__(self):
        return hash(self.k)

    def __repr__(self):
        return "Key(%r)" % self.k


print({Key(1): "one"}[Key(1)], {Key(1): "one"}, {frozenset([1]): 1}[frozenset([1])])


class MyError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg, code)
        self.code = code


class Shout(Exception):
    def __str__(self):
        return "custom " + str(self.args[0])


class Narrow(ValueError):
    pass


for exc in (MyError("boom", 7), Shout("x"), Narrow("n"), ValueError("a", 1), KeyError("k"), Exception()):
    try:
        raise exc
    except Exception as e:
        print(type(e).__name__, e.args, "[%s]" % e, repr(e), isinstance(e, ValueError))
try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise RuntimeError("wrapped") from z
except RuntimeError as e:
    print(e, type(e.__cause__).__name__)

os.makedirs(os.path.join("out", "part"), exist_ok=True)
with open(os.path.join("out", "part", "f.txt"), "w") as f:
    f.write("hi")
print(os.path.exists("out/part"), os.path.isdir("out"), os.path.isfile("out/part/f.txt"), os.listdir("out/part"),
      os.path.getsize("out/part/f.txt"), os.path.basename("out/part/f.txt"), os.path.dirname("out/part/f.txt"),
      os.path.splitext("x.csv"), os.path.relpath("out/part/f.txt", "out"), os.path.normpath("out/./part/../part"),
      os.path.abspath("out") == os.path.join(os.getcwd(), "out"))
