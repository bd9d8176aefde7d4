r"""Notation real ML-theory papers print, read as its author meant it or refused.

Each form is compared with the same formula in the reader's canonical notation (or a SymPy
expression); forms the vocabulary cannot state raise :class:`NotChecked` with a category, and
inputs with two readings (or whose terms an ellipsis does not determine) raise a
:class:`LatexError` naming why.
"""

from __future__ import annotations

import pickle

import pytest
import sympy as sp

from symbolic import Claim, dim, matrix, n, scalar, vector
from symbolic import objects as ob
from symbolic.claim import describe_symbol
from symbolic.latex_parse import (
    LatexError,
    NotChecked,
    parse_expr,
    parse_props,
    parse_statement,
)

d = ob.d
x, y, v, a = (vector(s, n) for s in "xyva")
p, q = vector("p", n), vector("q", n)
u = vector("u", d)
A = matrix("A", n, d)
W = {"x": x, "y": y, "v": v, "a": a, "p": p, "q": q, "u": u, "A": A}
s_, t_, r_ = scalar("s"), scalar("t"), scalar("r")


pytestmark = pytest.mark.usefixtures("clean_dimensions")  # see conftest.py


def same(tex: str, canonical: str, where: dict | None = None) -> None:
    """``tex`` states what ``canonical`` states."""
    got = [str(r) for r in parse_props(tex, W if where is None else where)]
    want = [str(r) for r in parse_props(canonical, W if where is None else where)]
    assert got == want, (tex, got, want)
    assert got


def same_expr(tex: str, canonical: str, where: dict | None = None) -> None:
    got = parse_expr(tex, W if where is None else where)
    want = parse_expr(canonical, W if where is None else where)
    assert got == want, (tex, got, want)


def refused(tex: str, match: str, where: dict | None = None) -> LatexError:
    with pytest.raises(LatexError, match=match) as info:
        parse_props(tex, W if where is None else where)
    return info.value


def not_checked(tex: str, category: str, where: dict | None = None) -> NotChecked:
    with pytest.raises(NotChecked) as info:
        parse_props(tex, W if where is None else where)
    assert info.value.category == category, info.value
    return info.value


# -- superscript before subscript ------------------------------------------------------------
@pytest.mark.parametrize("tex,canonical", [
    (r"\|v\|^{2}_{2} \le 1", r"\|v\|_2^2 \le 1"),
    (r"\|v\|^2_2 \le \|v\|^{2}_{1}", r"\|v\|_2^2 \le \|v\|_1^2"),
    (r"\sum^{n}_{j=1} x_j \le 1", r"\sum_{j=1}^{n} x_j \le 1"),
    (r"x^{2}_{i} \le 1", r"x_i^2 \le 1"),
    (r"\prod^{n}_{i=1} x_i \le 1", r"\prod_{i=1}^{n} x_i \le 1"),
    (r"\max^{n}_{i=1} x_i \le 1", r"\max_{i=1}^{n} x_i \le 1"),
    (r"\min^{n}_{i=1} x_i \le 1", r"\min_{i=1}^{n} x_i \le 1"),
    (r"\log^2 \sum^{n}_{i=1} x_i^2 \ge 0", r"\log^2 \sum_{i=1}^{n} x_i^2 \ge 0"),
])
def test_a_superscript_written_before_the_subscript(tex, canonical):
    same(tex, canonical)


def test_a_double_subscript_is_refused():
    refused(r"x_i^2_j \le 1", "double subscript")


def test_a_power_of_a_matrix_before_its_subscript_has_two_readings():
    where = {"M": matrix("M", n, n)}
    refused(r"M^{-1}_{i,j} \le 1", r"two readings: M\^\{-1\}_\{i,j\} is \(M\^\{-1\}\)_\{i,j\} "
                                   r"or \(M_\{i,j\}\)\^\{-1\}", where)
    refused(r"M^2_{i,j} \le 1", "two readings", where)
    same(r"(M^{-1})_{i,j} \le 1", r"\left(M^{-1}\right)_{i,j} \le 1", where)
    same(r"(Au)^2_i \le 1", r"(Au)_i^2 \le 1")  # a vector has no square: one reading


