"""symbolic/formatting.py: the one formatter of numbers, witnesses, cut text and expressions."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import flint
import mpmath
import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from symbolic import (
    Claim,
    Prop,
    d,
    exp_,
    frob,
    inner,
    matrix,
    n,
    named,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    vector,
)
from symbolic.formatting import (
    DIGITS,
    MARK,
    clip,
    expression,
    expressions_in,
    number,
    numbers_in,
    one_line,
    sides,
    value,
    witness,
)

A, x, y = matrix("A", n, d), vector("x", d), vector("y", d)
R, beta = scalar("R"), scalar("beta")
CLASS_NAME = re.compile(r"\b(Symbol|Integer|Float|Rational|Mul|Add|Pow|MatrixSymbol|MatMul|"
                        r"MatAdd|NamedMatrix|NamedScalar|ElemExp|Inner|Norm2|NormInf|OpNorm|"
                        r"FrobNorm|OneMatrix|Max|Min|Str)\(|\*\*")


def sig(text: str) -> int:
    """Significant digits of a printed number's mantissa."""
    mant = text.lstrip("-").split("e")[0]
    return len(mant.replace(".", "").lstrip("0"))


@pytest.mark.parametrize(("x", "shown"), [
    (None, "-"), (True, "True"), (3, "3"), (-12345678901234567890, "-12345678901234567890"),
    (0.5, "0.5"), (-0.0, "0"), (1 / 3, "0.333333"), (123456.7, "123457"),
    (1234567.0, "1.23457e+06"), (1e-7, "1e-07"), (float("inf"), "inf"),
    (float("-inf"), "-inf"), (float("nan"), "nan"),
    (np.float64(2.718281828459045), "2.71828"), (np.float32(0.1), "0.1"), (np.int64(7), "7"),
    (np.array(0.25), "0.25"), (np.array([1.0, 2.5]), "[1, 2.5]"),
    (mpmath.mpf("0.1"), "0.1"), (mpmath.mpf("1e-400"), "1e-400"),
    (mpmath.mpf("-9.9999999e+5000"), "-1e+5001"), (mpmath.mpf("inf"), "inf"),
    (mpmath.mpf("3.5e999999999"), "3.5e+999999999"), (mpmath.mpf("3.5e1000000000"),
                                                      "10^(1e+09)"),
    (flint.arb("2.718281828459045235360287", "1e-20"), "2.71828"),
    (flint.arb(2) ** 4000000, "9.60851e+1204119"),
    (sp.Integer(12), "12"), (sp.Rational(1, 3), "0.333333"), (sp.Float("1e-400"), "1e-400"),
    (sp.Float(0.1), "0.1"), (sp.pi, "3.14159"), (sp.sqrt(2), "1.41421"), (sp.oo, "inf"),
    (-sp.oo, "-inf"), (sp.nan, "nan"), (sp.zoo, "nan"), (Fraction(2, 3), "0.666667"),
    (Decimal("1.23456789"), "1.23457"), ("3.5836662318872223309540459013", "3.58367"),
    ("-1e-1303", "-1e-1303"), ("0.0", "0"), ("n/a", "n/a"),
])
def test_number(x, shown):
    assert number(x) == shown


def test_number_of_an_integer_too_long_to_print():
    assert number(7 * 10**5000) == "7e+5000"


def test_number_of_an_unbounded_arb_and_an_expression():
    assert number(flint.arb("nan")) == "nan"
    assert number(R**2 + 1) == "1 + R²"  # not a number: readable mathematics


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_every_float_prints_in_six_digits_and_reads_back_close(f):
    s = number(f)
    assert sig(s) <= DIGITS
    assert float(s) == pytest.approx(f, rel=5e-6, abs=0)


@given(st.decimals(allow_nan=False, allow_infinity=False, places=40))
def test_decimal_strings_keep_their_magnitude(dec):
    s = number(str(dec))
    assert sig(s) <= DIGITS and numbers_in(s) == s
    assert mpmath.mpf(s) == pytest.approx(mpmath.mpf(str(dec)), rel=5e-6)


def test_witness_is_one_line_of_readable_values():
    w = {"n": 2, "A": [[1.0, 0.0], [0.0, 1.0]], "x": 0.5, "v": np.array([[0.1234567], [2.0]]),
         "s": "1.5e-400", "i": np.int64(1)}
    assert witness(w) == "n=2, A=[[1, 0], [0, 1]], x=0.5, v=[[0.123457], [2]], s=1.5e-400, i=1"
    assert witness({}) == witness(None) == "(none recorded)"


