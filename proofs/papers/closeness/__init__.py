"""``closeness``: Li, Song, Xia, Yu, Zhou, *The Closeness of In-Context Learning and Weight
Shifting for Softmax Regression*, arXiv 2304.13276.

Entries live in one module per section (``section3.py``, ...), each defining ``ENTRIES``; they
are collected here in the paper's order.
"""

import importlib

from proofs.model import Paper

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
)
