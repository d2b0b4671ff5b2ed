"""Generic (shallow and deep) copying operations (kafkalab's copy)."""

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error

_atomic = (type(None), int, float, bool, complex, str, bytes, type, range,
           type(Ellipsis), type(NotImplemented), frozenset)


def _is_function(x):
    return type(x).__name__ in ('function', 'builtin_function_or_method', 'method')


def _new_like(x):
    """A new, empty object of x's class (a class derived from a built-in type gets an
    empty built-in value of its own)."""
    cls = type(x)
    for base in (dict, list, set):
        if isinstance(x, base):
            return base.__new__(cls)
    for base in (tuple, str, int, float, bytes, frozenset, complex):
        if isinstance(x, base):
            return base.__new__(cls, x)
    return object.__new__(cls)


def _copy_state(new, x, transform):
    state = getattr(x, '__dict__', None)
    if state:
        for k, v in state.items():
            setattr(new, k, transform(v))


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    cls = type(x)
    if cls in _atomic or _is_function(x) or isinstance(x, type):
        return x
    if cls is list:
        return x[:]
    if cls is dict:
        return x.copy()
    if cls is set:
        return x.copy()
    if cls is tuple:
        return x
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    if isinstance(x, tuple) and hasattr(cls, '_make'):
        return cls._make(x)
    new = _new_like(x)
    if isinstance(x, dict):
        dict.update(new, x)
    elif isinstance(x, list):
        list.extend(new, x)
    elif isinstance(x, set):
        set.update(new, x)
    _copy_state(new, x, lambda v: v)
    return new


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _atomic or _is_function(x) or isinstance(x, type):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        try:
            return memo[d]
        except KeyError:
            pass
        y = x
        for k, j in zip(x, items):
            if k is not j:
                y = tuple(items)
                break
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set:
        y = set(deepcopy(a, memo) for a in x)
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None:
            y = copier(memo)
        elif isinstance(x, tuple) and hasattr(cls, '_make'):
            y = cls._make(deepcopy(a, memo) for a in x)
        else:
            y = _new_like(x)
            memo[d] = y
            if isinstance(x, dict):
                for key, value in dict.items(x):
                    dict.__setitem__(y, deepcopy(key, memo), deepcopy(value, memo))
            elif isinstance(x, list):
                for a in x:
                    list.append(y, deepcopy(a, memo))
            elif isinstance(x, set):
                for a in x:
                    set.add(y, deepcopy(a, memo))
            _copy_state(y, x, lambda v: deepcopy(v, memo))
    if y is not x:
        memo[d] = y
        memo.setdefault(id(memo), []).append(x)
    return y
