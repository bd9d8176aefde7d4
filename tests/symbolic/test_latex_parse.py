r"""Statements of ``closeness`` Sections 3-8, copied from the seed's LaTeX
(``shared/seeds/000_f17ffa643c170919.txt``), parse into the hand encodings of
``proofs/papers/closeness/section*.py``: each side is equal after ``unwrap`` or proved identical
by the exact identity checker in explicit coordinates on a grid of sizes.

Where the extraction dropped a minus sign inside a norm (``||x y||`` for ``||x - y||``, the
encodings' "GARBLED"/"MINUS" notes), the copy restores it; nothing else is edited.
"""

from __future__ import annotations

import pytest
import sympy as sp

from proofs.papers.closeness import section3 as s3
from proofs.papers.closeness import section4 as s4
from proofs.papers.closeness import section5 as s5
from proofs.papers.closeness import section6 as s6
from proofs.papers.closeness import section7 as s7
from proofs.papers.closeness import section8 as s8
from symbolic import Claim, Prop, exp_, inner, matrix, n, ones, vector
from symbolic.explicit import ExplicitInstance
from symbolic.identity import matrix_identically_zero
from symbolic.latex_parse import LatexError, parse_expr, parse_props
from symbolic.objects import DIMS, is_matrix, symbols_of, unwrap

GRID = ({"n": 2, "d": 2, "k": 2}, {"n": 3, "d": 1, "k": 1}, {"n": 1, "d": 3, "k": 2})


def _identical(a, b) -> str | None:
    """``"structural"`` or ``"exact"`` when ``a`` and ``b`` denote the same object, else None."""
    a, b = unwrap(sp.sympify(a)), unwrap(sp.sympify(b))
    if a == b:
        return "structural"
    if is_matrix(a) != is_matrix(b):
        return None
    syms = symbols_of(a) | symbols_of(b)
    indices = {s for s in syms if isinstance(s, sp.Symbol) and s.is_integer}
    for dims in GRID:
        idx = dict.fromkeys(indices, 1)
        inst = ExplicitInstance(syms - indices, dims, indices=idx)
        diff = inst(a) - inst(b)
        if matrix_identically_zero(diff, seconds=20) is not True:
            return None
    return "exact"


def _normal(p: Prop):
    """``(g, strict)`` with ``p`` equivalent to ``g > 0`` / ``g >= 0`` (or ``("=", l - r)``)."""
    if p.rel.value == "=":
        return ("=", sp.expand(unwrap(p.lhs) - unwrap(p.rhs)))
    if p.rel.value == "⪯":
        return ("⪯", p.lhs, p.rhs)
    g = p.rhs - p.lhs if p.rel.direction < 0 else p.lhs - p.rhs
    return (sp.expand(unwrap(g)), p.rel.strict)


def _assert_same_prop(parsed: Prop, hand: Prop) -> list[str]:
    how = []
    if parsed.rel is hand.rel:
        pairs = [(parsed.lhs, hand.lhs), (parsed.rhs, hand.rhs)]
    else:  # a >= b written as b <= a
        assert parsed.rel.direction == -hand.rel.direction and parsed.rel.strict == \
            hand.rel.strict, (parsed, hand)
        pairs = [(parsed.lhs, hand.rhs), (parsed.rhs, hand.lhs)]
    for got, want in pairs:
        verdict = _identical(got, want)
        assert verdict, f"{got}  !=  {want}"
        how.append(verdict)
    return how


def _assert_same_hyps(parsed: list[Prop], hand) -> None:
    assert {str(_normal(p)) for p in parsed} == {str(_normal(h)) for h in hand}


# -- the statements: (label, LaTeX as printed, where, hand-encoded Props, LaTeX hypotheses,
#    hand-encoded hypotheses) -------------------------------------------------------------

W3_VEC = {"x": s3.x, "y": s3.y}
W3_MAT = {"X": s3.X, "Y": s3.Y}
W3_33 = {"A": s3.A, "x": s3.xv}
S4 = s4.S
W4 = {"A": s4.A, "x": s4.x, "b": s4.b, "f(x)": S4.f, "c(x)": S4.c, r"\alpha(x)": S4.alpha,
      r"L_{\exp}(x)": S4.L}
