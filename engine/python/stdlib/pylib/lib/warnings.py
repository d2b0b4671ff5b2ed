"""Python part of the warnings subsystem (kafkalab's warnings): warn() prints
"file:line: Category: message" to sys.stderr, once per place by default; the
filters (simplefilter, filterwarnings, catch_warnings) work as in CPython."""

import sys
import re

__all__ = ['warn', 'warn_explicit', 'showwarning', 'formatwarning', 'filterwarnings',
           'simplefilter', 'resetwarnings', 'catch_warnings']

_actions = ('error', 'ignore', 'always', 'default', 'module', 'once')

filters = []
defaultaction = 'default'
onceregistry = {}
_filters_version = 1


def _default_filters():
    return [
        ('default', None, DeprecationWarning, '__main__', 0),
        ('ignore', None, DeprecationWarning, None, 0),
        ('ignore', None, PendingDeprecationWarning, None, 0),
        ('ignore', None, ImportWarning, None, 0),
        ('ignore', None, ResourceWarning, None, 0),
    ]


filters[:] = _default_filters()
_registry = {}


def _filters_mutated():
    global _filters_version
    _filters_version += 1
    _registry.clear()


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Hook to write a warning to a file; replace if you like."""
    msg = WarningMessage(message, category, filename, lineno, file, line)
    _showwarnmsg_impl(msg)


def formatwarning(message, category, filename, lineno, line=None):
    """Function to format a warning the standard way."""
    msg = WarningMessage(message, category, filename, lineno, None, line)
    return _formatwarnmsg_impl(msg)


def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = _formatwarnmsg(msg)
    try:
        file.write(text)
    except OSError:
        pass


def _formatwarnmsg_impl(msg):
    category = msg.category.__name__
    s = f'{msg.filename}:{msg.lineno}: {category}: {msg.message}\n'
    if msg.line is None:
        try:
            import linecache
            line = linecache.getline(msg.filename, msg.lineno)
        except Exception:
            line = None
    else:
        line = msg.line
    if line:
        s += '  %s\n' % line.strip()
    return s


_showwarning_orig = showwarning


def _showwarnmsg(msg):
    if showwarning is not _showwarning_orig:
        if not callable(showwarning):
            raise TypeError('warnings.showwarning() must be set to a function or method')
        showwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _showwarnmsg_impl(msg)


_formatwarning_orig = formatwarning


def _formatwarnmsg(msg):
    if formatwarning is not _formatwarning_orig:
        return formatwarning(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    return _formatwarnmsg_impl(msg)


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    """Insert an entry into the list of warnings filters (at the front)."""
    if action not in _actions:
        raise ValueError(f'invalid action: {action!r}')
    if not isinstance(message, str):
        raise TypeError('message must be a string')
    if not isinstance(category, type) or not issubclass(category, Warning):
        raise TypeError('category must be a Warning subclass')
    if not isinstance(module, str):
        raise TypeError('module must be a string')
    if not isinstance(lineno, int) or lineno < 0:
        raise ValueError('lineno must be an int >= 0')
    message = re.compile(message, re.I) if message else None
    module = re.compile(module) if module else None
    _add_filter(action, message, category, module, lineno, append=append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Insert a simple entry into the list of warnings filters (at the front)."""
    if action not in _actions:
        raise ValueError(f'invalid action: {action!r}')
    if not isinstance(lineno, int) or lineno < 0:
        raise ValueError('lineno must be an int >= 0')
    _add_filter(action, None, category, None, lineno, append=append)


def _add_filter(*item, append):
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def resetwarnings():
    """Clear the list of warning filters, so that no filters are active."""
    filters[:] = []
    _filters_mutated()


def _match(pattern, text):
    if pattern is None:
        return True
    if isinstance(pattern, str):
        return pattern == text
    return pattern.match(text) is not None


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning, or maybe ignore it or raise an exception."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError('category must be a Warning subclass, not %r' % type(category).__name__)
    filename, lineno, module = 'sys', 1, 'sys'
    try:
        import _kafkalab
        info = _kafkalab.caller(stacklevel)
    except ImportError:
        info = None
    if info is not None:
        filename, lineno, _, module = info[:4]
        if module is None:
            module = '<string>'
    warn_explicit(message, category, filename, lineno, module, _registry, source=source)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or '<unknown>'
        if module[-3:].lower() == '.py':
            module = module[:-3]
    if registry is None:
        registry = {}
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno, filename)
    if registry.get(key):
        return
    for item in filters:
        action, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat) and
                _match(mod, module) and (ln == 0 or lineno == ln)):
            break
    else:
        action = defaultaction
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    if action == 'once':
        registry[key] = 1
        oncekey = (text, category)
        if onceregistry.get(oncekey):
            return
        onceregistry[oncekey] = 1
    elif action == 'always':
        pass
    elif action == 'module':
        registry[key] = 1
        altkey = (text, category, 0, filename)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == 'default':
        registry[key] = 1
    else:
        raise RuntimeError('Unrecognized action (%r) in warnings.filters:\n %s' % (action, item))
    msg = WarningMessage(message, category, filename, lineno, source=source)
    _showwarnmsg(msg)


class WarningMessage(object):
    _WARNING_DETAILS = ('message', 'category', 'filename', 'lineno', 'file', 'line', 'source')

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ('{message : %r, category : %r, filename : %r, lineno : %s, line : %r}' %
                (self.message, self._category_name, self.filename, self.lineno, self.line))


class catch_warnings(object):
    """A context manager that copies and restores the warnings filter upon exiting the context."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning,
                 lineno=0, append=False):
        self._record = record
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append('record=True')
        return '%s(%s)' % (type(self).__name__, ', '.join(args))

    def __enter__(self):
        global showwarning
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        self._filters = filters[:]
        self._showwarning = showwarning
        _filters_mutated()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []

            def _record_warning(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))
            showwarning = _record_warning
            return log
        return None

    def __exit__(self, *exc_info):
        global showwarning
        if not self._entered:
            raise RuntimeError('Cannot exit %r without entering first' % self)
        filters[:] = self._filters
        _filters_mutated()
        showwarning = self._showwarning
