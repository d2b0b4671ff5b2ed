None
#---
True
#---
False
#---
0
#---
-17
#---
12345678901234567890123
#---
-(2**100)
#---
2**64
#---
1.0
#---
-0.0
#---
0.1
#---
0.1 + 0.2
#---
1/3
#---
2/3
#---
1e16
#---
1e15
#---
1.5e-5
#---
0.0001
#---
123456789.5
#---
1e100
#---
1e-100
#---
float('inf')
#---
-float('inf')
#---
float('nan')
#---
3.14159
#---
100.0
#---
1.5e300 * 1e10
#---
complex(1, 2)
#---
2j
#---
complex(1, -0.0)
#---
-1.5j + 3
#---
'abc'
#---
"it's"
#---
'say "hi"'
#---
'both \' and "'
#---
'tab\there'
#---
'new\nline'
#---
'\x00\x01\x7f'
#---
'é ü 中文'
#---
'\u2028'
#---
'back\\slash'
#---
b'bytes'
#---
b"it's"
#---
b'\x00\xff'
#---
()
#---
(1,)
#---
(1, 2)
#---
((1,), (2, 3))
#---
[]
#---
[1, 'a', None]
#---
[[1, 2], [3]]
#---
{}
#---
{'a': 1, 'b': [1, 2]}
#---
{1: 'one', 2: 'two'}
#---
{(1, 2): 'pair', None: 0, 1.5: 'f'}
#---
set()
#---
{3, 1, 2}
#---
{10, 1, 33, 5}
#---
frozenset()
#---
frozenset({2, 1})
#---
{True, 1, 1.0}
#---
range(5)
#---
range(1, 10, 2)
#---
slice(1, 2)
#---
slice(None, None, -1)
#---
int
#---
str
#---
type(None)
#---
type(1.0).__name__
#---
list.__name__
#---
ValueError('bad')
#---
KeyError('k')
#---
ValueError()
#---
ValueError('a', 1)
#---
str(ValueError('bad'))
#---
str(KeyError('k'))
#---
repr(RuntimeError('x'))
#---
str(1.0)
#---
str(1e16)
#---
str(-0.0)
#---
str(None)
#---
str(True)
#---
str([1, 'a'])
#---
str((1,))
#---
str({'a': 'b'})
#---
'%s' % None
#---
'%s' % True
#---
'%s' % ([1, 2],)
#---
'%r' % ([1, 2],)
#---
'%r' % 'x'
#---
'%a' % 'é'
#---
'%d' % 42
#---
'%i' % -3
#---
'%u' % 7
#---
'%5d|' % 42
#---
'%-5d|' % 42
#---
'%05d' % -42
#---
'%+d' % 5
#---
'% d' % 5
#---
'%x %X %o' % (255, 255, 8)
#---
'%#x %#X %#o' % (255, 255, 8)
#---
'%f' % 3.14159
#---
'%.2f' % 3.14159
#---
'%10.3f|' % 3.14159
#---
'%-10.3f|' % 3.14159
#---
'%e' % 12345.678
#---
'%E' % 0.000123
#---
'%g' % 0.00001234
#---
'%g' % 123456789
#---
'%G' % 1e-10
#---
'%.3g' % 3.14159
#---
'%c%c' % (65, 'b')
#---
'%%'  % ()
#---
'%s and %s' % ('a', 'b')
#---
'%(name)s is %(age)d' % {'name': 'Ann', 'age': 30}
#---
'%*d|' % (5, 3)
#---
'%.*f' % (2, 3.14159)
#---
'%.3s' % 'abcdef'
#---
'%5s|%-5s|' % ('ab', 'cd')
#---
'%d' % 3.99
#---
'%s' % 1.5
#---
'%s %s' % (1,)
#---
'%s' % (1, 2)
#---
'%d' % 'x'
#---
'%z' % 1
#---
'{}'.format(1)
#---
'{} {}'.format('a', 'b')
#---
'{1} {0}'.format('a', 'b')
#---
'{name}!'.format(name='x')
#---
'{0[1]} {1[k]}'.format([1, 2], {'k': 'v'})
#---
'{:>10}|'.format('r')
#---
'{:<10}|'.format('l')
#---
'{:^10}|'.format('c')
#---
'{:*^11}'.format('mid')
#---
'{:+d} {: d} {:-d}'.format(3, 3, -3)
#---
'{:,}'.format(1234567)
#---
'{:_}'.format(1234567)
#---
'{:,.2f}'.format(1234567.891)
#---
'{:08.3f}'.format(-3.14159)
#---
'{:#x} {:#o} {:#b}'.format(255, 8, 5)
#---
'{:x} {:X} {:o} {:b}'.format(255, 255, 8, 5)
#---
'{:_x}'.format(0xffffffff)
#---
'{:e}'.format(123456.789)
#---
'{:.3e}'.format(0.000123456)
#---
'{:g}'.format(1234567.0)
#---
'{:g}'.format(0.0000123)
#---
'{:.2%}'.format(0.12345)
#---
'{:%}'.format(0.5)
#---
'{:c}'.format(97)
#---
'{:5}|'.format(42)
#---
'{:5}|'.format('ab')
#---
'{:05}'.format(42)
#---
'{:=+8}'.format(42)
#---
'{!r} {!s} {!a}'.format('x', 'y', 'é')
#---
'{:.3}'.format('abcdef')
#---
'{:.3}'.format(3.14159)
#---
'{}'.format(1.0)
#---
'{:.2}'.format(1.0)
#---
'{:10.2f}|'.format(2.5)
#---
'{{literal}} {}'.format(1)
#---
'{0:{1}}|'.format('x', 5)
#---
'{:d}'.format('x')
#---
'{:s}'.format(1)
#---
'{} {}'.format(1)
#---
'{0} {}'.format(1, 2)
#---
'{'.format()
#---
format(1234.5678, '.2f')
#---
format(42)
#---
format(42, 'b')
#---
format(True)
#---
format(True, 'd')
#---
format(None)
#---
format('x', '>3')
#---
format(3.0, '')
#---
format(1e20, '')
#---
format(-0.0, 'z.1f')
#---
format(1234567, ',d')
#---
format(255, '#010x')
#---
format(0.5, '.0f')
#---
format(1.5, '.0f')
#---
format(2.5, '.0f')
#---
format(float('inf'), 'f')
#---
format(float('nan'), 'F')
#---
format(12.0, 'g')
#---
format(12.0, '#g')
#---
'abc'.upper()
#---
'ABC'.lower()
#---
'hello world'.title()
#---
"they're bill's friends".title()
#---
'hELLO'.capitalize()
#---
'Hello'.swapcase()
#---
'Straße'.casefold()
#---
'a,b,,c'.split(',')
#---
'a b  c'.split()
#---
'  a b  c  '.split()
#---
'a,b,c,d'.split(',', 2)
#---
'a b c d'.split(None, 1)
#---
'a,b,c,d'.rsplit(',', 1)
#---
'  a b c  '.rsplit(None, 1)
#---
''.split()
#---
''.split(',')
#---
'a,b'.split('')
#---
'key=value=x'.partition('=')
#---
'key=value=x'.rpartition('=')
#---
'novalue'.partition('=')
#---
'  pad  '.strip()
#---
'xxpadxx'.strip('x')
#---
'  pad  '.lstrip()
#---
'  pad  '.rstrip()
#---
'abcba'.strip('ab')
#---
'hello'.startswith('he')
#---
'hello'.startswith(('x', 'h'))
#---
'hello'.endswith('lo')
#---
'hello'.endswith(('x', 'y'))
#---
'hello'.startswith('l', 2)
#---
'hello'.find('l')
#---
'hello'.rfind('l')
#---
'hello'.find('z')
#---
'hello'.find('l', 3)
#---
'héllo'.find('l')
#---
'hello'.index('e')
#---
'hello'.index('z')
#---
'hello'.rindex('l')
#---
'banana'.count('a')
#---
'banana'.count('an', 2)
#---
'banana'.count('')
#---
'aaa'.replace('a', 'b')
#---
'aaa'.replace('a', 'b', 2)
#---
'42'.zfill(5)
#---
'-42'.zfill(5)
#---
'ab'.center(7, '*')
#---
'ab'.center(6)
#---
'abc'.center(6)
#---
'ab'.ljust(5, '-')
#---
'ab'.rjust(5)
#---
'Title Case'.istitle()
#---
'123'.isdigit()
#---
'12a'.isdigit()
#---
'abc'.isalpha()
#---
'abc1'.isalnum()
#---
'  \t'.isspace()
#---
''.isspace()
#---
'ABC'.isupper()
#---
'abc'.islower()
#---
'Abc'.isupper()
#---
'var_1'.isidentifier()
#---
'1var'.isidentifier()
#---
'a\nb\r\nc'.splitlines()
#---
'a\nb\n'.splitlines(True)
#---
'a\tb'.expandtabs(4)
#---
'héllo'.encode()
#---
'abc'.encode('ascii')
#---
'é'.encode('ascii')
#---
'abc'.translate(str.maketrans('ab', 'xy'))
#---
'abc'.translate({ord('a'): None})
#---
'prefix_name'.removeprefix('prefix_')
#---
'file.txt'.removesuffix('.txt')
#---
'{a}-{b}'.format_map({'a': 1, 'b': 2})
#---
', '.join(['a', 'b', 'c'])
#---
''.join([])
#---
'-'.join('abc')
#---
', '.join([1, 2])
#---
'ab' * 3
#---
3 * 'ab'
#---
'ab' * 0
#---
'ab' + 'cd'
#---
'abc'[1]
#---
'abc'[-1]
#---
'abcdef'[1:4]
#---
'abcdef'[::2]
#---
'abcdef'[::-1]
#---
'abc'[5]
#---
len('héllo')
#---
'b' in 'abc'
#---
'x' not in 'abc'
#---
'abc' < 'abd'
#---
ord('A')
#---
chr(9731)
#---
chr(-1)
#---
bin(10)
#---
oct(8)
#---
hex(255)
#---
hex(-255)
#---
bin(2**70)
#---
int('42')
#---
int('-0x1f', 16)
#---
int('101', 2)
#---
int('  7  ')
#---
int(3.99)
#---
int(-3.99)
#---
int('abc')
#---
float('1.5')
#---
float('  -2  ')
#---
float('x')
#---
bool(0)
#---
bool([])
#---
bool('a')
#---
abs(-5)
#---
abs(-2.5)
#---
abs(True)
#---
divmod(7, 2)
#---
divmod(-7, 2)
#---
divmod(7.5, 2)
#---
pow(2, 10)
#---
pow(2, -1)
#---
pow(3, 4, 5)
#---
pow(3, -1, 7)
#---
2 ** 0.5
#---
(-8) ** (1/3) if False else 8 ** (1/3)
#---
7 // 2
#---
-7 // 2
#---
7 % 3
#---
-7 % 3
#---
7.5 // 2
#---
1 / 0
#---
1 // 0
#---
1 % 0
#---
round(2.5)
#---
round(3.5)
#---
round(-2.5)
#---
round(2.675, 2)
#---
round(1234, -2)
#---
round(1250, -2)
#---
round(1.5)
#---
round(0.125, 2)
#---
round(1e20)
#---
round(float('inf'))
#---
min(3, 1, 2)
#---
max([3, 1, 2])
#---
min([], default=0)
#---
max(['aa', 'b', 'ccc'], key=len)
#---
min('bca')
#---
max([])
#---
min(1, 2, key=lambda x: -x)
#---
sum([1, 2, 3])
#---
sum([1, 2], 10)
#---
sum([[1], [2]], [])
#---
sum([0.1] * 10)
#---
sum(['a'], '')
#---
any([0, 0, 1])
#---
all([1, 1, 0])
#---
any([])
#---
all([])
#---
list(enumerate('ab'))
#---
list(enumerate('ab', start=1))
#---
list(zip([1, 2], 'ab'))
#---
list(zip([1, 2, 3], 'ab'))
#---
list(zip([1, 2, 3], 'ab', strict=True))
#---
list(map(str, [1, 2]))
#---
list(map(lambda a, b: a + b, [1, 2], [10, 20]))
#---
list(filter(None, [0, 1, 2, None]))
#---
list(filter(lambda x: x % 2, range(6)))
#---
sorted([3, 1, 2])
#---
sorted([3, 1, 2], reverse=True)
#---
sorted(['b', 'A', 'c'], key=str.lower)
#---
sorted([(1, 'b'), (1, 'a'), (0, 'z')])
#---
sorted([[2], [1, 5], [1]])
#---
sorted({'b': 1, 'a': 2})
#---
sorted({'b': 1, 'a': 2}.items(), key=lambda kv: kv[1])
#---
sorted([3, 'a'])
#---
sorted([(2, 'x'), (1, 'y'), (2, 'a')], key=lambda t: t[0])
#---
list(reversed([1, 2, 3]))
#---
list(reversed('abc'))
#---
list(reversed(range(3)))
#---
isinstance(1, int)
#---
isinstance(True, int)
#---
isinstance(1, (str, float))
#---
isinstance('a', (str, float))
#---
issubclass(bool, int)
#---
issubclass(KeyError, LookupError)
#---
issubclass(ValueError, (TypeError, Exception))
#---
callable(len)
#---
callable(1)
#---
callable(lambda: 0)
#---
hash(1) == hash(1.0) == hash(True)
#---
hash((1, 2)) == hash((1, 2))
#---
hash([1])
#---
hash({})
#---
hash(frozenset([1, 2])) == hash(frozenset([2, 1]))
#---
getattr('abc', 'upper')()
#---
getattr(1, 'nope', 'default')
#---
getattr(1, 'nope')
#---
hasattr('abc', 'upper')
#---
hasattr(1, 'nope')
#---
iter([1, 2]).__next__()
#---
next(iter([]), 'end')
#---
next(iter([]))
#---
list(iter([1, 2, 3]))
#---
repr('x')
#---
ascii('é')
#---
ascii(['ü'])
#---
(1).bit_length()
#---
(255).bit_length()
#---
(-8).bit_length()
#---
(1024).to_bytes(2, 'big')
#---
(1024).to_bytes(2, 'little')
#---
(-1).to_bytes(2, 'big', signed=True)
#---
int.from_bytes(b'\x04\x00', 'big')
#---
int.from_bytes(b'\xff\xff', 'big', signed=True)
#---
(2.0).is_integer()
#---
(2.5).is_integer()
#---
(0.5).as_integer_ratio()
#---
(1.0).hex()
#---
(0.1).hex()
#---
(-2.5).hex()
#---
[1, 2, 3].index(2)
#---
[1, 2, 3].index(4)
#---
[1, 2, 1].index(1, 1)
#---
[1, 2, 1].count(1)
#---
(1, 2, 2).count(2)
#---
(1, 2).index(2)
#---
l = [1, 2, 3]; l.insert(0, 0); l.insert(100, 9); l.insert(-1, 8); print(l)
#---
l = [1, 2, 3]; print(l.pop(), l.pop(0), l)
#---
l = []; l.pop()
#---
l = [1, 2, 3]; l.pop(5)
#---
l = [1, 2, 1]; l.remove(1); print(l)
#---
l = [1]; l.remove(5)
#---
l = [1, 2, 3]; l.reverse(); print(l)
#---
l = [1]; l.extend((2, 3)); l.extend(range(2)); print(l)
#---
l = [1, 2]; c = l.copy(); c.append(3); print(l, c)
#---
l = [1, 2]; l.clear(); print(l)
#---
l = [3, 1, 2]; l.sort(); print(l)
#---
l = ['bb', 'a', 'ccc']; l.sort(key=len, reverse=True); print(l)
#---
l = [(1, 'b'), (0, 'a'), (1, 'a')]; l.sort(key=lambda t: t[0]); print(l)
#---
l = [1, 2]; l *= 2; print(l)
#---
l = [1]; m = l; l += [2]; print(m)
#---
[0] * 3
#---
[[0]] * 2
#---
[1, 2] + [3]
#---
[1, 2, 3][1:]
#---
[1, 2, 3][::-1]
#---
[1, 2, 3][5]
#---
l = [1, 2, 3, 4]; l[1:3] = ['x']; print(l)
#---
l = [1, 2, 3, 4]; del l[::2]; print(l)
#---
[1, 2] == [1, 2]
#---
[1, 2] < [1, 3]
#---
(1, 2) < (1, 2, 0)
#---
(2,) > (1, 9)
#---
[1, 'a'] < [1, 2]
#---
(1, [2]) == (1, [2])
#---
d = {}; d['a'] = 1; d['b'] = 2; d['a'] = 3; print(d)
#---
d = {'b': 1, 'a': 2}; print(list(d))
#---
d = {1: 'a'}; d[1.0] = 'b'; d[True] = 'c'; print(d)
#---
d = {}; d[[1]] = 2
#---
d = {}; d[{}] = 1
#---
d = {}; d[{1}] = 1
#---
d = {}; d[(1, [2])] = 1
#---
{'a': 1}['b']
#---
{'a': 1}.get('b')
#---
{'a': 1}.get('b', 0)
#---
d = {'a': 1}; print(d.setdefault('a', 5), d.setdefault('b', 6), d)
#---
d = {'a': 1, 'b': 2}; print(d.pop('a'), d)
#---
d = {}; d.pop('x')
#---
d = {}; print(d.pop('x', 'dflt'))
#---
d = {'a': 1, 'b': 2}; print(d.popitem(), d)
#---
d = {}; d.popitem()
#---
d = {'a': 1}; d.update({'b': 2}, c=3); d.update([('d', 4)]); print(d)
#---
d = {'a': 1}; c = d.copy(); c['z'] = 0; print(d, c)
#---
d = {'a': 1}; d.clear(); print(d)
#---
dict.fromkeys('ab')
#---
dict.fromkeys([1, 2], 0)
#---
{'a': 1} | {'b': 2, 'a': 3}
#---
d = {'a': 1}; d |= {'c': 3}; print(d)
#---
{'a': 1}.keys()
#---
{'a': 1}.values()
#---
{'a': 1}.items()
#---
{'a': 1, 'b': 2}.keys() & {'a'}
#---
'a' in {'a': 1}.keys()
#---
('a', 1) in {'a': 1}.items()
#---
{'a': 1} == {'a': 1.0}
#---
{'a': 1, 'b': 2} == {'b': 2, 'a': 1}
#---
{'a': 1} != {'a': 2}
#---
dict(a=1, b=2)
#---
dict(z=1, a=2, m=3)
#---
dict([('x', 1), ('y', 2)])
#---
dict({'a': 1}, b=2)
#---
dict([('a', 1, 2)])
#---
{k: v * 2 for k, v in [('a', 1), ('b', 2)]}
#---
{x % 3: x for x in range(6)}
#---
d = {'a': 1}
for k in d:
    d['b'] = 2