S6 = s6.S
W6 = {"A": s6.A, "x": s6.x, "b": s6.b, "f(A)": S6.f, "c(A)": S6.c, r"\alpha(A)": S6.alpha,
      r"L_{\exp}(A)": S6.L}
P5, P7 = s5.P, s7.P
W5 = {"A": s5.A, "x_t": s5.xt, "x_{t+1}": s5.xt1, "b": s5.b, r"\delta_b": P5.db,
      r"\delta_{b,1}": P5.db1, r"\delta_{b,2}": P5.db2, r"\alpha(x_{t+1})": P5.a1,
      r"\alpha(x_t)": P5.a0, "f(x_{t+1})": P5.f1, "f(x_t)": P5.f0}
W7 = {"A_t": s7.At, "A_{t+1}": s7.At1, "x": s7.x, "b": s5.b, r"\delta_b": P7.db,
      r"\delta_{b,1}": P7.db1, r"\delta_{b,2}": P7.db2, r"\alpha(A_{t+1})": P7.a1,
      r"\alpha(A_t)": P7.a0, "f(A_{t+1})": P7.f1, "f(A_t)": P7.f0}
A56, x56, y56 = s5.A, s5.x, s5.y
W56 = {"A": A56, "x": x56, "y": y56,
       r"\alpha": lambda v: inner(exp_(A56 * v), ones(n))}
A7, B7, x7 = s7.A, s7.B, s7.x
W77 = {"A": A7, "B": B7, "x": x7, r"\alpha(A)": s7.alpha_A, r"\alpha(B)": s7.alpha_B}


def _defs(sec_defs, texts, where):
    return [(f"{d.id}", t, where, [d.statement], (), ()) for d, t in zip(sec_defs, texts,
                                                                          strict=True)]


DEF_TEXTS = [  # Definitions 4.1-4.4 (6.1-6.4 read in A) and their rewrites, as printed
    r"f({v}) := \langle \exp(Ax), \mathbf{{1}}_n \rangle^{{-1}} \cdot \exp(Ax).",
    r"L_{{\exp}}({v}) := 0.5 \cdot \| \langle \exp(Ax), \mathbf{{1}}_n \rangle^{{-1}} \exp(Ax)"
    r" - b \|_2^2.",
    r"\alpha({v}) := \langle \exp(Ax), \mathbf{{1}}_n \rangle.",
    r"f({v}) = \alpha({v})^{{-1}} \cdot \exp(Ax)",
    r"L_{{\exp}}({v}) = 0.5 \cdot \|\alpha({v})^{{-1}} \cdot \exp(Ax) - b\|_2^2",  # minus restored
    r"L_{{\exp}}({v}) = 0.5 \cdot ||f({v}) - b||_2^2",  # minus restored
    r"c({v}) := f({v}) - b.",
    r"L_{{\exp}}({v}) = 0.5 \cdot ||c({v})||_2^2",
]

