"""LaTeX of first-order statements read into the Gram form, or refused with the reason."""

import pytest
import sympy as sp

from symbolic.classes import CLASSES, Function
from symbolic.classes.gram import Scalar
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


def test_a_minimum_over_a_point_of_a_quadratic_is_its_value_at_the_minimiser():
    """min_θ {f(x) + ⟨∇f(x), θ − x⟩ + (L/2)‖θ − x‖²} = f(x) − ‖∇f(x)‖²/(2L), exactly; the
    bound θ is a name of its own, whatever θ means outside."""
    rel, f = _read(r"f(y) \le \min_{y}\{ f(x) + \langle \nabla f(x), y - x\rangle "
                   r"+ \frac{L}{2}\|y - x\|^2\}", "smooth")
    assert [lab for lab, _, _ in f.data] == ["y", "x"]  # no datum at the bound y
    g = f.grad(f.data[1][1])
    assert rel.rhs == Scalar.leaf("f(x)") - g.norm2() / (2 * L)
    rel, f = _read(r"x - \frac{1}{L}\nabla f(x) = \arg\min_{\theta \in \mathbb{R}^d}"
                   r"\left\{ f(x) + \langle \nabla f(x), \theta - x\rangle "
                   r"+ \frac{L}{2}\|\theta - x\|^2 \right\}", "smooth")
    assert rel.rel == "=" and all(p.lhs.is_zero() for p in rel.parts)  # ‖u − v‖² = 0
    rel, _ = _read(r"x - \frac{2}{L}\nabla f(x) = \operatorname{argmin}_{y}\{ f(x) + "
                   r"\langle \nabla f(x), y - x\rangle + \frac{L}{2}\|y - x\|^2\}", "smooth")
    assert not rel.parts[0].lhs.is_zero()


@pytest.mark.parametrize("text, why", [
    (r"\min_{y}\{ f(y) + \|y - x\|^2\} \le f(x)", "applying f at y"),
    (r"\min_{y \in C}\{ \|y - x\|^2\} \le f(x)", "only over the whole space"),
    (r"\min_{y}\{ \langle \nabla f(x), y - x\rangle \} \le f(x)", "unbounded below"),
    (r"\min_{y}\{ f(x) - \|y - x\|^2\} \le f(x)", "to be positive"),
    (r"\min_{y} \|y - x\|^2 \le f(x)", "not bracketed"),
    (r"\min_{y}\{ \|y - x\| \} \le f(x)", "not a number"),
])
def test_a_minimum_that_is_not_a_quadratic_over_the_whole_space_is_refused(text, why):
    with pytest.raises(NotGram, match=why):
        _read(text, "smooth")
