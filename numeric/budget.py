"""Effort levels: how many samples, search steps and boxes a check may spend.

Example:
    >>> from numeric.budget import Budget
    >>> Budget.get("quick").samples < Budget.get("thorough").samples
    True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """Effort settings for one check."""

    name: str
    samples: int  # random instances per dimension setting
    dim_settings: int  # dimension settings per claim
    search_iterations: int  # evolution-strategy steps
    search_starts: int  # candidates the search starts from
    polish: int  # candidates polished by SLSQP
    confirm: int  # witnesses re-evaluated at high precision
    boxes: int  # branch-and-bound boxes for the interval prover
    grid_n: int  # largest n for exact symbolic checks
    grid_d: int  # largest d for exact symbolic checks
    symbolic_seconds: float  # time limit of one symbolic simplification
    #: generations without progress of the leading candidates after which the evolution
    #: strategy stops (:func:`numeric.search.adversarial.search`)
    stall: int = 40
    #: the same for the search over orders of magnitude (0: it runs every step)
    scale_stall: int = 0
    #: SLSQP iterations of each polished candidate
    polish_steps: int = 60

    @staticmethod
    def get(name: str) -> Budget:
        """The budget called ``name`` (``quick``, ``default`` or ``thorough``)."""
        try:
            return BUDGETS[name]
        except KeyError:
            raise ValueError(f"unknown budget {name!r}; use one of {', '.join(BUDGETS)}") from None

    @staticmethod
    def resolve(budget: str | Budget) -> Budget:
        """``budget`` itself, or the budget of that name (:meth:`get`): what a run's entry
        point (the runner, the command line, the pytest helpers) does once. Everything in
        :mod:`numeric` takes a resolved :class:`Budget` (:func:`require`).

        >>> Budget.resolve("quick") is Budget.resolve(Budget.get("quick"))
        True
        """
        return budget if isinstance(budget, Budget) else Budget.get(budget)


def require(budget: Budget) -> Budget:
    """``budget``, which must already be resolved; a name here is a caller's bug.

    >>> require("quick")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: expected a resolved Budget, got 'quick': resolve names once where the run ...
    """
    if not isinstance(budget, Budget):
        raise TypeError(f"expected a resolved Budget, got {budget!r}: resolve names once where "
                        "the run starts (Budget.resolve)")
    return budget


#: ``quick`` polishes no candidate with SLSQP. Measured in session 13 (issue 31): without the
#: polish, no verdict and no witness changed over the 313 claims of the three papers and the 75
#: of the decision catalogue, while the polish took about half of tensor-trick's search (its
#: tight Lipschitz bounds keep candidates at the bound, where each SLSQP line search ends in
#: rounding noise). ``default`` and ``thorough`` keep it.
BUDGETS = {
    "quick": Budget("quick", 512, 3, 80, 16, 0, 4, 4_000, 3, 2, 10.0, stall=10, scale_stall=15,
                    polish_steps=20),
    "default": Budget("default", 2048, 5, 150, 32, 4, 8, 40_000, 6, 4, 20.0, stall=20,
                      scale_stall=30),
    "thorough": Budget("thorough", 8192, 8, 800, 64, 8, 16, 400_000, 8, 5, 60.0),
}
#: the budget of a run that names none
DEFAULT = BUDGETS["default"]
