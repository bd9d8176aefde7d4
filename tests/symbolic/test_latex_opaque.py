r"""Opaque mode of the LaTeX reader: what it does not check is read as atoms and printed back.

With ``opaque=True`` an expectation, a probability, a variance, an unknown function (or its
gradient), a limit, an infimum, a supremum, an argmin, an argmax or an integral is one atom of
:mod:`symbolic.latex_parse.opaque`; the readings are printed exactly as below. Without it nothing
changes: the same results, the same errors, the same categories.
"""

from __future__ import annotations

import inspect
import logging
import pickle

import pytest
import sympy as sp

from symbolic import Claim, Prop, matrix, n, scalar, vector
from symbolic import objects as ob
from symbolic.latex_parse import (
    LatexError,
    NotChecked,
    has_opaque,
    parse_claim,
    parse_expr,
    parse_props,
    parse_statement,
)
from symbolic.latex_parse.lexer import tokenize
from symbolic.latex_parse.opaque import CATEGORIES, Opaque, OpaqueMatrix, atoms_of
from symbolic.pretty import pretty
from symbolic.walk import unsupported_construct

d = ob.d
x, y = vector("x", n), vector("y", n)
w, w_star, W_n = vector("w", d), vector("w_*", d), vector("W_n", d)
V = {"x": x, "y": y, "w": w, "w_*": w_star, "W_n": W_n, "X": vector("X", n),
     r"\alpha": vector("alpha", n), r"\eta": vector("eta", n), "A": matrix("A", n, d)}


pytestmark = pytest.mark.usefixtures("clean_dimensions")  # see conftest.py


def read(tex: str, where: dict | None = None) -> str:
    return pretty(parse_expr(tex, where or {}, opaque=True))


# -- every form, as printed --------------------------------------------------------------------
FORMS = [
    # expectations
    (r"\mathbb{E}[X]", {}, "E[X]", "random quantity"),
    (r"\mathbb{E}\left[X^2 + Y\right]", {}, "E[Y + X²]", "random quantity"),
    (r"\mathbb{E}_{x \sim D}[f]", {}, "E_{x∼D}[f]", "random quantity"),
    (r"\operatorname*{\mathbb{E}}_{y \sim P_Y}[\ell(y)]", {}, "E_{y∼P_Y}[ℓ(y)]",
     "random quantity"),
    (r"\mathbb{E}\|W_n - w_*\|^2", V, "E[‖W_n - w_*‖₂²]", "random quantity"),
    (r"\mathbb{E}[X]^2", {}, "E[X]²", "random quantity"),
    (r"\mathbf{E}_{x}\left[X\right]", {}, "E_{x}[X]", "random quantity"),
    (r"E[X]", {}, "E[X]", "random quantity"),
    (r"\mathbb{E} f(X)", {}, "E[f(X)]", "random quantity"),
    (r"\mathbb{E}[X \mid Y]", {}, "E[X | Y]", "random quantity"),
    # probabilities of events
    (r"\Pr(X \geq t)", {}, "Pr[X ≥ t]", "random quantity"),
    (r"\Pr[X \ge t]", {}, "Pr[X ≥ t]", "random quantity"),
    (r"{\rm Pr}(\|x-y\|_2 \le 1)", V, "Pr[‖x - y‖₂ ≤ 1]", "random quantity"),
    (r"\Pr\left[\left|\frac{1}{n}\sum_{i=1}^{n}X_i - \mu\right| \le \epsilon\right]", {},
     "Pr[|μ - n⁻¹ (Σ_{i=1}^{n} X_i)| ≤ ϵ]", "random quantity"),
    (r"\Pr[X_1 + \cdots + X_n \ge t]", {}, "Pr[Σ_{i=1}^{n} X_i ≥ t]", "random quantity"),
    (r"\mathbb{P}(A \mid B)", {}, "Pr[A | B]", "random quantity"),
    (r"\Pr\left[A \middle| B\right]", {}, "Pr[A | B]", "random quantity"),
    (r"\Pr(a \le X \le b)", {}, "Pr[a ≤ X ≤ b]", "random quantity"),
    (r"\Pr(X \neq 0)", {}, "Pr[X ≠ 0]", "random quantity"),
    # variances
    (r"\mathrm{Var}(X)", {}, "Var(X)", "random quantity"),
    (r"\mathrm{Var}[X]", {}, "Var(X)", "random quantity"),
    (r"\mathrm{Cov}(X, Y)", {}, "Cov(X, Y)", "random quantity"),
    # unknown functions
    (r"f(x)", {}, "f(x)", "abstract function"),
    (r"f(y) - f(x)", {}, "f(y) - f(x)", "abstract function"),
    (r"g(\lambda,\nu)", {}, "g(λ, ν)", "abstract function"),
    (r"\mathcal{L}(w_n) - \mathcal{L}(w_*)", {}, "ℒ(w_n) - ℒ(w_*)", "abstract function"),
    (r"H(X)", {}, "H(X)", "abstract function"),
    (r"f^*(y)", {}, "f*(y)", "abstract function"),
    (r"f_0(x^*)", {}, "f_0(x*)", "abstract function"),
    (r"D_f(x,y)", {}, "D_f(x, y)", "abstract function"),
    (r"\Pi_{\mathcal{H}}(n)", {}, "Π_{ℋ}(n)", "abstract function"),
    (r"f'(s)", {}, "f'(s)", "abstract function"),
    # gradients of unknown functions
    (r"\nabla f(x)", {}, "∇f(x)", "abstract function"),
    (r"\nabla f(x)", V, "∇f(x)", "abstract function"),
    (r"\nabla^2 f(x)", V, "∇²f(x)", "abstract function"),
    (r"\nabla_x f(x)", {}, "∇_{x}f(x)", "abstract function"),
    (r"\nabla \mathcal{L}(w)", V, "∇ℒ(w)", "abstract function"),
    (r"\langle \nabla f(x), y - x\rangle", V, "⟨∇f(x), y - x⟩", "abstract function"),
    # limits, infima, suprema, arg-minima, integrals
    (r"\inf_{x \in S} g(x)", {}, "inf_{x∈S} g(x)", "infimum"),
    (r"\sup_{\alpha} \alpha^T\eta", V, "sup_{α} αᵀ η", "supremum"),
    (r"\lim_{\delta \to 0} h(\delta)", {}, "lim_{δ→0} h(δ)", "limit"),
    (r"\limsup_{n \to \infty} a_n", {}, "limsup_{n→∞} a_n", "limit"),
    (r"\arg\min_{\beta} q(\beta)", {}, "argmin_{β} q(β)", "argmin"),
    (r"\operatorname*{argmax}_x q(x)", {}, "argmax_{x} q(x)", "argmax"),
    (r"\mathop{\mathrm{arg\,max}}_{w} L", {}, "argmax_{w} L", "argmax"),
    (r"\int_0^1 s^2 \, ds", {}, "∫_{0}^{1} s² ds", "integral"),
]


