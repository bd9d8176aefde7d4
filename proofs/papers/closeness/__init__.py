"""``closeness``: Li, Song, Xia, Yu, Zhou, *The Closeness of In-Context Learning and Weight
Shifting for Softmax Regression*, arXiv 2304.13276.

Entries live in one module per section (``section3.py``, ...), each defining ``ENTRIES``; they
are collected here in the paper's order.
"""

import importlib

from proofs.model import Paper
from proofs.papers.closeness.mirror import mirror_of

#: root causes entries name explicitly (``cause=``), for the errata
CAUSES = {
    "lemma-3.3-beta": {
        "title": "Lemma 3.3: β ≥ exp(−R²) is concluded for any lower bound β; Theorems 8.1/8.2 "
                 "use it in step 2",
        "summary": "Read as printed (β any lower bound of ⟨exp(Ax), 𝟏ₙ⟩), Lemma 3.3 is false and "
                   "so is step 2 of Theorems 8.1 and 8.2 (β⁻² ≤ exp(2R²) fails for "
                   "β < exp(−R²)). Read with β := exp(−R²), the bound the proof constructs, the "
                   "lemma is ⟨exp(Ax), 𝟏ₙ⟩ ≥ exp(−R²) (proved) and step 2 is an equality; the "
                   "theorems then need ‖x‖₂ ≤ R at both points (a separate cause).",
        "corrected": "⟨exp(Ax), 𝟏ₙ⟩ ≥ exp(−R²) under ‖A‖ ≤ R, ‖x‖₂ ≤ R; in Theorems 8.1/8.2 "
                     "let β := exp(−R²)",
    },
}

SECTIONS = ["section1", "section3", "section4", "section5", "section6", "section7", "section8"]


def _entries() -> list:
    out = []
    for name in SECTIONS:  # a missing or broken section is an error, never skipped
        out += importlib.import_module(f"{__name__}.{name}").ENTRIES
    return out


PAPER = Paper(
    key="closeness",
    title="The Closeness of In-Context Learning and Weight Shifting for Softmax Regression",
    citation="Li, Song, Xia, Yu, Zhou, arXiv 2304.13276",
    entries=_entries(),
    causes=CAUSES,
    mirror=mirror_of,
)
