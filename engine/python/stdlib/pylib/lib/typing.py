"""Support for type hints (kafkalab's typing).

Type hints are not checked at run time: the names here can be subscripted and
used in annotations, isinstance() works with the unsubscripted aliases of classes
(List, Dict, Iterable...), and NamedTuple and TypedDict make classes."""

import collections as _collections
import collections.abc as _abc

__all__ = ['Any', 'Callable', 'ClassVar', 'Final', 'Generic', 'Literal', 'Optional',
           'Protocol', 'Tuple', 'Type', 'TypeVar', 'Union', 'AbstractSet', 'ByteString',
           'Container', 'ContextManager', 'Hashable', 'ItemsView', 'Iterable', 'Iterator',
           'KeysView', 'Mapping', 'MappingView', 'MutableMapping', 'MutableSequence',
           'MutableSet', 'Sequence', 'Sized', 'ValuesView', 'Awaitable', 'AsyncIterator',
           'AsyncIterable', 'Coroutine', 'Collection', 'AsyncGenerator', 'Reversible',
           'SupportsAbs', 'SupportsBytes', 'SupportsComplex', 'SupportsFloat',
           'SupportsIndex', 'SupportsInt', 'SupportsRound', 'ChainMap', 'Counter', 'Deque',
           'Dict', 'DefaultDict', 'List', 'OrderedDict', 'Set', 'FrozenSet', 'NamedTuple',
           'TypedDict', 'Generator', 'BinaryIO', 'IO', 'Match', 'Pattern', 'TextIO',
           'AnyStr', 'assert_never', 'assert_type', 'cast', 'dataclass_transform',
           'final', 'get_args', 'get_origin', 'get_type_hints', 'is_typeddict',
           'LiteralString', 'Never', 'NewType', 'no_type_check', 'no_type_check_decorator',
           'NoReturn', 'NotRequired', 'overload', 'ParamSpec', 'Required', 'reveal_type',
           'runtime_checkable', 'Self', 'Text', 'TYPE_CHECKING', 'TypeAlias', 'TypeGuard',
           'TypeVarTuple', 'Unpack', 'Annotated', 'Concatenate', 'ParamSpecArgs',
           'ParamSpecKwargs']

TYPE_CHECKING = False


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if obj is None or obj is type(None):
        return 'None'
    if type(obj).__name__ == 'function':
        return obj.__name__
    if isinstance(obj, (list, tuple)):
        return '[' + ', '.join(_type_repr(a) for a in obj) + ']'
    return repr(obj)


class _Final:
    """Mixin for the objects of this module that cannot be subclassed."""
    __slots__ = ()


class _SpecialForm(_Final):
    """Any, Union, Optional, ClassVar...: subscripting makes a _GenericAlias."""

    def __init__(self, name, doc='', getitem=None):
        self._name = name
        self.__doc__ = doc
        self._getitem = getitem

    def __repr__(self):
        return 'typing.' + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError(f'Cannot instantiate {self!r}')

    def __getitem__(self, parameters):
        if self._getitem is not None:
            return self._getitem(self, parameters)
        if not isinstance(parameters, tuple):
            parameters = (parameters,)
        return _GenericAlias(self, parameters, name=self._name)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f'{self} cannot be used with isinstance()')

    def __subclasscheck__(self, cls):
        raise TypeError(f'{self} cannot be used with issubclass()')


class _GenericAlias(_Final):
    """A subscripted type hint: List[int], Dict[str, int], Union[int, str]."""

    def __init__(self, origin, args, name=None):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)
        self._name = name

    def __repr__(self):
        if self._name == 'Optional':
            return f'typing.Optional[{_type_repr(self.__args__[0])}]'
        if self._name == 'Callable' and len(self.__args__) == 2:
            args, result = self.__args__
            return f'typing.Callable[{_type_repr(args)}, {_type_repr(result)}]'
        name = 'typing.' + self._name if self._name else _type_repr(self.__origin__)
        if not self.__args__:
            return f'{name}[()]'
        return f'{name}[{", ".join(_type_repr(a) for a in self.__args__)}]'

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _GenericAlias(self.__origin__, params, name=self._name)

    def __call__(self, *args, **kwargs):
        if not isinstance(self.__origin__, type):
            raise TypeError(f'Type {self._name} cannot be instantiated; use {self._name.lower()}() instead')
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, type):
            return (self.__origin__,)
        return ()

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self._name, self.__args__))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')