@pytest.mark.parametrize("tex,where,shown,category", FORMS)
def test_each_form_is_read_and_printed(tex, where, shown, category):
    value = parse_expr(tex, where, opaque=True)
    assert pretty(value) == shown
    assert has_opaque(value)
    assert category in {a.category for a in atoms_of(value)}


STATEMENTS = [
    (r"\Pr(X \geq t)\leq \frac{\mathbb{E}[X]}{t}", {}, ["Pr[X ≥ t] ≤ E[X]/t"], [],
     ("random quantity",)),
    (r"|f(y) - f(x) - \langle \nabla f(x), y-x\rangle | \le \tfrac{L}2 \|y-x\|^2", V,
     ["|⟨∇f(x), y - x⟩ + f(x) - f(y)| ≤ L ‖y - x‖₂²/2"], [], ("abstract function",)),
    (r"\tfrac{1}{2L}\|\nabla\mathcal{L}(w)\|^2 \le \mathcal{L}(w) - \mathcal{L}(w_*)", V,
     ["‖∇ℒ(w)‖₂²/(2L) ≤ ℒ(w) - ℒ(w_*)"], [], ("abstract function",)),
    (r"\|\nabla f(x) - \nabla f(y)\| \le L\|x-y\|", V, ["‖∇f(x) - ∇f(y)‖₂ ≤ L ‖x - y‖₂"], [],
     ("abstract function",)),
    (r"\|\nabla f(x) - \nabla f(y)\| \le L\|x-y\|", {}, ["‖∇f(x) - ∇f(y)‖₂ ≤ L ‖x - y‖₂"], [],
     ("abstract function",)),
    (r"\mathbb{E}[X]^2 \le \mathbb{E}[X^2], \quad \mathrm{Var}(X) \ge 0", {},
     ["E[X]² ≤ E[X²]"], ["Var(X) ≥ 0"], ("random quantity",)),
    (r"\inf_{x \in S} g(x) \le g(y) \le \sup_{x \in S} g(x)", {},
     ["inf_{x∈S} g(x) ≤ g(y)", "g(y) ≤ sup_{x∈S} g(x)"], [],
     ("infimum", "abstract function", "supremum")),
    (r"\mathbb{E}_{y \sim P}[g(y)] \ge \lim_{\delta \to 0} h(\delta) \quad \text{for } t > 0", {},
     ["E_{y∼P}[g(y)] ≥ lim_{δ→0} h(δ)"], ["t > 0"],
     ("random quantity", "abstract function", "limit")),
    (r"\Pr\left[\left|\frac{1}{n}\sum_{i=1}^{n}X_i - \mu\right| \le \epsilon\right] \ge "
     r"1 - 2e^{-2n\epsilon^2}, \quad \epsilon > 0", V,
     ["Pr[|μ - n⁻¹ (Σ_{i=1}^{n} X_i)| ≤ ϵ] ≥ 1 - 2exp(-2n ϵ²)"], ["ϵ > 0"],
     ("random quantity",)),
    (r"\int_0^1 s^2 \, ds \le \frac{1}{2}", {}, ["∫_{0}^{1} s² ds ≤ 1/2"], [], ("integral",)),
]


@pytest.mark.parametrize("tex,where,props,conditions,categories", STATEMENTS)
def test_statements_are_read_with_their_conditions(tex, where, props, conditions, categories):
    st = parse_statement(tex, where, opaque=True)
    assert [pretty(p) for p in st.props] == props
    assert [pretty(p) for p in st.conditions] == conditions
    assert st.opaque == categories
    assert has_opaque(st.props)
    assert has_opaque(st.conditions) == any(has_opaque(p) for p in st.conditions)


def test_str_prints_the_atoms_too():
    (p,) = parse_props(r"\Pr(X \geq t)\leq \frac{\mathbb{E}[X]}{t}", opaque=True)
    assert str(p) == "Pr[X >= t] <= E[X]/t"
    assert [str(q) for q in parse_props(r"\mathbb{E}[X] \neq 0", opaque=True)] == ["E[X] != 0"]


def test_latex_prints_the_atoms_too():
    (p,) = parse_props(r"\Pr(X \geq t)\leq \frac{\mathbb{E}_{x \sim D}[X]}{t}", opaque=True)
    assert p._repr_latex_() == r"$\Pr[X \ge t] \le \frac{\mathbb{E}_{x∼D}[X]}{t}$"


def test_categories_are_listed_once_in_order_of_appearance():
    st = parse_statement(r"\sup_x f(x) + \mathbb{E}[g(X)] \le \inf_y f(y) + \mathbb{E}[X]",
                         opaque=True)
    assert st.opaque == ("supremum", "abstract function", "random quantity", "infimum")
    assert parse_statement(r"x \le 1", opaque=True).opaque == ()
    assert parse_statement(r"x \le 1").opaque == ()


