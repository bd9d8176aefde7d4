"""The catalogue of textbook results (catalogue.py): every true result proved for the whole
class, every false variant refuted with data the kernel re-checks exactly."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from catalogue import ENTRIES

from numeric.kernel.classes import check_proof, check_witness
from numeric.pep.decide import decide
from symbolic.verdict import Status


def test_the_catalogue_is_large_enough():
    true = [e for e in ENTRIES if e.true]
    false = [e for e in ENTRIES if not e.true]
    assert len(true) >= 40 and len(false) >= 30
    assert len({e.id for e in ENTRIES}) == len(ENTRIES)
    assert all(e.why for e in false)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_entry_is_decided_right(entry):
    claim = entry.build()
    v = decide(claim)
    if entry.true:
        assert v.status is Status.PROVED, v.message
        assert check_proof(entry.build(), v.details["certificate"]) is None
    else:
        assert v.status is Status.REFUTED, v.message
        assert check_witness(entry.build(), v.witness) is None
    assert v.rigorous
