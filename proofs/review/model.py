"""What a review of a paper's results holds, typed: each :class:`Finding` (with its checked
:class:`Correction`), the root :class:`Cause` that groups findings, each citation's
:class:`CitationCheck`, the :class:`ShownDerivation` of each derivative formula, and the
:class:`Review` that carries them all to the renderers (:mod:`proofs.reports`), which compute
nothing of their own.

Pure data: this module runs no check and imports nothing that does, so a renderer may import it.
Every type reads and writes the JSON records the errata and the results store hold
(``to_json``/``from_json``, keys in the documented order).

Example:
    >>> f = Finding("t:lemma-1", "false-statement", "Lemma 1", "x ≤ 0", "sampling: 1 > 0",
    ...             witness={"x": 1.0}, check={"type": "claim", "claim": "t:lemma-1"})
    >>> list(f.to_json())[:5]
    ['id', 'kind', 'source', 'printed', 'printed_latex']
    >>> Finding.from_json(f.to_json()) == f, f.claim_id, f.severity
    (True, 't:lemma-1', 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from proofs.model import Paper
from proofs.model.results import Expectations, Result

#: every kind of finding
KINDS = ("formula-mismatch", "false-statement", "statement-stronger-than-proof",
         "missing-hypothesis", "invalid-step", "inconsistent-use", "invalid-citation", "typo",
         "wording", "vacuous")

#: severity, most severe first: causes are listed in this order
SEVERITY = ("false-statement", "formula-mismatch", "statement-stronger-than-proof",
            "invalid-step", "inconsistent-use", "missing-hypothesis", "invalid-citation", "typo",
            "wording", "vacuous")

#: kinds that are remarks, not errors: listed after the errata, in their own section
REMARKS = ("vacuous",)


@dataclass(frozen=True)
class Correction:
    """A corrected list of hypotheses, checked by the prover
    (:func:`proofs.review.corrections.minimal`): the fewest of the ``needed`` hypotheses
    (``added``) under which the statement of ``entry`` is ``proved`` with its listed ones, and
    those ``dropped`` as implied by the others; when it is not proved, nothing is dropped and
    ``reason`` says why.

    >>> c = Correction("t:lemma-1", True, "quick", ["a > 0"], ["a > 0"], ["a > 0"], [], [],
    ...                "", proof_needs=[])
    >>> list(c.to_json())[-2:], Correction.from_json(c.to_json()) == c
    (['reason', 'proof_needs'], True)
    """

    entry: str
    proved: bool
    budget: str
    needed: list[str]
    added: list[str]
    added_latex: list[str]
    dropped: list[str]
    relies_on: list[str]
    reason: str
    #: proved with nothing added: the needed hypotheses the others do not imply (what the
    #: proof as written should list); None when not proved
    proof_needs: list[str] | None = None
    #: not proved: the run's own check of this form, in words ("" when the run has none);
    #: None when proved
    support: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "entry": self.entry, "proved": self.proved, "budget": self.budget,
            "needed": list(self.needed), "added": list(self.added),
            "added_latex": list(self.added_latex), "dropped": list(self.dropped),
            "relies_on": list(self.relies_on), "reason": self.reason}
        if self.proof_needs is not None:
            out["proof_needs"] = list(self.proof_needs)
        if self.support is not None:
            out["support"] = self.support
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Correction:
        return cls(d["entry"], bool(d["proved"]), d.get("budget", ""), list(d.get("needed", [])),
                   list(d.get("added", [])), list(d.get("added_latex", [])),
                   list(d.get("dropped", [])), list(d.get("relies_on", [])),
                   d.get("reason", ""), d.get("proof_needs"), d.get("support"))


@dataclass(frozen=True)
class Finding:
    """One finding of the errata: what is wrong (``kind``) with which claim (``id``, and the
    ``check`` that established it: ``{"type": "claim" | "conclusion" | "flow" | "citation" |
    "use" | "restatement" | "declared" | "wording" | "remark", ...}``), as printed
    (``printed``, ``printed_latex``), corrected (``corrected``, ``corrected_latex``, or
    ``corrected_tex`` for a corrected text), the ``evidence`` and whether it is ``rigorous``,
    the ``witness`` of a refutation, the encoding's reading of the source (``note``).

    Kind-specific fields: ``why`` (a false statement refuted for want of a hypothesis),
    ``hypothesis`` and ``hypothesis_latex`` (a missing hypothesis) with its checked
    ``correction``, ``stated``, ``reached`` and ``used`` (an inconsistent use: the cited
    statement's constant, what its proof reaches, the constant the use has)."""

    id: str
    kind: str
    source: str
    printed: str
    evidence: str
    rigorous: bool = True
    printed_latex: str = ""
    corrected: str | None = None
    corrected_latex: str = ""
    corrected_tex: str = ""
    witness: dict[str, Any] | None = None
    note: str | None = ""
    check: dict[str, str] | None = None
    why: str | None = None
    hypothesis: str | None = None
    hypothesis_latex: str = ""
    stated: str | None = None
    reached: str | None = None
    used: str | None = None
    correction: Correction | None = None

    @property
    def claim_id(self) -> str:
        """The id of the claim the finding's check is about (its ``id`` when the check names
        none)."""
        return (self.check or {}).get("claim") or self.id

    @property
    def severity(self) -> int:
        """The rank of its kind in :data:`SEVERITY` (0: most severe; unknown kinds last)."""
        return SEVERITY.index(self.kind) if self.kind in SEVERITY else 99

    def to_json(self) -> dict[str, Any]:
        """The errata's JSON record (the fields a kind does not have are left out)."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "source": self.source,
                               "printed": self.printed, "printed_latex": self.printed_latex}
        if self.hypothesis is not None:
            out.update(hypothesis=self.hypothesis, hypothesis_latex=self.hypothesis_latex)
        out.update(corrected=self.corrected, corrected_latex=self.corrected_latex)
        if self.corrected_tex:
            out["corrected_tex"] = self.corrected_tex
        out.update(witness=self.witness, evidence=self.evidence, rigorous=self.rigorous,
                   note=self.note)
        if self.used is not None:
            out.update(stated=self.stated, reached=self.reached, used=self.used)
        if self.check is not None:
            out["check"] = dict(self.check)
        if self.why is not None:
            out["why"] = self.why
        if self.correction is not None:
            out["correction"] = self.correction.to_json()
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Finding:
        """A finding from its JSON record (e.g. of ``proofcheck errata --format json``)."""
        corr = d.get("correction")
        return cls(
            d["id"], d["kind"], d.get("source", ""), d.get("printed", ""), d.get("evidence", ""),
            bool(d.get("rigorous", True)), d.get("printed_latex", ""), d.get("corrected"),
            d.get("corrected_latex", ""), d.get("corrected_tex", ""), d.get("witness"),
            d.get("note", ""), d.get("check"), d.get("why"), d.get("hypothesis"),
            d.get("hypothesis_latex", ""), d.get("stated"), d.get("reached"), d.get("used"),
            Correction.from_json(corr) if corr else None)


@dataclass(frozen=True)
class Cause:
    """A root cause: findings (indices into the review's findings) that one error of the paper
    explains, its most severe ``kind``, a ``title``, a ``summary`` and the ``corrected`` form.

    >>> Cause("cause-1", "typo", "Lemma 1: typo", "Lemma 1: …", None, [0]).to_json()["findings"]
    [0]
    """

    id: str
    kind: str
    title: str
    summary: str
    corrected: str | None
    findings: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "title": self.title, "summary": self.summary,
                "corrected": self.corrected, "findings": list(self.findings)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Cause:
        return cls(d.get("id", ""), d["kind"], d.get("title", ""), d.get("summary", ""),
                   d.get("corrected"), list(d["findings"]))


@dataclass(frozen=True)
class CitationCheck:
    """One proof step's citation and what the prover made of it
    (:mod:`proofs.tools.citations`): ``outcome`` ``ok``, ``invalid``, ``relative`` or
    ``unchecked``; ``needs``: what an invalid citation's step really uses."""

    step: str
    source: str
    cited: list[str]
    outcome: str
    needs: list[str] = field(default_factory=list)
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "source": self.source, "cited": list(self.cited),
                "outcome": self.outcome, "needs": list(self.needs), "message": self.message}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> CitationCheck:
        return cls(d["step"], d.get("source", ""), list(d.get("cited", [])), d["outcome"],
                   list(d.get("needs", [])), d.get("message", ""))


@dataclass(frozen=True)
class ShownStep:
    """One rewriting step of a derivation: the expression reached (LaTeX), whether the
    dimension-generic engine proved the step, and the rule applied."""

    latex: str
    holds: bool
    rule: str


@dataclass(frozen=True)
class ShownDerivation:
    """The derivation of the derivative formula ``id``, one rule at a time, from the
    expression ``start`` (LaTeX), its steps checked; or the ``error`` that stopped it."""

    id: str
    start: str = ""
    steps: list[ShownStep] = field(default_factory=list)
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "start": self.start, "error": self.error,
                "steps": [[s.latex, s.holds, s.rule] for s in self.steps]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ShownDerivation:
        return cls(d["id"], d.get("start", ""),
                   [ShownStep(t, bool(h), r) for t, h, r in d.get("steps", [])], d.get("error"))


@dataclass
class Review(Expectations):
    """A paper's results and everything found in them, ready to render: the ``results`` (in
    the paper's order), the ``findings`` and their root ``causes``, the ``citations`` checked,
    the ``derivations`` shown, and the settings the results were checked at (``budget``,
    ``seed``: a name or a list of them when they came from the results store; ``versions``
    of the libraries). Made by :func:`proofs.review.review`."""

    paper: Paper | None
    results: list[Result]
    findings: list[Finding] = field(default_factory=list)
    causes: list[Cause] = field(default_factory=list)
    citations: list[CitationCheck] = field(default_factory=list)
    derivations: list[ShownDerivation] = field(default_factory=list)
    budget: str | None = None
    seed: int | str | None = None
    versions: dict[str, str] | None = None



def paper_order(paper: Paper) -> Callable[[Result], tuple[int, str]]:
    """A sort key putting results in the paper's order: each entry (parts after it), then its
    claims; results of other ids last, by id."""
    ids = []
    for top in paper.entries:
        for e in (top.all_entries() if hasattr(top, "all_entries") else [top]):
            ids.append(e.id)
            ids += [c.id for c in e.claims()]
    pos = {cid: k for k, cid in enumerate(dict.fromkeys(ids))}

    def key(r: Result) -> tuple[int, str]:
        return pos.get(r.id, len(pos)), r.id

    return key
