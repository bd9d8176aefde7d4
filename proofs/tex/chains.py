r"""A proof's displayed computations as chains: ``a &\le b \\ &= c`` read as the links
``a ≤ b`` and ``b = c``, each with the reason the text writes beside it.

A display (``align``, ``align*``, ``equation`` with ``split`` or ``aligned``, ``eqnarray*``,
``multline``, ``\[…\]``, ``$$…$$``, breqn's ``dmath*``) is cut into rows at ``\\``; a row that
starts with a relation continues the chain of the row before, any other row starts a new
chain. Alignment marks, ``\nonumber``, ``\label`` and spacing are dropped. What the text says
of a step is its *reason*:

- ``\tag{…}`` and ``\text{…}`` written after the formula (after ``\quad`` or ``&&``): "(by
  Lemma~\ref{l:a})", "(Cauchy–Schwarz)";
- a relation written ``\stackrel{(a)}{\le}``, ``\overset{(a)}{=}`` or ``\underset{…}{\le}``:
  the mark ``(a)``, which the prose after the display explains ("where (a) follows from …":
  :func:`explained_marks`); a mark that is itself a reason (``\overset{\text{CS}}{\le}``) is
  kept as one.

Words written beside a step that are not a reason ("for all $i$", "if $x > 0$") are kept as
the step's *condition*: a step read with an unread condition is read incompletely.

Example:
    >>> [(c.start, [(s.rel, s.rhs, s.reason) for s in c.steps]) for c in chains(
    ...     r"\|Ax\| &\le \|A\|\|x\| \quad \text{(operator norm)} \\ &\le R^2 .")]
    [('\\|Ax\\|', [('\\le', '\\|A\\|\\|x\\|', 'operator norm'), ('\\le', 'R^2', '')])]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from proofs.tex.cases import rows
from proofs.tex.source import REF, braced

#: relations a chain is cut at (the longer spellings first); :data:`CHECKABLE` are read
RELATIONS = re.compile(
    r":=|=:|\\(?:leqslant|geqslant|coloneqq|eqqcolon|triangleq|lesssim|gtrsim|approx|"
    r"preceq|succeq|subseteq|supseteq|equiv|asymp|propto|leq|geq|neq|le|ge|lt|gt|ne|ll|gg|"
    r"sim|to|in|subset)(?![A-Za-z])|(?<![\\<>!:])=(?!:)|(?<!\\)[<>]")
#: the relations a step is checked under, by their spelling
CHECKABLE = {"=": "=", "\\le": "<=", "\\leq": "<=", "\\leqslant": "<=", "<": "<", "\\lt": "<",
             "\\ge": ">=", "\\geq": ">=", "\\geqslant": ">=", ">": ">", "\\gt": ">"}
#: relations that define a name (a proof's local definition), never a step to check
DEFINING = (":=", "=:", "\\coloneqq", "\\eqqcolon", "\\triangleq")
#: words that make the text beside a step its reason rather than its condition
_REASON = re.compile(
    r"^\s*(?:\(|\[|by\b|using\b|from\b|since\b|because\b|as\b|due\b|via\b|follows\b|"
    r"applying\b|cf\b|see\b|\\because|\\eqref|\\ref|\\cref|\\Cref|\\autoref|lemma\b|"
    r"theorem\b|proposition\b|corollary\b|fact\b|assumption\b|eq\b|equation\b|def)", re.I)
_MARKED = re.compile(r"\\(?:stackrel|overset|underset)\s*(\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})"
                     r"\s*(\{[^{}]*\}|\\[A-Za-z]+|[<>=])")
_WRAPPERS = re.compile(r"\\(?:begin|end)\s*\{(?:aligned|split|gathered|alignedat|multlined|"
                       r"dmath|dgroup)\*?\}(?:\{[^}]*\})?")


@dataclass
class Step:
    """One link of a chain: its relation as printed, the term after it, and what the text
    says of it (``reason``; ``condition``: words beside it that restrict it)."""

    rel: str
    rhs: str
    reason: str = ""
    mark: str = ""
    condition: str = ""
    line: int = 0  # the display's line of the row that holds the relation (0-based)


@dataclass
class RawChain:
    """``start rel₁ t₁ rel₂ t₂ …`` as printed, with the labels of its display."""

    start: str
    steps: list[Step] = field(default_factory=list)
    line: int = 0
    labels: list[str] = field(default_factory=list)


def _group(text: str, at: int) -> tuple[str, int]:
    """The brace group starting at ``text[at]``: its inside and the index after it (an
    unclosed group runs to the end)."""
    found = braced(text, at)
    return found if found is not None else (text[at + 1:], len(text))


def _plain(text: str, parentheses: bool = False) -> str:
    r"""A reason as words: ``\text{(by Lemma~\ref{a})}`` → ``by Lemma~\ref{a}`` (the
    parentheses kept with ``parentheses``)."""
    refs: list[str] = []

    def keep(m: re.Match[str]) -> str:
        refs.append(re.sub(r"\s+", "", m.group(0)))
        return f"\x00{len(refs) - 1}\x00"

    text = REF.sub(keep, text)
    text = re.sub(r"\\(?:text|textrm|textnormal|mbox|mathrm|textit|emph|textbf)\s*", "", text)
    text = re.sub(r"(?<!\\)[{}]", "", text)
    text = re.sub(r"\\[,;:! ]|\\q?quad", " ", text)
    text = re.sub("\x00(\\d+)\x00", lambda m: refs[int(m.group(1))], text)
    text = re.sub(r"\s+", " ", text).strip().strip(".,;").strip()
    if not parentheses and text.startswith("(") and text.endswith(")") and \
            text.count("(") == 1:
        text = text[1:-1].strip()
    return text


def _marks(row: str) -> tuple[str, list[str]]:
    r"""``row`` with ``\stackrel{m}{\le}`` written as ``\le``, and the marks in order."""
    marks: list[str] = []

    def repl(m: re.Match[str]) -> str:
        marks.append(_plain(m.group(1)[1:-1]))
        rel = m.group(2)
        return " " + (rel[1:-1] if rel.startswith("{") else rel) + " "

    return _MARKED.sub(repl, row), marks


def _underbraces(text: str) -> str:
    r"""``\underbrace{a}_{b}`` (``\overbrace{a}^{b}``) as ``a``: the annotation is a remark."""
    while True:
        m = re.search(r"\\(?:underbrace|overbrace)\s*\{", text)
        if m is None:
            return text
        inner, end = _group(text, m.end() - 1)
        rest = text[end:]
        n = re.match(r"\s*[_^]\s*", rest)
        if n:  # the note: a group, a command or one character
            j = end + n.end()
            if j < len(text) and text[j] == "{":
                _, j = _group(text, j)
            else:
                one = re.match(r"\\[A-Za-z]+|[^\\]", text[j:])
                j += len(one.group(0)) if one else 0
            end = j
        text = text[:m.start()] + "{" + inner + "}" + text[end:]


def _top_level(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """Matches of ``pattern`` outside braces, parentheses, brackets and ``\\left…\\right``."""
    out: list[re.Match[str]] = []
    depth, i = 0, 0
    while i < len(text):
        ch = text[i]
        if text.startswith("\\left", i) and not text[i + 5:i + 6].isalpha():
            depth += 1
            i += 5
            continue
        if text.startswith("\\right", i) and not text[i + 6:i + 7].isalpha():
            depth -= 1
            i += 6
            continue
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in "{}":
            depth += 1 if text[i + 1] == "{" else -1
            i += 2
            continue
        if ch in "{([" and (i == 0 or text[i - 1] != "\\"):
            depth += 1
        elif ch in "})]" and (i == 0 or text[i - 1] != "\\"):
            depth -= 1
        elif depth == 0:
            m = pattern.match(text, i)
            if m and m.end() > i:
                out.append(m)
                i = m.end()
                continue
        i += 1
    return out


#: where the words beside a formula start: ``\quad``, ``&&``, ``\text{…}`` at the top level
_BESIDE = re.compile(r"\\q?quad(?![A-Za-z])|\\hspace\*?\s*\{[^}]*\}|\\hfill(?![A-Za-z])|&&|"
                     r"\\(?:text|textrm|textnormal|mbox)\s*\{|\\because(?![A-Za-z])")


def _split_beside(row: str) -> tuple[str, str]:
    """``(formula, words beside it)``: the words start at the first top-level ``\\quad``,
    ``&&`` or ``\\text{`` after which no relation follows."""
    for m in _top_level(row, _BESIDE):
        tail = row[m.start():]
        if _top_level(re.sub(r"\\(?:text|textrm|textnormal|mbox)\s*\{[^{}]*\}", " ", tail),
                      RELATIONS) and not re.match(r"\s*\\(?:text|mbox)", tail):
            continue  # "… \quad = c": spacing inside the formula
        return row[:m.start()], tail
    return row, ""


def _clean(text: str) -> str:
    text = re.sub(r"\\(?:label|tag\*?)\s*\{[^{}]*\}|\\(?:nonumber|notag|displaystyle|"
                  r"allowbreak|qedhere|medskip|smallskip)(?![A-Za-z])", " ", text)
    text = re.sub(r"(?<!\\)&", " ", text)
    text = re.sub(r"\\(?:[,;!: ]|q?quad)(?![A-Za-z])", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\s*[.,;]+$", "", text).strip()


def chains(display: str, line: int = 0) -> list[RawChain]:
    r"""The chains of a display's text (its inside, without ``\begin{align}``), each row's
    reason, mark and condition kept with the step whose relation the row starts with (or the
    last step of the row when it starts with a term).

    >>> [(c.start, [(s.rel, s.rhs, s.mark) for s in c.steps]) for c in chains(
    ...     r"a &\stackrel{(a)}{=} b + 0 \\ &\overset{\text{(ii)}}{<} c \label{e}")]
    [('a', [('=', 'b + 0', 'a'), ('<', 'c', 'ii')])]
    >>> [c.start for c in chains(r"x &= 1 \\ y &= 2")]
    ['x', 'y']
    """
    labels = re.findall(r"\\label\s*\{([^{}]*)\}", display)
    text = _WRAPPERS.sub(" ", display)
    out: list[RawChain] = []
    for row, at in rows(text):
        row_line = line + text.count("\n", 0, at)
        tags = [_plain(t) for t in re.findall(r"\\tag\*?\s*\{((?:[^{}]|\{[^{}]*\})*)\}", row)]
        row, marks = _marks(_underbraces(row))
        formula, beside = _split_beside(row)
        formula = _clean(formula)
        words = _plain(_clean(beside)) if beside.strip() else ""
        reason = "; ".join(w for w in [*tags, words if _REASON.match(
            _plain(_clean(beside), parentheses=True)) else ""] if w)
        condition = "" if not words or reason.endswith(words) else words
        if not formula and out and out[-1].steps:  # a row of words: the step before's
            last = out[-1].steps[-1]
            last.reason = "; ".join(w for w in (last.reason, reason) if w)
            last.condition = "; ".join(w for w in (last.condition, condition) if w)
            continue
        cuts = _top_level(formula, RELATIONS)
        if not cuts:
            if formula:
                out.append(RawChain(formula, [], row_line, labels))
            continue
        continues = cuts[0].start() == 0 and out
        if not continues:
            out.append(RawChain(formula[:cuts[0].start()].strip(), [], row_line, labels))
        chain = out[-1]
        ends = [c.start() for c in cuts[1:]] + [len(formula)]
        first = len(chain.steps)
        for k, (cut, end) in enumerate(zip(cuts, ends)):
            mark = marks[k] if k < len(marks) else ""
            chain.steps.append(Step(cut.group(0), formula[cut.end():end].strip(), "",
                                    mark, "", row_line))
        own = chain.steps[first] if continues else chain.steps[-1]
        own.reason = "; ".join(w for w in (own.reason, reason) if w)
        own.condition = condition
    return out


_MARK_SAID = re.compile(
    r"\(\s*([a-z]|[ivx]+|\d+|\*+)\s*\)((?:\s*(?:,|and)\s*\(\s*(?:[a-z]|[ivx]+|\d+|\*+)\s*\))*)"
    r"\s*(?:follows?|holds?|is|are|comes?|uses?|used|by|due|from|because|since|results?|"
    r"applies|we used|is due)\b([^.;]*)", re.I)
_NEXT_MARK = re.compile(r"(?:,|;|\band\b)?\s*(?:(?:in|for)\s+)?\(\s*(?:[a-z]|[ivx]+|\d+|\*+)\s*\)"
                        r"\s*,?\s*(?:we\s+)?(?:follows?|holds?|is|are|comes?|uses?|used|by|due|"
                        r"from|apply|applied)\b")
_INVERSE = re.compile(r"\b(?:in|for)\s+\(\s*([a-z]|[ivx]+|\d+)\s*\)\s*,?\s*(?:we\s+)?"
                      r"(?:used?|apply|applied|use)\b([^.;]*)", re.I)


def explained_marks(prose: str) -> dict[str, str]:
    r"""What the prose after a display says of its marks: ``{"a": "follows from Lemma 2"}``.

    >>> explained_marks(r"where (a) follows from Lemma~\ref{l:x} and (b) uses $x \ge 0$.")
    {'a': 'follows from Lemma~\\ref{l:x}', 'b': 'uses $x \\ge 0$'}
    """
    out: dict[str, str] = {}
    for at in re.finditer(r"\(", prose):
        m = _MARK_SAID.match(prose, at.start())
        if m is None:
            continue
        said = (m.group(0)[m.group(0).index(")", m.end(1) - m.start()) + 1:]).strip()
        said = re.sub(r"^(?:\s*(?:,|and)\s*\(\s*[^)]*\))*\s*", "", said)
        nxt = _NEXT_MARK.search(said)
        said = (said[:nxt.start()] if nxt else said).strip().removesuffix(" and").strip(" ,")
        for mark in [m.group(1), *re.findall(r"\(\s*([^)\s]+)\s*\)", m.group(2) or "")]:
            out.setdefault(mark.strip(), said.strip())
    for m in _INVERSE.finditer(prose):
        out.setdefault(m.group(1), m.group(0).split(")", 1)[1].strip(" ,"))
    return out


__all__ = ["CHECKABLE", "DEFINING", "RELATIONS", "RawChain", "Step", "chains",
           "explained_marks"]