def test_parse_props_and_parse_statement_agree():
    tex = r"\Pr(X \ge t) \le e^{-t}, \quad t > 0"
    st = parse_statement(tex, opaque=True)
    assert parse_props(tex, opaque=True) == st.props + st.conditions


# -- shapes --------------------------------------------------------------------------------------
def test_shapes_follow_the_arguments():
    assert parse_expr(r"\nabla f(x)", V, opaque=True).shape == (n, 1)
    assert parse_expr(r"\nabla^2 f(x)", V, opaque=True).shape == (n, n)
    assert parse_expr(r"\mathbb{E}[x x^\top]", V, opaque=True).shape == (n, n)
    assert parse_expr(r"\mathrm{Var}(x)", V, opaque=True).shape == (n, n)
    assert parse_expr(r"\operatorname*{argmax}_x q(x)", V, opaque=True).shape == (n, 1)
    assert isinstance(parse_expr(r"\nabla f(x)", V, opaque=True), OpaqueMatrix)
    assert isinstance(parse_expr(r"\nabla f(x)", {}, opaque=True), Opaque)
    assert not ob.is_matrix(parse_expr(r"\Pr(\|x\|_2 \ge 1)", V, opaque=True))


def test_a_bound_index_stays_inside_the_atom():
    st = parse_statement(r"\sum_{i=1}^n f(x_i) \le 1", V, opaque=True)
    (body,) = st.props
    assert isinstance(body.lhs, sp.Sum)
    (atom,) = atoms_of(body.lhs)
    assert atom.operands == (ob.entry(x, ob.index("i")),)


def test_a_sample_is_read_inside_an_atom_only():
    r"""``X_i`` in a sum, of an ``X`` not in ``where``: entry ``i`` of the sample ``X`` inside a
    probability or a limit, refused elsewhere (as without opaque mode)."""
    atom = parse_expr(r"\lim_{n \to \infty} \frac{1}{n}\sum_{i=1}^n X_i", opaque=True)
    (mean,) = atom.operands
    assert ob.vector("X", n) in ob.symbols_of(mean)
    with pytest.raises(NotChecked):  # not read: the error of the plain reading
        parse_props(r"\sum_{i=1}^n X_i \le \mathbb{E}[X]", opaque=True)


def test_entries_outside_an_atom_are_read_when_the_name_is_never_bare():
    r"""``\sum_{i=1}^n c_i^2`` beside a probability: the entries of ``c`` (opaque mode only;
    the plain reading still asks to declare ``c``); beside ``\mathbb{E}[X]`` the ``X_i`` are
    copies of ``X``, not its entries, and stay refused."""
    st = parse_statement(r"\Pr[Z > t] \le \exp(-t^2 / \sum_{i=1}^n c_i^2)", opaque=True)
    assert ob.vector("c", n) in ob.symbols_of(st.props[0].rhs)
    with pytest.raises(LatexError, match="c is not in where"):
        parse_props(r"\sum_{i=1}^n c_i^2 \le 1")
    assert parse_props(r"\sum_{i=1}^n c_i^2 \ge 0", opaque=True)[0].lhs == sp.Sum(
        ob.entry(ob.vector("c", n), ob.index("i")) ** 2, (ob.index("i"), 1, n))
    with pytest.raises(NotChecked):
        parse_props(r"\sum_{i=1}^n X_i \le \mathbb{E}[X]", opaque=True)


def test_the_same_atom_twice_is_one_value():
    assert parse_expr(r"f(x) - f(x) + \mathbb{E}[X]", opaque=True) == parse_expr(
        r"\mathbb{E}[X]", opaque=True)
    a, b = parse_expr(r"f(x)", opaque=True), parse_expr(r"f(x)", opaque=True)
    assert a == b and hash(a) == hash(b)


def test_atoms_have_their_parts():
    atom = parse_expr(r"\mathbb{P}_{x \sim D}(A \mid B)", opaque=True)
    assert (atom.category, atom.head, atom.script) == ("random quantity", "Pr", "x∼D")
    assert atom.operands == (scalar("A"),) and atom.given == (scalar("B"),)
    event = parse_expr(r"\Pr(X \ge t)", opaque=True).operands[0]
    assert isinstance(event, sp.GreaterThan) and event.args == (scalar("X"), scalar("t"))


# -- what stays refused ------------------------------------------------------------------------
@pytest.mark.parametrize("tex,category", [
    (r"\mathbb{E} X Y \le 1", "random quantity"),  # E[X] Y or E[XY]: two readings
    (r"s \le 1 \text{ with probability at least } 1 - \delta", "random quantity"),
    (r"\log \sup_{x} f(x) \le 1", "supremum"),
    (r"\inf(s, r) \le 1", "infimum"),
])
def test_what_opaque_mode_cannot_read_raises_as_without_it(tex, category):
    for opaque in (True, False):
        with pytest.raises(NotChecked) as info:
            parse_props(tex, {}, opaque=opaque)
        assert info.value.category == category


@pytest.mark.parametrize("tex,match", [
    (r"f(x) \lesssim 1", r"\\lesssim hides a constant"),
    (r"\nabla^2 \|x\|_2^2 = 2", "Hessian"),
])
def test_other_errors_stay_errors(tex, match):
    for opaque in (True, False):
        with pytest.raises(LatexError, match=match):
            parse_props(tex, {"x": x}, opaque=opaque)


# -- without opaque mode nothing changes -------------------------------------------------------
@pytest.mark.parametrize("tex,where,shown,category",
                         [f for f in FORMS if f[3] != "integral"])  # an integral is a value
def test_without_opaque_each_form_is_refused_as_before(tex, where, shown, category):
    with pytest.raises(LatexError) as info:
        parse_expr(tex, where)
    if isinstance(info.value, NotChecked):
        assert info.value.category == category
    else:  # unknown functions and spellings the reader does not know
        assert "unknown" in info.value.what