# -- decorated names -----------------------------------------------------------------------------
def test_a_starred_name_is_a_symbol_of_its_own():
    star = parse_expr(r"x^{*}")
    assert isinstance(star, sp.Symbol) and star.name == "x^*" and star.is_real
    assert parse_expr("x^*") == star and parse_expr(r"x^{\ast}") == star
    assert sp.simplify(parse_expr("x^* - x")) != 0  # x^* is not x
    assert parse_expr("x^* - x").free_symbols == {star, s_.func("x", real=True)}
    assert [str(r) for r in parse_props(r"x^{*} \le 1")] == ["x^* <= 1"]
    assert parse_expr(r"f^*").name == "f^*"
    assert parse_expr(r"w^\star").name == r"w^\star" and parse_expr(r"w^{\star}").name == \
        r"w^\star"
    assert parse_expr(r"\theta^{*}") == parse_expr(r"\theta^*") != parse_expr(r"\theta")


def test_a_decorated_name_is_looked_up_in_where_first():
    xs = vector("x_star", n)
    for k in ("x^*", "x^{*}"):
        assert parse_expr(r"\|x^{*}\|_2", {k: xs}) == ob.norm2(xs)
        assert parse_expr(r"\|x - x^*\|_2", {"x": x, k: xs}) == ob.norm2(x - xs)
    assert parse_expr(r"x^*_i", {"x^*": xs}) == ob.entry(xs, ob.index("i"))
    assert parse_expr(r"x_i^*", {"x^*": xs}) == ob.entry(xs, ob.index("i"))
    assert parse_expr(r"x_i^*", {"x_i^*": s_}) == s_ == parse_expr(r"x^*_i", {"x^*_i": s_})
    refused(r"\|x - x^*\|_2 \le 1", r"x\^\{\*\} is not in where \(x is a vector")


def test_a_superscript_in_parentheses_is_a_label():
    it = parse_expr(r"y^{(t)}")
    assert it.name == "y^{(t)}" and it != parse_expr("(y)^t") and it != parse_expr("y")
    refused(r"z^t \le 1", "two readings: z\\^t is a power t of z, or z at round t", {})
    assert parse_expr(r"y^{(t+1)} - y^{(t)}") != 0
    assert parse_expr(r"\hat{y}^{(k)}").name == r"\hat{y}^{(k)}"
    assert parse_expr(r"x^{(t)}", {"x^{(t)}": u}) == u
    assert parse_expr(r"e^{(s+1)}") == sp.exp(s_ + 1)  # Euler's number: a power
    refused(r"(s+1)^{(2)} \le 1", "a label or a power")


def test_a_word_superscript_is_a_label():
    assert parse_expr(r"\theta^{\mathrm{new}}").name == r"\theta^{new}"
    assert parse_expr(r"w^{\text{opt}} - w") != 0


def test_a_primed_name_is_a_symbol_of_its_own():
    xp, xpp = parse_expr("x'"), parse_expr("x''")
    assert xp.name == "x'" and xpp.name == "x''" and len({xp, xpp, s_.func("x", real=True)}) == 3
    assert sp.simplify(parse_expr("x' - x")) != 0
    assert parse_expr(r"x^{\prime}") == xp == parse_expr(r"x^\prime")
    assert [str(r) for r in parse_props(r"y' \le y'' + 1")] == ["y' <= y'' + 1"]


# -- ellipses --------------------------------------------------------------------------------------
@pytest.mark.parametrize("tex,canonical,where", [
    (r"a_1 + \cdots + a_n", r"\sum_{i=1}^n a_i", None),
    (r"x_1^2 + \dots + x_d^2", r"\sum_{i=1}^d x_i^2", {"x": vector("x", d)}),
    (r"x_1 + x_2 + \dots + x_n", r"\sum_{i=1}^n x_i", None),
    (r"x_1 + x_2 + \ldots + x_n", r"\sum_{i=1}^n x_i", None),
    (r"x_{1} + \cdots + x_{n}", r"\sum_{i=1}^n x_i", None),
    (r"x_1 + \cdots + x_{n-1}", r"\sum_{i=1}^{n-1} x_i", None),
    (r"x_2 + \cdots + x_n", r"\sum_{i=2}^n x_i", None),
    (r"x_1 y_1 + \cdots + x_n y_n", r"\sum_{i=1}^n x_i y_i", None),
    (r"1 + 2 + \cdots + n", r"\sum_{i=1}^n i", {}),
    (r"1 + \frac12 + \cdots + \frac1n", r"1 + \sum_{i=2}^n \frac{1}{i}", {}),
    (r"\frac11 + \frac12 + \cdots + \frac1n", r"\sum_{i=1}^n \frac{1}{i}", {}),
    (r"2 + x_1 + \cdots + x_n + s", r"2 + \sum_{i=1}^n x_i + s", None),
    (r"x_1 x_2 \cdots x_n", r"\prod_{i=1}^n x_i", None),
    (r"x_1 \cdot \ldots \cdot x_n", r"\prod_{i=1}^n x_i", None),
    (r"x_1 \cdot x_2 \cdots x_n", r"\prod_{i=1}^n x_i", None),
    (r"2 x_1 \cdots x_n", r"2 \prod_{i=1}^n x_i", None),
    (r"(x_1 + \cdots + x_n)^2", r"\left(\sum_{i=1}^n x_i\right)^2", None),
])
def test_an_ellipsis_whose_terms_are_determined_is_a_sum_or_product(tex, canonical, where):
    same_expr(tex, canonical, where)


