"""Abstract Base Classes (kafkalab's abc)."""


def abstractmethod(funcobj):
    """A decorator indicating abstract methods."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    """A decorator indicating abstract classmethods (deprecated)."""
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    """A decorator indicating abstract staticmethods (deprecated)."""
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    """A decorator indicating abstract properties (deprecated)."""
    if fget is not None:
        fget.__isabstractmethod__ = True
    return property(fget, fset, fdel, doc)


def _is_abstract(value):
    if getattr(value, '__isabstractmethod__', False):
        return True
    for attr in ('__func__', 'fget'):
        inner = getattr(value, attr, None)
        if inner is not None and getattr(inner, '__isabstractmethod__', False):
            return True
    return False


def _compute_abstracts(cls):
    abstracts = {name for name, value in cls.__dict__.items() if _is_abstract(value)}
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', set()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """Metaclass for defining Abstract Base Classes (ABCs)."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls)
        cls._abc_registry = []
        return cls

    def register(cls, subclass):
        """Register a virtual subclass of an ABC."""
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError('Refusing to create an inheritance cycle')
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        """Override for isinstance(instance, cls)."""
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        """Override for issubclass(subclass, cls)."""
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        if cls in getattr(subclass, '__mro__', ()):
            return True
        hook = cls.__dict__.get('__subclasshook__')
        if hook is not None:
            ok = cls.__subclasshook__(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                return True
        for scls in cls.__subclasses__() if hasattr(cls, '__subclasses__') else ():
            if issubclass(subclass, scls):
                return True
        return False


def get_cache_token():
    """Returns the current ABC cache token."""
    return 0


def update_abstractmethods(cls):
    """Recalculate the set of abstract methods of an abstract class."""
    if hasattr(cls, '__abstractmethods__'):
        cls.__abstractmethods__ = _compute_abstracts(cls)
    return cls


class ABC(metaclass=ABCMeta):
    """Helper class that provides a standard way to create an ABC using inheritance."""
    __slots__ = ()
