"""Check results: one per claim (or per chain-statement entry), with expectations.

Example:
    >>> from symbolic import Status, Verdict
    >>> from proofs.model.results import Result
    >>> r = Result("t:extra-1", "extra", "toy", "", Verdict(Status.REFUTED), expect=None)
    >>> r.unexpected
    True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from proofs.model.annotation import PLAIN, Annotation
from symbolic.claim import Claim
from symbolic.pretty import pretty
from symbolic.verdict import Status, Verdict

HOLDS = {Status.PROVED, Status.SUPPORTED}


@dataclass
class Result:
    """A verdict for one id, with what the project expects of it."""

    id: str
    kind: str
    source: str
    description: str
    verdict: Verdict
    expect: str | None = None
    claim: Claim | None = None
    notes: list[str] = field(default_factory=list)
    conclusion: Result | None = None  # the implication a proof chain owes its statement
    #: the bookkeeping the encoding records for the claim (finding, corrected form, note, ...)
    annotation: Annotation = PLAIN

    @classmethod
    def of(cls, claim: Claim, verdict: Verdict, annotation: Annotation | None = None
           ) -> Result:
        """The result of ``claim`` with the bookkeeping ``annotation`` (none: a plain claim,
        expected to hold).

        >>> from symbolic import Claim, scalar
        >>> r = Result.of(Claim("mine:a", scalar("x"), "<=", 1), Verdict(Status.REFUTED),
        ...               Annotation(expect="refuted", description="x is small"))
        >>> r.kind, r.expect, r.description, r.unexpected
        ('claim', 'refuted', 'x is small', False)
        """
        a = PLAIN if annotation is None else annotation
        return cls(claim.id, a.kind or claim.kind, claim.source, a.description, verdict,
                   a.expect, claim, annotation=a)

    @property
    def status(self) -> Status:
        return self.verdict.status

    @property
    def unexpected(self) -> bool:
        """True when the verdict contradicts the expectation (exit code 1)."""
        st = self.verdict.status
        if st is Status.ERROR:
            return True
        if self.expect is None:
            # a refutation of a statement read incompletely is a candidate, not a failure
            return st is Status.REFUTED and not self.annotation.left
        if self.expect == "refuted":
            # a proof contradicts a pinned finding; mere absence of a witness does not (a
            # smaller budget may not reach it): that is `missed`, reported but not an error
            return st is Status.PROVED
        if self.expect in ("proved", "supported"):
            return st is Status.REFUTED
        return False

    @property
    def missed(self) -> bool:
        """A pinned finding that this run did not reproduce (status supported or unknown)."""
        return self.expect == "refuted" and self.verdict.status in (Status.SUPPORTED,
                                                                    Status.UNKNOWN)

    def to_json(self) -> dict[str, Any]:
        """The contract's result record, plus extra detail fields."""
        v = self.verdict
        return {
            "id": self.id,
            "kind": self.kind,
            "status": v.status.value,
            "method": v.method,
            "rigorous": bool(v.rigorous),
            "source": self.source,
            "message": v.message,
            "slack": _num(v.slack),
            "witness": v.witness,
            "expected": self.expect,
            "unexpected": self.unexpected,
            "description": self.description,
            "seed": v.seed,
            "precision": v.precision,
            "evaluations": v.evaluations,
            "worst_margin": _num(v.worst_margin),
            "seconds": round(v.seconds, 3),
            "notes": self.notes,
            "details": _jsonable(v.details),
            # what a proof rests on: the cited entries, then the library facts it used
            "relies_on": [*self.annotation.cites, *(v.details.get("relies_on") or [])]
            if v.status.value == "proved" else [],
            "conclusion": None if self.conclusion is None else {
                "claim": str(self.conclusion.claim.prop) if self.conclusion.claim else None,
                "status": self.conclusion.status.value,
                "rigorous": bool(self.conclusion.verdict.rigorous),
                "witness": self.conclusion.verdict.witness,
                "method": self.conclusion.verdict.method,
                "message": self.conclusion.verdict.message},
            # the claim as checked, so that a later reader can tell a stale file
            "statement": None if self.claim is None else str(self.claim.prop),
            "hypotheses": None if self.claim is None else [str(h) for h in
                                                           self.claim.hypotheses],
            # ... and as a reader writes it (what a LaTeX or SymPy input was read as)
            "read_as": None if self.claim is None else read_as(self.claim),
            # how completely a statement read from a paper's source was read
            "reading": "incomplete" if self.annotation.left else "complete",
            "left": list(self.annotation.left),
        }


