"""Slack: how tight each inequality is.

:func:`slack_table`: per inequality, the worst observed ``lhs/rhs`` (``rhs/lhs`` for ``>=``), its
``log10`` (float64 underflows long before ``exp(-10 R^2)`` does) and the witness reaching it.
"""

from __future__ import annotations

import math
from typing import Any

from proofs.model.results import Result
from symbolic.relation import Relation
from symbolic.verdict import Status


def slack_table(results: list[Result]) -> list[dict[str, Any]]:
    """Per inequality result: worst observed ``lhs/rhs`` (and its ``log10``) with its witness.

    >>> from symbolic import Verdict
    >>> r = Result("t:extra-1", "extra", "toy", "", Verdict(Status.SUPPORTED, slack=0.5,
    ...            details={"slack_log10": math.log10(0.5), "slack_witness": {"x": 1.0}}))
    >>> slack_table([r])[0]["log10"]
    -0.301
    """
    rows = []
    for r in results:
        c = r.claim
        if c is not None and c.rel in (Relation.EQ, Relation.PSD_LE):
            continue
        v = r.verdict
        if v.slack is None and v.details.get("slack_log10") is None:
            continue
        l10 = v.details.get("slack_log10")
        if l10 is None and v.slack:
            l10 = math.log10(v.slack) if v.slack > 0 else None
        rows.append({"id": r.id, "status": r.status.value, "slack": v.slack,
                     "log10": None if l10 is None else round(float(l10), 3),
                     "witness": v.details.get("slack_witness") or (
                         v.witness if r.status is Status.REFUTED else None)})
    return rows