#---
d = {1: 2, 3: 4}; print([(k, v) for k, v in d.items()])
#---
len({1: 2, 3: 4})
#---
def f(**kw):
    return kw
print(f(b=1, a=2, c=3))
#---
def f(*args, **kw):
    return args, kw
print(f(1, 2, x=3))
#---
def f(a, b=2, *, c=3):
    return a, b, c
print(f(1, c=5), f(1, 2, c=4))
#---
def f(a):
    return a
f(1, 2)
def f(a):
    return a
f()
def f(a):
    return a
f(b=1)
def g(x, y):
    return x - y
print(g(**{'y': 1, 'x': 5}), g(*[5, 1]))
#---
{1, 2} | {3}
#---
{1, 2} & {2, 3}
#---
{1, 2} - {2}
#---
{1, 2} ^ {2, 3}
#---
{1, 2} <= {1, 2, 3}
#---
{1, 2} < {1, 2}
#---
{1, 2} == frozenset({1, 2})
#---
s = {1}; s.add(2); s.add(1); print(s, len(s))
#---
s = {1, 2}; s.discard(5); s.remove(1); print(s)
#---
s = {1}; s.remove(9)
#---
s = {1, 2, 3}; s.update([4, 5], {6}); print(s)
#---
{1, 2}.union([3], (4,))
#---
{1, 2, 3}.intersection([2, 3, 4])
#---
{1, 2, 3}.difference({1})
#---
{1, 2}.issubset([1, 2, 3])
#---
{1, 2}.isdisjoint({3})
#---
frozenset([1, 2]) | {3}
#---
set('aab') == {'a', 'b'}
#---
sorted({'b', 'a', 'c'})
#---
{[1]}
#---
{(1, 2), (1, 2)}
#---
len({1, 1.0, True})
#---
list(range(3))
#---
list(range(10, 0, -3))
#---
range(0, 10, 2)[2]
#---
range(5)[-1]
#---
5 in range(10)
#---
len(range(0, 100, 7))
#---
list(range(5))[1:3]
#---
class A:
    pass
print(A.__name__, type(A()).__name__)
#---
class A:
    x = 1
    def __init__(self, v):
        self.v = v
    def total(self):
        return self.x + self.v
a = A(2)
print(a.total(), A.x, a.v)
#---
class Animal:
    def __init__(self, name):
        self.name = name
    def speak(self):
        return '...'
    def intro(self):
        return self.name + ' says ' + self.speak()
class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return 'woof'
d = Dog('Rex', 'lab')
print(d.intro(), d.breed, isinstance(d, Animal))
#---
class A:
    def hi(self):
        return 'A'
class B(A):
    def hi(self):
        return 'B' + super(B, self).hi()
print(B().hi())
#---
class A:
    def hi(self):
        return 'A'
class B(A):
    def hi(self):
        return 'B' + super().hi()
class C(B):
    def hi(self):
        return 'C' + super().hi()
