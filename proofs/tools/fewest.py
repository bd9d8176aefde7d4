"""The fewest items under which something still holds: the one greedy loop of the errata's
corrections (:mod:`proofs.review.corrections`) and the citation checks
(:mod:`proofs.tools.citations`).

Each item is dropped in turn, in the order given, and stays dropped while the property holds
without it; one check per item. The result is minimal for this order (no kept item can be
dropped alone), not necessarily the smallest subset.

Example:
    >>> fewest([1, 2, 3, 4], lambda rest, dropped: sum(rest) >= 5)
    [3, 4]
    >>> fewest(["a", "b"], lambda rest, dropped: dropped == "a")  # the dropped item matters
    ['b']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


def fewest(items: Iterable[T], still_holds: Callable[[list[T], T], bool]) -> list[T]:
    """``items`` without those that ``still_holds(kept, dropped)`` says can go: each item in
    turn (in order) is tried without (``kept``: the items kept so far, less this one, compared
    by identity) and dropped when the property still holds."""
    keep = list(items)
    for item in list(keep):
        trial = [k for k in keep if k is not item]
        if still_holds(trial, item):
            keep = trial
    return keep
