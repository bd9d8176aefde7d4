r"""A paper's proofs read from its source: every displayed chain, step by step, as a referee
reads it.

Each ``proof`` environment is attached to the statement it proves
(:mod:`proofs.tex.proof_envs`); its displays (and the inline chains its prose states, "hence
$a \le b$") are cut into links (:mod:`proofs.tex.chains`), and each link ``lhs REL rhs`` is
read with the names of its statement, the proof's own definitions ("let $y = Ax$", "where
$c := …$"), and as hypotheses: the statement's, the conditions the proof states ("since $x
\ge 0$", "assume $t > 1$": :attr:`~proofs.model.Link.extra_hypotheses`, so a proof that
rests on them is never "proved from its chain"), and what it established before the link and
checks itself (an earlier chain's conclusion, a statement of its prose:
:attr:`~proofs.model.Link.given`). The reason the text writes beside a step is its
justification; a ``\ref`` in it to a statement read is a citation.

A link whose reading leaves something (a name the proof introduces in words, a condition or a
definition of the proof that does not read, words beside the step that restrict it, or an
incomplete reading of its statement) records it in :attr:`~proofs.model.Link.left`: it is
checked, and a refutation of it is a candidate for its authors, never a finding.

The chain that starts at the statement's left side (the last one, if several do) is the proof
chain the statement is concluded from (:func:`proofs.model.conclusion.conclusion_claim`).

Example:
    >>> from proofs.tools.extract import extract
    >>> tex = (r"\begin{lemma}\label{l:sq} Let $x \ge 0$. Then $x^2 \le (x+1)^2$."
    ...        r"\end{lemma}" "\n" r"\begin{proof} \begin{align*} x^2 &\le x^2 + 2x "
    ...        r"\quad \text{(as $x \ge 0$)} \\ &\le (x+1)^2 . \end{align*} \end{proof}")
    >>> ex = extract(tex, "p.tex", "p")
    >>> read_proofs(ex)
    1
    >>> for s in ex.read[0].proof.steps:
    ...     print(s.claim_id, s.prop, repr(s.reason), s.left)
    p:lemma-sq:step-1 x**2 <= x**2 + 2*x 'as $x \\ge 0$' []
    p:lemma-sq:step-2 x**2 + 2*x <= (x + 1)**2 '' []
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from proofs.model import Chain, Lemma, Link
from proofs.tex.chains import CHECKABLE, DEFINING, RawChain, chains, explained_marks
from proofs.tex.proof_envs import ProofEnv, attach
from proofs.tex.sentences import (
    CONDITION_TRIGGER,
    Piece,
    Reading,
    blank_displays,
    read_body,
    segments,
)
from proofs.tex.source import REF
from proofs.tools.consistency import contradiction
from proofs.tools.extract import (
    _CHAIN_REST,
    Explained,
    Extraction,
    ReadClaim,
    _bind,
    _first_line,
    environment_id,
    inherit,
)
from symbolic.claim import Claim, Prop
from symbolic.objects import unwrap

#: the words before a condition that make it one case of an argument by cases
_CASE = re.compile(r"\b(?:case|if|when|whenever|otherwise|suppose|suppose that|assume|"
                   r"assume that|for(?! all| every| any| each)|on the other hand)\W*$", re.I)
#: the words before a formula a proof takes as known ("Since $x \le 1$, …")
_GROUNDS = re.compile(r"\b(?:since|as|because|given that|recall(?:ing)? that|using)\W*$", re.I)
#: how a sentence opens when it constrains the names it mentions in words
_IN_WORDS = re.compile(r"^(?:let|fix|consider|choose|pick|take)\b|\b(?:suppose|assume|assuming|"
                       r"without loss|w\.?l\.?o\.?g|we may|restrict|normali[sz]e)", re.I)


@dataclass
class ReadStep:
    """One link of a proof as read: its id, the link as printed, what it was read as (None:
    not read, ``error`` says why), its reason, citations and what its reading left."""

    claim_id: str
    latex: str
    line: str  # "file:line"
    prop: Prop | None = None
    error: str = ""
    reason: str = ""
    cites: tuple[str, ...] = ()
    left: list[str] = field(default_factory=list)
    extra: tuple[Prop, ...] = ()
    given: tuple[Prop, ...] = ()


@dataclass
class ProofReading:
    """A proof as read: where it is, how it was attached, its steps (numbered through the
    proof), its chains (runs of steps read, each a :class:`~proofs.model.Chain`), the chain
    that concludes its statement (or None), and per formula of its prose what became of it."""

    statement: str  # the id of the statement it proves
    source: str
    how: str
    steps: list[ReadStep] = field(default_factory=list)
    chains: list[Chain] = field(default_factory=list)
    concluding: Chain | None = None
    lines: list[tuple[str, str, str]] = field(default_factory=list)  # (role, latex, outcome)
    #: what reading its statement left: every step's reading is incomplete by it too
    inherited: tuple[str, ...] = ()

    @property
    def read(self) -> list[ReadStep]:
        """The steps read (each a claim)."""
        return [s for s in self.steps if s.prop is not None]

    @property
    def complete(self) -> list[ReadStep]:
        """The steps read completely (nothing left by them or by their statement)."""
        return [] if self.inherited else [s for s in self.read if not s.left]


def read_proofs(ex: Extraction, locate: Any = None, path: str = "paper.tex") -> int:
    """Read the proof of every statement of ``ex`` that has one (:attr:`ReadClaim.proof`);
    ``locate`` maps a line of the scanned text to its file and line. Returns the number of
    proofs read."""
    where = locate or (lambda line: (path.rsplit("/", 1)[-1], line))
    envs = ex.environments
    by_env: dict[int, list[ReadClaim]] = {}
    base_of: dict[int, str] = {id(e.env): e.base for e in ex.explained if e.base}
    for k, env in enumerate(envs):
        base = base_of.get(id(env))
        if base:
            by_env[k] = [r for r in ex.read if environment_id(r.claim_id) == base]
    labels = {env.label: base_of[id(env)] for env in envs
              if env.label and id(env) in base_of and by_env.get(envs.index(env))}
    # "by Lemma 3": a statement by the name the paper prints, as a label of its own
    labels.update({f"{env.printed} {env.number}".lower(): base_of[id(env)] for env in envs
                   if env.number and id(env) in base_of and by_env.get(envs.index(env))})
    claims = {r.claim_id: r.claim for r in ex.read if r.claim is not None}
    count = 0
    for proof in attach(ex.text, envs):
        if proof.of is None or not by_env.get(proof.of):
            continue
        readings = [r for r in by_env[proof.of] if r.claim is not None
                    and r.claim.classes is None]
        if not readings:
            continue
        host = _read(proof, readings, labels, where, envs[proof.of].name, claims,
                     ex.definitions)
        count += host is not None
    return count


def _read(proof: ProofEnv, readings: list[ReadClaim], labels: dict[str, str], where: Any,
          name: str, claims: dict[str, Claim], definitions: list[Any] = ()  # type: ignore
          ) -> ReadClaim | None:
    """Read ``proof`` for the statements ``readings`` of its environment; the one a chain
    concludes (else the first) holds it."""
    file, line = where(proof.line)
    first = readings[0]
    names = dict(first.names)
    statement_symbols = set().union(*[r.claim.symbols for r in readings])
    _declare(names, statement_symbols)
    inherit(definitions, names, proof.body, Reading(), Explained(None, "", ""),
            proof.start)  # type: ignore[arg-type]
    body = proof.body
    prose_reading = read_body(blank_displays(body), proof.body_line, "proof")
    ex = Explained(None, "", "")  # type: ignore[arg-type]  # collects _bind's lines
    pr = ProofReading(first.claim_id, f"Proof of {name}, {file}:{line}", proof.how)
    displays = [(at, text, chains(text, body.count("\n", 0, at)))
                for kind, text, at in segments(body) if kind == "display"]
    definitions = prose_reading.of("definition") + [
        Piece(c, 0, role="definition") for _at, _text, found in displays
        for c in _display_definitions(found)] + [
        Piece(c, 0, role="definition") for c in underbrace_definitions(body)]
    _bound, unbound = _bind(definitions, names, ex)
    rests = [w.split(": ", 1)[1] for w in ex.left if w.startswith(_CHAIN_REST)]
    pr.lines += [(role, latex, outcome) for role, latex, outcome in ex.lines]
    pr.lines += [("definition", d.latex, "bound") for d in definitions
                 if not any(d.latex == latex for _, latex, _ in ex.lines)]
    # the conditions the proof states, and the names it constrains in words
    conditions: list[tuple[int, Prop, int]] = []  # (offset, condition, its case's sentence)
    unread: list[tuple[int, str, str]] = []  # (offset, latex, why)
    in_words: list[tuple[str, str]] = []  # (name, what the sentence says)
    unread += [(0, latex, "the chain after a definition") for latex in rests]
    offsets = _offsets(body, prose_reading.pieces)
    sentence_said = {}
    for p in prose_reading.pieces:
        sentence_said.setdefault(p.sentence, p.said)
    binding: dict[str, Any] = {}  # "by Lemma 1 with $a = p$": how a citation applies
    binding_sentence = -2
    for p, at in zip(prose_reading.pieces, offsets, strict=True):
        opening = sentence_said.get(p.sentence, "")
        bound = _binding(p, names, statement_symbols, p.sentence == binding_sentence)
        if bound is not None:
            binding.update(bound)
            binding_sentence = p.sentence
            pr.lines.append((p.role, p.latex, "read: how the statement the proof cites is "
                             "applied (its names bound)"))
            continue
        if p.role == "unclassified" and not _GROUNDS.search(p.said.strip()):
            # "Therefore, we can get directly that $M_T \le c$": what the proof says of it is
            # not read, and it is never a hypothesis of a step
            unread.append((at, p.latex, "its role in the proof is not said"))
            pr.lines.append((p.role, p.latex, "not read: its role in the proof is not said"))
            continue
        if p.role in ("condition", "unclassified"):
            try:
                props = _props(p.latex, names)
            except (ValueError, TypeError, ArithmeticError) as exc:
                unread.append((at, p.latex, _first_line(exc)))
                pr.lines.append((p.role, p.latex, f"not read: {_first_line(exc)}"))
                continue
            if any(q == r.claim.prop for q in props for r in readings):  # never circular
                unread.append((at, p.latex, "the statement's own conclusion"))
                pr.lines.append((p.role, p.latex, "not read: the statement's own conclusion, "
                                                  "never a hypothesis of its proof"))
                continue
            case = p.sentence if _CASE.search(p.said.strip()) else -1
            conditions += [(at, q, case) for q in props]
            pr.lines.append((p.role, p.latex, "read: a hypothesis of the steps that name it"
                             + (" (one case of the proof)" if case >= 0 else "")))
        elif p.role == "mention" and (_IN_WORDS.search(opening.strip())
                                      or _IN_WORDS.search(p.said.strip())
                                      or CONDITION_TRIGGER.search(p.said.strip())):
            # "… whenever $x$ is positive": what the words say of x is not read
            for n in re.findall(r"\\[A-Za-z]+|[A-Za-z]", p.latex):
                said = opening if _IN_WORDS.search(opening.strip()) else p.said
                in_words.append((n, said.strip()))
        elif p.role in ("existential", "disjunction", "equivalence"):
            unread.append((at, p.latex, p.role))
            pr.lines.append((p.role, p.latex, "not read"))
    # the chains: displays, and the statements of the prose
    raw: list[tuple[int, RawChain, str]] = []  # (offset, chain, the prose after it)
    for at, text, found in displays:
        premise = _premise_lead(body, at)
        if premise:  # "… are complex iff \[…\]": what a case is, not what the proof asserts
            unread += [(at, text, f"a display the proof does not assert (after '{premise}')")]
            pr.lines.append(("display", text, f"not read: the proof does not assert it (after "
                                              f"'{premise}')"))
            continue
        after = _prose_after(body, at + len(text))
        lead = _lead_reason(body, at)
        if lead and sum(len(c.steps) for c in found) == 1:  # "By Lemma 2, \[a \le b\]"
            st = next(c.steps[0] for c in found if c.steps)
            st.reason = "; ".join(w for w in (lead, st.reason) if w)
        raw += [(at, c, after) for c in found]
    for p, at in zip(prose_reading.pieces, offsets, strict=True):
        if p.role == "statement":
            raw += [(at, c, "") for c in chains(p.latex, p.line - proof.body_line)]
    raw.sort(key=lambda t: t[0])
    starts = [at for at, _chain, _after in raw]
    given: list[tuple[int, Prop, int]] = []  # what the proof established, where, in which case
    k = 0
    for at, chain, after in raw:
        if not chain.steps:
            continue
        marks = explained_marks(after)
        prev_text, run = chain.start, None
        runs: list[Chain] = []
        for st in chain.steps:
            k += 1
            here = where(proof.body_line + chain.line + (st.line - chain.line))
            step = ReadStep(f"{first.claim_id}:step-{k}", f"{prev_text} {st.rel} {st.rhs}",
                            f"{here[0]}:{here[1]}",
                            reason="; ".join(w for w in (st.reason, marks.get(st.mark, "")
                                                         or (f"({st.mark})" if st.mark else ""))
                                             if w))
            step.cites = _cites(step.reason, labels)
            prev_text = st.rhs
            pr.steps.append(step)
            rel = CHECKABLE.get(st.rel)
            if rel is None:
                step.error = (f"{st.rel} defines a name" if st.rel in DEFINING else
                              f"{st.rel} is not a relation a step is checked under")
                run = None
                continue
            try:
                claim = Claim.from_latex("t:step", step.latex, where=dict(names) or None)
            except (ValueError, TypeError, ArithmeticError) as exc:
                step.error = _first_line(exc)
                run = None
                continue
            step.prop = claim.prop
            symbols = claim.prop.symbols
            step.extra = tuple(dict.fromkeys(q for q in _in_force(conditions, at, starts)
                                             if q.symbols & symbols))
            case = _case_at(conditions, at)
            step.given = tuple(dict.fromkeys(q for a, q, c in given if a < at and c in (-1, case)
                                             and q.symbols & symbols and q != claim.prop))
            step.left = _left(step, st.condition, symbols, statement_symbols, names, unbound,
                              unread, in_words, [*step.extra, *step.given])
            clash = contradiction([*claim.hypotheses, *first.claim.hypotheses, *step.extra])
            if clash:
                step.left.append(f"conditions of the proof in force here contradict each "
                                 f"other ({clash}): an argument by cases not read")
            bind = {cid: b for cid in step.cites if cid in claims and (b := {
                n: v for n, v in binding.items() if n in {str(x) for x in claims[cid].symbols}})}
            link = Link(claim.prop.rel, claim.prop.rhs, step.reason, cites=step.cites,
                        extra_hypotheses=step.extra, given=step.given, left=tuple(step.left),
                        bind=bind, facts=named_facts(step.reason))
            if run is not None and unwrap(run.links[-1].expr) == unwrap(claim.prop.lhs):
                run.links.append(link)
            else:
                run = Chain(claim.prop.lhs, [link])
                runs.append(run)
        for c in runs:  # what this chain established, for the steps after it
            concl = c.conclusion()
            if concl is not None and all(link.left == () for link in c.links):
                given.append((at, concl, _case_at(conditions, at)))  # within its case only
        pr.chains += runs
    host = _host(pr, readings)
    host.proof = pr
    pr.statement, pr.inherited = host.claim_id, tuple(host.left)
    _renumber(pr, host.claim_id)
    return host


#: facts a reason names, as the library's entries (:data:`numeric.prover.facts.LIBRARY`)
NAMED_FACTS = (
    (r"triangle\s+inequality", "triangle"),
    (r"cauchy\W*schwar(?:t?z)|\bc\W?s\b", "cauchy-schwarz"),
    (r"h(?:ö|\\\"o|o)lder(?:'s)?", "holder-1-inf"),
    (r"(?:definition\s+of\s+(?:the\s+)?)?(?:operator|spectral)\s+norm", "operator-norm"),
    (r"sub-?multiplicativ\w*", "submultiplicative"),
    (r"equivalence\s+of\s+norms|norm\s+equivalence", "norm-equivalence"),
)
_FILLER = re.compile(r"\b(?:by|using|use|from|the|of|inequality|inequalities|and|applying|"
                     r"apply|follows?|definition|property|properties|via|since|as)\b|'s|[\W_]+",
                     re.I)


def named_facts(reason: str) -> tuple[str, ...]:
    """The library entries a reason names, when it names nothing else ("by the triangle
    inequality", "(Cauchy–Schwarz)"); ``()`` when it says more than that.

    >>> named_facts("by the triangle inequality"), named_facts("Cauchy-Schwarz and (3)")
    (('triangle',), ())
    """
    found, rest = [], reason
    for pattern, name in NAMED_FACTS:
        rest, k = re.subn(pattern, " ", rest, flags=re.I)
        if k:
            found.append(name)
    return tuple(found) if found and not _FILLER.sub("", rest).strip() else ()


def _binding(p: Piece, names: dict[str, Any], statement_symbols: set, more: bool = False
             ) -> dict[str, Any] | None:
    r"""``{name: value}`` when ``p`` says how a cited statement applies ("by Lemma 1 with
    $a = p$ and $b = q$": a name the statement does not have, set to a value after "with",
    "for", "applied to", "taking", "setting"; ``more``: a binding of the sentence came
    before, and "and" continues it), else None."""
    from symbolic.latex_parse import parse_expr

    m = re.fullmatch(r"\s*(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)\s*=(?!=)\s*(.+)", p.latex)
    if m is None:
        return None
    if not (more and re.fullmatch(r"\W*(?:and)?\W*", p.said)) and not (
            re.search(r"\b(?:with|for|to|taking|setting|substituting|choosing)\W*$", p.said)
            and re.search(r"\b(?:lemma|theorem|proposition|corollary|fact|claim)\b", p.said)):
        return None
    try:
        name, value = parse_expr(m.group(1), None), parse_expr(m.group(2), dict(names) or None)
    except (ValueError, TypeError, ArithmeticError):
        return None
    if not getattr(name, "is_Symbol", False) or name in statement_symbols:
        return None
    return {str(name): value}


def _declare(names: dict[str, Any], symbols: set) -> None:
    """Each scalar of the statement under its printed name, so the proof's formulas read it as
    the same object (``x (x - 1)`` a product: ``x`` is a number, not a function)."""
    import sympy as sp

    from symbolic.latex import latex
    from symbolic.latex_parse.names import key

    for s in sorted(symbols, key=str):
        if isinstance(s, sp.Symbol) and s.is_real and not s.is_integer:
            names.setdefault(key(latex(s)), s)


def _cites(reason: str, labels: dict[str, str]) -> tuple[str, ...]:
    r"""The statements a reason refers to, by ``\ref`` (``\eqref``, ``\cref``…) to their
    label or by the name the paper prints ("Lemma 3"), as ids.

    >>> _cites(r"by Lemma~\ref{l:a} and Theorem 2", {"l:a": "p:lemma-a", "theorem 2": "p:t"})
    ('p:lemma-a', 'p:t')
    """
    found = REF.findall(reason)
    found += [f"{m.group(1)} {m.group(2)}".lower() for m in re.finditer(
        r"\b(Lemma|Theorem|Proposition|Corollary|Claim|Fact)\s*~?\s*(\d+(?:\.\d+)*[a-z]?)\b",
        REF.sub(" ", reason))]
    return tuple(dict.fromkeys(labels[lab] for lab in found if lab in labels))


def underbrace_definitions(text: str) -> list[str]:
    r"""The definitions written under a brace: ``\underbrace{\sqrt{a - b}}_{=:c}`` defines
    ``c := \sqrt{a - b}``.

    >>> underbrace_definitions(r"x = \tfrac12\underbrace{\sqrt{a-b}}_{=:c} y")
    ['c := \\sqrt{a-b}']
    """
    from proofs.tex.source import braced

    out = []
    for m in re.finditer(r"\\underbrace\s*(?=\{)", text):
        got = braced(text, m.end())
        if got is None:
            continue
        body, end = got
        name = re.match(r"\s*_\s*\{\s*=:\s*((?:\\[A-Za-z]+|[A-Za-z])(?:_\{?\w+\}?)?)\s*\}",
                        text[end:])
        if name:
            out.append(f"{name.group(1)} := {body.strip()}")
    return out


def _display_definitions(found: list[RawChain]) -> list[str]:
    """The definitions a display of a proof states (``y := Ax``): its chains (``found``) of one
    defining link."""
    out = []
    for c in found:
        if c.steps and c.steps[0].rel in DEFINING and len(c.steps) == 1:
            out.append(f"{c.start} {c.steps[0].rel} {c.steps[0].rhs}")
    return out


def _props(latex: str, names: dict[str, Any]) -> list[Prop]:
    r"""The conditions a formula of a proof's prose states (``\forall a, b > 0`` as
    ``a > 0``, ``b > 0``)."""
    from symbolic.latex_parse import parse_props

    latex = re.sub(r"^\s*\\forall(?![A-Za-z])\s*", "", latex)
    return parse_props(latex, dict(names) or None)


def _offsets(body: str, pieces: list[Piece]) -> list[int]:
    """Where each piece of the prose stands in ``body`` (its first occurrence at or after the
    one before; its line's start when it is not found as written)."""
    out, pos = [], 0
    starts = [0] + [m.end() for m in re.finditer("\n", body)]
    flat = re.sub(r"\s+", " ", body)
    mapping = []  # offset in flat -> offset in body
    for i, ch in enumerate(body):
        if ch.isspace() and i and body[i - 1].isspace():
            continue
        mapping.append(i)
    for p in pieces:
        at = flat.find(p.latex, pos)
        if at < 0:
            line = max(p.line, 1)
            out.append(starts[min(line - 1, len(starts) - 1)] if p.line else pos)
            continue
        out.append(mapping[at] if at < len(mapping) else len(body))
        pos = at
    return out


_LEAD = re.compile(r"(?:^|[.;:]\s+|\n\s*\n)\s*((?:by|using|from|applying|combining|"
                   r"invoking|due to|in view of|thanks to)\b[^.;$]*?),?\s*(?:we\s+(?:have|get|"
                   r"obtain|find|see)(?:\s+that)?|it\s+follows(?:\s+that)?|one\s+has)?\s*"
                   r"(?:\\begin\s*\{[a-z]+\*?\}|\\\[|\$\$)?\s*$", re.I | re.S)


def _lead_reason(body: str, at: int) -> str:
    r"""The reason a sentence gives right before a display ("By Lemma~\ref{l:a}, we have
    \[…\]"): its words from "By", "Using", "From", "Applying" to the display; ``""`` when
    the sentence says something else.

    >>> _lead_reason("Clearly. By the triangle inequality, we have \\[ a \\le b \\]", 47)
    'By the triangle inequality'
    """
    before = body[max(0, at - 300):at]
    m = _LEAD.search(before)
    return re.sub(r"\s+", " ", m.group(1)).strip() if m else ""


#: the words right before a display that make it a premise or a characterisation, not an
#: assertion: "… are complex iff \[…\]", "Suppose that \[…\]"
_PREMISE = re.compile(r"\b(iff|if and only if|if|whenever|when|provided(?: that)?|"
                      r"suppose(?: that)?|assume(?: that)?|assuming(?: that)?|requires?|"
                      r"characteri[sz]ed by|such that|unless)\W*$")


def _premise_lead(body: str, at: int) -> str:
    r"""The word before the display at ``at`` that makes it a premise (``iff``, ``suppose``),
    or ``""``.

    >>> _premise_lead(r"The roots are complex iff \[ b < 0 \]", 26)
    'iff'
    >>> _premise_lead(r"Hence we have \[ b < 0 \]", 14)
    ''
    """
    before = re.split(r"[.;]\s|\n\s*\n", body[max(0, at - 300):at])[-1]
    before = re.sub(r"\$[^$]*\$|\\\(.*?\\\)", " x ", before)
    before = re.sub(r"\\begin\s*\{[a-z]+\*?\}\s*$|\\\[\s*$|\$\$\s*$", "", before.strip())
    m = _PREMISE.search(before.lower())
    return m.group(1) if m else ""


def _prose_after(body: str, at: int) -> str:
    """The prose after a display, to the next display (where its marks are explained)."""
    rest = body[at:]
    m = re.search(r"\\\]|\$\$|\\end\s*\{[a-z]+\*?\}", rest)
    rest = rest[m.end():] if m else rest
    n = re.search(r"\\\[|\$\$|\\begin\s*\{(?:equation|align|gather|multline|eqnarray|dmath)",
                  rest)
    return rest[:n.start()] if n else rest


def _case_at(conditions: list[tuple[int, Prop, int]], at: int) -> int:
    """The case of an argument by cases open at ``at`` (its sentence), or -1."""
    case = max(((a, c) for a, _q, c in conditions if c >= 0 and a <= at), default=None)
    return -1 if case is None else case[1]


def _in_force(conditions: list[tuple[int, Prop, int]], at: int,
              starts: Sequence[int] = ()) -> list[Prop]:
    """The conditions in force at ``at``: those the proof states outside an argument by cases
    before ``at``, or right after it with no other chain between (its "where $x > 0$"), and
    those of the last case opened before ``at`` ("Suppose $x \\ge 1$. …"); ``starts``: where
    the proof's chains start.

    >>> from symbolic import Prop, scalar
    >>> x = scalar("x")
    >>> cs = [(0, Prop(x, "<", 1), 2), (50, Prop(x, ">=", 1), 5), (90, Prop(x, "<", 9), -1)]
    >>> [str(q) for q in _in_force(cs, 60)], [str(q) for q in _in_force(cs, 10)]
    (['x >= 1', 'x < 9'], ['x < 1', 'x < 9'])
    >>> [str(q) for q in _in_force(cs, 60, [60, 80])]  # a chain at 80: x < 9 is its own
    ['x >= 1']
    """
    case = _case_at(conditions, at)
    return [q for a, q, c in conditions
            if (c < 0 and (a <= at or not any(at < s < a for s in starts)))
            or (case >= 0 and c == case)]


def _left(step: ReadStep, condition: str, symbols: set, statement_symbols: set,
          names: dict[str, Any], unbound: list[str], unread: list[tuple[int, str, str]],
          in_words: list[tuple[str, str]], assumed: list[Prop]) -> list[str]:
    """What reading ``step`` left (see the module docstring)."""
    from proofs.tools.extract import _mentions, _shares_names

    left = []
    if condition:
        left.append(f"words beside the step that may restrict it: '{condition}'")
    known = set(statement_symbols)
    for q in assumed:
        known |= q.symbols
    for v in names.values():
        known |= getattr(v, "free_symbols", set())
    new = sorted(str(s) for s in symbols - known if not getattr(s, "is_integer", False))
    if new:
        left.append(f"names the statement does not have ({', '.join(new)}): what the proof "
                    "says of them in words is not read")
    for n in unbound:
        if _mentions(step.latex, n):
            left.append(f"uses {n}, whose definition in the proof was not read")
    for _at, latex, why in unread:
        if _shares_names(latex, step.latex):
            left.append(f"a formula of the proof that was not read ({why}): {latex}")
    for n, said in in_words:
        if _mentions(step.latex, n):
            left.append(f"the proof says of {n} in words: '{said}'")
    return list(dict.fromkeys(left))


def _host(pr: ProofReading, readings: list[ReadClaim]) -> ReadClaim:
    """The statement the proof's chains conclude (its left side starts the last chain that
    starts at one), else the first; sets :attr:`ProofReading.concluding`."""
    for chain in reversed(pr.chains):
        for r in readings:
            if unwrap(chain.start) == unwrap(r.claim.prop.lhs):
                pr.concluding = chain
                return r
    return readings[0]


def _renumber(pr: ProofReading, host: str) -> None:
    """Step ids under the statement that holds the proof, numbered through the steps read
    (the ids its entry's claims get: :meth:`proofs.model.Lemma.claim_ids`); a step not
    read has none."""
    k = 0
    for s in pr.steps:
        if s.prop is None:
            s.claim_id = ""
        else:
            k += 1
            s.claim_id = f"{host}:step-{k}"


def entry(r: ReadClaim) -> Lemma:
    """The entry of a statement read from a source, with its proof's chains when its proof
    was read."""
    claim = r.claim
    pr = r.proof
    chains_ = tuple(pr.chains) if pr is not None else ()
    return Lemma(claim.id, claim.source, claim.prop, hypotheses=claim.hypotheses,
                 dims=dict(claim.dims), ranges=dict(claim.ranges),
                 defined_if=tuple(claim.defined_if), classes=claim.classes,
                 left=tuple(r.left), description=r.statement,
                 proof=pr.concluding if pr is not None else None,
                 proof_chains=chains_ if len(chains_) > 1 or (
                     chains_ and pr.concluding is None) else ())


__all__ = ["ProofReading", "ReadStep", "entry", "read_proofs"]
