"""The ``Experiment`` record, parameter resolution per budget, and the claim (result) builder.

Example:
    >>> exp = Experiment("demo", "one line", {"a": 1}, lambda p, s, pr: ({"a2": p["a"] * 2}, []),
    ...                  lambda r, path: None, {"tiny": {"a": 3}})
    >>> exp.run({}, seed=0, budget="tiny")["results"]
    {'a2': 6}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

PAPER = "lipschitz-attention"
BUDGETS = ("tiny", "quick", "default", "thorough")
Progress = Callable[[str], None] | None
Runner = Callable[[dict[str, Any], int, Progress], tuple[dict[str, Any], list[dict[str, Any]]]]


def jsonable(obj: Any) -> Any:
    """Convert numpy scalars/arrays (recursively) to plain Python; non-finite floats become None."""
    if isinstance(obj, Mapping):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [jsonable(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return jsonable(obj.tolist())
    if isinstance(obj, np.bool_ | bool):
        return bool(obj)
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, float | np.floating):
        v = float(obj)
        return v if math.isfinite(v) else None
    return obj


def make_claim(tail: str, kind: str, status: str, source: str, message: str, *,
               slack: float | None, stats: dict[str, Any]) -> dict[str, Any]:
    """One result record ``R`` (id ``lipschitz-attention:<tail>``); never rigorous."""
    if status not in ("supported", "refuted", "unknown"):
        raise ValueError(f"status must be supported, refuted or unknown, not {status!r}")
    return {"id": f"{PAPER}:{tail}", "kind": kind, "status": status, "method": "monte-carlo",
            "rigorous": False, "source": source, "message": message,
            "slack": None if slack is None or not math.isfinite(slack) else float(slack),
            "witness": None, "stats": stats}


@dataclass(frozen=True)
class Experiment:
    """A named Monte Carlo experiment.

    ``run(params, seed, budget, progress)`` returns ``{"experiment", "params", "seed", "results",
    "claims"}``; ``params`` overrides ``default_params`` (unknown names raise ``ValueError``) and
    ``budget`` (tiny, quick, default, thorough) sets the sample sizes listed in ``budgets``.
    ``paper`` is the key of the paper whose claims it checks.
    """

    name: str
    description: str
    default_params: dict[str, Any]
    runner: Runner = field(repr=False)
    plotter: Callable[[dict[str, Any], str], None] = field(repr=False)
    budgets: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    paper: str = PAPER

    def resolve(self, params: Mapping[str, Any] | None, budget: str) -> dict[str, Any]:
        """Effective parameters: defaults, then the budget's sizes, then ``params``."""
        if budget not in BUDGETS:
            raise ValueError(f"unknown budget {budget!r}; expected one of {', '.join(BUDGETS)}")
        params = dict(params or {})
        params.pop("budget", None)
        unknown = sorted(set(params) - set(self.default_params))
        if unknown:
            raise ValueError(f"unknown parameter(s) for {self.name}: {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(self.default_params))}")
        return {**self.default_params, **self.budgets.get(budget, {}), **params, "budget": budget}

    def run(self, params: Mapping[str, Any] | None = None, seed: int = 0,
            budget: str = "default", progress: Progress = None) -> dict[str, Any]:
        """Run the experiment; the returned dict is JSON-serialisable."""
        eff = self.resolve(params, budget)
        results, claims = self.runner(eff, int(seed), progress)
        return jsonable({"experiment": self.name, "params": eff, "seed": int(seed),
                         "results": results, "claims": claims})

    def plot(self, result: Mapping[str, Any], path: str) -> None:
        """Write a figure for a result of :meth:`run` to ``path`` (needs matplotlib)."""
        self.plotter(dict(result), path)


def say(progress: Progress, message: str) -> None:
    """Send a progress line if a callback was given."""
    if progress is not None:
        progress(message)
