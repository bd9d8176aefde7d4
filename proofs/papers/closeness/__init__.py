"""``closeness``: Li, Song, Xia, Yu, Zhou, *The Closeness of In-Context Learning and Weight
Shifting for Softmax Regression*, arXiv 2304.13276."""

from proofs.model import Paper
from proofs.papers.closeness import section3

PAPER = Paper(
    key="closeness",
    title="The Closeness of In-Context Learning and Weight Shifting for Softmax Regression",
    citation="Li, Song, Xia, Yu, Zhou, arXiv 2304.13276",
    entries=[*section3.ENTRIES],
)