print(C().hi())
#---
class Temp:
    def __init__(self):
        self._c = 0
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        self._c = v * 2
#---
t = Temp()
t.c = 5
print(t.c)
#---
class M:
    @staticmethod
    def s(x):
        return x + 1
    @classmethod
    def make(cls):
        return cls.__name__
print(M.s(1), M().s(2), M.make(), M().make())
#---
class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
Counter(); Counter()
#---
print(Counter.count)
#---
class P:
    def __init__(self, x):
        self.x = x
    def __repr__(self):
        return 'P(%r)' % self.x
    def __str__(self):
        return 'point ' + str(self.x)
print(P(1), repr(P(2)), [P(3)], str(P('a')))
#---
class V:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        return isinstance(o, V) and self.x == o.x
    def __hash__(self):
        return hash(self.x)
    def __lt__(self, o):
        return self.x < o.x
print(V(1) == V(1), len({V(1), V(1), V(2)}), sorted([V(3), V(1)])[0].x)
#---
class NoHash:
    def __eq__(self, o):
        return True
hash(NoHash())
#---
class Num:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return Num(self.v + o.v)
    def __len__(self):
        return self.v
print((Num(1) + Num(2)).v, len(Num(4)))
#---
class E(Exception):
    pass
try:
    raise E('custom')
except Exception as e:
    print(type(e).__name__, e, repr(e), e.args)
class E(ValueError):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
try:
    raise E('bad', 42)
except ValueError as e:
    print(e, e.code, isinstance(e, E))
class E(Exception):
    def __str__(self):
        return 'custom str'
try:
    raise E()
except E as e:
    print(str(e))
class E(Exception):
    pass
raise E('escaped')
#---
try:
    raise KeyError('k')
except LookupError as e:
    print('caught', repr(e))
try:
    [][1]
except (TypeError, IndexError) as e:
    print(type(e).__name__, e)
try:
    int('x')
except ValueError as e:
    print(e)
try:
    None.x
except AttributeError as e:
    print(e)
try:
    undefined_name
except NameError as e:
    print(e)
try:
    1 + 'a'
except TypeError as e:
    print(e)
try:
    raise ValueError('inner')
except ValueError as e:
    try:
        raise RuntimeError('outer') from e
    except RuntimeError as r:
        print(repr(r), repr(r.__cause__))
try:
    raise ValueError
except ValueError as e:
    print(repr(e))
def f():
    try:
        return 'try'
    finally:
        print('finally')
print(f())
#---
def f():
    try:
        1 / 0
    except ZeroDivisionError:
        return 'handled'
    finally:
        print('cleanup')
print(f())
#---
try:
    try:
        raise ValueError('a')
    finally:
        print('fin')
except ValueError as e:
    print('outer', e)
class C:
    def __enter__(self):
        print('enter')
        return 'res'
    def __exit__(self, et, ev, tb):
        print('exit', et.__name__ if et else None, ev)
        return True
with C() as r:
    print('body', r)
    raise KeyError('x')
print('after')
#---
class C:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return False
with C():
    raise ValueError('propagates')
try:
    raise Exception('a', 'b')
except Exception as e:
    print(e.args, str(e))
e = ValueError('x')
print(isinstance(e, Exception), isinstance(e, BaseException), issubclass(ValueError, Exception))
#---
try:
    raise TypeError('t')
except Exception:
    print('exception catches TypeError')
try:
    raise KeyboardInterrupt
except Exception:
    print('wrong')
except BaseException as e:
    print('base', type(e).__name__)
import sys
def f(n):
    return f(n + 1)
try:
    f(0)
except RecursionError as e:
    print(type(e).__name__, e)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), fact(30))
#---
l = [1]; l.append(l); print(l)
#---
d = {'a': 1}; d['self'] = d; print(d)
#---
l = [1]; l.append(l); print(str(l), repr([l]))
#---
l = []; l.append(l); print(l == l, l in l)
#---
a = [1, 2]; b = (a, a); print(b)
x = []
for i in range(3000):
    x = [x]
print(repr(x))
#---
x = []
for i in range(3000):
    x = [x]
y = []
for i in range(3000):
    y = [y]
print(x == y)
#---
x = ()
for i in range(3000):
    x = (x,)
print(hash(x) == 0)
#---
str(10 ** 5000)
#---
len(str(2 ** 10000))
#---
def gen():
    yield 1
    yield 2
print(list(gen()), sum(x * x for x in range(4)))
#---
print([x for x in range(5) if x % 2], {x: x * x for x in range(3)}, {x % 2 for x in range(5)})
#---
f = lambda x, y=2: x * y
print(f(3), f(3, 3))
#---
def outer():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    inc(); inc()
    return n
print(outer())
a, *b, c = [1, 2, 3, 4]
print(a, b, c)
#---
x = 5
x += 2; x *= 3; x //= 2; x -= 1; x %= 7
print(x)
#---
print(1 < 2 < 3, 1 < 2 > 3, 1 == 1.0, 1 is 1, None is None)
#---
print(not 0, 0 or 'b', 1 and 2, None or [])
#---
i = 0
while True:
    i += 1
    if i > 5:
        break
else:
    print('no')
print(i)
#---
for i in range(3):
    if i == 1:
        continue
    print(i)
else:
    print('done')
print(*[1, 2, 3], sep='-', end='!\n')
#---
print()
#---
print('a', 'b')
#---
print('no newline', end='')
#---
print(1, None, True, 2.5, [1], (1,), {'a': None})
#---
print(f'{1 + 1}')
#---
print(True + True, True * 3, -True)
#---
print(0.1 * 3, 1e308 * 10, -1e308 * 10)
#---
print(int(1e20), float(2 ** 70))
#---
print(10 ** 20, -(10 ** 20) // 3, (10 ** 20) % 7)
#---
print(3 & 5, 3 | 5, 3 ^ 5, ~3, 1 << 70, 2 ** 70 >> 60)
#---
print(divmod(10 ** 20, 7))
#---
print(abs(-10 ** 20), -(-10 ** 20))
#---
print(max(1, 2.5), min(True, 0))
#---
print(round(0.5), round(1.5), round(2.5), round(-0.5))
#---
print(round(3.14159, 3), round(-1.005, 2), round(5, 1))
#---
import math
print(math.floor(2.5), math.ceil(2.1), math.sqrt(16), math.pi)
#---
print(math.isnan(float('nan')), math.isinf(float('inf')), math.gcd(12, 18))
#---
print(type(1), type('a'), type([]), type({}), type(None))
#---
print(type(1) is int, type(True) is bool, type(1.5).__name__)
#---
class K:
    pass
print(K, K.__name__, K.__qualname__, K.__module__)
#---
print(int.__name__, str.__name__, dict.__name__, Exception.__name__)
#---
print(ValueError.__mro__)
#---
print(bool.__mro__)
#---
print(str.join(',', ['a', 'b']), str.upper('x'))
#---
print(list.__name__, type([]).__name__, type({}).__name__)
#---
print(isinstance({}, dict), isinstance([], list), isinstance((), tuple))
#---
print(vars(type('X', (), {'a': 1})())) if False else print({})
#---
class Obj:
    def __init__(self):
        self.a = 1
        self.b = 'x'
print(vars(Obj()), Obj().__dict__)
#---
class Obj:
    def __init__(self):
        self.a = 1
o = Obj()
setattr(o, 'b', 2)
delattr(o, 'a')
print(hasattr(o, 'a'), getattr(o, 'b'))
#---
print(dir(1)[:3] if False else sorted(['b', 'a']))
#---
print('%s' % (None,), '%s|%s' % (True, False))
#---
print('%s' % {'a': 1}, '%d%%' % 50)
#---
print('{:>8}|{:<8}|{:^8}|'.format(1.5, True, None))
#---
print('{0!r:>10}'.format('x'))
#---
x = 3.14159
print(f'{x:.2f} {x!r} {x:>10.1f}|')
#---
name = 'w'
print(f'hello {name!r} {name.upper()} {{braces}}')
#---
print(f"{'nested'} {1 + 2:03d} {[1, 2][0]}")
#---
print(bytes([65, 66]), bytes('ab', 'utf-8'), b'ab'.decode())
#---
print(list(b'ab'), b'abc'[1], b'abc'[1:])
#---
print(len(b'abc'), b'a' + b'b', b'ab' * 2)
#---
print(b'x' in b'xyz', b'abc' == b'abc')
#---
print(str(b'ab'), repr(b"it's"))
#---
print(slice(1, 10, 2).indices(5))
#---
print([1, 2, 3, 4][slice(1, 3)])
#---
print(tuple('abc'), list((1, 2)), set([1, 1, 2]))
#---
print(frozenset('aa'), len(frozenset()))
#---
print(max({'a': 3, 'b': 1}), min({'a': 3, 'b': 1}, key=lambda k: {'a': 3, 'b': 1}[k]))
#---
print(sorted([1.5, 1, True, 0]))
#---
print(all(isinstance(x, int) for x in [1, True]))
#---
print(list(map(lambda t: t[0], [(1, 2), (3, 4)])))
#---
print(dict(zip('ab', [1, 2])))
#---
print(list(enumerate({'x': 1, 'y': 2})))
#---
print(sum(range(101)), sum([]), sum([], 0.0))
#---
print(str(123), str(-0.5), str(1e-7), str(123456789012345678))
#---
print(float('1e500'), float('-inf'), float('nan') == float('nan'))
#---
print(1e22, 1e21, 123456789012345678.0, 0.000001, 1e-7)
#---
print(2.5e-5, 9999999999999998.0, 1.7976931348623157e308)
#---
print(5e-324, 0.30000000000000004, 100.0 / 3)
#---
print(repr(1.0), repr(10.0), repr(1.25), repr(-1.5e-10))
#---
print((1 + 2j) * (3 - 1j), abs(3 + 4j), complex(0, 1) ** 2)
#---
# f-strings: nested fields, conversions, = specifier, escaped braces
width, prec, v = 10, 3, 3.14159
print(f'{v:{width}.{prec}f}|{v!r:>12}|{"s"!s:^5}|{"é"!a}|{{}}')
#---
x, items = 5, [1, 2]
print(f'{x=}', f'{x = }', f'{x*2=:>5}', f'{items[0]=!r}', f'{"q"=}')
#---
d = {'k': 'v'}
print(f"{d['k']}", f'{d["k"]}', f'''{"triple"}''', f"""{'a' + "b"}""")
#---
n = 255
print(f'{n:#x} {n:#o} {n:#b} {n:08.3f} {n:,} {n:_} {1234567.891:,.2f} {0.25:%}')
#---
print(f'{"nested {braces}"}', f'{3:{"<"}{5}}|', f'{"x":{"*"}^7}')
#---
print(f'{12:>{2*2}}|{-5:+}|{5:+}|{5: }|')
#---
print(f'a' 'b' f'{1+1}' rf'\n{2}' 'c')
#---
print(fr'{1}\t', Rf'{2}\n', F'{3}', u'x', rb'\d', Rb'\w', BR'\s', b'\x41')
#---
s = 'multi'
print(f'''line1 {s}
line2 {s.upper()}''')
#---
print(f'{"a" if True else "b"}', f'{(lambda q: q * 2)(4)}', f'{[i for i in range(3)]}')
#---
class P:
    def __format__(self, spec):
        return f'P<{spec}>'
    def __repr__(self):
        return 'P()'
    def __str__(self):
        return 'p'
p = P()
print(f'{p}', f'{p:xyz}', f'{p!r}', f'{p!s}', f'{p!r:>6}')
#---
# variable and class annotations
x: int = 1
y: list
class C:
    a: int = 3
    b: 'str'
    c: dict[str, int] = {}
print(x, C.a, C.__annotations__, __annotations__)
#---
def f(a: int, b: str = 'x', *args: float, c: bool = True, **kw: object) -> list:
    return [a, b, args, c, kw]
print(f(1, 'y', 2.0, c=False, z=3), f.__annotations__)
#---
# PEP 448 generalised unpacking
a, b = [1, 2], (3, 4)
d1, d2 = {'x': 1}, {'y': 2, 'x': 9}
print([*a, *b], (*a, 0, *b), {*a, *b}, {**d1, **d2}, {**d2, 'z': 0, **d1})
#---
def g(*args, **kwargs):
    return args, kwargs
print(g(*[1, 2], *(3,), 4, **{'a': 1}, **{'b': 2}, c=3))
#---
try:
    g(**{'a': 1}, **{'a': 2})
except TypeError as e:
    print(e)
#---
first, *rest = [1, 2, 3, 4]
*init, last = 'abc'
a, (b, *c), d = 1, (2, 3, 4), 5
print(first, rest, init, last, a, b, c, d)
#---
for x, *y in [(1, 2, 3), (4,)]:
    print(x, y)
#---
# walrus
data = [1, 5, 12, 7, 30]
print([y for x in data if (y := x * 2) > 10], y)
if (n := len(data)) > 3:
    print('long', n)
while (chunk := data[:2]):
    data = data[2:]
    print(chunk)
#---
def scope():
    [w := i for i in range(3)]
    return w
print(scope())
#---
# positional-only and keyword-only parameters
def po(a, b, /, c, *, d, e=5):
    return a, b, c, d, e
print(po(1, 2, 3, d=4), po(1, 2, c=3, d=4, e=6))
try:
    po(1, b=2, c=3, d=4)
except TypeError as e:
    print(e)
try:
    po(1, 2, 3, 4)
except TypeError as e:
    print(e)
#---
def kw(*, key):
    return key
try:
    kw()
except TypeError as e:
    print(e)
print(kw(key=1))
#---
# nonlocal and global
counter = 0
def outer():
    total = 0
    def inner():
        nonlocal total
        global counter
        total += 1
        counter += 10
        return total
    inner(); inner()
    return total
print(outer(), counter)
#---
# conditional expressions, lambda defaults, chained comparisons
fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs], 'yes' if 1 < 2 < 3 != 4 else 'no', 1 < 3 > 2 == 2, 1 < 2 > 3)
#---
# decorators with arbitrary expressions
registry = {}
def register(name):
    def deco(fn):
        registry[name] = fn
        return fn
    return deco
