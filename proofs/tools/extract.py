r"""A paper's ``.tex`` as claims: ``proofcheck extract paper.tex -o claims.py``.

Pure functions: :func:`environments` finds the theorem, lemma, fact, claim and definition
environments with their numbers, labels and lines; :func:`statements_and_conditions` splits an
environment's body into displayed statements and the conditions its prose states ("Let …",
"if …", "for all …"); :func:`extract` builds each statement with
:meth:`symbolic.claim.Claim.from_latex` (the public LaTeX reader, so every addition to its
grammar is read here too) and :func:`claims_file` writes the result as a Python claims file.

Ids: ``<paper>:<kind>-<name>`` where ``<kind>`` is the environment's kind and ``<name>`` is
the environment's ``\label`` without its prefix (``\label{lem:softmax-bound}`` in a lemma gives
``paper:lemma-softmax-bound``) or, without a label (or with ``ids="number"``), its number as
the paper's ``\newtheorem`` declarations count it (``paper:lemma-2.1``). Several statements in
one environment are its parts (``:part-1``, ``:part-2``; ``:item-k`` when each sits in its own
``\item``), and a chain ``a \le b \le c`` gives one part per link.

Out of scope: ``\input``/``\include`` (not followed), macros with arguments (zero-argument
``\newcommand``/``\renewcommand`` are expanded), environments of other kinds (propositions,
corollaries: counted for the numbering, listed as not read).

Example:
    >>> tex = (r"\newtheorem{lemma}{Lemma}" "\n"
    ...        r"\begin{lemma}\label{lem:tangent} Let $x > 0$. Then $\log(x) \le x - 1$."
    ...        "\n" r"\end{lemma}")
    >>> [(e.kind, e.number, e.label) for e in environments(tex)]
    [('lemma', '1', 'lem:tangent')]
    >>> result = extract(tex, "paper.tex", paper="mine")
    >>> [(c.claim_id, c.statement, c.hypotheses) for c in result.read]
    [('mine:lemma-tangent', '\\log(x) \\le x - 1', ('x > 0',))]
"""

from __future__ import annotations

import itertools
import keyword
import os
import re
import shlex
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

#: the kinds read (an id's kind), by the names papers give their environments
KIND_ALIASES = {
    "theorem": "theorem", "thm": "theorem",
    "lemma": "lemma", "lem": "lemma",
    "fact": "fact",
    "claim": "claim", "clm": "claim",
    "definition": "definition", "defn": "definition", "def": "definition", "dfn": "definition",
}
#: environments counted (shared counters) but not read
OTHER_THEOREMS = ("proposition", "prop", "corollary", "cor", "remark", "assumption",
                  "example", "conjecture", "observation")
DISPLAY_ENVS = ("equation", "align", "gather", "multline", "eqnarray", "displaymath")
RELATION = re.compile(r"\\(?:le|leq|ge|geq|lt|gt|neq|ne|preceq|succeq|leqslant|geqslant|in|"
                      r"subseteq|subset|supseteq|sim|equiv|approx|ll|gg|prec|succ)"
                      r"(?![A-Za-z])|(?<!\\)[<>=]|:=")
COND_TRIGGER = re.compile(
    r"\b(let|suppose|assume|assuming|given|if|whenever|provided|for (?:all|every|any|each)|"
    r"for|with|where|such that|fix)\b(?: that)?\W*$")
QUANTIFIER = re.compile(r"\bfor (?:all|every|any|each)\W*$")
STMT_TRIGGER = re.compile(
    r"\b(then|we have|one has|it holds that|holds that|we get|we obtain|satisfies|"
    r"define|defined as|denote|is defined by)\b\W*$")
REAL = r"\\mathbb\s*\{?\s*R\s*\}?"
NAME = r"(?:\\mathbf\{[A-Za-z]\}|\\bm\{[A-Za-z]\}|\\[A-Za-z]+|[A-Za-z])"
DECLARATION = re.compile(
    rf"^\s*(?P<names>{NAME}(?:\s*,\s*{NAME})*)\s*\\in\s*{REAL}\s*"
    r"(?:\^\s*(?:\{\s*(?P<r1>[A-Za-z]|\d+)\s*(?:\\times\s*(?P<c1>[A-Za-z]|\d+)\s*)?\}"
    r"|(?P<r2>[A-Za-z]|\d+))|_\s*\{?\s*(?P<sign>\+\+|\+|>\s*0|\\geq?\s*0)\s*\}?)?\s*$")