def test_an_ellipsis_in_a_relation():
    same(r"x_1 + \cdots + x_n \le n \max_j x_j", r"\sum_{i=1}^n x_i \le n \max_j x_j")
    # an index letter the formula does not use: here i is taken, so j
    assert [str(r) for r in parse_props(r"n \max_i x_i \ge x_1 + \cdots + x_n", W)] == \
        ["n*MaxEntry(x) >= Sum(Entry(x, j, 1), (j, 1, n))"]


@pytest.mark.parametrize("tex,why", [
    (r"x_1 + x_3 + \cdots + x_n", "do not step by 1"),
    (r"x_1 y_2 + \cdots + x_n y_n", "differ in more than one index"),
    (r"x_1 + \cdots + x_1", "between x_1 and x_1"),
    (r"x_1 + \cdots", r"between x_1 and \(nothing\)"),
    (r"\cdots + x_n", r"between \(nothing\) and x_n"),
    (r"x_1 - \cdots - x_n", "the operators around it differ"),
    (r"x_1 + \cdots + y_n", "between x_1 and y_n"),
    (r"2 + \cdots + (n+1)", r"between 2 and \(n\+1\)"),
    (r"\max\{x_1, \ldots, x_n\}", r"between x_1 and x_n"),
    (r"x_1, \dots, x_n \ge 0", "ellipsis: cannot tell the terms"),
])
def test_an_ellipsis_that_does_not_determine_its_terms_is_refused(tex, why):
    e = refused(tex + (r" \le 1" if "ge" not in tex else ""), "ellipsis")
    assert "ellipsis" in str(e).splitlines()[0]
    refused(tex + (r" \le 1" if "ge" not in tex else ""), why)


def test_an_ellipsis_over_an_undeclared_name_is_refused_like_its_sum():
    refused(r"s_1 + \cdots + s_n \le 1", "s is not in where", {})
    refused(r"\sum_{i=1}^n s_i \le 1", "s is not in where", {})


# -- \middle, sizes, spacing, styles -----------------------------------------------------------------
@pytest.mark.parametrize("tex,canonical", [
    (r"\mathrm{KL}(p \middle\| q) \ge 0", r"\mathrm{KL}(p \| q) \ge 0"),
    (r"\mathrm{KL}\left(p \middle\| q\right) \ge 0", r"\mathrm{KL}(p \| q) \ge 0"),
    (r"\lVert x \rVert \le 1", r"\|x\| \le 1"),
    (r"\left\lVert x \right\rVert_2 \le 1", r"\|x\|_2 \le 1"),
    (r"\bigl\| x \bigr\| \le \Bigl\| y \Bigr\|_2", r"\|x\| \le \|y\|_2"),
    (r"\Biggl\| x \Biggr\| \le \biggl| s \biggr|", r"\|x\| \le |s|"),
    (r"\Big| s \Big| \le 1", r"|s| \le 1"),
    (r"\big( s + 1 \big)^2 \le \Bigl( r \Bigr)", r"(s + 1)^2 \le (r)"),
    (r"\Big[ s \Big] \le \bigg( r \bigg)", r"[s] \le (r)"),
    (r"\exp\left( s \right) \ge 1 + s", r"\exp(s) \ge 1 + s"),
    (r"e^{s} \ge 1 + s", r"\exp(s) \ge 1 + s"),
    (r"\log\left(\frac{1}{\delta}\right) \ge 0", r"\log(1/\delta) \ge 0"),
    (r"\tfrac12 + \dfrac{1}{2} + \cfrac{1}{2} \le s", r"\frac{3}{2} \le s"),
    (r"s \leqslant 1 \geqslant r", r"s \le 1 \ge r"),
    (r"s\!+\>r\:+\ q_1 + \,\;1 ~ \le 1", r"s + r + q_1 + 1 \le 1"),
    (r"\displaystyle s + \textstyle r + \scriptstyle 1 \le 1", r"s + r + 1 \le 1"),
])
def test_sizes_spacing_and_styles_are_dropped(tex, canonical):
    same(tex, canonical)


