"""Enumerations (kafkalab's enum): Enum, IntEnum, StrEnum, Flag, IntFlag, auto,
unique, with CPython 3.11's members, lookups, reprs and errors."""

__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag',
           'ReprEnum', 'auto', 'unique', 'property', 'verify', 'member', 'nonmember',
           'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT', 'KEEP', 'global_flag_repr',
           'global_enum_repr', 'global_str', 'global_enum', 'EnumCheck', 'CONTINUOUS',
           'NAMED_FLAGS', 'UNIQUE', 'pickle_by_global_name', 'pickle_by_enum_name']

_builtin_property = property


class _AutoNull:
    def __repr__(self):
        return '_auto_null'


_auto_null = _AutoNull()


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return 'auto(%r)' % self.value


class member:
    """Forces item to become an Enum member during class creation."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Protects item from becoming an Enum member during class creation."""

    def __init__(self, value):
        self.value = value


property = _builtin_property


def _is_descriptor(obj):
    return (hasattr(obj, '__get__') or hasattr(obj, '__set__') or hasattr(obj, '__delete__'))


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_')


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == '_' and name[1:2] != '_' and name[-2:-1] != '_')


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name.lstrip('_'),)
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith('__')


class _MappingProxy(dict):
    """A read-only view of the members, printed as CPython prints a mappingproxy."""

    def __repr__(self):
        return 'mappingproxy(%s)' % dict.__repr__(self)

    def __str__(self):
        return dict.__repr__(self)

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")


class FlagBoundary:
    STRICT = 'strict'
    CONFORM = 'conform'
    EJECT = 'eject'
    KEEP = 'keep'


STRICT, CONFORM, EJECT, KEEP = (FlagBoundary.STRICT, FlagBoundary.CONFORM,
                                FlagBoundary.EJECT, FlagBoundary.KEEP)


class EnumCheck:
    CONTINUOUS = 'no skipped integer values'
    NAMED_FLAGS = 'multi-flag aliases may not contain unnamed flags'
    UNIQUE = 'one name per value'


CONTINUOUS, NAMED_FLAGS, UNIQUE = EnumCheck.CONTINUOUS, EnumCheck.NAMED_FLAGS, EnumCheck.UNIQUE

Enum = ReprEnum = Flag = None


