"""Abstract Base Classes for containers (kafkalab's collections.abc).

isinstance() and issubclass() recognise the built-in types and classes that
define the methods of the protocol (Iterable: __iter__, Sized: __len__...)."""

from abc import ABCMeta, abstractmethod

__all__ = ['Awaitable', 'Coroutine', 'AsyncIterable', 'AsyncIterator', 'AsyncGenerator',
           'Hashable', 'Iterable', 'Iterator', 'Generator', 'Reversible', 'Sized',
           'Container', 'Callable', 'Collection', 'Set', 'MutableSet', 'Mapping',
           'MutableMapping', 'MappingView', 'KeysView', 'ItemsView', 'ValuesView',
           'Sequence', 'MutableSequence', 'ByteString', 'Buffer']


def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            if method in B.__dict__:
                if B.__dict__[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


class Hashable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __hash__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Hashable:
            if C in (list, dict, set):
                return False
            return _check_methods(C, '__hash__') if C.__mro__[0] not in (int, str, float, tuple, bytes, frozenset, bool, complex, type(None)) else True
        return NotImplemented


class Awaitable(metaclass=ABCMeta):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Awaitable:
            return _check_methods(C, '__await__')
        return NotImplemented


class Coroutine(Awaitable):
    __slots__ = ()


class AsyncIterable(metaclass=ABCMeta):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is AsyncIterable:
            return _check_methods(C, '__aiter__')
        return NotImplemented


class AsyncIterator(AsyncIterable):
    __slots__ = ()


class AsyncGenerator(AsyncIterator):
    __slots__ = ()


_builtin_iterables = (list, tuple, str, bytes, dict, set, frozenset, range)


class Iterable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __iter__(self):
        while False:
            yield None

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterable:
            if issubclass(C, _builtin_iterables) or C.__name__ in ('generator', 'dict_keys', 'dict_values', 'dict_items', 'enumerate', 'zip', 'map', 'filter', 'reversed'):
                return True
            return _check_methods(C, '__iter__')
        return NotImplemented


class Iterator(Iterable):
    __slots__ = ()

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterator:
            if C.__name__ in ('generator', 'enumerate', 'zip', 'map', 'filter', 'reversed', 'list_iterator', 'tuple_iterator', 'str_iterator', 'range_iterator'):
                return True
            return _check_methods(C, '__iter__', '__next__')
        return NotImplemented


class Reversible(Iterable):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Reversible:
            if issubclass(C, (list, tuple, str, bytes, dict, range)):
                return True
            return _check_methods(C, '__reversed__', '__iter__')
        return NotImplemented


class Generator(Iterator):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Generator:
            if C.__name__ == 'generator':
                return True
            return _check_methods(C, '__iter__', '__next__', 'send', 'throw', 'close')
        return NotImplemented


class Sized(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __len__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            if issubclass(C, _builtin_iterables):
                return True
            return _check_methods(C, '__len__')
        return NotImplemented


class Container(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __contains__(self, x):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Container:
            if issubclass(C, _builtin_iterables):
                return True
            return _check_methods(C, '__contains__')
        return NotImplemented


class Collection(Sized, Iterable, Container):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Collection:
            if issubclass(C, _builtin_iterables):
                return True
            return _check_methods(C, '__len__', '__iter__', '__contains__')
        return NotImplemented


class Buffer(metaclass=ABCMeta):
    __slots__ = ()


class Callable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Callable:
            if C.__name__ in ('function', 'builtin_function_or_method', 'method', 'type') or issubclass(C, type):
                return True
            return _check_methods(C, '__call__')
        return NotImplemented


class Set(Collection):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Set:
            return issubclass(C, (set, frozenset)) or NotImplemented
        return NotImplemented


class MutableSet(Set):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is MutableSet:
            return issubclass(C, set) or NotImplemented
        return NotImplemented


class Mapping(Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Mapping:
            return issubclass(C, dict) or NotImplemented
        return NotImplemented


class MutableMapping(Mapping):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is MutableMapping:
            return issubclass(C, dict) or NotImplemented
        return NotImplemented


class MappingView(Sized):
    __slots__ = ('_mapping',)

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return '{0.__class__.__name__}({0._mapping!r})'.format(self)


class KeysView(MappingView, Set):
    __slots__ = ()

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        yield from self._mapping


class ItemsView(MappingView, Set):
    __slots__ = ()

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class Sequence(Reversible, Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        for i, v in enumerate(self):
            if i >= start and (stop is None or i < stop) and (v is value or v == value):
                return i
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sequence:
            return issubclass(C, (list, tuple, str, bytes, range)) or NotImplemented
        return NotImplemented


class MutableSequence(Sequence):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is MutableSequence:
            return issubclass(C, list) or NotImplemented
        return NotImplemented


class ByteString(Sequence):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is ByteString:
            return issubclass(C, bytes) or NotImplemented
        return NotImplemented