def test_a_middle_bar_outside_kl_is_refused():
    refused(r"\{ s \middle| s > 0 \} \le 1", r"\\middle bar")
    refused(r"a \mid b", r"\\mid \(a conditional")
    refused(r"f \colon s \le 1", r"\\colon")


# -- names read as dimensions ----------------------------------------------------------------------
def test_a_letter_bounding_a_sum_is_a_dimension():
    st = parse_statement(r"\sum_{i=1}^{t-1} x_i \le t", W)
    (t,) = st.dimensions
    assert str(t) == "t" and t.is_integer and t.is_positive and ob.DIMS["t"] is t
    assert describe_symbol(t) == "dimension t"
    i = ob.index("i")
    assert st.props[0].lhs == sp.Sum(ob.entry(x, i), (i, 1, t - 1)) and st.props[0].rhs == t
    declared = parse_props(r"\sum_{i=1}^{t-1} x_i \le t", {**W, "t": dim("t")})
    assert [str(r) for r in st.props] == [str(r) for r in declared]


def test_the_dimension_is_the_same_everywhere_in_the_formula():
    st = parse_statement(r"t \ge \sum_{i=1}^{t-1} x_i, \quad t \ge 2", W)
    (t,) = st.dimensions
    assert st.props[0].lhs is t and st.conditions[0].lhs is t
    assert parse_expr(r"x_t", W).args[1] != t  # another formula's x_t: still an index
    assert parse_expr("t") == t_  # and its t a real scalar


@pytest.mark.parametrize("tex,names", [
    (r"\sum_{i=1}^{T} x_i \le T", ["T"]),
    (r"\prod_{i=1}^{m} x_i \le 1", ["m"]),
    (r"\sum_{i=1}^{k} x_i \le k", ["k"]),
    (r"\sum_{i=1}^{N} x_i \le N", ["N"]),
    (r"\sum_{1 \le i \le t} x_i \le 1", ["t"]),
    (r"\sum_{i=m}^{n} x_i \le 1", ["m"]),
    (r"x_1 + \cdots + x_t \le 1", ["t"]),
])
def test_count_letters_in_bounds(tex, names):
    assert [str(s) for s in parse_statement(tex, W).dimensions] == names


def test_an_enclosing_index_bounds_an_inner_sum():
    got = parse_expr(r"\sum_{t=1}^{T} \sum_{s=1}^{t} x_s", W)
    tt, ss, T = ob.index("t"), ob.index("s"), ob.DIMS["T"]
    assert got == sp.Sum(sp.Sum(ob.entry(x, ss), (ss, 1, tt)), (tt, 1, T))


def test_a_claim_records_the_dimension():
    c = Claim.from_latex("mine:dim", r"\sum_{i=1}^{t-1} x_i \le t", W, hypotheses=[r"t \ge 2"])
    t = ob.DIMS["t"]  # equal (SymPy's cache may hold another object of the same symbol)
    assert t in c.dimension_symbols and c.hypotheses[0].lhs == t
    assert type(c.hypotheses[0].lhs) is type(t) and c.hypotheses[0].lhs.is_integer


def test_a_dimension_used_as_a_real_or_a_real_bound_is_refused():
    refused(r"\sum_{i=1}^{t} x_i \le t, \quad t \in (0, 1)", "read as a dimension")
    refused(r"\frac{\mathrm{d}}{\mathrm{d} t} \sum_{i=1}^{t} x_i = 0", "differentiated here")
    refused(r"\sum_{i=1}^{t} x_i \le 1", "uses the real scalar t", {**W, "t": t_})
    refused(r"\sum_{k=1}^K k \le 1", r"upper bound K of \\sum uses the real scalar K")
    refused(r"\sum_{i=a}^{n} x_i \le 1", r"lower bound a of \\sum uses the real scalar a")
    with pytest.raises(LatexError, match="read as a dimension"):
        Claim.from_latex("mine:dim", r"\sum_{i=1}^{t-1} x_i \le t", W,
                         hypotheses=[r"t \in (0, 1)"])


