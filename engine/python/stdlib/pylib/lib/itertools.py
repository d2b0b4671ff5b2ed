"""Functions creating iterators for efficient looping (kafkalab's itertools)."""

import sys as _sys

__all__ = ['accumulate', 'chain', 'combinations', 'combinations_with_replacement',
           'compress', 'count', 'cycle', 'dropwhile', 'filterfalse', 'groupby',
           'islice', 'pairwise', 'permutations', 'product', 'repeat', 'starmap',
           'takewhile', 'tee', 'zip_longest']


def _check_int(value, what):
    if not isinstance(value, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(value).__name__)
    return value


class count:
    """count(start=0, step=1) --> count object: start, start+step, start+2*step, ..."""

    def __init__(self, start=0, step=1):
        for v in (start, step):
            if not isinstance(v, (int, float, complex)):
                raise TypeError('a number is required')
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if self._step == 1 and isinstance(self._step, int):
            return 'count(%r)' % (self._n,)
        return 'count(%r, %r)' % (self._n, self._step)


class cycle:
    """cycle(iterable) --> return elements from the iterable until exhausted, then repeat."""

    def __init__(self, iterable):
        self._it = iter(iterable)
        self._saved = []
        self._index = -1

    def __iter__(self):
        return self

    def __next__(self):
        if self._index < 0:
            try:
                item = next(self._it)
            except StopIteration:
                if not self._saved:
                    raise
                self._index = 0
            else:
                self._saved.append(item)
                return item
        item = self._saved[self._index]
        self._index = (self._index + 1) % len(self._saved)
        return item


class repeat:
    """repeat(object [,times]) -> the object, times times or forever."""

    def __init__(self, object, times=None):
        self._object = object
        if times is not None:
            _check_int(times, 'times')
            if times < 0:
                times = 0
        self._times = times

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._object
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return 'repeat(%r)' % (self._object,)
        return 'repeat(%r, %d)' % (self._object, self._times)


def accumulate(iterable, func=None, *, initial=None):
    """Return series of accumulated sums (or other binary function results)."""
    it = iter(iterable)
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


class chain:
    """chain(*iterables) --> elements of the first iterable, then the next..."""

    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._active = None

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._active is None:
                self._active = iter(next(self._sources))
            try:
                return next(self._active)
            except StopIteration:
                self._active = None

    @classmethod
    def from_iterable(cls, iterables):
        """Alternative chain() constructor taking a single iterable argument."""
        obj = cls()
        obj._sources = iter(iterables)
        return obj


def compress(data, selectors):
    """Return data elements corresponding to true selector elements."""
    for d, s in zip(data, selectors):
        if s:
            yield d


def dropwhile(predicate, iterable):
    """Drop items from the iterable while predicate(item) is true."""
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def takewhile(predicate, iterable):
    """Return successive entries from an iterable as long as the predicate is true."""
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    """Return those items of iterable for which predicate(item) is false."""
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable"""

    def __init__(self, iterable, key=None):
        self._keyfunc = key if key is not None else (lambda x: x)
        self._it = iter(iterable)
        self._sentinel = object()
        self._tgtkey = self._currkey = self._currvalue = self._sentinel
        self._id = object()

    def __iter__(self):
        return self

    def __next__(self):
        self._id = object()
        while self._currkey is not self._sentinel and self._currkey == self._tgtkey:
            self._advance()
        if self._currkey is self._sentinel:
            self._advance()
        self._tgtkey = self._currkey
        return (self._currkey, self._grouper(self._tgtkey, self._id))

    def _advance(self):
        self._currvalue = next(self._it)
        self._currkey = self._keyfunc(self._currvalue)

    def _grouper(self, tgtkey, id):
        while self._id is id and self._currkey == tgtkey:
            yield self._currvalue
            try:
                self._advance()
            except StopIteration:
                self._currkey = self._sentinel
                return


def islice(iterable, *args):
    """islice(iterable, stop) or islice(iterable, start, stop[, step])"""
    if not 1 <= len(args) <= 3:
        raise TypeError('islice expected at most 4 arguments, got %d' % (len(args) + 1))
    s = slice(*args)
    start, stop, step = s.start or 0, s.stop, 1 if s.step is None else s.step
    if not isinstance(start, int) or start < 0 or (stop is not None and (not isinstance(stop, int) or stop < 0)) or not isinstance(step, int) or step <= 0:
        if len(args) == 1:
            raise ValueError('Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
        if not isinstance(step, int) or step <= 0:
            raise ValueError('Step for islice() must be a positive integer or None.')
        raise ValueError('Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.')
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    while stop is None or i < stop:
        try:
            element = next(it)
        except StopIteration:
            return
        if i == nexti:
            yield element
            nexti += step
        i += 1


def starmap(function, iterable):
    """Return an iterator whose values are returned from the function evaluated with an argument tuple taken from the given sequence."""
    for args in iterable:
        yield function(*args)


def tee(iterable, n=2):
    """Returns a tuple of n independent iterators."""
    _check_int(n, 'n')
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mybuf):
        while True:
            if not mybuf:
                try:
                    value = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(value)
            yield mybuf.pop(0)
    return tuple(gen(b) for b in buffers)


def zip_longest(*iterables, fillvalue=None):
    """zip_longest(iter1 [,iter2 [...]], [fillvalue=None]) --> zip_longest object"""
    iterators = [iter(it) for it in iterables]
    num_active = len(iterators)
    if not num_active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def pairwise(iterable):
    """Return successive overlapping pairs taken from the input iterable."""
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def product(*iterables, repeat=1):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""
    _check_int(repeat, 'repeat')
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _product(pools):
    result = [()]
    for pool in pools:
        result = [x + (y,) for x in result for y in pool]
    for prod in result:
        yield prod


def permutations(iterable, r=None):
    """Return successive r-length permutations of elements in the iterable."""
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else _check_int(r, 'r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _permutations(pool, n, r)


def _permutations(pool, n, r):
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    """Return successive r-length combinations of elements in the iterable."""
    pool = tuple(iterable)
    _check_int(r, 'r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations(pool, len(pool), r)


def _combinations(pool, n, r):
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    """Return successive r-length combinations of elements in the iterable allowing individual elements to have successive repeats."""
    pool = tuple(iterable)
    _check_int(r, 'r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return _combinations_wr(pool, len(pool), r)


def _combinations_wr(pool, n, r):
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)