def test_unknown_functions_keep_their_error():
    for tex in (r"g(\lambda,\nu)", r"\mathcal{L}(w_n)", "H(X)", "D_f(x,y)",
                r"\Pi_{\mathcal{H}}(n)", "f(y)"):
        with pytest.raises(LatexError, match=r"unknown function .*: pass it in where") as info:
            parse_props(tex + r" \le 1", {})
        assert not isinstance(info.value, NotChecked)


@pytest.mark.parametrize("tex,where", [
    (r"\|x\|_2 \le \sqrt{n}\|x\|_\infty", V),
    (r"\log(1+t) \ge \frac{t}{1+t}, \quad t > -1", {}),
    (r"\sum_{i=1}^{t-1} x_i \le t", V),
    (r"\mathop{\mathbf{E}}[X] \le 1", {}),  # the product E X, with or without opaque
    (r"x^\top A u \le \|x\|_2 \|A\|\|u\|_2", {**V, "u": vector("u", d)}),
    (r"\frac{\partial}{\partial x_i} \|x\|_2^2 = 2 x_i", V),
    (r"\max_i x_i \le \mathrm{LSE}(x)", V),
    (r"\int_0^1 s^2 \, ds", {}),
])
def test_what_reads_without_opaque_reads_the_same_with_it(tex, where):
    if "\\le" in tex or "=" in tex or "\\ge" in tex:
        plain, opaque = parse_statement(tex, where), parse_statement(tex, where, opaque=True)
        assert [str(p) for p in plain.props + plain.conditions + plain.defined_if] == \
            [str(p) for p in opaque.props + opaque.conditions + opaque.defined_if]
        assert plain.dimensions == opaque.dimensions and opaque.opaque == ()
    else:  # an integral is a value without opaque, an atom with it
        assert isinstance(parse_expr(tex, where), sp.Integral)
        assert has_opaque(parse_expr(tex, where, opaque=True))


def test_the_plain_lexer_never_makes_opaque_tokens():
    opaque_types = {"RANDOM", "RSUB", "ROPEN", "RCLOSE", "GIVEN", "LIMOP"}
    for tex, _where, _shown, _category in FORMS:
        try:
            types = {t.type for t in tokenize(tex)}
        except LatexError:
            continue
        assert not types & opaque_types, tex
        assert {t.type for t in tokenize(tex, opaque=True)}  # and the opaque lexer reads it


def test_claims_keep_refusing():
    assert "opaque" not in inspect.signature(parse_claim).parameters
    for fields in ({}, {"opaque": True}):
        with pytest.raises(NotChecked):
            Claim.from_latex("t:e", r"\mathbb{E}[X] \le 1", **fields)
    with pytest.raises(TypeError):
        Claim.from_latex("t:e", r"t \le 1", opaque=True)  # not a field of a claim