CASES = [
    # Section 3
    ("fact-3.1:item-1", r"||x \circ y||_2 \le ||x||_{\infty} \cdot ||y||_2", W3_VEC,
     [s3.FACT_3_1[0].statement], (), ()),
    ("fact-3.1:item-2", r"||x||_{\infty} \le ||x||_2 \le \sqrt{n} ||x||_{\infty}", W3_VEC,
     s3.FACT_3_1[1].statement.props(), (), ()),
    ("fact-3.1:item-3", r"\|\exp(x)\|_{\infty} \le \exp(\|x\|_2)", W3_VEC,
     [s3.FACT_3_1[2].statement], (), ()),
    ("fact-3.1:item-4", r"||\exp(x) - \exp(y)||_2 \le ||\exp(x)||_2 \cdot 2||x - y||_{\infty}",
     W3_VEC, [s3.FACT_3_1[3].statement], (r"||x - y||_{\infty} \le 0.01",),
     s3.FACT_3_1[3].hypotheses),
    ("fact-3.2:item-1", r"||X^\top|| = ||X||", W3_MAT, [s3.FACT_3_2[0].statement], (), ()),
    ("fact-3.2:item-2", r"||X|| \ge ||Y|| - ||X - Y||", W3_MAT, [s3.FACT_3_2[1].statement],
     (), ()),
    ("fact-3.2:item-3", r"||X + Y|| \le ||X|| + ||Y||", W3_MAT, [s3.FACT_3_2[2].statement],
     (), ()),
    ("fact-3.2:item-4", r"\|X \cdot Y\| \le \|X\| \cdot \|Y\|", {"X": s3.P, "Y": s3.Q},
     [s3.FACT_3_2[3].statement], (), ()),
    ("fact-3.2:item-5", r"||X|| \leq \alpha \cdot ||Y||", {"X": s3.S, "Y": s3.T},
     [s3.FACT_3_2[4].statement], (r"X \preceq \alpha \cdot Y",), s3.FACT_3_2[4].hypotheses),
    ("lemma-3.3", r"\beta \ge \exp(-R^2)", W3_33, [s3.LEMMA_3_3.statement],
     (r"||A|| \leq R", r"||x||_2 \le R", r"\beta \le \langle \exp(Ax), \mathbf{1}_n \rangle"),
     s3.LEMMA_3_3.hypotheses),
    ("lemma-3.3:step-1", r"\langle \exp(Ax), \mathbf{1}_n \rangle = \sum_{i=1}^n \exp((Ax)_i)",
     W3_33, s3.LEMMA_3_3.proof.props()[:1], (), ()),
    ("lemma-3.3:steps-5-7",
     r"\exp(-||Ax||_{\infty}) \geq \exp(-||Ax||_2) \geq \exp(-R^2)",
     W3_33, s3.LEMMA_3_3.proof.props()[-2:], (), ()),
    # Section 4
    *_defs(s4.DEFINITIONS, [t.format(v="x") for t in DEF_TEXTS], W4),
    ("lemma-4.5:part-1", r"\frac{\mathrm{d}\exp(Ax)}{\mathrm{d}x_i} = \exp(Ax) \circ A_{*,i}",
     W4, [s4.LEMMA_4_5[0].statement], (), ()),
    ("lemma-4.5:part-2", r"\frac{\mathrm{d}\langle \exp(Ax), \mathbf{1}_n \rangle}{\mathrm{d}x_i}"
     r" = \langle \exp(Ax), A_{*,i} \rangle", W4, [s4.LEMMA_4_5[1].statement], (), ()),
    ("lemma-4.5:part-3", r"\frac{\mathrm{d}\alpha(x)^{-1}}{\mathrm{d}x_i} = -\alpha(x)^{-1} "
     r"\cdot \langle f(x), A_{*,i} \rangle", W4, [s4.LEMMA_4_5[2].statement], (), ()),
    ("lemma-4.5:part-4", r"\frac{\mathrm{d}f(x)}{\mathrm{d}x_i} = \frac{\mathrm{d}c(x)}"
     r"{\mathrm{d}x_i} = -\langle f(x), A_{*,i} \rangle \cdot f(x) + f(x) \circ A_{*,i}", W4,
     s4.LEMMA_4_5[3].statement.props(), (), ()),
    ("lemma-4.5:part-5", r"\frac{\mathrm{d}L_{\exp}(x)}{\mathrm{d}x_i} = "
     r"\underbrace{A_{*,i}^{\top}}_{1\times n} \cdot \left(\underbrace{f(x)}_{n\times 1} "
     r"\underbrace{\langle c(x), f(x) \rangle}_{\mathrm{scalar}} + "
     r"\underbrace{\mathrm{diag}(f(x))}_{n\times n} \underbrace{c(x)}_{n\times 1}\right)", W4,
     [s4.LEMMA_4_5[4].statement], (), ()),
    # Section 5
    ("definition-5.1", r"\|\langle \exp(Ax_{t+1}), \mathbf{1}_n \rangle^{-1} \exp(Ax_{t+1}) - "
     r"b\|_2^2 = \|\langle \exp(Ax_t), \mathbf{1}_n \rangle^{-1} \exp(Ax_t) - b + "
     r"\delta_b\|_2^2", W5, [s5.DEF_5_1.statement], (), ()),
    ("claim-5.2", r"\delta_b = \underbrace{\langle \exp(Ax_{t+1}), \mathbf{1}_n \rangle^{-1} "
     r"\exp(Ax_{t+1})}_{f(x_{t+1})} - \underbrace{\langle \exp(Ax_t), \mathbf{1}_n \rangle^{-1}"
     r" \exp(Ax_t)}_{f(x_t)}", W5, [s5.CLAIM_5_2.statement], (), ()),
    ("definition-5.3:delta-b-1", r"\delta_{b,1} := (\langle \exp(Ax_{t+1}), \mathbf{1}_n "
     r"\rangle^{-1} - \langle \exp(Ax_t), \mathbf{1}_n \rangle^{-1}) \cdot \exp(Ax_{t+1})", W5,
     [Prop(P5.db1, "=", unwrap(P5.db1))], (), ()),
    ("definition-5.3:delta-b-2", r"\delta_{b,2} := \langle \exp(Ax_t), \mathbf{1}_n "
     r"\rangle^{-1} \cdot (\exp(Ax_{t+1}) - \exp(Ax_t))", W5,
     [Prop(P5.db2, "=", unwrap(P5.db2))], (), ()),
    ("lemma-5.4:part-1", r"\delta_b = \delta_{b,1} + \delta_{b,2}", W5,
     [s5.LEMMA_5_4.parts[0].statement], (), ()),
    ("lemma-5.4:part-2", r"\delta_{b,1} = (\alpha(x_{t+1})^{-1} - \alpha(x_t)^{-1}) \cdot "
     r"\exp(Ax_{t+1}),", W5, [s5.LEMMA_5_4.parts[1].statement], (), ()),
    ("lemma-5.4:part-3", r"\delta_{b,2} = \alpha(x_t)^{-1} \cdot (\exp(Ax_{t+1}) - "
     r"\exp(Ax_t)).", W5, [s5.LEMMA_5_4.parts[2].statement], (), ()),
    ("lemma-5.5:part-1", r"\|\delta_{b,1}\|_2 \le 2\beta^{-2}n^{1.5}\exp(2R^2) \cdot "
     r"\|x_{t+1} - x_t\|_2", W5, [s5.LEMMA_5_5.parts[0].statement],
     (r"\beta \in (0, 1)", r"R \ge 4"), s5.LEMMA_5_5.parts[0].hypotheses),
    ("lemma-5.5:part-2", r"\|\delta_{b,2}\|_2 \le 2\beta^{-1}\sqrt{nR}\exp(R^2) \cdot "
     r"\|x_{t+1} - x_t\|_2", W5, [s5.LEMMA_5_5.parts[1].statement],
     (r"\beta \in (0, 1)", r"R \ge 4"), s5.LEMMA_5_5.parts[1].hypotheses),
    ("lemma-5.5:part-3", r"\|\underbrace{f(x_{t+1}) - f(x_t)}_{\delta_h}\|_2 \le "
     r"4\beta^{-2}n^{1.5}R\exp(2R^2) \cdot \|x_{t+1} - x_t\|_2", W5,
     [s5.LEMMA_5_5.parts[2].statement], (), ()),
    ("lemma-5.6", r"\|\exp(Ax) - \exp(Ay)\|_{2} \le 2\sqrt{nR}\exp(R^{2}) \cdot \|x - y\|_{2}.",
     W56, [s5.LEMMA_5_6.statement],
     (r"||A(y-x)||_{\infty} < 0.01", r"||A|| \leq R", r"||x||_2 \leq R",
      r"||y||_2 \leq R"), s5.LEMMA_5_6.hypotheses),
    ("lemma-5.6:step-1", r"\|\exp(Ax) - \exp(Ay)\|_{2} \leq \|\exp(Ax)\|_{2} \cdot "
     r"2\|A(x-y)\|_{\infty}", W56, s5.LEMMA_5_6.proof.props()[:1], (), ()),
    ("lemma-5.7", r"|\alpha(x) - \alpha(y)| \le \|\exp(Ax) - \exp(Ay)\|_2 \cdot \sqrt{n}.", W56,
     [s5.LEMMA_5_7.statement], (), ()),
    ("lemma-5.8", r"|\alpha(x)^{-1} - \alpha(y)^{-1}| \le \beta^{-2} \cdot |\alpha(x) - "
     r"\alpha(y)|.", W56, [s5.LEMMA_5_8.statement],
     (r"\langle \exp(Ax), \mathbf{1}_n \rangle \geq \beta",
      r"\langle \exp(Ay), \mathbf{1}_n \rangle \geq \beta"), s5.LEMMA_5_8.hypotheses),
    # Section 6
    *_defs(s6.DEFINITIONS, [t.format(v="A") for t in DEF_TEXTS], W6),
    # Section 7
    ("lemma-7.5:part-1", r"\|\delta_{b,1}\|_2 \le 2\beta^{-2}n^{1.5}\exp(2R^2) \cdot "
     r"\|A_{t+1} - A_t\|_2", W7, [s7.LEMMA_7_5.parts[0].statement], (), ()),
    ("lemma-7.5:part-2", r"\|\delta_{b,2}\|_2 \le 2\beta^{-1}\sqrt{n}R\exp(R^2) \cdot "
     r"\|A_{t+1} - A_t\|_2", W7, [s7.LEMMA_7_5.parts[1].statement], (), ()),
    ("lemma-7.5:part-3", r"\|\underbrace{f(A_{t+1}) - f(A_t)}_{\delta_b}\|_2 \le "
     r"4\beta^{-2}n^{1.5}R\exp(2R^2) \cdot \|A_{t+1} - A_t\|_2", W7,
     [s7.LEMMA_7_5.parts[2].statement], (), ()),
    ("lemma-7.6", r"\|\exp(Ax) - \exp(Bx)\|_{2} \le 2\sqrt{nR}\exp(R^{2}) \cdot \|A - B\|.",
     W77, [s7.LEMMA_7_6.statement],
     (r"||(A - B)x||_{\infty} < 0.01", r"||A|| \leq R", r"||x||_2 \leq R"),
     s7.LEMMA_7_6.hypotheses),
    ("lemma-7.7", r"|\alpha(A) - \alpha(B)| \le \|\exp(Ax) - \exp(Bx)\|_2 \cdot \sqrt{n}.", W77,
     [s7.LEMMA_7_7.statement], (), ()),
    ("lemma-7.7:step-1", r"|\alpha(A) - \alpha(B)| = |\langle \exp(Ax) - \exp(Bx), "
     r"\mathbf{1}_n \rangle|", W77, s7.LEMMA_7_7.proof.props()[:1], (), ()),
    ("lemma-7.8", r"|\alpha(A)^{-1} - \alpha(B)^{-1}| \le \beta^{-2} \cdot |\alpha(A) - "
     r"\alpha(B)|.", W77, [s7.LEMMA_7_8.statement],
     (r"\langle \exp(Ax), \mathbf{1}_n \rangle \geq \beta",
      r"\langle \exp(Bx), \mathbf{1}_n \rangle \geq \beta"), s7.LEMMA_7_8.hypotheses),
    # Section 8
    ("theorem-8.2", r"\|\widetilde{b} - b\|_2 \le M \cdot \|A_{t+1} - A_t\|.",
     {**W7, r"\widetilde{b}": s5.b - P7.db, "M": s8.M}, [s8.THEOREM_8_2.statement], (), ()),
]