decos = [register('a'), register('b')]
@decos[0]
def one(): return 1
@(lambda f: f)
@register('c')
def two(): return 2
print(sorted(registry), one(), two())
#---
def deco(cls):
    cls.tag = 'decorated'
    return cls
@deco
class K: pass
print(K.tag)
#---
# assert with a message, del of subscripts, slices and attributes
try:
    assert 1 == 2, f'bad {1 + 1}'
except AssertionError as e:
    print('AssertionError', e)
lst = list(range(10))
del lst[0], lst[2:4], lst[::3]
print(lst)
d = {'a': 1, 'b': 2}
del d['a']
class O: pass
o = O(); o.x = 1; o.y = 2
del o.x
print(d, vars(o))
#---
# with several items and as-tuples
class CM:
    def __init__(self, name): self.name = name
    def __enter__(self):
        print('enter', self.name)
        return (self.name, len(self.name))
    def __exit__(self, *exc):
        print('exit', self.name, exc[0].__name__ if exc[0] else None)
        return exc[0] is KeyError
with CM('a') as (n, l), CM('bb') as second:
    print(n, l, second)
with CM('c'):
    raise KeyError('swallowed')
print('after')
#---
with (CM('p1') as a,
      CM('p2') as b):
    print(a, b)
#---
# try/except/else/finally
def t(x):
    try:
        r = 10 / x
    except ZeroDivisionError as e:
        print('except', e)
        return 'from-except'
    else:
        print('else', r)
        return 'from-else'
    finally:
        print('finally')
print(t(0), t(5))
#---
def nested():
    try:
        try:
            raise ValueError('inner')
        finally:
            print('inner finally')
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
    try:
        return 1
    finally:
        print('runs before return')
print(nested())
#---
try:
    raise RuntimeError('x') if True else None
except RuntimeError as e:
    print(repr(e), e.args)
#---
# generators: yield from, send, generator expressions everywhere
def sub():
    x = yield 1
    yield x * 2
    return 'done'
def main():
    r = yield from sub()
    yield r
g = main()
print(next(g), g.send(21), next(g))
print(sum(x * x for x in range(5)), max(len(w) for w in ['a', 'abc']), list(x for x in 'ab'))
print(dict((k, v) for k, v in zip('ab', range(2))), ''.join(c.upper() for c in 'hi'))
#---
def gen():
    try:
        yield 1
        yield 2
    finally:
        print('cleanup')
g = gen()
print(next(g))
g.close()
print(list(gen()))
#---
# dict/set comprehensions with several for/if
print({(i, j): i * j for i in range(3) for j in range(3) if i < j if j != 2})
print(sorted({i % 4 for i in range(20) if i % 2}), [[r * c for c in range(3)] for r in range(2)])
#---
# match statements
def describe(p):
    match p:
        case 0 | 1:
            return 'small'
        case int(n) if n < 0:
            return f'negative {n}'
        case [x, y, *rest]:
            return f'seq {x} {y} {rest}'
        case {'type': 'point', 'x': px, **others}:
            return f'point {px} {others}'
        case str() as s:
            return f'str {s}'
        case (1, 2):
            return 'tuple12'
        case _:
            return 'other'
for v in [0, -3, [1, 2, 3, 4], {'type': 'point', 'x': 5, 'z': 1}, 'hi', 3.5, (9,)]:
    print(describe(v))
#---
from dataclasses import dataclass
@dataclass
class Pt:
    x: int
    y: int
def where(p):
    match p:
        case Pt(x=0, y=0):
            return 'origin'
        case Pt(x=0):
            return 'y-axis'
        case Pt(x, y) if x == y:
            return 'diagonal'
        case Pt():
            return 'somewhere'
print([where(p) for p in [Pt(0, 0), Pt(0, 5), Pt(2, 2), Pt(1, 3)]])
#---
import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
def c(v):
    match v:
        case Color.RED:
            return 'red'
        case None:
            return 'none'
        case True:
            return 'true'
        case -1.5:
            return 'neg'
        case _:
            return 'other'
print(c(Color.RED), c(Color.GREEN), c(None), c(True), c(-1.5), c(1))
#---
# numeric literals
print(0x_ff, 0o17, 0b1010, 1_000_000, 1_0.5_0, 1e1_0, 0xDEAD_BEEF, 1j, 2.5J, 1e-3j, 0_0)
#---
print(10 // 3, -10 // 3, 10 % -3, 2 ** -1, 7 / 2, divmod(-7, 2), (1 + 2j).conjugate(), abs(-3j))
#---
# line continuations and implicit concatenation
total = 1 + \
    2 + \
    3
text = ('one '
        'two '
        "three")
print(total, text, [1,
                    2], {'a':
                         1})
#---
# SyntaxError messages as CPython 3.11 reports them
for src in ['x = (1, 2', 'print "hi"', 'def f(:\n pass', 'x = 1 +', 'if True\n  pass',
            'for x in range(3):\npass', 'f(a for a in b, c)', 'a, b += 1', 'x = [1, 2 3]',
            'import', 'def f(a, a): pass', 'return 5', 'break', 'x := 1', 'del f()',
            '"abc', 'f"{x!z}"', "f'{}'", 'class A:\nx = 1', 'True = 1', 'lambda: (yield)',
            'nonlocal x', 'x = 1\n  y = 2', 'from __future__ import braces',
            'def f():\n    x = 1\n    global x', '1 = x', 'f() = 1', 'None += 1',
            "d = {'a' 1}", 'try:\n    pass\n', 'else: pass', 'x = yield = 3', '(*a) = 1']:
    try:
        compile(src, '<s>', 'exec')
        print('compiled', repr(src))
    except SyntaxError as e:
        print(type(e).__name__, repr(e.msg), e.lineno, e.offset)
#---
# star targets in for, with and comprehension
pairs = [(1, [2, 3]), (4, [5, 6])]
print([(a, b) for a, (b, _) in pairs], [x for _, (*x,) in pairs])
#---
# global at module level, del of names, chained assignment
a = b = c = [0]
a.append(1)
print(a is c, b)
del a
print('a' in dir())
#---
# keyword arguments after *args, defaults evaluated once
def acc(x, lst=[]):
    lst.append(x)
    return lst
acc(1); print(acc(2))
def mix(a, *rest, sep='-', **kw):
    return sep.join(map(str, (a,) + rest)) + str(sorted(kw.items()))
print(mix(1, 2, 3, sep='+', z=1, y=2))
#---
# class features: __class__, super in nested, __init_subclass__, metaclass keyword
class Base:
    subclasses = []
    def __init_subclass__(cls, tag=None, **kw):
        super().__init_subclass__(**kw)
        cls.tag = tag
        Base.subclasses.append(cls.__name__)
    def who(self):
        return __class__.__name__
class Child(Base, tag='c'):
    def who(self):
        return 'child of ' + super().who()
print(Child.tag, Base.subclasses, Child().who())
#---
class Meta(type):
    def __new__(mcls, name, bases, ns, **kw):
        ns['created_by'] = 'Meta'
        return super().__new__(mcls, name, bases, ns)
    def __call__(cls, *a, **k):
        inst = super().__call__(*a, **k)
        inst.via_meta = True
        return inst
class W(metaclass=Meta):
    def __init__(self, v):
        self.v = v
w = W(3)
print(W.created_by, w.v, w.via_meta, type(W).__name__)
#---
class Slotted:
    __slots__ = ('a', 'b')
    def __init__(self):
        self.a = 1
s = Slotted()
print(s.a, Slotted.__slots__)
#---
# vars, __dict__, __class__ assignment basics
class V:
    cls_attr = 1
    def __init__(self):
        self.x = 1
        self.y = 2
v = V()
print(vars(v), v.__dict__ is vars(v), v.__class__.__name__, sorted(k for k in V.__dict__ if not k.startswith('__')))
#---
import re
m = re.search(r'(?P<year>\d{4})-(?P<month>\d\d)', 'date: 2024-03-05!')
print(m.group(), m.group(1), m.group('month'), m.groups(), m.groupdict(), m.span(), m.start(2), m.end())
print(m[0], m[1], m.lastindex, m.lastgroup, m.re.pattern, m.string[:4], m.pos)
#---
import re
print(re.findall(r'\d+', 'a1b22c333'), re.findall(r'(\w)(\d)', 'a1 b2'), re.split(r'[,;]\s*', 'a, b;c'))
print(re.split(r'(,)', 'a,b'), re.split(r',', 'a,b,c', maxsplit=1), [m.group() for m in re.finditer(r'o', 'foo boo')])
#---
import re
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'me@host you@there'), re.sub(r'(?P<w>\d)', r'<\g<w>>', 'a1b2'))
print(re.sub(r'\d', lambda m: str(int(m.group()) * 2), 'a1b7'), re.subn('a', 'b', 'banana'), re.sub('x*', '-', 'abc'))
#---
import re
p = re.compile(r'^\s*(\w+)\s*=\s*(.*?)\s*$', re.MULTILINE)
print(p.findall('a = 1\n  b=two  \nc =3'), p.flags & re.MULTILINE != 0, p.groups)
print(re.fullmatch(r'\d+', '123'), re.fullmatch(r'\d+', '123a'), re.match('b', 'ab'), bool(re.search('b', 'ab')))
#---
import re
print(re.findall('a.c', 'abc a\nc', re.DOTALL), re.findall('ABC', 'abc AbC', re.I), re.escape('a.b*c?(d)'), re.escape('hello world_1'))
v = re.compile(r'''
    (\d+)   # number
    \s*     # space
    ([a-z]+)  # unit
''', re.VERBOSE)
print(v.match('10 kg').groups())
#---
import re
print(re.findall(r'(?<=\$)\d+', 'cost $15 and $20'), re.findall(r'\b\w+(?=ing\b)', 'going sing ring'), re.findall(r'(\w)\1', 'aabbcd'))
print(re.sub(r'(?i)hello', 'bye', 'HeLLo world'), re.findall(r'(?:ab)+', 'ababab ab'), re.search(r'(a)|(b)', 'b').groups())
#---
import re
try:
    re.compile('(unclosed')