@functools.lru_cache(maxsize=4096)
def _unicode(prop: Any) -> str:
    return pretty(prop)


def read_as(claim: Any) -> str:
    """The claim in readable Unicode, hypotheses first: what its input was read as.

    >>> from symbolic import Claim, Prop, scalar
    >>> x = scalar("x")
    >>> read_as(Claim("t:extra-1", x**2, ">=", 0, (Prop(x, ">", 0),)))
    'if x > 0: x² ≥ 0'
    """
    classes = getattr(claim, "classes", None)
    if classes is not None:  # a statement about every function of a class, as written
        return f"{classes.describe()}: " + _unicode(claim.prop) + classes.where()
    head = "; ".join(_unicode(h) for h in claim.hypotheses)
    return (f"if {head}: " if head else "") + _unicode(claim.prop)


def _num(x: Any) -> Any:
    if x is None:
        return None
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    return f if f == f and abs(f) != float("inf") else str(f)


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, bool)) or x is None:
        return x
    if isinstance(x, float):
        return _num(x)
    try:
        return _num(float(x))
    except (TypeError, ValueError):
        return str(x)


def form(claim: Claim) -> tuple:
    """What a proof of ``claim`` for every size is about: its statement, its hypotheses (as a
    set), its sizes and its ranges (not its id or source text).

    >>> from symbolic import Claim, Prop, scalar
    >>> x, y = scalar("x"), scalar("y")
    >>> a = Claim("t:a", x, "<=", 1, (Prop(x, ">", 0), Prop(y, ">", 0)))
    >>> form(a) == form(Claim("t:b", x, "<=", 1, (Prop(y, ">", 0), Prop(x, ">", 0))))
    True
    """
    import sympy as sp

    def sr(e: Any) -> str:
        return sp.srepr(e) if isinstance(e, sp.Basic) else repr(e)

    return (sr(claim.lhs), claim.rel.value, sr(claim.rhs),
            frozenset((sr(h.lhs), h.rel.value, sr(h.rhs)) for h in claim.hypotheses),
            tuple(sorted((str(k), tuple(v)) for k, v in (claim.dims or {}).items())),
            tuple(sorted((str(k), tuple(map(repr, v))) for k, v in
                         (claim.ranges or {}).items())))


def refuted_forms(results: list[Result]) -> frozenset[tuple]:
    """The :func:`form` of every claim among ``results`` that a witness refutes rigorously: no
    proof of that form exists, so a prover asked for one need not search.

    >>> from symbolic import Claim, scalar
    >>> c = Claim("t:a", scalar("x"), "<=", 1)
    >>> r = Result.of(c, Verdict(Status.REFUTED, "arb", True, witness={"x": 2}))
    >>> form(c) in refuted_forms([r])
    True
    """
    return frozenset(form(r.claim) for r in results
                     if r.claim is not None and r.status is Status.REFUTED
                     and r.verdict.rigorous and r.verdict.witness is not None)


def combine(statuses: list[Status]) -> Status:
    """Status of a conjunction: refuted if any part is, proved if all are, else the weakest."""
    if not statuses:
        return Status.SKIPPED
    if Status.ERROR in statuses:
        return Status.ERROR
    if Status.REFUTED in statuses:
        return Status.REFUTED
    return max(statuses, key=lambda s: s.rank)


class Expectations:
    """Mixin of a record of ``results``: those whose verdict contradicts the encoding's
    expectation, and whether there are none (``proofcheck check`` would exit 0)."""

    results: list[Result]

    @property
    def unexpected(self) -> list[Result]:
        """The results whose verdict contradicts the encoding's expectation."""
        return [r for r in self.results if r.unexpected]

    @property
    def ok(self) -> bool:
        """True when every verdict is as expected (``proofcheck check`` would exit 0)."""
        return not self.unexpected