class _SpecialGenericAlias(_Final):
    """List, Dict, Iterable...: aliases of a class that can be subscripted."""

    def __init__(self, origin, nparams, name=None):
        self.__origin__ = origin
        self._nparams = nparams
        self._name = name or origin.__name__.capitalize()

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._nparams >= 0 and len(params) != self._nparams and self._name != 'Tuple':
            raise TypeError(f"Too {'many' if len(params) > self._nparams else 'few'} arguments for typing.{self._name}; actual {len(params)}, expected {self._nparams}")
        return _GenericAlias(self.__origin__, params, name=self._name)

    def __call__(self, *args, **kwargs):
        return self.__origin__(*args, **kwargs)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__origin__)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        if isinstance(p, _GenericAlias) and p.__origin__ is Union:
            ps = p.__args__
        else:
            ps = (p,)
        for q in ps:
            if q is None:
                q = type(None)
            if q not in flat:
                flat.append(q)
    if len(flat) == 1:
        return flat[0]
    if len(flat) == 2 and type(None) in flat:
        other = flat[0] if flat[1] is type(None) else flat[1]
        alias = _GenericAlias(Union, tuple(flat), name='Optional')
        alias.__args__ = tuple(flat)
        return alias
    return _GenericAlias(Union, tuple(flat), name='Union')


def _optional_getitem(self, parameter):
    return Union[parameter, None]


