"""LaTeX of first-order statements read into the Gram form, or refused with the reason."""

import pytest
import sympy as sp

from symbolic.classes import CLASSES, Function
from symbolic.classes.latex import Context, NotGram, read_relation

L, mu = sp.symbols("L mu", positive=True)


def _read(text, key="smooth-convex"):
    cls = CLASSES[key]
    f = Function("f", cls.instance(**{k: {"L": L, "mu": mu}[k] for k in cls.parameters}))
    return read_relation(text, Context({"f": f}, {"L": L, r"\mu": mu})), f


def test_inner_products_gradients_and_squared_norms():
    rel, f = _read(r"\langle \nabla f(x) - \nabla f(y), x - y \rangle \ge \frac{1}{L}"
                   r"\|\nabla f(x) - \nabla f(y)\|^2")
    assert rel.rel == ">="
    gx, gy = f.grad(f.data[0][1]), f.grad(f.data[1][1])
    xs, ys = f.data[0][1], f.data[1][1]
    assert rel.lhs == (gx - gy).inner(xs - ys)
    assert rel.rhs == (gx - gy).norm2() / L


@pytest.mark.parametrize("text", [
    r"f(x) - f(x^*) \le \frac{L}{2}\|x - x^*\|_2^2",
    r"f(x) - f(x^\star) \le \tfrac{L}{2} \left\| x - x^\star \right\|^2",
    r"f(x) - f(x_*) \le \frac{L}{2} ||x - x_*||^2",
    r"f(x) - f(x^{*}) \leq \frac{1}{2} L \Vert x - x^{*} \Vert^{2}",
])
def test_minimiser_and_norm_notations(text):
    rel, f = _read(text)
    xs = f.data[-1][2] if f.data[-1][0] == "x_*" else None
    assert [lab for lab, _, _ in f.data] == ["x", "x_*"]
    assert xs.g.terms == {}  # the minimiser's gradient is zero
    x, star = f.data[0][1], f.data[1][1]
    assert rel.rhs == (x - star).norm2() * (L / 2)


def test_unsquared_norms_on_both_sides_are_squared():
    rel, _ = _read(r"\|\nabla f(x) - \nabla f(y)\| \le L \|x - y\|")
    assert rel.rel == "<=" and L**2 in rel.rhs.quad.values()


def test_a_point_built_from_the_gradient():
    h = sp.Symbol("h", positive=True)
    rel, f = _read(r"f(x - h\nabla f(x)) \le f(x)", "smooth")
    assert [lab for lab, _, _ in f.data] == ["x", "x - h∇f(x)"]
    x = f.data[0][1]
    assert f.data[1][1] == x - h * f.grad(x)
    assert dict(rel.lhs.lin) == {"f(x - h∇f(x))": 1}


@pytest.mark.parametrize("text, why", [
    (r"\|x\|_1 \le \|x\|^2", "not the Euclidean norm"),
    (r"|f(x) - f(y)| \ge f(y)", "an 'or'"),
    (r"f(x) < f(y)", "only ≤, ≥ and ="),
    (r"f(x) \le f(y) \le f(z)", "not one relation"),
    (r"\|\nabla f(x)\| \cdot \|x\| \le 1", "product of two quantities"),
    (r"f(0) \le f(1)", "applied to a scalar"),
])
def test_what_is_not_read_says_why(text, why):
    with pytest.raises(NotGram, match=why):
        _read(text)


def test_an_unsquared_norm_beside_other_terms_is_a_leaf_only_data_evaluate():
    rel, f = _read(r"f(x) - f(x^*) \le L\|x - x^*\|")
    (name,) = f.norms
    assert name == "‖x - x_*‖" and dict(rel.rhs.lin) == {name: L}


def test_an_equality_and_an_absolute_value_are_read_as_both_of_their_parts():
    rel, _ = _read(r"f(x) = f(y)", "convex")
    assert [(p.rel, dict(p.lhs.lin), dict(p.rhs.lin)) for p in rel.parts] == [
        ("<=", {"f(x)": 1}, {"f(y)": 1}), (">=", {"f(x)": 1}, {"f(y)": 1})]
    rel, _ = _read(r"\left| f(y) - f(x) \right| \le \|y - x\|^2", "convex")
    assert [p.rel for p in rel.parts] == ["<=", "<="]
    assert dict(rel.parts[0].lhs.lin) == {"f(y)": 1, "f(x)": -1}
    assert dict(rel.parts[1].lhs.lin) == {"f(y)": -1, "f(x)": 1}