INDEX_SET = re.compile(r"^\s*(?P<i>[A-Za-z])\s*\\in\s*\[\s*(?P<m>[A-Za-z]|\d+)\s*\]\s*$")


@dataclass(frozen=True)
class Environment:
    """One theorem-like environment: its kind, number, label, title, body and first line."""

    env: str
    kind: str  # an id kind (``lemma``), or ``""`` for an environment that is not read
    printed: str  # the name the paper prints ("Lemma")
    number: str  # "" when unnumbered
    label: str
    title: str
    body: str
    line: int  # line of \begin
    body_line: int  # line where the body starts


@dataclass(frozen=True)
class Piece:
    """A statement or a condition: its LaTeX (whitespace collapsed), line and ``\\item``."""

    latex: str
    line: int
    item: int = 0


@dataclass(frozen=True)
class Declaration:
    """``x \\in \\mathbb{R}^d``: a name and its shape (``()`` scalar, ``(r,)``, ``(r, c)``)."""

    name: str
    shape: tuple[str, ...]


@dataclass
class ReadClaim:
    """A statement that builds: what the claims file writes for it."""

    claim_id: str
    statement: str
    where: tuple[Declaration, ...]
    hypotheses: tuple[str, ...]
    source: str
    unread_conditions: list[tuple[Piece, str]] = field(default_factory=list)


@dataclass
class Unread:
    """A statement that does not build, with the error's first line."""

    claim_id: str
    statement: str
    source: str
    error: str


@dataclass
class Extraction:
    """What :func:`extract` found: claims read, statements not read, conditions not read (they
    do not parse), conditions not used (no statement read in their environment names what
    they constrain), and environments of other kinds."""

    read: list[ReadClaim] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    unread_conditions: list[tuple[str, Piece, str]] = field(default_factory=list)
    unused_conditions: list[tuple[str, Piece]] = field(default_factory=list)
    skipped: list[Environment] = field(default_factory=list)
    order: list[Any] = field(default_factory=list)  # read, unread and conditions, in order

    @property
    def summary(self) -> str:
        """``read N of M statements (K conditions unread)``."""
        total = len(self.read) + len(self.unread)
        return (f"read {len(self.read)} of {total} statements "
                f"({len(self.unread_conditions)} conditions unread)")


# --- scanning the .tex -------------------------------------------------------------------

def strip_comments(tex: str) -> str:
    r"""``tex`` without ``%`` comments (``\%`` kept), line numbers unchanged.

    >>> strip_comments("a % note\nb \\% c")
    'a \nb \\% c'
    """
    return re.sub(r"(?<!\\)((?:\\\\)*)%[^\n]*", r"\1", tex)


