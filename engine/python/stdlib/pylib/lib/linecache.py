"""Source lines of the running script (kafkalab's linecache): getline finds the text a
running module was compiled from; there are no files to read."""

__all__ = ['getline', 'clearcache', 'checkcache', 'lazycache', 'getlines']

cache = {}


def getline(filename, lineno, module_globals=None):
    """Get a line for a Python source file from the cache."""
    try:
        import _kafkalab
    except ImportError:
        return ''
    line = _kafkalab.getline(filename, lineno)
    return '' if line is None else line + '\n'


def getlines(filename, module_globals=None):
    lines = []
    n = 1
    while True:
        line = getline(filename, n)
        if not line:
            return lines
        lines.append(line)
        n += 1


def clearcache():
    cache.clear()


def checkcache(filename=None):
    pass


def lazycache(filename, module_globals):
    return False
