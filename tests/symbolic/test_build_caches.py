"""What building expressions and claims computes once: SymPy's ``doit`` of this package's nodes,
and a claim's name checks and assumption hypotheses. A cached answer is the one computed afresh;
a claim that fails its checks fails every time."""

from __future__ import annotations

import pytest
import sympy as sp

from symbolic import Claim, Prop, inner, named, norm2, objects, scalar, vector
from symbolic import claim as claim_module
from symbolic.objects import d, exp_, index, n


def _uncached_doit(e: sp.Basic) -> sp.Basic:
    """SymPy's own ``doit`` of ``e`` and its subterms, bypassing the cache."""
    base = objects._MatrixNode if objects.is_matrix(e) else objects._ScalarNode
    if isinstance(e, (objects._MatrixNode, objects._ScalarNode)):
        return super(base, e).doit()
    return e.doit()


def test_doit_of_a_node_is_sympys():
    A, x = sp.MatrixSymbol("A", n, d), vector("x", d)
    u = exp_(A * x)
    f = named("f(x)", (1 / inner(u, u)) * u)
    objects._doit.cache_clear()
    for e in (u, f, inner(f, f), norm2(f), sp.Transpose(f)):
        assert e.doit() == _uncached_doit(e)
    assert objects._doit.cache_info().hits + objects._doit.cache_info().misses > 0
    before = objects._doit.cache_info().hits
    assert (2 * f).doit() == (2 * f).doit()  # the second product finds f's doit cached
    assert objects._doit.cache_info().hits > before


def test_a_rebuilt_claim_has_the_same_hypotheses():
    x = scalar("x", positive=True)
    y = scalar("y")
    first = Claim("t:extra-1", x * y, "<=", x * y**2 + x, (Prop(y, ">=", 0),))
    again = Claim("t:extra-2", x * y, "<=", x * y**2 + x, (Prop(y, ">=", 0),))
    assert [str(h) for h in first.hypotheses] == ["y >= 0", "x > 0"]
    assert again.hypotheses == first.hypotheses


def test_a_claim_that_fails_its_name_check_fails_every_time():
    i, x = index("i"), scalar("i")
    for _ in range(2):  # an error is never cached as a pass
        with pytest.raises(ValueError, match="two different objects are printed 'i'"):
            Claim("t:extra-1", i + x, ">=", 0)
    assert not any(str(k[0]) == str(Prop(i + x, ">=", 0)) for k in claim_module._CHECKED_CLAIMS)


def test_how_a_hypothesis_was_written_is_part_of_the_key():
    b = scalar("b")
    plain = Claim("t:extra-1", b**2, ">", 0, (Prop(sp.Abs(b), ">", 0),))
    written = Claim("t:extra-2", b**2, ">", 0, (Prop(b, "!=", 0),))
    assert str(written.hypotheses[0]) != str(plain.hypotheses[0])
    assert written.hypotheses[0] == plain.hypotheses[0]  # one relation, written two ways