def braced(text: str, start: int) -> tuple[str, int] | None:
    """The ``{...}`` group opening at ``start`` (spaces skipped) and the index after it.

    >>> braced("x{a{b}c}d", 1)
    ('a{b}c', 8)
    """
    i = start
    while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth = 0
    for j in range(i, len(text)):
        ch = text[j]
        if ch == "\\":
            continue
        if ch == "{" and (j == 0 or text[j - 1] != "\\"):
            depth += 1
        elif ch == "}" and text[j - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[i + 1:j], j + 1
    return None


def _optional(text: str, start: int) -> tuple[str, int]:
    """``[...]`` at ``start`` (spaces skipped): its text and the index after it, or ``""``."""
    m = re.match(r"\s*\[([^\]]*)\]", text[start:])
    return (m.group(1), start + m.end()) if m else ("", start)


def macros(tex: str) -> dict[str, str]:
    r"""Zero-argument ``\newcommand``/``\renewcommand``/``\providecommand`` definitions.

    >>> macros(r"\newcommand{\R}{\mathbb{R}} \newcommand\eps{\epsilon} \newcommand{\f}[1]{#1}")
    {'R': '\\mathbb{R}', 'eps': '\\epsilon'}
    """
    out: dict[str, str] = {}
    for m in re.finditer(r"\\(?:re)?(?:new|provide)command\*?\s*(?:\{\s*\\([A-Za-z]+)\s*\}"
                         r"|\\([A-Za-z]+))", tex):
        args, at = _optional(tex, m.end())
        if args.strip() not in ("", "0"):
            continue
        body = braced(tex, at)
        if body is not None and "#" not in body[0]:
            out[m.group(1) or m.group(2)] = body[0]
    return out


def expand(text: str, defs: dict[str, str]) -> str:
    r"""``text`` with the zero-argument macros ``defs`` expanded (nested ones too).

    >>> expand(r"x \in \R^d", {"R": r"\mathbb{R}"})
    'x \\in \\mathbb{R}^d'
    """
    if not defs:
        return text
    pattern = re.compile(r"\\([A-Za-z]+)")
    for _ in range(10):
        new = pattern.sub(lambda m: defs.get(m.group(1), m.group(0)), text)
        if new == text:
            break
        text = new
    return text


def _line(tex: str, pos: int) -> int:
    return tex.count("\n", 0, pos) + 1


@dataclass
class _Theorem:
    printed: str
    counter: str
    within: str  # "section", "subsection", "" or another theorem's counter
    numbered: bool


def theorem_declarations(tex: str) -> dict[str, _Theorem]:
    r"""The ``\newtheorem`` declarations: environment -> printed name, counter, numbering.

    >>> d = theorem_declarations(r"\newtheorem{thm}{Theorem}[section]\newtheorem{lem}[thm]{Lemma}")
    >>> d["lem"].printed, d["lem"].counter, d["lem"].within
    ('Lemma', 'thm', 'section')
    """
    out: dict[str, _Theorem] = {}
    for m in re.finditer(r"\\newtheorem(\*?)\s*\{([^}]*)\}", tex):
        env, at = m.group(2).strip(), m.end()
        shared, at = _optional(tex, at)
        printed = braced(tex, at)
        if printed is None:
            continue
        within, _ = _optional(tex, printed[1])
        shared = shared.strip()
        if shared in out:
            out[env] = _Theorem(printed[0].strip(), out[shared].counter, out[shared].within,
                                not m.group(1))
        else:
            out[env] = _Theorem(printed[0].strip(), env, within.strip(), not m.group(1))
    return out


def _kind(env: str, printed: str) -> str:
    words = re.findall(r"[a-z]+", printed.lower())
    if words and words[0] in KIND_ALIASES:
        return KIND_ALIASES[words[0]]
    return KIND_ALIASES.get(env.rstrip("*").lower(), "")


def _letter(k: int) -> str:
    return chr(ord("A") + k - 1) if 1 <= k <= 26 else str(k)


def environments(tex: str) -> list[Environment]:
    r"""The theorem-like environments of ``tex`` (comments removed first), numbered as the
    ``\newtheorem`` declarations say (per section, shared counters, ``\appendix`` letters);
    without declarations each kind counts on its own. ``kind`` is ``""`` for kinds not read.

    >>> tex = (r"\newtheorem{theorem}{Theorem}[section]\newtheorem{fact}[theorem]{Fact}"
    ...        r"\section{A}\begin{fact}$1 \le 2$\end{fact}\begin{theorem}$x \le x$\end{theorem}")
    >>> [(e.kind, e.number) for e in environments(tex)]
    [('fact', '1.1'), ('theorem', '1.2')]
    """
    tex = strip_comments(tex)
    decls = theorem_declarations(tex)
    names = set(decls) | set(KIND_ALIASES) | set(OTHER_THEOREMS)
    names |= {n + "*" for n in names}
    counters: dict[str, int] = {}
    section, subsection, appendix = 0, 0, False
    out: list[Environment] = []
    token = re.compile(r"\\(section|subsection|appendix)(?![A-Za-z])(\*?)|\\begin\s*\{([^}]*)\}")
    pos = 0
    while True:
        m = token.search(tex, pos)
        if m is None:
            break
        pos = m.end()
        if m.group(1) == "appendix":
            section, subsection, appendix = 0, 0, True
            continue
        if m.group(1):
            if m.group(2):  # starred: not numbered
                continue
            if m.group(1) == "section":
                section, subsection = section + 1, 0
                _reset(counters, decls, ("section", "subsection"))
            else:
                subsection += 1
                _reset(counters, decls, ("subsection",))
            continue
        env = m.group(3).strip()
        if env not in names:
            continue
        end = re.compile(r"\\end\s*\{" + re.escape(env) + r"\}").search(tex, m.end())
        if end is None:
            continue
        title, body_at = _optional(tex, m.end())
        base = env.rstrip("*")
        decl = decls.get(env) or _Theorem(base.capitalize(), base, "", not env.endswith("*"))
        number = ""
        if decl.numbered:
            counters[decl.counter] = counters.get(decl.counter, 0) + 1
            sec = _letter(section) if appendix else str(section)
            prefix = {"section": f"{sec}.", "subsection": f"{sec}.{subsection}."}
            number = prefix.get(decl.within, "") + str(counters[decl.counter])
        body = tex[body_at:end.start()]
        label = re.search(r"\\label\s*\{([^}]*)\}", _blank_displays(body))
        out.append(Environment(env, _kind(env, decl.printed), decl.printed, number,
                               label.group(1).strip() if label else "", title.strip(), body,
                               _line(tex, m.start()), _line(tex, body_at)))
        pos = end.end()
    return out


def _reset(counters: dict[str, int], decls: dict[str, _Theorem], within: tuple[str, ...]) -> None:
    for t in decls.values():
        if t.within in within:
            counters[t.counter] = 0


# --- statements and conditions -----------------------------------------------------------

_DISPLAY = re.compile(
    r"\$\$(?P<dd>.*?)\$\$|\\\[(?P<br>.*?)\\\]|\\begin\s*\{(?P<env>(?:"
    + "|".join(DISPLAY_ENVS) + r")\*?)\}(?P<body>.*?)\\end\s*\{(?P=env)\}", re.S)
_INLINE = re.compile(r"(?<![\\$])\$(?!\$)(?P<m>(?:\\\$|[^$])+?)\$|\\\((?P<p>.*?)\\\)", re.S)


def _blank_displays(body: str) -> str:
    return _DISPLAY.sub(lambda m: " " * len(m.group(0)), body)


def _strip_tags(text: str) -> str:
    text = re.sub(r"\\(label|tag)\*?\s*\{[^}]*\}|\\(nonumber|notag)(?![A-Za-z])", " ", text)
    return text.strip()


def _clean_math(text: str) -> str:
    r"""Display-math text as a formula: labels, tags, ``\nonumber``, ``&``, spacing commands
    and trailing punctuation removed, whitespace collapsed."""
    text = _strip_tags(text)
    text = re.sub(r"\\begin\s*\{(aligned|split|gathered)\}|\\end\s*\{(aligned|split|gathered)\}",
                  " ", text)
    text = re.sub(r"(?<!\\)&", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"(\\[,;!: ]|\\q?quad|~|\s)*$", "", text)
    return re.sub(r"\s*[.,;]$", "", text).strip()


def _display_lines(text: str) -> list[tuple[str, int]]:
    """The formulas of a display (one per ``\\\\`` line; a line that starts with a relation
    continues the one before), each with its offset in ``text``."""
    out: list[tuple[str, int]] = []
    at = 0
    for part in re.split(r"(\\\\(?:\[[^\]]*\])?)", text):
        if part.startswith("\\\\"):
            at += len(part)
            continue
        clean = _clean_math(part)
        if clean and out and RELATION.match(clean) and not clean.startswith("\\in"):
            out[-1] = (out[-1][0] + " " + clean, out[-1][1])
        elif clean:
            out.append((clean, at + len(part) - len(part.lstrip())))
        at += len(part)
    return out


def _prose(text: str) -> str:
    text = re.sub(r"\\(label|emph|textit|textbf|text|ref|eqref|cite)\s*(\{[^}]*\})?", " ", text)
    text = re.sub(r"\\item(\[[^\]]*\])?|\\[A-Za-z]+|[{}~]", " ", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def _segments(body: str) -> Iterator[tuple[str, str, int]]:
    """``("text" | "inline" | "display", text, offset)`` in order."""
    pos = 0
    displays = list(_DISPLAY.finditer(body))
    for d in [*displays, None]:
        end = d.start() if d else len(body)
        chunk = body[pos:end]
        at = 0
        for m in _INLINE.finditer(chunk):
            yield "text", chunk[at:m.start()], pos + at
            inner = m.group("m") if m.group("m") is not None else m.group("p")
            yield "inline", inner, pos + m.start()
            at = m.end()
        yield "text", chunk[at:], pos + at
        if d is None:
            break
        group = next(g for g in ("dd", "br", "body") if d.group(g) is not None)
        yield "display", d.group(group), d.start(group)
        pos = d.end()


def statements_and_conditions(env: Environment) -> tuple[list[Piece], list[Piece]]:
    r"""The displayed statements of ``env`` and the conditions its prose states.

    A statement is a display (``$$…$$``, ``\[…\]``, ``equation``/``align``/``gather``…, one per
    line, a line starting with a relation continuing the one before), a formula after "then",
    "we have"…, or an inline formula that opens a sentence. A condition is a formula after
    "Let", "Suppose", "Assume", "if", "for all/every/any/each", "with", "where", "such that"
    (and those joined to it by "and" or a comma). Formulas without a relation are mentions.

    >>> e = environments(r"\begin{lemma}Let $x > 0$. If $y \ge 1$, then $x \le xy$ for all "
    ...                  r"$i \in [n]$.\end{lemma}")[0]
    >>> st, co = statements_and_conditions(e)
    >>> [s.latex for s in st], [c.latex for c in co]
    (['x \\le xy'], ['x > 0', 'y \\ge 1', 'i \\in [n]'])
    """
    body = env.body
    items = [m.start() for m in re.finditer(r"\\item(?![A-Za-z])", body)]
    statements: list[Piece] = []
    conditions: list[Piece] = []
    mode, lead, quantified, sentence_start = "", "", False, True

    def piece(text: str, offset: int) -> Piece:
        line = env.body_line + body.count("\n", 0, offset)
        return Piece(text, line, sum(1 for i in items if i < offset))

    for kind, text, offset in _segments(body):
        if kind == "text":
            parts = re.split(r"(?<=[.!?;])\s|\\item(?![A-Za-z])", text + " ")
            if len(parts) > 1:
                mode, quantified, sentence_start, lead = "", False, True, parts[-1]
            else:
                lead += text
            continue
        said = _prose(lead)
        formulas = _display_lines(text) if kind == "display" else [(_clean_math(text), 0)]
        if COND_TRIGGER.search(said):
            new = "cond"
            quantified = bool(QUANTIFIER.search(said))
        elif STMT_TRIGGER.search(said):
            new, quantified = "stmt", False
        elif said in ("", ",", "and", ", and", "and,", "or") and mode:
            new = "stmt" if (quantified and said == ",") else mode
            quantified = quantified and new == "cond"
        elif (said == "" and sentence_start) or kind == "display":
            new = "stmt"
        else:
            new = ""
        if env.kind == "definition" and new == "cond" and re.search(r":=|\\coloneqq", text):
            new = "stmt"
        mode, lead, sentence_start = new, "", False
        ends = re.search(r"[.;]\s*$", _strip_tags(text)) is not None
        for formula, at in formulas:
            if not RELATION.search(formula):
                continue
            target = statements if new == "stmt" else conditions if new == "cond" else None
            if target is not None:
                target.append(piece(formula, offset + at))
        if ends:
            mode, quantified, sentence_start = "", False, True
    return statements, conditions


# --- reading the pieces --------------------------------------------------------------------

def split_chain(text: str) -> list[str]:
    r"""The links of a chain ``a \le b < c`` (relations outside braces), or ``[text]``.

    >>> split_chain(r"0 \le \sum_{i=1}^n x_i \le 1")
    ['0 \\le \\sum_{i=1}^n x_i', '\\sum_{i=1}^n x_i \\le 1']
    """
    cuts, depth = [], 0
    for i, ch in enumerate(text):
        depth += (ch == "{") - (ch == "}") if i == 0 or text[i - 1] != "\\" else 0
        if depth == 0:
            m = RELATION.match(text, i)
            if m and not (i and text[i - 1] == "\\") and not (m.group(0) == "=" and i
                                                                 and text[i - 1] == ":"):
                if not cuts or i >= cuts[-1][1]:
                    cuts.append((i, m.end()))
    if len(cuts) < 2:
        return [text]
    sides = [text[:cuts[0][0]]] + [text[a[1]:b[0]] for a, b in itertools.pairwise(cuts)] + \
        [text[cuts[-1][1]:]]
    return [f"{sides[k].strip()} {text[c[0]:c[1]]} {sides[k + 1].strip()}"
            for k, c in enumerate(cuts)]


def declaration(text: str) -> tuple[list[Declaration], list[str]] | None:
    r"""``x, y \in \mathbb{R}^d`` as declarations (and ``\mathbb{R}_{+}`` as the hypotheses
    it implies), or None when ``text`` is not one.

    >>> declaration(r"A \in \mathbb{R}^{n \times d}")
    ([Declaration(name='A', shape=('n', 'd'))], [])
    >>> declaration(r"R \in \mathbb{R}_{>0}")
    ([Declaration(name='R', shape=())], ['R > 0'])
    """
    m = DECLARATION.match(text)
    if m is None:
        return None
    names = [s.strip() for s in re.split(r"\s*,\s*", m.group("names"))]
    rows, cols = m.group("r1") or m.group("r2"), m.group("c1")
    shape = tuple(s for s in (rows, cols) if s)
    sign = re.sub(r"\s+", "", m.group("sign") or "")
    rel = {"": "", "+": "\\ge", "\\ge0": "\\ge", "\\geq0": "\\ge"}.get(sign, ">")
    hyps = [f"{name} {rel} 0" for name in names] if rel else []
    return [Declaration(name, shape) for name in names], hyps


def objects(decls: tuple[Declaration, ...]) -> dict[str, Any]:
    """The ``where`` of a claim: vectors and matrices (dimensions other than ``n``, ``d``
    declared with :func:`symbolic.dim` and listed by name too)."""
    from symbolic import dim, matrix, vector

    def size(s: str) -> Any:
        return int(s) if s.isdigit() else dim(s)

    out: dict[str, Any] = {}
    for dcl in decls:
        for s in dcl.shape:
            if not s.isdigit() and s not in ("n", "d"):
                out[s] = dim(s)
        plain = _plain(dcl.name)
        if len(dcl.shape) == 1:
            out[dcl.name] = vector(plain, size(dcl.shape[0]))
        elif len(dcl.shape) == 2:
            out[dcl.name] = matrix(plain, size(dcl.shape[0]), size(dcl.shape[1]))
    return out


def _plain(name: str) -> str:
    m = re.match(r"\\(?:mathbf|bm)\{(.)\}$|\\([A-Za-z]+)$", name)
    return (m.group(1) or m.group(2)) if m else name


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-.")


def base_id(env: Environment, paper: str, ids: str = "label", ordinal: int = 0) -> str:
    r"""The id of ``env``: its label without prefix (``ids="label"``), else its number, else
    ``unnumbered-<k>``.

    >>> e = environments(r"\begin{lemma}\label{lem:Soft_max}$1 \le 2$\end{lemma}")[0]
    >>> base_id(e, "p"), base_id(e, "p", ids="number")
    ('p:lemma-soft-max', 'p:lemma-1')
    """
    name = _slug(env.label.split(":", 1)[-1]) if env.label and ids == "label" else ""
    name = name or env.number.lower() or f"unnumbered-{ordinal}"
    return f"{paper}:{env.kind}-{name}"


def extract(tex: str, path: str, paper: str, ids: str = "label") -> Extraction:
    """Every statement of ``tex`` built with :meth:`Claim.from_latex` (or the first line of
    the reason it does not build), with the conditions each uses."""
    tex = strip_comments(tex)
    defs = macros(tex)
    out = Extraction()
    bases: set[str] = set()
    fname = os.path.basename(path)
    for k, env in enumerate(environments(tex), start=1):
        if not env.kind:
            out.skipped.append(env)
            continue
        base = base_id(env, paper, ids, k)
        if base in bases:
            base = f"{paper}:{env.kind}-{env.number.lower() or f'unnumbered-{k}'}"
        while base in bases:
            base += "-2"
        bases.add(base)
        statements, conditions = statements_and_conditions(env)
        statements = [Piece(expand(s.latex, defs), s.line, s.item) for s in statements]
        conditions = [Piece(expand(c.latex, defs), c.line, c.item) for c in conditions]
        _read_environment(env, base, fname, statements, conditions, out)
    return out


def _links(statements: list[Piece], names: dict[str, Any]) -> list[Piece]:
    """Each statement, a chain split into its links when the reader reads it as a chain."""
    from symbolic.latex_parse import parse_props

    links: list[Piece] = []
    for s in statements:
        try:
            props = parse_props(s.latex, names)
        except ValueError:
            props = []
        parts = split_chain(s.latex) if len(props) > 1 else [s.latex]
        if len(parts) != max(len(props), 1):
            parts = [s.latex]
        links += [Piece(p, s.line, s.item) for p in parts]
    return links


def _read_environment(env: Environment, base: str, fname: str, statements: list[Piece],
                      conditions: list[Piece], out: Extraction) -> None:
    decls: list[Declaration] = []
    hyps: list[Piece] = []
    for c in conditions:
        dc = declaration(c.latex)
        if dc is None:
            hyps.append(c)
            continue
        decls += dc[0]
        hyps += [Piece(h, c.line, c.item) for h in dc[1]]
    where = tuple({dcl.name: dcl for dcl in decls}.values())
    names = objects(where)
    links = _links(statements, names)
    items = [p.item for p in links]
    by_item = len(links) > 1 and all(items) and len(set(items)) == len(items)
    located = f"{env.printed} {env.number}".strip()
    used: set[int] = set()
    first_error: dict[int, str] = {}
    for j, s in enumerate(links, start=1):
        part = "" if len(links) == 1 else f"item-{s.item}" if by_item else f"part-{j}"
        cid = f"{base}:{part}" if part else base
        source = f"{located}{' ' + part.replace('-', ' ') if part else ''}, {fname}:{s.line}"
        claim = _build(cid, s.latex, names, [], source)
        if isinstance(claim, str):
            out.unread.append(Unread(cid, s.latex, source, claim))
            out.order.append(out.unread[-1])
            continue
        read = ReadClaim(cid, s.latex, where, (), source)
        for h, c in enumerate(hyps):
            error = ""
            for text in _condition_forms(c):
                got = _build(cid, s.latex, names, [*read.hypotheses, text], source)
                if isinstance(got, str):
                    error = error or got
                    continue
                error = ""
                new = [p for p in got.hypotheses if p not in claim.hypotheses]
                if set().union(*[p.symbols for p in new]) & claim.prop.symbols:
                    read.hypotheses = (*read.hypotheses, text)
                    claim = got
                    used.add(h)
                break
            if error:
                first_error.setdefault(h, error)
                read.unread_conditions.append((c, error))
        out.read.append(read)
        out.order.append(read)
    for h, c in enumerate(hyps):
        if h in used:
            continue
        shown = any(c is p for r in out.read for p, _ in r.unread_conditions)
        error = first_error.get(h) or _parse_error(_condition_forms(c), names)
        if error:
            out.unread_conditions.append((base, c, error))
            if not shown:
                out.order.append(("NOT READ", base, c, error))
        else:
            out.unused_conditions.append((base, c))
            out.order.append(("NOT USED", base, c, "no statement read in this environment "
                              "names what it constrains"))


def _condition_forms(c: Piece) -> list[str]:
    r"""The condition as written, then ``1 \le i \le m`` for ``i \in [m]`` (read as written
    when the grammar reads it)."""
    m = INDEX_SET.match(c.latex)
    return [c.latex] if m is None else [c.latex, rf"1 \le {m.group('i')} \le {m.group('m')}"]


def _parse_error(forms: list[str], names: dict[str, Any]) -> str:
    """The first line of the error reading the first of ``forms``, or ``""`` when one of
    them reads."""
    from symbolic.latex_parse import parse_props

    errors = []
    for text in forms:
        try:
            parse_props(text, names)
            return ""
        except ValueError as exc:
            errors.append(_first_line(exc))
    return errors[0]


def _build(cid: str, statement: str, names: dict[str, Any], hypotheses: list[str],
           source: str) -> Any:
    """The claim, or the first line of the error that stops it."""
    from symbolic import Claim

    try:
        return Claim.from_latex(cid, statement, where=dict(names) or None,
                                hypotheses=hypotheses, source=source)
    except (ValueError, TypeError, ArithmeticError) as exc:
        return _first_line(exc)


# --- the claims file -----------------------------------------------------------------------

WIDTH = 100


def _literal(text: str) -> str:
    """A Python literal for ``text``: raw when possible (LaTeX backslashes as written)."""
    if '"' not in text and not text.endswith("\\") and "\n" not in text:
        return f'r"{text}"' if "\\" in text else f'"{text}"'
    return repr(text)


def _string(text: str, indent: int) -> list[str]:
    """``text`` as one literal, or implicitly concatenated ones in parentheses, each line at
    most :data:`WIDTH` characters after ``indent`` spaces and a trailing comma."""
    room = WIDTH - indent - 4
    one = _literal(text)
    if len(one) <= room:
        return [one]
    chunks, rest = [], text
    while len(_literal(rest)) > room - 1:
        cut = rest.rfind(" ", 0, room - 4)
        if cut <= 0:
            cut = room - 4
        while cut > 1 and rest[cut - 1] == "\\":
            cut -= 1
        chunks.append(rest[:cut])
        rest = rest[cut:]
    chunks.append(rest)
    lits = [_literal(c) for c in chunks]
    return ["(" + lits[0]] + [" " + lit for lit in lits[1:-1]] + [" " + lits[-1] + ")"]


def _comment(text: str, prefix: str = "# ") -> list[str]:
    return textwrap.wrap(text, WIDTH - len(prefix), break_long_words=True,
                         break_on_hyphens=False, initial_indent=prefix,
                         subsequent_indent=prefix + "    ") or [prefix.rstrip()]


def _variable(cid: str, taken: set[str]) -> str:
    name = re.sub(r"\W+", "_", cid.split(":", 1)[1]).strip("_").lower()[:60].rstrip("_")
    name = name if name.isidentifier() and not keyword.iskeyword(name) else f"claim_{name}"
    base, k = name, 2
    while name in taken:
        name, k = f"{base}_{k}", k + 1
    taken.add(name)
    return name


def _object_code(dcl: Declaration) -> str:
    def size(s: str) -> str:
        return s if s.isdigit() or s in ("n", "d") else f'dim("{s}")'

    plain = _plain(dcl.name)
    if len(dcl.shape) == 1:
        return f'vector("{plain}", {size(dcl.shape[0])})'
    return f'matrix("{plain}", {size(dcl.shape[0])}, {size(dcl.shape[1])})'


def _where_code(where: tuple[Declaration, ...]) -> tuple[list[str], set[str]]:
    entries, imports = [], set()
    for dcl in where:
        for s in dcl.shape:
            if not s.isdigit():
                imports.add(s if s in ("n", "d") else "dim")
                if s not in ("n", "d"):
                    entries.append(f'"{s}": dim("{s}")')
        if dcl.shape:
            imports.add("vector" if len(dcl.shape) == 1 else "matrix")
            entries.append(f"{_literal(dcl.name)}: {_object_code(dcl)}")
    return list(dict.fromkeys(entries)), imports


def _claim_code(c: ReadClaim, taken: set[str]) -> tuple[list[str], set[str]]:
    lines = [f"# {c.source}"]
    if c.claim_id.split(":")[1].startswith("definition-"):
        lines.append("# a definition, read as an equation: 'check' refutes it where the defined "
                     "name is free")
    for piece, err in c.unread_conditions:
        lines += _comment(f"CONDITION NOT READ (line {piece.line}): {piece.latex}")
        lines += _comment(f"error: {err}", "#     ")
    lines.append(f"{_variable(c.claim_id, taken)} = Claim.from_latex(")
    lines.append(f'    "{c.claim_id}",')
    lines += _indented(_string(c.statement, 4), 4)
    entries, imports = _where_code(c.where)
    if entries:
        one = "    where={" + ", ".join(entries) + "},"
        if len(one) <= WIDTH:
            lines.append(one)
        else:
            lines += ["    where={"] + [f"        {e}," for e in entries] + ["    },"]
    if c.hypotheses:
        lines.append("    hypotheses=[")
        for h in c.hypotheses:
            lines += _indented(_string(h, 8), 8)
        lines.append("    ],")
    lines += _indented(_string(c.source, 11), 4, first="source=")
    lines.append(")")
    return lines, imports


def _indented(lits: list[str], indent: int, first: str = "") -> list[str]:
    pad = " " * indent
    out = [pad + first + lits[0]] + [pad + " " * len(first) + lit for lit in lits[1:]]
    out[-1] += ","
    return out


def _unread_code(u: Unread) -> list[str]:
    lines = _comment(f"NOT READ: {u.claim_id} ({u.source})")
    lines += _comment(f"LaTeX: {u.statement}", "#   ")
    lines += _comment(f"error: {u.error}", "#   ")
    return lines


def claims_file(result: Extraction, path: str, command: list[str]) -> str:
    """The claims file: a header (source, the command), then one ``Claim.from_latex`` per
    statement read and a commented block per statement or condition not read, in the
    paper's order. Same input, same bytes (no date)."""
    blocks: list[list[str]] = []
    taken: set[str] = set()
    imports: set[str] = set()
    for entry in result.order:
        if isinstance(entry, ReadClaim):
            code, imp = _claim_code(entry, taken)
            imports |= imp | {"Claim"}
            blocks.append(code)
        elif isinstance(entry, Unread):
            blocks.append(_unread_code(entry))
        else:
            what, base, piece, reason = entry
            blocks.append(_comment(f"CONDITION {what}: {base}, line {piece.line}: "
                                   f"{piece.latex}") + _comment(f"reason: {reason}", "#   "))
    head = [f'"""Claims extracted from {path} by proofcheck extract.', ""]
    head += textwrap.wrap(f"Made by: {shlex.join(command)}", WIDTH, break_long_words=False,
                          break_on_hyphens=False, subsequent_indent="    ")
    head += [f"{result.summary}; check them with: proofcheck check <this file>.",
             'Comments marked "NOT READ" hold what it could not read, with the error.',
             '"""']
    if imports:
        names = sorted(imports, key=lambda s: (not s[0].isupper(), s))
        head += ["", f"from symbolic import {', '.join(names)}"]
    if result.skipped:
        listed = ", ".join(f"{e.printed} {e.number}".strip() + f" (line {e.line})"
                           for e in result.skipped)
        head += ["", *_comment(f"Environments of other kinds, not read: {listed}")]
    body: list[str] = []
    for block in blocks:
        body += ["", "", *block] if body else ["", *block]
    if any("\\" in h for h in head):
        head[0] = "r" + head[0]
    return "\n".join(head + body) + "\n"
