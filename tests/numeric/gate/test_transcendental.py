"""The transcendental catalogue (transcendental.py) through the full cascade at budget quick.

No TRUE entry may be ``refuted`` and no FALSE entry ``proved``; every false entry is
``refuted`` and at least 90% of the true ones are ``proved`` (issue 47's must-show). Each
entry's truth is first confirmed independently on plain mpmath (``Entry.check``).
``figures()`` counts the verdicts per kind; ``-s`` prints them.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from collections import Counter

import pytest

from numeric.budget import Budget
from numeric.stages.cascade import decide
from symbolic.verdict import Status

_spec = importlib.util.spec_from_file_location(
    "transcendental", pathlib.Path(__file__).with_name("transcendental.py"))
catalogue = sys.modules.setdefault("transcendental", importlib.util.module_from_spec(_spec))
if not hasattr(catalogue, "ENTRIES"):
    _spec.loader.exec_module(catalogue)
ENTRIES = catalogue.ENTRIES

_VERDICTS: dict[str, object] = {}


def verdict(entry):
    """The cascade's verdict at quick, seed 0 (computed once per process)."""
    v = _VERDICTS.get(entry.claim.id)
    if v is None:
        v = _VERDICTS[entry.claim.id] = decide(entry.claim, Budget.get("quick"), seed=0)
    return v


def figures() -> dict[str, dict[str, Counter]]:
    """{kind: {"true": {status: k}, "false": {status: k}}} over every entry."""
    out = {k: {"true": Counter(), "false": Counter()} for k in catalogue.KINDS}
    for e in ENTRIES:
        out[e.category]["true" if e.true else "false"][verdict(e).status.value] += 1
    return out


def test_catalogue_well_formed():
    assert len(ENTRIES) >= 60
    assert len({e.claim.id for e in ENTRIES}) == len(ENTRIES)
    kinds = Counter(e.category for e in ENTRIES)
    assert set(kinds) == set(catalogue.KINDS) and min(kinds.values()) >= 8, kinds
    assert sum(not e.true for e in ENTRIES) >= 20


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.claim.id) for e in ENTRIES])
def test_independent_check(entry):
    """The truth, confirmed on plain mpmath at 50 digits."""
    assert entry.check(), (entry.claim.id, entry.true, entry.why)


@pytest.mark.slow
@pytest.mark.parametrize("entry", [pytest.param(e, id=e.claim.id) for e in ENTRIES])
def test_gate(entry):
    v = verdict(entry)
    if entry.true:
        assert v.status is not Status.REFUTED, (entry.claim.id, v.method, v.witness, v.message)
    else:
        assert v.status is Status.REFUTED, (entry.claim.id, v.status, v.method, v.message)


@pytest.mark.slow
def test_figures():
    figs = figures()
    print()
    for kind, sides in figs.items():
        print(f"{kind:14s} true: {dict(sides['true'])}  false: {dict(sides['false'])}")
    true = sum(e.true for e in ENTRIES)
    proved = sum(s["true"]["proved"] for s in figs.values())
    assert proved >= 0.9 * true, (proved, true)
