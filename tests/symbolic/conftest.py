"""Fixtures of the symbolic tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from symbolic import objects as ob
from symbolic.latex_parse import build as latex_build


@pytest.fixture
def clean_dimensions() -> Iterator[None]:
    """Names read as dimensions are declared globally: undo it after the test (and start
    without the count letters other modules declare, such as the closeness paper's ``k``)."""
    dims = dict(ob.DIMS)
    for name in latex_build.COUNT_NAMES:
        ob.DIMS.pop(name, None)
    yield
    ob.DIMS.clear()
    ob.DIMS.update(dims)