# -- unbraced TeX arguments ------------------------------------------------------------------------
@pytest.mark.parametrize("tex,value", [
    (r"\sqrt\frac12", sp.sqrt(sp.Rational(1, 2))),
    (r"\sqrt 2", sp.sqrt(2)),
    (r"\sqrt x", sp.sqrt(scalar("x"))),
    (r"\sqrt\alpha", sp.sqrt(scalar("alpha"))),
    (r"\frac12", sp.Rational(1, 2)),
    (r"\frac1n", 1 / n),
    (r"\frac{1}2", sp.Rational(1, 2)),
    (r"\frac1{s}", 1 / s_),
    (r"\frac a b", scalar("a") / scalar("b")),
    (r"\frac{\frac12}3", sp.Rational(1, 6)),
    (r"\frac12 s", s_ / 2),
    (r"\sqrt{\frac12}", sp.sqrt(sp.Rational(1, 2))),
    (r"\sqrt 2 3", 3 * sp.sqrt(2)),
])
def test_unbraced_arguments_are_one_token(tex, value):
    assert sp.simplify(parse_expr(tex, {}) - value) == 0


@pytest.mark.parametrize("tex", [r"\sqrt 16", r"\frac123", r"\frac{\frac12}34", r"x^10",
                                 r"x_12"])
def test_digits_tex_splits_are_refused(tex):
    refused(tex + r" \le 1", "two readings", {})


# -- abstract functions ----------------------------------------------------------------------------
@pytest.mark.parametrize("tex", [r"\nabla^2 f(x) \succeq 0", r"\|\nabla f(x)\|_2 \le 1",
                                 r"f'(s) \ge 0", r"f''(s) \ge 0", r"\nabla_x f(x) = 0",
                                 r"f^{(2)}(s) \ge 0"])
def test_derivatives_of_an_abstract_function_are_not_checked(tex):
    e = not_checked(tex, "abstract function")
    assert e.what.startswith("abstract function f: not checked")
    assert "abstract function f: not checked" in str(e).splitlines()[0]


def test_derivatives_of_a_declared_function():
    where = {**W, "f": lambda z: ob.norm2(z) ** 2}
    assert parse_expr(r"\nabla f(x)", where) == ob.gradient(ob.norm2(x) ** 2, x)
    with pytest.raises(LatexError, match="not computed from where") as info:
        parse_expr(r"f'(s)", {"f": lambda z: z**2})
    assert not isinstance(info.value, NotChecked)
    refused(r"\nabla^2 \|x\|_2^2 = 2", r"Hessian \\nabla\^2 is not in the vocabulary")


# -- integrals -------------------------------------------------------------------------------------
def test_an_integral_over_the_variable_of_its_differential():
    xs, a_, b_ = scalar("x"), scalar("a"), scalar("b")
    g = {"g": lambda z: z**2}
    assert parse_expr(r"\int_a^b g(x)\,dx", g) == sp.Integral(xs**2, (xs, a_, b_))
    assert parse_expr(r"\int_0^1 x \, \mathrm{d}x", {}) == sp.Integral(xs, (xs, 0, 1))
    assert parse_expr(r"\int_{0}^{1} \frac{1}{1+x} dx", {}) == \
        sp.Integral(1 / (1 + xs), (xs, 0, 1))
    assert parse_expr(r"\int^1_0 x \,dx", {}) == sp.Integral(xs, (xs, 0, 1))
    assert parse_expr(r"\int_{-\infty}^{\infty} e^{-x^2} dx", {}) == \
        sp.Integral(sp.exp(-xs**2), (xs, -sp.oo, sp.oo))
    th = scalar("theta")
    assert parse_expr(r"\int_0^\pi \sin\theta \, d\theta", {}) == \
        sp.Integral(sp.sin(th), (th, 0, sp.pi))
    assert parse_expr(r"\int_0^d x\,dx", {}) == sp.Integral(xs, (xs, 0, d))
    assert parse_expr(r"\int_0^1 \int_0^1 x s \, dx \, ds", {}) == \
        sp.Integral(xs * s_, (xs, 0, 1), (s_, 0, 1))