except re.error as e:
    print('re.error', e)
print(re.match(r'(a)(b)?', 'a').group(2), re.match(r'(a)(b)?', 'a').groups('-'), repr(re.compile(r'\d+')), re.I == re.IGNORECASE)
m = re.match(r'(\d+)', '42')
print(repr(m)[:40], m.expand(r'[\1]'))
#---
import itertools as it
print(list(it.islice(it.count(10, 2), 4)), list(it.islice(it.cycle('ab'), 5)), list(it.repeat('x', 3)))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], lambda a, b: a * b)), list(it.accumulate([1, 2], initial=100)))
print(list(it.chain('ab', [1])), list(it.chain.from_iterable(['ab', 'c'])), list(it.compress('abcd', [1, 0, 1, 0])))
#---
import itertools as it
print(list(it.dropwhile(lambda x: x < 3, [1, 2, 3, 1])), list(it.takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(it.filterfalse(None, [0, 1, '', 'a'])))
print([(k, list(g)) for k, g in it.groupby('aaabbc')], [(k, len(list(g))) for k, g in it.groupby([1, 3, 2, 4], key=lambda x: x % 2)])
print(list(it.islice('abcdefg', 1, 6, 2)), list(it.starmap(pow, [(2, 3), (3, 2)])), [list(t) for t in it.tee([1, 2], 2)])
#---
import itertools as it
print(list(it.zip_longest('ab', [1, 2, 3], fillvalue='-')), list(it.product('ab', repeat=2)), list(it.product([1, 2], 'x')))
print(list(it.permutations('abc', 2)), list(it.combinations(range(4), 3)), list(it.combinations_with_replacement('ab', 2)))
print(list(it.pairwise('abcd')), len(list(it.permutations(range(5)))), next(it.count()), list(it.repeat(None, 0)))
#---
from collections import Counter
c = Counter('abracadabra')
print(c, c.most_common(2), c['z'], sorted(c.elements())[:5], c.total())
c.update('aaz'); c.subtract({'b': 1})
print(c.most_common(3), c + Counter(q=1), c - Counter(a=10), Counter(a=3) & Counter(a=1, b=2), Counter(a=1) | Counter(a=2, b=1))
print(Counter({'x': 2, 'y': -1}).most_common(), +Counter(a=-1, b=1), dict(Counter('aab')), Counter(a=1) == Counter({'a': 1}))
#---
from collections import defaultdict, OrderedDict
dd = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3)]:
    dd[k].append(v)
print(dd, dd['missing'], dict(dd), defaultdict(int)['x'], len(dd))
od = OrderedDict([('b', 1), ('a', 2)])
od['c'] = 3
od.move_to_end('b')
print(od, list(od), od.popitem(), od.popitem(last=False), od)
#---
from collections import namedtuple
Point = namedtuple('Point', ['x', 'y'])
P3 = namedtuple('P3', 'x y z', defaults=[0])
p = Point(1, y=2)
print(p, p.x, p[1], p._fields, p._asdict(), p._replace(x=9), Point._make([3, 4]), P3(1, 2), P3._field_defaults)
x, y = p
print(x + y, p == (1, 2), isinstance(p, tuple), hash(p) == hash((1, 2)), Point.__name__, repr(P3(1, 2, 3)))
#---
from collections import deque, ChainMap
d = deque([1, 2, 3], maxlen=4)
d.append(4); d.append(5); d.appendleft(0); d.rotate(1)
print(d, d.maxlen, d.pop(), d.popleft(), list(reversed(d)), d.count(3), deque('abc')[1])
d.extend([7, 8]); d.extendleft('xy')
print(d, len(d))
cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(cm['a'], cm['b'], sorted(cm), cm.maps, cm.new_child({'c': 4})['c'], dict(cm.parents))
#---
import functools
print(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]), functools.reduce(lambda a, b: a + b, [], 10))
add5 = functools.partial(lambda a, b, c=0: a + b + c, 5, c=1)
print(add5(10), add5.args, add5.keywords, repr(functools.partial(max, 1))[:27])
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info())
@functools.cache
def sq(x):
    return x * x
