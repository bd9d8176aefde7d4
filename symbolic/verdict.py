"""Verdict statuses and the record every check returns.

Example:
    >>> from symbolic.verdict import Status, Verdict
    >>> v = Verdict(Status.SUPPORTED, method="sampling", rigorous=False, message="no violation")
    >>> v.status.rank > Status.PROVED.rank
    True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any, TypedDict

from symbolic import hooks


class Status(Enum):
    """Verdict status, strongest first (see DESIGN.md)."""

    PROVED = "proved"
    REFUTED = "refuted"
    SUPPORTED = "supported"
    UNKNOWN = "unknown"
    SKIPPED = "skipped"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """0 for the strongest status."""
        return list(Status).index(self)

    @property
    def decisive(self) -> bool:
        """``proved`` or ``refuted``."""
        return self in (Status.PROVED, Status.REFUTED)


Witness = dict[str, Any]


class VerdictDetails(TypedDict, total=False):
    """Every key a stage, the kernel or the runner may put in :attr:`Verdict.details`, with its
    type: one declaration (``tests/symbolic/test_verdict_details.py`` fails on a key written
    or read anywhere that is not here). JSON keeps them as they are."""

    # the cascade and the kernel
    stages: list[dict[str, Any]]  #: what each stage did (StageRecord.to_json)
    no_proof: str  #: why no stage proved an inequality the sampling stage supports
    candidate: Witness | None  #: a violation the stage found but could not certify
    candidate_method: str  #: the stage that found the candidate
    uncertified: str  #: why the candidate is not a refutation
    kernel: str  #: what the trusted kernel re-checked
    kernel_rejected: str  #: why the kernel did not admit the stage's verdict
    defined: list[str]  #: the definedness obligations the kernel showed
    open_obligations: list[str]  #: those it could not show
    replayed: bool | str  #: decided from a stored witness
    replay_candidates: int  #: stored witnesses tried
    notes: list[str]  #: remarks for the reader
    free: str  #: the parameters left free of a class claim, tried at a few values only
    confirmation_notes: list[str]  #: how a witness was confirmed
    witness_sides: dict[str, str]  #: lhs and rhs at the witness, in arb
    # shrinking a witness
    shrink: dict[str, Any]  #: what the shrinker did
    original_witness: Witness  #: the witness before shrinking
    shrunk_witness: Witness  #: the witness after shrinking
    # the prover, the schemas and certificates
    relies_on: list[str]  #: the library entries a proof used
    atoms: int  #: atoms on the blackboard
    facts: int  #: facts on the blackboard
    certificate: dict[str, Any]  #: the proof certificate (numeric.prover.certificate, or a
    #: class claim's multipliers: numeric.kernel.classes)
    induction: dict[str, Any]  #: a claim for every N: its induction and obligations
    from_certificate: bool  #: proved by replaying a shipped certificate
    schema: str  #: the lemma schema the claim is an instance of
    calculus: dict[str, Any]  #: a proof by calculus, as a tree (numeric/kernel/calculus.py)
    calculus_steps: list[str]  #: that proof, one line a step
    conditional: dict[str, Any]  #: a proof step's proof from the statements it cites, kept
    #: once they are proved (proofs/premised.py)
    premises: list[str]  #: the cited statements a proof step was proved from
    rlimit: int  #: z3's resource limit (real algebra)
    domain: str  #: z3's answer on the claim's domain (real algebra)
    candidate_witness: Witness | None  #: a z3 model or a box point not yet confirmed
    # the exact stage
    grid: list[dict[str, int]]  #: the sizes checked in explicit coordinates
    grid_cases_checked: int  #: how many
    generic: bool  #: proved for every size by a generic derivation
    seconds_generic: float  #: time spent on the generic derivation
    seconds_grid: float  #: time spent on the grid
    triangulation: dict[str, Any]  #: the exact stage's triangulation of a witness
    dims: dict[str, int]  #: the sizes of a mismatch
    indices: dict[str, int]  #: the indices of a mismatch
    mpmath_lhs: str  #: the sides at a mismatch, in mpmath
    mpmath_rhs: str
    true_value: list[str]  #: the true and the printed values at a mismatch, in arb
    printed_value: list[str]
    # the interval and Taylor stages
    boxes: int  #: boxes examined
    regions: list[Any]  #: the regions proved, with their arguments
    tails: list[Any]  #: the unbounded tails and how they were settled
    rules: dict[str, int]  #: the Taylor stage's rules, by use
    changes: list[str]  #: the Taylor stage's changes of variable
    # the sampling stage and the probe
    probe: dict[str, Any]  #: what the probe tried
    dimension_settings: list[dict[str, int]]  #: the sizes sampled
    feasible_instances: int  #: instances that met the hypotheses
    backends: dict[str, int]  #: evaluations per back end
    float64_range: dict[str, str]  #: where quantities leave float64's range
    nonfinite_float64: int  #: instances float64 could not evaluate
    reevaluated_high_precision: int  #: of those, re-evaluated in mpmath
    float_margin: float  #: the margin float64 saw at the candidate
    found_by: dict[str, Any]  #: the search pass that found a witness
    seconds: float  #: time spent (the sampling stage)
    slack_log10: float  #: the worst slack, as log10
    slack_witness: Witness  #: where it is
    # the runner
    before: str  #: the verdict a stored result replaces
    traceback: str  #: an internal error's traceback


@dataclass
class Verdict:
    """The outcome of checking one claim with one or more back ends.

    ``slack`` is, for inequalities, the worst observed ``lhs/rhs`` (for ``<=``; ``rhs/lhs`` for
    ``>=``) when both sides are positive, else the worst ``rhs - lhs``; for equalities the worst
    relative difference. ``witness`` maps symbol names to numbers or nested lists.
    """

    status: Status
    method: str = ""
    rigorous: bool = False
    message: str = ""
    slack: float | None = None
    witness: dict[str, Any] | None = None
    seed: int | None = None
    precision: str | None = None
    evaluations: int = 0
    worst_margin: float | None = None
    details: VerdictDetails = field(default_factory=VerdictDetails)  # type: ignore[assignment]
    seconds: float = 0.0

    def _repr_latex_(self) -> str | None:
        return hooks.latex_of(self)  # registered by symbolic.latex

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict (status as its string)."""
        out = asdict(self)
        out["status"] = self.status.value
        return out