@pytest.mark.parametrize("label,tex,where,hand,hyps_tex,hand_hyps", CASES,
                         ids=[c[0] for c in CASES])
def test_statement_parses_to_the_hand_encoding(label, tex, where, hand, hyps_tex, hand_hyps):
    props = parse_props(tex, where)
    assert len(props) == len(hand)
    for got, want in zip(props, hand, strict=True):
        _assert_same_prop(got, want)
    if hyps_tex:
        parsed = [p for h in hyps_tex for p in parse_props(h, where)]
        _assert_same_hyps(parsed, hand_hyps)


def test_at_least_25_statements_from_sections_3_to_8():
    sections = {c[0].split("-")[1].split(".")[0].split(":")[0] for c in CASES}
    assert len(CASES) >= 25 and sections >= {"3", "4", "5", "6", "7", "8"}


def test_some_sides_need_the_exact_identity_checker():
    """``\\sum_{i=1}^n exp((Ax)_i)`` is not ``sum_entries(exp(Ax))`` structurally: the exact
    checker proves them identical on the grid, and tells a wrong one apart."""
    case = next(c for c in CASES if c[0] == "lemma-3.3:step-1")
    got = parse_props(case[1], case[2])[0]
    assert _identical(got.rhs, case[3][0].rhs) == "exact"
    wrong = parse_expr(r"\sum_{i=1}^n \exp(2(Ax)_i)", case[2])
    assert _identical(wrong, case[3][0].rhs) is None


