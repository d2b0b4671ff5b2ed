"""Shell-style name matching (kafkalab's fnmatch): *, ?, [seq] and [!seq]."""

import re

__all__ = ['fnmatch', 'fnmatchcase', 'filter', 'translate']

_cache = {}


def translate(pat):
    """The regular expression (as a string) that matches what the pattern matches."""
    out = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            # Runs of * mean the same as one.
            while i < n and pat[i] == '*':
                i += 1
            out.append('.*')
        elif c == '?':
            out.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                out.append('\\[')
            else:
                body = pat[i:j].replace('\\', '\\\\')
                i = j + 1
                if body.startswith('!'):
                    body = '^' + body[1:]
                elif body.startswith('^'):
                    body = '\\' + body
                out.append('[' + body + ']')
        else:
            out.append(re.escape(c))
    return '(?s:' + ''.join(out) + ')\\Z'


def _compiled(pat):
    rx = _cache.get(pat)
    if rx is None:
        rx = re.compile(translate(pat))
        _cache[pat] = rx
    return rx


def fnmatchcase(name, pat):
    """Whether name matches pat, case counting."""
    return _compiled(pat).match(name) is not None


def fnmatch(name, pat):
    """Whether name matches pat (on this system, as fnmatchcase)."""
    return fnmatchcase(name, pat)


def filter(names, pat):
    """The names that match pat."""
    rx = _compiled(pat)
    return [n for n in names if rx.match(n) is not None]
