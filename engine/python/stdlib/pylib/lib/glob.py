"""Path name patterns (kafkalab's glob): glob, iglob and escape over the working folder.

It lists files through os, so it sees the working folder only, as os does."""

import fnmatch
import os
import re

__all__ = ['glob', 'iglob', 'escape', 'has_magic']

_magic = re.compile('([*?[])')


def has_magic(s):
    return _magic.search(s) is not None


def escape(pathname):
    """The pattern that matches pathname literally."""
    drive, rest = '', pathname
    return drive + _magic.sub(r'[\1]', rest)


def _hidden(name):
    return name.startswith('.')


def _names(dirname):
    try:
        return sorted(os.listdir(dirname or '.'))
    except OSError:
        return []


def _descendants(dirname, include_hidden):
    # '**' matches the folder itself and every folder and file below it.
    yield ''
    for name in _names(dirname):
        if _hidden(name) and not include_hidden:
            continue
        yield name
        path = os.path.join(dirname, name) if dirname else name
        if os.path.isdir(path) and not os.path.islink(path):
            for sub in _descendants(path, include_hidden):
                if sub:
                    yield os.path.join(name, sub)


def _expand(dirname, parts, recursive, include_hidden):
    if not parts:
        yield dirname
        return
    head, rest = parts[0], parts[1:]
    if recursive and head == '**':
        for sub in _descendants(dirname, include_hidden):
            if sub == '':
                # The folder itself: 'out/**' lists 'out/' first, as CPython does.
                if rest:
                    yield from _expand(dirname, rest, recursive, include_hidden)
                elif dirname:
                    yield dirname if dirname.endswith('/') else dirname + '/'
                continue
            path = os.path.join(dirname, sub) if dirname else sub
            if rest and not os.path.isdir(path):
                continue
            yield from _expand(path, rest, recursive, include_hidden)
        return
    if not has_magic(head):
        path = os.path.join(dirname, head) if dirname else head
        if rest:
            if os.path.isdir(path):
                yield from _expand(path, rest, recursive, include_hidden)
        elif os.path.exists(path):
            yield path
        return
    for name in _names(dirname):
        if _hidden(name) and not include_hidden and not head.startswith('.'):
            continue
        if not fnmatch.fnmatchcase(name, head):
            continue
        path = os.path.join(dirname, name) if dirname else name
        if rest:
            if os.path.isdir(path):
                yield from _expand(path, rest, recursive, include_hidden)
        else:
            yield path


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """The paths matching pathname, one at a time, in no promised order."""
    absolute = pathname.startswith('/')
    parts = [p for p in pathname.split('/') if p != '']
    start = '/' if absolute else ''
    if root_dir is not None:
        for p in _expand(root_dir, parts, recursive, include_hidden):
            rel = os.path.relpath(p, root_dir)
            if rel != '.':
                yield rel
        return
    for p in _expand(start, parts, recursive, include_hidden):
        if p != '':
            yield p


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    """The list of paths matching pathname."""
    return list(iglob(pathname, root_dir=root_dir, recursive=recursive, include_hidden=include_hidden))
