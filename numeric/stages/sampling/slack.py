"""The worst slack of a sampling run: ``lhs/rhs`` (``rhs/lhs`` for ``>=``) closest to 1, kept
as ``log10`` where float64 overflows; float64 violations never count toward it (they are either
confirmed, and then the witness's slack is reported, or rounding noise).

Example:
    >>> from numeric.stages.sampling.slack import SlackTracker
    >>> t = SlackTracker()
    >>> t.offer10(-2.0, None), t.offer10(-3.0, None), t.slack10
    (True, False, -2.0)
    >>> t.current()
    0.01
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from numeric.backends.logspace import log_margin, rows_env
from numeric.backends.margins import batch_margin, slack_value
from numeric.backends.precise import MpmathOps, mp_workdps
from numeric.layout import Layout
from numeric.search.confirm import ratio10, witness_json
from symbolic.claim import Claim
from symbolic.failures import CANNOT_EVALUATE
from symbolic.relation import Relation
from symbolic.walk import Evaluator

SLACK_ROUNDING10 = 1e-9 / math.log(10)  # log10(1 + 1e-9): a ratio above 1 only by rounding


@dataclass(eq=False)
class Instance:
    """One instance of a claim: its layout (dimension setting), values and index values."""

    layout: Layout
    values: dict
    indices: dict

    @staticmethod
    def of(layout: Layout, batch: Any, j: int) -> Instance:
        """Row ``j`` of a batch."""
        return Instance(layout, {s: v[j] for s, v in batch.values.items()},
                        {s: v[j] for s, v in batch.indices.items()})

    def witness(self) -> dict[str, Any]:
        """As JSON (:func:`numeric.search.confirm.witness_json`)."""
        return witness_json(self.layout, self.values, self.indices)


def slack_of10(s10: float) -> float:
    """``10**s10``, saturated to 0 and inf beyond float64.

    >>> slack_of10(-400.0), slack_of10(400.0), slack_of10(-1.0)
    (0.0, inf, 0.1)
    """
    return 0.0 if s10 < -300 else math.inf if s10 > 300 else float(10.0**s10)


def trusted(sl10: np.ndarray) -> np.ndarray:
    """``log10`` slacks with float64 *violations* masked (NaN): a ratio above 1 is either
    confirmed at high precision (and then reported from the confirmation) or rounding noise,
    e.g. the cancellation in ``alpha(x) - alpha(y)`` when ``Ax ~ 1e-12``.

    >>> trusted(np.array([-1.0, 1e-16, 0.58])).tolist()
    [-1.0, 1e-16, nan]
    """
    sl10 = np.array(sl10, dtype=float)
    sl10[sl10 > SLACK_ROUNDING10] = np.nan
    return sl10


def batch_slack10(claim: Claim, batch: Any) -> tuple[float, int | None]:
    """The largest ``log10`` slack over a batch (float64, log space where it overflows)."""
    if batch.size == 0 or claim.rel is Relation.EQ or claim.rel is Relation.PSD_LE:
        return -np.inf, None
    env = batch.env()
    try:
        with np.errstate(all="ignore"):
            _, lhs, rhs = batch_margin(claim.prop, batch.evaluator())
            sl = np.broadcast_to(slack_value(claim.prop, lhs, rhs), (batch.size,))
            sl10 = np.where(sl > 0, np.log10(np.where(sl > 0, sl, 1.0)), np.nan)
        bad = ~np.isfinite(sl10)
        if bad.any():
            rows = np.flatnonzero(bad)
            _, s10 = log_margin(claim.prop, rows_env(env, rows, batch.size))
            sl10 = np.array(sl10)
            sl10[rows] = np.broadcast_to(s10, (rows.size,))
    except CANNOT_EVALUATE:
        return -np.inf, None
    sl10 = trusted(sl10)
    if not np.isfinite(sl10).any():
        return -np.inf, None
    j = int(np.nanargmax(np.where(np.isfinite(sl10), sl10, -np.inf)))
    return float(sl10[j]), j


def precise_slack10(claim: Claim, inst: Instance) -> float | None:
    """:func:`ratio10` of one instance evaluated at 30 digits (None where mpmath cannot)."""
    from numeric.search.confirm import _env

    if claim.rel is Relation.EQ or claim.rel is Relation.PSD_LE:
        return None
    try:
        with mp_workdps(30):
            ops = MpmathOps()
            ev = Evaluator(ops, _env(inst.layout, ops, inst.values, inst.indices))
            return ratio10(claim.rel, ev(claim.lhs), ev(claim.rhs))
    except CANNOT_EVALUATE:
        return None


@dataclass
class SlackTracker:
    """The worst slack seen so far: ``slack10`` (``log10``, where available) and the instance
    it was seen at, else ``slack`` (plain ratio) with the first instance's witness."""

    slack10: float | None = None
    slack: float | None = None
    witness: dict[str, Any] | None = None
    instance: Instance | None = None

    def offer10(self, s10: float, inst: Instance | None) -> bool:
        """Keep ``s10`` if it is the worst so far (True when kept)."""
        if self.slack10 is not None and not s10 > self.slack10:
            return False
        self.slack10, self.instance = float(s10), inst
        self.witness = inst.witness() if inst is not None else None
        return True

    def offer(self, s: float, inst: Instance) -> None:
        """Keep a plain ratio ``s`` (no ``log10`` available) if it is the worst so far."""
        if self.slack is None or s > self.slack:
            self.slack = float(s)
            self.witness = self.witness or inst.witness()

    def current(self) -> float | None:
        """The worst slack so far from ``slack10`` (None before any)."""
        return None if self.slack10 is None else slack_of10(self.slack10)

    def settle(self) -> float | None:
        """The worst slack for the verdict: ``slack10`` where seen, else the plain ratio."""
        if self.slack10 is not None:
            self.slack = slack_of10(self.slack10)
        return self.slack

    def refine(self, claim: Claim) -> None:
        """Re-evaluate the worst instance's ratio at 30 digits (float64 picked it; e.g.
        ``|exp(x) - 1| / |x|`` at ``x ~ 1e-16`` is rounding noise in float64)."""
        if self.instance is None or self.slack10 is None:
            return
        precise10 = precise_slack10(claim, self.instance)
        if precise10 is not None:
            self.slack10 = precise10
            self.slack = slack_of10(precise10)
