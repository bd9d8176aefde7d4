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
    for name in SECTIONS:
        try:
            mod = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            continue
        out += mod.ENTRIES
    return out


PAPER = Paper(
    key="closeness",
    title="The Closeness of In-Context Learning and Weight Shifting for Softmax Regression",
    citation="Li, Song, Xia, Yu, Zhou, arXiv 2304.13276",
    entries=_entries(),
)
