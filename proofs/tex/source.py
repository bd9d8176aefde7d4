r"""A paper as its authors keep it: a root ``.tex`` and the files it brings in, as one text.

:func:`load` reads a root file (or finds it in a directory) and inlines, recursively, what
``\input``, ``\include``, ``\subfile``, ``\import``/``\subimport`` and local packages
(``\usepackage{mymacros}`` with ``mymacros.sty`` beside the root) bring in. Comments,
``\iffalse … \fi`` blocks and ``comment`` environments are removed on the way, keeping every
line: :meth:`Document.where` gives the file and line of any position of the text.

Inputs are looked up as TeX does, relative to the root's directory, then (a fallback) to the
including file's directory; ``\import``/``\subimport`` make their file's directory the first
place its own inputs are looked up. A name is tried with ``.tex`` added, then as written.
A subfile's (or any inlined complete document's) preamble and ``\end{document}`` are blanked,
so only its body is read; the root's text after ``\end{document}`` and a file's text after
``\endinput`` are blanked too. A local package is read once, at its first ``\usepackage``.
Not handled: ``\includeonly``, ``\excludecomment``, local ``.cls`` files, ``%`` inside
``\verb`` or ``verbatim`` (read as a comment).

Example:
    >>> import os, shutil, tempfile
    >>> d = tempfile.mkdtemp()
    >>> def write(name, text):
    ...     with open(os.path.join(d, name), "w", encoding="utf-8") as f:
    ...         _ = f.write(text)
    >>> write("main.tex", "\\documentclass{article}\n\\begin{document}\n"
    ...       "\\input{intro} % the intro\nEnd.\n\\end{document}\n")
    >>> write("intro.tex", "Hello.\nWorld.\n")
    >>> doc = load(d)
    >>> doc.files
    ('main.tex', 'intro.tex')
    >>> doc.where(doc.text.index("World")), doc.where(doc.text.index("End"))
    (('intro.tex', 2), ('main.tex', 4))
    >>> shutil.rmtree(d)
"""

from __future__ import annotations

import bisect
import functools
import os
import re
from dataclasses import dataclass, field

#: how deep inputs may nest
MAX_DEPTH = 32
#: names preferred for the root among several documents in a directory, in this order
ROOT_NAMES = ("main.tex", "paper.tex")
#: TeX's conditionals (``\newif``'s ``\ifdraft`` and the like are found in the text)
CONDITIONALS = frozenset({
    "if", "ifcat", "ifnum", "ifdim", "ifodd", "ifvmode", "ifhmode", "ifmmode", "ifinner",
    "ifvoid", "ifhbox", "ifvbox", "ifx", "ifeof", "iftrue", "iffalse", "ifcase", "ifdefined",
    "ifcsname", "iffontchar", "ifincsname", "ifpdf", "ifxetex", "ifluatex", "ifpdfprimitive",
    "ifabsnum", "ifabsdim"})

_INPUT = re.compile(
    r"\\\\|\\(?P<cmd>input|include|subfile|import|subimport|inputfrom|subinputfrom|includefrom|"
    r"subincludefrom|usepackage|RequirePackage)(?![A-Za-z@])\*?")
_BARE_NAME = re.compile(r"[^\s{}\\%]+")
_OPTIONS = re.compile(r"\s*\[[^\]]*\]")
_CONDITIONAL = re.compile(r"\\\\|\\(if[A-Za-z@]*|fi|else)(?![A-Za-z@])")
_COMMENT_ENV = re.compile(r"\\begin\s*\{comment\}.*?(?:\\end\s*\{comment\}|\Z)", re.S)
_BEGIN_DOC = re.compile(r"\\begin\s*\{document\}")
_END_DOC = re.compile(r"\\end\s*\{document\}")
_CLASS = re.compile(r"\\documentclass\s*(?:\[[^\]]*\])?\s*\{\s*([^}]*?)\s*\}")


class SourceError(ValueError):
    """A paper that cannot be read: missing, unreadable, no or several roots, an input cycle."""


