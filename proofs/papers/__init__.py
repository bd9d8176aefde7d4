"""Encoded papers, by key. Each module defines ``PAPER`` (a :class:`proofs.model.Paper`)."""

PAPER_MODULES = {
    "closeness": "proofs.papers.closeness",
}