def test_an_integral_without_its_differential_or_bounds_is_refused():
    refused(r"\int_0^1 x \le 1", "an integral without its differential", {})
    refused(r"\int x\,dx \le 1", "needs both bounds", {})
    refused(r"\int_0^1 u\,du \le 1", "declared in where as something other", W)


def test_a_relation_between_integrals_is_read_and_not_checked():
    e = not_checked(r"\int_0^1 x^2 \, dx \le 1", "integral", {})
    assert "Integral(x**2, (x, 0, 1))" in e.what


# -- limits, infima, suprema, arg-minima -------------------------------------------------------------
@pytest.mark.parametrize("tex,category,what", [
    (r"\inf_{x} f \le 1", "infimum", "an infimum over x: not checked"),
    (r"\sup_{x \in S} f \le 1", "supremum", r"a supremum over x \in S: not checked"),
    (r"\sup_{t \in [0, 1]} t^2 \le 1", "supremum", r"a supremum over t \in [0, 1]"),
    (r"\lim_{n \to \infty} a_n = 0", "limit", r"a limit as n \to \infty: not checked"),
    (r"\limsup_{n} a_n \le 1", "limit", "a limit superior as n: not checked"),
    (r"\liminf_{n} a_n \ge 0", "limit", "a limit inferior as n: not checked"),
    (r"\argmin_{w} L \le 1", "argmin", "an argmin over w: not checked"),
    (r"\argmax_{w} L \le 1", "argmax", "an argmax over w: not checked"),
    (r"\operatorname*{arg\,min}_{w} L \le 1", "argmin", "an argmin over w"),
    (r"\mathop{\mathrm{arg\,max}}_{w} L \le 1", "argmax", "an argmax over w"),
    (r"\arg\min_{w} L \le 1", "argmin", "an argmin over w"),
    (r"\inf f \le 1", "infimum", "an infimum: not checked"),
])
def test_limits_and_extrema_over_sets_are_not_checked(tex, category, what):
    e = not_checked(tex, category, {})
    assert e.what.startswith(what), e.what


def test_inf_is_not_read_as_min():
    assert parse_expr(r"\min(s, r)", {}) == sp.Min(s_, r_)
    with pytest.raises(NotChecked):
        parse_expr(r"\inf(s, r)", {})


# -- binomial coefficients ---------------------------------------------------------------------------
@pytest.mark.parametrize("tex", [r"\binom{n}{k}", r"\tbinom{n}{k}", r"\dbinom{n}{k}",
                                 r"{n \choose k}", r"\binom nk"])
def test_binomial_coefficients(tex):
    assert parse_expr(tex, {}) == sp.binomial(n, scalar("k"))


def test_a_binomial_in_a_bound():
    (rel,) = parse_props(r"\binom{n}{2} \le \frac{n^2}{2}", {})
    assert rel.lhs == sp.binomial(n, 2) and sp.expand_func(rel.lhs) == n * (n - 1) / 2


# -- separators ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("tex", [
    r"s \le 1 \textnormal{ for all } s > 0",
    r"s \le 1 \text{ for all } s > 0",
    r"s \le 1 \text{for any} s > 0",
    r"s \le 1 \text{ for every } s > 0",
    r"s \le 1 \quad \text{s.t.} \quad s > 0",
    r"s \le 1 \text{ if } s > 0",
    r"s \le 1 \text{ where } s > 0",
    r"s \le 1, \quad \text{for all } s > 0",
    r"s \le 1 \quad \forall s > 0",
])
def test_condition_words(tex):
    st = parse_statement(tex, {})
    assert [str(r) for r in st.props] == ["s <= 1"] and [str(r) for r in st.conditions] == \
        ["s > 0"]


def test_and_joins_statements_or_conditions():
    st = parse_statement(r"s \le 1 \quad\text{and}\quad r \le 2", {})
    assert [str(r) for r in st.props] == ["s <= 1", "r <= 2"] and not st.conditions
    st = parse_statement(r"s \le 1 \text{ for } s > 0 \text{ and } r > 0", {})
    assert [str(r) for r in st.props] == ["s <= 1"]
    assert [str(r) for r in st.conditions] == ["s > 0", "r > 0"]
    refused(r"s \le 1 \text{ for some } r > 0", "an existential", {})