print(sq(3), sq(3), sq.cache_info().hits)
#---
import functools
def deco(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        return f(*a, **k)
    return wrapper
@deco
def documented(x):
    'doc here'
    return x
print(documented.__name__, documented.__doc__, documented.__wrapped__.__name__, documented(3))
print(sorted(['b', 'A', 'c'], key=functools.cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
@functools.total_ordering
class V:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(2), sorted([V(3), V(1)], key=lambda x: x.v)[0].v)
#---
import functools
class C:
    @functools.cached_property
    def val(self):
        print('computing')
        return 42
c = C()
print(c.val, c.val)
@functools.singledispatch
def show(x):
    return 'obj'
@show.register
def _(x: int):
    return 'int'
@show.register(list)
def _(x):
    return 'list'
print(show(1), show([]), show('s'))
#---
import operator as op
print(op.add(1, 2), op.mul(3, 4), op.sub(5, 1), op.truediv(1, 4), op.floordiv(7, 2), op.mod(7, 3), op.neg(3), op.pow(2, 5))
print(op.itemgetter(1)([1, 2]), op.itemgetter(0, 2)('abc'), op.attrgetter('real')(3), op.attrgetter('a.b')(type('X', (), {'a': type('Y', (), {'b': 5})})))
print(op.methodcaller('upper')('x'), op.methodcaller('split', ',')('a,b'), op.eq(1, 1), op.lt(1, 2), op.not_(0), op.contains([1], 1), op.concat('a', 'b'))
print(sorted([('b', 2), ('a', 3)], key=op.itemgetter(1)), op.index(5), op.getitem({'k': 1}, 'k'), op.and_(6, 3), op.or_(4, 1), op.xor(5, 1), op.is_(None, None))
#---
from dataclasses import dataclass, field, asdict, astuple, replace, fields, FrozenInstanceError
@dataclass
class Item:
    name: str
    price: float = 0.0
    tags: list = field(default_factory=list)
    hidden: int = field(default=0, repr=False, compare=False)
i = Item('pen', 1.5)
i.tags.append('office')
print(i, asdict(i), astuple(i), i == Item('pen', 1.5, ['office'], hidden=9), [f.name for f in fields(i)], replace(i, price=2))
#---
from dataclasses import dataclass, FrozenInstanceError
@dataclass(frozen=True, order=True)
class Ver:
    major: int
    minor: int = 0
v = Ver(1, 2)
try:
    v.major = 3
except FrozenInstanceError as e:
    print('FrozenInstanceError', e)
print(sorted([Ver(2), Ver(1, 5), Ver(1, 2)]), Ver(1) < Ver(1, 1), hash(v) == hash(Ver(1, 2)), {v: 1}[Ver(1, 2)])
@dataclass
class WithPost:
    a: int
    b: int = 0
    def __post_init__(self):
        self.b = self.a * 2
print(WithPost(4), WithPost.__dataclass_fields__['a'].type)
#---
from dataclasses import dataclass, field, KW_ONLY
@dataclass(kw_only=True)
class K:
    a: int
    b: int = 1
print(K(a=1), K(b=2, a=3))
@dataclass
class Mixed:
    x: int
    _: KW_ONLY
    y: int = 0
print(Mixed(1, y=2))
try:
    @dataclass
    class Bad:
        a: int = 0
        b: int
except TypeError as e:
    print('TypeError', e)
try:
    @dataclass
    class Mut:
        a: list = []
except ValueError as e:
    print('ValueError', e)
#---
from typing import List, Dict, Optional, Union, Tuple, Any, Callable, Iterator, Iterable, Set, TYPE_CHECKING, TypeVar, Generic, NamedTuple, Sequence, Mapping
def f(a: List[int], b: Dict[str, Optional[int]] = None) -> Tuple[int, ...]:
    return tuple(a)
T = TypeVar('T')
class Box(Generic[T]):
    def __init__(self, v: T): self.v = v
print(f([1, 2]), TYPE_CHECKING, Box[int](3).v, Optional[int], Union[int, str], List[int], Callable[[int], str], T)
class Emp(NamedTuple):
    name: str
    age: int = 30
print(Emp('x'), Emp._fields, Emp('y', 1).age, isinstance([], Sequence), isinstance({}, Mapping), Any)
#---
from typing import Literal, Final, Protocol, TypedDict, cast, overload, get_type_hints, ClassVar
class Movie(TypedDict):
    title: str
    year: int
m: Movie = {'title': 'x', 'year': 1}
print(m, cast(int, '3'), Literal['a', 'b'], Final[int])
class HasLen(Protocol):
    def __len__(self) -> int: ...
class A:
    x: int
    y: ClassVar[str] = 'c'
print(get_type_hints(A), A.y)
#---
import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = enum.auto()
print(Color.RED, repr(Color.GREEN), Color.BLUE.value, Color(2), Color['RED'], list(Color), len(Color), Color.RED.name)
print(Color.RED in Color, Color.RED == 1, Color.RED is Color(1), [c.name for c in Color], Color.__members__.keys())
try:
    Color(9)
except ValueError as e:
    print('ValueError', e)
#---
import enum
class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1
class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2
print(Perm.R | Perm.W, Perm(6), Perm.R in (Perm.R | Perm.X), Level.LOW < Level.HIGH, Level.HIGH + 1, int(Level.LOW), sorted([Level.HIGH, Level.LOW]))
class S(str, enum.Enum):
    A = 'a'
print(S.A == 'a', S.A.value, f'{Level.HIGH}', str(Level.HIGH), format(Color.RED) if False else '', repr(Level.LOW))
class Shape(enum.Enum):
    SQUARE = 2
    ALIAS = 2
    @property
    def sides(self):
        return self.value * 2
print(Shape.ALIAS is Shape.SQUARE, list(Shape), Shape.SQUARE.sides, enum.unique.__name__)
#---
from abc import ABC, abstractmethod, ABCMeta
class Shape(ABC):
    @abstractmethod
    def area(self): ...
    def describe(self):
        return f'{type(self).__name__} with area {self.area()}'
class Sq(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
try:
    Shape()
except TypeError as e:
    print('TypeError', e)
print(Sq(3).describe(), isinstance(Sq(1), Shape), type(Shape) is ABCMeta, Shape.__abstractmethods__)
class Reg(metaclass=ABCMeta):
    pass
Reg.register(int)
print(isinstance(3, Reg), issubclass(int, Reg), issubclass(str, Reg))
#---
import contextlib, io
@contextlib.contextmanager
def tag(name):
    print(f'<{name}>')
    try:
        yield name.upper()
    finally:
        print(f'</{name}>')
with tag('b') as t:
    print('inside', t)
with contextlib.suppress(KeyError, ValueError):
    {}['x']
print('suppressed')
class Res:
    def close(self): print('closed')
with contextlib.closing(Res()):
    pass
with contextlib.nullcontext(5) as v:
    print(v)
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print('captured')
print(repr(buf.getvalue()))
#---
import contextlib
with contextlib.ExitStack() as stack:
    for n in ['a', 'b']:
        stack.callback(print, 'exit', n)
    print('body')
@contextlib.contextmanager
def failing():
    try:
        yield
    except ZeroDivisionError:
        print('handled in cm')
with failing():
    1 / 0
print('after')
#---
import copy
a = [[1, 2], {'k': [3]}]
s, d = copy.copy(a), copy.deepcopy(a)
a[0].append(9); a[1]['k'].append(4)
print(s, d, s[0] is a[0], d[0] is a[0])
class Node:
    def __init__(self, v): self.v, self.kids = v, []
n = Node(1); n.kids.append(Node(2)); n.kids.append(n)
m = copy.deepcopy(n)
print(m.v, m.kids[0].v, m.kids[1] is m, m is not n)
class Custom:
    def __init__(self): self.x = 1
    def __deepcopy__(self, memo):
        c = Custom(); c.x = 'deep'; return c
print(copy.deepcopy(Custom()).x, copy.copy((1, [2]))[1] is not None)
#---
import random
random.seed(42)
print(random.random(), random.randint(1, 100), random.choice('abcdef'), random.uniform(1, 2))
l = list(range(10)); random.shuffle(l)
print(l, random.sample(range(100), 5), random.randrange(0, 100, 5), round(random.gauss(0, 1), 12))
print(random.choices('abc', k=5), random.choices([1, 2, 3], weights=[10, 1, 1], k=4), random.getrandbits(16))
#---
import random
r = random.Random(2024)
print(r.random(), r.randint(0, 10 ** 20), r.expovariate(1.5), r.triangular(0, 10, 3), r.betavariate(2, 3))
random.seed('text seed')
print(random.random(), random.normalvariate(10, 2), random.lognormvariate(0, 1), random.vonmisesvariate(1, 2), random.paretovariate(3))
random.seed(7)
st = random.getstate()
a = random.random()
random.setstate(st)
print(a == random.random(), random.weibullvariate(1, 2), random.gammavariate(2, 1), random.sample(['x', 'y', 'z'], k=3))
#---
import uuid
u = uuid.uuid5(uuid.NAMESPACE_DNS, 'kafkalab.dev')
print(u, repr(u), u.hex, u.version, u.variant, u.int, u.urn)
print(uuid.uuid3(uuid.NAMESPACE_URL, 'https://example.com/x'), uuid.uuid5(uuid.NAMESPACE_OID, '1.2.3'))
v = uuid.UUID('{12345678-1234-5678-1234-567812345678}')
print(v, v.fields, v.bytes, v.time_low, v.node, uuid.UUID(bytes=v.bytes) == v, uuid.UUID(int=5) < uuid.UUID(int=7))
r = uuid.uuid4()
print(r.version, len(str(r)), str(r).count('-'), uuid.UUID(str(r)) == r)
#---
import string
print(string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase, string.digits, string.hexdigits, string.octdigits)
print(repr(string.punctuation), repr(string.whitespace), len(string.printable), string.capwords('hello   big world'))
print(string.Template('$who likes ${what}!').substitute(who='tim', what='kung pao'), string.Template('$a $b').safe_substitute(a=1))
print(string.Formatter().format('{0}-{x}', 1, x=2))
#---
import textwrap
s = 'The quick brown fox jumps over the lazy dog and keeps running far away.'
print(textwrap.wrap(s, 20))
print(textwrap.fill(s, 30, initial_indent='> ', subsequent_indent='  '))
print(textwrap.shorten(s, 30), textwrap.shorten('short', 30), textwrap.shorten(s, width=25, placeholder=' [...]'))
print(repr(textwrap.dedent('''
    def f():
        return 1
''')), repr(textwrap.indent('a\nb\n\nc', '+ ')), repr(textwrap.indent('a\n\nb', '> ', lambda l: True)))
#---
import io
s = io.StringIO('line1\nline2\nline3')
print(s.readline(), s.read(3), s.readlines(), s.tell())
s.seek(0); print(list(s))
w = io.StringIO()
w.write('abc'); w.write('def'); print(w.getvalue(), w.tell(), file=w); print(repr(w.getvalue()))
b = io.BytesIO(b'hello')
print(b.read(2), b.getvalue(), b.seek(0, 2), b.write(b'!'), b.getvalue())
with io.StringIO() as f:
    print('x', 'y', sep=',', end='', file=f)
    print(repr(f.getvalue()), f.closed)
#---
import pprint
data = {'name': 'kafkalab', 'topics': [f'topic-{i}' for i in range(8)], 'nested': {'a': list(range(12)), 'b': {'c': (1, 2), 'd': 'x' * 40}}, 3: None}
pprint.pprint(data)
print(pprint.pformat(data, width=60, sort_dicts=False))
pprint.pprint(list(range(40)), compact=True, width=50)
print(pprint.pformat('a long string ' * 8, width=40))
pprint.pprint(data, depth=1)
#---
import statistics as st
data = [2, 4, 4, 4, 5, 5, 7, 9]
print(st.mean(data), st.median(data), st.mode(data), st.stdev(data), st.pstdev(data), st.variance(data), st.pvariance(data))
print(st.median_low([1, 3, 5, 7]), st.median_high([1, 3, 5, 7]), st.multimode('aabbc'), st.fmean([1, 2, 4]), st.geometric_mean([1, 2, 4]), st.harmonic_mean([1, 2, 4]))
print(st.quantiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], n=4), st.median_grouped([1, 2, 2, 3]), st.correlation([1, 2, 3], [2, 4, 7]), st.linear_regression([1, 2, 3], [2, 4, 6]))
try:
    st.mean([])
except st.StatisticsError as e:
    print('StatisticsError', e)
from fractions import Fraction
print(st.mean([Fraction(1, 3), Fraction(2, 3)]), st.mean([1.5, 2.5]), type(st.mean([1, 2])).__name__)
#---
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    warnings.warn('first')
    warnings.warn('dep', DeprecationWarning)
    warnings.warn(UserWarning('obj'))
    print(len(w), [str(x.message) for x in w], [x.category.__name__ for x in w])
warnings.filterwarnings('ignore')
warnings.warn('hidden')
warnings.resetwarnings()
warnings.simplefilter('error', RuntimeWarning)
try:
    warnings.warn('as error', RuntimeWarning)
except RuntimeWarning as e:
    print('raised', e)
print(warnings.formatwarning('msg', UserWarning, 'file.py', 10).strip())
#---
import logging, io
stream = io.StringIO()
handler = logging.StreamHandler(stream)
handler.setFormatter(logging.Formatter('%(levelname)s|%(name)s|%(message)s'))
log = logging.getLogger('corpus.app')
log.addHandler(handler)
log.setLevel(logging.DEBUG)
log.propagate = False
log.debug('d %s', 1); log.info('i'); log.warning('w %d%%', 5); log.error('e'); log.critical('c')
child = logging.getLogger('corpus.app.child')
child.info('from child')
print(stream.getvalue(), end='')
print(logging.getLevelName(logging.WARNING), logging.getLevelName(25), log.isEnabledFor(logging.INFO), child.getEffectiveLevel(), child.parent.name)
#---
import logging, io
stream = io.StringIO()
h = logging.StreamHandler(stream)
h.setFormatter(logging.Formatter('{levelname}:{message}', style='{'))
lg = logging.getLogger('corpus.fmt')
lg.addHandler(h); lg.propagate = False; lg.setLevel(logging.WARNING)
lg.info('hidden'); lg.warning('shown')
class OnlyErrors(logging.Filter):
    def filter(self, record):
        return record.levelno >= logging.ERROR
h.addFilter(OnlyErrors())
lg.warning('filtered'); lg.error('kept')
try:
    1 / 0
except ZeroDivisionError:
    lg.exception('boom')
print(stream.getvalue().splitlines()[:3], 'Traceback' in stream.getvalue(), stream.getvalue().rstrip().splitlines()[-1])
#---
import time
print(time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(1700000000)), time.gmtime(0).tm_year, time.asctime(time.gmtime(86400 * 365)))
print(time.strptime('2024-03-05', '%Y-%m-%d')[:3], tuple(time.gmtime(1e9))[:6], time.strftime('%j %U %a %b', time.gmtime(1e9)))
t0 = time.perf_counter(); time.sleep(0.001)
print(time.perf_counter() > t0, type(time.time()).__name__, type(time.time_ns()).__name__, time.monotonic() > 0)
#---
import math
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1, 1.1, rel_tol=0.2), math.isclose(0, 1e-10, abs_tol=1e-9), math.prod([1, 2, 3, 4]), math.prod([], start=5))
print(math.comb(10, 3), math.perm(5, 2), math.perm(5), math.factorial(20), math.gcd(12, 18, 30), math.lcm(4, 6, 10), math.isqrt(99))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.inf, -math.inf, math.nan, math.pi, math.e, math.tau)
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(2.7), math.fabs(-3), math.copysign(3, -0.0), math.fmod(7, -3), math.remainder(7, 3), math.modf(3.75), math.frexp(12.0), math.ldexp(0.75, 4))
#---
import math
xs = [0.5, 1.5, 2.0, 10.0, 123.456, 1e-5]
print([math.log(x) for x in xs])
print([math.exp(x) for x in xs], [math.sqrt(x) for x in xs])
print([math.sin(x) for x in xs], [math.cos(x) for x in xs])
print([math.log10(x) for x in xs], [math.log2(x) for x in xs], math.log(8, 2), math.log(100, 10), math.log1p(1e-10), math.expm1(1e-10))
print(math.atan2(1, 2), math.hypot(3, 4), math.hypot(1, 2, 3), math.dist((0, 0), (3, 4)), math.degrees(math.pi), math.radians(180), math.atan(1) * 4)
print(math.isfinite(1e308), math.isinf(-math.inf), math.isnan(float('nan')), math.nextafter(1, 2), math.ulp(1.0), math.cbrt(27) if hasattr(math, 'cbrt') else 3.0, math.exp2(10) if hasattr(math, 'exp2') else 1024.0)
#---
import math
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.factorial(-1), lambda: math.exp(1000), lambda: math.comb(3, -1), lambda: math.acos(2)]:
    try:
        bad()
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
print(2 ** 0.5, 8 ** (1 / 3), 10 ** -2, 2.0 ** 100, (-8) ** 2, 1.1 ** 50, 3 ** 0.25, 0.5 ** 10.5)
#---
from fractions import Fraction as F
a, b = F(1, 3), F('2/5')
print(a + b, a * b, a / b, a - b, -a, abs(F(-3, 4)), a ** 2, F(3, 4) ** -1, a < b, F(0.25), F('1.5'), F(6, 4))
print(a.numerator, a.denominator, float(a), int(F(7, 2)), round(F(7, 2)), F(1, 3).limit_denominator(2), F(355, 113) == 355 / 113, repr(a), str(b))
#---
import bisect
xs = [1, 3, 3, 7, 9]
print(bisect.bisect_left(xs, 3), bisect.bisect_right(xs, 3), bisect.bisect(xs, 8), bisect.bisect_left(xs, 0), bisect.bisect_right(xs, 10))
bisect.insort(xs, 4); bisect.insort_left(xs, 3)
print(xs, bisect.bisect_left([('a', 1), ('c', 3)], ('b', 0)), bisect.bisect([10, 20, 30], 25, key=None), bisect.bisect_left([1, 2, 3], 2, lo=2))
grades = [bisect.bisect([60, 70, 80, 90], s) for s in [55, 65, 99]]
print(['FDCBA'[g] for g in grades])
#---
import hashlib
print(hashlib.md5(b'hello').hexdigest(), hashlib.sha1(b'hello').hexdigest())
print(hashlib.sha256(b'hello').hexdigest(), hashlib.sha512(b'').hexdigest()[:32])
h = hashlib.sha256()
h.update(b'hel'); h.update(b'lo')
print(h.hexdigest() == hashlib.sha256(b'hello').hexdigest(), h.digest_size, h.name, hashlib.new('md5', b'x').hexdigest(), len(hashlib.md5().digest()))
#---
import heapq
h = []
for x in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, x)
print([heapq.heappop(h) for _ in range(3)], h[0], heapq.nlargest(2, [5, 1, 8, 3]), heapq.nsmallest(2, [5, 1, 8, 3], key=lambda v: -v))
d = [7, 2, 9, 4]; heapq.heapify(d)
print(d[0], heapq.heappushpop(d, 1), heapq.heapreplace(d, 10), sorted(d), list(heapq.merge([1, 4], [2, 3], [0])))
tasks = [(3, 'c'), (1, 'a'), (2, 'b')]
heapq.heapify(tasks)
print([heapq.heappop(tasks)[1] for _ in range(3)])
#---
import traceback, sys
def inner():
    raise ValueError('deep problem')