def test_claim_from_latex_is_the_hand_claim():
    A, x, y = matrix("A", n, DIMS["d"]), vector("x", DIMS["d"]), vector("y", DIMS["d"])
    c = Claim.from_latex("mine:exp-lipschitz",
                         r"\|\exp(Ax)-\exp(Ay)\|_2 \le 2\sqrt{nR}\exp(R^2)\|x-y\|_2",
                         where={"A": A, "x": x, "y": y},
                         hypotheses=[r"\|A\| \le R", r"\|x\|_2 \le R", r"\|y\|_2 \le R",
                                     r"\|A(y-x)\|_\infty < 0.01"],
                         source="Lemma 5.6", dims={"n": (1, 8), "d": (1, 3)})
    hand = s5.LEMMA_5_6.statement
    assert (c.lhs, c.rel, c.rhs) == (hand.lhs, hand.rel, hand.rhs)
    assert {str(h) for h in c.hypotheses} == {str(h) for h in s5.LEMMA_5_6.hypotheses}
    assert c.source == "Lemma 5.6"


# -- parse errors point at the offending token --------------------------------------------

@pytest.mark.parametrize("tex,line,col,what", [
    (r"\|x\|_2 \le \le 1", 1, 13, r"unexpected '\le'"),
    (r"\|x\|_2 + \le 1", 1, 11, r"unexpected '\le'"),
    (r"\langle x, \rangle \ge 0", 1, 12, r"unexpected '\rangle'"),
    ("\\|x\\|_2\n  \\le \\foo", 2, 7, r"unknown command '\foo'"),
    (r"\|x\|_2 \le (1 + 2", 1, 19, "the formula ends too early"),
    (r"x \le 1 & 2", 1, 9, "unexpected character '&'"),
])
def test_parse_error_names_line_column_and_token_with_a_caret(tex, line, col, what):
    with pytest.raises(LatexError) as info:
        parse_props(tex, {"x": vector("x", n)})
    err = info.value
    first, src, caret = str(err).split("\n")
    assert first == f"LaTeX line {line}, column {col}: {what}"
    assert (err.line, err.column) == (line, col)
    assert src == "  " + tex.split("\n")[line - 1]
    assert caret == "  " + " " * (col - 1) + "^"
    assert isinstance(err, ValueError)


def test_unknown_function_and_bad_shapes_are_reported():
    with pytest.raises(LatexError, match=r"unknown function f\(x\).*where"):
        parse_props(r"f(x) \le 1", {"x": vector("x", n)})
    with pytest.raises(LatexError, match=r"needs two vectors"):
        parse_expr(r"\langle 1, 2 \rangle")
    with pytest.raises(ValueError, match="one relation"):
        Claim.from_latex("mine:chain", r"0 \le x \le 1")


def test_defaults_single_letters_are_real_scalars_and_n_is_the_dimension():
    e = parse_expr(r"2\sqrt{n}\, R \beta")
    assert e == 2 * sp.sqrt(n) * sp.Symbol("R", real=True) * sp.Symbol("beta", real=True)
    assert parse_expr(r"\|v\|_1", {"v": vector("v", n)}).func.__name__ == "Norm1"
    assert str(parse_expr(r"\|v\|_3", {"v": vector("v", n)})) == "NormP(v, 3)"
