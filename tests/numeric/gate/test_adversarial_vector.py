"""The adversarial vector gate: near misses of true vector claims (``adversarial_vector.py``)
through the full cascade at budget quick.

A true claim must never be ``refuted``, a false (or somewhere undefined) claim never
``proved``. Every entry's truth is checked independently (mpmath at 50 digits, no project code).
``certificates``: the certificate of a true blackboard-proved claim, replayed on a false edit
with the same id, must not prove the edit.

Run everything: ``python -m pytest -q -n 0 -p no:cacheprovider
tests/numeric/gate/test_adversarial_vector.py -m "slow or not slow"``.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from collections import Counter

import pytest

from numeric.budget import Budget
from numeric.prover.certificate import Certificate
from numeric.stages.cascade import decide
from symbolic.verdict import Status

_spec = importlib.util.spec_from_file_location(
    "adversarial_vector", pathlib.Path(__file__).with_name("adversarial_vector.py"))
data = sys.modules.setdefault("adversarial_vector", importlib.util.module_from_spec(_spec))
if not hasattr(data, "ENTRIES"):
    _spec.loader.exec_module(data)
ENTRIES = data.ENTRIES
BY_ID = {e.claim.id: e for e in ENTRIES}

#: the whole gate takes ~25 s at quick (under the ~40 s bound for a slow mark): every entry
#: runs by default; set SLOW_GATE to mark all but the first entry of each category slow
SLOW_GATE = False
FAST = {e.category: e.claim.id for e in reversed(ENTRIES)}  # the first of each category
_VERDICTS: dict[str, object] = {}


def verdict(entry):
    """The cascade's verdict at quick (seed 0), computed once per entry."""
    cid = entry.claim.id
    if cid not in _VERDICTS:
        _VERDICTS[cid] = decide(entry.claim, Budget.get("quick"), seed=0)
    return _VERDICTS[cid]


def _param(e):
    fast = not SLOW_GATE or FAST[e.category] == e.claim.id
    return pytest.param(e, id=e.claim.id, marks=() if fast else pytest.mark.slow)


def test_entries_shape():
    assert len(ENTRIES) >= 150
    assert len(BY_ID) == len(ENTRIES), "claim ids are unique"
    cats = Counter(e.category for e in ENTRIES)
    assert set(cats) == set(data.CATEGORIES)
    assert all(k >= 8 for k in cats.values()), cats
    assert cats["certificates"] >= 8
    false = sum(not e.true for e in ENTRIES)
    assert 0.4 <= false / len(ENTRIES) <= 0.65, false
    for e in ENTRIES:
        assert e.claim.id.startswith("adv:") and e.why
    assert set(data.CERT_SOURCE) == {e.claim.id for e in ENTRIES if e.category == "certificates"}
    assert all(not e.true for e in ENTRIES if e.category == "certificates")


def test_independent_checks():
    """Every entry's truth, by mpmath at 50 digits: a witness for a false entry, >= 20 random
    and edge points for a true one."""
    bad = [e.claim.id for e in ENTRIES if not e.check()]
    assert not bad, bad


@pytest.mark.parametrize("entry", [_param(e) for e in ENTRIES])
def test_gate(entry):
    v = verdict(entry)
    assert v.status is not Status.ERROR, (entry.claim.id, v.method, v.message)
    if entry.true:
        assert v.status is not Status.REFUTED, (entry.claim.id, v.method, v.witness, v.message)
    else:
        assert v.status is not Status.PROVED, (entry.claim.id, v.method, v.message)


CERTS = [e for e in ENTRIES if e.category == "certificates"]


@pytest.mark.parametrize(
    "entry", [pytest.param(e, id=e.claim.id) for e in CERTS])
def test_certificate_does_not_prove_false_edit(entry):
    source = data.CERT_SOURCE[entry.claim.id]
    assert source.id == entry.claim.id
    quick = Budget.get("quick")
    v = decide(source, quick, seed=0)
    assert v.status is Status.PROVED and "certificate" in v.details, (
        "the true source claim is no longer proved by the blackboard", v.status, v.method)
    cert = Certificate.from_json(v.details["certificate"])
    again = decide(source, quick, seed=0, certificate=cert)
    assert again.status is Status.PROVED and again.details.get("from_certificate"), \
        "the certificate replays on its own claim"
    edit = decide(entry.claim, quick, seed=0, certificate=cert)
    assert edit.status is not Status.PROVED, (entry.claim.id, edit.method, edit.details.get(
        "relies_on"), edit.details.get("from_certificate"))
    assert not edit.details.get("from_certificate")


def figures(entries=None) -> dict[str, dict[str, dict[str, int]]]:
    """Per category: {"true": {status: k}, "false": {status: k}} at quick, seed 0."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for e in entries if entries is not None else ENTRIES:
        st = verdict(e).status.value
        side = out.setdefault(e.category, {"true": {}, "false": {}})["true" if e.true else "false"]
        side[st] = side.get(st, 0) + 1
    return out


@pytest.mark.slow  # decides every entry again in an xdist worker of its own
def test_figures(capsys):
    figs = figures()
    with capsys.disabled():
        print()
        for cat in data.CATEGORIES:
            f = figs[cat]
            print(f"{cat:18s} true {dict(sorted(f['true'].items()))}  "
                  f"false {dict(sorted(f['false'].items()))}")
    assert set(figs) == set(data.CATEGORIES)
    assert sum(k for f in figs.values() for side in f.values() for k in side.values()) \
        == len(ENTRIES)
    for cat, f in figs.items():
        n_true = sum(e.true for e in ENTRIES if e.category == cat)
        assert sum(f["true"].values()) == n_true
        assert sum(f["false"].values()) == sum(e.category == cat for e in ENTRIES) - n_true
        assert f["true"].get("refuted", 0) == 0, cat
        assert f["false"].get("proved", 0) == 0, cat