def test_large_values_are_abbreviated_by_what_sets_them_apart():
    assert value([[0.0]] * 9 + [[1.0000001]]) == "(10×1: 0 but [10,1]=1)"
    assert value([[2.0] * 3] * 3) == "[[2, 2, 2], [2, 2, 2], [2, 2, 2]] (3×3)" or \
        value([[2.0] * 3] * 3) == "(3×3: 2 everywhere)"
    big = value([[float(i * 10 + j) for j in range(10)] for i in range(10)])
    assert big == "[[0, 1, 2, …], [10, 11, 12, …], [20, 21, 22, …], …] (10×10)"


def test_sides_of_a_witness():
    assert sides(None) is None
    assert sides({"lhs": "2.0654902784198444e+13087", "rhs": 0.5}) == (
        "lhs = 2.06549e+13087, rhs = 0.5")
    assert sides({"lhs": "[1.23456789, 2.0, 3 ...]", "rhs": "[0.0]"}) == (
        f"lhs = [1.23457, 2, 3, {MARK}], rhs = [0]")


@given(st.text(alphabet="ab cd,", max_size=80), st.integers(min_value=1, max_value=60))
def test_clip_never_exceeds_its_width_and_marks_every_cut(text, width):
    out = clip(text, width)
    assert len(out) <= width
    if out != text:
        assert out.endswith(MARK)
        kept = out[:-1].rstrip()
        assert text.startswith(kept)


def test_clip_cuts_at_a_word_when_it_keeps_most_of_the_width():
    assert clip("one two three", 13) == "one two three"
    assert clip("one two three", 12) == "one two …"
    assert clip("exact symbolic mismatch, witness confirmed by mpmath (50/100 digits)", 60) == (
        "exact symbolic mismatch, witness confirmed by mpmath …")
    assert clip("abcdefghijklmnop", 8) == "abcdefg…"


def test_one_line():
    assert one_line("") == "(no message)"
    assert one_line("first\nsecond") == "first …"
    assert one_line("x" * 300, 50) == "x" * 49 + MARK


def test_numbers_in_text():
    text = ("lhs=0.0082551303122011621112140094500753238595328238980566, rhs=0.0, step 12, "
            "x_1 = 3.3.1, seed 1578, big=2.0654902784198444159728822417578199424917993827225"
            "e+1308753, huge=1e+130875308469648507589565")
    out = numbers_in(text)
    assert out == ("lhs=0.00825513, rhs=0.0, step 12, x_1 = 3.3.1, seed 1578, "
                   "big=2.06549e+1308753, huge=10^(1.30875e+23)")
    assert numbers_in(out) == out


@pytest.mark.parametrize(("e", "shown"), [
    (norm2(A * x), "‖Ax‖₂"), (Prop(norm2(x), "<=", R), "‖x‖₂ ≤ R"),
    (Prop(norminf(x - y), "<", sp.Float(0.1) * beta), "‖x - y‖∞ < 0.1 β"),
    (named("f(A)", exp_(A * x)), "f(A)"), (inner(exp_(A * x), ones(n)), "⟨exp(Ax), 𝟏ₙ⟩"),
    (sp.Max(0, R, evaluate=False), "max(0, R)"), (sp.Float(1) / 3 * R, "0.333333 R"),
    (2.5, "2.5"), ("as written", "as written"), (None, "-"),
])
def test_expression(e, shown):
    assert expression(e) == shown


def test_expression_of_a_claim_and_the_vocabulary_never_prints_class_names():
    c = Claim("t:lemma-1", opnorm(A) * norm2(x), ">=", norm2(A * x),
              hypotheses=(Prop(frob(A), "<=", R),))
    assert expression(c) == "‖x‖₂ ‖A‖ ≥ ‖Ax‖₂"
    for e in (c.prop, *c.hypotheses, named(r"\alpha(x)", inner(exp_(A * x), ones(n))) * R**2,
              sp.Max(norm2(x), R * sp.Float(0.123456789))):
        assert not CLASS_NAME.search(expression(e)), expression(e)


def test_expressions_in_a_message():
    f = named("f(A)", exp_(A * x))
    msg = f"shape mismatch in {-y + f}: (d, 1) and (n, 1); 2*R**2 stays as it is"
    out = expressions_in(msg, -y + f)
    assert out.startswith("shape mismatch in f(A) - y: ") and "NamedMatrix" not in out
    assert out.endswith("(d, 1) and (n, 1); 2*R**2 stays as it is")  # not an object given
    p = Prop(norm2(x), "<=", R**2)
    assert expressions_in(f"the implication {p} fails", p) == "the implication ‖x‖₂ ≤ R² fails"
    assert expressions_in("nothing to do", p) == "nothing to do"
