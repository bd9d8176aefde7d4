"""``tensor-trick``: Gao, Song, Xie, *In-Context Learning for Attention Scheme: from Single
Softmax Regression to Multiple Softmax Regression via a Tensor Trick*, arXiv 2307.02419.

Only the abstract is available. The two losses and ``D(X)`` are printed there; everything else
(the vectorised form, the building blocks, gradients, Lipschitz chains and the ICL theorems) is a
reconstruction from ``/work/shared/seeds/README.md`` and the ``closeness`` paper, marked in every
entry's note. Entries live in one module per topic, each defining ``ENTRIES``.
"""

import importlib

from proofs.model import Paper

MODULES = ["identities", "data", "gradients", "lipschitz", "icl"]

NOTES = (
    "RECONSTRUCTION. Only the abstract of arXiv 2307.02419 is available "
    "(seeds/001_a86e17d914af304a.txt). Printed there: A1, A2 ∈ R^{n×d}, B ∈ R^{n×n}, "
    "D(X) = diag(exp(A1 X A2ᵀ) 1_n), the Normalized loss ||D(X)^{-1} exp(A1XA2ᵀ) - B||_F² and the "
    "Rescaled loss ||exp(A1XA2ᵀ) - D(X) B||_F². Everything else is reconstructed (seeds README and "
    "the closeness paper): 𝖠 = A1 ⊗ A2 with row-major vec, the per-row blocks 𝖠_{j0}, u, α, f, "
    "c, and, as an assumption, h = α b_{j0} and q = u - h; gradients; Lipschitz constants in the "
    "style of closeness Sections 5 and 7; ICL theorems in the style of closeness Theorems 8.1-8.2 "
    "with M reconstructed from the chain. Ids use descriptive labels, not the paper's numbers. "
    "extra-*-wrong-convention entries are planted checks (expected refuted), not paper findings."
)


def _entries() -> list:
    out = []
    for name in MODULES:
        out += importlib.import_module(f"{__name__}.{name}").ENTRIES
    return out


PAPER = Paper(
    key="tensor-trick",
    title="In-Context Learning for Attention Scheme: from Single Softmax Regression to Multiple "
          "Softmax Regression via a Tensor Trick",
    citation="Gao, Song, Xie, arXiv 2307.02419",
    entries=_entries(),
    notes=NOTES,
)


def load_experiments() -> dict:
    """The paper's numeric experiments by name (imported on first use)."""
    from proofs.papers.tensor_trick.experiments import EXPERIMENTS

    return dict(EXPERIMENTS)
