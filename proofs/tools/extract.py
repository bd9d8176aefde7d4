r"""A paper's statements as claims: what ``proofcheck check paper.tex`` checks and
``proofcheck extract paper.tex -o claims.py`` writes.

:func:`extract` takes a paper's text (its ``\input`` tree already inlined by
:mod:`proofs.tex.source`; macros are expanded here, :mod:`proofs.tex.macros`), finds the
theorem-like environments (:mod:`proofs.tex.theorems`), gives each formula of their bodies a
role (:mod:`proofs.tex.sentences`), binds definitions, carries conditions, cited assumptions
and standing assumptions of the text, and builds each statement with
:meth:`symbolic.claim.Claim.from_latex` (the public LaTeX reader, so every addition to its
grammar is read here too). Each statement read records what its reading *left*: words not
understood, formulas without a role, names defined or constrained outside it; a statement
with anything left is read incompletely. :func:`claims_file` writes the result as a Python
claims file and :func:`explain` lists, per environment, what was read as what.

Ids: ``<paper>:<kind>-<name>`` where ``<kind>`` is the environment's kind and ``<name>`` is
the environment's ``\label`` without its prefix (``\label{lem:softmax-bound}`` in a lemma gives
``paper:lemma-softmax-bound``) or, without a label (or with ``ids="number"``), its number as
the paper's ``\newtheorem`` declarations count it (``paper:lemma-2.1``). Several statements in
one environment are its parts (``:part-1``, ``:part-2``; ``:item-k`` when each sits in its own
``\item``), and a chain ``a \le b \le c`` gives one part per link.

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

import dataclasses
import itertools
import keyword
import os
import re
import shlex
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from proofs.tex.macros import CONVENTIONAL, conventional, expand_document
from proofs.tex.sentences import (
    DEFINING,
    NAMED,
    RANDOM_MATH,
    RELATION,
    SIGNATURE,
    Piece,
    Reading,
    blank_displays,
    outer_relation,
    prose,
    read_body,
    recurrence,
    step_bound,
)
from proofs.tex.source import REF, strip_comments
from proofs.tex.theorems import STATEMENT_KINDS, Environment, environments
from proofs.tools.as_written import (
    IFF,
    MEMBERSHIP,
    THERE_EXISTS,
    UNDERSTOOD,
    as_written,
    equivalence,
    existential,
    membership,
    unchecked_relation,
)
from proofs.tools.consistency import admits_no_count, assumes_itself, contradiction
from proofs.tools.declarations import (
    Declaration,
    declaration,
    objects,
    paper_dimension,
    plain_name,
)
from proofs.tools.set_statements import set_statement
from symbolic.latex_parse.lexer import GREEK
from symbolic.latex_parse.names import COUNT_NAMES

INDEX_SET = re.compile(r"^\s*(?P<i>[A-Za-z])\s*\\in\s*(?:\[\s*(?P<m>[A-Za-z]|\d+)\s*\]|"
                       r"\\\{\s*1\s*,\s*(?:2\s*,\s*)?\\[lc]?dots\s*,\s*(?P<m2>[A-Za-z]|\d+)\s*\\\})"
                       r"\s*$|^\s*(?P<j>[A-Za-z])\s*=\s*1\s*,\s*(?:2\s*,\s*)?\\[lc]?dots\s*,\s*"
                       r"(?P<m3>[A-Za-z]|\d+)\s*$")
#: what a formula of each role becomes when it is not read: the reason a statement of its
#: environment is read incompletely
NOT_READ = {"existential": "an existential statement ('there exists', 'for some'): not checked",
            "disjunction": "a disjunction ('or'): not checked",
            "equivalence": "an equivalence ('if and only if'): not checked",
            "unclassified": "a formula whose role the prose does not say"}


@dataclass
class ReadClaim:
    """A statement that builds: what the claims file writes for it, and what its reading
    left (``left``: empty when every formula and condition of its environment was read)."""

    claim_id: str
    statement: str
    where: tuple[Declaration, ...]
    hypotheses: tuple[str, ...]
    source: str
    unread_conditions: list[tuple[Piece, str]] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    definitions: tuple[tuple[str, str], ...] = ()  # (name, value's LaTeX), bound in order
    integers: tuple[str, ...] = ()  # names read as positive integers
    claim: Any = field(default=None, repr=False, compare=False)  # the claim built
    #: the names the statement was read with (declarations and definitions bound): its
    #: proof's formulas are read with them too
    names: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: its proof as read (:class:`proofs.tools.extract_proofs.ProofReading`), when the paper's
    #: proofs are read (:func:`proofs.tex.paper.read_paper`)
    proof: Any = field(default=None, repr=False, compare=False)

    @property
    def reading(self) -> str:
        """``complete`` or ``incomplete``."""
        return "incomplete" if self.left else "complete"


@dataclass
class Unread:
    """A statement that is not checked: it does not build (``error``, the reader's first
    line), or it is recognised and not checked (``category``: "random quantity", …)."""

    claim_id: str
    statement: str
    source: str
    error: str
    category: str = ""
    #: what it was read as, when it is read and not checkable (opaque mode of the reader:
    #: ``if x > 0: Pr[X ≥ x] ≤ E[X]/x``); ``""`` when it was not read
    read_as: str = ""
    #: what a reading as written left (as for a claim: words, conditions, names defined
    #: outside the statement); empty when it was read completely
    left: list[str] = field(default_factory=list)

    @property
    def reading(self) -> str:
        """``complete``, ``incomplete`` (read as written), or ``""`` (not read)."""
        return "" if not self.read_as else "incomplete" if self.left else "complete"


@dataclass
class Explained:
    """One environment as ``extract --explain`` lists it: each formula, its role, and what
    became of it."""

    env: Environment
    base: str
    source: str
    lines: list[tuple[str, str, str]] = field(default_factory=list)  # (role, latex, outcome)
    left: list[str] = field(default_factory=list)


@dataclass
class Extraction:
    """What :func:`extract` found: claims read, statements not read (or not checked),
    conditions not read (they do not parse), conditions not used (no statement read in their
    environment names what they constrain), environments of other kinds, and per
    environment what was read as what (:attr:`explained`)."""

    read: list[ReadClaim] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    unread_conditions: list[tuple[str, Piece, str]] = field(default_factory=list)
    unused_conditions: list[tuple[str, Piece]] = field(default_factory=list)
    skipped: list[Environment] = field(default_factory=list)
    order: list[Any] = field(default_factory=list)  # read, unread and conditions, in order
    explained: list[Explained] = field(default_factory=list)
    environments: list[Environment] = field(default_factory=list)
    text: str = ""  # the text scanned (macros expanded, comments removed): their offsets'
    #: what the paper's definitions bind (:class:`PaperDefinition`), in the text's order
    definitions: list[Any] = field(default_factory=list)
    #: macros used without a definition the reader found, read as usual
    #: (:data:`~proofs.tex.macros.CONVENTIONAL`): name -> lines of the text where used
    usual: dict[str, list[int]] = field(default_factory=dict)

    @property
    def complete(self) -> list[ReadClaim]:
        """The claims read completely."""
        return [c for c in self.read if not c.left]

    @property
    def summary(self) -> str:
        """``read N of M statements, K completely (J conditions unread)``."""
        total = len(self.read) + len(self.unread)
        shown = sum(1 for u in self.unread if u.read_as)
        proofs = [r.proof for r in self.read if r.proof is not None]
        steps = [s for p in proofs for s in p.steps]
        return (f"read {len(self.read)} of {total} statements, {len(self.complete)} completely "
                f"({len(self.unread_conditions)} conditions unread)"
                + (f"; {shown} more read and not checkable (random quantities, abstract "
                   "functions, limits…)" if shown else "")
                + (f"; {len(proofs)} proofs read: {len(steps)} steps, "
                   f"{sum(len(p.read) for p in proofs)} read, "
                   f"{sum(len(p.complete) for p in proofs)} completely" if proofs else ""))


# --- scanning the .tex -------------------------------------------------------------------

def statements_and_conditions(env: Environment) -> tuple[list[Piece], list[Piece]]:
    r"""The statements of ``env`` and the conditions its prose states (see
    :mod:`proofs.tex.sentences` for the roles).

    >>> e = environments(r"\begin{lemma}Let $x > 0$. If $y \ge 1$, then $x \le xy$ for all "
    ...                  r"$i \in [n]$.\end{lemma}")[0]
    >>> st, co = statements_and_conditions(e)
    >>> [s.latex for s in st], [c.latex for c in co]
    (['x \\le xy'], ['x > 0', 'y \\ge 1', 'i \\in [n]'])
    """
    r = read_body(env.body, env.body_line, env.kind)
    return r.of("statement"), r.of("condition")


# --- reading the pieces --------------------------------------------------------------------

def split_chain(text: str) -> list[str]:
    r"""The links of a chain ``a \le b < c`` (relations outside braces), or ``[text]``.

    >>> split_chain(r"0 \le \sum_{i=1}^n x_i \le 1")
    ['0 \\le \\sum_{i=1}^n x_i', '\\sum_{i=1}^n x_i \\le 1']
    """
    tail = ""
    sep = _first_separator(text)
    if sep is not None:  # "a = b = c \quad x > 0": the conditions hold for every link
        text, tail = text[:sep].rstrip(), " " + text[sep:].strip()
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
        return [text + tail]
    sides = [text[:cuts[0][0]]] + [text[a[1]:b[0]] for a, b in itertools.pairwise(cuts)] + \
        [text[cuts[-1][1]:]]
    return [f"{sides[k].strip()} {text[c[0]:c[1]]} {sides[k + 1].strip()}{tail}"
            for k, c in enumerate(cuts)]


#: where the conditions written after a chain start (``\quad``, ``\text{for}``, ``\forall``)
_SEPARATOR = re.compile(r"\\q?quad(?![A-Za-z])|\\(?:text|textrm|mbox)\s*\{\s*(?:for|if|when|"
                        r"where)\b|\\forall(?![A-Za-z])")


def _steps(latex: str) -> bool:
    r"""Whether ``latex`` (before its conditions) is a recurrence or bounds a sequence's next
    term, in any link of a chain (``0 \le a_{n+1} \le a_n(1 - q a_n)``)."""
    head = latex[:_first_separator(latex)]
    return any(recurrence(part) or step_bound(part) for part in [head, *split_chain(head)])


def _first_separator(text: str) -> int | None:
    """The position of the first separator outside braces and brackets, or None."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "{([" and (i == 0 or text[i - 1] != "\\"):
            depth += 1
        elif ch in "})]" and (i == 0 or text[i - 1] != "\\"):
            depth -= 1
        elif depth == 0 and ch == "\\" and _SEPARATOR.match(text, i):
            return i
    return None


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


Locate = Callable[[int], tuple[str, int]]


def extract(tex: str, path: str, paper: str, ids: str = "label",
            locate: Locate | None = None) -> Extraction:
    """Every statement of ``tex`` built with :meth:`Claim.from_latex` (or the first line of
    the reason it does not build), with the conditions, definitions and assumptions each
    uses and what its reading left. ``locate`` maps a line of ``tex`` to the file and line
    it comes from (an ``\\input`` tree); by default, ``path`` and the line itself."""
    tex, usual = conventional(expand_document(strip_comments(tex)))
    fname = os.path.basename(path)
    where = locate or (lambda line: (fname, line))
    out = Extraction(usual=usual)
    envs = environments(tex)
    out.environments, out.text = envs, tex
    readings = {id(e): read_body(e.body, e.body_line, e.kind) for e in envs if e.read}
    assumptions = {e.label: (e, readings[id(e)]) for e in envs
                   if e.kind == "assumption" and e.label}
    context = _Context(tex, envs, readings)
    displays = labelled_displays(tex)
    bases: set[str] = set()
    paper_defs = _paper_definitions(envs, readings, context, where)
    out.definitions = paper_defs
    for k, env in enumerate(envs, start=1):
        if env.kind not in STATEMENT_KINDS:
            if env.kind not in ("definition", "assumption"):
                out.skipped.append(env)
            else:
                _explain_only(env, readings[id(env)], where, out)
            continue
        base = base_id(env, paper, ids, k)
        if base in bases:
            base = f"{paper}:{env.kind}-{env.number.lower() or f'unnumbered-{k}'}"
        while base in bases:
            base += "-2"
        bases.add(base)
        reading = readings[id(env)]
        cited = [assumptions[lab] for lab in _cited(env) if lab in assumptions]
        methods = [displays[lab] for lab in _cited(env) if lab in displays
                   and recurrence(displays[lab])]
        own = set(re.findall(r"\\label\s*\{([^{}]*)\}", env.body))
        unresolved = [lab for lab in REF.findall(env.body) if lab not in assumptions
                      and lab not in own and not (lab in displays and recurrence(displays[lab]))]
        # "Suppose (B.1) holds", "If $w_n$ satisfy (2.3)": a premise not read
        marks = {k: len(getattr(out, k)) for k in _LISTS}
        try:
            _read_environment(env, base, where, reading, cited, out, context.before(env),
                              context.assumed(env), methods,
                              [d for d in paper_defs if d.position < env.start],
                              context.powered_names(env), unresolved)
        except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError,
                ValueError, RecursionError) as exc:  # a fault of the reader: this environment
            # is reported not read, and the others are read (never a traceback for a paper)
            for k, n in marks.items():
                del getattr(out, k)[n:]
            failed = Unread(base, env.body.strip()[:200],
                            f"{env.name}, {_where_text(where, env.line)}",
                            f"the reader failed on this environment (a fault of proofcheck, "
                            f"please report it): {type(exc).__name__}: {str(exc)[:120]}",
                            "reader fault")
            out.unread.append(failed)
            out.order.append(failed)
    return out


#: the lists of an :class:`Extraction` an environment adds to
_LISTS = ("read", "unread", "unread_conditions", "unused_conditions", "order", "explained")


@dataclass(frozen=True)
class PaperDefinition:
    r"""A name a definition environment binds for the statements after it
    (``\alpha(x) := \langle \exp(Ax), \mathbf{1}_n \rangle``): its key in ``where``, what it
    stands for, the definition as printed, where it stands."""

    key: str
    value: Any
    name: str  # as printed: \alpha(x)
    body: str  # what it stands for, as printed
    source: str
    position: int
    #: the declared objects it was read with (``A`` an n×d matrix): a statement that declares
    #: one of these names as another object does not take the definition
    uses: tuple[tuple[str, Any], ...] = ()

    @property
    def latex(self) -> str:
        """The definition as printed: ``name := body``."""
        return f"{self.name} := {self.body}"


def _paper_definitions(envs: list[Environment], readings: dict[int, Reading],
                       context: _Context, where: Locate) -> list[PaperDefinition]:
    """What the paper defines for the statements after each definition, in the text's
    order: the definitions of definition environments, and those of the running text written
    as definitions (``:=``, "we define"). Each is read with the running text's declarations
    before it (and its environment's own), and with the definitions before it that it uses;
    one that does not read binds nothing (a statement that uses it is read incompletely)."""
    items: list[tuple[int, str, list[Piece], list[Piece]]] = []  # (at, source, defs, conds)
    for e in envs:
        if e.kind == "definition" and id(e) in readings:
            file, line = where(e.line)
            items.append((e.start, f"{e.name}, {file}:{line}", readings[id(e)].of("definition"),
                          readings[id(e)].of("condition")))
    for at, p in context.definitions:
        file, line = where(p.line)
        items.append((at, f"{file}:{line}", [p], []))
    # a name defined twice (or again with "=" where the reader does not take it) is not bound:
    # which definition holds where is for the statement's reader to see
    times: dict[str, int] = {}
    for _pos, _sec, c in context.items:
        if c.role == "definition":
            times[c.name.rstrip("_")] = times.get(c.name.rstrip("_"), 0) + 1
    out: list[PaperDefinition] = []
    for at, source, defs, conds in sorted(items, key=lambda t: t[0]):
        decls = {d.name: d for pos, d in context.declarations if pos <= at}
        for c in conds:
            dc = declaration(c.latex)
            if dc is not None:
                decls.update({d.name: d for d in dc[0]})
        names = objects(tuple(decls.values()))
        declared = dict(names)
        scratch = Explained(None, "", "")  # type: ignore[arg-type]
        latest = {d.key: d for d in out}
        for d in latest.values():  # the definitions before it that it uses
            if d.key not in names and any(_mentions(p.latex, d.key.split("(")[0]) for p in defs):
                names[d.key] = d.value
        before = dict(names)
        bound, _unbound = _bind(defs, names, scratch)
        for key_, value in names.items():
            if key_ in before or not _SIMPLE_NAME.fullmatch(key_) or times.get(
                    re.split(r"[_^(]", key_, maxsplit=1)[0], 0) > 1:
                continue
            name, body = next(((n, b) for n, b in bound if n.replace(" ", "").startswith(
                key_.replace(" ", ""))), (key_, ""))
            out.append(PaperDefinition(key_, value, name, body, source, at,
                                       tuple(declared.items())))
    return out


#: a name a paper-level definition may bind: a letter or a command, with at most a constant
#: subscript (``c_0``, ``\kappa``); not an iterate (``w_{n+1}``, ``h_k``: a recurrence), not a
#: decorated expression
_SIMPLE_NAME = re.compile(r"\\?[A-Za-z]+(?:_\{?(?:\d+|[A-Za-z]{2,}|[a-hl-mo-su-z])\}?)?")


@dataclass(frozen=True)
class _Constraint:
    """A name the text outside an environment defines or constrains."""

    name: str
    line: int
    latex: str
    role: str


_NOT_NAMES = set(r"""
\le \leq \ge \geq \in \mathbb \frac \sqrt \left \right \log \exp \mathcal \sum \prod \max
\min \cdot \infty \text \mathrm \mathbf \times \top \lt \gt \neq \subseteq \subset \to
\mid \quad \qquad \forall \ldots \cdots \dots \tfrac \dfrac \operatorname \langle \rangle
\lVert \rVert \bm \boldsymbol \hat \tilde \bar \widehat \widetilde R \coloneqq \triangleq
\equiv \sim \ell \big \Big \bigg \Bigg \bigl \bigr \Bigl \Bigr \limits \nonumber
""".split())


#: how the running text assumes what holds for the statements after it
_ASSUMING = re.compile(r"\b(?:let|suppose|assume|assuming|assumed|given|fix|consider|"
                       r"throughout)\b", re.I)


class _Context:
    """What the running text (outside theorem-like environments and proofs) and the
    definition environments before an environment define (anywhere before it) or constrain
    (in its section): a statement that names one of these is read incompletely."""

    def __init__(self, tex: str, envs: list[Environment], readings: dict[int, Reading]):
        unit = r"chapter|section" if re.search(r"\\(?:chapter|section)\*?(?![A-Za-z])", tex) \
            else r"subsection"  # lecture notes written with subsections only
        sections = [0] + [m.start() for m in re.finditer(rf"\\(?:{unit})\*?(?![A-Za-z])", tex)]
        self.section = lambda pos: max(i for i, s in enumerate(sections) if s <= pos)
        #: a definition in the running text holds in its chapter (its section, in a text
        #: without chapters: lecture notes define "$n = 2^r s + 1$" for one lecture)
        chapters = [0] + [m.start() for m in re.finditer(r"\\chapter\*?(?![A-Za-z])", tex)]
        self.chapter = (lambda pos: -2 - max(i for i, s in enumerate(chapters) if s <= pos)) \
            if len(chapters) > 1 else self.section
        spans = [(e.start, e.body_start + len(e.body)) for e in envs]
        spans += [(m.start(), m.end()) for m in re.finditer(
            r"\\begin\s*\{(proof|algorithm\*?|algorithmic|algorithm2e|procedure|example|"
            r"figure\*?|table\*?)\}.*?\\end\s*\{\1\}", tex, re.S)]  # an algorithm's "Let $n =
        # 2^r s + 1$" is its own, never the text's
        blanked = list(tex)
        for a, b in spans:
            for i in range(a, min(b, len(tex))):
                if blanked[i] != "\n":
                    blanked[i] = " "
        running = "".join(blanked)
        self.items: list[tuple[int, int, _Constraint]] = []  # (position, section, constraint)
        start = tex.find("\\begin{document}")
        body = running[max(start, 0):]
        offset = max(start, 0)
        r = read_body(body, running.count("\n", 0, offset) + 1, "text")
        line_pos = [0] + [m.end() for m in re.finditer("\n", tex)]
        #: the running text's declarations (``Let $A \in \mathbb{R}^{n \times d}$``), by where
        #: they stand: the definitions of definition environments are read with them
        self.declarations: list[tuple[int, Declaration]] = []
        #: the running text's definitions written as such (``:=``, "we define"), by where they
        #: stand: they bind their names for the statements after them
        self.definitions: list[tuple[int, Piece]] = []
        opening: dict[int, str] = {}  # a sentence's first words
        for p in r.pieces:
            opening.setdefault(p.sentence, p.said)
        for p in r.pieces:
            pos = line_pos[min(p.line, len(line_pos)) - 1]  # where its line starts
            if p.role in ("unclassified", "statement") and DEFINING.search(p.latex):
                # "Here $\kappa := 0$ is fixed": ":=" defines; listed where a statement uses
                # the name, never bound (a derivation's θ := w + x is its own)
                self.items += [(pos, -1, _Constraint(name, p.line, p.latex, "definition"))
                               for name in _constrained(replace(p, role="definition"))]
                continue
            if p.role == "definition" and (DEFINING.search(p.latex) or re.search(
                    r"\b(?:define|defined|denote|denoted)\b", p.said)):
                self.definitions.append((pos, p))
            dc = declaration(p.latex) if p.role == "condition" else None
            if dc is not None:
                self.declarations += [(pos, d) for d in dc[0]]
            assumes = p.role == "condition" and (_ASSUMING.search(p.said) or _ASSUMING.search(
                opening.get(p.sentence, "")))  # "for $t = 1, \dots, T$", "with $\mu_0 = L$" in
            # a derivation: the running text constrains what follows only where it assumes it
            if (p.role == "definition" or assumes) and RELATION.search(p.latex):
                # a declaration constrains what it declares (A), not its shape's sizes (n, d)
                named = [d.name for d in dc[0]] if dc is not None else _constrained(p)
                for name in named:  # a definition holds from where it stands: one of a
                    # name written with ":=" (a thesis's "κ := λ_d/λ_1") in the rest of the
                    # text, not one of a sequence's term ("h_1 := δ h_0")
                    scope = -1 if p.role == "definition" and DEFINING.search(p.latex) and \
                        not name.endswith("_") else self.chapter(pos) \
                        if p.role == "definition" else self.section(pos)
                    self.items.append((pos, scope, _Constraint(name, p.line, p.latex, p.role)))
        for m in re.finditer(r"[^.]*\.", body):  # names the running text defines in words
            at = offset + m.start()
            for name, what in worded(m.group(0)):
                self.items.append((at, -1, _Constraint(name, running.count("\n", 0, at) + 1,
                                                       what, "words")))
            for a in _WORD_ASSUMED.finditer(m.group(0)):  # "assume that $\H$ is a class of
                # binary functions": what the section's statements about H assume
                self.items.append((at, self.section(at), _Constraint(
                    a.group("name"), running.count("\n", 0, at) + 1,
                    re.sub(r"\s+", " ", a.group("what")).strip(), "assumed")))
        self.standing: list[tuple[int, int, Piece]] = []
        for m in _STANDING.finditer(body):
            at = offset + m.start()
            whole = re.search(r"paper|notes|document|chapter|rest|lecture", m.group(0), re.I)
            scope = -1 if whole else self.section(at)
            said = read_body(m.group(0), running.count("\n", 0, at) + 1, "assumption")
            for p in said.of("condition") + said.word_conditions:
                self.standing.append((at, scope, p))
        #: names with a superscript that an environment defines (``\Gamma^n := \prod_k …``):
        #: elsewhere ``\Gamma^n`` is that name, never a power of ``\Gamma``
        self.powered: list[tuple[int, str, str]] = []
        for e in envs:
            for p in readings[id(e)].of("definition") if id(e) in readings else []:
                m = re.match(r"\s*((?:\\[A-Za-z]+|[A-Za-z])\s*\^\s*(?:\{[^{}]*\}|\\?\w))\s*"
                             r"(?::=|\\coloneqq)", p.latex)
                if m:
                    self.powered.append((e.start, re.sub(r"\s+", "", m.group(1)), p.latex))
        for e in envs:
            if e.kind == "definition" and id(e) in readings:
                for p in readings[id(e)].of("condition"):  # "Given …, we run the method for
                    # $T = \lceil 1/\epsilon^2 \rceil$ epochs": T is set there, not bound (a
                    # setting may be one case, "For $k = 1$"): listed where a statement uses it
                    m = re.match(r"\s*(\\?[A-Za-z]+)\s*=(?!=)", p.latex)
                    if m and DEFINING.search(p.latex) is None and "=" in p.latex:
                        self.items.append((e.start, -1, _Constraint(m.group(1), p.line,
                                                                    p.latex, "condition")))
                for p in readings[id(e)].of("definition"):
                    if not (DEFINING.search(p.latex) or re.search(
                            r"\b(?:let|define[sd]?|denote[sd]?|set|where|write|call(?:ed)?|is|"
                            r"(?:defined|given|denoted)\s+(?:as|by))\W*$", p.said)):
                        continue  # "$\|x\| = 0$ if and only if $x = 0$": what the defined
                        # object satisfies, not a value of x
                    for name in _constrained(p):  # for the whole text: a statement that
                        # names it may use it (listed, never dropped: a reading left
                        # complete without it could refute a true statement)
                        self.items.append((e.start, -1, _Constraint(name, p.line, p.latex,
                                                                    "definition")))

    def before(self, env: Environment) -> list[_Constraint]:
        """The constraints in force at ``env``, then the names the running text of its
        section defines with ``:=`` after it ("Here $\\kappa := 0$ is fixed": role
        "definition after")."""
        scopes = (self.section(env.start), self.chapter(env.start), -1)
        end = env.body_start + len(env.body)
        return [c for pos, s, c in sorted(self.items, key=lambda item: item[0])
                if pos < env.start and s in scopes] + [  # the nearest last
            replace(c, role="definition after") for pos, s, c in self.items
            if pos > end and c.role == "definition" and DEFINING.search(c.latex)
            and self.section(pos) == self.section(env.start)]

    def powered_names(self, env: Environment) -> list[tuple[str, str]]:
        """The superscripted names other environments define (``\\Gamma^n``), with their
        definitions."""
        return [(name, latex) for at, name, latex in self.powered if at != env.start]

    def assumed(self, env: Environment) -> list[Piece]:
        """The standing assumptions at ``env``: conditions the running text states for the
        section ("Throughout this section, we assume $L > 0$") or the whole text."""
        sec = self.section(env.start)
        return [p for pos, s, p in self.standing if pos < env.start and s in (sec, -1)]


#: a sentence that states assumptions for a section or the whole text
_STANDING = re.compile(r"(?:\bthroughout\b|\bin (?:this|the rest of this) (?:section|chapter|"
                       r"lecture)\b|\bfrom now on\b|\bhenceforth\b)[^.]{0,400}?\b(?:assume|"
                       r"suppose|let|consider)\b[^.]{0,400}?\.(?=\s)", re.I | re.S)


#: "let $m_T$ be the number of mistakes", "$\ell^*$ denotes the value of …": a name the words
#: define as one quantity (the definite article); a claim for every value of it is not what is
#: stated. A free parameter named so ("the step size", "the dimension", "the number of
#: samples") is not one: a claim holds for each of its values.
#: "assume that $\mathcal{H}$ is a class of binary functions": a name the running text
#: constrains in words, for the statements after it in its section
_WORD_ASSUMED = re.compile(
    r"\b(?:assume|suppose|let)\s+(?:that\s+)?(?:\$|\\\()\s*(?P<name>\\[A-Za-z]+(?:\{\w\})?|[A-Za-z])"
    r"\s*(?:\$|\\\))\s+(?:is|be|are)\s+(?P<what>(?:a|an)\s+[A-Za-z][^.;:$]{2,80})", re.I)
_WORD_DEFINED = re.compile(
    r"(?:\$|\\\()\s*(?P<name>(?:\\[A-Za-z]+|[A-Za-z])(?:\s*[_^]\s*(?:\{[^{}$]*\}|\\?[A-Za-z0-9*]))*)"
    r"\s*(?:\$|\\\))\s+(?:be|denotes?|is|represents?)\s+the\s+(?P<what>[A-Za-z][^.;:$]{2,80}?)"
    r"(?=[.;:,$]|\\\(|\s+(?:and|then|for|where|if)\b)")
_FREE_PARAMETER = re.compile(r"^(?:step|learning|constant|parameter|dimension|size|radius|"
                             r"number of (?:samples|iterations|steps|rounds|data|points|"
                             r"examples|experts|arms|actions|observations|variables))", re.I)


def worded(text: str) -> list[tuple[str, str]]:
    r"""``(name, words)`` of each name ``text`` defines in words as one quantity.

    >>> worded(r"Let $m_T$ be the number of mistakes made by the algorithm, and let $h$ be "
    ...        r"the step size.")
    [('m_T', 'number of mistakes made by the algorithm')]
    """
    return [(re.sub(r"\s+", "", m.group("name")), " ".join(m.group("what").split()))
            for m in _WORD_DEFINED.finditer(text)
            if not _FREE_PARAMETER.match(m.group("what").strip())
            and re.sub(r"\s+", "", m.group("name")) not in COUNT_NAMES + ("n", "d")]


_WORD_NAME = re.compile(r"\\(?:operatorname\*?|mathrm|text|textrm|mathsf|textnormal)\s*\{\s*"
                        r"([A-Za-z][A-Za-z-]+)\s*\}")


def _word_names(latex: str) -> list[str]:
    r"""The words ``latex`` uses as names of quantities (``\operatorname{regret}``,
    ``\mathrm{OPT}``): not functions or operators the reader knows, nor words of a condition.

    >>> _word_names(r"\operatorname{regret} \le \mathrm{tr}(A) + \log T \text{ for } T > 1")
    ['regret']
    """
    from symbolic.latex_parse.lexer import COND_WORDS, FUNCS, NOT_CHECKED, RANDOM_NAMES

    known = {*FUNCS, *NOT_CHECKED, *RANDOM_NAMES, *COND_WORDS, "and", "or", "if", "for", "d",
             "e", "T", "op", "def", "iff", "where", "with", "s.t", "st", "all", "any", "every"}
    return list(dict.fromkeys(w for w in _WORD_NAME.findall(latex)
                              if w not in known and w.lower() not in known))


_CONSTANTS = {r"\pi": "π", "e": "e", r"\mathrm{e}": "e"}
_RELATION_CUT = re.compile(r"\\(?:le|leq|leqslant|ge|geq|geqslant|in|neq|ne)(?![A-Za-z])|"
                           r"[<>=]")


def _bound_constant(statement: str, conditions: list[str]) -> str:
    r"""Why a statement has two readings when a condition or definition of its environment
    constrains a name that is also a constant (``\pi \in [0,1]``, ``0 < e < 1``, ``e := x - 1``)
    and the statement uses it: the constant π (or e), or the variable the text binds; else
    ``""``. ``x \le \pi`` constrains x: π is the constant there.

    >>> _bound_constant(r"\pi^2 \le \pi", [r"\pi \in [0,1]"])[:40]
    'two readings: π is the constant π, or a '
    >>> _bound_constant(r"\sin x \ge 0", [r"0 \le x \le \pi"])
    ''
    """
    for c in conditions:
        parts = [p.strip() for p in _RELATION_CUT.split(c)]
        if len(parts) < 2:
            continue
        subjects = parts[1:-1] if len(parts) > 2 else parts[:1]  # 0 < π < 1; π ≥ 0; not x ≤ π
        for latex, shown in _CONSTANTS.items():
            bare = any(latex in [n.strip() for n in part.split(",")] for part in subjects)
            inside = latex == "e" and any(re.search(
                r"(?<![A-Za-z\\])e(?![A-Za-z_{])(?!\s*\^\s*(?:\{[^{}]*[A-Za-z][^{}]*\}|\\?[A-Za-z]))",
                part) for part in subjects)  # 2e \le 1, e^2 \le 1/4; never e^{-x}
            if not (bare or inside):
                continue
            mark = re.escape(latex) + (r"(?![A-Za-z_])" if latex.startswith("\\") else
                                       r"(?![A-Za-z_{])")
            if re.search(r"(?<![A-Za-z\\])" + mark, statement):
                return (f"two readings: {shown} is the constant {shown}, or a name the text "
                        f"binds ({c}): write another letter for the variable")
    return ""


#: ``i`` where it may be the imaginary unit: in an exponent of e (``e^{i\pi}``, ``\exp(i
#: \theta)``) or squared (``i^2 = -1``)
_IMAGINARY = re.compile(r"(?:\be\s*\}?\s*\^\s*\{[^{}]*|\\exp\s*(?:\\left)?\s*\([^()]*)"
                        r"(?<![A-Za-z\\_])(?<!_\{)i(?![A-Za-z]{2})|(?<![A-Za-z\\_])i\s*\^\s*\{?\s*2(?!\d)")


def _imaginary_unit(statement: str, body: str) -> str:
    r"""Why a statement has two readings when it writes ``i`` where the imaginary unit
    stands (``e^{i\pi} + 1 = 0``) and nothing in its environment makes ``i`` an index (a
    subscript, a sum's index): the imaginary unit, or a real number named i; else ``""``.

    >>> _imaginary_unit(r"e^{i\pi} + 1 = 0", "")[:40]
    'two readings: i is the imaginary unit, o'
    >>> _imaginary_unit(r"\sum_{i=1}^n i^2 \le n^3", r"\sum_{i=1}^n i^2 \le n^3")
    ''
    >>> bool(_imaginary_unit(r"|e^{it}| \le 1", "")), bool(_imaginary_unit(r"e^{-t_i} \le 1", ""))
    (True, False)
    """
    if not _IMAGINARY.search(statement) or _counts("i", body):
        return ""
    return ("two readings: i is the imaginary unit, or a real number named i (the checker "
            "has no complex numbers): write another letter for a real number")


def _set_and_value(statement: str, conditions: list[str]) -> str:
    r"""Why a statement with these conditions has two readings when one capital letter is
    both a set (``x, y \in D``) and a value (``\|x - y\| \le D``, ``GD\sqrt{T}``), else ``""``.

    >>> _set_and_value(r"R \le GD\sqrt{T}", [r"\forall x, y \in D, \|x - y\| \le D"])[:52]
    'two readings: D names a set (\\forall x, y \\in D, \\|x'
    """
    texts = [statement, *conditions]
    sets = {m.group(1) for t in texts for m in re.finditer(
        r"\\in\s*([A-Z])(?![A-Za-z_^{(}])", t)}
    for name in sorted(sets):
        as_set = next(t for t in texts if re.search(rf"\\in\s*{name}(?![A-Za-z_^{{(}}])", t))
        ops = r"\\(?:in|notin|subseteq|subset|supseteq|supset|cap|cup|setminus|times)"
        after = rf"{ops}\s*{name}(?![A-Za-z_^{{(}}])"  # ∈ C, × C
        before = rf"(?<![A-Za-z\\]){name}\s*(?={ops}(?![A-Za-z]))"  # C ⊆ D, C ×
        sized = rf"\|\s*{name}\s*\|"  # |C|: still a set

        def valued(t: str, name: str = name, after: str = after, before: str = before,
                   sized: str = sized) -> bool:
            t = re.sub(r"\\(?:math[a-z]+|operatorname|text[a-z]*|bm|boldsymbol|overline|bar)"
                       r"\s*\{[^{}]*\}", " ", t)  # \mathcal{C}^1 is another name than C, and
            # \overline{C} (a closure) another set
            t = re.sub(sized, " ", re.sub(before, " ", re.sub(after, " ", t)))
            return re.search(rf"(?<![A-Za-z\\]){name}(?![A-Za-z_(])", t) is not None
        value = next((t for t in texts if not SIGNATURE.fullmatch(t) and valued(t)), None)
        if value is not None:
            return (f"two readings: {name} names a set ({as_set}) and a value ({value}): one "
                    "printed name is one object")
    return ""


def _consecutive_terms(latex: str) -> str | None:
    r"""The name of a sequence whose consecutive terms ``latex`` relates (``2\lambda_{k+1} \le
    (2\lambda_k)^2``: ``\lambda``), or None.

    >>> _consecutive_terms(r"2 \lambda_{k+1} \leq (2\lambda_k)^2"), _consecutive_terms(r"x_k \le 1")
    ('\\lambda', None)
    """
    for m in re.finditer(r"(\\?[A-Za-z]+)\s*_\s*\{\s*([a-z])\s*\+\s*1\s*\}", latex):
        name, k = m.group(1), m.group(2)
        if re.search(rf"(?<![A-Za-z\\]){re.escape(name)}\s*_\s*(?:\{{\s*{k}\s*\}}|{k})"
                     r"(?![A-Za-z0-9+])", latex):
            return name
    return None


def _canonical(latex: str) -> str:
    r"""``latex`` without spaces, one-character scripts unbraced and stars alike:
    ``\ell^{\ast}`` and ``\ell^*`` are one text, ``m_{T}`` and ``m_T`` too."""
    t = re.sub(r"\s+", "", latex)
    t = re.sub(r"\\(?:ast|star)(?![A-Za-z])", "*", t)
    return re.sub(r"([_^])\{(\\?[A-Za-z0-9*])\}", r"\1\2", t)


def _names_exactly(latex: str, name: str) -> bool:
    r"""Whether ``latex`` writes the name ``name`` itself, decorations and all (``m_T``, not
    ``m_{T+1}`` or ``m``; ``\ell^*``, not ``\ell_u``).

    >>> _names_exactly(r"m_{T} \le 2 m^{(i)}_T", "m_T"), _names_exactly(r"\ell_u < 1", r"\ell^*")
    (True, False)
    """
    name, text = _canonical(name), _canonical(latex)
    head = r"(?<![A-Za-z\\])" if name[:1].isalpha() else "" if name[:1] == "\\" else \
        r"(?<![A-Za-z])"  # a command may follow a letter: c\sigma_F
    return re.search(head + re.escape(name) + r"(?![A-Za-z0-9_{(]|\^(?:\*|\{\*|\{\(|'))",
                     text) is not None


def _constrained(p: Piece) -> list[str]:
    """The names a definition defines (its left side) or a condition constrains."""
    if p.role == "definition":
        segments = re.split(r"\\q?quad(?![A-Za-z])", p.latex)
        defining = [s for s in segments if DEFINING.search(s)]
        if len(segments) > 1 and defining:  # "c = 1 - 2/(1 + κ) \qquad κ := λ_d/λ_1": what
            # the display defines with ":=" beside what it computes
            return [n for s in defining for n in _constrained(replace(p, latex=s))]
        # only a defining relation defines: "x_n \to x" or "x^T M x > 0" define no name
        parts = re.split(r":=|=:|\\coloneqq|\\triangleq|\\equiv|(?<![<>!\\:])=(?!:)", p.latex,
                         maxsplit=1)
        if len(parts) < 2:
            return []
        lhs = parts[0].strip()
        top = parts[1]
        for _ in range(3):  # the dots of a set or a tuple inside it are no range
            top = re.sub(r"\\\{[^{}]*?\\\}|\([^()]*\)|\{[^{}]*\}|\|[^|]*\|", " ", top)
        if re.search(r"\\[lc]?dots|\.\.\.", top):  # "i = 2, \cdots, n": a range
            return []
        m = re.fullmatch(r"(\\?[A-Za-z]+)\s*(?:(?:[_^]\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|"
                         r"\\?[A-Za-z0-9*]+)\s*)*(?:\([^()]*\))?)", lhs)  # \Pi_{\mathcal{H}}(n)
        if not m:
            return []
        # "k_f = L/\mu" and "\beta_n = …" define k_f and the sequence \beta_n, not k or \beta
        return [m.group(1) + "_" if lhs[len(m.group(1)):].lstrip().startswith("_")
                else m.group(1)]
    if re.match(r"\s*\\\{", p.latex):  # "\{Y = y\}": a set or an event, not a constraint
        return []
    text = re.sub(r"\\(?:text\w*|mathrm|operatorname\*?|mbox|mathcal|mathbb|mathscr)\s*"
                  r"\{[^{}]*\}", " ", p.latex)  # words, sets: "\text{ for first t}", \mathcal{H}
    text = re.sub(r"_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?[A-Za-z0-9])", " ", text)  # N_i^t: an
    text = re.sub(r"\^\s*(?:\{\s*\(.*?\)\s*\}|[A-Za-z])", " ", text)  # index, a step, a label
    text = re.sub(r"(?<![\\A-Za-z])[A-Za-z]{3,}", " ", text)  # UCB_i^t: a word, not U, C, B
    if re.search(r"\\[lc]?dots|\.\.\.", text):  # "t = 1, \dots, T": a range, not a constraint
        return []
    names = {n for n in re.findall(r"\\[A-Za-z]+|[A-Za-z]", text)
             if len(n) == 1 or n.lstrip("\\") in GREEK or n == "\\ell"}  # \nabla, \sup: not
    return sorted(n for n in names if n not in ("d", "e"))  # names


def _cited(env: Environment) -> list[str]:
    """The labels an environment's title and body cite (``\\ref``, ``\\cref``…)."""
    return REF.findall(env.title + " " + env.body)


def _explain_only(env: Environment, reading: Reading, where: Locate, out: Extraction) -> None:
    file, line = where(env.line)
    role = {"definition": "a definition: binds its names, never checked alone",
            "assumption": "an assumption: the hypotheses of the statements that cite it"}
    ex = Explained(env, "", f"{env.name}, {file}:{line}")
    for p in reading.pieces:
        if p.role != "mention":
            ex.lines.append((p.role, p.latex, role[env.kind]))
    ex.left = [why for _, why in reading.left]
    out.explained.append(ex)
#: a mention that only names things: ``f``, ``x, y``, ``\mathcal{H}``, ``w_t``, ``f^*``
_NAME_LIST = re.compile(r"(?!\s*\\(?:forall|exists)(?![A-Za-z]))"  # "$\forall x_i'$": a quantifier
                        r"\s*(?:(?:\\(?:mathcal|mathbf|bm|boldsymbol|hat|tilde|bar|"
                        r"mathrm|operatorname|widehat|widetilde)\s*\{[^{}]*\}|\\?[A-Za-z]+)"
                        r"(?:\s*[_^]\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9*]+)|')*\s*(?:,\s*|\\ldots|"
                        r"\\dots|\\cdots)*)+")


#: ``d^* \le p^*``, ``x_n = x^*``, ``t = 1``: a relation between two names (subscripts and a
#: star only, no power) or a name and a number, that nothing in the statement defines
_NAMED_RELATION = re.compile(
    r"\s*(?P<a>\\?[A-Za-z]+(?:\s*(?:_\s*(?:\{[^{}]*\}|\\?\w)|\^\s*\{?\s*(?:\*|\\star)\s*\}?))*)\s*"
    r"(?:=|<|>|\\le|\\leq|\\ge|\\geq|\\leqslant|\\geqslant)\s*"
    r"(?:(?P<b>\\?[A-Za-z]+(?:\s*(?:_\s*(?:\{[^{}]*\}|\\?\w)|\^\s*\{?\s*(?:\*|\\star)\s*\}?))*)"
    r"|[-+]?\d+(?:\.\d+)?)\s*")


def _named_relation(latex: str, names: dict[str, Any]) -> str:
    r"""Why ``d^* \le p^*`` (two names, or a name and a number, that the statement neither
    declares nor defines) is not read: quantities the text defines in words, which as free
    numbers would not satisfy it; ``""`` for any other statement."""
    m = _NAMED_RELATION.fullmatch(latex)
    if m is None or any(n in names or _key(n) in names or _key(re.split(r"[_^]", n)[0]) in names
                        for n in m.group("a", "b") if n):
        return ""
    return (f"a relation between named quantities ({m.group(0).strip()}): what the text calls "
            "them in words (an optimal value, an output, a ratio) is not read, and as free "
            "numbers it would not hold")


#: ``a \le b \in O(1/n)``: a statement, then the order of its bound (a remark)
#: a formula's last words, which name it and claim nothing: ``\text{ linesearch}`` (never
#: ``\text{ is convex}``, ``\text{ for all } x``)
_ANNOTATION = re.compile(r"(.*?)\s*\\(?:text|textrm|mbox|textnormal)\s*\{\s*((?!(?:is|are|for|if|"
                         r"when|where|with|and|or|holds?|as|on|in|since|because|then|so|iff|"
                         r"whenever|provided|unless|otherwise)\b)[A-Za-z][A-Za-z\s-]*?)\s*\}\s*"
                         r"[.,;]?\s*$", re.S)
_ASYMPTOTIC_TAIL = re.compile(r"(.*?)\s*((?:\\in|=)\s*(?:O|o|\\Theta|\\Omega|"
                              r"\\mathcal\s*\{\s*O\s*\})\s*(?:\\[bB]igg?l?|\\left)?\s*\(.*)$",
                              re.S)


def _links(statements: list[Piece], names: dict[str, Any]) -> list[Piece]:
    """Each statement, a chain split into its links when the reader reads it as a chain."""
    from symbolic.latex_parse import parse_statement

    links: list[Piece] = []
    for s in statements:
        try:
            props = parse_statement(s.latex, names).props
        except ValueError:
            try:  # a chain of what opaque mode reads (f(x) ≤ g(x) ≤ h(x) of a class): its links
                props = parse_statement(s.latex, names, opaque=True).props
            except ValueError:
                props = []
        parts = split_chain(s.latex) if len(props) > 1 else [s.latex]
        if len(parts) != max(len(props), 1):
            parts = [s.latex]
        links += [Piece(p, s.line, s.item, s.role, s.said, s.display, s.sentence)
                  for p in parts]
    return links


def _read_environment(env: Environment, base: str, where: Locate, reading: Reading,
                      cited: list[tuple[Environment, Reading]], out: Extraction,
                      context: list[_Constraint] = (),  # type: ignore[assignment]
                      assumed: list[Piece] = (),  # type: ignore[assignment]
                      methods: list[str] = (),  # type: ignore[assignment]
                      paper_defs: list[PaperDefinition] = (),  # type: ignore[assignment]
                      powered: list[tuple[str, str]] = (),  # type: ignore[assignment]
                      unresolved: list[str] = ()  # type: ignore[assignment]
                      ) -> None:
    file, line = where(env.line)
    ex = Explained(env, base, f"{env.name}, {file}:{line}")
    out.explained.append(ex)
    left = [why for _, why in reading.left]
    left += [f"cites {lab}, which is not read (an assumption or a premise it names is not "
             "taken)" for lab in dict.fromkeys(unresolved)]
    last = env.body_line + env.body.count("\n")
    left += [f"\\{name} read as {CONVENTIONAL[name].body.replace('#1', 'x').replace('#2', 'y')} "
             f"(its usual meaning: its definition was not found)"
             for name, lines in out.usual.items() if any(env.line <= k <= last for k in lines)]
    conditions = reading.of("condition") + reading.word_conditions + [
        dataclasses.replace(p, sentence=-1) for p in assumed]
    for p in assumed:
        ex.lines.append(("assumption", p.latex, f"a standing assumption of the text "
                         f"({_where_text(where, p.line)}): carried"))
    standing = {p.latex for p in assumed}
    classes = [Piece(f"{name} is {what}", at, item, "class", what, sentence=sentence)
               for name, what, at, item, sentence in reading.classes]
    for a_env, a_reading in cited:
        conditions += [dataclasses.replace(p, sentence=-1)  # the whole statement's
                       for p in a_reading.of("condition") + a_reading.word_conditions]
        classes += [Piece(f"{name} is {what}", at, 0, "class", what, sentence=-1)
                    for name, what, at, _item, _sentence in a_reading.classes]
        left += [f"{a_env.name}: {why}" for _, why in a_reading.left]
        left += [f"{a_env.name}: what it assumes is not read: {p.latex}"  # "there exists
                 for p in a_reading.pieces if p.role in (*NOT_READ, "statement", "remark",
                                                          "restatement")]  # K > 0 such that …"
        ex.lines.append(("assumption", a_env.name, f"cited: {len(a_reading.of('condition'))} "
                         "conditions carried"))
    for c in classes:
        ex.lines.append(("condition", c.latex, "a function class: shown with the statements "
                         "that name it, not checked"))
    placed: dict[str, Piece] = {why: Piece("", 0, item, "", sentence=number)  # of a sentence
                                for why, (item, number) in reading.left_at.items()
                                if why.startswith(_SENTENCE_NOTES)}
    for p in reading.pieces:
        if p.role in NOT_READ:
            left.append(f"{NOT_READ[p.role]}: {p.latex}")
            placed[left[-1]] = p
            ex.lines.append((p.role, p.latex, "not checked"))
        elif p.role == "restatement":
            ex.lines.append((p.role, p.latex, "a restatement ('i.e.', 'equivalently'): not "
                             "checked alone"))
        elif p.role == "mention" and p.latex.strip() and not _NAME_LIST.fullmatch(p.latex):
            # "a random variable in $[0,1]$", "a vector in $\mathbb{R}^d$": what the words
            # around it say of it is not read
            said = re.sub(r"\s+", " ", p.said).strip(" ,.;:")
            left.append(f"a formula the prose does not make a condition or a statement: "
                        f"{p.latex}" + (f" (after '{said}', not read)" if said else ""))
            placed[left[-1]] = p
            ex.lines.append((p.role, p.latex, "not read: its role in the sentence"))
    left += [f"a recurrence read as one step (it holds for every index): {c.latex}"
             for c in conditions if _steps(c.latex)]
    decls: list[Declaration] = []
    hyps: list[Piece] = []
    signatures: list[Piece] = []
    conditions = [Piece(t, c.line, c.item, c.role, c.said, c.display, c.sentence)
                  for c in conditions for t in _split_condition(c.latex)]
    for c in conditions:
        if SIGNATURE.fullmatch(c.latex):  # "f: ℝⁿ → ℝ": what f maps, shown, not a hypothesis
            ex.lines.append(("declaration", c.latex, f"read: {as_written(c.latex)}"))
            signatures.append(c)
            continue
        dc = declaration(c.latex)
        if dc is None:
            hyps.append(c)
            continue
        decls += dc[0]
        hyps += [Piece(h, c.line, c.item, "condition", sentence=c.sentence) for h in dc[1]]
        ex.lines.append(("declaration", c.latex, "read: " + ", ".join(
            f"{d.name} {'scalar' if not d.shape else 'x'.join(d.shape)}" for d in dc[0])))
    decl_where = tuple({dcl.name: dcl for dcl in decls}.values())
    vectors = {dcl.name for dcl in decl_where if len(dcl.shape) == 1}
    for c in [c for c in hyps if c.said == "unit vector"]:
        named = c.latex[2:c.latex.index("\\|", 2)]
        if named not in vectors:  # "a unit vector" of a name not declared in R^n: not read
            hyps.remove(c)
            left.append(f"a unit vector not declared in a space R^n: {named}")
            ex.lines.append(("condition", c.latex, f"not read: {named} is not declared a "
                             "vector"))
    constants = _class_constants(classes, env, [*hyps, *reading.of("definition")])
    for c in constants:
        ex.lines.append(("condition", c.latex, "a constant of a function class: positive, as "
                         "the class declares it"))
    hyps += constants
    names = objects(decl_where)
    for n in reading.integers:
        names.setdefault(n, paper_dimension(n.lstrip("\\")))
    for c in hyps:  # "for every $k \in [K]$": k and K positive integers (sized and sampled as
        # counts), never reals (review 37)
        m = INDEX_SET.match(c.latex)
        if m is None:
            continue
        top, i = m.group("m") or m.group("m2") or m.group("m3"), m.group("i") or m.group("j")
        if _counts(i, env.body):  # x_i, \sum_{i=1}^n: an index, which the reader ranges
            continue
        names.setdefault(i, paper_dimension(i))
        if not top.isdigit():
            names.setdefault(top, paper_dimension(top))
    says_integer = re.search(r"\bintegers?\b", env.body) is not None  # 'integer' not read:
    # said already
    counts_untold = []  # n, d read as positive integers (their usual meaning), untold
    for n in ("n", "d"):
        if n in names or n in reading.integers or n in reading.reals or \
                not _mentions(env.body, n) or _counts(n, env.body) or says_integer:
            continue
        if admits_no_count(_own_bounds(n, hyps), ob_scalar(n)):
            names[n] = ob_scalar(n)  # "for all $n \in (0, 1)$": a real n (review 37)
        else:
            counts_untold.append(n)
    for n in reading.reals:  # "for every real $n \ge 1$": a real number, never a size
        if n not in reading.integers:
            names.setdefault(n, ob_scalar(n))
    if not [p for p in reading.pieces if p.role not in ("mention", "probability", "remark")]:
        words = " ".join(prose(blank_displays(env.body)).split()[:16])
        if words:  # "$f^*$ is convex": a statement in words, found and not read
            out.unread.append(Unread(base, words, f"{ex.source}", "", "statement in words"))
            out.order.append(out.unread[-1])
            ex.lines.append(("words", words, "a statement in words: not read"))
        return
    inherited = inherit(paper_defs, names, env.body, reading, ex)
    settings = [] if reading.classes else [  # a class's method takes its named values
        c for c in hyps if _sets_a_name(c.latex, names, reading,
                                        [o.latex for o in hyps if o is not c])]
    hyps = [c for c in hyps if c not in settings]  # "for $x \ge 1$ and $y = \sqrt{3x}$": y
    # stands for √(3x) (what the condition says of y, exactly: review 37)
    definitions, unbound = _bind([*reading.of("definition"), *settings], names, ex)
    left += [w for w in ex.left if w not in left]
    definitions = [*inherited, *definitions]
    stating, remarks = reading.stating(), reading.remarks()
    closed, continued = reading.closed_remarks(), reading.continued()
    tails: dict[tuple[int, str], str] = {}  # a statement's asymptotic tail, dropped
    statements = []
    notes: dict[tuple[int, str], str] = {}  # a statement's annotation in words, dropped
    for st in reading.of("statement"):
        m = _ASYMPTOTIC_TAIL.match(st.latex)
        if m and outer_relation(m.group(1)):
            st = dataclasses.replace(st, latex=m.group(1).strip())
            tails[(st.line, st.latex)] = m.group(2).strip()
        a = _ANNOTATION.match(st.latex)
        if a and RELATION.search(a.group(1)):  # "a_k \approx \argmin … \text{ linesearch}"
            st = dataclasses.replace(st, latex=a.group(1).strip())
            notes[(st.line, st.latex)] = a.group(2).strip()
        statements.append(st)
    links = _links(statements, names)
    unclassified = reading.of("unclassified")
    if not links and not unclassified and not any(
            p.role in (*_JOINED, "probability") for p in reading.pieces) and \
            reading.of("condition") and not reading.of("definition"):
        # "For a constant $c > 0$, $x^2 + 1 \le c(x^2 + 2)$.": every formula read as a
        # condition, the statement is not found; said, never dropped without a word
        first = reading.of("condition")[-1]
        said = prose(blank_displays(env.body))
        words = " ".join(said.split()[:16])
        if words and (all(SIGNATURE.fullmatch(c.latex) or
                          re.fullmatch(r"[^<>=]*\\in\s*\\mathbb.*", c.latex)
                          for c in reading.of("condition")) or re.search(r"\bthen\b", said)):
            # "$g: \mathbb{R} \to \mathbb{R}$ is convex.", "If $0 < \mu I \le \nabla^2 f$, then
            # BFGS converges": what it states is in words
            out.unread.append(Unread(base, words, f"{ex.source}", "", "statement in words"))
        else:
            out.unread.append(Unread(base, first.latex, _source(env.name, first, where),
                                     "no statement found: every formula of the environment "
                                     "reads as a condition"))
        out.order.append(out.unread[-1])
        ex.lines.append(("condition", first.latex, "not read: no statement found"))
    if not links and unclassified and not any(p.role in _JOINED for p in reading.pieces):
        for k, p in enumerate(unclassified, start=1):  # "Then $y = x^3$ is continuous, and
            # $y \ge x^3$": what it states is not read, and says so (never silently dropped)
            cid = base if len(unclassified) == 1 else f"{base}:part-{k}"
            out.unread.append(Unread(cid, p.latex, _source(env.name, p, where),
                                     f"{NOT_READ['unclassified']}: not read"))
            out.order.append(out.unread[-1])
    items = [p.item for p in links]
    by_item = len(links) > 1 and all(items) and len(set(items)) == len(items)
    used: set[int] = set()
    first_error: dict[int, str] = {}
    every_left = left
    for j, s in enumerate(links, start=1):
        mine = [c for c in hyps if c.sentence == s.sentence and c.item == s.item]
        own = {n.rstrip("_") for c in mine if _FOR_EACH.search(c.said)
               for n in _constrained(c)}  # what its own sentence quantifies ("for all $x \ge 2$")
        own |= {n.strip() for p in reading.pieces if p.role == "mention" and p.sentence ==
                s.sentence and p.item == s.item and _FOR_EACH.search(p.said) and
                _NAME_LIST.fullmatch(p.latex) for n in p.latex.split(",")}  # "For all real
        # $a, b$": a and b are the sentence's own (review 37c)
        ranged = own | {n for c in mine if _OWN_RANGE.search(c.said) and not re.search(
            r"(?<![<>\\!:])=", c.latex) for n in _subject(c.latex)}  # the names its own
        # sentence gives a range ("Also, for $x > 1$"; not a value: "in particular for $h =
        # 2/(L + \mu)$" is one case of the range before it)

        rebound = {n.strip() for p in reading.pieces if p.role == "mention" and
                   0 <= p.sentence <= s.sentence and p.item in (0, s.item) and
                   re.search(r"\blet\W*$", p.said) and _NAME_LIST.fullmatch(p.latex)
                   for n in p.latex.split(",")}  # "Let $x$ be arbitrary": x the environment's

        def fits(c: Piece, s: Piece = s, own: set[str] = own, ranged: set[str] = ranged,
                 rebound: set[str] = rebound) -> bool:
            if c.sentence < 0 and rebound & _subject(c.latex):
                return False  # a standing "Throughout, let $x > 0$" under "Let $x$ be
                # arbitrary" (review 37d): listed, it may apply
            if c.sentence != s.sentence and c.sentence >= 0 and _CASE_VALUE.fullmatch(c.latex):
                return False  # "In particular, for $\lambda = 1/2$, … Furthermore, …": a case of
                # another sentence, never the next one's condition (listed: it may apply)
            if c.sentence != s.sentence and ((_FOR_EACH.search(c.said) and own & {
                    n.rstrip("_") for n in _constrained(c)}) or ranged & _subject(c.latex)):
                return False  # "For all $x \in [0,1]$, … Moreover, for all $x \ge 2$, …",
                # "If $x \ge 1$, … Furthermore, … for every $x \ge 0$": x of the second
                # sentence is its own, never also in [0, 1] (listed: it may apply)
            return _applies(c, s, stating, remarks, closed, continued)
        part = "" if len(links) == 1 else f"item-{s.item}" if by_item else f"part-{j}"
        cid = f"{base}:{part}" if part else base
        source = _source(f"{env.name}{' ' + part.replace('-', ' ') if part else ''}", s, where)
        left = _own_left(every_left, placed, reading, s)
        reach = " ".join(c.latex for c in hyps if fits(c) and _shares_names(c.latex, s.latex))
        outside = _outside(s, context, definitions, decl_where, standing, where,
                           reach)  # what its conditions' definitions are too: "w' = \arg\min G(z)"
        maybe = _may_apply(s, hyps, fits, closed)
        restated = [f"a restatement ('i.e.', 'equivalently') not read: {r.latex}" for r in
                    reading.of("restatement")  # as written only; not one of the statement
                    if r.sentence != s.sentence or _before(reading, r, s)]
        if (s.line, s.latex) in tails:  # "… ≤ b ∈ O(1/n)": the order of b, a remark
            outside.append(f"an asymptotic remark, not checked: {tails[(s.line, s.latex)]}")
        if (s.line, s.latex) in notes:
            outside.append(f"an annotation in words, not read: '{notes[(s.line, s.latex)]}'")
        if reading.random:  # the prose speaks of random variables: nothing is deterministic
            qualifier, inside = _with_probability(s, reading, names)
            said = [c for c in reading.random_conditions if fits(c)]  # "X_1, …, X_n independent"
            shown, unread = _opaque_reading(s, names, [c for c in [*signatures, *hyps]
                                                       if fits(c) and c not in inside],
                                            [c for c in classes if fits(c)],
                                            reading.of("definition"), qualifier,
                                            [c.latex for c in said], reading.almost_surely)
            gaps = [*left, *outside, *maybe, *restated, *unread,
                    *_general_norm(s.latex, env.body)]
            covered = {w for c in said for w in (("i.i.d", "iid", "independent", "distributed")
                                                  if c.said == "i.i.d." else ("independent",))}
            if any(c.latex in reading.almost_surely for c in hyps if fits(c)):
                covered |= {"almost surely", "a.s"}
            random_words = [w for w in reading.random_words if w not in covered]
            if random_words:
                gaps.append("words about the random quantities not read: "
                            + ", ".join(f"'{w}'" for w in random_words))
            out.unread.append(Unread(cid, s.latex, source, "", "random quantity", shown,
                                     gaps if shown else []))
            out.order.append(out.unread[-1])
            ex.lines.append(("statement", s.latex, _shown(out.unread[-1])
                             + f"random quantity: not checked (the environment speaks of "
                             f"{reading.random})"))
            continue
        as_class = _class_statement(cid, s, source, [c for c in classes
                                                     if fits(c)],
                                    env.body, [h for h in hyps if fits(h)],
                                    [d.latex for d in reading.of("definition")] + list(methods))
        if as_class is not None:
            read, consumed = as_class
            if hasattr(read.claim.classes, "update"):  # a method for every n: its cited
                # recurrence is read
                outside = [o for o in outside if not any(o.endswith(f": {m})")
                                                         for m in methods)]
            read.left = [*_without_method_words(left, read, env.body), *outside, *maybe,
                         *read.left, *_general_norm(s.latex, env.body)]
            used |= {h for h, c in enumerate(hyps) if c in consumed}
            out.read.append(read)
            out.order.append(read)
            ex.lines.append(("statement", s.latex, "read as a statement about every function "
                             f"of its class: {read.claim.classes!r}"))
            continue
        clash = _set_and_value(s.latex, [c.latex for c in [*signatures, *hyps] if fits(c)]) \
            or _imaginary_unit(s.latex, env.body) or _bound_constant(s.latex, [
                c.latex for c in [*hyps, *reading.of("definition"), *reading.of("mention")]
                if fits(c)])
        if clash:  # "∀x, y ∈ D, ‖x − y‖ ≤ D": one printed name, two objects
            out.unread.append(Unread(cid, s.latex, source, clash))
            out.order.append(out.unread[-1])
            ex.lines.append(("statement", s.latex, f"not read: {clash}"))
            continue
        undefined = [name for name in unbound if _mentions(s.latex, name)]
        undefined += [name for name, _ in powered if _names_exactly(s.latex, name)
                      and name not in {d for d, _ in definitions}]
        said = [(n, f"{n} is defined in words ('the {w}')")  # (name, why it is not free)
                for n, w in [*worded(blank_displays(env.body)),
                             *((c.name, c.latex) for c in context if c.role == "words")]
                if _names_exactly(s.latex, n) and n not in {d for d, _ in definitions}
                and n not in reading.integers]
        sequence = _consecutive_terms(s.latex)
        if sequence and not any(_mentions(d, sequence) for d, _ in definitions) and not any(
                _mentions(c.latex, sequence) and _steps(c.latex) for c in hyps):
            said.append((sequence, f"{sequence}: terms of a sequence whose method the "
                                   f"statement does not give ({sequence}_{{k}}, "
                                   f"{sequence}_{{k+1}})"))
        said += [(word, f"{word} is a quantity a word names, which no formula defines")
                 for word in _word_names(s.latex)
                 if not any(word in d for d, _ in definitions) and not any(
                     word in str(k) for k in names)]
        claim: Any = _build(cid, s.latex, names, [], source) if not undefined and not said \
            else ("", f"uses {undefined[0]}, whose definition was not read (a statement about "
                  "it cannot be read without it)") if undefined else (
            "defined in words", f"{said[0][1]}: a claim for every value of {said[0][0]} is "
                                "not what is stated")
        if isinstance(claim, tuple):
            category, error = claim
            if not category and not undefined:
                category = _opaque_category(s.latex, names)
            if undefined:  # shown as written; what it says of that name is not known
                category = "uses a definition not read"
            shown, unread = _opaque_reading(s, names, [c for c in [*signatures, *hyps]
                                                       if fits(c)],
                                            [c for c in classes if fits(c)],
                                            reading.of("definition")) \
                if category else ("", [])
            if undefined:
                unread.append(f"the definition of {undefined[0]} was not read")
            if said and not undefined:
                unread.append(error)
            unknown_fn = re.search(r"(?:unknown function|abstract function) (.+?):", error)
            fn = unknown_fn.group(1).split("(")[0].strip() if unknown_fn else ""
            if shown and fn and category in ("function not defined in the statement",
                                             "abstract function") and not any(
                    o.startswith(fn + " is ") for o in outside) and not any(
                    _mentions(c.latex, fn) for c in [*signatures, *hyps, *classes]
                    if fits(c)):  # D_f, \Pi_k(y), f_\Theta: what they are is not read
                unread.append(f"{unknown_fn.group(1)}: a function the statement does not define "
                              "(read as an unknown function)")
            out.unread.append(Unread(cid, s.latex, source, error, category, shown,
                                     [*left, *outside, *maybe, *restated, *unread]
                                     if shown else []))
            out.order.append(out.unread[-1])
            ex.lines.append(("statement", s.latex, _shown(out.unread[-1])
                             + (f"{category}: not checked" if category
                                else f"not read: {error}")))
            continue
        of_class = [c.latex for c in classes if fits(c)]  # named or not: not checked
        read = ReadClaim(cid, s.latex, decl_where, (), source, left=[
            *left, *outside, *(f"a function class, not checked: {c}" for c in of_class)],
                         definitions=tuple(definitions), integers=tuple(reading.integers),
                         names=dict(names))
        related = _named(claim.prop)
        pending = [h for h, c in enumerate(hyps) if fits(c)]
        read.left += _may_apply(s, hyps, fits, closed)
        read.left += [f"a restatement ('i.e.', 'equivalently') not checked: {r.latex}"
                      for r in reading.of("restatement")  # "…, i.e., $B$": asserted too
                      if r.sentence in (s.sentence, s.sentence + 1)]  # "…; that is, $B$"
        used_before = set(used)
        progress = True
        while progress:  # a condition counts when it names what the claim or a condition
            progress = False  # already counted names (x ≤ y, y ≤ 1 for a claim about x)
            for h in list(pending):
                c = hyps[h]
                error = ""
                for text in _condition_forms(c):
                    got = _build(cid, s.latex, names, [*read.hypotheses, text], source)
                    if isinstance(got, tuple):
                        error = error or got[1]
                        continue
                    error = ""
                    new = [p for p in got.hypotheses if p not in claim.hypotheses]
                    mentioned = set().union(*[_named(p) for p in new])
                    if mentioned & related:
                        read.hypotheses = (*read.hypotheses, text)
                        claim, related = got, related | mentioned
                        used.add(h)
                        pending.remove(h)
                        progress = True
                    break
                if error:
                    pending.remove(h)
                    first_error.setdefault(h, error)
                    read.unread_conditions.append((c, error))
        bare = re.sub(r"_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?\w)", " ", s.latex)  # no subscripts
        read.left += [f"a condition on another term of the sequence, not used: {hyps[h].latex}"
                      for h in pending if any(
                          "_" in n and re.search(rf"(?<![A-Za-z\\]){re.escape(n.split('_')[0])}"
                                                 r"\s*_", s.latex)
                          for n in _subject(hyps[h].latex))]  # "g_0 = 0" of a claim on g_n
        lost = [hyps[h].latex for h in pending if any(
            re.search(rf"(?<![A-Za-z\\]){re.escape(n)}(?![A-Za-z])", bare)
            for n in _subject(hyps[h].latex) if "_" not in n)]
        if lost:  # "For $d \in [0,1]$, $\cos(2\pi d) \ge 1$" with d a count: cos(2πd) = 1,
            # and the claim no longer names what its condition constrains (review 37b)
            used = used_before
            why = (f"the statement names what a condition constrains ({lost[0]}), but the claim "
                   f"as read does not ({claim.prop}): a misreading is likely, so it is not "
                   "checked")
            out.unread.append(Unread(cid, s.latex, source, why))
            out.order.append(out.unread[-1])
            ex.lines.append(("statement", s.latex, f"not read: {why}"))
            continue
        for h in sorted(used - used_before):  # "If $|a| \le \epsilon$ for every $\epsilon >
            # 0$, then $a = 0$": ∀ ε inside the hypothesis, never a free ε
            c = hyps[h]
            bound = [n.rstrip("_") for n in _constrained(c)]
            if _FOR_EACH.search(c.said) and bound and not any(
                    _mentions(s.latex, n) for n in bound):
                read.left.append(f"a hypothesis quantified inside ('{c.said.strip()} "
                                 f"${c.latex}$') read for one value")
        reach = " ".join([s.latex, *read.hypotheses])  # "Let $\|u\| \le 1$ and $v \le u$.
        # Then $v \le 1$": a condition not read reaches v through v ≤ u
        read.left += list(dict.fromkeys(f"condition not read: {c.latex}"
                                        for c, _ in read.unread_conditions
                                        if _shares_names(c.latex, reach)))
        missing = [w for w in read.left if w.startswith("condition not read: ")]
        if missing:  # "Let $M_T = \sum_i \mathbf{1}[\dots]$" not read: checked without it, the
            # statement would be refuted as misread; shown as written, not checked
            used = used_before
            shown, unread = _opaque_reading(s, names, [c for c in [*signatures, *hyps]
                                                       if fits(c)],
                                            [c for c in classes if fits(c)],
                                            reading.of("definition"))
            out.unread.append(Unread(cid, s.latex, source, missing[0], "condition not read",
                                     shown, list(dict.fromkeys([*read.left, *unread]))
                                     if shown else []))
            out.order.append(out.unread[-1])
            ex.lines.append(("statement", s.latex, _shown(out.unread[-1])
                             + "a condition of it not read: not checked"))
            continue
        claim = _where_defined(read, claim, cid, s.latex, names, source, ex)
        named = _named_relation(s.latex, names) if not claim.hypotheses else ""
        stepped = [h for h in read.hypotheses if _steps(h)]
        if stepped:  # a_{n+1} ≤ a_n(1 - q a_n) holds for every n: read as one step, the
            # statement about a_n would be a claim about one step (an induction is stated)
            named = (f"a recurrence of the sequence holds for every index, and the statement "
                     f"for every n follows by induction, which is not read: {stepped[0]}")
        clash = contradiction(list(claim.hypotheses))
        if not named and (clash or assumes_itself(s.latex, read.hypotheses) or (
                claim.prop in claim.hypotheses and not any(
                    "\\in" in h for h in (*read.hypotheses, s.latex)))):  # x ≥ 2 ⟹ …, then x ≥ 2
            named = (f"the conditions read contradict each other ({clash})" if clash else
                     f"the statement is among its own conditions as read ({claim.prop})") + \
                ": a misreading is likely (a case, a remark or a second statement read as a " \
                "condition), so it is not checked"
        if named:
            used = used_before  # its conditions are not a read statement's hypotheses
            out.unread.append(Unread(cid, s.latex, source, named))
            out.order.append(out.unread[-1])
            ex.lines.append(("statement", s.latex, f"not read: {out.unread[-1].error}"))
            continue
        read.left += _general_norm(s.latex, env.body) + _glyph_twins(s.latex, env.body)
        read.left += [f"{n} read as a positive integer (the usual meaning of {n}), which "
                      "nothing in the statement says" for n in counts_untold
                      if any(_mentions(t, n) for t in (s.latex, *read.hypotheses))]
        read.left += [f"{n} read as a real number, which it may not be ({n} usually names an "
                      "integer)" for n in _INTEGER_LETTERS if n not in reading.integers and
                      not says_integer and
                      n not in reading.reals and str(names.get(n, "")) != n and
                      ob_scalar(n) in _named(claim.prop) | {
                          q for h in claim.hypotheses for q in _named(h)}]
        read.claim = claim
        out.read.append(read)
        out.order.append(read)
        ex.lines.append(("statement", s.latex, "read as " + str(claim.prop) + (
            " if " + ", ".join(str(h) for h in claim.hypotheses) if claim.hypotheses else "")))
    left = every_left
    _read_as_written(reading, base, len(links), names, where, env, out, left, placed)
    if reading.random:
        for c in hyps:  # shown with the readings of the statements they concern
            ex.lines.append(("condition", c.latex, "of statements about random quantities: "
                             "not checked"))
        ex.left = list(dict.fromkeys(left))
        return
    for h, c in enumerate(hyps):
        if h in used:
            ex.lines.append(("condition", c.latex, "read: a hypothesis"))
            continue
        shown = any(c is p for r in out.read for p, _ in r.unread_conditions)
        error = first_error.get(h) or _parse_error(_condition_forms(c), names)
        if error:
            out.unread_conditions.append((base, c, error))
            ex.lines.append(("condition", c.latex, f"not read: {error}"))
            if not shown:
                out.order.append(("NOT READ", base, c, error))
        else:
            out.unused_conditions.append((base, c))
            ex.lines.append(("condition", c.latex, "not used: no statement read names what "
                             "it constrains"))
            out.order.append(("NOT USED", base, c, "no statement read in this environment "
                              "names what it constrains"))
    ex.left = list(dict.fromkeys(left))


_PM_NAME = re.compile(r"\s*(\\?[A-Za-z]+)\s*_\s*\{\s*([A-Za-z0-9]+)\s*[/,]\s*([A-Za-z0-9]+)\s*\}"
                      r"\s*(=|:=|\\coloneqq)(.*)", re.S)


def inherit(paper_defs: list[PaperDefinition], names: dict[str, Any], body: str,
            reading: Reading, ex: Explained, before: int | None = None) -> list[tuple[str, str]]:
    """Bind in ``names`` the paper's definitions (:class:`PaperDefinition`, the latest of each
    name, of those before the offset ``before`` when given) that ``body`` uses and neither
    declares nor defines itself; the ``(name, latex)`` of each, as the environment's own
    definitions are listed."""
    if before is not None:
        paper_defs = [d for d in paper_defs if d.position < before]
    own = {re.split(r"[_^(\s]", d.latex.strip(), maxsplit=1)[0]
           for d in reading.of("definition")}
    quantified = {n.rstrip("_") for c in reading.of("condition") for n in _constrained(c)}
    latest = {d.key: d for d in paper_defs}
    out = []
    for d in latest.values():
        base = d.key.split("(", 1)[0]
        if d.key in names or base in own or not _mentions(body, base):
            continue
        if base in quantified:  # "For every $T \ge 1$, …" beside "Given $T = 10$": its own T
            ex.lines.append(("definition", d.latex, f"not read: the statement constrains its "
                                                    f"own {base}"))
            ex.left.append(f"{base} is defined outside the statement ({d.source}: {d.latex}),"
                           f" and the statement constrains its own {base}: read as its own")
            continue
        if any(k in names and names[k] != v for k, v in d.uses):
            ex.lines.append(("definition", d.latex, f"not read: {d.source} reads it with "
                             "other objects than this statement declares"))
            continue
        names[d.key] = d.value
        out.append((d.name, d.body))
        ex.lines.append(("definition", d.latex, f"read: as {d.source} defines it"))
    return out


def _plus_minus(d: Piece) -> list[Piece]:
    r"""``r_{1/2} = a \pm b`` as ``r_{1} = a + b`` and ``r_{2} = a - b`` (``\mp`` the other
    way round): two names, each defined; any other definition is itself.

    >>> [p.latex for p in _plus_minus(Piece(r"r_{1/2} = \tfrac12(a \pm \sqrt{b})", 1))]
    ['r_{1} = \\tfrac12(a + \\sqrt{b})', 'r_{2} = \\tfrac12(a - \\sqrt{b})']
    """
    m = _PM_NAME.fullmatch(d.latex)
    if m is None or len(re.findall(r"\\(?:pm|mp)(?![A-Za-z])", m.group(5))) != 1:
        return [d]
    first, second = ("+", "-") if "\\pm" in m.group(5) else ("-", "+")
    rhs = m.group(5)
    return [dataclasses.replace(d, latex=f"{m.group(1)}_{{{name}}} {m.group(4)} "
                                         + re.sub(r"\\(?:pm|mp)(?![A-Za-z])", sign, rhs).strip())
            for name, sign in ((m.group(2), first), (m.group(3), second))]


def _where_defined(read: ReadClaim, claim: Any, cid: str, statement: str,
                   names: dict[str, Any], source: str, ex: Explained) -> Any:
    r"""``claim`` with, as hypotheses, the conditions under which its statement is defined
    that its hypotheses do not state (``1 + x > 0`` for ``\log(1+x) \le x``): an author's
    formula is asserted where it makes sense, and the reading shows it. Each is added as
    LaTeX that reads back to itself (so the claims file builds the same claim); one that does
    not is left to the kernel, which then proves nothing it does not imply."""
    from numeric.budget import Budget
    from numeric.kernel.obligations import definedness
    from symbolic.definedness import obligations
    from symbolic.latex import latex
    from symbolic.latex_parse import parse_props

    have = set(claim.hypotheses)
    _shown, open_ = definedness(claim, Budget.get("quick"))  # those the hypotheses imply: none
    for o in obligations(claim.lhs, claim.rhs):
        p = o.prop
        if o.within or p in have or str(o) not in open_ or not all(
                getattr(x, "is_real", False) and not
                                            getattr(x, "is_Matrix", False)
                                            for x in p.symbols):
            continue
        text = latex(p)
        try:
            back = parse_props(text, dict(names) or None)
        except (ValueError, TypeError, ArithmeticError):
            continue
        if back != [p]:
            continue
        got = _build(cid, statement, names, [*read.hypotheses, text], source)
        if isinstance(got, tuple):
            continue
        read.hypotheses = (*read.hypotheses, text)
        claim, have = got, set(got.hypotheses)
        ex.lines.append(("condition", text, "where the statement is defined: a hypothesis"))
    return claim


#: a subscript letter, maybe shifted (``_i``, ``_{i-1}``)
_SUB_LETTER = re.compile(r"_\s*\{?\s*([a-z])(?:\s*[-+]\s*\d+)?\s*\}?")
#: subscripts and commands, taken out to find the letters written on the line
_SUBS_AND_COMMANDS = re.compile(r"_\s*\{[^{}]*\}|_\s*\w|\\[A-Za-z]+")
#: a big operator's index (``\sum_{i=1}``, ``\max_{i \in [n]}``) and its whole script
_BOUND_INDEX = re.compile(r"\\(?:sum|prod|max|min)\w*\s*_\s*\{?\s*([a-z])\s*(?:=|\\in)")
_OPERATOR_SCRIPTS = re.compile(r"\\(?:sum|prod|max|min)\w*\s*_\s*\{[^{}]*\}"
                               r"(?:\s*\^\s*(?:\{[^{}]*\}|\w))?")


#: the range of an index alone: "for each $i \in [n]$"
_INDEX_RANGE = re.compile(r"\s*([a-z])\s*\\in\s*\[\s*(\\?\w+)\s*\]\s*")


def _free_indices(condition: str, statement: str) -> list[str]:
    r"""The letters ``condition`` uses only as subscripts (``i`` in ``|Z_i - Z_{i-1}| \le c_i``)
    that the statement uses at most as a sum's index: the condition holds for each.

    >>> _free_indices(r"|Z_i - Z_{i-1}| \le c_i", r"\Pr(Z_n > t) \le \sum_{i=1}^n c_i^2")
    ['i']
    >>> _free_indices(r"\lambda_1 = \lambda_d", r"h \le 1")  # the dimension d: the last one
    []
    >>> _free_indices(r"x_i \le 1", r"x_i \le 2"), _free_indices(r"x_i \le i", r"y \le 1")
    ([], [])
    """
    subs = set(_SUB_LETTER.findall(condition))
    on_line = set(re.findall(r"(?<![A-Za-z])[a-z](?![A-Za-z])",
                             _SUBS_AND_COMMANDS.sub(" ", condition)))
    bound = set(_BOUND_INDEX.findall(statement))
    outside = set(_SUB_LETTER.findall(_OPERATOR_SCRIPTS.sub(" ", statement)))
    letters = set(re.findall(r"(?<![A-Za-z])[a-z](?![A-Za-z])",
                             _SUBS_AND_COMMANDS.sub(" ", statement)))
    return sorted(i for i in subs if i not in on_line and i not in letters
                  and i not in ("d", "n")  # λ_d, Z_n: the last of them, not each
                  and (i in bound or i not in outside))


def _before(reading: Reading, r: Piece, s: Piece) -> bool:
    """Whether piece ``r`` comes before the statement ``s`` (or the chain ``s`` is a link of)
    in the environment."""
    at = {id(p): k for k, p in enumerate(reading.pieces)}
    mine = [k for k, p in enumerate(reading.pieces) if p.sentence == s.sentence
            and p.role == "statement" and s.latex in p.latex]
    return bool(mine) and at.get(id(r), len(reading.pieces)) < mine[0]


#: what a sentence leaves that concerns its own item only (never another item's statement)
_SENTENCE_NOTES = ("a side of an equivalence in words", "what the sentence concludes of",
                   "a case after 'otherwise'", "a condition in words, not read",
                   "condition not read: ")


def _own_left(left: list[str], placed: dict[str, Piece], reading: Reading, s: Piece
              ) -> list[str]:
    """What the environment left that concerns statement ``s``: its words not read are those
    of its sentence, of the sentences before it and of a later one that restricts it
    (:meth:`~proofs.tex.sentences.Reading.words_for`); a formula left in another item or in
    a later sentence concerns another statement."""
    out = []
    for why in left:
        if why in placed and _elsewhere(placed[why], s, reading):
            continue
        if why.startswith("words not read: '"):
            words = reading.words_for(s)
            if not words:
                continue
            why = "words not read: " + ", ".join(f"'{w}'" for w in words[:8]) + (
                " …" if len(words) > 8 else "")
        out.append(why)
    return list(dict.fromkeys(out))


def _elsewhere(p: Piece, s: Piece, reading: Reading) -> bool:
    """Whether piece ``p`` is in another item than ``s``, or in a later sentence that
    comments ("This motivates why we are interested in $\\Gamma_1^n \to 0$")."""
    return bool(p.item and s.item and p.item != s.item) or (
        p.sentence > s.sentence >= 0 and reading.commentary(p.sentence))


def _may_apply(s: Piece, hyps: list[Piece], fits: Callable[[Piece], bool],
               closed: set[int]) -> list[str]:
    """What a reading of ``s`` lists of the conditions it does not take: an earlier
    sentence's ("If A, then B. For C, we get D.": A is B's, not D's, yet it may reach D;
    "For $f \\in \\mathcal{S}$ with …, the rates are … If $n_0$ …, then …": the class may
    reach the second sentence through names defined elsewhere, κ = L/μ), or a remark's that
    concludes in its own words and names the statement's names."""
    return [f"a condition of another sentence may apply: {c.latex}" for c in hyps
            if not fits(c) and not (c.item and s.item and c.item != s.item)
            and (c.sentence < s.sentence or (c.sentence in closed
                                             and _shares_names(c.latex, s.latex)))]


def _applies(c: Piece, s: Piece, stating: set[int], remarks: set[int] = frozenset(),
             closed: set[int] = frozenset(),
             continued: dict[int, set[int]] | None = None) -> bool:
    """Whether condition ``c`` may be a hypothesis of statement ``s``: not another item's,
    not another stating sentence's unless ``s``'s sentence continues it ("If $x > 1$, then
    $x^2 > 1$. Moreover, $x^3 > 1$.": ``continued`` maps a sentence to those it goes on from),
    not a later
    remark's ("If $f$ is convex, the converse holds" after the statement), not a remark's
    that concludes in its own words ("Only for $\\kappa = 1$ we are in this phase")."""
    if c.item and s.item and c.item != s.item:
        return False
    if c.sentence in closed and c.sentence != s.sentence:
        return False
    if c.sentence in remarks and c.sentence > s.sentence:
        return False
    return not (c.sentence in stating and c.sentence != s.sentence
                and c.sentence not in (continued or {}).get(s.sentence, ()))


def _shown(u: Unread) -> str:
    """How ``extract --explain`` starts the line of a statement read as written."""
    if not u.read_as:
        return ""
    return f"read as {u.read_as}" + (" (reading incomplete)" if u.left else "") + "; "


def _outside(s: Piece, context: list[_Constraint], definitions: list[tuple[str, str]],
             decl_where: tuple[Declaration, ...], standing: set[str], where: Locate,
             conditions: str = "") -> list[str]:
    """What makes a reading of ``s`` incomplete from outside its environment: names it uses
    that the text defines or constrains elsewhere (and its environment does not), and names
    its ``conditions`` use that the text defines."""
    own = {re.split(r"[_^(]", n.strip(), maxsplit=1)[0] for n, _ in definitions}
    own |= {d.name for d in decl_where}
    own |= set(re.findall(r"\\(?:arg\s*\\?)?(?:min|max|sup|inf|sum|prod|argmin|argmax)\s*"
                          r"(?:\\limits\s*)?_\s*\{?\s*(\\?[A-Za-z]+)", s.latex))  # \min_\theta
    found = {c.name.rstrip("_"): c for c in context if c.name.rstrip("_") not in own
             and c.latex not in standing and (_names_exactly(s.latex, c.name)
                                              if c.role in ("words", "assumed") else
                                              (_mentions(s.latex, c.name) and (
                                                  not c.role.startswith("definition") or
                                                  _as_defined(s.latex, c))) or (
                                                  c.role.startswith("definition") and
                                                  conditions and _mentions(conditions, c.name)
                                                  and _as_defined(conditions, c)))}
    return [f"{name} is defined in words outside the statement ({_where_text(where, c.line)}: "
            f"'the {c.latex}')" if c.role == "words" else
            f"{name} is assumed in words outside the statement ({_where_text(where, c.line)}: "
            f"'{c.latex}')" if c.role == "assumed" else
            f"{name} is defined after the statement ({_where_text(where, c.line)}: {c.latex})"
            if c.role == "definition after" else
            f"{name} is {'defined' if c.role == 'definition' else 'constrained'} outside the "
            f"statement ({_where_text(where, c.line)}: {c.latex})" for name, c in found.items()]


#: accents that make another name of a letter (``\hat F`` is not ``F``)
_ACCENT = re.compile(r"\\(?:hat|tilde|bar|widehat|widetilde|overline|check|dot|ddot|vec|breve|"
                     r"mathring)\s*\{?\s*$")


def _marks(after: str) -> int:
    """How many stars and primes follow a name (``h^{**}``: 2, ``x'``: 1, ``w_t^*``: 1)."""
    m = re.match(r"\s*(?:_\s*(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?\w))?\s*('*)\s*"
                 r"(?:\^\s*(\{[^{}]*\}|\\star|\\ast|\S))?('*)", after)
    if m is None:
        return 0
    sup = m.group(2) or ""
    return (sup.count("*") + len(re.findall(r"\\(?:star|ast)(?![A-Za-z])", sup))
            + len(m.group(1)) + len(m.group(3)) + (sup.count("'") if sup else 0))


def _as_defined(statement: str, c: _Constraint) -> bool:
    r"""Whether ``statement`` writes the name a definition defines as the definition does:
    no accent where it has none, as many stars and primes (``F(x) = …`` defines neither
    ``\hat F`` nor ``F^*``; ``h^{**}(x) = …`` not ``h^*``).

    >>> c = _Constraint("h", 1, r"h^{**}(x) = \arg\min_y r(y)", "definition")
    >>> _as_defined(r"R(\hat h) - R(h^*) \le 1", c), _as_defined(r"h^{**}(x) \le 1", c)
    (False, True)
    """
    base = c.name.rstrip("_")
    start = re.match(rf"\s*{re.escape(base)}(?![A-Za-z])", c.latex)
    if start is None:  # "\hat F(x) = …", "\{…\}": not a name as written; as before
        return True
    want = _marks(c.latex[start.end():])
    for m in re.finditer(rf"(?<![A-Za-z\\]){re.escape(base)}(?![A-Za-z])", statement):
        if _ACCENT.search(statement[:m.start()]) is None and \
                _marks(statement[m.end():]) == want:
            return True
    return False


def _quantified(latex: str) -> str:
    """What a quantifier ranges over, shown (``x ∈ ℝ^{d}``, ``t=1,…,T``)."""
    from symbolic.latex_parse.opaque import display

    shown = as_written(latex)
    return display(latex) if "\\" in shown else shown


def _with_probability(s: Piece, reading: Reading, names: dict[str, Any]
                      ) -> tuple[str, list[Piece]]:
    r"""How the probability its sentence (or its item) states ``s`` with qualifies it ("with
    probability at least $1 - \delta$, …": ``with probability ≥ 1 - δ: ``), with the
    quantifiers written after it, which hold inside it ("with probability $0.99$, $\forall x
    \in \mathbb{R}^d$, …": one event for every x), and those quantifiers' pieces; ``("", [])``
    when none does."""
    from symbolic.latex_parse import parse_expr
    from symbolic.pretty import pretty

    order = {id(p): k for k, p in enumerate(reading.pieces)}
    for q in reading.of("probability"):
        after = q.sentence == s.sentence + 1 and q.item == s.item and s.display and \
            re.match(r"\s*(?:with\s+probability|w\.\s*p\.)", q.said) is not None and \
            not any(p.sentence == q.sentence and (order[id(p)] < order[id(q)] or
                                                  p.role == "statement") for p in reading.pieces)
        # "\[ … . \] with probability higher than $1-\delta$ over the sample": the display's
        if q.sentence == s.sentence or (q.item and q.item == s.item) or after:
            text = re.sub(r"^\s*\\(?:ge|geq)(?![A-Za-z])", "", q.latex)
            try:
                bound = pretty(parse_expr(text, dict(names) or None, opaque=True))
            except (ValueError, TypeError, ArithmeticError):
                bound = text
            at_least = re.search(r"\b(?:least|than)\W*$", q.said) or q.latex.lstrip(
                ).startswith("\\ge")  # "with probability $1 - 2/T$": as written
            inside = [p for p in reading.pieces if p.sentence == q.sentence == s.sentence
                      and order[id(q)] < order[id(p)] < order.get(id(s), len(order))
                      and (re.match(r"\s*\\forall(?![A-Za-z])", p.latex) or (
                          p.role == "condition" and re.search(
                              r"\bfor\s+(?:any|all|every|each)(?:\s+fixed)?\W*$", p.said)))]
            bare = [re.sub(r"^\s*\\forall\s*", "", p.latex) for p in inside]
            each = "".join(f"∀ {_quantified(b)}: " for b in bare)
            return f"with probability {'≥ ' if at_least else ''}{bound}: {each}", inside
    return "", []


_METHOD_WORDS = {"gradient", "descent", "step", "size", "stepsize", "learning", "rate"}


#: "let $x^*$ be a minimizer of $f$." (the class's minimiser, and nothing said of where it is
#: taken: "over $C$", "on", "subject to" or any other word after "of $f$" leave the word
#: unread); "unique" is not read: a claim for every minimiser is proved for the unique one,
#: but its refutation may have several; "global" is needed for a nonconvex class
_MINIMIZER_SENTENCE = re.compile(
    r"\$\s*[^$]*?(?:\^|_)\s*\{?\s*(?:\*|\\star)\s*\}?\s*\$\s+(?:be|is|denotes?)\s+(?:a|the|any)\s+"
    r"(?P<global>global\s+)?(?P<word>minimi[sz]er|minimum)\s+of\s+\$\s*(?P<f>\\?[A-Za-z]+(?:\{\w\})?)\s*\$"
    r"\s*(?=[.,;]|\s+(?:and|then)\b|$)", re.I)
#: "let $w_*$ be the unique minimum", "$x^\star$ denotes a minimizer": a minimiser, said so
_NAMED_MINIMUM = re.compile(
    r"(?:\$|\\\()\s*[^$]*?(?:\^|_)\s*\{?\s*(?:\*|\\star|\\ast)\s*\}?\s*(?:\$|\\\))\s+"
    r"(?:be|is|denotes?)\s+(?:a|the|any|its)\s+(?:(?:unique|global)\s+)*(?:minimi[sz]er|minimum)"
    r"(?:\s+of\s+(?:\$|\\\()\s*(?P<f>[^$]*?)\s*(?:\$|\\\)))?(?=\s*(?:[.,;]|and\b|then\b|$))",
    re.I)  # "… over $C$", "subject to", "along a line": another minimiser (review 36d)


def _star_described(star: str, latex: str, body: str, function: str = "") -> bool:
    r"""Whether the prose of ``body`` says something of the starred point ``star`` in a formula
    of its own other than the statement ``latex`` and "let $x^*$ be a minimizer of $f$":
    a stationary point, a maximiser, "$\nabla f(x^*) = 0$". The reading takes a starred point
    for a minimiser only when the text says nothing else of it.

    >>> _star_described("x^*", "f(x^*) \\le f(x)", r"Let $x^*$ be a stationary point. Then "
    ...                 r"$f(x^*) \le f(x)$.")
    True
    >>> _star_described("x^*", "f(x^*) \\le f(x)", r"Let $x^*$ be a minimizer of $f$. Then "
    ...                 r"$f(x^*) \le f(x)$.")
    False
    """
    base = re.split(r"\s*(?:\^|_)", star, maxsplit=1)[0].strip()
    mark = re.compile(rf"(?<![A-Za-z\\]){re.escape(base)}\s*(?:\^|_)\s*\{{?\s*(?:\*|\\star|"
                      r"\\ast)\s*\}?")
    def own(m: re.Match) -> str:  # "a minimizer of $g$": another function's, described
        f = m.group("f")
        same = not function or f is None or re.sub(r"\s+", "", f) == re.sub(r"\s+", "",
                                                                          function)
        return " " if same else m.group(0)
    prose = _NAMED_MINIMUM.sub(own, blank_displays(body))  # it holds _MINIMIZER_SENTENCE's
    flat = re.sub(r"\s+", "", latex)
    for m in re.finditer(r"(?<![\\$])\$(?!\$)([^$]+)\$|\\\((.+?)\\\)", prose, re.S):
        formula = m.group(1) or m.group(2)
        if flat in re.sub(r"\s+", "", formula):
            continue  # the statement itself
        if mark.search(formula):
            return True
    return False


_MINIMIZER_WORDS_ANYWHERE = re.compile(r"\b(?:minimi[sz]\w*|minimum|minima)\b", re.I)


def _without_method_words(left: list[str], read: ReadClaim, body: str = "") -> list[str]:
    """What the reading left, less the words naming the method a statement for every number
    of steps was read with ("gradient descent with step size h"), and the words of a class
    read from them ("$\nabla f$ is $L$-Lipschitz continuous": f is L-smooth)."""
    from proofs.tex.classes import gradient_lipschitz, unnamed_gradient_lipschitz
    from symbolic.classes.horizon import HorizonClaim

    known = set(_METHOD_WORDS) if isinstance(read.claim.classes, HorizonClaim) else set()
    if gradient_lipschitz(body):
        known |= {"lipschitz", "continuous", "gradient"}
    if any(w.startswith("the constant of ") for w in read.left):  # its words are read
        known |= {w.lower() for _, words in unnamed_gradient_lipschitz(body)
                  for w in re.split(r"[- ]", words)}
    minimizer = _MINIMIZER_SENTENCE.search(body) if re.search(
        r"(?:\^|_)\s*\{?\s*(?:\*|\\star)", read.statement) else None
    named = minimizer is not None and re.search(
        rf"{re.escape(minimizer.group('f'))}\s*\(", read.statement) is not None
    if named and (minimizer.group("global") or minimizer.group("word").startswith("minimum")
                  or not any(f.global_minimum for f in _class_functions(read))) and \
            len(_MINIMIZER_WORDS_ANYWHERE.findall(body)) == 1:
        known.add(minimizer.group("word").lower())  # "let x^* be a minimizer of f."
        if minimizer.group("global"):
            known.add("global")
    if not known:
        return left
    out = []
    for why in left:
        if why.startswith("words not read: "):
            words = [w for w in re.findall(r"'([^']*)'", why) if w.lower() not in known]
            more = why.rstrip().endswith("…")  # the list was cut: what follows is unread too
            if words or more:
                out.append("words not read: " + ", ".join(f"'{w}'" for w in words)
                           + (" …" if more else ""))
            continue
        out.append(why)
    return out


def _class_functions(read: ReadClaim) -> list[Any]:
    """The functions of a claim about every function of a class (of one instance of a
    claim for every number of steps), or ``[]``."""
    classes = read.claim.classes
    functions = getattr(classes, "functions", None)
    if functions is None and hasattr(classes, "instance"):
        try:
            functions = classes.instance(getattr(classes, "first", 1)).functions
        except (ValueError, TypeError):
            functions = []
    return list(functions or [])


_DISPLAY = re.compile(r"\\begin\{(equation|align|gather|multline|eqnarray)(\*?)\}(.*?)"
                      r"\\end\{\1\2\}", re.S)


def labelled_displays(tex: str) -> dict[str, str]:
    r"""Each labelled displayed formula of ``tex`` by its label: the row of the display that
    carries the label, without ``\label``, ``\tag``, ``&`` and the final punctuation (what a
    ``\ref`` to it names: a method's recurrence, say).

    >>> labelled_displays(r"\begin{align}\label{eq:gd}\tag{GD} x_{k+1} = x_k - h g_k."
    ...                   r"\end{align}")
    {'eq:gd': 'x_{k+1} = x_k - h g_k'}
    """
    out: dict[str, str] = {}
    for m in _DISPLAY.finditer(tex):
        for row in re.split(r"\\\\(?:\[[^\]]*\])?", m.group(3)):
            labels = re.findall(r"\\label\s*\{([^{}]*)\}", row)
            if not labels:
                continue
            text = re.sub(r"\\(?:label|tag\*?)\s*\{[^{}]*\}", " ", row)
            text = re.sub(r"\\nonumber|\\notag|&", " ", text)
            text = re.sub(r"\s+", " ", text).strip().rstrip(".,;").strip()
            for lab in labels:
                out[lab] = text
    return out


def _class_statement(cid: str, s: Piece, source: str, classes: list[Piece], body: str,
                     hyps: list[Piece], definitions: list[str] = ()  # type: ignore[assignment]
                     ) -> tuple[ReadClaim, list[Piece]] | None:
    """The statement read as a claim about every function of its class
    (:mod:`proofs.tex.classes`), with the conditions it took, or None when it is not one."""
    from proofs.tex.classes import (
        ClassReading,
        as_text,
        gradient_lipschitz,
        gradient_of,
        read_class_statement,
        set_classes,
        unnamed_gradient_lipschitz,
    )
    from symbolic.claim import Claim
    from symbolic.classes.statement import ClassClaim, placeholder

    sequence = re.search(r"_\s*\{?\s*[a-zA-Z]\s*\}?", s.latex) is not None and bool(
        re.search(r"gradient\s+descent", body, re.I) or definitions)
    named = [(_class_name(c), c.said) for c in classes
             if _mentions(s.latex, _class_name(c)) or sequence]
    unnamed = gradient_of(s.latex)  # "a function with L-Lipschitz gradient": this one
    named += [(name or unnamed, w) for name, words in [*set_classes(body),
                                                       *gradient_lipschitz(body)]
              if (name or unnamed) and (_mentions(s.latex, name or unnamed) or sequence)
              for w in words]
    notes = []
    for name, words in unnamed_gradient_lipschitz(body):  # "f has Lipschitz gradient"
        if any(n == name for n, _ in named) or not _mentions(s.latex, name):
            continue
        constant = _one_constant(cid, s.latex, name, named, [h.latex for h in hyps],
                                 definitions, body)
        if constant:
            named.append((name, f"{constant}-smooth"))
            notes.append(f"the constant of '{words}' is not named: read as {constant}, the "
                         "one constant the statement uses")
    if not named:
        return None
    got = read_class_statement(cid, s.latex, named, [h.latex for h in hyps], definitions, body)
    if not isinstance(got, ClassReading):
        return None
    star = getattr(got.claim, "minimizer", "")
    function = named[0][0] if named else ""
    if star and _star_described(star, s.latex, body, function):
        return None  # "let $x^*$ satisfy $\nabla f(x^*) = 0$", "a stationary point": the
        # star is not the minimiser the reading would take it for
    got.left = [*notes, *got.left]
    m = re.search(r"\\(?:le|leq|leqslant|ge|geq|geqslant)(?![A-Za-z])|[<>]", s.latex) or \
        re.search(r"(?<![:<>!\\])=(?!:)", s.latex)
    lhs, rhs = (s.latex[:m.start()], s.latex[m.end():]) if m else (s.latex, "")
    rel = got.claim.conclusion.rel if isinstance(got.claim, ClassClaim) else \
        ("<=" if re.search(r"\\le|<", s.latex) else ">=")
    claim = Claim(cid, placeholder(as_text(lhs)), rel, placeholder(as_text(rhs)), source=source,
                  classes=got.claim)
    taken = [h for h in hyps if h.latex in got.consumed or set_classes(h.latex) or any(
        p.name in h.latex or f"\\{p.name}" in h.latex for p in got.claim.parameters)
        or (not isinstance(got.claim, ClassClaim) and (re.fullmatch(
            rf"\s*{got.claim.N.name}\s*(?:\\geq?|\\geqslant|>)\s*\d+\s*", h.latex)
            or h.latex.strip() in got.claim.consumed))]
    return ReadClaim(cid, s.latex, (), (), source, left=list(got.left), claim=claim), taken


_NAME_TOKEN = re.compile(r"\\math(?:cal|scr|bb|rm|bf|it)\s*\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z]")


def _one_constant(cid: str, latex: str, function: str, named: list[tuple[str, str]],
                  conditions: list[str], definitions: list[str], body: str) -> str | None:
    r"""``L``, the usual name of a gradient's Lipschitz constant, when ``latex`` uses it, no
    condition constrains it otherwise, and read as ``function``'s constant it leaves no other
    constant in the statement (``\frac{1}{2L}\|\nabla f(x)\|^2 \le f(x) - f(x^*)``); else
    None (another name is never guessed to be the constant)."""
    from proofs.tex.classes import ClassReading, read_class_statement

    tokens = {re.sub(r"\s+", "", m.group(0)) for m in _NAME_TOKEN.finditer(latex)}
    if "L" not in tokens or re.sub(r"\s+", "", function) == "L" or any(
            _mentions(h, "L") for h in conditions):
        return None
    got = read_class_statement(cid, latex, [*named, (function, "L-smooth")], conditions,
                               definitions, body)
    if isinstance(got, ClassReading) and not any("range is not stated" in why
                                                 for why in got.left):
        return "L"
    return None


#: the statements a sentence makes without asserting each of its formulas, by role
_JOINED = {"existential": "existential statement", "equivalence": "equivalence",
           "disjunction": "disjunction"}


def _read_as_written(reading: Reading, base: str, statements: int, names: dict[str, Any],
                     where: Locate, env: Environment, out: Extraction,
                     env_left: list[str] = (),  # type: ignore[assignment]
                     placed: dict[str, Piece] | None = None) -> None:
    """Each sentence's existential, equivalence or disjunction as one statement, not checked.
    An equivalence of two formulas (``A ⟺ B``), or of a formula and words (``(a side said
    in words) ⟺ A``), is read as written, each formula in opaque mode (the reading is
    incomplete); an existential or a disjunction is recognised and not read: which formulas
    it governs and what it quantifies are not read (an audit found most such readings
    showed a hypothesis or a range as what is asserted)."""
    groups: dict[tuple[str, int], list[Piece]] = {}
    for k, p in enumerate(reading.pieces):
        if p.role in _JOINED:
            groups.setdefault((p.role, p.sentence if p.sentence >= 0 else -1 - k), []).append(p)
    total = statements + len(groups)
    emitted: dict[int, Unread] = {}  # a group's first piece -> its record
    binders: set[int] = set()  # the existentials read with the statements after them
    bound_by: dict[int, list[str]] = {}  # an existential -> the ids of the records it binds
    for g, ((role, _), pieces) in enumerate(groups.items(), start=statements + 1):
        cid = base if total == 1 else f"{base}:part-{g}"
        category = _JOINED[role]
        source = _source(f"{env.name}{'' if total == 1 else f' part {g}'}", pieces[0], where)
        joint = " ⟺ " if role == "equivalence" else " or " if role == "disjunction" else "; "
        text = pieces[0].latex
        listed = role == "equivalence" and pieces[0].sentence != reading.equivalent_items
        for k, p in enumerate(pieces[1:], start=1):  # an alternative "$x > 0$ and $y > 0$",
            # and the items after "$A$ iff": and, within a side
            side = listed and p.item in reading.iff_items and \
                pieces[k - 1].item in reading.iff_items
            within = (role == "disjunction" and not re.search(r"\bor\b", p.said)) or side
            text += (", " if side and p.item == pieces[k - 1].item else
                     " and " if within else joint) + p.latex
        formulas = [f.strip() for p in pieces for f in IFF.split(p.latex) if f.strip()]
        read_as, error = "", (f"{category}: which formulas it governs, and what it "
                              "quantifies, are not read")
        left = [f"{NOT_READ[role]}: what it quantifies or joins in words is not read"]
        if role == "equivalence" and pieces[0].sentence == reading.equivalent_items:
            error = (f"{category}: the items of a list the text says are equivalent are "
                     "not read")
        elif role == "equivalence":  # read when it reads, with one or two formulas
            quants = [p for p in pieces if re.match(r"\s*\\forall(?![A-Za-z])", p.latex) or (
                re.search(r"\bfor\s+(?:all|any|every|each)\W*$", p.said)
                and MEMBERSHIP.fullmatch(p.latex))]  # "iff for all $x \in \dom(f)$, $$…$$"
            sides = [f.strip() for p in pieces if p not in quants
                     for f in IFF.split(p.latex) if f.strip()]
            quantifier = re.sub(r"^\s*\\forall\s*", "", quants[0].latex) \
                if len(quants) == 1 and pieces.index(quants[0]) == len(pieces) - 2 else ""
            if quants and not quantifier:
                sides = formulas
            stating, openings = reading.stating(), reading.openings()
            said = [f"{membership(name)} {what}" for name, what, at, item, sentence
                    in reading.classes if 0 <= sentence <= pieces[0].sentence
                    and (not item or not pieces[0].item or item == pieces[0].item)
                    and any(_mentions(f, name) for f in sides) and (
                        (sentence == pieces[0].sentence and (_ASSUMING_LEAD.match(
                            reading.class_leads.get((name, what, at), "")) or (
                            _ASSUMING_LEAD.match(openings.get(sentence, "")) and not re.search(
                                r"\bthen\b", reading.class_leads.get((name, what, at), "")))))
                        # "If $f$ is …", "Let $f: K \to \mathbb{R}$ be twice differentiable,
                        # then …" (not what "then" says)
                        or (sentence < pieces[0].sentence and sentence not in stating))]
            shown, notes, why = equivalence(sides, names, _before_conditions(reading, pieces),
                                            quantifier, said)
            if any(MEMBERSHIP.fullmatch(f) for f in sides) and len(sides) == 1:
                shown, why = "", ("a membership is no side of an equivalence said in words "
                                  "('continuous at x in dom(f) iff …')")
            read_as, error = (shown, "") if shown and len(sides) <= 2 else ("", why or error)
            mine = {f"{NOT_READ[role]}: {p.latex}" for p in pieces}  # what it reads, and
            own = [w for w in _own_left(list(env_left), placed or {}, reading, pieces[0])
                   if w not in mine]
            left = [*(left if len(sides) == 1 else []), *own, *notes]  # a side in words
        elif role == "existential" and pieces[0].sentence in reading.assumed:
            error = (f"{category}: an existential among the assumptions ('Suppose the "
                     "following holds:') is not read")
        elif role == "existential":  # "there exists $c > 0$ such that $…$"
            before = _before_conditions(reading, pieces)
            shown, left, why = existential(pieces, before, names,
                                           reading.trailing.get(pieces[0].sentence, ""))
            binder = _binder(groups, pieces, reading) if not shown and \
                THERE_EXISTS.search(pieces[0].said) is None else []
            if not shown and binder:  # "… there exists a constant $c > 0$ such that the
                # following holds: \item If $q = 1$, then $$…$$": ∃ c > 0: if q = 1: …
                order = {id(p): k for k, p in enumerate(reading.pieces)}
                mine_before = [c for c in before if order.get(id(c), -1) >
                               order.get(id(binder[-1]), len(order))]  # after the binder:
                # the item's own ("If $q = 1$, then"), inside the quantifier
                qualifier, _ = _with_probability(pieces[0], reading, names)
                shown, left, why = existential(
                    [*binder, replace(pieces[0], said="such that " + pieces[0].said),
                     *pieces[1:]],
                    mine_before, names, reading.trailing.get(pieces[-1].sentence, ""),
                    inner=True, outer=[c for c in before if c not in mine_before],
                    qualifier=qualifier)
                if shown:
                    bound_by.setdefault(id(binder[0]), []).append(cid)
                if shown and all(any(b is o for b in binder) for o in next(
                        (g for g in groups.values() if any(g[0] is b for b in binder)),
                        binder)):
                    binders.add(id(binder[0]))  # it quantifies only: read with what it binds
            if shown:  # "denote $\sigma^2 = \sup …$. Then there exist …": what σ stands for
                shown += _where(" ".join(p.latex for p in [*pieces, *before]),
                                reading.of("definition"), names, left)  # its conditions' too
                # ("$n \ge 1/\sigma^2_F$" after "Set $\sigma^2_F = …$")
            mine = {f"{NOT_READ[role]}: {p.latex}" for p in [*pieces, *binder]}  # what it
            # reads (with the existential of the sentence before it that binds its names)
            own = _own_left(list(env_left), placed or {}, reading, pieces[0])
            left = [*(w for w in _except_words(own, UNDERSTOOD) if w not in mine),
                    *left, *(  # words, classes, …
                f"a function class, not shown: {name} is {what}"
                for name, what, *_ in reading.classes)]
            left = list(dict.fromkeys(left))  # the words of the sentence, said once
            read_as, error = (shown, "") if shown else ("", f"{category}: {why}")
        if read_as:
            left = [*left, *_general_norm(text, env.body)]
        if read_as and reading.random:  # "Let $z_1, …, z_n$ be i.i.d. according to $P$":
            # what the words say of the random quantities is not in this reading (audit 37)
            left = list(dict.fromkeys([*left, *(
                f"a condition about random quantities not shown: {c.latex}"
                for c in reading.random_conditions), *(
                [f"words about the random quantities not read: "
                 f"{', '.join(repr(w) for w in reading.random_words)}"]
                if reading.random_words else [])]))
        out.unread.append(Unread(cid, text, source, error, category, read_as,
                                 left if read_as else []))
        out.order.append(out.unread[-1])
        emitted[id(pieces[0])] = out.unread[-1]
    for used in (emitted[k] for k in binders if k in emitted):  # read with what it binds
        out.unread.remove(used)
        out.order.remove(used)
    for ids in bound_by.values():  # "there exists $c$ such that … \item A \item B": one c
        if len(ids) > 1:  # for both, each read alone with its ∃
            for u in out.unread:
                if u.claim_id in ids and u.read_as:
                    u.left.append("the existential binds the other items too (one value "
                                  "for all of them): read for this one alone")


def _binder(groups: dict[tuple[str, int], list[Piece]], pieces: list[Piece],
            reading: Reading) -> list[Piece]:
    """The pieces of the existential of an earlier sentence whose names ``pieces`` use
    ("there exists a constant $c > 0$ such that the following holds:", then items about c),
    when that existential quantifies only (what it asserts comes after it), or the names a
    "there are" before them lists ("there are universal constants $c, c'$ and $C$ for which
    the following holds: $$…$$"); else ``[]``."""
    order = {id(p): k for k, p in enumerate(reading.pieces)}
    first = order.get(id(pieces[0]), len(order))
    listed: list[Piece] = []  # the names a "there are" lists, and those "and" adds to them
    for p in reading.pieces[:first]:
        if p.role != "mention" or not _NAME_LIST.fullmatch(p.latex):
            continue
        if THERE_EXISTS.search(p.said) and not _ASSUMED_EXISTS.search(p.said):
            listed = [p]
        elif listed and p.sentence == listed[-1].sentence and \
                re.fullmatch(r"\W*(?:and\b)?\W*", p.said):
            listed.append(p)
    if listed and any(_mentions(q.latex, n.strip()) for q in pieces
                      for p in listed for n in p.latex.split(",") if n.strip()):
        return listed
    for (role, sentence), others in groups.items():
        if role != "existential" or sentence >= pieces[0].sentence or sentence < 0 or \
                not THERE_EXISTS.search(others[0].said):
            continue
        quantified = [others[0]]  # up to what it asserts: "such that", "with", "s.t."
        for o in others[1:]:
            if _EXISTS_BODY.search(o.said):
                break
            quantified.append(o)
        rest = others[len(quantified):]
        if rest and all(_FOR_EVERY.search(o.said) for o in rest):  # "… such that for every
            quantified = others  # $n \ge 1$ the following holds:": ∃ c: ∀ n ≥ 1: …
        if any(_shares_names(o.latex, p.latex) for o in quantified for p in pieces) and \
                existential(quantified, [], {})[2] == "what it asserts is said in words":
            return quantified  # "there exists $0 < \eta < 1/4$, $\gamma > 0$ s.t. \item …
            # \item …": the second item is bound too
    return []


#: the words before a quantifier's range ("for every $n \ge 1$")
_FOR_EVERY = re.compile(r"\bfor\s+(?:all|every|any|each)\b[^.;]*$")
#: the words after which an existential's formulas are what it asserts
_EXISTS_BODY = re.compile(r"\bs\.\s*t\.|\b(?:such that|so that|satisf\w*|for which|with)\b")
#: an existential the text assumes, not asserts ("Suppose there are constants …")
_ASSUMED_EXISTS = re.compile(r"\b(?:suppose|assume|assuming|if|whenever|let|given)\b")
_BOUND_NAMES = re.compile(r"\\?[A-Za-z]+'*(?:_\{?\\?\w+\}?)?")


#: the words before a name that make what is said of it assumed ("If $f$ is convex, then")
_ASSUMING_LEAD = re.compile(r"(?:if|suppose|assume|let|given|when)\b(?!.*\bthen\b)")


def _before_conditions(reading: Reading, pieces: list[Piece]) -> list[Piece]:
    """The conditions that may hold for a sentence's existential or equivalence: its
    sentence's, and those of the sentences before it that state nothing of their own and do
    not conclude in words, in its item."""
    stating, closed = reading.stating(), reading.closed_remarks()
    return [c for c in [*reading.pieces, *reading.word_conditions]
            if c.role == "condition" and 0 <= c.sentence <= pieces[0].sentence
            and (not c.item or not pieces[0].item or c.item == pieces[0].item)
            and (c.sentence == pieces[0].sentence or (
                c.sentence not in stating and c.sentence not in closed))]


def _class_constants(classes: list[Piece], env: Environment, others: list[Piece]
                     ) -> list[Piece]:
    r"""``L > 0`` for "$f$ is $L$-smooth" (``\mu > 0`` for $\mu$-strongly convex, ``G > 0`` for
    $G$-Lipschitz, and those of ``f \in \mathcal{F}^{1,1}_L``), as the class declares its
    constant: a condition of the statements that name it, unless another condition or
    definition of the environment names the constant (``\mu = 0``, a limit case the text
    states: the two together would make every statement hold vacuously)."""
    from proofs.tex.classes import set_classes

    words = [c.said for c in classes] + [w for _, ws in set_classes(env.body) for w in ws]
    found = [m.group(1) for w in words
             for m in [re.match(r"\s*(\\?[A-Za-z]+)\s*-\s*(?:smooth|strongly\s+convex|"
                                r"Lipschitz)", w)] if m]
    return [Piece(f"{c} > 0", env.body_line, 0, "condition", "class constant", sentence=-1)
            for c in dict.fromkeys(found) if not any(_mentions(o.latex, c) for o in others
                                                     if not set_classes(o.latex))]


def _opaque_category(latex: str, names: dict[str, Any]) -> str:
    r"""The category of the first atom of ``latex`` read in opaque mode (``D(\mu \| \pi)``,
    a function not defined: "abstract function"), when the plain reading fails on what opaque
    mode reads as an atom, or "vectors not declared" when it reads only with names taken as
    vectors (``p^T M q``); ``""`` when opaque mode does not read it either, or the plain
    reading does."""
    from symbolic.latex_parse import parse_statement

    try:
        st = parse_statement(latex, dict(names) or None, opaque=True)
    except (ValueError, TypeError, ArithmeticError):  # "A ≲ B", "A ≈ B": shown as written
        other = unchecked_relation(latex, names)
        return other[2] if other else ""
    decided = [c for c in st.opaque if c != "two readings"]  # the first other one, if any
    if not st.opaque:  # it reads only with names taken as vectors that nothing declares
        try:
            parse_statement(latex, dict(names) or None)
        except (ValueError, TypeError, ArithmeticError):
            return "vectors not declared"
        return ""
    return (decided or [*st.opaque, ""])[0]


def _class_name(c: Piece) -> str:
    """The function a class piece (``f is L-smooth``) is about."""
    return c.latex[:len(c.latex) - len(c.said) - len(" is ")]


def _opaque_reading(s: Piece, names: dict[str, Any], conditions: list[Piece],
                    classes: list[Piece] = (),  # type: ignore[assignment]
                    definitions: list[Piece] = (),  # type: ignore[assignment]
                    qualifier: str = "", said: Sequence[str] = (),
                    surely: set[str] = frozenset()) -> tuple[str, list[str]]:
    """What a statement the checker cannot take was read as (the reader's opaque mode:
    ``Pr[X ≥ t] ≤ E[X]/t``), with the conditions that name what it names, and the conditions
    among them that do not read (shown as written, and listed: the reading is incomplete);
    ``("", [])`` when it does not read even so."""
    from symbolic.latex_parse import parse_statement, vectors_read
    from symbolic.latex_parse.opaque import display
    from symbolic.pretty import pretty, unicode_name

    try:
        st = parse_statement(s.latex, dict(names) or None, opaque=True)
        body, unread = "; ".join(pretty(p) for p in st.props), list(st.undecided)
        own = [pretty(c) for c in st.conditions]
        own += [pretty(c) for c in _cancelled(st)]  # (1/√λ)(√λ): λ > 0, which the author's
        # formula needs and the simplified reading no longer shows (audit 37b)
        taken = vectors_read(s.latex, dict(names) or None)
        if taken:  # x^T y might be a power of a number x: the reading took a vector
            unread.append("read as vectors, which nothing declares: "
                          + ", ".join(display(n) for n in taken))
    except (ValueError, TypeError, ArithmeticError):
        other = unchecked_relation(s.latex, names)  # "A ≲ B", "v ∈ ∂f(x)": as written
        if other is None:
            return "", []
        (body, unread, _), own = other, []
    hyps = [*said, *(unicode_name(c.latex) for c in classes
                     if _mentions(s.latex, _class_name(c)))]  # "f is L-smooth": in words
    unread += [f"a condition of the statement not shown: {c.latex}" for c in classes
               if not _mentions(s.latex, _class_name(c))]  # "Suppose $F$ is strongly convex,
    # and let $w = \arg\min_z F(z)$": F's class, which the statement names through w
    hyps += own
    ranges = {m.group(1): m.group(2) for c in conditions
              for m in [_INDEX_RANGE.fullmatch(c.latex)] if m}  # "for each $i \in [n]$"
    quantified: set[str] = set()
    for c in sorted(conditions, key=lambda c: bool(_INDEX_RANGE.fullmatch(c.latex))):
        m = _INDEX_RANGE.fullmatch(c.latex)  # the ranges last: shown in the quantifier of
        if m and m.group(1) in quantified:  # what they range over, else as conditions
            continue
        if not _shares_names(c.latex, s.latex):  # it may reach the statement through names
            if not SIGNATURE.fullmatch(c.latex):  # defined elsewhere (R := … β …): said
                unread.append(f"a condition of the statement not shown: {c.latex}")
            continue
        if SIGNATURE.fullmatch(c.latex):  # "f: \mathbb{R}^d \to \mathbb{R}": what f maps
            hyps.append(as_written(c.latex))
            continue
        try:
            cs = parse_statement(c.latex, dict(names) or None, opaque=True)
            each = _free_indices(c.latex, s.latex)  # |Z_i - Z_{i-1}| ≤ c_i: for every i
            each += [a for a in dict.fromkeys(re.findall(r"\(\s*([a-z])\s*\)", c.latex))
                     if a in ranges and a not in each and not re.search(
                         rf"(?<![A-Za-z\\]){a}(?![A-Za-z])", s.latex)]  # "$p_t(a) > 0$ for
            # every $a \in [N]$": one condition for each a
            shown = [pretty(p) for p in cs.props + cs.conditions]
            suffix = " almost surely" if c.latex in surely else ""  # "$a \le X$ almost surely"
            if suffix and len(shown) > 1 and not each:
                shown = [f"({'; '.join(shown)})"]
            if each:  # ∀ i ∈ [n]: (a_i ≤ X_i; X_i ≤ b_i), one quantifier over the condition
                quantified |= {i for i in each if i in ranges}
                head = ", ".join(f"{i} ∈ [{display(ranges[i])}]" if i in ranges else i
                                 for i in each)
                held = shown[0] if len(shown) == 1 else f"({'; '.join(shown)})"
                hyps.append(f"∀ {head}: {held}{suffix}")
            else:
                hyps += [f"{t}{suffix}" for t in shown]
            unread += cs.undecided
        except (ValueError, TypeError, ArithmeticError):
            if MEMBERSHIP.fullmatch(c.latex):  # "h ∈ ℋ", "f ∈ ℱ^{1,1}_L": as written
                hyps.append(membership(c.latex))
                continue
            sets = set_statement(c.latex, names)  # "S ⊆ [m]", "a ∈ ℝⁿ ∖ {0}"
            if sets is not None:
                hyps.append(sets)
                continue
            hyps.append(f"[{c.latex}, not read]")
            unread.append(f"condition not read: {c.latex}")
    body += _where(" ".join([s.latex, *(c.latex for c in conditions if _shares_names(
        c.latex, s.latex))]), definitions, names, unread)  # the conditions' definitions too
    return (f"if {'; '.join(dict.fromkeys(hyps))}: " if hyps else "") + qualifier + body, unread


#: the words before the range a sentence gives its own name ("for all $x \ge 2$", "Also, for
#: $x > 1$")
_OWN_RANGE = re.compile(r"\bfor(?:\s+(?:every|all|any|each)\b[^.;$]*)?\W*$")
#: the words before a quantifier's range in a condition ("for every $\epsilon > 0$")
_FOR_EACH = re.compile(r"\bfor\s+(?:every|all|any|each)\b[^.;$]*$")


#: a norm written without its subscript (‖x‖, ||x||): read as the Euclidean norm
_PLAIN_NORM = re.compile(r"(?:\\\||\|\||\\lVert|\\Vert)(?:[^|_]|\|(?!\|))*?"
                         r"(?:\\\||\|\||\\rVert|\\Vert)(?!\s*_)")
#: words or formulas of an environment that speak of norms other than the Euclidean one
_OTHER_NORMS = re.compile(r"\|\s*\\cdot\s*\\?\||\\[lr]?Vert\s*\\cdot|\bdual norm|"
                          r"\b(?:any|arbitrary|general|some)\s+norm|respect to (?:a|the|any)?\s*"
                          r"norm|\bnorm\s+\$", re.I)


def _general_norm(statement: str, body: str) -> list[str]:
    r"""``["‖·‖ read as the Euclidean norm …"]`` when ``statement`` writes a norm without a
    subscript and its environment speaks of other norms (``\|\cdot\|_1``, "dual norm");
    else ``[]``.

    >>> _general_norm(r"D \ge ||x - y||^2", r"… $||\cdot||_1$ …")[0][:40]
    '‖·‖ read as the Euclidean norm ‖·‖₂, whi'
    >>> _general_norm(r"D \ge \|x - y\|_2^2", r"$\|\cdot\|_1$")
    []
    """
    if not _PLAIN_NORM.search(statement) or not _OTHER_NORMS.search(body):
        return []
    return ["‖·‖ read as the Euclidean norm ‖·‖₂, which the text may not mean (it speaks of "
            "other norms)"]


_TWINS = (("epsilon", "varepsilon"), ("phi", "varphi"), ("theta", "vartheta"),
          ("rho", "varrho"), ("sigma", "varsigma"), ("pi", "varpi"))


def _glyph_twins(statement: str, body: str) -> list[str]:
    r"""A note when ``statement`` writes one of two glyphs of a Greek letter (``\varepsilon``)
    and its environment the other (``\epsilon``): two names as printed, which the text may
    mean as one.

    >>> _glyph_twins(r"\varepsilon^2 < \varepsilon", r"Let $\epsilon \in (0,1)$.")[0][:30]
    '\\varepsilon and \\epsilon are t'
    """
    out = []
    for a, b in _TWINS:
        for one, other in ((a, b), (b, a)):
            if re.search(rf"\\{one}(?![A-Za-z])", statement) and \
                    re.search(rf"\\{other}(?![A-Za-z])", body):
                out.append(f"\\{one} and \\{other} are two names as printed (read apart), "
                           "which the text may mean as one")
    return out


def _cancelled(st: Any) -> list[Any]:
    """The conditions under which ``st``'s formula is defined that its reading no longer
    shows: a root's argument non-negative where the simplified reading has no such root
    (``(1/√λ)(√λ)`` needs ``λ ≥ 0`` as printed, and reads as 1)."""
    import sympy as sp

    under = set().union(*[e.base.free_symbols for p in st.props for side in (p.lhs, p.rhs)
                          for e in sp.preorder_traversal(sp.sympify(side))
                          if isinstance(e, sp.Pow) and not e.exp.is_integer])  # √n, x^p
    return [c for c in st.defined_if if c.rel.value == ">=" and c.rhs == 0
            and not sp.sympify(c.lhs).free_symbols & under]


def _subject(latex: str) -> set[str]:
    r"""The names a condition gives a range: its first operand that is not a number, when it
    is a name or a list of names (``x`` of ``0 < x < 1``, ``x \ge 0``, ``x, y \in [0, 1]``);
    a product or an expression (``0 < \alpha\lambda``) gives none.

    >>> sorted(_subject(r"0 < x \le 1")), sorted(_subject(r"x, y \in [0,1]"))
    (['x'], ['x', 'y'])
    >>> _subject(r"0<\alpha\lambda \le (1-\sqrt{\beta})^2")
    set()
    """
    for part in _RELATION_CUT.split(latex):
        part = part.strip()
        if not part or re.fullmatch(r"[-+]?\s*\d+(?:\.\d+)?", part):
            continue
        parts = [q.strip() for q in part.split(",")]
        if all(re.fullmatch(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?", q) for q in parts):
            return set(parts)
        return set()
    return set()


#: a condition that sets a name to one value: a case ("for $\lambda = 1/2$")
_CASE_VALUE = re.compile(r"\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*=(?!=)[^=<>]+")
#: letters that usually name integers (indices, counts), read as reals unless the text says
_INTEGER_LETTERS = ("i", "j", "k", "l", "m", "N")


def _counts(letter: str, text: str) -> bool:
    r"""Whether ``text`` uses ``letter`` as a count: in a subscript (``x_n``, ``_{1:n}``), as
    a big operator's bound (``\sum_{i=1}^n``), a space's size (``\mathbb{R}^{n \times d}``),
    an index range (``[n]``), a factorial or a binomial's part.

    >>> _counts("n", r"\sum_{i=1}^n x_i \le 1"), _counts("n", r"\frac{1}{n} \le 1")
    (True, False)
    >>> _counts("d", r"x \in \mathbb{R}^d"), _counts("n", r"a_n \le 1/n")
    (True, True)
    """
    at = rf"(?<![A-Za-z\\]){letter}(?![A-Za-z])"
    script = r"(?:\{(?:[^{}]|\{[^{}]*\})*\}|\\?[A-Za-z0-9])"
    for m in re.finditer(rf"_\s*{script}", text):  # a subscript
        if re.search(at, m.group(0)[1:]):
            return True
    for m in re.finditer(rf"(?:\\(?:sum|prod|max|min|bigcup|bigcap)(?:\s*\\limits)?\s*(?:_\s*"
                         rf"{script}\s*)?|\\mathbb\s*\{{?\s*R\s*\}}?\s*)\^\s*{script}", text):
        if re.search(at, m.group(0).rsplit("^", 1)[1]):
            return True
    return re.search(rf"\[\s*{letter}\s*\]|{at}\s*!|\\binom\s*\{{[^{{}}]*{at}|\\times\s*{letter}"
                     rf"(?![A-Za-z])|{at}\s*\\times", text) is not None


def _own_bounds(name: str, conditions: list[Piece]) -> list[Any]:
    """What the ``conditions`` say of ``name`` alone, read with ``name`` real (``0 < n < 1``);
    a condition that does not read is left out."""
    from symbolic.latex_parse import parse_props

    out = []
    for c in conditions:
        if not _mentions(c.latex, name):
            continue
        try:
            out += parse_props(c.latex, {name: ob_scalar(name)})
        except (ValueError, TypeError, ArithmeticError):
            continue
    return out


_SETS = re.compile(r"\s*(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*=(?!=)\s*(.+)", re.S)


def _sets_a_name(latex: str, names: dict[str, Any], reading: Reading,
                 others: Sequence[str] = ()) -> bool:
    r"""Whether a condition ``y = …`` gives a name nothing else declares, defines or
    constrains (none of the ``others`` conditions names it: "0 \le h \le …" makes
    "$h = …$" a case) its value by an expression of other names (``y = \sqrt{3x}``): it then
    defines y, and a claim with y replaced by its value says exactly what the condition does.

    >>> from proofs.tex.sentences import Reading
    >>> _sets_a_name(r"y = \sqrt{3x}", {}, Reading()), _sets_a_name("y = 2y - 1", {}, Reading())
    (True, False)
    >>> _sets_a_name(r"y = \sqrt{3x}", {}, Reading(), [r"y \ge 0"])
    False
    """
    m = _SETS.fullmatch(latex)
    if m is None or RELATION.search(m.group(2)) or _mentions(m.group(2), m.group(1)) or \
            not re.search(r"[A-Za-z]", m.group(2).replace("\\frac", "")) or \
            re.match(r"\s*\\(?:\{|left|mathcal|mathbb|\[)", m.group(2)) or \
            m.group(1) in names or _steps(latex) or DEFINING.search(latex):
        return False
    return not any(_mentions(d.latex.split("=")[0], m.group(1))
                   for d in reading.of("definition")) and not any(
        _mentions(o, m.group(1)) for o in others)


def ob_scalar(name: str) -> Any:
    """The real scalar ``name`` (``n`` the words say is real, not the size ``n``)."""
    from symbolic import objects as ob

    return ob.scalar(name)


def _named(prop: Any) -> set[Any]:
    """The names ``prop`` uses, sizes included (``n`` in ``2^n > 2n``: a condition on ``n``
    is the claim's; :attr:`Prop.symbols` leaves sizes out)."""
    from symbolic import objects as ob

    sizes = set(ob.DIMS.values())
    free = set().union(*(getattr(side, "free_symbols", set()) for side in (prop.lhs, prop.rhs)))
    return set(prop.symbols) | (free & sizes)


def _where(latex: str, definitions: Sequence[Piece], names: dict[str, Any],
           unread: list[str]) -> str:
    r"""``", where X = Σ_i X_i"``: the definitions of the environment (``let $X = \sum_i
    X_i$``) of the names ``latex`` uses, each read in opaque mode (one that does not read is
    shown in brackets and joins ``unread``); ``""`` when none."""
    from symbolic.latex_parse import parse_statement
    from symbolic.latex_parse.names import key
    from symbolic.pretty import pretty

    where = []
    taken: set[int] = set()
    reach = latex  # the statement, then the definitions it uses (μ = Σ μ_i/n uses μ_i)
    while True:
        found = [k for k, d in enumerate(definitions) if k not in taken and
                 any(_names_exactly(reach, n) or (re.fullmatch(r"\\?[A-Za-z]+_\{?\d+\}?", n) and
                                                  _mentions(reach, n.split("_")[0] + "_"))
                     for n in _defined_names(d.latex))]  # g_0 = 0 of a statement on g_n
        if not found:
            break
        taken |= set(found)
        reach += " " + " ".join(definitions[k].latex for k in found)
    for k, d in enumerate(definitions):
        if k not in taken:
            continue
        try:
            own = {key(n) for n in _defined_names(d.latex)}  # the name it defines, as written
            ds = parse_statement(d.latex, {name: value for name, value in names.items()
                                           if key(name) not in own} or None, opaque=True)
            where += [pretty(p) for p in ds.props + ds.conditions]
            unread += ds.undecided
        except (ValueError, TypeError, ArithmeticError):
            where.append(f"[{d.latex}, not read]")
            unread.append(f"definition not read: {d.latex}")
    return f", where {'; '.join(where)}" if where else ""


def _defined_names(latex: str) -> list[str]:
    r"""The names a definition may define: its left side (``\sigma^2_F = …`` also σ_F), or its
    right side when only that is a name (``\mathbb{E}(X_i) = \mu_i`` names μ_i).

    >>> _defined_names(r"\mathbb{E}(X_i) = \mu_i"), _defined_names(r"\sigma^2 = 1")
    (['\\mu_i'], ['\\sigma^2', '\\sigma'])
    """
    parts = re.split(r"\s*(?::=|=|\\coloneqq)\s*", latex, maxsplit=1)
    name = parts[0].strip()
    if len(parts) == 2 and (not NAMED.match(name) or RANDOM_MATH.match(name)) and \
            NAMED.match(parts[1].strip()):
        return [parts[1].strip()]
    root = re.sub(r"\^\s*(?:\{\s*2\s*\}|2)", "", name)
    return [n for n in dict.fromkeys([name, root]) if n]


def _except_words(left: list[str], understood: set[str]) -> list[str]:
    """``left`` with the words a reading understood taken out of its "words not read"."""
    out = []
    for why in left:
        if why.startswith("words not read: "):
            words = [w for w in re.findall(r"'([^']*)'", why) if w not in understood]
            if not words:
                continue
            why = "words not read: " + ", ".join(f"'{w}'" for w in words)
        out.append(why)
    return out


def _where_text(where: Locate, line: int) -> str:
    file, at = where(line)
    return f"{file}:{at}"


def _source(name: str, p: Piece, where: Locate) -> str:
    file, line = where(p.line)
    return f"{name}, {file}:{line}"


_DEFINED = re.compile(r"\s*(?::=|=:|\\coloneqq|\\eqqcolon|\\triangleq|\\doteq|\\equiv|"
                      r"\\stackrel\s*\{[^}]*\}\s*\{\s*=\s*\}|\\overset\s*\{[^}]*\}\s*\{\s*=\s*\}|"
                      r"(?<![<>!\\])=)\s*")


#: how a definition's chain that goes on (``\delta := x \le 1/2``) is listed as left
_CHAIN_REST = "a definition's chain goes on, and what it asserts is not read"


def _bind(definitions: list[Piece], names: dict[str, Any],
          ex: Explained) -> tuple[list[tuple[str, str]], list[str]]:
    """Bind each definition ``y = …`` (``y := …``) to its name in ``names``: the statements
    read after it see ``y`` as what it stands for. Returns the definitions bound and the
    names whose definitions could not be read."""
    from proofs.tex.bindings import function
    from symbolic.latex_parse import parse_expr
    from symbolic.latex_parse.names import key

    bound: list[tuple[str, str]] = []
    unbound: list[str] = []
    plain: list[tuple[str, str]] = []  # (key, value's LaTeX) of the names bound to values
    for d in [q for p in definitions for q in _plus_minus(p)]:
        parts = _DEFINED.split(d.latex, maxsplit=1)
        if len(parts) != 2:
            unbound.append(RELATION.split(d.latex, maxsplit=1)[0].strip())  # the name it is about
            ex.lines.append(("definition", d.latex, "not read: not of the form name = value"))
            continue
        lhs, rhs = parts
        if "=:" in d.latex or "\\eqqcolon" in d.latex:
            lhs, rhs = rhs, lhs
        lhs = lhs.strip()
        if not NAMED.match(lhs):  # "0 < \delta := a/2": not a name's value
            unbound.append(RELATION.split(lhs)[-1].strip() or lhs)
            ex.lines.append(("definition", d.latex, "not read: not of the form name = value"))
            continue
        call = re.fullmatch(r"(.+?)\s*\(\s*([^()]*?)\s*\)", lhs)
        rest = ""
        if RELATION.search(rhs) and DEFINING.search(d.latex) and "=:" not in d.latex \
                and "\\eqqcolon" not in d.latex:
            # "\delta := \sqrt{\kappa^{-1}}/2 \le 1/2": the name is its first link's value
            cut = RELATION.search(rhs)
            rhs, rest = rhs[:cut.start()], rhs[cut.start():].strip()
        try:
            if outer_relation(rhs) or not rhs.strip():  # not "= " in a script (\sum_{i=1}^n)
                raise ValueError("a chain: not bound")
            if not call and (_mentions(rhs, lhs) if re.fullmatch(r"\\?[A-Za-z]+", lhs)
                             else _names_exactly(rhs, lhs)):  # "y = x + y/2": an equation
                raise ValueError(f"{lhs} is on both sides: an equation, not a value")
            indexed = re.fullmatch(r"(\\?[A-Za-z]+)\s*_\s*\{?\s*([A-Za-z])\s*\}?", lhs)
            if indexed and re.search(rf"(?<![A-Za-z\\]){indexed.group(2)}(?![A-Za-z])", rhs):
                raise ValueError(f"a sequence defined by its index ({lhs}): read at that index "
                                 "only, so not bound (review 37d)")  # η_t = 1/√t
            if call:
                params = [p.strip() for p in call.group(2).split(",")]
                value = function(rhs, params, names)
                target = call.group(1).strip()
                free = getattr(parse_expr(rhs, names), "free_symbols", set())
                if not free & {parse_expr(p, names) for p in params}:
                    raise ValueError("its value does not depend on its arguments: an entry "
                                     "or a case set to a value, not a function")
            else:
                value, target = parse_expr(rhs, names), lhs
        except (ValueError, TypeError, ArithmeticError) as exc:
            unbound.append(lhs)
            if str(exc) == "a chain: not bound" and rhs.strip() and not re.search(
                    r",\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*=", rhs):  # "y = x^2 = 4" (not a
                ex.left.append(f"{_CHAIN_REST}: {d.latex}")  # list of definitions): not read
            if NAMED.match(rhs.strip()) and not DEFINING.search(d.latex):
                unbound.append(rhs.strip())  # "$\mathbb{E}(X_i) = \mu_i$": what names μ_i
            if re.search(r"\\(?:long)?mapsto(?![A-Za-z])", rhs):  # "functions from $z = (x, y)
                # \longmapsto [-1, +1]$": the range of functions the statement names
                ex.left.append(f"a map the text describes, not read: {d.latex}")
            ex.lines.append(("definition", d.latex, f"not read: {_first_line(exc)}"))
            continue
        if key(target) in names:  # one printed name is one object: never rebound
            unbound.append(lhs)
            ex.lines.append(("definition", d.latex, f"not read: {target} is already "
                             "defined in this environment"))
            ex.left.append(f"a second definition of {target}, not read: {d.latex}")
            continue
        names[key(target)] = value
        bound.append((lhs, rhs.strip()))
        shown = f"{lhs} ↦ {parse_expr(rhs, names)}" if call else f"{lhs} stands for {value}"
        if rest:  # what the text asserts of it may restrict the statements: incomplete
            shown += f" (the rest of the chain, {rest}, is not a definition: not read)"
            ex.left.append(f"{_CHAIN_REST}: {d.latex}")
        ex.lines.append(("definition", d.latex, f"read: {shown}"))
        if not call:
            plain.append((key(target), rhs))
    for _ in range(2):  # "$\eta = c/\sqrt{T}$ with $c = 1/2$": a value read with the
        # definitions after it too (review 37d)
        for target, rhs in plain:
            try:
                names[target] = parse_expr(rhs, {k: v for k, v in names.items() if k != target})
            except (ValueError, TypeError, ArithmeticError):
                pass
    return bound, unbound


def _mentions(latex: str, name: str) -> bool:
    r"""Whether ``latex`` mentions ``name`` (its base, before any sub- or superscript;
    ``k_`` only subscripted: ``k_f``, ``k_{n+1}``, not ``k``).

    >>> _mentions(r"x_k \le k", "k_"), _mentions(r"k_f \le 1", "k_"), _mentions("k_f", "k")
    (False, True, True)
    >>> _mentions(r"\mathbb{E}[\exp(tX)]", "X"), _mentions(r"\exp(t)", "x")
    (True, False)
    >>> _mentions(r"\hat{\mathcal{R}}_S(H) \le 1", "R")  # ℛ is not R
    False
    """
    subscripted = name.endswith("_")  # a subscripted name: only its subscripted uses
    base = re.split(r"[_^(]", name.strip(), maxsplit=1)[0].strip()
    if not base:
        return False
    if len(base) == 1 and base.isalpha() and not subscripted:
        # one letter: written next to others (tX, Xs) it is still itself; commands and
        # words in \text{…} are not letters of the formula
        plain = re.sub(r"\\(?:text|mathrm|operatorname|textrm|mbox|mathcal|mathbb|mathscr|"
                       r"mathfrak)\s*\{[^{}]*\}|\\[A-Za-z]+", " ", latex)  # ℛ, 𝔼: not R, E
        return base in plain
    tail = r"(?![A-Za-z])" if base[-1].isalpha() else ""
    if subscripted:
        tail = r"(?:\s*\^\s*(?:\{[^{}]*\}|\S))?\s*_"
    head = r"(?<![A-Za-z\\])" if base[0].isalpha() else ""
    return re.search(head + re.escape(base) + tail, latex) is not None


def _shares_names(condition: str, statement: str) -> bool:
    """Whether a condition names something the statement names (letters and commands)."""
    tokens = set(re.findall(r"\\[A-Za-z]+|[A-Za-z]", condition)) - {
        "\\le", "\\leq", "\\ge", "\\geq", "\\in", "\\mathbb", "\\frac", "\\sqrt", "\\left",
        "\\right", "\\log", "\\exp", "R", "\\mathcal"}
    return any(_mentions(statement, t) for t in tokens)


_LISTED = re.compile(r"^\s*(?P<names>(?:\\[A-Za-z]+|[A-Za-z])(?:_\{?\w+\}?)?(?:\s*,\s*"
                     r"(?:\\[A-Za-z]+|[A-Za-z])(?:_\{?\w+\}?)?)+)\s*(?P<rel>>|<|\\geq?|\\leq?|"
                     r"\\neq?)(?P<rhs>[^<>=]+)$")


def _split_condition(latex: str) -> list[str]:
    r"""A condition as the conditions it states: ``\forall`` dropped, a list of names
    before a relation given to each name.

    >>> _split_condition(r"\forall a, b > 0"), _split_condition(r"x \le 1")
    (['a > 0', 'b > 0'], ['x \\le 1'])
    """
    text = re.sub(r"^\s*\\forall(?![A-Za-z])\s*", "", latex)
    m = _LISTED.match(text)
    if m is None or declaration(text) is not None:
        return [text if text != latex.strip() else latex]
    return [f"{n.strip()} {m.group('rel')} {m.group('rhs').strip()}"
            for n in m.group("names").split(",")]


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
    """The claim, or ``(category, first line of the error)`` when it does not build (the
    category of a formula the reader recognises and does not check: "random quantity",
    "abstract function"…; ``""`` otherwise)."""
    from symbolic import Claim

    try:
        return Claim.from_latex(cid, statement, where=dict(names) or None,
                                hypotheses=hypotheses, source=source)
    except (ValueError, TypeError, ArithmeticError) as exc:
        category = getattr(exc, "category", "")
        if not category and re.search(r": unknown function ", _first_line(exc)):
            category = "function not defined in the statement"
        return category, _first_line(exc)


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

    plain = plain_name(dcl.name)
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
    for why in c.left:
        lines += _comment(f"READING INCOMPLETE: {why}")
    for piece, err in c.unread_conditions:
        lines += _comment(f"CONDITION NOT READ (line {piece.line}): {piece.latex}")
        lines += _comment(f"error: {err}", "#     ")
    variable = _variable(c.claim_id, taken)
    entries, imports = _where_code(c.where)
    entries += [f'{_literal(n)}: dim("{n.lstrip(chr(92))}")' for n in c.integers
                if n not in ("n", "d")]
    imports |= {"dim"} if any(n not in ("n", "d") for n in c.integers) else set()
    where: list[str] = []
    if c.definitions:
        names = f"{variable}_names"
        where.append(f"{names} = {{" + ", ".join(entries) + "}")
        if len(where[-1]) > WIDTH:
            where[-1:] = [f"{names} = {{"] + [f"    {e}," for e in entries] + ["}"]
        for name, value in c.definitions:
            call = re.fullmatch(r"(.+?)\s*\(\s*([^()]*?)\s*\)", name)
            if call:
                params = [p.strip() for p in call.group(2).split(",")]
                where.append(f"{names}[{_literal(_key(call.group(1).strip()))}] = function(")
                where += _indented(_string(value, 4), 4)
                where += [f"    [{', '.join(_literal(p) for p in params)}],", f"    {names},", ")"]
                imports.add("function")
                continue
            where.append(f"{names}[{_literal(_key(name))}] = parse_expr(")
            where += _indented(_string(value, 4), 4) + [f"    {names},", ")"]
        lines += where
        imports.add("parse_expr")
    lines.append(f"{variable} = Claim.from_latex(")
    lines.append(f'    "{c.claim_id}",')
    lines += _indented(_string(c.statement, 4), 4)
    if c.definitions:
        lines.append(f"    where={variable}_names,")
    elif entries:
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


def _key(name: str) -> str:
    from symbolic.latex_parse.names import key

    return key(name)


def _indented(lits: list[str], indent: int, first: str = "") -> list[str]:
    pad = " " * indent
    out = [pad + first + lits[0]] + [pad + " " * len(first) + lit for lit in lits[1:]]
    out[-1] += ","
    return out


def _unread_code(u: Unread) -> list[str]:
    if u.category:
        lines = _comment(f"NOT CHECKED ({u.category}): {u.claim_id} ({u.source})")
        lines += _comment(f"LaTeX: {u.statement}", "#   ")
        lines += _comment(f"read as: {u.read_as}", "#   ") if u.read_as else []
        lines += _comment(f"reading incomplete: {'; '.join(u.left)}", "#   ") if u.left else []
        return lines + (_comment(f"reason: {u.error}", "#   ") if u.error else [])
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
        if isinstance(entry, ReadClaim) and entry.claim is not None and \
                entry.claim.classes is not None:
            blocks.append(_comment(f"CLASS {entry.claim_id}: {entry.source}: "
                                   f"{entry.statement}") + _comment(
                f"read as a statement about every function of its class: "
                f"{entry.claim.classes!r}; checked by proofcheck check on the .tex",
                "#   "))
        elif isinstance(entry, ReadClaim):
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
    head += textwrap.wrap(f"{result.summary};", WIDTH, break_long_words=False,
                          break_on_hyphens=False)
    head += ["check them with: proofcheck check <this file>.",
             'Comments marked "NOT READ" hold what it could not read, with the error.',
             '"""']
    if imports:
        names = sorted(imports - {"parse_expr", "function"},
                       key=lambda s: (not s[0].isupper(), s))
        head.append("")
        if "function" in imports:
            head.append("from proofs.tex.bindings import function")
        head.append(f"from symbolic import {', '.join(names)}")
        if "parse_expr" in imports:
            head.append("from symbolic.latex_parse import parse_expr")
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


def environment_id(claim_id: str) -> str:
    """The id of a statement's environment (its part or item dropped).

    >>> environment_id("p:lemma-2:part-1"), environment_id("p:lemma-2")
    ('p:lemma-2', 'p:lemma-2')
    """
    return claim_id.rsplit(":part-", 1)[0].rsplit(":item-", 1)[0]


def _explain_proof(pr: Any) -> list[str]:
    """The lines of ``extract --explain`` for a proof read
    (:class:`proofs.tools.extract_proofs.ProofReading`): its prose's formulas, then each step
    with what it was read as, its reason and what its reading left."""
    lines = [f"  {pr.source} ({pr.how}): {len(pr.steps)} steps, {len(pr.read)} read, "
             f"{len(pr.complete)} completely"]
    for role, latex, outcome in pr.lines:
        lines += _explained(role, latex, f"-> {outcome}", "    ")
    for k, st in enumerate(pr.steps, start=1):
        head = st.claim_id.rsplit(":", 1)[-1] if st.claim_id else f"(link {k})"
        said = (f"-> read as {st.prop}" if st.prop is not None else f"-> not read: {st.error}")
        said += f"; reason: {st.reason}" if st.reason else ""
        said += "".join(f"; left: {w}" for w in st.left)
        lines += _explained(head, st.latex, said, "    ")
    return lines


def _explained(role: str, latex: str, outcome: str, indent: str) -> list[str]:
    r"""One formula of ``extract --explain`` and what became of it, wrapped at :data:`WIDTH`
    under ``indent``.

    >>> _explained("statement", "x \\le 1", "-> read as x <= 1", "  ")
    ['  statement    x \\le 1', '               -> read as x <= 1']
    """
    return (textwrap.wrap(f"{role:<12} {latex}", WIDTH, initial_indent=indent,
                          subsequent_indent=indent + " " * 13)
            + textwrap.wrap(outcome, WIDTH, initial_indent=indent + " " * 13,
                            subsequent_indent=indent + " " * 16))


def explain(result: Extraction) -> str:
    """``extract --explain``: per environment, each formula's role and what became of it,
    then what the reading left (a statement of an environment with anything left is read
    incompletely)."""
    lines: list[str] = []
    for ex in result.explained:
        head = f"{ex.source}" + (f" [{ex.base}]" if ex.base else "")
        lines.append(head)
        if not ex.lines:
            lines.append("  (no formula with a relation)")
        for role, latex, outcome in ex.lines:
            lines += _explained(role, latex, f"-> {outcome}", "  ")
        for why in ex.left:
            lines += textwrap.wrap(f"left: {why}", WIDTH, initial_indent="  ",
                                   subsequent_indent="        ")
        for r in result.read:
            if r.proof is not None and ex.base and environment_id(r.claim_id) == ex.base:
                lines += _explain_proof(r.proof)
        lines.append("")
    for env in result.skipped:
        lines.append(f"{env.name} (line {env.line}): a {env.kind or 'kind'} not read")
    lines.append(result.summary)
    return "\n".join(lines) + "\n"
