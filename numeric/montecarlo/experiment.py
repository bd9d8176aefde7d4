"""The ``Experiment`` record, parameter resolution per budget, and the claim (result) builder.

An experiment knows no paper: the claims it reports carry full ids (``make_claim(id, ...)``) and the
paper that owns it is whoever lists it (``proofs/papers/<key>``).

Example:
    >>> exp = Experiment("demo", "one line", {"a": 1}, lambda p, s, pr: ({"a2": p["a"] * 2}, []),
    ...                  lambda r, path: None, {"tiny": {"a": 3}})
    >>> exp.run({}, seed=0, budget="tiny")["results"]
    {'a2': 6}
    >>> exp.run({"a": 0}, budget="tiny", seed=0)["results"]
    {'a2': 0}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

BUDGETS = ("tiny", "quick", "default", "thorough")
STATUSES = ("supported", "refuted", "unknown")
Progress = Callable[[str], None] | None
Runner = Callable[[dict[str, Any], int, Progress], tuple[dict[str, Any], list[dict[str, Any]]]]
Validator = Callable[[dict[str, Any]], None]


class ParameterError(ValueError):
    """A parameter value an experiment cannot run with (a usage error, one line)."""


def jsonable(obj: Any) -> Any:
    """Convert numpy scalars/arrays (recursively) to plain Python; non-finite floats become None.

    Example:
        >>> jsonable({"a": np.float64(1.5), "b": np.array([1, 2]), "c": float("nan")})
        {'a': 1.5, 'b': [1, 2], 'c': None}
    """
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


def make_claim(claim_id: str, kind: str, status: str, source: str, message: str, *,
               slack: float | None, stats: dict[str, Any],
               detectable: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One result record ``R`` for the claim ``claim_id``; never rigorous, always labelled
    ``"statistical": true`` (a Monte Carlo ``refuted`` is a statistical test's rejection, not
    a certified witness).

    ``detectable`` states the test's sensitivity: the smallest effect (``effect``, in ``unit``)
    that it detects with probability ``power`` at level ``alpha`` (see
    :func:`numeric.montecarlo.stats.detectable_effect`).

    Example:
        >>> make_claim("p:extra-x", "extra", "unknown", "s", "m", slack=None, stats={})["rigorous"]
        False
    """
    if status not in STATUSES:
        raise ValueError(f"status must be supported, refuted or unknown, not {status!r}")
    return {"id": claim_id, "kind": kind, "status": status, "method": "monte-carlo",
            "rigorous": False, "statistical": True, "source": source, "message": message,
            "slack": None if slack is None or not math.isfinite(slack) else float(slack),
            "witness": None, "stats": stats,
            "detectable": dict(detectable) if detectable is not None else None}


def _type_check(name: str, value: Any, like: Any) -> None:
    """ParameterError when ``value`` does not have the type of the default ``like``."""
    if isinstance(like, list):
        if not isinstance(value, list | tuple) or not value:
            raise ParameterError(f"parameter {name!r} expects a non-empty list, not {value!r}")
        if like and isinstance(like[0], list):  # nested records: shape only, the validator checks
            if not all(isinstance(v, list | tuple) for v in value):
                raise ParameterError(f"parameter {name!r} expects a list of lists, not {value!r}")
        elif like:
            for v in value:
                _type_check(name, v, like[0])
        return
    if isinstance(like, bool):
        ok = isinstance(value, bool | np.bool_)
    elif isinstance(like, int):
        ok = isinstance(value, int | np.integer) and not isinstance(value, bool)
    elif isinstance(like, float):
        ok = (isinstance(value, int | float | np.integer | np.floating)
              and not isinstance(value, bool) and math.isfinite(float(value)))
    elif isinstance(like, str):
        ok = isinstance(value, str)
    else:
        ok = True
    if not ok:
        raise ParameterError(f"parameter {name!r} expects a value like {like!r}, not {value!r}")


def require_positive(params: Mapping[str, Any], names: Iterable[str], *,
                     at_least: float = 0.0, strict: bool = True) -> None:
    """ParameterError unless every number in ``params[name]`` (a number or a list) is
    ``> at_least`` (``>=`` when not ``strict``).

    Example:
        >>> require_positive({"dims": [1, 0]}, ["dims"])
        Traceback (most recent call last):
        ...
        numeric.montecarlo.experiment.ParameterError: parameter 'dims' must be > 0, got 0
    """
    for name in names:
        if name not in params:
            continue
        raw = params[name]
        for v in raw if isinstance(raw, list | tuple) else [raw]:
            bad = not (v > at_least if strict else v >= at_least)
            if bad:
                op = ">" if strict else ">="
                raise ParameterError(f"parameter {name!r} must be {op} {at_least:g}, got {v!r}")


@dataclass(frozen=True)
class Experiment:
    """A named Monte Carlo experiment.

    ``run(params, seed, budget, progress)`` returns ``{"experiment", "params", "seed", "results",
    "claims", "sensitivity"}``; ``params`` overrides ``default_params`` (unknown names or values of
    the wrong type raise :class:`ParameterError`, and so does ``validate`` for values the runner
    cannot use) and ``budget`` (tiny, quick, default, thorough) sets the sample sizes listed in
    ``budgets``. ``sensitivity`` maps each claim id to its smallest detectable effect.
    """

    name: str
    description: str
    default_params: dict[str, Any]
    runner: Runner = field(repr=False)
    plotter: Callable[[dict[str, Any], str], None] = field(repr=False)
    budgets: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    validate: Validator | None = field(default=None, repr=False)
    claims: tuple[str, ...] = ()

    def resolve(self, params: Mapping[str, Any] | None, budget: str) -> dict[str, Any]:
        """Effective parameters: defaults, then the budget's sizes, then ``params`` (checked)."""
        if budget not in BUDGETS:
            raise ParameterError(f"unknown budget {budget!r}; expected one of {', '.join(BUDGETS)}")
        params = dict(params or {})
        params.pop("budget", None)
        unknown = sorted(set(params) - set(self.default_params))
        if unknown:
            raise ParameterError(f"unknown parameter(s) for {self.name}: {', '.join(unknown)}; "
                                 f"known: {', '.join(sorted(self.default_params))}")
        for key, value in params.items():
            _type_check(key, value, self.default_params[key])
        eff = {**self.default_params, **self.budgets.get(budget, {}), **params, "budget": budget}
        if self.validate is not None:
            self.validate(eff)
        return eff

    def run(self, params: Mapping[str, Any] | None = None, seed: int = 0,
            budget: str = "default", progress: Progress = None) -> dict[str, Any]:
        """Run the experiment; the returned dict is JSON-serialisable."""
        if int(seed) < 0:
            raise ParameterError(f"seed must be >= 0, got {seed}")
        eff = self.resolve(params, budget)
        results, claims = self.runner(eff, int(seed), progress)
        sensitivity = {c["id"]: c.get("detectable") for c in claims}
        return jsonable({"experiment": self.name, "params": eff, "seed": int(seed),
                         "results": results, "claims": claims, "sensitivity": sensitivity})

    def plot(self, result: Mapping[str, Any], path: str) -> None:
        """Write a figure for a result of :meth:`run` to ``path`` (needs matplotlib)."""
        self.plotter(dict(result), path)


def say(progress: Progress, message: str) -> None:
    """Send a progress line if a callback was given."""
    if progress is not None:
        progress(message)
