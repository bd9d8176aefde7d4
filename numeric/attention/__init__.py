"""Monte Carlo experiments for ``lipschitz-attention`` (Collins et al., arXiv 2402.11639).

``EXPERIMENTS`` maps a name to an :class:`Experiment` (also registered in
:mod:`numeric.attention.registry`, which ``proofcheck experiment`` reads);
``run(params, seed, budget, progress)`` returns a JSON-serialisable dict with ``claims`` (statuses
supported / refuted / unknown, never proved: Monte Carlo is evidence, not proof).

Example:
    >>> sorted(EXPERIMENTS)[:2]
    ['bias-bounds', 'covariance-inverse']
    >>> EXPERIMENTS["noise-scaling"].run({"dims": [2]}, seed=0, budget="tiny")["claims"][0]["id"]
    'lipschitz-attention:theorem-2:step-1'
"""

from __future__ import annotations

from numeric.attention.exp_generalization import GENERALIZATION
from numeric.attention.exp_matrix import COVARIANCE_INVERSE, LOW_RANK, NORM_GROWTH
from numeric.attention.exp_terms import BIAS_BOUNDS, NOISE_SCALING
from numeric.attention.exp_window import WINDOW_SCALING
from numeric.attention.experiment import BUDGETS, Experiment
from numeric.attention.loss import LossEstimate, estimate_loss, loss_curves
from numeric.attention.registry import experiments, register

EXPERIMENTS: dict[str, Experiment] = {e.name: e for e in (
    WINDOW_SCALING, NOISE_SCALING, BIAS_BOUNDS, COVARIANCE_INVERSE, GENERALIZATION, LOW_RANK,
    NORM_GROWTH)}

for _e in EXPERIMENTS.values():
    register(_e)

__all__ = ["BUDGETS", "EXPERIMENTS", "Experiment", "LossEstimate", "estimate_loss", "experiments",
           "loss_curves", "register"]