def _literal_getitem(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _GenericAlias(self, parameters, name='Literal')


Any = _SpecialForm('Any', 'Special type indicating an unconstrained type.')
NoReturn = _SpecialForm('NoReturn', 'Special type indicating functions that never return.')
Never = _SpecialForm('Never', 'The bottom type.')
Self = _SpecialForm('Self', 'Used to spell the type of "self" in classes.')
LiteralString = _SpecialForm('LiteralString', 'Represents an arbitrary literal string.')
TypeAlias = _SpecialForm('TypeAlias', 'Special form for marking type aliases.')
ClassVar = _SpecialForm('ClassVar', 'Special type construct to mark class variables.')
Final = _SpecialForm('Final', 'Special typing construct to indicate final names.')
Union = _SpecialForm('Union', 'Union type; Union[X, Y] means either X or Y.', _union_getitem)
Optional = _SpecialForm('Optional', 'Optional type; Optional[X] is equivalent to Union[X, None].', _optional_getitem)
Literal = _SpecialForm('Literal', 'Special typing form to define literal types.', _literal_getitem)
TypeGuard = _SpecialForm('TypeGuard', 'Special typing form used to annotate type guards.')
Required = _SpecialForm('Required', 'A special typing construct to mark a TypedDict key as required.')
NotRequired = _SpecialForm('NotRequired', 'A special typing construct to mark a TypedDict key as potentially missing.')
Concatenate = _SpecialForm('Concatenate', 'Used in conjunction with ParamSpec and Callable.')
Unpack = _SpecialForm('Unpack', 'Type unpack operator.')


class _AnnotatedAlias(_GenericAlias):
    def __repr__(self):
        return f'typing.Annotated[{_type_repr(self.__origin__)}, {", ".join(repr(a) for a in self.__metadata__)}]'


class _AnnotatedForm(_SpecialForm):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments (a type and an annotation).')
        alias = _AnnotatedAlias(params[0], (params[0],), name='Annotated')
        alias.__metadata__ = params[1:]
        return alias


Annotated = _AnnotatedForm('Annotated', 'Add context-specific metadata to a type.')

Hashable = _SpecialGenericAlias(_abc.Hashable, 0, 'Hashable')
Awaitable = _SpecialGenericAlias(_abc.Awaitable, 1, 'Awaitable')
Coroutine = _SpecialGenericAlias(_abc.Coroutine, 3, 'Coroutine')
AsyncIterable = _SpecialGenericAlias(_abc.AsyncIterable, 1, 'AsyncIterable')
AsyncIterator = _SpecialGenericAlias(_abc.AsyncIterator, 1, 'AsyncIterator')
Iterable = _SpecialGenericAlias(_abc.Iterable, 1, 'Iterable')
Iterator = _SpecialGenericAlias(_abc.Iterator, 1, 'Iterator')
Reversible = _SpecialGenericAlias(_abc.Reversible, 1, 'Reversible')
Sized = _SpecialGenericAlias(_abc.Sized, 0, 'Sized')
Container = _SpecialGenericAlias(_abc.Container, 1, 'Container')
Collection = _SpecialGenericAlias(_abc.Collection, 1, 'Collection')
Callable = _SpecialGenericAlias(_abc.Callable, 2, 'Callable')
AbstractSet = _SpecialGenericAlias(_abc.Set, 1, 'AbstractSet')
MutableSet = _SpecialGenericAlias(_abc.MutableSet, 1, 'MutableSet')
Mapping = _SpecialGenericAlias(_abc.Mapping, 2, 'Mapping')
MutableMapping = _SpecialGenericAlias(_abc.MutableMapping, 2, 'MutableMapping')
Sequence = _SpecialGenericAlias(_abc.Sequence, 1, 'Sequence')
MutableSequence = _SpecialGenericAlias(_abc.MutableSequence, 1, 'MutableSequence')
ByteString = _SpecialGenericAlias(bytes, 0, 'ByteString')
Tuple = _SpecialGenericAlias(tuple, -1, 'Tuple')
List = _SpecialGenericAlias(list, 1, 'List')
Deque = _SpecialGenericAlias(_collections.deque, 1, 'Deque')
Set = _SpecialGenericAlias(set, 1, 'Set')
FrozenSet = _SpecialGenericAlias(frozenset, 1, 'FrozenSet')
MappingView = _SpecialGenericAlias(_abc.MappingView, 1, 'MappingView')
KeysView = _SpecialGenericAlias(_abc.KeysView, 1, 'KeysView')
ItemsView = _SpecialGenericAlias(_abc.ItemsView, 2, 'ItemsView')
ValuesView = _SpecialGenericAlias(_abc.ValuesView, 1, 'ValuesView')
ContextManager = _SpecialGenericAlias(object, 1, 'ContextManager')
Dict = _SpecialGenericAlias(dict, 2, 'Dict')
DefaultDict = _SpecialGenericAlias(_collections.defaultdict, 2, 'DefaultDict')
OrderedDict = _SpecialGenericAlias(_collections.OrderedDict, 2, 'OrderedDict')
Counter = _SpecialGenericAlias(_collections.Counter, 1, 'Counter')
ChainMap = _SpecialGenericAlias(_collections.ChainMap, 2, 'ChainMap')
Generator = _SpecialGenericAlias(_abc.Generator, 3, 'Generator')
AsyncGenerator = _SpecialGenericAlias(_abc.AsyncGenerator, 2, 'AsyncGenerator')
Type = _SpecialGenericAlias(type, 1, 'Type')
Text = str


class TypeVar(_Final):
    """Type variable."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        prefix = '+' if self.__covariant__ else '-' if self.__contravariant__ else '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class ParamSpec(TypeVar):
    """Parameter specification variable."""

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)


class ParamSpecArgs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.args'


class ParamSpecKwargs(_Final):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return f'{self.__origin__.__name__}.kwargs'


class TypeVarTuple(TypeVar):
    """Type variable tuple."""


AnyStr = TypeVar('AnyStr', bytes, str)
T = TypeVar('T')
KT = TypeVar('KT')
VT = TypeVar('VT')


class Generic:
    """Abstract base class for generic types: class C(Generic[T])."""
    __slots__ = ()

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        return _GenericAlias(cls, params, name=None if cls is not Generic else 'Generic')


class Protocol(Generic):
    """Base class for protocol classes (structural subtyping is not checked)."""
    __slots__ = ()


def runtime_checkable(cls):
    """Mark a protocol class as a runtime protocol."""
    return cls


def cast(typ, val):
    """Cast a value to a type (returns the value unchanged)."""
    return val


def assert_type(val, typ, /):
    """Ask a static type checker to confirm that the value is of the given type."""
    return val


def assert_never(arg, /):
    """Statically assert that a line of code is unreachable."""
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError(f'Expected code to be unreachable, but got: {value}')


def reveal_type(obj, /):
    """Reveal the inferred type of a variable (prints it to stderr at run time)."""
    import sys
    print(f'Runtime type is {type(obj).__name__!r}', file=sys.stderr)
    return obj


def overload(func):
    """Decorator for overloaded functions/methods."""
    return func


def final(f):
    """A decorator to indicate final methods and final classes."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Decorator to indicate that annotations are not type hints."""
    return arg


def no_type_check_decorator(decorator):
    """Decorator to give another decorator the @no_type_check effect."""
    return decorator


def dataclass_transform(**kwargs):
    """Decorator that marks an object as providing dataclass-like behaviour."""
    def decorator(cls_or_fn):
        return cls_or_fn
    return decorator


class NewType:
    """NewType creates simple unique types with almost zero runtime overhead."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp

    def __repr__(self):
        return f'__main__.{self.__qualname__}'

    def __call__(self, x):
        return x

    def __or__(self, other):
        return Union[self, other]


def get_origin(tp):
    """Get the unsubscripted version of a type."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        if isinstance(tp, _GenericAlias) and tp._name == 'Optional':
            return Union
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    """Get type arguments with all substitutions performed."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _GenericAlias):
        return tp.__args__
    return ()


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """Return type hints for an object (its __annotations__, with its bases')."""
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__', {})
            hints.update(ann)
        return hints
    return dict(getattr(obj, '__annotations__', None) or {})


def is_typeddict(tp):
    """Check if an annotation is a TypedDict class."""
    return isinstance(tp, _TypedDictMeta)


class _NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        if ns.get('_root', False):
            return super().__new__(cls, typename, bases, ns)
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} cannot follow default field{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}")
        nm_tpl = _collections.namedtuple(typename, list(types),
                                         defaults=[ns[n] for n in default_names],
                                         module=ns.get('__module__', '__main__'))
        nm_tpl.__annotations__ = dict(types)
        for key in ns:
            if key in ('__module__', '__qualname__', '__annotations__', '__doc__', '_root') or key in types:
                continue
            setattr(nm_tpl, key, ns[key])
        if '__doc__' in ns and ns['__doc__'] is not None:
            nm_tpl.__doc__ = ns['__doc__']
        return nm_tpl


class NamedTuple(metaclass=_NamedTupleMeta):
    """Typed version of namedtuple: class Point(NamedTuple): x: int; y: int = 0"""
    _root = True

    def __new__(cls, typename, fields=None, /, **kwargs):
        if fields is None:
            fields = kwargs.items()
        fields = list(fields)
        nm_tpl = _collections.namedtuple(typename, [n for n, t in fields], module='__main__')
        nm_tpl.__annotations__ = dict(fields)
        return nm_tpl


class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        tp = super().__new__(cls, name, (dict,), ns)
        annotations = {}
        for base in bases:
            annotations.update(base.__dict__.get('__annotations__', {}))
        annotations.update(ns.get('__annotations__', {}))
        tp.__annotations__ = annotations
        tp.__total__ = total
        tp.__required_keys__ = frozenset(annotations) if total else frozenset()
        tp.__optional_keys__ = frozenset() if total else frozenset(annotations)
        return tp

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __instancecheck__(cls, obj):
        raise TypeError('TypedDict does not support instance and class checks')

    __subclasscheck__ = __instancecheck__


class TypedDict(dict, metaclass=_TypedDictMeta):
    """A simple typed namespace. At runtime it is equivalent to a plain dict."""


class IO(Generic):
    """Generic base class for TextIO and BinaryIO."""
    __slots__ = ()


class TextIO(IO):
    """Typed version of the return of open() in text mode."""
    __slots__ = ()


class BinaryIO(IO):
    """Typed version of the return of open() in binary mode."""
    __slots__ = ()


class SupportsInt(Protocol):
    __slots__ = ()


class SupportsFloat(Protocol):
    __slots__ = ()


class SupportsComplex(Protocol):
    __slots__ = ()


class SupportsBytes(Protocol):
    __slots__ = ()


class SupportsIndex(Protocol):
    __slots__ = ()


class SupportsAbs(Protocol):
    __slots__ = ()


class SupportsRound(Protocol):
    __slots__ = ()


Pattern = _SpecialGenericAlias(object, 1, 'Pattern')
Match = _SpecialGenericAlias(object, 1, 'Match')
