"""The paper-agnostic Monte Carlo experiment engine.

An :class:`Experiment` names a runner ``(params, seed, progress) -> (results, claims)``, its default
parameters and per-budget sample sizes; :func:`make_claim` builds one result record (never
rigorous: Monte Carlo is evidence, not proof); :mod:`numeric.montecarlo.stats` holds the
statistics (bootstrap, slopes, interval verdicts, power and the smallest detectable effect) and
:mod:`numeric.montecarlo.plots` the matplotlib helpers. Papers own their experiments
(``proofs/papers/<key>/experiments/``); this package knows no paper.

May import: :mod:`symbolic` and this folder (no back end, search or stage: an experiment is
evidence, never a verdict of the cascade). A new statistic goes into
:mod:`numeric.montecarlo.stats`.

Example:
    >>> exp = Experiment("demo", "doubles a", {"a": 1},
    ...                  lambda p, s, pr: ({"a2": 2 * p["a"]}, []), lambda r, path: None)
    >>> exp.run({"a": 4}, seed=0, budget="tiny")["results"]
    {'a2': 8}
"""

from __future__ import annotations

from numeric.montecarlo.experiment import (
    BUDGETS,
    Experiment,
    ParameterError,
    Progress,
    jsonable,
    make_claim,
    say,
)

__all__ = ["BUDGETS", "Experiment", "ParameterError", "Progress", "jsonable", "make_claim", "say"]
