"""One printed name is one object, and standard notation means what it means (issue 27)."""

from __future__ import annotations

import pytest
import sympy as sp

from symbolic import Claim, Prop, index, matrix, n, norm2, scalar, vector
from symbolic.latex_parse import LatexError, parse_expr


def test_two_objects_with_one_printed_name_are_refused_naming_both():
    x = vector("x", n)
    with pytest.raises(ValueError, match=r"two different objects are printed 'x': vector x "
                                         r"\(n×1\) \(in the statement\) and real scalar x "
                                         r"\(in hypothesis 1\)"):
        Claim("t:extra-1", norm2(x), ">=", 0, (Prop(scalar("x"), ">", 0),))
    with pytest.raises(ValueError, match=r"index i .* and real scalar i"):
        Claim("t:extra-2", index("i"), ">=", 1, (Prop(scalar("i"), "!=", 2),))
    with pytest.raises(ValueError, match=r"printed .R.: real scalar R.* and real scalar R"):
        Claim("t:extra-3", scalar("R", positive=True), ">=", scalar("R") - 1)


def test_the_same_object_twice_is_fine():
    R = scalar("R")
    c = Claim("t:extra-1", R**2, ">=", 0, (Prop(R, ">", 0),))
    assert c.hypotheses[0].lhs is R


def test_latex_hypotheses_bind_to_the_statements_indices():
    x = vector("x", n)
    c = Claim.from_latex("t:extra-1", r"\frac{\mathrm{d} x_i}{\mathrm{d} x_j} = 0",
                         where={"x": x}, hypotheses=[r"i \neq j"])
    (h,) = c.hypotheses
    i, j = index("i"), index("j")
    assert h.symbols == {i, j}  # the statement's indices, not new real scalars
    assert str(h) == "i != j"


@pytest.mark.parametrize(("text", "value"), [
    (r"e^x", sp.exp(scalar("x"))),
    (r"\mathrm{e}^{2}", sp.exp(2)),
    (r"1/e", sp.exp(-1)),
    (r"2\pi r", 2 * sp.pi * scalar("r")),
    (r"\delta_{ij}", sp.KroneckerDelta(index("i"), index("j"))),
    (r"\delta_{i,j}", sp.KroneckerDelta(index("i"), index("j"))),
])
def test_standard_notation_is_read_as_printed(text, value):
    assert parse_expr(text) == value


def test_where_overrides_the_standard_reading():
    e = scalar("e")
    assert parse_expr(r"e + 1", {"e": e}) == e + 1


@pytest.mark.parametrize("text", [r"e_i", r"\pi_1"])
def test_a_subscripted_constant_is_an_error_naming_both_readings(text):
    with pytest.raises(LatexError, match=r"takes no subscript; if .* is an object of its own"):
        parse_expr(text)


def test_kronecker_delta_needs_two_indices():
    with pytest.raises(LatexError, match="the Kronecker delta takes two indices"):
        parse_expr(r"\delta_{ijk}")


def test_kronecker_delta_in_a_softmax_jacobian_claim():
    z = vector("z", n)
    from symbolic import entry, exp_, inner, ones

    p = exp_(z) / inner(exp_(z), ones(n))
    c = Claim.from_latex("t:extra-jac", r"\frac{\mathrm{d} p_i}{\mathrm{d} z_j} = "
                         r"p_i (\delta_{ij} - p_j)", where={"p": p, "z": z})
    assert sp.KroneckerDelta(index("i"), index("j")) in c.rhs.atoms(sp.KroneckerDelta)
    assert entry  # the vocabulary the claim uses


def test_matrix_and_scalar_named_alike_across_hypotheses():
    A = matrix("A", n, n)
    with pytest.raises(ValueError, match="matrix A"):
        Claim("t:extra-1", A.T * A, "⪯", A.T * A, (Prop(scalar("A"), ">", 0),))