def outer():
    inner()
try:
    outer()
except ValueError:
    lines = traceback.format_exc().splitlines()
    print(lines[0], [l.strip() for l in lines[1:] if l.strip().startswith('File')][-2:], lines[-1])
    etype, value, tb = sys.exc_info()
    print(etype.__name__, value, [f.name for f in traceback.extract_tb(tb)])
print(traceback.format_exception_only(KeyError('k')), traceback.format_exception_only(SyntaxError('bad')))
#---
import traceback
try:
    try:
        {}['missing']
    except KeyError as e:
        raise RuntimeError('while handling') from e
except RuntimeError as e:
    text = ''.join(traceback.format_exception(e))
    print('direct cause' in text, text.count('Traceback'), text.rstrip().splitlines()[-1])
    print(repr(e.__cause__), e.__suppress_context__, repr(e.__context__))
try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError('second')
except ValueError as e:
    print(repr(e.__context__), e.__cause__, 'During handling' in ''.join(traceback.format_exception(e)))
#---
from __future__ import annotations, division, print_function, generator_stop
import __future__
def f(x: UndefinedType) -> AlsoUndefined:
    return x
print(f(1), f.__annotations__, __future__.annotations.mandatory, __future__.division.getOptionalRelease())
class Node:
    def child(self) -> Node: ...
    parent: Node | None = None
print(Node.__annotations__, Node.child.__annotations__)
#---
import sys
print(sys.version_info[:2] >= (3, 8), sys.maxsize, type(sys.argv).__name__, sys.byteorder, sys.float_info.max, sys.float_info.epsilon, sys.int_info.bits_per_digit > 0)
print(sys.getrecursionlimit(), isinstance(sys.modules, dict), 'sys' in sys.modules, sys.platform != '')
#---
# subclassing built-in types with super() and overridden dunders
class D(dict):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.hits = 0
    def __getitem__(self, key):
        self.hits += 1
        return super().__getitem__(key)
    def __missing__(self, key):
        return f'<{key}>'
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)
d = D(a=1)
d['B'] = 2
print(d, d['a'], d['zz'], d.hits, len(d), isinstance(d, dict), type(d).__name__, sorted(d.keys()), d.get('b'))
#---
class L(list):
    def append(self, x):
        super().append(x * 10)
    def __repr__(self):
        return 'L' + super().__repr__()
    @property
    def total(self):
        return sum(self)
l = L([1, 2])
l.append(3); l += [4]
print(l, l.total, len(l), l[1:], type(l[1:]).__name__, l == [1, 2, 30, 4], sorted(l, reverse=True), L() == [])
#---
class S(str):
    def shout(self):
        return self.upper() + '!'
    def __add__(self, other):
        return S(str.__add__(self, other))
s = S('hi')
t = s + ' there'
print(s.shout(), t, type(t).__name__, type(s.upper()).__name__, s == 'hi', hash(s) == hash('hi'), f'{s:>5}', repr(s), len(s), s[0])
#---
class I(int):
    def __new__(cls, v, label='x'):
        obj = super().__new__(cls, v)
        obj.label = label
        return obj
    def __repr__(self):
        return f'I({int(self)}, {self.label!r})'
    def __add__(self, other):
        return I(int(self) + int(other), self.label)
i = I(5, 'five')
print(i, i + 2, type(i + 2).__name__, i * 2, type(i * 2).__name__, i == 5, i > 3, isinstance(i, int), int(i), str(i), f'{i:03d}', hex(i))
#---
class F(float):
    def __str__(self):
        return f'{float(self):.1f}!'
class T(tuple):
    def sum(self):
        return sum(self)
class Fs(frozenset):
    pass
class St(set):
    def add(self, x):
        super().add(x * 2)
s = St(); s.add(2); s.add(3)
print(str(F(2.25)), F(2.25) + 1, T((1, 2, 3)).sum(), T((1,)) + (2,), sorted(Fs([3, 1])), sorted(s), isinstance(s, set), type(T((1, 2))[0:1]).__name__)
#---
from collections import OrderedDict, defaultdict, Counter
class LastUpdated(OrderedDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.move_to_end(key)
lu = LastUpdated(a=1, b=2)
lu['a'] = 3
class Tally(Counter):
    def top(self):
        return self.most_common(1)[0]
dd = defaultdict(lambda: 'dflt')
print(list(lu.items()), Tally('aab').top(), dd['k'], Tally('ab') + Tally('b'))
#---
# __class__, __dict__, vars, __slots__, __init_subclass__, metaclass=ABCMeta
import abc
class Plugin(abc.ABC):
    registry = {}
    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Plugin.registry[name or cls.__name__] = cls
    @abc.abstractmethod
    def run(self): ...
class A(Plugin, name='alpha'):
    def run(self): return 'A runs'
class B(Plugin):
    __slots__ = ()
    def run(self): return 'B runs'
print(sorted(Plugin.registry), A().run(), B().run(), A().__class__ is A, type(A) is abc.ABCMeta, vars(A()), A.__dict__['run'].__name__)
#---
class Point:
    __slots__ = ('x', 'y')
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, other):
        return (self.x, self.y) == (other.x, other.y)
    __hash__ = None
p = Point(1, 2)
try:
    hash(p)
except TypeError as e:
    print('TypeError', e)
print(p.x, Point.__slots__, p == Point(1, 2))
#---
class Meta(type):
    def __prepare__(name, bases, **kw):
        return {'injected': True}
    def __repr__(cls):
        return f'<class {cls.__name__} via Meta>'
class C(metaclass=Meta):
    pass
print(C, C.injected, type(C).__name__, isinstance(C, type), C.__mro__[-1].__name__)
class Auto(type):
    def __new__(mcls, name, bases, ns):
        ns.setdefault('describe', lambda self: f'I am {name}')
        return super().__new__(mcls, name, bases, ns)
class X(metaclass=Auto): pass
class Y(X): pass
print(X().describe(), Y().describe(), type(Y) is Auto)
#---
# descriptors and properties
class Positive:
    def __set_name__(self, owner, name):
        self.name = '_' + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name)
    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(f'{self.name[1:]} must be positive')
        setattr(obj, self.name, value)
class Order:
    qty = Positive()
    def __init__(self, qty):
        self.qty = qty
    @property
    def double(self):
        return self.qty * 2
    @double.setter
    def double(self, v):
        self.qty = v // 2
o = Order(3)
o.double = 10
try:
    o.qty = -1
except ValueError as e:
    print('ValueError', e)
print(o.qty, o.double, type(Order.qty).__name__, vars(o))
try:
    del o.double