@dataclass(frozen=True)
class Document:
    """A paper's text with its inputs inlined, and where each part of it comes from.

    ``segments`` holds ``(start in text, file, line of that start)``, sorted; an inlined
    file's text starts at the position of the command that brought it in.
    """

    root: str
    text: str
    files: tuple[str, ...]
    missing: tuple[tuple[str, str], ...] = ()
    segments: tuple[tuple[int, str, int], ...] = field(default=(), repr=False)

    @functools.cached_property
    def _starts(self) -> list[int]:
        return [s[0] for s in self.segments]

    @functools.cached_property
    def _newlines(self) -> list[int]:
        return [m.start() for m in re.finditer("\n", self.text)]

    def where(self, pos: int) -> tuple[str, int]:
        r"""The file and 1-based line of character ``pos`` of :attr:`text`.

        >>> Document("a.tex", "x\ny", ("a.tex",), (), ((0, "a.tex", 1),)).where(2)
        ('a.tex', 2)
        """
        pos = max(0, min(pos, len(self.text)))
        if not self.segments:
            return (self.files[0] if self.files else self.root), self.text.count("\n", 0, pos) + 1
        k = max(bisect.bisect_right(self._starts, pos) - 1, 0)
        start, name, line = self.segments[k]
        return name, line + self.text.count("\n", start, pos)

    def where_line(self, line: int) -> tuple[str, int]:
        r"""The file and line where line ``line`` (1-based) of :attr:`text` starts; the same
        for any text that keeps :attr:`text`'s lines (the output of ``expand_document``).

        >>> Document("a.tex", "x\ny", ("a.tex",), (), ((0, "a.tex", 1),)).where_line(2)
        ('a.tex', 2)
        """
        nl = self._newlines
        pos = 0 if line <= 1 else nl[min(line - 2, len(nl) - 1)] + 1 if nl else len(self.text)
        return self.where(pos)

    def preamble_end(self) -> int:
        r"""The position of ``\begin{document}``, or 0 when there is none.

        >>> Document("a.tex", "\\usepackage{x}\n\\begin{document}", ("a.tex",)).preamble_end()
        15
        """
        m = _BEGIN_DOC.search(self.text)
        return m.start() if m else 0


def strip_comments(tex: str) -> str:
    r"""``tex`` without ``%`` comments (``\%`` kept), line numbers unchanged.

    >>> strip_comments("a % note\nb \\% c \\\\% d")
    'a \nb \\% c \\\\'
    """
    i = tex.find("%")
    if i < 0:
        return tex
    out: list[str] = []
    pos = 0
    while i >= 0:
        j = i
        while j > 0 and tex[j - 1] == "\\":
            j -= 1
        if (i - j) % 2:  # an escaped \%
            i = tex.find("%", i + 1)
            continue
        end = tex.find("\n", i)
        end = len(tex) if end < 0 else end
        out.append(tex[pos:i])
        pos = end
        i = tex.find("%", end)
    out.append(tex[pos:])
    return "".join(out)


def braced(text: str, start: int) -> tuple[str, int] | None:
    r"""The ``{...}`` group opening at ``start`` (whitespace skipped) and the index after it;
    ``\{``, ``\}`` and ``\\`` do not count as braces.

    >>> braced("x{a{b}\\}c}d", 1)
    ('a{b}\\}c', 10)
    """
    i = start
    n = len(text)
    while i < n and text[i] in " \t\n":
        i += 1
    if i >= n or text[i] != "{":
        return None
    depth = 0
    for m in _BRACE.finditer(text, i):
        t = m.group()
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:m.start()], m.end()
    return None


_BRACE = re.compile(r"\\.|[{}]", re.S)
#: a reference to a label: ``\ref{a}``, ``\eqref{a}``, ``\cref{a}``, ``\autoref*{a}``...
#: (group 1: the label)
REF = re.compile(r"\\(?:eq|c|C|auto|name)?ref\*?\s*\{([^{}]*)\}")


def _blank(text: str) -> str:
    """Only the newlines of ``text``."""
    return "\n" * text.count("\n")


def _blank_conditionals(text: str, ifs: set[str] | frozenset[str]) -> str:
    r"""``text`` with its ``\iffalse … \fi`` blocks removed (an ``\else`` part kept), lines kept.

    >>> _blank_conditionals("a \\iffalse b\n\\ifx\\x\\y c \\fi\\else d\\fi e", CONDITIONALS)
    'a \n d e'
    """
    if "\\iffalse" not in text:
        return text
    out: list[str] = []
    pos = scan = 0
    while True:
        m = _CONDITIONAL.search(text, scan)
        if m is None:
            break
        scan = m.end()
        if m.group(1) != "iffalse":
            continue
        depth, else_end, fi = 1, -1, None
        for c in _CONDITIONAL.finditer(text, m.end()):
            name = c.group(1)
            if name is None:
                continue
            if name == "fi":
                depth -= 1
                if depth == 0:
                    fi = c
                    break
            elif name == "else" and depth == 1 and else_end < 0:
                else_end = c.end()
            elif name in ifs:
                depth += 1
        out.append(text[pos:m.start()])
        if fi is None:  # never closed: the rest of the file
            out.append(_blank(text[m.start():]))
            pos = scan = len(text)
            break
        if else_end >= 0:
            out.append(_blank(text[m.start():else_end]))
            out.append(text[else_end:fi.start()])
        else:
            out.append(_blank(text[m.start():fi.start()]))
        pos = scan = fi.end()
    out.append(text[pos:])
    return "".join(out)


