"""Encoded papers. Each sub-package defines ``PAPER`` (a :class:`proofs.model.Paper`).

Keys map to modules here; a paper's package may split its entries over section modules.
"""

PAPER_MODULES = {
    "closeness": "proofs.papers.closeness",
    "tensor-trick": "proofs.papers.tensor_trick",
    "lipschitz-attention": "proofs.papers.lipschitz_attention",
}
