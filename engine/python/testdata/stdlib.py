# Every standard module kafkalab's runtime offers imports in a script and behaves as CPython's.
import abc, bisect, collections, contextlib, copy, dataclasses, enum, fractions, functools
import hashlib, heapq, io, itertools, json, logging, math, operator, pprint, random, re
import statistics, string, sys, textwrap, time, traceback, typing, uuid, warnings
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple

print(re.sub(r"a+", "b", "caat"), re.findall(r"\d+", "a1b22c333"), copy.deepcopy([1, [2]]))
print(list(itertools.islice(itertools.count(), 3)), functools.reduce(operator.add, [1, 2, 3]))
print(Counter("abca").most_common(1), hashlib.md5(b"x").hexdigest(), heapq.nsmallest(2, [5, 1, 3]))
print(bisect.bisect([1, 3, 5], 4), deque([1, 2], maxlen=2), OrderedDict(a=1), dict(defaultdict(int, b=2)))
Point = namedtuple("Point", "x y")
print(Point(1, 2), Point(1, 2)._asdict())


@dataclasses.dataclass(frozen=True)
class Order:
    id: int
    amount: float = 0.0


class Status(enum.Enum):
    NEW = 1
    PAID = 2


print(Order(7, 9.5), Status.PAID, Status(1).name, [s.value for s in Status])
random.seed(1)
print(random.randint(1, 100), random.choice("abc"), round(random.random(), 6))
try:
    1 / 0
except ZeroDivisionError:
    print(traceback.format_exc().splitlines()[-1])
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(name)s %(message)s")
logging.getLogger("orders").info("read %d rows", 3)
buf = io.StringIO()
buf.write("hi")
print(buf.getvalue(), statistics.mean([1, 2, 3, 4]), statistics.median([3, 1, 2]), fractions.Fraction(1, 3) + 1)
print(textwrap.shorten("a long line of words to shorten", width=15), string.ascii_lowercase[:5])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("careful")
print(len(caught), str(caught[0].message))
k, x = 3, 2.5
print(f"{k=} {x:.2f} {k!r:>4} {{}} {'a' + 'b'}")
pprint.pprint({"b": [1, 2], "a": {"c": 3}})
print(json.dumps({"a": [1, 2.5, None]}, indent=2, sort_keys=True))
print(isinstance(uuid.uuid4(), uuid.UUID), math.isclose(0.1 + 0.2, 0.3), typing.Optional[int])
with contextlib.suppress(KeyError):
    {}["x"]
print(abc.ABC.__name__, time.strftime("%Y", time.gmtime(0)))