def _decode(path: str) -> str:
    """The file's text: UTF-8, else Latin-1; newlines normalised, no BOM."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise SourceError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _complete(text: str) -> bool:
    m = _CLASS.search(text)
    return m is not None and _BEGIN_DOC.search(text, m.end()) is not None


def _clean(text: str, newifs: set[str], root: bool) -> str:
    """A file's text as read: comments, false conditionals, ``comment`` environments,
    text after ``\\endinput`` and, for a complete document, what is outside its body (the
    root keeps its preamble) blanked; lines kept."""
    text = strip_comments(text)
    newifs.update(re.findall(r"\\newif\s*\\(if[A-Za-z@]+)", text))
    text = _blank_conditionals(text, CONDITIONALS | newifs)
    if "comment" in text:
        text = _COMMENT_ENV.sub(lambda m: _blank(m.group()), text)
    end = re.search(r"\\endinput(?![A-Za-z@])[^\n]*", text)
    if end:
        text = text[:end.end()] + _blank(text[end.end():])
    begin = _BEGIN_DOC.search(text)
    if begin is None:
        return text
    if not root:
        if not _complete(text):
            return text
        head = _blank(text[:begin.end()])
        text = head + text[begin.end():]
    stop = _END_DOC.search(text, begin.end() if root else len(head))
    if stop:
        keep = stop.end() if root else stop.start()
        text = text[:keep] + _blank(text[keep:])
    return text


def _parse_input(text: str, cmd: str, i: int) -> tuple[list[str], int] | None:
    r"""The names a command at ``text[i:]`` (after its name) brings in, and where it ends."""
    if cmd == "input":
        g = braced(text, i)
        if g is not None:
            return [g[0]], g[1]
        j = i
        while j < len(text) and text[j] in " \t\n":
            j += 1
        m = _BARE_NAME.match(text, j)
        return ([m.group()], m.end()) if m else None
    if cmd in ("include", "subfile"):
        g = braced(text, i)
        return ([g[0]], g[1]) if g else None
    if cmd in ("usepackage", "RequirePackage"):
        m = _OPTIONS.match(text, i)
        g = braced(text, m.end() if m else i)
        if g is None:
            return None
        return [p.strip() for p in g[0].split(",") if p.strip()], g[1]
    folder = braced(text, i)  # \import{dir}{file} and its kin
    if folder is None:
        return None
    name = braced(text, folder[1])
    if name is None:
        return None
    d = folder[0].strip()
    return [(d if not d or d.endswith("/") else d + "/") + name[0].strip()], name[1]


class _Reader:
    """Builds a :class:`Document`: the text's parts, its segments, the files, what is missing."""

    def __init__(self, root: str) -> None:
        self.root_dir = os.path.dirname(os.path.abspath(root))
        self.parts: list[str] = []
        self.length = 0
        self.segments: list[tuple[int, str, int]] = []
        self.files: list[str] = []
        self.missing: list[tuple[str, str]] = []
        self.packages: set[str] = set()
        self.newifs: set[str] = set()
        self.stack: list[tuple[str, str]] = []  # (absolute path, shown name) being read

    def shown(self, path: str) -> str:
        return os.path.relpath(path, self.root_dir).replace(os.sep, "/")

    def emit(self, text: str, name: str, line: int) -> None:
        if not text:
            return
        if self.segments and self.segments[-1][0] == self.length:
            self.segments[-1] = (self.length, name, line)
        else:
            self.segments.append((self.length, name, line))
        self.parts.append(text)
        self.length += len(text)

    def find(self, name: str, bases: list[str], ext: str) -> str | None:
        name = name.strip().strip('"').strip()
        if not name or "#" in name or "\\" in name:
            return None
        names = [name] if name.endswith(ext) else [name + ext]
        if ext == ".tex" and not name.endswith(ext):
            names.append(name)
        for base in dict.fromkeys(bases):
            for n in names:
                p = os.path.normpath(os.path.join(base, n))
                if os.path.isfile(p):
                    return p
        return None

    def read(self, path: str, import_dir: str, root: bool = False, at: str = "") -> None:
        path = os.path.abspath(path)
        name = self.shown(path)
        chain = [s for _, s in self.stack]
        if any(p == path for p, _ in self.stack):
            raise SourceError(f"input cycle: {' -> '.join([*chain, name])} ({at})")
        if len(self.stack) >= MAX_DEPTH:
            raise SourceError(f"inputs nested deeper than {MAX_DEPTH} at {at}")
        text = _clean(_decode(path), self.newifs, root)
        if name not in self.files:
            self.files.append(name)
        self.stack.append((path, name))
        here = os.path.dirname(path)
        pos = scan = 0
        line = 1
        while True:
            m = _INPUT.search(text, scan)
            if m is None:
                break
            scan = m.end()
            cmd = m.group("cmd")
            if cmd is None:
                continue
            parsed = _parse_input(text, cmd, m.end())
            if parsed is None:
                continue
            names, end = parsed
            where = f"{name}:{line + text.count(chr(10), pos, m.start())}"
            if cmd in ("usepackage", "RequirePackage"):
                found = [p for n in names
                         if (p := self.find(n, [self.root_dir, here], ".sty")) is not None]
                found = [p for p in dict.fromkeys(found) if p not in self.packages]
                scan = end
                if not found:
                    continue
                self.emit(text[pos:end], name, line)
                line += text.count("\n", pos, end)
                pos = end
                for p in found:
                    self.packages.add(p)
                    self.read(p, import_dir, at=where)
                continue
            if cmd.startswith("sub"):
                bases = [here, self.root_dir]
            elif cmd in ("import", "inputfrom", "includefrom"):
                bases = [self.root_dir, here]
            else:
                bases = [*([import_dir] if import_dir else []), self.root_dir, here]
            target = self.find(names[0], bases, ".tex")
            scan = end
            if "#" in names[0]:  # in a macro's body: not an input of the document
                continue
            if target is None:
                self.missing.append((names[0].strip(), where))
                continue
            child_dir = import_dir if cmd in ("input", "include", "subfile") else \
                os.path.dirname(target)
            self.emit(text[pos:m.start()], name, line)
            self.read(target, child_dir, at=where)
            line += text.count("\n", pos, end)
            pos = end
        self.emit(text[pos:], name, line)
        self.stack.pop()


