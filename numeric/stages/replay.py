"""Replay of stored witnesses: the first stage when the caller supplies witnesses found before
(the runner reads them from ``.proofcheck/witnesses/``, from an entry's ``examples``, points
its encoding pins, and from the certificates its paper ships; this layer never reads files).

A stored witness is only a candidate: it is re-confirmed against the claim as it is now
(:func:`numeric.search.confirm.confirm_json`: mpmath at 50 and 100 digits, then arb). If one
confirms, the claim is ``refuted`` at once with ``details["replayed"] = True``; otherwise the
stage makes no decision and the cascade goes on. An arb-certified witness is preferred: the
witnesses are tried in order and the first certified one wins, else the first confirmed one.

Example:
    >>> from symbolic import Claim, scalar
    >>> from numeric.budget import Budget
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 1)
    >>> v = ReplayStage([{"x": 0.5}, {"x": 2.0}]).run(c, Budget.get("quick"), 0)
    >>> v.status.value, v.witness, v.details["replayed"], v.rigorous
    ('refuted', {'x': 2.0}, True, True)
    >>> ReplayStage([{"x": 0.5}, {"y": 3.0}]).run(c, Budget.get("quick"), 0) is None
    True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from numeric.search.confirm import Confirmation, confirm_json
from symbolic.verdict import Status, Verdict
from symbolic.walk import Unsupported

if TYPE_CHECKING:
    from numeric.budget import Budget
    from symbolic.claim import Claim

_ERRORS = (Unsupported, ValueError, ZeroDivisionError, TypeError, KeyError, IndexError,
           OverflowError, ArithmeticError, AttributeError)


class ReplayStage:
    """Re-confirm stored witnesses (JSON dicts, as :func:`numeric.search.confirm.witness_json`
    writes them); decide ``refuted`` if one still violates the claim."""

    name = "replay"
    rigorous = False

    def __init__(self, witnesses: Sequence[dict[str, Any]]):
        self.witnesses = [w for w in witnesses if isinstance(w, dict)]

    def applies(self, claim: Claim) -> str | None:
        """None when there is a stored witness to replay."""
        return None if self.witnesses else "no stored witness"

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``refuted`` with the first arb-certified (else confirmed) stored witness; None
        when none re-confirms."""
        t0 = time.perf_counter()
        best: tuple[dict[str, Any], Confirmation] | None = None
        notes = []
        for w in self.witnesses:
            try:
                conf = confirm_json(claim, w)
            except _ERRORS as exc:
                notes.append(f"stored witness not usable: {type(exc).__name__}: {exc}")
                continue
            if not conf.violated:
                notes.append("stored witness no longer violates: "
                             + "; ".join(conf.notes or [f"margin {conf.margin}"]))
                continue
            if best is None or (conf.rigorous and not best[1].rigorous):
                best = (w, conf)
            if conf.rigorous:
                break
        if best is None:
            return None
        w, conf = best
        return Verdict(
            Status.REFUTED,
            method="replayed stored witness, confirmed by " + ("arb" if conf.rigorous
                                                               else "mpmath"),
            rigorous=conf.rigorous,
            message=f"violated at the witness: lhs={conf.lhs}, rhs={conf.rhs} (a stored "
                    "witness, re-confirmed now)",
            witness=dict(w), seed=seed, precision="mpmath 50 digits; arb 256 bits",
            evaluations=len(self.witnesses),
            details={"replayed": True, "notes": conf.notes + notes,
                     "confirmation_notes": conf.notes,
                     "witness_sides": {"lhs": conf.lhs, "rhs": conf.rhs}},
            seconds=time.perf_counter() - t0)
