"""Every Monte Carlo experiment of ``lipschitz-attention``, by name (``proofcheck experiment``).

The paper package exposes them through ``load_experiments()``; the command line discovers them
through the paper registry.

Example:
    >>> sorted(EXPERIMENTS)[:2]
    ['bias-bounds', 'covariance-inverse']
    >>> EXPERIMENTS["noise-scaling"].run({"dims": [2]}, seed=0, budget="tiny")["claims"][0]["id"]
    'lipschitz-attention:theorem-2:step-1'
"""

from __future__ import annotations

from dataclasses import replace

from numeric.montecarlo.experiment import Experiment
from proofs.papers.lipschitz_attention.experiments import EXPERIMENT_IDS
from proofs.papers.lipschitz_attention.experiments.common import PAPER
from proofs.papers.lipschitz_attention.experiments.exp_generalization import GENERALIZATION
from proofs.papers.lipschitz_attention.experiments.exp_icl import (
    GENERALIZATION_SUFFICIENT,
    ICL_ERROR_VS_N,
)
from proofs.papers.lipschitz_attention.experiments.exp_matrix import (
    COVARIANCE_INVERSE,
    LOW_RANK,
    NORM_GROWTH,
)
from proofs.papers.lipschitz_attention.experiments.exp_terms import BIAS_BOUNDS, NOISE_SCALING
from proofs.papers.lipschitz_attention.experiments.exp_theorem4 import LOW_RANK_CONSTRAINED
from proofs.papers.lipschitz_attention.experiments.exp_window import WINDOW_SCALING

EXPERIMENTS: dict[str, Experiment] = {
    e.name: replace(e, claims=tuple(f"{PAPER}:{t}" for t in EXPERIMENT_IDS[e.name])) for e in (
        WINDOW_SCALING, NOISE_SCALING, BIAS_BOUNDS, COVARIANCE_INVERSE, GENERALIZATION,
        GENERALIZATION_SUFFICIENT, ICL_ERROR_VS_N, LOW_RANK, LOW_RANK_CONSTRAINED, NORM_GROWTH)}
