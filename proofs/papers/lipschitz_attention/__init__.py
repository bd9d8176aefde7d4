"""``lipschitz-attention``: Collins, Parulekar, Mokhtari, Sanghavi, Shakkottai, *In-Context
Learning with Transformers: Softmax Attention Adapts to Function Lipschitzness*, arXiv 2402.11639,
read from the talk slides (``shared/seeds/002_*.txt``).

Symbolic entries (checked by ``proofcheck check lipschitz-attention``): the model (``model``), the
loss split and the proof sketch's formulas (``loss``), ``Lip(f)`` on ``F_L^+`` (``lipschitz``),
direction-wise Lipschitzness of ``F_B^lin`` (``direction``).
Lemma 1 and Theorems 2-4 are Monte Carlo (``experiments``; ``proofcheck experiment NAME``), exposed
to the command line by :func:`load_experiments`.

Example:
    >>> [e.id for e in PAPER.entries][:2]
    ['lipschitz-attention:equation-2', 'lipschitz-attention:extra-softmax-shift-invariance']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from proofs.model import Paper
from proofs.papers.lipschitz_attention import direction, experiments, lipschitz, loss, model
from proofs.papers.lipschitz_attention.experiments import EXPERIMENT_IDS

PAPER = Paper(
    key="lipschitz-attention",
    title="In-Context Learning with Transformers: Softmax Attention Adapts to Function "
          "Lipschitzness",
    citation="Collins, Parulekar, Mokhtari, Sanghavi, Shakkottai, arXiv 2402.11639 (talk slides)",
    entries=[*model.ENTRIES, *loss.ENTRIES, *lipschitz.ENTRIES, *direction.ENTRIES,
             *experiments.ENTRIES],
    notes="Read from the talk slides; Lemma 1 and Theorems 2-4 are checked by Monte Carlo "
          "experiments ('proofcheck experiment --list').",
)

if TYPE_CHECKING:
    from numeric.montecarlo import Experiment


def load_experiments() -> dict[str, Experiment]:
    """The paper's Monte Carlo experiments by name (imported on first use)."""
    from proofs.papers.lipschitz_attention.experiments.catalog import EXPERIMENTS

    return dict(EXPERIMENTS)


__all__ = ["EXPERIMENT_IDS", "PAPER", "load_experiments"]