# -- words ----------------------------------------------------------------------------------------------
def test_a_word_is_one_name():
    regret = scalar("Regret_T")
    for tex in (r"\mathrm{Regret}_T", r"\text{Regret}_T", r"\operatorname{Regret}_T",
                r"\mathrm{Regret}_{T}"):
        assert parse_expr(tex, {}) == regret
    assert parse_expr(r"\mathrm{Wealth}_n", {}) == scalar("Wealth_n")
    assert [str(r) for r in parse_props(r"\mathrm{Regret}_T \le 2\sqrt{T}", {})] == \
        ["Regret_T <= 2*sqrt(T)"]
    assert parse_expr(r"\mathrm{Regret}_T", {"Regret_T": s_}) == s_
    assert parse_expr(r"\mathrm{Regret}_T", {r"\mathrm{Regret}_T": s_}) == s_


def test_words_that_are_functions_keep_their_meaning():
    assert parse_expr(r"\mathrm{softmax}(x)", W) == ob.softmax(x)
    assert parse_expr(r"\operatorname{diag}(x)", W) == ob.diag(x)
    assert parse_expr(r"\mathrm{e}^{s}", {}) == sp.exp(s_)
    same(r"\frac{\mathrm{d}}{\mathrm{d} x_i} \|x\|_2^2 = 2 x_i",
         r"\frac{\partial}{\partial x_i} \|x\|_2^2 = 2 x_i")


def test_a_word_with_two_readings_is_refused():
    refused(r"\mathrm{Reg}(T) \le 1", r"unknown function \\mathrm\{Reg\}\(T\).*for a product", {})
    refused(r"\mathrm{Lip} s \le 1", "two readings", {})
    refused(r"\mathrm{x} \le 1", "an upright letter", {})


# -- random quantities -----------------------------------------------------------------------------
@pytest.mark.parametrize("tex,shown", [
    (r"\mathbb{E}[X] \le 1", r"\mathbb{E}"),
    (r"\E[X] \le 1", r"\E"),
    (r"\mathbf{E}[X] \le 1", r"\mathbf{E}"),
    (r"\mathbf{E}_{x}\left[X\right] \le 1", r"\mathbf{E}"),
    (r"\mathop{\mathbb{E}}[X] \le 1", r"\mathbb{E}"),
    (r"\mathbb{E}_{x \sim D}[X] \le 1", r"\mathbb{E}"),
    (r"E[X] \le 1", "E"),
    (r"\Pr[X \ge t] \le 1", r"\Pr"),
    (r"\Pr(X \ge t) \le 1", r"\Pr"),
    (r"\mathbb{P}(X \ge t) \le 1", r"\mathbb{P}"),
    (r"\mathrm{Var}(X) \le 1", r"\mathrm{Var}"),
    (r"\operatorname{Var}(X) \le 1", r"\operatorname{Var}"),
    (r"\mathrm{Cov}(X, Y) \le 1", r"\mathrm{Cov}"),
    (r"s \le 1 \text{ with probability at least } 1 - \delta",
     r"\text{with probability at least}"),
])
def test_random_quantities_are_not_checked(tex, shown):
    e = not_checked(tex, "random quantity", {})
    assert e.what.startswith(f"random quantity ({shown}): not checked"), e.what
    assert "not in the vocabulary" in e.what  # the advice after it


def test_not_checked_is_a_latex_error_that_survives_pickling():
    e = not_checked(r"\mathbb{E}[X] \le 1", "random quantity", {})
    assert isinstance(e, LatexError) and isinstance(e, ValueError)
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is NotChecked and back.category == e.category and str(back) == str(e)
    assert str(e).splitlines()[0] == ("LaTeX line 1, column 1: random quantity (\\mathbb{E}): "
                                      "not checked: expectations (\\mathbb{E}) are not in the "
                                      "vocabulary: proofcheck checks deterministic statements "
                                      "(state the bound an expectation reduces to)")


# -- sets and asymptotic notation --------------------------------------------------------------------
def test_calligraphic_names_are_sets_or_classes():
    refused(r"\mathcal{X} \le 1", r"\\mathcal\{X\} \(a set or a class\) is not a value", {})
    refused(r"\mathscr{F} \le 1", "a set or a class", {})
    refused(r"x \in \mathcal{X}", "a set or a class", W)
    assert parse_expr(r"\mathcal{L} + 1", {r"\mathcal{L}": s_}) == s_ + 1