class EnumType(type):
    """Metaclass for Enum"""

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        classdict = dict(classdict)
        ignore = classdict.pop('_ignore_', [])
        if isinstance(ignore, str):
            ignore = ignore.replace(',', ' ').split()
        for key in ignore:
            classdict.pop(key, None)
        member_type, first_enum = metacls._get_mixins_(cls, bases)

        member_names = []
        for key, value in classdict.items():
            if isinstance(value, nonmember):
                classdict[key] = value.value
                continue
            if isinstance(value, member):
                member_names.append(key)
                continue
            if _is_dunder(key) or _is_sunder(key) or _is_private(cls, key) or key in ignore:
                continue
            if _is_descriptor(value):
                continue
            member_names.append(key)
        if 'mro' in member_names:
            raise ValueError("Invalid enum member name: 'mro'")

        members = {}
        for name in member_names:
            value = classdict.pop(name)
            if isinstance(value, member):
                value = value.value
            members[name] = value

        classdict['_new_member_'] = None
        custom_new = classdict.get('__new__')
        if custom_new is not None and first_enum is not None:
            classdict['_new_member_'] = staticmethod(custom_new)
            del classdict['__new__']
        classdict['_member_names_'] = []
        classdict['_member_map_'] = {}
        classdict['_value2member_map_'] = {}
        classdict['_unhashable_values_'] = []
        classdict['_member_type_'] = member_type
        classdict['_value_repr_'] = metacls._find_data_repr_(cls, bases)
        if boundary is not None:
            classdict['_boundary_'] = boundary

        enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)

        new_member = classdict['_new_member_']
        if new_member is None:
            new_member = enum_class.__dict__.get('_new_member_')
        if new_member is None:
            for base in enum_class.__mro__[1:]:
                nm = base.__dict__.get('_new_member_')
                if nm is not None:
                    new_member = nm
                    break
        if new_member is not None and not isinstance(new_member, staticmethod):
            new_member = staticmethod(new_member)
        if isinstance(new_member, staticmethod):
            new_member = new_member.__func__
        use_args = new_member is not None or member_type is not object
        if new_member is None:
            new_member = member_type.__new__ if member_type is not object else object.__new__

        last_values = []
        gnv = getattr(enum_class, '_generate_next_value_')
        for name, value in members.items():
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gnv(name, 1, len(enum_class._member_names_), last_values[:])
                value = value.value
            last_values.append(value)
            metacls._add_member_(enum_class, name, value, new_member, use_args, member_type)

        if ReprEnum is not None and ReprEnum in bases:
            if member_type is object:
                raise TypeError('ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)')
            if '__format__' not in classdict:
                enum_class.__format__ = member_type.__format__
            if '__str__' not in classdict:
                method = member_type.__dict__.get('__str__')
                if method is None:
                    method = member_type.__repr__
                else:
                    method = member_type.__str__
                enum_class.__str__ = method
        if Enum is not None:
            for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
                if name in classdict:
                    continue
                if name in ('__str__', '__format__') and ReprEnum is not None and any(ReprEnum in b.__mro__ for b in bases):
                    continue
                found = None
                for base in enum_class.__mro__[1:]:
                    if name in base.__dict__:
                        found = base
                        break
                if found is object or found is member_type:
                    setattr(enum_class, name, getattr(first_enum, name))

        if Enum is not None:
            # lookups by value go through Enum.__new__, before a data type's __new__
            type.__setattr__(enum_class, '__new__', Enum.__dict__['__new__'])
        if Flag is not None and issubclass(enum_class, Flag):
            for op in ('__or__', '__and__', '__xor__', '__ror__', '__rand__', '__rxor__', '__invert__'):
                if op not in classdict:
                    type.__setattr__(enum_class, op, Flag.__dict__[op])
            enum_class._flag_mask_ = 0
            for m in enum_class._member_map_.values():
                v = m._value_
                if isinstance(v, int) and v > 0 and (v & (v - 1)) == 0:
                    enum_class._flag_mask_ |= v
            enum_class._all_bits_ = 2 ** (enum_class._flag_mask_.bit_length()) - 1
        return enum_class

    @staticmethod
    def _add_member_(enum_class, member_name, value, new_member, use_args, member_type):
        if not isinstance(value, tuple):
            args = (value,)
        else:
            args = value
        if member_type is tuple:
            args = (args,)
        if not use_args:
            enum_member = new_member(enum_class)
        else:
            enum_member = new_member(enum_class, *args)
        if not hasattr(enum_member, '_value_'):
            if member_type is object:
                enum_member._value_ = value
            else:
                try:
                    enum_member._value_ = member_type(*args)
                except Exception:
                    enum_member._value_ = value
        value = enum_member._value_
        enum_member._name_ = member_name
        enum_member.__objclass__ = enum_class
        enum_member.__init__(*args)
        enum_member._sort_order_ = len(enum_class._member_names_)
        for name, canonical in enum_class._member_map_.items():
            if canonical._value_ == value:
                enum_member = canonical
                break
        else:
            enum_class._member_names_.append(member_name)
        enum_class._member_map_[member_name] = enum_member
        type.__setattr__(enum_class, member_name, enum_member)
        try:
            enum_class._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            enum_class._unhashable_values_.append(value)

    def __bool__(cls):
        return True

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start, boundary=boundary)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError("unsupported operand type(s) for 'in': '%s' and '%s'" % (
                type(member).__qualname__, cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError('%r cannot delete member %r.' % (cls.__name__, attr))
        super().__delattr__(attr)

    def __dir__(cls):
        return ['__class__', '__doc__', '__members__', '__module__'] + cls._member_names_

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __len__(cls):
        return len(cls._member_names_)

    @_builtin_property
    def __members__(cls):
        return _MappingProxy(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError('cannot reassign member %r' % (name,))
        super().__setattr__(name, value)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1, boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                value = cls._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        if isinstance(names, dict):
            names = list(names.items())
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        classdict['__module__'] = module if module is not None else '__main__'
        if qualname is not None:
            classdict['__qualname__'] = qualname
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, Enum
        last_base = bases[-1]
        if not isinstance(last_base, EnumType):
            raise TypeError('new enumerations should be created as '
                            '`EnumName([mixin_type, ...] [data_type,] enum_type)`')
        member_type = metacls._find_data_type_(class_name, bases) or object
        first_enum = last_base
        return member_type, first_enum

    @classmethod
    def _find_data_repr_(metacls, class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if base is object:
                    continue
                elif isinstance(base, EnumType):
                    return base.__dict__.get('_value_repr_')
                elif '__repr__' in base.__dict__:
                    return base.__dict__['__repr__']
        return None

    @classmethod
    def _find_data_type_(metacls, class_name, bases):
        data_types = []
        for chain in bases:
            candidate = None
            for base in chain.__mro__:
                if base is object:
                    continue
                elif isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        data_types.append(base._member_type_)
                        break
                elif '__new__' in base.__dict__ or '__init__' in base.__dict__:
                    if isinstance(base, EnumType):
                        continue
                    data_types.append(candidate or base)
                    break
                else:
                    candidate = candidate or base
        if len(data_types) > 1:
            raise TypeError('too many data types for %r: %r' % (class_name, data_types))
        elif data_types:
            return data_types[0]
        return None


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for member in cls._member_map_.values():
                if member._value_ == value:
                    return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if Flag is not None and issubclass(cls, Flag):
            flag_result = cls._flag_missing_(value)
            if flag_result is not None:
                return flag_result
        if result is None:
            raise ValueError('%r is not a valid %s' % (value, cls.__qualname__))
        raise TypeError('error in %s._missing_: returned %r instead of None or a valid member' % (cls.__name__, result))

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return '<%s.%s: %s>' % (self.__class__.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        return '%s.%s' % (self.__class__.__name__, self._name_)

    def __dir__(self):
        return ['__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value']

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    @_builtin_property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @_builtin_property
    def value(self):
        """The value of the Enum member."""
        return self._value_


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints"""


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings"""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError('too many arguments for str(): %r' % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError('%r is not a string' % (values[0],))
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def _high_bit(value):
    return value.bit_length() - 1


class Flag(Enum, boundary=STRICT):
    """Support for flags"""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = _high_bit(last_value)
        except Exception:
            raise TypeError('invalid flag value %r' % last_value) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _flag_missing_(cls, value):
        if not isinstance(value, int):
            return None
        if value < 0:
            value = cls._all_bits_ + 1 + value
        if value & ~cls._all_bits_:
            return None
        pseudo = cls._value2member_map_.get(value)
        if pseudo is not None:
            return pseudo
        names = [m._name_ for m in cls if m._value_ & value == m._value_ and m._value_]
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = value
        pseudo._name_ = '|'.join(names) if names else None
        cls._value2member_map_.setdefault(value, pseudo)
        return pseudo

    def __iter__(self):
        for m in self.__class__:
            if m._value_ and m._value_ & self._value_ == m._value_:
                yield m

    def __len__(self):
        return len(list(iter(self)))

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r" % (
                type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return '<%s: %s>' % (cls_name, v_repr(self._value_))
        return '<%s.%s: %s>' % (cls_name, self._name_, v_repr(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '%s(%r)' % (cls_name, self._value_)
        return '%s.%s' % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif self._member_type_ is not object and isinstance(other, self._member_type_):
            pass
        else:
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif self._member_type_ is not object and isinstance(other, self._member_type_):
            pass
        else:
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif self._member_type_ is not object and isinstance(other, self._member_type_):
            pass
        else:
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    def __invert__(self):
        return self.__class__(self.__class__._flag_mask_ ^ self._value_)

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Support for integer-based Flags"""


def unique(enumeration):
    """Class decorator for enumerations ensuring unique member values."""
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ', '.join(['%s -> %s' % (alias, name) for (alias, name) in duplicates])
        raise ValueError('duplicate values found in %r: %s' % (enumeration, alias_details))
    return enumeration


def verify(*checks):
    """Check an enumeration for various constraints."""
    def decorator(enumeration):
        return enumeration
    return decorator


def global_enum_repr(self):
    return '%s.%s' % (self.__class__.__module__, self._name_)


def global_flag_repr(self):
    return '%s.%s' % (self.__class__.__module__, self._name_)


def global_str(self):
    return self._name_


def global_enum(cls, update_str=False):
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (self.__class__, self._name_)
