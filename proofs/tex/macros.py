r"""Macros as TeX defines them, and their expansion keeping every line.

:func:`definitions` reads ``\newcommand`` (``*``, ``\renewcommand``, ``\providecommand``,
``\DeclareRobustCommand``; ``[n]`` arguments, a ``[default]`` optional first one), ``\def``
(``\gdef``, ``\edef``, ``\xdef``, with ``\global``/``\long``/``\protected`` prefixes;
parameter texts with delimiters such as ``\def\p(#1,#2){…}`` too), ``\let``,
``\DeclareMathOperator``, ``\DeclarePairedDelimiter``/``X`` and xparse's
``\NewDocumentCommand`` with ``m`` and a leading ``O{…}`` argument. Bodies lose
``\ensuremath`` (its content kept), ``\xspace`` and ``\relax``; a body that is one word of two
or more letters (``Wealth``, ``\text{diag}``) becomes ``\mathrm{Wealth}``, one name for the
reader rather than a product of letters. A definition whose body is unbalanced is ignored.

:func:`expand` expands every call as TeX does: arguments are braced groups or single tokens
(``\frac12``), an optional ``[…]`` first argument for a macro with a default, a body's calls
take their arguments from what follows (``\newcommand{\nrm}{\norm}`` then ``\nrm{x}``), and
names are matched whole (``\R`` is not in ``\Rightarrow``). **Lines are kept**: a call whose
source spans *k* newlines becomes its expansion with newlines turned into spaces, followed by
*k* newlines, so a line number in the expanded text is the line number in the source. A call
that does not end within ``limit`` expansions (``\def\a{\a}``) is left as written.

:func:`expand_document` applies the definitions in document order (a redefinition applies
from where it stands), blanks the definition commands (keeping their lines) and expands the
rest. ``\newenvironment`` definitions are read by :func:`environment_definitions` and blanked,
but environments are not expanded. Definitions are global (TeX's groups are not followed).

Example:
    >>> tex = (r"\newcommand{\norm}[1]{\|#1\|}\def\R{\mathbb{R}}" "\n"
    ...        r"$\norm{Ax}_2 \in \R$, \norm" "\n" r"{y}")
    >>> print(expand_document(tex))
    <BLANKLINE>
    $\|Ax\|_2 \in \mathbb{R}$, \|y\|
    <BLANKLINE>
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from proofs.tex.source import braced, strip_comments

#: how deep bodies may nest while one call expands
MAX_DEPTH = 200
#: how long one call's expansion may grow (characters)
MAX_SIZE = 1_000_000
#: what a one-word body may be wrapped in and still be read as one name
WORD_WRAPPERS = ("text", "textrm", "mathrm", "textsf", "textnormal", "mbox")

_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@")
_WS = re.compile(r"[ \t\n]*")
_CS = re.compile(r"\\(?:[A-Za-z@]+|.)", re.S)
_NAME = re.compile(r"\\([A-Za-z@]+|[^A-Za-z@\s\\{}%#])")  # a word, or one symbol (``\*``)
_PARAM = re.compile(r"#(#|[1-9])")
_CW_TAIL = re.compile(r"(\\+)[A-Za-z@]+\Z")
_OPT_SCAN = re.compile(r"\\.|[{}\]]", re.S)
_INTERNAL = re.compile(r"\\[A-Za-z]*@")
_NOISE = re.compile(r"\\\\|\\(xspace|relax|ensuremath)(?![A-Za-z@])")
_WORD = re.compile(r"\s*(?:\\(?:" + "|".join(WORD_WRAPPERS)
                   + r")\s*\{\s*([A-Za-z]{2,})\s*\}|([A-Za-z]{2,}))\s*")
_DEFINE = re.compile(
    r"\\\\|(?P<pre>(?:\\(?:global|long|protected|outer)(?![A-Za-z@])\s*)*)"
    r"\\(?P<cmd>[gex]?def|let|newcommand|renewcommand|providecommand|DeclareRobustCommand|"
    r"DeclareMathOperator|DeclarePairedDelimiterX|DeclarePairedDelimiter|newenvironment|"
    r"renewenvironment|provideenvironment|NewDocumentCommand|RenewDocumentCommand|"
    r"ProvideDocumentCommand|DeclareDocumentCommand)(?![A-Za-z@])")


@dataclass(frozen=True)
class Macro:
    r"""A macro: its name (no backslash), number of arguments, the default of an optional first
    argument (``None``: no optional argument), body (``#1``… for the arguments) and the kind of
    definition: ``newcommand``, ``def``, ``let`` (an alias, ``\let\a\b`` with ``\b`` not a
    macro: its body is emitted as is), ``operator`` or ``delimiter`` (body ``\left… #1
    \right…``, where ``\delimsize`` stands for the size). ``params`` is a ``\def``'s parameter
    text when it has delimiters (``#1.``), else ``""``.

    >>> Macro("half", 1, None, r"\frac{#1}{2}", "newcommand")
    Macro(name='half', nargs=1, default=None, body='\\frac{#1}{2}', kind='newcommand', params='')
    """

    name: str
    nargs: int
    default: str | None
    body: str
    kind: str
    params: str = ""


class _Definition(NamedTuple):
    start: int
    end: int
    kind: str  # "macro", "provide", "edef", "let", "environment", "provide-environment", ""
    name: str
    payload: object  # a Macro, \let's target token, (nargs, begin, end), or None


class _Overflow(Exception):
    """One call's expansion went past the limits."""


# --- reading arguments -----------------------------------------------------------------------

def _skip(s: str, i: int) -> int:
    return _WS.match(s, i).end()  # type: ignore[union-attr]


def _arg(s: str, i: int) -> tuple[str, int] | None:
    r"""An undelimited argument at ``s[i:]`` (whitespace skipped): a group's content or one
    token.

    >>> _arg(" {a{b}}c", 0), _arg(r"\alpha2", 0), _arg("12", 0), _arg(" }", 0)
    (('a{b}', 7), ('\\alpha', 6), ('1', 1), None)
    """
    i = _skip(s, i)
    if i >= len(s):
        return None
    c = s[i]
    if c == "{":
        return braced(s, i)
    if c == "}":
        return None
    if c == "\\":
        m = _CS.match(s, i)
        return (m.group(), m.end()) if m else None
    return c, i + 1


def bracketed(s: str, i: int) -> tuple[str, int] | None:
    """``[...]`` at ``s[i:]`` (whitespace skipped; braces and escapes respected): content,
    index after; None when there is none.

    >>> bracketed(" [Bound {[x]}] rest", 0), bracketed("{x}", 0)
    (('Bound {[x]}', 14), None)
    """
    j = _skip(s, i)
    if j >= len(s) or s[j] != "[":
        return None
    depth = 0
    for m in _OPT_SCAN.finditer(s, j + 1):
        t = m.group()
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth < 0:
                return None
        elif t == "]" and depth == 0:
            return s[j + 1:m.start()], m.end()
    return None


def _name(s: str, i: int) -> tuple[str, int] | None:
    r"""The macro name at ``s[i:]``: ``{\name}`` or ``\name``."""
    i = _skip(s, i)
    if s.startswith("{", i):
        g = braced(s, i)
        m = re.fullmatch(r"\s*\\([A-Za-z@]+)\s*", g[0]) if g else None
        return (m.group(1), g[1]) if m and g else None
    m = _NAME.match(s, i)
    return (m.group(1), m.end()) if m else None


def _star(s: str, i: int) -> int:
    j = _skip(s, i)
    return j + 1 if s.startswith("*", j) else i


def _until(s: str, i: int, delim: str) -> tuple[str, int] | None:
    """The text from ``i`` to ``delim`` at brace depth 0 (one group: its content)."""
    depth, j = 0, i
    while j < len(s):
        if depth == 0 and s.startswith(delim, j):
            arg = s[i:j]
            if arg.startswith("{") and (g := braced(arg, 0)) and g[1] == len(arg):
                arg = g[0]
            return arg, j + len(delim)
        c = s[j]
        if c == "\\":
            j += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                return None
        j += 1
    return None


# --- joining text ----------------------------------------------------------------------------

def _ends_in_word(s: str) -> bool:
    m = _CW_TAIL.search(s[-64:])
    return m is not None and len(m.group(1)) % 2 == 1


def _append(out: list[str], piece: str) -> None:
    r"""Append ``piece``, with a space when the text so far ends in a control word and
    ``piece`` starts with a letter (``\cdot`` then ``x`` is ``\cdot x``, not ``\cdotx``)."""
    if not piece:
        return
    if out and piece[0] in _LETTERS and _ends_in_word(out[-1]):
        out.append(" ")
    out.append(piece)


def _substitute(body: str, args: list[str]) -> str:
    r"""``body`` with ``#k`` replaced by ``args[k-1]`` and ``##`` by ``#``.

    >>> _substitute(r"#1\cdot#2 ##1", ["a", "x"])
    'a\\cdot x #1'
    """
    if "#" not in body:
        return body
    parts = _PARAM.split(body)
    out: list[str] = []
    _append(out, parts[0])
    for k in range(1, len(parts), 2):
        tok = parts[k]
        if tok == "#":
            _append(out, "#")
        elif int(tok) <= len(args):
            _append(out, args[int(tok) - 1])
        else:
            _append(out, "#" + tok)
        _append(out, parts[k + 1])
    return "".join(out)


def _sized(body: str, size: str | None) -> str:
    r"""A paired delimiter's body at ``size`` (``\big``: ``\bigl … \bigr``), else ``\left …
    \right``."""
    size = (size or "").strip()
    if not size or not body.startswith("\\left") or "\\right" not in body:
        return body.replace("\\delimsize", "\\middle")
    k = body.rindex("\\right")
    inner = body[len("\\left"):k].replace("\\delimsize", size)
    right = body[k + len("\\right"):]
    return f"{size}l{inner}{size}r{right}"


def _clean(body: str) -> str:
    r"""``body`` without ``\xspace`` and ``\relax``, ``\ensuremath{x}`` as ``x``.

    >>> _clean(r"\ensuremath{\mathbb{R}}\xspace"), _clean(r"\alpha\relax x")
    ('\\mathbb{R}', '\\alpha x')
    """
    if "\\" not in body:
        return body
    out: list[str] = []
    pos = scan = 0
    while True:
        m = _NOISE.search(body, scan)
        if m is None:
            break
        scan = m.end()
        if m.group(1) is None:
            continue
        _append(out, body[pos:m.start()])
        pos = m.end()
        if m.group(1) == "ensuremath":
            a = _arg(body, m.end())
            if a is not None:
                _append(out, a[0])
                pos = scan = a[1]
        elif m.group(1) == "relax":
            pos = _skip(body, pos)
    _append(out, body[pos:])
    return "".join(out)


def _word(body: str) -> str:
    r"""A one-word body as ``\mathrm{word}``, any other as it is."""
    m = _WORD.fullmatch(body)
    return rf"\mathrm{{{m.group(1) or m.group(2)}}}" if m else body


# --- finding definitions ---------------------------------------------------------------------

def _parse(text: str, m: re.Match[str]) -> _Definition | None:
    """The definition whose command ``m`` matched, or ``None`` when it cannot be delimited."""
    cmd, i, start = m.group("cmd"), m.end(), m.start()
    if cmd in ("newcommand", "renewcommand", "providecommand", "DeclareRobustCommand"):
        nm = _name(text, _star(text, i))
        if nm is None:
            return None
        name, i = nm
        n, default = 0, None
        o = bracketed(text, i)
        if o is not None:
            if not o[0].strip().isdigit():
                return None
            n, i = int(o[0]), o[1]
            if n > 0 and (o := bracketed(text, i)) is not None:
                default, i = o
        b = _arg(text, i)
        if b is None:
            return None
        body = _clean(b[0])
        macro = Macro(name, n, default, _word(body) if n == 0 else body, "newcommand")
        return _Definition(start, b[1], "provide" if cmd == "providecommand" else "macro",
                           name, macro)
    if cmd.endswith("def"):
        nm = _NAME.match(text, _skip(text, i))
        if nm is None:
            return None
        name = nm.group(1)
        j = text.find("{", nm.end(), nm.end() + 80)
        if j < 0 or "}" in text[nm.end():j]:
            return None
        g = braced(text, j)
        if g is None:
            return None
        params = text[nm.end():j].lstrip()
        body = _clean(g[0])
        kind = "edef" if cmd in ("edef", "xdef") else "macro"
        numbers = re.fullmatch(r"(?:#[1-9]\s*)*", params)
        if numbers:
            ks = [int(k) for k in re.findall(r"#([1-9])", params)]
            if ks != list(range(1, len(ks) + 1)):
                return _Definition(start, g[1], "", name, None)
            macro = Macro(name, len(ks), None, _word(body) if not ks else body, "def")
        elif params.endswith("#") or "{" in params:
            return _Definition(start, g[1], "", name, None)
        else:
            macro = Macro(name, len(re.findall(r"#[1-9]", params)), None, body, "def", params)
        return _Definition(start, g[1], kind, name, macro)
    if cmd == "let":
        nm = _NAME.match(text, _skip(text, i))
        if nm is None:
            return None
        j = _skip(text, nm.end())
        if text.startswith("=", j):
            j = _skip(text, j + 1)
        if j >= len(text):
            return None
        tok = _CS.match(text, j)
        target = tok.group() if tok else text[j]
        end = tok.end() if tok else j + 1
        return _Definition(start, end, "let", nm.group(1),
                           None if target in ("{", "}") else target)
    if cmd == "DeclareMathOperator":
        star = _star(text, i)
        nm = _name(text, star)
        b = _arg(text, nm[1]) if nm else None
        if nm is None or b is None:
            return None
        op = "\\operatorname*" if star != i else "\\operatorname"
        return _Definition(start, b[1], "macro", nm[0],
                           Macro(nm[0], 0, None, f"{op}{{{b[0].strip()}}}", "operator"))
    if cmd.startswith("DeclarePairedDelimiter"):
        nm = _name(text, i)
        if nm is None:
            return None
        i, n, inner = nm[1], 1, "#1"
        if cmd.endswith("X"):
            o = bracketed(text, i)
            if o is None or not o[0].strip().isdigit():
                return None
            n, i = int(o[0]), o[1]
        left = _arg(text, i)
        right = _arg(text, left[1]) if left else None
        if left is None or right is None:
            return None
        end = right[1]
        if cmd.endswith("X"):
            b = _arg(text, end)
            if b is None:
                return None
            inner, end = b[0].strip(), b[1]
        body = f"\\left{left[0].strip()} {inner} \\right{right[0].strip()}"
        return _Definition(start, end, "macro", nm[0], Macro(nm[0], n, None, body, "delimiter"))
    if cmd.endswith("environment"):
        g = braced(text, _star(text, i))
        if g is None:
            return None
        name, i, n = g[0].strip(), g[1], 0
        o = bracketed(text, i)
        if o is not None and o[0].strip().isdigit():
            n, i = int(o[0]), o[1]
            if (o := bracketed(text, i)) is not None:
                i = o[1]
        begin = braced(text, i)
        finish = braced(text, begin[1]) if begin else None
        if begin is None or finish is None:
            return None
        kind = "provide-environment" if cmd.startswith("provide") else "environment"
        return _Definition(start, finish[1], kind, name, (n, begin[0], finish[0]))
    # xparse: \NewDocumentCommand{\name}{spec}{body}
    nm = _name(text, i)
    spec = braced(text, nm[1]) if nm else None
    b = braced(text, spec[1]) if spec else None
    if nm is None or spec is None or b is None:
        return None
    kind = "provide" if cmd.startswith("Provide") else "macro"
    s = re.sub(r"\s+", "", spec[0])
    o = re.match(r"O(\{(?:[^{}]|\{[^{}]*\})*\})", s)
    default = o.group(1)[1:-1] if o else None
    rest = s[o.end():] if o else s
    if set(rest) - {"m"}:
        return _Definition(start, b[1], "", nm[0], None)
    n = len(rest) + (1 if o else 0)
    body = _clean(b[0])
    return _Definition(start, b[1], kind, nm[0],
                       Macro(nm[0], n, default, _word(body) if n == 0 else body, "newcommand"))


def _scan(text: str) -> list[_Definition]:
    """The definitions of ``text`` in order (those inside another's body are that body's)."""
    out: list[_Definition] = []
    scan = 0
    while True:
        m = _DEFINE.search(text, scan)
        if m is None:
            return out
        scan = m.end()
        if m.group("cmd") is None:
            continue
        d = _parse(text, m)
        if d is not None:
            out.append(d)
            scan = d.end
        else:
            scan = m.end()


def _apply(d: _Definition, macros: dict[str, Macro],
           envs: dict[str, tuple[int, str, str]], internal: bool = True) -> None:
    """Record ``d`` in ``macros``/``envs`` as TeX would at that point; ``internal=False``
    leaves out a package's internals (a name or a body with an ``@`` command)."""
    if d.kind in ("environment", "provide-environment"):
        if d.kind == "environment" or d.name not in envs:
            envs[d.name] = d.payload  # type: ignore[assignment]
        return
    if d.payload is None:
        return
    if not internal and "@" in d.name:
        return
    if d.kind == "let":
        target = str(d.payload)
        if target.startswith("\\") and target[1:] in macros:
            macros[d.name] = replace(macros[target[1:]], name=d.name)
        else:
            macros[d.name] = Macro(d.name, 0, None, _clean(target), "let")
        return
    macro: Macro = d.payload  # type: ignore[assignment]
    if not internal and _INTERNAL.search(macro.body):
        return
    if d.kind == "provide" and d.name in macros:
        return
    if d.kind == "edef":
        body = expand(macro.body, macros)
        macro = replace(macro, body=_word(body) if macro.nargs == 0 else body)
    macros[d.name] = macro


def definitions(text: str) -> dict[str, Macro]:
    r"""The macros ``text`` defines (comments ignored), as they stand at its end: each
    definition applied in order (``\providecommand`` does not replace, ``\let`` copies the
    macro it names, ``\edef`` expands its body then).

    >>> d = definitions(r"\newcommand{\f}[2][1]{#1+#2}\let\g=\f"
    ...                 r"\DeclareMathOperator*{\am}{arg\,min}")
    >>> d["g"]
    Macro(name='g', nargs=2, default='1', body='#1+#2', kind='newcommand', params='')
    >>> d["am"].body
    '\\operatorname*{arg\\,min}'
    """
    text = strip_comments(text)
    macros: dict[str, Macro] = {}
    envs: dict[str, tuple[int, str, str]] = {}
    for d in _scan(text):
        _apply(d, macros, envs)
    return macros


def environment_definitions(text: str) -> dict[str, tuple[int, str, str]]:
    r"""The environments ``text`` defines (``\newenvironment``, ``\renewenvironment``):
    name -> (number of arguments, begin code, end code).

    >>> environment_definitions(r"\newenvironment{sketch}[1]{\begin{proof}[#1]}{\end{proof}}")
    {'sketch': (1, '\\begin{proof}[#1]', '\\end{proof}')}
    """
    text = strip_comments(text)
    macros: dict[str, Macro] = {}
    envs: dict[str, tuple[int, str, str]] = {}
    for d in _scan(text):
        if d.kind in ("environment", "provide-environment"):
            _apply(d, macros, envs)
    return envs


# --- expanding -------------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)
def _pattern(names: frozenset[str]) -> re.Pattern[str]:
    """One regex for every name (and ``\\\\``, skipped), names matched whole."""
    words = [re.escape(n) + r"(?![A-Za-z@])" for n in sorted(names, key=len, reverse=True)
             if re.match(r"[A-Za-z@]", n)]
    symbols = [re.escape(n) for n in sorted(names) if not re.match(r"[A-Za-z@]", n)]
    alt = "|".join(words + symbols) or "(?!)"
    return re.compile(r"\\\\|\\(" + alt + r")")


def _top(frames: list[list]) -> list:
    """The frame read next: exhausted bodies are dropped (never the source, at the bottom)."""
    while len(frames) > 1 and frames[-1][1] >= len(frames[-1][0]):
        frames.pop()
    return frames[-1]


def _skip_frames(frames: list[list]) -> list:
    while True:
        f = _top(frames)
        f[1] = _skip(f[0], f[1])
        if f[1] < len(f[0]) or len(frames) == 1:
            return f


def _mark(frames: list[list]) -> list[tuple[list, int]]:
    return [(f, f[1]) for f in frames]


def _reset(frames: list[list], mark: list[tuple[list, int]]) -> None:
    frames[:] = [f for f, _ in mark]
    for f, i in mark:
        f[1] = i


class _Expander:
    """Expands calls of ``defs`` (read when used, so a caller may change them between runs)."""

    def __init__(self, defs: dict[str, Macro], pattern: re.Pattern[str], limit: int) -> None:
        self.defs = defs
        self.pattern = pattern
        self.limit = limit

    def _arg(self, frames: list[list]) -> str | None:
        f = _skip_frames(frames)
        a = _arg(f[0], f[1])
        if a is None:
            return None
        f[1] = a[1]
        return a[0]

    def _opt(self, frames: list[list]) -> str | None:
        mark = _mark(frames)
        f = _skip_frames(frames)
        o = bracketed(f[0], f[1]) if f[0].startswith("[", f[1]) else None
        if o is None:
            _reset(frames, mark)
            return None
        f[1] = o[1]
        return o[0]

    def _invoke(self, frames: list[list], macro: Macro) -> str | None:
        """The body of a call whose name was just read, its arguments read from ``frames``;
        ``None`` (nothing read) when they are not there."""
        mark = _mark(frames)
        body, args, need = macro.body, [], macro.nargs
        if macro.kind == "delimiter":
            f = _skip_frames(frames)
            size = None
            if f[0].startswith("*", f[1]):
                f[1] += 1
            else:
                size = self._opt(frames)
            body = _sized(body, size)
        elif macro.default is not None:
            o = self._opt(frames)
            args.append(macro.default if o is None else o)
            need -= 1
        elif macro.params:
            return self._delimited(frames, macro, mark)
        for _ in range(need):
            a = self._arg(frames)
            if a is None:
                _reset(frames, mark)
                return None
            args.append(a)
        return _substitute(body, args) if "#" in body else body

    def _delimited(self, frames: list[list], macro: Macro, mark: list) -> str | None:
        parts = re.split(r"#([1-9])", macro.params)
        f = _top(frames)
        if not f[0].startswith(parts[0], f[1]):
            return None
        f[1] += len(parts[0])
        args: list[str] = []
        for k in range(1, len(parts), 2):
            delim = parts[k + 1]
            if delim:
                f = _top(frames)
                got = _until(f[0], f[1], delim)
                if got is not None:
                    f[1] = got[1]
                a = got[0] if got else None
            else:
                a = self._arg(frames)
            if a is None:
                _reset(frames, mark)
                return None
            args.append(a)
        return _substitute(macro.body, args)

    def call(self, text: str, name_end: int, macro: Macro) -> tuple[str, int] | None:
        """The full expansion of the call whose name ends at ``name_end`` and the index in
        ``text`` where the call ends (after arguments its bodies took from ``text``)."""
        frames: list[list] = [[text, name_end]]
        body = self._invoke(frames, macro)
        if body is None:
            return None
        if macro.kind == "let" or self.pattern.search(body) is None:
            return body, frames[0][1]
        out: list[str] = []
        frames.append([body, 0])
        count, size = 1, len(body)
        search, defs = self.pattern.search, self.defs
        while True:
            f = _top(frames)
            if len(frames) == 1:
                break
            s, i = f
            m = search(s, i)
            if m is None:
                _append(out, s[i:])
                f[1] = len(s)
                continue
            _append(out, s[i:m.start()])
            f[1] = m.end()
            name = m.group(1)
            sub = defs.get(name) if name is not None else None
            if sub is None:
                _append(out, m.group())
                continue
            count += 1
            if count > self.limit or len(frames) > MAX_DEPTH:
                raise _Overflow
            b = self._invoke(frames, sub)
            if b is None:
                _append(out, m.group())
            elif sub.kind == "let":
                _append(out, b)
            else:
                frames.append([b, 0])
                size += len(b)
                if size > MAX_SIZE:
                    raise _Overflow
        return "".join(out), frames[0][1]

    def run(self, text: str) -> str:
        """``text`` with every call expanded, lines kept."""
        out: list[str] = []
        pos = scan = 0
        search, defs = self.pattern.search, self.defs
        while True:
            m = search(text, scan)
            if m is None:
                break
            scan = m.end()
            name = m.group(1)
            macro = defs.get(name) if name is not None else None
            if macro is None:
                continue
            try:
                got = self.call(text, m.end(), macro)
            except _Overflow:
                got = None
            if got is None:
                continue
            expansion, end = got
            _append(out, text[pos:m.start()])
            _append(out, expansion.replace("\n", " "))
            k = text.count("\n", m.start(), end)
            if k:
                out.append("\n" * k)
            pos = scan = end
        _append(out, text[pos:])
        return "".join(out)


def expand(text: str, defs: dict[str, Macro], limit: int = 10000) -> str:
    r"""``text`` with every call of a macro of ``defs`` expanded, recursively; each line
    stays on its line (a call spanning *k* newlines is its expansion, newlines made spaces,
    then *k* newlines). ``limit``: expansions one call may take (nested ones included)
    before it is left as written.

    >>> defs = definitions(r"\newcommand{\f}[2][1]{#1+#2}\def\R{\mathbb{R}}\def\a{\a}")
    >>> expand("\\f{x} \\f[3]\n{x} \\R \\Rightarrow \\a", defs)
    '1+x 3+x\n \\mathbb{R} \\Rightarrow \\a'
    """
    if not defs or not text:
        return text
    return _Expander(defs, _pattern(frozenset(defs)), limit).run(text)


#: plain TeX and LaTeX synonyms, and commands that do not change what a formula says
SYNONYMS = [
    (re.compile(r"\\Bbb(?![A-Za-z@])"), r"\\mathbb"),
    (re.compile(r"\{\s*\\cal\s+([^{}]*?)\s*\}"), r"\\mathcal{\1}"),
    (re.compile(r"\\cal\s*([A-Za-z])"), r"\\mathcal{\1}"),
    (re.compile(r"\{\s*\\bf\s+([^{}]*?)\s*\}"), r"\\mathbf{\1}"),
    (re.compile(r"\\(?:textmd|textup|textsf)(?![A-Za-z@])"), r"\\text"),
    (re.compile(r"\\lbrack(?![A-Za-z@])"), "["),
    (re.compile(r"\\rbrack(?![A-Za-z@])"), "]"),
    (re.compile(r"\\textcolor\s*\{[^{}]*\}\s*"), ""),
    (re.compile(r"\\color\s*\{[^{}]*\}"), ""),
]


def synonyms(text: str) -> str:
    r"""``text`` with plain TeX synonyms in LaTeX's spelling (``\Bbb`` is ``\mathbb``,
    ``{\cal P}`` is ``\mathcal{P}``, ``\lbrack`` is ``[``, ``\textup`` is ``\text``) and
    colours dropped; no line moves.

    >>> synonyms(r"\Bbb{E} X \in {\cal P}, \color{red}C\color{black} \lbrack N \rbrack")
    '\\mathbb{E} X \\in \\mathcal{P}, C [ N ]'
    """
    for pattern, replacement in SYNONYMS:
        text = pattern.sub(replacement, text)
    return text


def expand_document(doc_text: str, limit: int = 10000) -> str:
    r"""``doc_text`` (comments removed) with its macros expanded: each definition applies from
    where it stands (a redefinition too), definition commands (``\newenvironment`` too) are
    blanked keeping their lines, and every line of the result is the same line of the
    source. A package's internals (a name or a body with an ``@`` command, as in a local
    ``.sty``'s ``\renewcommand\section{\@startsection…}``) are not expanded.

    >>> expand_document("\\def\\x{a}\n\\x\\def\\x{b}\\x")
    '\nab'
    """
    text = synonyms(strip_comments(doc_text))
    found = _scan(text)
    if not found:
        return text
    names = frozenset(d.name for d in found if d.kind not in ("environment",
                                                             "provide-environment"))
    state: dict[str, Macro] = {}
    envs: dict[str, tuple[int, str, str]] = {}
    ex = _Expander(state, _pattern(names), limit)
    out: list[str] = []
    prev = 0
    for d in found:
        out.append(ex.run(text[prev:d.start]) if state else text[prev:d.start])
        out.append("\n" * text.count("\n", d.start, d.end))
        _apply(d, state, envs, internal=False)
        prev = d.end
    out.append(ex.run(text[prev:]))
    return "".join(out)


#: macros so common that a paper using one without a definition the reader found (a
#: preamble not found, a package's command) means it as usual; each use makes the reading of
#: its environment incomplete (:func:`conventional`). Those the reader knows itself
#: (``\tr``, ``\diag``, ``\argmin``, ``\E``) are not here.
CONVENTIONAL = {m.name: m for m in [
    *(Macro(n, 0, None, r"\mathbb{R}", "newcommand")
      for n in ("R", "RR", "rr", "Rbb", "bbR", "reals", "Reals")),
    Macro("norm", 1, None, r"\|#1\|", "newcommand"),
    Macro("abs", 1, None, r"|#1|", "newcommand"),
    *(Macro(n, 2, None, r"\langle #1, #2\rangle", "newcommand")
      for n in ("inner", "ip", "inprod", "innerprod")),
    *(Macro(n, 0, None, rf"\operatorname{{{n}}}", "operator") for n in ("dom", "prox", "conv")),
    Macro("eps", 0, None, r"\epsilon", "newcommand"),
    Macro("veps", 0, None, r"\varepsilon", "newcommand"),
]}


def conventional(text: str) -> tuple[str, dict[str, list[int]]]:
    r"""``text`` (macros expanded) with the calls of :data:`CONVENTIONAL` macros it does not
    define expanded as usual, and the lines (from 1) where each was used. Lines stay.

    >>> conventional("$x \\in \\rr^n$,\n$\\norm{x} \\le 1$ \\Rightarrow")
    ('$x \\in \\mathbb{R}^n$,\n$\\|x\\| \\le 1$ \\Rightarrow', {'rr': [1], 'norm': [2]})
    """
    used: dict[str, list[int]] = {}
    for m in re.finditer(r"\\([A-Za-z]+)(?![A-Za-z@])", text):
        if m.group(1) in CONVENTIONAL:
            line = text.count("\n", 0, m.start()) + 1
            lines = used.setdefault(m.group(1), [])
            if not lines or lines[-1] != line:
                lines.append(line)
    if not used:
        return text, {}
    return expand(text, {n: CONVENTIONAL[n] for n in used}), used
