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