def _nested_root(directory: str) -> str:
    """The root of a directory whose ``.tex`` files sit in folders below it: the one
    document there (the shallowest), else a one-line error naming the candidates."""
    found: list[str] = []
    for here, dirs, files in sorted(os.walk(directory)):
        dirs.sort()
        for n in sorted(files):
            if n.endswith(".tex"):
                t = strip_comments(_decode(os.path.join(here, n)))
                cls = _CLASS.search(t)
                if cls and _BEGIN_DOC.search(t, cls.end()) and \
                        cls.group(1) not in ("subfiles", "standalone"):
                    found.append(os.path.join(here, n))
    if not found:
        raise SourceError(f"no .tex file with \\documentclass and \\begin{{document}} in "
                          f"{directory} or below")
    depth = min(f.count(os.sep) for f in found)
    top = [f for f in found if f.count(os.sep) == depth]
    if len(top) == 1:
        return top[0]
    shown = ", ".join(os.path.relpath(f, directory) for f in top[:4])
    raise SourceError(f"{len(top)} candidate roots below {directory}: {shown}"
                      f"{' …' if len(top) > 4 else ''} (pass the one to read)")


def _root_of(directory: str) -> str:
    """The root ``.tex`` of ``directory``: the document (``\\documentclass`` and
    ``\\begin{document}``, not a subfile) there; among several, ``main.tex``, ``paper.tex``,
    or the one no other file inputs."""
    try:
        names = sorted(n for n in os.listdir(directory)
                       if n.endswith(".tex") and os.path.isfile(os.path.join(directory, n)))
    except OSError as exc:
        raise SourceError(f"cannot read {directory}: {exc.strerror or exc}") from None
    if not names:
        return _nested_root(directory)
    texts = {n: strip_comments(_decode(os.path.join(directory, n))) for n in names}
    candidates = []
    for n, t in texts.items():
        cls = _CLASS.search(t)
        if cls and _BEGIN_DOC.search(t, cls.end()) and cls.group(1) not in ("subfiles",
                                                                             "standalone"):
            candidates.append(n)
    if not candidates:
        if len(names) == 1:
            return os.path.join(directory, names[0])
        raise SourceError(f"no root in {directory}: none of its .tex files has "
                          "\\documentclass and \\begin{document}")
    if len(candidates) > 1:
        named = [n for n in ROOT_NAMES if n in candidates]
        if named:
            candidates = named[:1]
    if len(candidates) > 1:
        used: set[str] = set()
        for n, t in texts.items():
            for m in _INPUT.finditer(t):
                cmd = m.group("cmd")
                if cmd and cmd not in ("usepackage", "RequirePackage"):
                    parsed = _parse_input(t, cmd, m.end())
                    if parsed:
                        ref = os.path.normpath(parsed[0][0].strip())
                        used |= {f"{n}\0{ref}", f"{n}\0{ref}.tex"}
        free = [c for c in candidates
                if not any(f"{n}\0{c}" in used for n in names if n != c)]
        if free:
            candidates = free
    if len(candidates) > 1:
        raise SourceError(f"{len(candidates)} candidate roots in {directory}: "
                          f"{', '.join(candidates)} (pass the one to read)")
    return os.path.join(directory, candidates[0])


