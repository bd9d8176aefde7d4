"""Lemma: the ids of its claims, known without building them."""

import pytest

from proofs import registry


@pytest.mark.parametrize("key", registry.paper_keys())
def test_claim_ids_are_the_ids_of_the_claims_of_every_entry(key):
    entries = registry.paper(key).entries
    assert entries
    for e in entries:
        assert e.claim_ids() == [c.id for c in e.claims()], e.id