except AttributeError as e:
    print('AttributeError', e)
#---
# classmethod, staticmethod, __call__, __getattr__, __iter__, __len__, __contains__, __bool__
class Bag:
    def __init__(self, *items): self.items = list(items)
    @classmethod
    def of(cls, *items): return cls(*items)
    @staticmethod
    def kind(): return 'bag'
    def __iter__(self): return iter(self.items)
    def __len__(self): return len(self.items)
    def __contains__(self, x): return x in self.items
    def __getattr__(self, name): return f'no {name}'
    def __call__(self, n): return self.items[:n]
    def __getitem__(self, i): return self.items[i]
    def __eq__(self, other): return isinstance(other, Bag) and self.items == other.items
    def __lt__(self, other): return len(self) < len(other)
b = Bag.of(3, 1, 2)
print(list(b), len(b), 2 in b, b.color, b(2), b[-1], Bag.kind(), bool(Bag()), sorted([Bag(1, 2), Bag(1)])[0].items, b == Bag(3, 1, 2), max(b), sum(b))
#---
# operator overloading with reflected and in-place operators
class V:
    def __init__(self, *c): self.c = c
    def __add__(self, o): return V(*(a + b for a, b in zip(self.c, o.c)))
    def __mul__(self, k): return V(*(a * k for a in self.c))
    __rmul__ = __mul__
    def __iadd__(self, o):
        self.c = tuple(a + b for a, b in zip(self.c, o.c))
        return self
    def __neg__(self): return V(*(-a for a in self.c))
    def __abs__(self): return sum(a * a for a in self.c) ** 0.5
    def __matmul__(self, o): return sum(a * b for a, b in zip(self.c, o.c))
    def __repr__(self): return f'V{self.c}'
    def __format__(self, spec): return 'V(' + ', '.join(format(a, spec) for a in self.c) + ')'
v = V(1, 2)
w = v
v += V(1, 1)
print(v + V(1, 1), 2 * v, v * 3, -v, abs(V(3, 4)), v @ V(1, 1), w is v, f'{V(1.5, 2):.2f}')
#---
# exceptions: custom hierarchies, args, notes, str/repr, raise from None
class AppError(Exception):
    def __init__(self, msg, code=1):
        super().__init__(msg)
        self.code = code
class NotFound(AppError):
    pass
try:
    raise NotFound('missing thing', code=404)
except AppError as e:
    print(type(e).__name__, e, e.code, e.args, repr(e), isinstance(e, Exception))
try:
    try:
        int('x')
    except ValueError:
        raise KeyError('k') from None
except KeyError as e:
    print(repr(e), e.__cause__, e.__suppress_context__)
e = ValueError('v')
e.add_note('a note') if hasattr(e, 'add_note') else None
print(getattr(e, '__notes__', ['a note']), str(KeyError('x')), str(KeyError()), repr(OSError(2, 'No such file')), OSError(2, 'nf').errno)
#---
# iteration protocol, generators in classes, itertools-style pipelines
class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self):
        n = self.n
        while n > 0:
            yield n
            n -= 1
print(list(Countdown(3)), list(zip(Countdown(3), 'abc')), sum(Countdown(4)), list(reversed(range(3))), list(map(str, Countdown(2))))
it = iter([1, 2, 3])
print(next(it), list(it), next(it, 'done'), list(enumerate('ab', start=1)), list(filter(None, [0, 1, 2])), any([]), all([]))
#---
# string methods and formatting learners use
s = '  Hello, World  '
print(s.strip(), s.lstrip(), s.rstrip(), s.lower(), s.upper(), s.title(), s.swapcase(), s.strip().split(', '), s.count('l'), s.find('o'), s.rfind('o'), s.index('W'))
print('a,b,,c'.split(','), 'a b  c'.split(), 'a\nb\r\nc'.splitlines(), '-'.join(['x', 'y']), 'abc'.replace('b', 'B'), 'x'.center(5, '*'), '7'.zfill(3), 'ab'.ljust(4, '.') + '|', 'ab'.rjust(4) + '|')
print('Hello'.startswith(('He', 'x')), 'file.csv'.endswith('.csv'), 'abc'.isalpha(), '123'.isdigit(), ' '.isspace(), 'Ab'.istitle(), 'a1'.isalnum(), 'snake_case'.partition('_'), 'a.b.c'.rpartition('.'), 'prefix_x'.removeprefix('prefix_'), 'x.txt'.removesuffix('.txt'))
print('%s is %d years and %.2f m' % ('Al', 30, 1.756), '%5s|%-5s|%05.1f' % ('a', 'b', 3.14159), '{:>6}|{:<6}|{:^6}'.format('r', 'l', 'c'), '{0}{1}{0}'.format('a', 'b'), '{name}'.format_map({'name': 'n'}), 'tab\tx'.expandtabs(4), 'ß'.casefold(), str.maketrans('ab', 'xy'), 'aabb'.translate(str.maketrans('ab', 'xy')))
#---
# number formatting
print(format(1234567.891, ','), format(0.000123, '.2e'), format(42, 'b'), format(255, 'X'), format(3.14159, '.3g'), format(1e20, 'g'), format(-7, '+d'), format(0.5, '.0%'), format(12, '#o'), format(1.0, 'n'))
print(round(2.5), round(3.5), round(-0.5), round(1.2345, 2), round(1234, -2), round(2.675, 2), int('ff', 16), int('0b101', 0), float('  1e3 '), int(' -7 '), divmod(17, 5), pow(3, 4, 5), pow(2, -1, 7), abs(-0.0))
print(str(1/3), repr(2/3), 1e16, 1.5e-7, 123456789.123456789, float('inf') > 1e308, 0.1 + 0.7, 3 * 0.1, 100 * 1.1, 1e-5, 12345678912345678.0)
#---
# dicts: ordering, views, comprehension, merge operators, setdefault, popitem
d = {'b': 2, 'a': 1}
d['c'] = 3
d |= {'a': 10}
e = d | {'z': 0}
print(d, e, list(d.keys()), list(d.values()), list(d.items())[0], d.setdefault('q', []), d.pop('q'), d.popitem(), dict.fromkeys('ab', 0), {k: v for k, v in sorted(d.items(), key=lambda kv: kv[1])})
print(d.get('missing', 'default'), 'a' in d, d.keys() & {'a', 'x'}, d.keys() - {'a'}, len(d), sorted(d, key=d.get), max(d, key=d.get), dict(zip(['x', 'y'], [1, 2])), {**d, 'b': None})
#---
# sets and frozensets (ints only, so the order is CPython's too)
a, b = {1, 2, 3, 4}, {3, 4, 5}
print(a | b, a & b, a - b, a ^ b, a <= {1, 2, 3, 4, 5}, a.isdisjoint({9}), {x % 3 for x in range(10)}, frozenset({1, 2}) | {3}, sorted({3, 1, 2}), len(set('aabbc')))
a.add(9); a.discard(1); a.remove(2)
print(a, a.pop() in {3, 4, 9}, set() == set(), {1, 2} == frozenset([2, 1]), a.union([100], (200,)), a.intersection_update({3, 4, 100}), a)
#---
# lists: slicing, sorting with keys, in-place ops, comprehension nesting
nums = [5, 3, 8, 1, 9, 2]
print(nums[::2], nums[::-1], nums[1:-1], nums[-2:], sorted(nums, key=lambda n: (n % 2, n)), sorted(['b', 'A', 'c'], key=str.lower), max(nums), min(nums, key=lambda n: abs(n - 4)))
nums.sort(reverse=True); nums.insert(0, 0); nums.extend([7, 7]); nums.remove(7)
print(nums, nums.index(9), nums.count(7), nums.pop(), nums.pop(0), nums * 2 == nums + nums, [[0] * 2 for _ in range(2)], list(zip(*[[1, 2], [3, 4]])))
nums[1:3] = ['a', 'b', 'c']
del nums[::2]
print(nums, [x for row in [[1, 2], [3]] for x in row], [y for y in range(20) if y % 3 == 0 if y % 2 == 0])
#---
# global/nonlocal closures counters and lambdas with default capture
def make_counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter()
inc(); inc(5)
print(get(), [f() for f in [lambda i=i: i * i for i in range(4)]], (lambda *a, **k: (a, k))(1, x=2))
#---
# try/finally with return/break/continue interplay
def f():
    for i in range(3):
        try:
            if i == 0:
                continue
            if i == 2:
                break
            print('body', i)
        finally:
            print('finally', i)
    try:
        return 'returned'
    finally:
        print('last finally')
print(f())
def g():
    try:
        return 1
    finally:
        return 2
print(g())
#---
# walrus in comprehensions and while loops with input-like data
lines = ['a=1', 'bad', 'b=2', '', 'c=3']
parsed = {k: int(v) for line in lines if (pair := line.split('=')) and len(pair) == 2 for k, v in [pair]}
print(parsed)
stack = [1, 2, 3]
total = 0
while stack and (top := stack.pop()) != 1:
    total += top
print(total, top, stack)
#---
# match with guards, or-patterns, class patterns on builtins, nested captures
def classify(cmd):
    match cmd.split():
        case ['go', ('north' | 'south' | 'east' | 'west') as direction]:
            return f'moving {direction}'
        case ['take', item, *rest] if not rest:
            return f'taking {item}'
        case ['take', *items]:
            return f'taking {len(items)} items'
        case ['quit' | 'exit']:
            return 'bye'
        case []:
            return 'nothing'
        case [first, *_]:
            return f'unknown {first}'
for c in ['go north', 'take lamp', 'take a b c', 'quit', '', 'dance now', 'go up']:
    print(classify(c))
#---
def kind(v):
    match v:
        case bool():
            return 'bool'
        case int() | float() as n if n > 100:
            return 'big number'
        case int(n):
            return f'int {n}'
        case float():
            return 'float'
        case {'id': int(i), 'tags': [*tags]}:
            return f'record {i} {tags}'
        case (x, y):
            return f'pair {x},{y}'
        case _:
            return 'other'
print([kind(v) for v in [True, 500, 7, 2.5, {'id': 1, 'tags': ['a']}, (1, 2), [3, 4], 'str', {'id': 'x'}]])
#---
# math.hypot and math.dist over several coordinates, as CPython 3.11 rounds them
import math, random
random.seed(7)
out = []
for n in range(300):
    k = random.randint(2, 6)
    v = [random.uniform(-10, 10) * 10 ** random.randint(-5, 5) for _ in range(k)]
    out.append(repr(math.hypot(*v)))
    out.append(repr(math.dist(v, [random.random() for _ in v])))
print(len(out), ' '.join(out))
print(math.hypot(3, 4), math.hypot(1, 2, 3), math.hypot(), math.hypot(-5), math.hypot(float('nan'), float('inf')), math.hypot(1e308, 1e308), math.hypot(0.1, 0.2, 0.3), math.hypot(*range(10)))
try:
    math.hypot('a')
except TypeError as e:
    print(e)
