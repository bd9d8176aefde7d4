"""The contract every way of deciding a claim follows (DESIGN.md, "Stages").

A stage has a ``name``, says whether its decisions are ``rigorous``, says why it does not apply
to a claim (``applies`` returns the reason, or None when it applies), and ``run(claim, budget,
seed)`` returns a :class:`~symbolic.verdict.Verdict` or None (no decision): every stage takes
the same arguments. The cascade (:mod:`numeric.stages.cascade`) resolves the budget once and
runs stages cheapest first.

What one check shares between its stages travels in a :class:`CheckContext` the cascade makes
for the check: its budget, seed and progress callback, and the probe's first sampling pass,
which the sampling stage goes on from. A stage that reads or writes it is a
:class:`UsesContext`: the cascade gives it the check's context with ``with_context`` before
running it (nothing is kept between checks, nor in any module).

Example:
    >>> from numeric.stages.protocol import Stage, StageRecord
    >>> class Never:
    ...     name, rigorous = "never", True
    ...     def applies(self, claim): return "never applies"
    ...     def run(self, claim, budget, seed): return None
    >>> isinstance(Never(), Stage), isinstance(Never(), UsesContext)
    (True, False)
    >>> StageRecord("never", "did not apply: never applies").to_json()
    {'stage': 'never', 'outcome': 'did not apply: never applies', 'seconds': 0.0}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from numeric.budget import Budget
    from numeric.stages.sampling.core import FirstPass
    from symbolic.claim import Claim
    from symbolic.verdict import Verdict

Progress = Callable[[str], None]


@runtime_checkable
class Stage(Protocol):
    """One way of deciding a claim."""

    name: str
    rigorous: bool

    def applies(self, claim: Claim) -> str | None:
        """None when the stage applies to ``claim``, else the reason it does not."""

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """A verdict, or None when the stage reached no decision."""


@dataclass(eq=False)
class CheckContext:
    """What the stages of one check of one claim share: the resolved ``budget``, the claim's
    ``seed``, the ``progress`` callback (or None) and ``first_pass``, the sampling stage's
    first pass the probe ran (:func:`numeric.stages.sampling.core.first_pass`), left here for
    the sampling stage to go on from (:meth:`take_first_pass`). Made by the cascade for each
    check; budget, seed and progress do not change during it.

    >>> from numeric.budget import Budget
    >>> ctx = CheckContext(Budget.get("quick"), 7)
    >>> ctx.seed, ctx.progress, ctx.take_first_pass()
    (7, None, None)
    """

    budget: Budget
    seed: int
    progress: Progress | None = None
    first_pass: FirstPass | None = None

    def take_first_pass(self) -> FirstPass | None:
        """The kept first pass (None if there is none), then forgotten: it is taken once."""
        out, self.first_pass = self.first_pass, None
        return out


@runtime_checkable
class UsesContext(Protocol):
    """A stage that reads or writes the check's :class:`CheckContext` (the probe, the sampling
    stage): ``with_context`` gives the stage that runs in that check."""

    def with_context(self, context: CheckContext) -> Stage:
        """This stage for the check of ``context``."""


def for_check(stage: Stage, context: CheckContext) -> Stage:
    """``stage`` as it runs in the check of ``context``: given the context when it uses it
    (:class:`UsesContext`), else itself.

    >>> from numeric.budget import Budget
    >>> class Plain:
    ...     name, rigorous = "plain", False
    ...     def applies(self, claim): return None
    ...     def run(self, claim, budget, seed): return None
    >>> s = Plain()
    >>> for_check(s, CheckContext(Budget.get("quick"), 0)) is s
    True
    """
    return stage.with_context(context) if isinstance(stage, UsesContext) else stage


@dataclass
class StageRecord:
    """What one stage did for one claim: decided, or why not."""

    stage: str
    outcome: str
    seconds: float = 0.0

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)