@pytest.mark.parametrize("tex", [r"\mathcal{O}(n)", r"O(n)", r"\tilde{O}(n)",
                                 r"\widetilde{\mathcal{O}}(n)", r"o(1)"])
def test_asymptotic_notation_is_refused(tex):
    refused(tex + r" \le 1", "hides a constant", {})


def test_a_leading_forall_list_is_one_condition_and_never_drops_a_name():
    from symbolic.latex_parse import LatexError, parse_statement

    st = parse_statement(r"\forall a, b > 0, a + b > 0")
    assert [str(p) for p in st.conditions] == ["a > 0", "b > 0"]
    with pytest.raises(LatexError, match="only conditions"):
        parse_statement(r"\forall a, b > 0")


def test_a_count_superscript_on_a_subscripted_name_has_two_readings():
    from symbolic.latex_parse import LatexError, parse_statement

    with pytest.raises(LatexError, match=r"two readings: N_\{i\}\^\{T\+1\} is a power"):
        parse_statement(r"N_i^{T+1} \le K_i")
    assert [str(p) for p in parse_statement(r"\gamma_n^2 \le \mu_n").props] == [
        r"\gamma_n**2 <= \mu_n"]  # a number: a power
    assert [str(p) for p in parse_statement(r"(N_i)^{T} \le 1").props] == ["N_i**T <= 1"]


def test_letters_written_together_as_a_word_have_two_readings():
    from symbolic.latex_parse import LatexError, parse_statement

    for text in (r"Regret_T(OGD) \le 1", r"EWA \le 1", r"exp(x) \ge 1"):
        with pytest.raises(LatexError, match="two readings: '"):
            parse_statement(text)
    assert [str(p) for p in parse_statement(r"abc \le x_{max}").props] == [
        "a*b*c <= x_{max}"]  # three letters that spell no word: a product; a script: a label


def test_the_log_of_a_capital_in_bars_has_two_readings():
    from symbolic.latex_parse import LatexError, parse_statement

    with pytest.raises(LatexError, match=r"two readings: \|X\| is the absolute value"):
        parse_statement(r"0 \le \log|X|")
    # a capital in bars alone is a set's size as often as an absolute value: the reader asks
    with pytest.raises(LatexError, match=r"two readings: \|S\| is the absolute value"):
        parse_statement(r"|S| \le n")
    assert [str(p) for p in parse_statement(r"|X| \le 1", {"X": sp.Symbol("X", real=True)}
                                            ).props] == ["Abs(X) <= 1"]
    assert [str(p) for p in parse_statement(r"|x| \le 1").props] == ["Abs(x) <= 1"]


def test_an_accent_on_an_unbraced_letter_is_the_same_name_as_braced():
    s = parse_statement(r"\hat\theta_1 + \hat x \le \hat{\theta}_1 + \hat{x}")
    assert s.props[0].lhs == s.props[0].rhs


def test_a_bar_over_a_subscripted_name_is_one_name():
    s = parse_statement(r"\Pr(|\bar{X_n} - \mu| > t) \le 2e^{-t}", opaque=True)
    assert r"\bar{X}_n" in str(s.props[0].lhs)  # the name \bar X_n is


def test_a_power_zero_or_one_of_an_undeclared_name_has_two_readings():
    for tex in (r"\|w^1 - w^*\| \le 1", r"x^0 \le 1"):
        with pytest.raises(LatexError, match="two readings"):
            parse_statement(tex)
    assert str(parse_statement(r"e^1 \le 3").props[0].lhs) == "E"  # e is Euler's number


def test_a_transpose_of_an_undeclared_name_has_two_readings():
    r"""``a^T x`` of an ``a`` not declared: the transpose of a vector, or a power ``T`` of a
    scalar (never read as the power, which refuted ``a^T x \le \|a\| \|x\|``); a declared
    vector's ``^T`` is its transpose, and a parenthesis' ``^T`` a power."""
    for tex in (r"a^T x \le 1", r"a_i^T x \le 1", r"a^{T} x \le 1"):
        with pytest.raises(LatexError, match=r"two readings: a(_\{i\})?\^T is the transpose"):
            parse_props(tex, {})
    (p,) = parse_props(r"(1 - \eta)^T \le 1", {})
    assert str(p.lhs) == "(1 - eta)**T"
    where = {"a": a, "x": x}
    assert str(parse_props(r"a^T x \le 1", where)[0].lhs) == "Entry(a.T*x, 1, 1)"
