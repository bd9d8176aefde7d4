"""``tensor-trick``'s numeric experiments: the batched numpy twin of the attention regression
(``attention_regression``) and gradient descent on a planted instance (``tensor_gd``).

Example:
    >>> sorted(EXPERIMENTS)
    ['tensor-trick-gd']
"""

from __future__ import annotations

from proofs.papers.tensor_trick.experiments.tensor_gd import EXPERIMENTS

__all__ = ["EXPERIMENTS"]