_MAGIC_ROOT = re.compile(r"^\s*%\s*!\s*TE?X\s+root\s*=\s*(\S.*?)\s*$", re.M | re.I)


def _documents(directory: str) -> list[str]:
    """The complete documents (``\\documentclass`` and ``\\begin{document}``, not a subfile)
    directly in ``directory``."""
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".tex"))
    except OSError:
        return []
    out = []
    for n in names:
        t = strip_comments(_decode(os.path.join(directory, n)))
        cls = _CLASS.search(t)
        if cls and _BEGIN_DOC.search(t, cls.end()) and cls.group(1) not in ("subfiles",
                                                                           "standalone"):
            out.append(os.path.join(directory, n))
    return out


def host(path: str) -> str | None:
    r"""The document a fragment (a ``.tex`` file with no ``\documentclass``) belongs to, whose
    preamble defines its macros: the one its ``% !TEX root = …`` names, else the one document
    in its folder or the nearest folder above (at most two up) that has documents, among
    several the one that inputs a file of the fragment's folder; None for a complete document,
    or when no document, or several, qualify.

    >>> import os, tempfile
    >>> d = tempfile.mkdtemp(); os.mkdir(os.path.join(d, "sec"))
    >>> for name, text in [("main.tex", "\\documentclass{article}\\def\\R{x}"
    ...                     "\\begin{document}\\input{sec/a}\\end{document}"),
    ...                    ("sec/a.tex", "a"), ("sec/b.tex", "b")]:
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> os.path.relpath(host(os.path.join(d, "sec", "b.tex")), d)
    'main.tex'
    """
    raw = _decode(path)
    if _CLASS.search(strip_comments(raw)):
        return None
    here = os.path.dirname(os.path.abspath(path))
    magic = _MAGIC_ROOT.search(raw)
    if magic:
        named = os.path.normpath(os.path.join(here, magic.group(1)))
        return named if os.path.isfile(named) else None
    directory = here
    for _ in range(3):
        found = [d for d in _documents(directory) if os.path.abspath(d) != os.path.abspath(path)]
        if len(found) > 1:
            found = [d for d in found if _inputs_from(d, here)]
        if found:
            return found[0] if len(found) == 1 else None
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    return None


def _inputs_from(document: str, folder: str) -> bool:
    """Whether ``document`` inputs a file of ``folder`` (relative to its own directory)."""
    base = os.path.dirname(os.path.abspath(document))
    t = strip_comments(_decode(document))
    for m in _INPUT.finditer(t):
        cmd = m.group("cmd")
        if cmd and cmd not in ("usepackage", "RequirePackage"):
            parsed = _parse_input(t, cmd, m.end())
            if parsed and os.path.dirname(os.path.normpath(os.path.join(
                    base, parsed[0][0].strip()))) == folder:
                return True
    return False


def load(path: str) -> Document:
    """The paper at ``path`` (a root ``.tex`` file, or a directory holding one) with its
    inputs inlined: see the module's docstring."""
    if os.path.isdir(path):
        root = _root_of(path)
    elif os.path.isfile(path):
        root = path
    else:
        raise SourceError(f"no such file or directory: {path}")
    reader = _Reader(root)
    reader.read(root, "", root=True)
    if not reader.segments:
        reader.segments.append((0, reader.files[0], 1))
    return Document(root, "".join(reader.parts), tuple(reader.files), tuple(reader.missing),
                    tuple(reader.segments))
