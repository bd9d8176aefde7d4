import sympy as sp

from symbolic import col, deriv, exp_, hadamard, index, matrix, vector
from symbolic.explicit import ExplicitInstance
from symbolic.identity import exp_to_symbols, is_identically_zero, matrix_identically_zero


def test_exp_substitution_is_consistent_across_merged_exponentials():
    a, b = sp.symbols("a b", real=True)
    e = sp.exp(a + b) - sp.exp(a) * sp.exp(b) + 1 / sp.exp(-a) - sp.exp(a)
    assert sp.simplify(exp_to_symbols(e)) == 0
    assert is_identically_zero(e) is True


def test_non_identity_is_not_cancelled():
    a = sp.Symbol("a", real=True)
    assert is_identically_zero(sp.exp(2 * a) - sp.exp(a)) is False


def test_gradient_of_exp_ax_in_coordinates():
    A, x, i = matrix("A", 3, 2), vector("x", 2), index("i")
    for k in (1, 2):
        inst = ExplicitInstance({A, x}, {}, {i: k})
        lhs = inst(deriv(exp_(A * x), x, i))
        rhs = inst(hadamard(exp_(A * x), col(A, i)))
        assert matrix_identically_zero(lhs - rhs) is True
        assert matrix_identically_zero(lhs - 2 * rhs) is False
