"""Papers as data: lemmas with hypotheses, statements and proof chains (like Lean's ``calc``).

A :class:`Lemma` holds its statement as printed (a :class:`~symbolic.Prop`, or a
:class:`Chain` for a printed double inequality such as ``a <= b <= c``), the hypotheses it
lists, and optionally its proof as a :class:`Chain` whose links carry the paper's
justifications and the ids they cite. :meth:`Lemma.claims` turns all of it into checkable
:class:`~symbolic.Claim` objects with contract ids, each paired by :meth:`Lemma.annotated` with the
bookkeeping the entry records for it (an :class:`~proofs.model.annotation.Annotation`: the pinned
verdict, the errata kind, the justification, ...). A claim holds mathematics only.

Example:
    >>> from symbolic import Prop, vector, norm2, norminf, n
    >>> from proofs.model import Chain, Lemma, Link
    >>> x = vector("x", n)
    >>> fact = Lemma("demo:fact-1:item-2", source="Fact 1",
    ...              statement=Chain(norminf(x), [Link("<=", norm2(x))]))
    >>> [c.id for c in fact.claims()]
    ['demo:fact-1:item-2:step-1']
    >>> lem = Lemma("demo:lemma-2", "Lemma 2", parts=[
    ...     Lemma("demo:lemma-2:part-1", "Lemma 2, Part 1", Prop(norminf(x), "<=", norm2(x)),
    ...           proof=Chain(norminf(x), [Link("<=", norm2(x), "Fact 1")]))])
    >>> [c.id for c in lem.claims()]
    ['demo:lemma-2:part-1', 'demo:lemma-2:part-1:step-1']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from proofs.model.annotation import Annotation
from symbolic import hooks
from symbolic.claim import Claim, Prop, check_id, kind_of
from symbolic.relation import Relation

#: a claim with the bookkeeping its entry records for it
Annotated = tuple[Claim, Annotation]
#: ``finding`` of a planted check (a claim the encoding adds, expected refuted by construction,
#: e.g. a wrong convention): its refutation shows the checker works and is not a paper finding.
PLANTED = "planted"


@dataclass(frozen=True)
class Local:
    """A name a proof introduces (``let β := exp(-R²)``), with its defining text.

    ``value`` is the definition (None when the proof only names the constant, e.g. "a lower
    bound fixed by the cited lemma"). A local constant is not a variable of the statement: the
    hypothesis flow substitutes ``value`` and never asks the statement to constrain it.

    >>> import sympy as sp
    >>> from symbolic import scalar
    >>> beta, R = scalar("beta"), scalar("R")
    >>> Local(beta, sp.exp(-R**2), "the lower bound of Lemma 3.3").value
    exp(-R**2)
    """

    symbol: Any
    value: Any = None
    text: str = ""


@dataclass
class Link:
    """One link ``REL expr`` of a chain, with its justification and cited ids.

    ``extra_hypotheses`` are what the proof assumes at this step beyond the entry's listed
    hypotheses; ``uses`` are the listed hypotheses the justification names ("by ‖A‖ ≤ R"),
    which :mod:`proofs.tools.citations` checks the step stands on; ``bind`` maps a cited id to
    how its symbols are instantiated here (``{"closeness:lemma-5.6": {"x": x1, "y": x0}}``,
    keys are symbol names); ``applies`` maps a cited id to the cited statement as this step
    applies it, as the step prints it (``{"closeness:lemma-5.6": Prop(‖u' − u‖₂, "<=",
    2√n R e^{R²} ‖x' − x‖₂)}``): :mod:`proofs.review.uses` compares it with the cited
    statement and with what the cited proof reaches (an ``inconsistent-use`` finding when the
    constants differ).
    """

    rel: Relation | str
    expr: Any
    justification: str = ""
    cites: tuple[str, ...] = ()
    expect: str | None = None
    note: str = ""
    finding: str | None = None
    corrected: Any = None
    extra_hypotheses: tuple[Prop, ...] = ()
    bind: dict[str, dict[str, Any]] = field(default_factory=dict)
    cause: str | None = None
    uses: tuple[Prop, ...] = ()
    applies: dict[str, Prop] = field(default_factory=dict)
    #: what the proof established before this step and the step may stand on (a displayed
    #: chain's conclusion, "hence $a \le b$"): hypotheses of the step that are themselves
    #: steps of the proof, checked as such (so a proof "from its chain" may rest on them)
    given: tuple[Prop, ...] = ()
    #: what reading the step from a source left unread (``()``: read completely); a step read
    #: incompletely is checked, and a refutation of it is never a finding
    left: tuple[str, ...] = ()
    #: library entries (:data:`numeric.prover.facts.LIBRARY`) the justification names ("by
    #: the triangle inequality"): the citation checker proves the step from them
    facts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.rel, str):
            self.rel = Relation.parse(self.rel)
        self.expr = sp.sympify(self.expr)
        self.cites = tuple(self.cites)
        self.extra_hypotheses = tuple(self.extra_hypotheses)
        self.uses = tuple(self.uses)
        self.given = tuple(self.given)
        self.left = tuple(self.left)
        self.facts = tuple(self.facts)


@dataclass
class Chain:
    """``start REL1 e1 REL2 e2 ...``, optionally with the constants the proof introduces:
    ``let={beta: sp.exp(-R**2)}`` or ``let=[Local(beta, sp.exp(-R**2), "by Lemma 3.3")]``.

    >>> import sympy as sp
    >>> from symbolic import scalar
    >>> beta, R, t = scalar("beta"), scalar("R"), scalar("t")
    >>> ch = Chain(t, [Link("<=", beta)], let={beta: sp.exp(-R**2)})
    >>> ch.substitution()
    {beta: exp(-R**2)}
    """

    start: Any
    links: list[Link]
    let: Any = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.start = sp.sympify(self.start)
        items = self.let.items() if isinstance(self.let, Mapping) else [
            (loc.symbol, loc) for loc in self.let]
        self.let = {sym: (v if isinstance(v, Local) else
                          Local(sym, None if v is None else sp.sympify(v)))
                    for sym, v in items}

    def locals(self) -> dict[Any, Local]:
        """The proof-local constants, by symbol."""
        return dict(self.let)

    def substitution(self) -> dict[Any, Any]:
        """``{symbol: value}`` for the local constants the proof defines."""
        return {s: loc.value for s, loc in self.let.items() if loc.value is not None}

    def props(self) -> list[Prop]:
        """Each link as the proposition ``previous REL expr``."""
        out, prev = [], self.start
        for link in self.links:
            out.append(Prop(prev, link.rel, link.expr))
            prev = link.expr
        return out

    def relation(self) -> Relation | None:
        """The composed relation from start to end (None: the links do not compose)."""
        rel: Relation | None = self.links[0].rel
        for link in self.links[1:]:
            rel = rel.then(link.rel) if rel else None
        return rel

    def conclusion(self) -> Prop | None:
        """``start REL end`` for the composed relation."""
        rel = self.relation()
        return None if rel is None else Prop(self.start, rel, self.links[-1].expr)

    def _repr_latex_(self) -> str | None:
        """Jupyter display: the chain as an ``aligned`` block (:mod:`proofs.reports.display`)."""
        return hooks.latex_of(self)


@dataclass
class Lemma:
    """A definition, fact, lemma, claim or theorem of a paper, as printed."""

    id: str
    source: str
    statement: Prop | Chain | None = None
    hypotheses: tuple[Prop, ...] = ()
    proof: Chain | None = None
    description: str = ""
    cites: tuple[str, ...] = ()
    dims: dict[str, tuple[int, int]] = field(default_factory=dict)
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    expect: str | None = None
    note: str = ""
    finding: str | None = None
    corrected: Any = None
    printed: str = ""
    parts: list[Lemma] = field(default_factory=list)
    cause: str | None = None
    #: types the text prints for symbols of the statement (``{"b": (n, d)}`` for "b ∈ R^{n×d}"),
    #: checked against the shapes the statement needs (a mismatch is a ``typo`` finding)
    declared: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    #: points at which the statement is tried first (as Hypothesis's ``@example``): witness
    #: JSON dicts, re-confirmed and certified in arb at every run like stored witnesses, so a
    #: refutation once found does not hang on the seed's search finding it again
    examples: tuple[dict[str, Any], ...] = ()
    #: what reading the statement from a source left unread (``()``: read completely)
    left: tuple[str, ...] = ()
    #: where the statement as written is defined (see :class:`symbolic.Claim`)
    defined_if: tuple[Prop, ...] = ()
    #: the statement's reading about every function of a class (see :class:`symbolic.Claim`)
    classes: Any = None
    #: every displayed chain of the proof, in the proof's order, when it has several (a proof
    #: read from a paper's source): their links are the steps, numbered through the proof;
    #: ``proof``, when set, is the one that concludes the statement
    proof_chains: tuple[Chain, ...] = ()

    def __post_init__(self) -> None:
        check_id(self.id)
        self.hypotheses = tuple(self.hypotheses)
        self.proof_chains = tuple(self.proof_chains)
        if isinstance(self.statement, Chain) and (self.proof is not None or self.proof_chains):
            raise ValueError(f"{self.id}: a chain statement cannot also have a proof chain")
        if self.proof is not None and self.proof_chains and not any(
                c is self.proof for c in self.proof_chains):
            raise ValueError(f"{self.id}: the concluding proof chain must be one of "
                             "proof_chains")
        for p in self.parts:
            if not p.id.startswith(self.id + ":part-"):
                raise ValueError(f"{p.id}: a part's id must extend {self.id}:part-")

    def chains(self) -> list[Chain]:
        """The proof's chains in order: :attr:`proof_chains`, else the proof chain alone."""
        return list(self.proof_chains) or ([self.proof] if self.proof is not None else [])

    def steps(self) -> list[tuple[int, Any, Link]]:
        """``(step number, the step's left side, link)`` for every step of the proof, numbered
        through its chains (a chain statement's links are not steps).

        >>> from symbolic import scalar
        >>> x = scalar("x")
        >>> one, two = Chain(x, [Link("<=", 1)]), Chain(2 * x, [Link("<=", 2), Link("<", 3)])
        >>> e = Lemma("t:lemma-1", "L1", Prop(x, "<=", 1), proof=one, proof_chains=(one, two))
        >>> [(k, str(prev), str(link.expr)) for k, prev, link in e.steps()]
        [(1, 'x', '1'), (2, '2*x', '2'), (3, '2', '3')]
        """
        out, k = [], 0
        for chain in self.chains():
            prev = chain.start
            for link in chain.links:
                k += 1
                out.append((k, prev, link))
                prev = link.expr
        return out

    def proof_hypotheses(self) -> tuple[Prop, ...]:
        """Listed hypotheses plus every hypothesis the proof's steps assume (no duplicates)."""
        out = list(self.hypotheses)
        for _k, _prev, link in self.steps():
            out += [h for h in link.extra_hypotheses if h not in out]
        return tuple(out)

    def proof_locals(self) -> dict[Any, Local]:
        """The constants the proof introduces (``Chain.let``), by symbol."""
        return self.proof.locals() if self.proof is not None else {}

    def all_entries(self) -> list[Lemma]:
        """This entry and its parts (recursively), parent first."""
        return [self, *[q for p in self.parts for q in p.all_entries()]]

    def _repr_latex_(self) -> str | None:
        """Jupyter display: source, hypotheses, statement and proof chain
        (:mod:`proofs.reports.display`)."""
        return hooks.latex_of(self)

    @classmethod
    def of(cls, claim: Claim, **bookkeeping: Any) -> Lemma:
        """An entry stating ``claim``, with the bookkeeping a claim does not hold
        (``expect``, ``finding``, ``corrected``, ``note``, ``description``, ``cites``): how a
        user pins a known finding.

        >>> from symbolic import Claim, scalar
        >>> x = scalar("x")
        >>> e = Lemma.of(Claim("mine:known-wrong", x, "<=", 1), expect="refuted")
        >>> [(c.id, a.expect) for c, a in e.annotated()], e.kind
        ([('mine:known-wrong', 'refuted')], 'claim')
        """
        return cls(claim.id, claim.source, claim.prop, hypotheses=claim.hypotheses,
                   dims=dict(claim.dims), ranges=dict(claim.ranges),
                   defined_if=tuple(claim.defined_if), classes=claim.classes, **bookkeeping)

    @property
    def kind(self) -> str:
        """The id's kind (``fact``, ``lemma``, ...; ``claim`` for a user's free-form id)."""
        return kind_of(self.id)

    def annotation(self) -> Annotation:
        """The bookkeeping this entry records for its statement."""
        return Annotation(expect=self.expect, finding=self.finding, corrected=self.corrected,
                          note=self.note, cites=self.cites, description=self.description,
                          left=tuple(self.left))

    def _claim(self, cid: str, prop: Prop, **kw: Any) -> Claim:
        base = dict(hypotheses=self.hypotheses, source=self.source, dims=self.dims,
                    ranges=self.ranges, defined_if=self.defined_if if cid == self.id else (),
                    classes=self.classes if cid == self.id else None)
        base.update(kw)
        return Claim(cid, prop.lhs, prop.rel, prop.rhs, **base)

    def statement_claim(self) -> Claim | None:
        """The statement as one claim (None for a chain statement or a bare definition)."""
        own = self.statement_annotated()
        return own[0] if own else None

    def statement_annotated(self) -> Annotated | None:
        """The statement as one claim with its annotation (None for a chain statement or a
        bare definition)."""
        if not isinstance(self.statement, Prop):
            return None
        return self._claim(self.id, self.statement), self.annotation()

    def link_annotated(self) -> list[Annotated]:
        """Claims for the links of a chain statement, or of the proof chain, each with the
        link's bookkeeping (justification, cites, pinned verdict, ...)."""
        if isinstance(self.statement, Chain):
            where = "link"
            steps = [(k, p.lhs, link) for k, (p, link) in
                     enumerate(zip(self.statement.props(), self.statement.links), start=1)]
        else:
            where, steps = "step", self.steps()
        out = []
        for k, prev, link in steps:
            hyps = self.hypotheses + link.extra_hypotheses + link.given
            claim = self._claim(
                f"{self.id}:step-{k}", Prop(prev, link.rel, link.expr), hypotheses=hyps,
                source=f"{self.source}, {'proof ' if where == 'step' else ''}step {k}")
            out.append((claim, Annotation(
                expect=link.expect, finding=link.finding, corrected=link.corrected,
                note=link.note, justification=link.justification, cites=link.cites,
                description=f"{where} {k} of {self.id.split(':', 1)[1]}",
                left=tuple(dict.fromkeys((*self.left, *link.left))))))
        return out

    def link_claims(self) -> list[Claim]:
        """Claims for the links of a chain statement, or of the proof chain."""
        return [c for c, _ in self.link_annotated()]

    def own_annotated(self) -> list[Annotated]:
        """This entry's own claims (statement, then its chain's links), parts left out."""
        st = self.statement_annotated()
        return ([st] if st else []) + self.link_annotated()

    def annotated(self) -> list[Annotated]:
        """Every checkable claim of this entry with its annotation: statement first, then the
        chain's links, then those of its parts (``…:part-k``, ``…:part-k:step-m``)."""
        return self.own_annotated() + [a for p in self.parts for a in p.annotated()]

    def claims(self) -> list[Claim]:
        """Every checkable claim of this entry (see :meth:`annotated`)."""
        return [c for c, _ in self.annotated()]

    def claim_ids(self) -> list[str]:
        """The ids of :meth:`claims`, in order, without building the claims (each one's
        expressions are checked when it is built).

        >>> from symbolic import scalar
        >>> x = scalar("x")
        >>> e = Lemma("t:lemma-1", "L1", Prop(x, "<=", 1), proof=Chain(x, [Link("<=", 1)]),
        ...           parts=[Lemma("t:lemma-1:part-1", "L1", Prop(x, "<=", 2))])
        >>> e.claim_ids() == [c.id for c in e.claims()]
        True
        >>> e.claim_ids()
        ['t:lemma-1', 't:lemma-1:step-1', 't:lemma-1:part-1']
        """
        count = len(self.statement.links) if isinstance(self.statement, Chain) else \
            sum(len(c.links) for c in self.chains())
        own = [self.id] if isinstance(self.statement, Prop) else []
        own += [f"{self.id}:step-{k}" for k in range(1, count + 1)]
        return own + [i for p in self.parts for i in p.claim_ids()]


@dataclass(frozen=True)
class Wording:
    """A misleading word, number or name in the prose, encoded from the text as printed: a
    heading that names the wrong object, a wrong lemma number in a proof, a wrong variable.

    >>> w = Wording("demo:theorem-2", "Theorem 2, proof", "follows from Lemma 5",
    ...             "follows from Lemma 7", "Lemma 7 is the lemma about A")
    >>> w.corrected
    'follows from Lemma 7'
    """

    id: str  # the entry it concerns
    source: str  # where in the text
    printed: str  # the words as printed
    corrected: str
    why: str = ""


@dataclass(frozen=True)
class Remark:
    """A remark for the authors that is not an error: a ``vacuous`` bound (weaker than a
    trivial bound of its left side wherever it could say something), with the sharp constant
    where an entry of the encoding proves one (``sharp``: that entry's id).

    >>> Remark("demo:theorem-1", "Theorem 1", "‖p − q‖₂ ≤ 10‖x − y‖₂", "‖p − q‖₂ ≤ √2 always",
    ...        sharp="demo:extra-sharp").kind
    'vacuous'
    """

    id: str
    source: str
    printed: str
    why: str
    sharp: str | None = None
    kind: str = "vacuous"
    corrected: str = ""  # the sharp form, where one is known


@dataclass(frozen=True)
class Restatement:
    """An entry the text calls another one reparameterised ("Lemma 7.5 (Reparameterized x by A
    in Lemma 5.5)"): each bound ``lhs ≤ K · scale`` of it (and of its parts, part by part) should
    carry the original's constant ``K``; ``scale`` and ``original_scale`` are the distances the
    two bounds are in (``‖A_{t+1} − A_t‖`` and ``‖x_{t+1} − x_t‖₂``).

    >>> from symbolic import scalar
    >>> Restatement("demo:lemma-2", "demo:lemma-1", scalar("s"), scalar("t")).original
    'demo:lemma-1'
    """

    id: str
    original: str
    scale: Any
    original_scale: Any


@dataclass
class Paper:
    """An encoded paper: its key, bibliographic line and entries in the paper's order."""

    key: str
    title: str
    citation: str
    entries: list[Lemma] = field(default_factory=list)
    notes: str = ""
    #: titles of the explicit root causes entries name (``Lemma.cause``/``Link.cause``):
    #: ``{name: {"title": ..., "summary": ..., "corrected": ...}}``
    causes: dict[str, dict[str, str]] = field(default_factory=dict)
    #: entry ids a mirrored section restates (``{"closeness:lemma-7.5": "closeness:lemma-5.5"}``
    #: or a function of the id): findings in a mirror share their original's root cause
    mirror: Any = None
    #: misleading prose (:class:`Wording`), reported as ``wording`` findings
    wording: list[Wording] = field(default_factory=list)
    #: remarks that are not errors (:class:`Remark`), listed after the errata
    remarks: list[Remark] = field(default_factory=list)
    #: entries the text restates reparameterised (:class:`Restatement`): their constants are
    #: compared with the original's (an ``inconsistent-use`` finding when they differ)
    restatements: list[Restatement] = field(default_factory=list)

    def mirror_of(self, entry_id: str) -> str:
        """The id ``entry_id`` restates in a mirrored section (itself when none)."""
        if callable(self.mirror):
            return self.mirror(entry_id)
        return (self.mirror or {}).get(entry_id, entry_id)

    def claims(self) -> list[Claim]:
        """All claims of the paper, in order."""
        return [c for e in self.entries for c in e.claims()]

    def annotated(self) -> list[Annotated]:
        """All claims of the paper with their annotations, in order."""
        return [a for e in self.entries for a in e.annotated()]

    def annotation(self, claim_id: str) -> Annotation:
        """The annotation of the claim ``claim_id`` (KeyError when the paper has none)."""
        base, _, _ = claim_id.partition(":step-")
        entry = self.entry(base)
        found = entry.annotated() if entry is not None else self.annotated()
        for c, a in found:
            if c.id == claim_id:
                return a
        raise KeyError(claim_id)

    def entry(self, entry_id: str) -> Lemma | None:
        """The entry (or part of an entry) with id ``entry_id``."""
        return next((q for e in self.entries for q in e.all_entries() if q.id == entry_id), None)
