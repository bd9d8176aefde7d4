"""``fewest``: the one greedy "drop each item in turn while the property holds" loop, and its
three users (a correction's hypotheses, those a proof must list, those a citing step uses)."""

from __future__ import annotations

import ast
import inspect

from proofs.review import corrections
from proofs.tools import citations
from proofs.tools.fewest import fewest


def test_each_item_in_turn_in_order():
    tried: list[tuple[list[int], int]] = []

    def holds(rest: list[int], dropped: int) -> bool:
        tried.append((list(rest), dropped))
        return sum(rest) >= 5

    assert fewest([1, 2, 3, 4], holds) == [3, 4]
    assert tried == [([2, 3, 4], 1), ([3, 4], 2), ([4], 3), ([3], 4)]


def test_a_kept_item_stays_and_the_order_decides():
    # greedy: the first item that can go goes, whatever the smallest subset would be
    assert fewest([1, 2, 3], lambda rest, _: sum(rest) >= 5) == [2, 3]
    assert fewest([3, 2, 1], lambda rest, _: sum(rest) >= 5) == [3, 2]
    assert fewest([], lambda rest, _: True) == []
    assert fewest([1, 2], lambda rest, _: False) == [1, 2]


def test_items_are_told_apart_by_identity():
    a, b = [0], [0]  # equal, not the same
    assert fewest([a, b], lambda rest, dropped: dropped is a) == [b]


def test_the_three_greedy_loops_are_fewest():
    for fn in (corrections._compute, corrections._independent, citations._needed_hypotheses):
        tree = ast.parse(inspect.getsource(fn))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        loops = [n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))]
        assert "fewest" in names and loops == [], fn.__name__
