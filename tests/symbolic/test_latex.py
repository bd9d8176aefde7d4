import sympy as sp

from symbolic import Claim, Prop, col, d, exp_, index, inner, matrix, n, norm2, ones, scalar, vector
from symbolic.latex import claim_latex, escape_text, latex
from symbolic.regression import SoftmaxRegression


def test_paper_notation():
    A, x = matrix("A", n, d), vector("x", d)
    assert latex(inner(exp_(A * x), ones(n))) == r"\langle \exp(A x), \mathbf{1}_{n} \rangle"
    assert latex(col(A, index("i"))) == "A_{*,i}"
    s = SoftmaxRegression(A, x, vector("b", n))
    assert latex(s.c) == "c(x)"
    assert latex(norm2(s.f)) == r"\|f(x)\|_2"


def test_claim_with_hypotheses_and_escaping():
    R = scalar("R")
    c = Claim("t:extra-1", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),))
    assert claim_latex(c) == r"If $R \ge 4$, then $4 R \le e^{6 R^{2}}$."
    assert c._repr_latex_() == claim_latex(c)
    assert escape_text("a_b 100%") == r"a\_b 100\%"
