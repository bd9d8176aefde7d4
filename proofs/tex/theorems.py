r"""A paper's theorem-like environments, declared and numbered as the paper says.

Declarations come from ``\newtheorem`` (shared counters, ``[section]``), thmtools'
``\declaretheorem[name=…, numberwithin=…, sibling=…]{env}`` and ``restatable``
(``\begin{restatable}{theorem}{name}``); an undeclared environment is read by its usual name
or abbreviation (``thm``, ``lem``, ``prop``, ``cor``, ``coro``, ``defn``, ``asm``). Each
environment has a *kind*: what the paper prints (``Theorem``, ``Lemma``, ``Proposition``…)
decides it, else the environment's name.

Kinds read as statements: theorem, lemma, proposition, corollary, claim, fact, and
observation/conjecture; ``definition`` binds names (never checked as a claim);
``assumption`` gives hypotheses to the statements that cite it; remarks and examples are
counted (for the numbering) and listed, not read.

Example:
    >>> tex = (r"\newtheorem{thm}{Theorem}[section]\newtheorem{prop}[thm]{Proposition}"
    ...        r"\section{A}\begin{prop}\label{p:one}$1 \le 2$\end{prop}"
    ...        r"\begin{lem}$x \le x$\end{lem}")
    >>> [(e.kind, e.printed, e.number, e.label) for e in environments(tex)]
    [('proposition', 'Proposition', '1.1', 'p:one'), ('lemma', 'Lemma', '1', '')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from proofs.tex.macros import bracketed
from proofs.tex.source import braced

#: kinds by the first word a paper prints or the environment's (abbreviated) name
KINDS = {
    "theorem": "theorem", "thm": "theorem", "theo": "theorem", "thrm": "theorem",
    "lemma": "lemma", "lem": "lemma", "lemm": "lemma",
    "proposition": "proposition", "prop": "proposition", "pro": "proposition",
    "corollary": "corollary", "cor": "corollary", "coro": "corollary", "corr": "corollary",
    "claim": "claim", "clm": "claim",
    "fact": "fact",
    "observation": "observation", "obs": "observation",
    "conjecture": "conjecture", "conj": "conjecture",
    "definition": "definition", "defn": "definition", "def": "definition",
    "dfn": "definition", "defi": "definition", "defin": "definition",
    "assumption": "assumption", "assump": "assumption", "asm": "assumption",
    "ass": "assumption", "assum": "assumption", "hypothesis": "assumption",
    "condition": "assumption",
    "remark": "remark", "rem": "remark", "rmk": "remark", "note": "remark",
    "example": "example", "exmp": "example", "ex": "example", "exm": "example",
    "exercise": "exercise", "problem": "exercise", "question": "exercise",
    "notation": "definition",
}
#: kinds whose formulas are statements to check
STATEMENT_KINDS = ("theorem", "lemma", "proposition", "corollary", "claim", "fact",
                   "observation", "conjecture")
#: kinds read but never checked alone
READ_KINDS = (*STATEMENT_KINDS, "definition", "assumption")


@dataclass(frozen=True)
class Environment:
    """One theorem-like environment: its kind, number, label, title, body and place."""

    env: str
    kind: str  # a kind of :data:`KINDS` (``lemma``), or ``""`` when unknown
    printed: str  # the name the paper prints ("Lemma")
    number: str  # "" when unnumbered
    label: str
    title: str
    body: str
    line: int  # line of \begin in the text scanned
    body_line: int  # line where the body starts
    start: int = 0  # offset of \begin in the text scanned
    body_start: int = 0  # offset of the body

    @property
    def read(self) -> bool:
        """Whether its formulas are read (statements, definitions, assumptions)."""
        return self.kind in READ_KINDS

    @property
    def name(self) -> str:
        """``Lemma 2.1`` (or ``Lemma`` when unnumbered)."""
        return f"{self.printed} {self.number}".strip()


@dataclass
class Theorem:
    """A declaration: printed name, counter, what it is numbered within, numbered or not."""

    printed: str
    counter: str
    within: str  # "section", "subsection", "chapter", "" or another counter
    numbered: bool


def optional(text: str, start: int) -> tuple[str, int]:
    """``[...]`` at ``start`` (spaces skipped, nested braces allowed): its text and the
    index after it, or ``("", start)`` (:func:`proofs.tex.macros.bracketed`).

    >>> optional(" [Bound {[x]}] rest", 0), optional("{x}", 0)
    (('Bound {[x]}', 14), ('', 0))
    """
    found = bracketed(text, start)
    return found if found is not None else ("", start)


def braced_title(text: str, start: int) -> tuple[str, int]:
    r"""A title some authors write in braces right after ``\begin{lemma}``: words in
    parentheses, no formula (``{(Wasserstein continuity).}``), and the index after it; else
    ``("", start)``.

    >>> braced_title("{(Continuity of f).} Suppose", 0), braced_title("{$x$} Then", 0)
    (('Continuity of f', 20), ('', 0))
    """
    found = braced(text, start)
    if found is None:
        return "", start
    inner, end = found
    m = re.fullmatch(r"\s*\(([^$\\(){}]+)\)\s*\.?\s*", inner)
    return (m.group(1).strip(), end) if m else ("", start)


def _keyvals(text: str) -> dict[str, str]:
    out = {}
    for part in re.split(r",(?![^{]*\})", text):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip().lower()] = v.strip().strip("{}").strip()
    return out


def declarations(tex: str) -> dict[str, Theorem]:
    r"""The theorem declarations of ``tex``: ``\newtheorem``, ``\declaretheorem``.

    >>> d = declarations(r"\newtheorem{thm}{Theorem}[section]\newtheorem{lem}[thm]{Lemma}"
    ...                  r"\declaretheorem[name=Proposition,sibling=thm]{prop}")
    >>> [(k, v.printed, v.counter) for k, v in d.items()]
    [('thm', 'Theorem', 'thm'), ('lem', 'Lemma', 'thm'), ('prop', 'Proposition', 'thm')]
    """
    out: dict[str, Theorem] = {}
    pattern = re.compile(r"\\(newtheorem|declaretheorem|spnewtheorem)(\*?)")
    for m in pattern.finditer(tex):
        at = m.end()
        if m.group(1) == "declaretheorem":
            opts, at = optional(tex, at)
            env = braced(tex, at)
            if env is None:
                continue
            more, _ = optional(tex, env[1])  # the newer syntax: options after the name
            kv = _keyvals(opts + "," + more)
            name = env[0].strip()
            printed = kv.get("name", name.capitalize())
            shared = kv.get("sibling") or kv.get("numberlike") or kv.get("sharenumber", "")
            numbered = not m.group(2) and kv.get("numbered", "yes") != "no"
            _add(out, name, printed, shared, kv.get("numberwithin", kv.get("parent", "")),
                 numbered)
            continue
        env = braced(tex, at)
        if env is None:
            continue
        shared, at = optional(tex, env[1])
        printed = braced(tex, at)
        if printed is None:
            continue
        within, _ = optional(tex, printed[1])
        _add(out, env[0].strip(), printed[0].strip(), shared.strip(), within.strip(),
             not m.group(2))
    return out


def _add(out: dict[str, Theorem], env: str, printed: str, shared: str, within: str,
         numbered: bool) -> None:
    printed = re.sub(r"\\[A-Za-z]+\s*|[{}]", "", printed).strip() or env.capitalize()
    if shared in out:
        out[env] = Theorem(printed, out[shared].counter, out[shared].within, numbered)
    else:
        out[env] = Theorem(printed, shared or env, within, numbered)


def kind_of(env: str, printed: str) -> str:
    """The kind of an environment: the first word it prints, else its name.

    >>> kind_of("mythm", "Main Theorem"), kind_of("asm", "Asm"), kind_of("foo", "Foo")
    ('theorem', 'assumption', '')
    """
    words = re.findall(r"[a-z]+", printed.lower())
    for w in words[:2]:
        if w in KINDS and (w not in ("ex", "note", "pro", "ass", "def") or w == env):
            return KINDS[w]
    return KINDS.get(env.rstrip("*").lower(), "")


def _letter(k: int) -> str:
    return chr(ord("A") + k - 1) if 1 <= k <= 26 else str(k)


def _line(tex: str, pos: int) -> int:
    return tex.count("\n", 0, pos) + 1


_BLOCKS = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\s*\{(equation|align|gather|multline|"
                     r"eqnarray|displaymath)(\*?)\}.*?\\end\s*\{\1\2\}", re.S)


def environments(tex: str, declared: dict[str, Theorem] | None = None) -> list[Environment]:
    r"""The theorem-like environments of ``tex`` (comments already removed), numbered as the
    declarations say (per section or chapter, shared counters, ``\appendix`` letters). An
    undeclared environment counts on its own. ``restatable`` environments are read as the
    kind they restate. Nested theorem-like environments are not read twice.

    >>> tex = (r"\newtheorem{theorem}{Theorem}[section]\newtheorem{fact}[theorem]{Fact}"
    ...        r"\section{A}\begin{fact}$1 \le 2$\end{fact}\begin{theorem}$x \le x$\end{theorem}")
    >>> [(e.kind, e.number) for e in environments(tex)]
    [('fact', '1.1'), ('theorem', '1.2')]
    """
    decls = declarations(tex) if declared is None else declared
    names = {n.rstrip("*") for n in decls} | set(KINDS)
    counters: dict[str, int] = {}
    chapter, section, subsection, appendix = 0, 0, 0, False
    out: list[Environment] = []
    token = re.compile(r"\\(chapter|section|subsection|appendix)(?![A-Za-z])(\*?)"
                       r"|\\begin\s*\{([^}]*)\}")
    pos = 0
    while True:
        m = token.search(tex, pos)
        if m is None:
            break
        pos = m.end()
        if m.group(1) == "appendix":
            chapter, section, subsection, appendix = 0, 0, 0, True
            continue
        if m.group(1):
            if m.group(2):  # starred: not numbered
                continue
            if m.group(1) == "chapter":
                chapter, section, subsection = chapter + 1, 0, 0
                _reset(counters, decls, ("chapter", "section", "subsection"))
            elif m.group(1) == "section":
                section, subsection = section + 1, 0
                _reset(counters, decls, ("section", "subsection"))
            else:
                subsection += 1
                _reset(counters, decls, ("subsection",))
            continue
        env = m.group(3).strip()
        at = m.end()
        restated = ""
        if env == "restatable" or env == "restatable*":
            _, at = optional(tex, at)
            inner = braced(tex, at)
            if inner is None:
                continue
            restated = inner[0].strip()
            named = braced(tex, inner[1])
            at = named[1] if named else inner[1]
        base = (restated or env).rstrip("*")
        if base not in names:
            continue
        end = re.compile(r"\\end\s*\{" + re.escape(env) + r"\}").search(tex, at)
        if end is None:
            continue
        if restated:  # the title of a restatable comes first: [Title]{kind}{name}
            title = optional(tex, m.end())[0]
            body_at = at
        else:
            title, body_at = optional(tex, at)
            if not title:  # "\begin{lemma}{(Wasserstein continuity).}": a title in braces
                title, body_at = braced_title(tex, at)
        decl = decls.get(restated or env) or decls.get(base) or \
            Theorem(_printed(base), base, "", not (restated or env).endswith("*"))
        number = ""
        if decl.numbered:
            counters[decl.counter] = counters.get(decl.counter, 0) + 1
            top = _letter(chapter if chapter else section) if appendix else \
                str(chapter if chapter else section)
            prefix = {"chapter": f"{chapter}.", "section": f"{top}." if not chapter
                      else f"{chapter}.{section}.", "subsection": f"{top}.{subsection}."}
            number = prefix.get(decl.within, "") + str(counters[decl.counter])
        body = tex[body_at:end.start()]
        label = re.search(r"\\label\s*\{([^}]*)\}", _BLOCKS.sub(" ", body))
        out.append(Environment(env, kind_of(base, decl.printed), decl.printed, number,
                               label.group(1).strip() if label else "", title.strip(), body,
                               _line(tex, m.start()), _line(tex, body_at), m.start(),
                               body_at))
        pos = end.end()
    return out


def _printed(env: str) -> str:
    kind = KINDS.get(env.lower())
    return kind.capitalize() if kind else env.capitalize()


def _reset(counters: dict[str, int], decls: dict[str, Theorem], within: tuple[str, ...]) -> None:
    for t in decls.values():
        if t.within in within:
            counters[t.counter] = 0
