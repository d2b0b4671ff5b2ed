"""A collection of string constants, capwords, Template and Formatter
(kafkalab's string)."""

__all__ = ['ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'capwords',
           'digits', 'hexdigits', 'octdigits', 'printable', 'punctuation',
           'whitespace', 'Formatter', 'Template']

whitespace = ' \t\n\r\v\f'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split the argument into words using split, capitalize each word using
    capitalize, and join the capitalized words using join."""
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


class Template:
    """A string class for supporting $-substitutions."""

    delimiter = '$'
    idpattern = r'(?a:[_a-z][_a-z0-9]*)'
    braceidpattern = None
    flags = None

    def __init_subclass__(cls):
        super().__init_subclass__()
        cls._compile()

    @classmethod
    def _compile(cls):
        import re
        if 'pattern' in cls.__dict__:
            if isinstance(cls.pattern, str):
                cls.pattern = re.compile(cls.pattern, re.VERBOSE | (re.IGNORECASE if cls.flags is None else cls.flags))
            return
        delim = re.escape(cls.delimiter)
        id = cls.idpattern
        bid = cls.braceidpattern or cls.idpattern
        pattern = fr"""
        {delim}(?:
          (?P<escaped>{delim})  |   # Escape sequence of two delimiters
          (?P<named>{id})       |   # delimiter and a Python identifier
          {{(?P<braced>{bid})}} |   # delimiter and a braced identifier
          (?P<invalid>)             # Other ill-formed delimiter exprs
        )
        """
        flags = re.IGNORECASE if cls.flags is None else cls.flags
        cls.pattern = re.compile(pattern, flags | re.VERBOSE)

    def __init__(self, template):
        self.template = template

    def _invalid(self, mo):
        i = mo.start('invalid')
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def substitute(self, mapping=None, /, **kws):
        if mapping is None:
            mapping = kws
        elif kws:
            mapping = {**mapping, **kws}

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                return str(mapping[named])
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                self._invalid(mo)
            raise ValueError('Unrecognized named group in pattern', self.pattern)
        return self.pattern.sub(convert, self.template)

    def safe_substitute(self, mapping=None, /, **kws):
        if mapping is None:
            mapping = kws
        elif kws:
            mapping = {**mapping, **kws}

        def convert(mo):
            named = mo.group('named') or mo.group('braced')
            if named is not None:
                try:
                    return str(mapping[named])
                except KeyError:
                    return mo.group()
            if mo.group('escaped') is not None:
                return self.delimiter
            if mo.group('invalid') is not None:
                return mo.group()
            raise ValueError('Unrecognized named group in pattern', self.pattern)
        return self.pattern.sub(convert, self.template)

    def is_valid(self):
        for mo in self.pattern.finditer(self.template):
            if mo.group('invalid') is not None:
                return False
            if (mo.group('named') is None and mo.group('braced') is None and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern', self.pattern)
        return True

    def get_identifiers(self):
        ids = []
        for mo in self.pattern.finditer(self.template):
            named = mo.group('named') or mo.group('braced')
            if named is not None and named not in ids:
                ids.append(named)
            elif (named is None and mo.group('invalid') is None and mo.group('escaped') is None):
                raise ValueError('Unrecognized named group in pattern', self.pattern)
        return ids


Template._compile()


class Formatter:
    """The engine of str.format(), with hooks a subclass can override."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == '':
                    if auto_arg_index is False:
                        raise ValueError('cannot switch from manual field specification to automatic field numbering')
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError('cannot switch from manual field specification to automatic field numbering')
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(format_spec, args, kwargs, used_args,
                                                            recursion_depth - 1, auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        elif conversion == 's':
            return str(value)
        elif conversion == 'r':
            return repr(value)
        elif conversion == 'a':
            return ascii(value)
        raise ValueError('Unknown conversion specifier {0!s}'.format(conversion))

    def parse(self, format_string):
        """Split format_string into (literal_text, field_name, format_spec, conversion) tuples."""
        out = []
        i, n = 0, len(format_string)
        literal = []
        while i < n:
            c = format_string[i]
            if c == '{':
                if i + 1 < n and format_string[i + 1] == '{':
                    literal.append('{')
                    i += 2
                    continue
                depth = 1
                j = i + 1
                while j < n and depth:
                    if format_string[j] == '{':
                        depth += 1
                    elif format_string[j] == '}':
                        depth -= 1
                    j += 1
                if depth:
                    raise ValueError("expected '}' before end of string")
                field = format_string[i + 1:j - 1]
                conversion = None
                spec = ''
                k = 0
                bracket = False
                while k < len(field):
                    if field[k] == '[':
                        bracket = True
                    elif field[k] == ']':
                        bracket = False
                    elif not bracket and field[k] in '!:':
                        break
                    k += 1
                name = field[:k]
                rest = field[k:]
                if rest.startswith('!'):
                    if len(rest) < 2:
                        raise ValueError('end of string while looking for conversion specifier')
                    conversion = rest[1]
                    rest = rest[2:]
                    if rest and not rest.startswith(':'):
                        raise ValueError('expected \':\' after conversion specifier')
                if rest.startswith(':'):
                    spec = rest[1:]
                out.append((''.join(literal), name, spec, conversion))
                literal = []
                i = j
            elif c == '}':
                if i + 1 < n and format_string[i + 1] == '}':
                    literal.append('}')
                    i += 2
                    continue
                raise ValueError("Single '}' encountered in format string")
            else:
                literal.append(c)
                i += 1
        if literal:
            out.append((''.join(literal), None, None, None))
        return out

    def get_field(self, field_name, args, kwargs):
        first, rest = _split_field(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first


def _split_field(field_name):
    i = 0
    while i < len(field_name) and field_name[i] not in '.[':
        i += 1
    first = field_name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < len(field_name):
        if field_name[i] == '.':
            j = i + 1
            while j < len(field_name) and field_name[j] not in '.[':
                j += 1
            rest.append((True, field_name[i + 1:j]))
            i = j
        else:
            j = field_name.index(']', i)
            key = field_name[i + 1:j]
            rest.append((False, int(key) if key.isdigit() else key))
            i = j + 1
    return first, rest
