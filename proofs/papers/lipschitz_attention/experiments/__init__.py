"""``lipschitz-attention``'s Monte Carlo experiments and the entries they check.

Lemma 1 and Theorems 2-4 are statements about minimisers of a population loss; they are checked by
the experiments of this package (``catalog.EXPERIMENTS``, built on the paper-agnostic engine
:mod:`numeric.montecarlo`), not by ``proofcheck check``. ``ENTRIES`` carry no symbolic claim: they
make the ids visible in ``proofcheck list`` and name the experiment to run. The experiment modules
are imported only when an experiment is asked for (``load_experiments`` of the paper package).

Modules: ``model`` (one-layer softmax attention), ``tasks`` (inputs and task families), ``loss``
(the ICL loss estimator), ``exact`` (the exact d = 1 loss), ``optimise`` (fitting M), ``exp_*`` (one
module per experiment), ``catalog`` (all of them by name).

Example:
    >>> EXPERIMENT_IDS["low-rank-constrained"][0]
    'theorem-4'
"""

from __future__ import annotations

from proofs.model import Lemma

#: experiment name -> the claim ids (without the paper prefix) its run reports
EXPERIMENT_IDS: dict[str, tuple[str, ...]] = {
    "window-scaling": ("theorem-2:part-1", "theorem-2:part-2", "extra-theorem-2-intrinsic-reading",
                       "extra-wstar-exponent-intrinsic", "extra-wstar-monotone-l",
                       "extra-wstar-monotone-n", "extra-wstar-monotone-sigma", "extra-exact-d1"),
    "noise-scaling": ("theorem-2:step-1", "extra-noise-intrinsic-dimension"),
    "bias-bounds": ("theorem-2:step-2", "theorem-2:step-3"),
    "covariance-inverse": ("lemma-1",),
    "generalization": ("theorem-3:part-1", "theorem-3:part-2", "theorem-3:part-3",
                       "extra-mismatch"),
    "generalization-sufficient": ("extra-generalization-sufficient",),
    "icl-error-vs-n": ("extra-icl-error-decreases-with-n", "extra-icl-error-increases-with-l",
                       "extra-icl-error-rate"),
    "low-rank": ("extra-theorem-4-unconstrained", "extra-lowrank-affine", "extra-lowrank-quadratic",
                 "extra-lowrank-cosine"),
    "low-rank-constrained": ("theorem-4", "theorem-4:item-1", "theorem-4:item-2"),
    "norm-growth": ("extra-norm-growth",),
}


def _entry(tail: str, source: str, what: str, experiments: tuple[str, ...]) -> Lemma:
    runs = ", ".join(f"'proofcheck experiment {e}'" for e in experiments)
    return Lemma(f"lipschitz-attention:{tail}", source,
                 description=f"{what} [Monte Carlo only: {runs}]",
                 note="No symbolic claim: checked by the Monte Carlo experiment(s) " + runs)


ENTRIES = [
    _entry("lemma-1", "Lemma 1", "x ~ Sigma^{1/2} U(S^{d-1}) gives M* = w_KQ Sigma^{-1}",
           ("covariance-inverse",)),
    _entry("theorem-2", "Theorem 2",
           "M* = w_KQ I with Omega((nL^2/sigma^2)^{1/d}) < w_KQ < O((nL^2/sigma^2)^{2/d}); sketch: "
           "L_noise = Theta(sigma^2 (w^{d/2}+1)/n), Omega(L^2/w^2) < L_bias < Theta(L^2/w + L^2/n)",
           ("window-scaling", "noise-scaling", "bias-bounds")),
    _entry("theorem-3", "Theorem 3", "generalisation across train/test Lipschitzness L, L'",
           ("generalization", "generalization-sufficient", "icl-error-vs-n")),
    _entry("theorem-4", "Theorem 4", "for F_B^lin and n = 2, the optimum over {M = M^T, "
           "||B^T M B||_2 <= C} is M* = c B B^T with c in (0, C]; s^T M* s > 0 on col(B), 0 on "
           "col(B)^perp", ("low-rank-constrained", "low-rank")),
]