def test_the_grammar_has_no_conflicts_in_either_mode(caplog):
    from lark import Lark, logger

    from symbolic.latex_parse.grammar import GRAMMAR, _Lexer, _OpaqueLexer

    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            for lexer in (_Lexer, _OpaqueLexer):
                Lark(GRAMMAR, parser="lalr", lexer=lexer, debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


# -- soundness: an atom is never checked ----------------------------------------------------------
def test_has_opaque_finds_an_atom_anywhere():
    st = parse_statement(r"\|x - \nabla f(x)\|_2^2 + \sum_{i=1}^n x_i \le 1, \quad t > 0", V,
                         opaque=True)
    (body,) = st.props
    assert has_opaque(body) and has_opaque(body.lhs) and not has_opaque(body.rhs)
    assert has_opaque([st.conditions, [body]]) and not has_opaque(st.conditions)
    assert has_opaque(sp.Le(body.lhs, 1)) and not has_opaque(sp.Le(scalar("t"), 1))
    ne = parse_props(r"\mathbb{E}[X] \neq 0", opaque=True)[0]
    assert has_opaque(ne) and has_opaque(ne.written_expr)
    assert not has_opaque(None) and not has_opaque("E[X]")


def test_no_back_end_evaluates_an_atom():
    (body,) = parse_props(r"\Pr(X \geq t)\leq \frac{\mathbb{E}[X]}{t}", opaque=True)
    assert "not supported" in unsupported_construct(body.lhs)
    with pytest.raises(ValueError, match=r"Opaque .* is not supported"):
        Prop(body.lhs, "<=", body.rhs)
    with pytest.raises(ValueError, match="is not supported"):
        Claim("t:opaque", body.lhs, "<=", body.rhs)
    grad = parse_expr(r"\nabla f(x)", V, opaque=True)
    assert "OpaqueMatrix" in unsupported_construct(ob.norm2(grad))


def test_atoms_are_only_what_the_reader_makes():
    with pytest.raises(ValueError, match="not a category"):
        Opaque("expectation", "E", "", [scalar("X")])
    assert set(CATEGORIES) == {"random quantity", "abstract function", "limit", "infimum",
                               "supremum", "argmin", "argmax", "integral", "norm", "set",
                               "unstated range", "two readings", "asymptotic", "factorial",
                               "list"}
    assert not isinstance(sp.sympify("Opaque(x)"), (Opaque, OpaqueMatrix))
    assert not has_opaque(sp.Function("E")(scalar("X")))


def test_readings_survive_pickling_as_written():
    st = parse_statement(r"\Pr(f(x) \le f(x)) \le \mathbb{E}\|W_n - w_*\|^2", V, opaque=True)
    back = pickle.loads(pickle.dumps(st))
    assert back.props == st.props and back.opaque == st.opaque
    assert [pretty(p) for p in back.props] == ["Pr[f(x) ≤ f(x)] ≤ E[‖W_n - w_*‖₂²]"]


def test_a_letter_applied_to_a_sum_has_two_readings_and_is_not_read_as_a_function():
    from symbolic.latex_parse.opaque_build import applied

    assert not applied("c", "1 + t", 1) and not applied("C", r"1 + \log T", 1)
    assert applied("L", r"\hat{h}", 1) and applied("f", "x + y", 1)
    with pytest.raises(LatexError, match="unknown function c"):
        parse_statement(r"h \le c(1+t)")
    # opaque mode shows it as written and names both readings: the reading is incomplete
    st = parse_statement(r"\mathbb{E}[X] \le c(1+t)", opaque=True)
    assert [pretty(p) for p in st.props] == ["E[X] ≤ c(1+t)"]
    assert st.undecided == ["two readings, not decided: c(1+t) is c times (1+t), or a function "
                            "c applied to 1+t"]


def test_asymptotic_notation_is_shown_as_written_in_opaque_mode_saying_what_it_hides():
    st = parse_statement(r"\mathbb{E}[X_T] \le O(\frac{G}{\sqrt{T}}) + \Omega(n)", opaque=True)
    assert [pretty(p) for p in st.props] == ["E[X_T] ≤ O(G/√T) + Ω(n)"]
    assert st.undecided == [  # Ω(n) might be a function Ω: two readings, named
        "asymptotic notation, the constant it hides is not stated: O(\\frac{G}{\\sqrt{T}})",
        "two readings, not decided: \\Omega(n) is \\Omega times (n), or a function \\Omega "
        "applied to n"]
    st = parse_statement(r"f(n) = g(n) + O(1/n) - O(1/n)", opaque=True)  # two quantities
    assert [pretty(p) for p in st.props] == ["f(n) = g(n) + O(1/n) - O(1/n)"]
    with pytest.raises(LatexError, match="hides a constant"):
        parse_statement(r"x \le O(\frac{G}{\sqrt{T}})")


def test_a_step_or_a_power_is_shown_as_written_in_opaque_mode_and_a_transpose_is_refused():
    st = parse_statement(r"\sum_{t=1}^T l_i^t \le \mathbb{E}[X]", opaque=True)
    assert [pretty(p) for p in st.props] == ["Σ_{t=1}^{T} l_i^t ≤ E[X]"]
    assert st.undecided == ["two readings, not decided: l_{i}^t is a power of l_{i}, or l_{i} at "
                            "step t"]
    assert st.opaque == ("two readings", "random quantity")
    with pytest.raises(LatexError, match="transpose"):
        parse_statement(r"p_*^T \le 1", opaque=True)  # nothing says p_* is a vector
    # a transposed name before a vector (p^T x) is a vector: read, in opaque mode only
    assert [pretty(p) for p in parse_statement(r"p_*^T x \le 1", opaque=True).props] == [
        "p_*ᵀ x ≤ 1"]
    with pytest.raises(LatexError, match="transpose"):
        parse_statement(r"p_*^T x \le 1")


def test_probability_written_with_mbox_or_a_plain_p_of_an_event_is_read_as_written():
    from symbolic.latex_parse import parse_statement
    from symbolic.pretty import pretty

    s = parse_statement(r"\mbox{Pr}(X > t) \le \frac{1}{t}", opaque=True)
    assert pretty(s.props[0]) == "Pr[X > t] ≤ t⁻¹"
    s = parse_statement(r"P(|X| > t) \le 2e^{-t^2}", opaque=True)
    assert pretty(s.props[0].lhs) == "Pr[|X| > t]"
    # a plain P of no event is no probability
    assert "Pr" not in str(parse_statement(r"P(x) \le 1", opaque=True).props[0].lhs)
    s = parse_statement(r"R = \sum_{a \in [N]} \Delta_a \mathop{{}\mathbb{E}}(n_a)", opaque=True)
    assert pretty(s.props[0]) == "R = Σ_{a=1}^{N} Δ_a E[n_a]"  # \mathop{{}\mathbb{E}}: E


def test_mbox_and_intertext_of_and_join_two_statements():
    from symbolic.latex_parse import parse_statement
    from symbolic.pretty import pretty

    for text in (r"x \le 1 \quad \mbox{and} \quad y \le 2", r"x \le 1 \intertext{and} y \le 2"):
        assert [pretty(p) for p in parse_statement(text).props] == ["x ≤ 1", "y ≤ 2"]
    s = parse_statement(r"b = a^2 \enskip \forall a \in [0, 1]")  # \enskip: a space
    assert [pretty(c) for c in s.conditions] == ["0 ≤ a", "a ≤ 1"]


def test_a_function_of_a_pair_written_with_a_double_bar_is_read_as_written():
    r"""``D(\mu \| \pi)`` (a divergence): ``D`` of the pair, in opaque mode only; a norm inside
    a call (``f(\|x\|)``) is a norm."""
    (p,) = parse_props(r"D(\nu_t \| \hat{\pi}) \leq e^{-2t/c} D(\nu_0 \| \hat{\pi})", {},
                       opaque=True)
    assert pretty(p) == "D(ν_t, π̂) ≤ exp(-2t c⁻¹) D(ν_0, π̂)"
    (atom,) = atoms_of(p.lhs)
    assert (atom.category, atom.head, len(atom.operands)) == ("abstract function", "D", 2)
    with pytest.raises(LatexError):
        parse_props(r"D(\nu_t \| \hat{\pi}) \leq 1", {})
    assert pretty(parse_props(r"f(\|x\|) \le 1", {}, opaque=True)[0]) == "f(‖x‖₂) ≤ 1"
    assert pretty(parse_props(r"I(X;Y) \ge I(X;Z)", {}, opaque=True)[0]) == "I(X, Y) ≥ I(X, Z)"


def test_names_used_as_vectors_are_read_as_vectors_in_opaque_mode_only():
    r"""``\langle x, \theta \rangle`` of names not declared: vectors (of one dimension the
    reading declares), as a reader takes them, when opaque mode reads nothing otherwise; the
    plain reading still asks for two vectors."""
    (p,) = parse_props(r"f(x) + f^*(\theta) \geq \langle x, \theta \rangle", {}, opaque=True)
    assert pretty(p) == "f(x) + f*(θ) ≥ ⟨x, θ⟩"
    atom_x = atoms_of(p.lhs)[0]
    assert ob.is_matrix(atom_x.operands[0]) and atom_x.operands[0].shape[1] == 1
    with pytest.raises(LatexError, match="needs two vectors"):
        parse_props(r"\langle x, \theta \rangle \ge 0", {})
    from symbolic.latex_parse.opaque_build import vector_names
    assert vector_names(r"\langle g(x), y - z \rangle + \|w\|_2 + a^T b + |c|") == [
        "y", "z", "w", "a", "b"]  # g(x) is a call, |c| an absolute value; aᵀb: b too
    assert vector_names(r"\sqrt{\sum\limits_{t=1}^T \|g_t\|_*^2}") == ["g_t"]  # no \limits


def test_a_norm_not_in_the_vocabulary_is_shown_as_written():
    st = parse_statement(r"\langle x,y\rangle \leq ||x|| ||y||_*", opaque=True)
    assert [pretty(p) for p in st.props] == ["⟨x, y⟩ ≤ ‖x‖ ‖y‖_*"]
    assert st.opaque == ("norm",) and has_opaque(st.props)
    st = parse_statement(r"\| x_k - y \|_A \leq \|x_0 - y\|_{V,\infty}^2", opaque=True)
    assert [pretty(p) for p in st.props] == ["‖x_k - y‖_A ≤ ‖x_0 - y‖_{V,∞}²"]
    assert sp.latex(st.props[0].lhs) == r"\|x_{k} - y\|_A"
    with pytest.raises(ValueError, match="p must be a constant"):  # checked: never an atom
        parse_statement(r"\|x\|_* \le 1", {"x": vector("x", 3)})


def test_a_set_where_a_value_stands_is_shown_as_written():
    st = parse_statement(r"\operatorname{regret} \le \sqrt{T |\mathcal{A}| \log|\mathcal{A}|}",
                         opaque=True)
    assert [pretty(p) for p in st.props] == ["regret ≤ √(|𝒜| (T log(|𝒜|)))"]
    st = parse_statement(r"\mathcal{R}_S(\mathcal{H}_{\Lambda}) \leq \Lambda", opaque=True)
    assert [pretty(p) for p in st.props] == ["ℛ_S(ℋ_{Λ}) ≤ Λ"]
    assert st.opaque == ("abstract function", "set")
    with pytest.raises(ValueError, match="a set or a class"):  # checked: never a value
        parse_statement(r"|\mathcal{A}| \le 2")


def test_a_bare_bar_inside_a_random_quantity_is_its_condition():
    cases = {r"\mathbb{E}[X|Y=y] \le 1": "E[X | Y = y] ≤ 1",
             r"\Pr(A | B) \le 1": "Pr[A | B] ≤ 1",
             r"\mathbb{E}[|X| | Y] \le 1": "E[|X| | Y] ≤ 1",  # |X| opens and closes first
             r"\mathbb{E}[|X - Y|] \le 1": "E[|X - Y|] ≤ 1",
             r"|\mathbb{E}[X|Y]| \le 1": "|E[X | Y]| ≤ 1"}
    for text, shown in cases.items():
        assert [pretty(p) for p in parse_statement(text, opaque=True).props] == [shown], text


def test_a_big_operator_without_its_range_is_shown_as_written():
    st = parse_statement(r"\mathbb{E}[X] = \sum_{y} \Pr[Y=y] \mathbb{E}[X|Y=y]", opaque=True)
    assert [pretty(p) for p in st.props] == ["E[X] = Σ_{y} E[X | Y = y] Pr[Y = y]"]
    assert st.opaque == ("random quantity", "unstated range")
    st = parse_statement(r"\max_{i} \min_{j} M_{ij} \leq \min_{j} \max_{i} M_{ij}", opaque=True)
    assert [pretty(p) for p in st.props] == ["max_{i} min_{j} M_{ij} ≤ min_{j} max_{i} M_{ij}"]
    with pytest.raises(ValueError, match="give the range"):  # checked: never guessed
        parse_statement(r"\sum_y y \le 1")


def test_a_norm_of_a_name_not_known_as_a_vector_is_shown_as_a_norm():
    # read as |·| it would show a scalar's absolute value (∇f(w)² for ‖∇f(w)‖₂²)
    st = parse_statement(r"f(v) \leq \frac{1}{\alpha}||g(w)||_2^2", opaque=True)
    assert [pretty(p) for p in st.props] == ["f(v) ≤ ‖g(w)‖_2²/α"]
    # a gradient at w inside a norm makes w a vector: the Euclidean norm of the vocabulary
    st = parse_statement(r"f(w) - f(v) \leq \frac{1}{\alpha}||\nabla f(w)||_2^2", opaque=True)
    assert [pretty(p) for p in st.props] == ["f(w) - f(v) ≤ ‖∇f(w)‖₂²/α"]
    st = parse_statement(r"\Bigg\|\prod_{k=1}^n A^{(k)}\Bigg\| \le 1", opaque=True)
    assert [pretty(p) for p in st.props] == ["‖Π_{k=1}^{n} A^{(k)}‖ ≤ 1"]
    with pytest.raises(LatexError, match="two readings: the norm of t, which nothing declares"):
        parse_statement(r"\|t\| \le 1")  # checked: |t| of a number, or a vector's norm
    assert [str(p) for p in parse_statement(r"\|t\| \le 1", {"t": scalar("t")}).props] == [
        "Abs(t) <= 1"]  # a number the text declares


def test_a_word_written_in_italics_is_shown_as_the_name_it_spells():
    st = parse_statement(r"Regret_T(OGD) \leq \frac{3}{2} GD\sqrt{T}", opaque=True)
    assert [pretty(p) for p in st.props] == ["Regret_T(OGD) ≤ 3DG √T/2"]  # GD: G times D
    st = parse_statement(r"\log \mathbb{E}[exp(-sX)] \leq 1", opaque=True)
    assert [pretty(p) for p in st.props] == ["log(E[exp(-Xs)]) ≤ 1"]  # exp: the function
    with pytest.raises(LatexError, match="two readings: 'Regret' is a name, or the product"):
        parse_statement(r"Regret_T \le 1")  # checked: never guessed


def test_an_indexed_letter_before_a_sum_has_two_readings():
    with pytest.raises(ValueError):  # λ_d times (κ + s), or a function λ_d at κ + s
        parse_statement(r"\lambda_d(\kappa + s) \le 1")
    st = parse_statement(r"\lambda_d(\kappa + s) \le 1", opaque=True)  # shown, both named
    assert [pretty(p) for p in st.props] == ["λ_{d}(κ+s) ≤ 1"] and len(st.undecided) == 1
    for text, shown in [(r"R_n(F) \le 1", "R_n(F) ≤ 1"), (r"f_t(x + y) \le 1", "f_t(x + y) ≤ 1")]:
        assert [pretty(p) for p in parse_statement(text, opaque=True).props] == [shown]


def test_a_transposed_vector_makes_the_vector_after_it_and_the_capitals_between_read_as_such():
    st = parse_statement(r"\mathbb{E}[|b^T(S-\Sigma)b|] \le c \|\hat\theta_1\hat\theta_1^T\|_F",
                         opaque=True)
    # S, Σ between bᵀ and b are matrices: never commuted out as scalars ((S − Σ) bᵀb)
    assert [pretty(p) for p in st.props] == ["E[|bᵀ (S - Σ) b|] ≤ c ‖θ̂_1 θ̂_1ᵀ‖_F"]
    st = parse_statement(r"p_*^T(-M) q_* \geq \tilde{p}^T (-M) q_*", opaque=True)
    assert [pretty(p) for p in st.props] == ["-p_*ᵀ M q_* ≥ -p̃ᵀ M q_*"]
    with pytest.raises(LatexError):  # the plain reading still asks for declarations
        parse_statement(r"p_*^T(-M) q_* \geq \tilde{p}^T (-M) q_*")


def test_a_greek_increment_before_a_letter_is_shown_as_written_with_both_readings():
    st = parse_statement(r"\mathbb{E}\|\delta M_{n+1}\|^2 \le \sigma^2", opaque=True)
    assert [pretty(p) for p in st.props] == ["E[‖δM_{n+1}‖²] ≤ σ²"]
    assert st.undecided == [r"two readings, not decided: \delta M_{n+1} is \delta times "
                            "M_{n+1}, or one name"]
    st = parse_statement(r"\mathbb{E}[X] \le \delta \cdot M", opaque=True)  # written: a product
    assert st.undecided == []


def test_a_factor_after_a_denominator_has_two_readings_refused_or_shown_as_written():
    for tex in (r"x \le 1/2n", r"x \le p/2 n", r"x \le L/2 \|y\|^2"):
        with pytest.raises(LatexError, match="two readings"):
            parse_statement(tex)
    st = parse_statement(r"L(\hat\theta) \le p/2n", opaque=True)
    assert pretty(st.props[0]).endswith("≤ p/2n")
    assert st.undecided == ["two readings, not decided: p/2 n is (p/2) n, or p/(2 n)"]
    for tex, shown in [(r"x \le 8\varepsilon/\lambda_i", "x ≤ 8ε λ_i⁻¹"),
                       (r"x \le 1/\log n", "x ≤ log(n)⁻¹"), (r"x \le L/2 \cdot y", "x ≤ Ly/2")]:
        assert [pretty(p) for p in parse_statement(tex).props] == [shown]  # one reading


def test_a_parenthesised_superscript_labels_an_iterate_only_when_it_is_an_index():
    assert [pretty(p) for p in parse_statement(r"x^{(k+1)} \le x^{(k)}").props] == [
        "x^{(k+1)} ≤ x^{(k)}"]
    st = parse_statement(r"R \le T^{\left(\frac{a+1}{a+3}\right)}")  # a power, never a name
    assert [pretty(p) for p in st.props] == ["R ≤ T^((1 + a)/(3 + a))"]


@pytest.mark.parametrize("text, index", [
    (r"\sup_{h\in\mathcal{H}} \hat{L}(h)-L(h) \le 1", "h"),
    (r"\exp\left( \sum_{j=k+1}^{n-1}h_j^2L^2 + 2h_jL \right) \le 1", "j"),
])
def test_an_index_written_after_its_operators_term_has_two_readings_shown_as_written(text, index):
    from symbolic.latex_parse import parse_statement

    s = parse_statement(text, opaque=True)
    assert len(s.undecided) == 1 and s.undecided[0].startswith(
        f"two readings, not decided: the index {index} of ")
    again = parse_statement(r"\sum_{i=1}^n a_i - \sum_{i=1}^n b_i \le 1", opaque=True)
    assert not again.undecided  # each operator binds its own i


def test_review_34_mbox_of_a_word_and_wide_spaces_are_never_factors():
    from symbolic.latex_parse import LatexError, parse_statement
    from symbolic.pretty import pretty

    for text in (r"x \ge 1 \mbox{ implies } x^2 \ge 1", r"\mbox{Regret}_T \le 2\sqrt{T}"):
        with pytest.raises(LatexError, match="mbox"):
            parse_statement(text)  # a word in \mbox is not read as a name times a term
    s = parse_statement(r"x^2 \le x \enskip x \ge 0")  # \enskip separates, like \quad
    assert [pretty(p) for p in s.props] == ["x² ≤ x"] and [pretty(c) for c in s.conditions] \
        == ["x ≥ 0"]
    s = parse_statement(r"\hat{\mu_i} \le \hat\mu_i + 1")  # one printed name, one object
    assert len(s.props[0].symbols) == 1


@pytest.mark.parametrize(("latex", "shown"), [
    (r"KL(P||Q) \le 1", "KL(P, Q) ≤ 1"),  # a divergence of distributions, never K·L(P, Q)
    (r"D_{KL}(P\|Q) \le 1", "D_{KL}(P, Q) ≤ 1"),
    (r"H(X|Y) \le H(X)", "H(X | Y) ≤ H(X)"),  # conditioned on Y, never the pair H(X, Y)
    (r"I(X;Y|Z) \ge 0", "I(X, Y | Z) ≥ 0"),
    (r"\Pr[X=k] = \frac{e^{-\lambda} \lambda^k}{k!}", "Pr[X = k] = λ^(k) exp(-λ)/(k!)"),
    (r"(n+1)! \ge n!", "(1 + n)! ≥ n!"),
])
def test_information_divergences_conditionals_and_factorials_read_as_written(latex, shown):
    st = parse_statement(latex, None, opaque=True)
    assert "; ".join(pretty(p) for p in st.props) == shown


@pytest.mark.parametrize("latex", [r"k! \ge 1", r"KL(P||Q) \le 1", r"(x|y) \le 1"])
def test_a_factorial_of_a_name_a_word_and_a_bare_conditional_are_not_checked(latex):
    with pytest.raises(ValueError):
        parse_statement(latex, None)


def test_a_range_over_a_set_reads_as_written_and_a_power_of_a_product_keeps_its_brackets():
    st = parse_statement(r"\min_{p \in \Delta_n} \max_{q \in \Delta_m} p^T M q \le "
                         r"\sum_{i \le n} |a^T x|^3", None, opaque=True)
    assert pretty(st.props[0]) == "min_{p∈Δ_n} max_{q∈Δ_m} pᵀ M q ≤ Σ_{i≤n} (aᵀ x)² |aᵀ x|"
    with pytest.raises(ValueError, match="cannot read the range"):
        parse_statement(r"\sum_{i \le n} a_i \le 1", None)  # checked: refused, as before


def test_a_function_of_a_list_with_an_ellipsis_reads_as_written_a_bare_list_does_not():
    st = parse_statement(r"\mathbb{E}[f(X_1, \ldots, X_n)] \le 1", None, opaque=True)
    assert pretty(st.props[0]) == "E[f(X_1, …, X_n)] ≤ 1"
    with pytest.raises(ValueError):
        parse_statement(r"(1, \dots, n) \le 1", None, opaque=True)


def test_an_event_made_with_set_operations_reads_as_written_only_inside_a_probability():
    st = parse_statement(r"\Pr\left[\bigcup_{i=1}^n E_i\right] \leq \sum_{i=1}^n \Pr[F \cap E_i]",
                         None, opaque=True)
    assert pretty(st.props[0]) == "Pr[⋃_{i=1}^nE_i] ≤ Σ_{i=1}^{n} Pr[F ∩ E_i]"
    with pytest.raises(ValueError):
        parse_statement(r"x \cap y \le 1", None, opaque=True)


@pytest.mark.parametrize("latex", [r"5!! = 15", r"2!=2", r"1000000! \ge 1"])
def test_a_double_factorial_a_bang_before_equals_and_a_huge_factorial_are_refused(latex):
    with pytest.raises(ValueError):  # two readings, or too large to evaluate: never a hang
        parse_statement(latex, None)


def test_session_37_forms_of_real_papers_are_read_as_written():
    # a macro's \left[{#1}\right]: the braces are the bracket's content
    st = parse_statement(r"\mathbb{P}\left[{W - \mathbb{E}\left[{W}\right] \ge s}\right] \le 1",
                         opaque=True)
    assert [pretty(p) for p in st.props] == ["Pr[W - E[W] ≥ s] ≤ 1"]
    # an event that is a membership in a set the reader does not know, as written
    st = parse_statement(r"Q(m,q) = \Pr_{Y \sim D_{m,q}}[Y \in \mathcal{S}]", opaque=True)
    assert [pretty(p) for p in st.props] == ["Q(m, q) = Pr_{Y∼D_{m,q}}[Y ∈ 𝒮]"]
    with pytest.raises(LatexError):  # outside a probability, still no value
        parse_statement(r"X \in \mathcal{P}", opaque=True)
    # \text{\mathrm{Hits}}: the word it holds
    st = parse_statement(r"\mathbb{E}_{g}[\text{\mathrm{Hits}}(y,T,g)] \le 1", opaque=True)
    assert [pretty(p) for p in st.props] == ["E_{g}[Hits(y, T, g)] ≤ 1"]


def test_a_quotient_of_sums_with_d_is_no_derivative():
    assert [pretty(p) for p in parse_statement(r"a \le \frac{d+1}{d+3}").props] == [
        "a ≤ (1 + d)/(3 + d)"]
    with pytest.raises(LatexError, match="two readings"):  # d/dβ still has two readings
        parse_statement(r"\frac{d}{d\beta} f(\beta) \le 1")


def test_two_printed_letters_are_two_names_and_print_apart():
    st = parse_statement(r"\epsilon \le \varepsilon + \phi - \varphi")
    assert [pretty(p) for p in st.props] == ["ϵ ≤ ϕ + ε - φ"]


def test_infinity_and_a_series_are_read_as_written_never_as_numbers():
    st = parse_statement(r"\sum_{k=0}^{\infty} \gamma_k^2 < \infty", opaque=True)
    assert [pretty(p) for p in st.props] == ["Σ_{k=0}^{∞}γ_k^2 < ∞"] and has_opaque(st.props)
    with pytest.raises(LatexError, match="not a value"):
        parse_statement(r"x \le \infty")
