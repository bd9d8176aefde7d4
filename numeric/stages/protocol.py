"""The contract every way of deciding a claim follows (DESIGN.md, "Stages").

A stage has a ``name``, says whether its decisions are ``rigorous``, says why it does not apply
to a claim (``applies`` returns the reason, or None when it applies), and ``run`` returns a
:class:`~symbolic.verdict.Verdict` or None (no decision). The cascade
(:mod:`numeric.stages.cascade`) resolves the budget once and runs stages cheapest first.

Example:
    >>> from numeric.stages.protocol import Stage, StageRecord
    >>> class Never:
    ...     name, rigorous = "never", True
    ...     def applies(self, claim): return "never applies"
    ...     def run(self, claim, budget, seed): return None
    >>> isinstance(Never(), Stage)
    True
    >>> StageRecord("never", "did not apply: never applies").to_json()
    {'stage': 'never', 'outcome': 'did not apply: never applies', 'seconds': 0.0}
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from numeric.budget import Budget
    from symbolic.claim import Claim
    from symbolic.verdict import Verdict


@runtime_checkable
class Stage(Protocol):
    """One way of deciding a claim."""

    name: str
    rigorous: bool

    def applies(self, claim: Claim) -> str | None:
        """None when the stage applies to ``claim``, else the reason it does not."""

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """A verdict, or None when the stage reached no decision."""


@dataclass
class StageRecord:
    """What one stage did for one claim: decided, or why not."""

    stage: str
    outcome: str
    seconds: float = 0.0

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)
