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
from typing import Any

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
    details: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def _repr_latex_(self) -> str | None:
        return hooks.latex_of(self)  # registered by symbolic.latex

    def to_json(self) -> dict[str, Any]:
        """JSON-ready dict (status as its string)."""
        out = asdict(self)
        out["status"] = self.status.value
        return out
