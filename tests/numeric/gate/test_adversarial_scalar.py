"""The adversarial scalar gate: every entry of adversarial_scalar.py through the full cascade at
budget quick.

No TRUE entry may be ``refuted`` and no FALSE entry (a near miss, or a claim undefined somewhere)
may be ``proved``. Each entry's truth is first confirmed independently on plain mpmath
(``Entry.check``). ``figures()`` counts the verdicts per category; ``-s`` prints them.
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
    "adversarial_scalar", pathlib.Path(__file__).with_name("adversarial_scalar.py"))
adversarial = sys.modules.setdefault("adversarial_scalar", importlib.util.module_from_spec(_spec))
if not hasattr(adversarial, "ENTRIES"):
    _spec.loader.exec_module(adversarial)
ENTRIES = adversarial.ENTRIES
CATEGORIES = adversarial.CATEGORIES

_VERDICTS: dict[str, object] = {}


def verdict(entry):
    """The cascade's verdict at quick, seed 0 (computed once per process)."""
    v = _VERDICTS.get(entry.claim.id)
    if v is None:
        v = _VERDICTS[entry.claim.id] = decide(entry.claim, Budget.get("quick"), seed=0)
    return v


def figures() -> dict[str, dict[str, Counter]]:
    """{category: {"true": {status: k}, "false": {status: k}}} over every entry."""
    out = {c: {"true": Counter(), "false": Counter()} for c in CATEGORIES}
    for e in ENTRIES:
        out[e.category]["true" if e.true else "false"][verdict(e).status.value] += 1
    return out


# one entry per category runs by default (false ones, the gate's harder side); the rest is slow
_FAST = {next(e.claim.id for e in ENTRIES if e.category == c and not e.true) for c in CATEGORIES}


def _param(e):
    marks = () if e.claim.id in _FAST else (pytest.mark.slow,)
    return pytest.param(e, id=e.claim.id, marks=marks)


def test_entries_well_formed():
    assert len(ENTRIES) >= 160
    assert len({e.claim.id for e in ENTRIES}) == len(ENTRIES)
    counts = Counter(e.category for e in ENTRIES)
    assert set(counts) == set(CATEGORIES)
    assert all(15 <= k <= 30 for k in counts.values()), counts
    false = sum(not e.true for e in ENTRIES)
    assert 0.4 * len(ENTRIES) <= false <= 0.6 * len(ENTRIES)
    for e in ENTRIES:
        assert e.claim.rel is not None and e.why, e.claim.id


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.claim.id) for e in ENTRIES])
def test_independent_check(entry):
    """The expected truth, confirmed on plain mpmath at 50 digits (a witness for a false entry,
    >= 20 points satisfying the hypotheses for a true one)."""
    assert entry.check(), (entry.claim.id, entry.true, entry.why)


@pytest.mark.parametrize("entry", [_param(e) for e in ENTRIES])
def test_gate(entry):
    v = verdict(entry)
    if entry.true:
        assert v.status is not Status.REFUTED, (entry.claim.id, v.method, v.witness, v.message)
    else:
        assert v.status is not Status.PROVED, (entry.claim.id, v.method, v.message)


@pytest.mark.slow
def test_figures():
    figs = figures()
    print()
    for cat, sides in figs.items():
        print(f"{cat:13s} true: {dict(sides['true'])}  false: {dict(sides['false'])}")
    assert sum(k for s in figs.values() for c in s.values() for k in c.values()) == len(ENTRIES)
    for cat in CATEGORIES:
        entries = [e for e in ENTRIES if e.category == cat]
        assert sum(figs[cat]["true"].values()) == sum(e.true for e in entries)
        assert sum(figs[cat]["false"].values()) == sum(not e.true for e in entries)
