"""Candidate violations found by sampling and search, which ones to confirm, and their
confirmation at high precision (:func:`numeric.search.confirm.confirm`).

Example:
    >>> from numeric.stages.sampling.candidates import Candidate, diverse
    >>> cs = [Candidate(m, None, {}, {}) for m in (-1.0, -1e-15, -0.5)]
    >>> [c.margin for c in diverse(cs, 1)]
    [-1.0, -1e-15]
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from numeric.layout import Layout
from numeric.search.confirm import confirm, confirmed_slack, witness_json
from numeric.stages.sampling.settings import ranges_of
from symbolic.claim import Claim
from symbolic.failures import CANNOT_EVALUATE
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

ROUNDING_LEVEL = 1e-12  # relative float64 margins above -this are usually rounding noise
ROUNDING_CANDIDATES = 2  # of which only these, and one per dimension setting, are confirmed
#: an equality's float64 candidate within this factor of a difference already shown to be
#: rounding noise at the same dimensions (it vanished at high precision) is not confirmed
NOISE_FACTOR = 10.0


@dataclass(eq=False)
class Candidate:
    """A float64 violation: its relative ``margin`` (negative, or 0 for a strict relation) at
    one instance (``layout``: the dimension setting, ``values``, ``indices``). Compared by
    identity; ``tried`` once confirmation has been attempted; ``origin``: the pass that found
    it."""

    margin: float
    layout: Layout
    values: dict
    indices: dict
    tried: bool = False
    #: the pass that found it: ``sampling``, ``equality`` (the hypotheses' equality sets),
    #: ``search`` (evolution strategy and polish) or ``scale`` (orders of magnitude)
    origin: str = ""

    @property
    def magnitude(self) -> float:
        """The largest absolute input value."""
        return max((float(np.max(np.abs(np.asarray(v, dtype=float))))
                    for v in self.values.values()), default=0.0)


def diverse(candidates: list[Candidate], count: int,
            rel: Relation | None = None) -> list[Candidate]:
    """The most violating candidates, plus those of smallest input magnitude: a witness at
    |x| ~ 1e146 may be unconfirmable where a moderate one is not. Candidates at rounding level
    (a tight bound evaluated in float64) come last, and only :data:`ROUNDING_CANDIDATES` of
    them: each costs a high-precision evaluation and nearly all are noise."""
    clear = [c for c in candidates if c.margin <= -ROUNDING_LEVEL]
    noise = sorted((c for c in candidates if c.margin > -ROUNDING_LEVEL), key=lambda c: c.margin)
    by_margin = sorted(clear, key=lambda c: c.margin)
    by_size = sorted(clear, key=lambda c: c.magnitude)
    # rounding level, for inequalities: for a strict relation the lowest of each dimension
    # setting (an exact tie at n = 1 must not hide behind +-1e-49 noise at n = 16), then the
    # lowest overall
    if rel is Relation.EQ or rel is Relation.PSD_LE:
        # float64 says equal to rounding: no evidence of a mismatch. (Under equality hypotheses
        # such as ||x|| = 1, which float inputs meet only to rounding, the high-precision value
        # of such an instance differs from the identity by that defect: not a violation.)
        noise = []
    per_layout: dict[int, Candidate] = {}
    for c in noise if rel is not None and rel.strict else []:
        per_layout.setdefault(id(c.layout), c)
    out: list[Candidate] = []
    for c in [*by_margin[:count], *by_size[:count], *per_layout.values(),
              *noise[:ROUNDING_CANDIDATES]]:
        if not any(c is o for o in out):
            out.append(c)
    return out


@dataclass
class Confirmer:
    """Confirms candidates of one claim at high precision and builds the ``refuted`` verdict;
    collects the notes of candidates it rejects. ``context`` supplies the run's counters for
    the verdict (``evaluations``, ``backends``, ``phases``)."""

    claim: Claim
    seed: int
    count: int  # the budget's ``confirm``
    t0: float
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    #: float64 violations whose hypotheses failed at high precision, of a claim with an
    #: equality among its hypotheses (``y = √(3x)``): a rounded sample never meets it
    unmet_equalities: int = 0
    last: Verdict | None = None  # the verdict of the latest attempt
    #: equalities: per dimension setting (layout id), the largest float64 |margin| of a
    #: candidate that high precision showed to be rounding noise (the hypotheses hold there
    #: and the sides agree): the claim's demonstrated float64 noise at those dimensions
    noise: dict[int, float] = field(default_factory=dict)

    def _within_noise(self, c: Candidate) -> bool:
        level = self.noise.get(id(c.layout))
        return level is not None and abs(c.margin) <= NOISE_FACTOR * level

    def attempt(self, cands: list[Candidate], slack: float | None,
                context: dict[str, Any]) -> Verdict | None:
        """A ``refuted`` verdict for the first candidate that is confirmed, else None."""
        t = time.perf_counter()
        self.last = None
        try:
            for c in cands:
                c.tried = True
                if self.claim.rel is Relation.EQ and self._within_noise(c):
                    self.notes.append(f"float64 difference {c.margin:.3g} within {NOISE_FACTOR:g}x "
                                      "the rounding noise shown at these dimensions: not "
                                      "confirmed")
                    continue
                v = self._one(c, slack, context)
                if v is not None:
                    self.last = v
                    return v
            return None
        finally:
            self.seconds += time.perf_counter() - t

    def early(self, candidates: list[Candidate], slack: float | None,
              context: dict[str, Any]) -> Verdict | None:
        """Confirm the clear violations not yet tried (the rest of the run is then not
        needed)."""
        clear = [c for c in candidates if c.margin <= -ROUNDING_LEVEL and not c.tried]
        if not clear:
            return None
        return self.attempt(diverse(clear, self.count, self.claim.rel), slack, context)

    def final(self, candidates: list[Candidate], slack: float | None,
              context: dict[str, Any]) -> Verdict | None:
        """Confirm the diverse selection of every candidate, less those already tried."""
        chosen = [c for c in diverse(candidates, self.count, self.claim.rel) if not c.tried]
        return self.attempt(chosen, slack, context)

    def _one(self, c: Candidate, slack: float | None, context: dict[str, Any]) -> Verdict | None:
        claim = self.claim
        try:
            conf = confirm(claim, c.layout, c.values, c.indices)
        except CANNOT_EVALUATE as exc:
            self.notes.append(f"confirmation failed: {exc}")
            return None
        if not conf.violated:
            self.notes.append("a float64 violation was not confirmed at high precision: "
                              + "; ".join(conf.notes or [f"margin {conf.margin}"]))
            if not conf.hypotheses_hold and any(h.rel is Relation.EQ
                                                for h in claim.hypotheses):
                self.unmet_equalities += 1
            if claim.rel is Relation.EQ and conf.hypotheses_hold and not conf.undecided:
                key = id(c.layout)
                self.noise[key] = max(self.noise.get(key, 0.0), abs(c.margin))
            return None
        inequality = claim.rel not in (Relation.EQ, Relation.PSD_LE)
        return Verdict(
            Status.REFUTED,
            method="sampling+adversarial, confirmed by " + ("arb" if conf.rigorous else "mpmath"),
            rigorous=conf.rigorous,
            message=f"violated at the witness: lhs={conf.lhs}, rhs={conf.rhs}",
            # undefined when the witness's sides are not both positive: the float slack of
            # the other instances says nothing about the violation
            slack=confirmed_slack(claim, conf) if inequality else slack,
            witness=witness_json(c.layout, c.values, c.indices),
            seed=self.seed,
            precision="mpmath 50 digits; arb 256 bits",
            evaluations=context["evaluations"],
            worst_margin=c.margin,
            details={"float_margin": c.margin, "found_by": {"pass": c.origin,
                                                            "dims": dict(c.layout.dims)},
                     "notes": conf.notes + self.notes, "confirmation_notes": conf.notes,
                     "witness_sides": {"lhs": conf.lhs, "rhs": conf.rhs},
                     "backends": context["backends"], "float64_range": ranges_of(claim),
                     "seconds": context["phases"]},
            seconds=time.perf_counter() - self.t0,
        )
