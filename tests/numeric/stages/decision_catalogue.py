"""A conformance catalogue of claims with known truth (issue 14).

Sources: Avigad, Lewis and Roux 2014 (Polya) for polynomial and rational claims; MetiTarski-style
special-function bounds; norm, inner-product and softmax facts the papers use; and FALSE
variants one symbol away from true ones, several of them violated by less than 1e-6 relative
(``x(1-x) <= (1 - 1e-8)/4``, ``sin x <= (1 - 1e-8) x``, ...). Every truth value is known
exactly (a textbook proof, or an explicit counterexample named in ``why``).

Example:
    >>> len(CATALOGUE) >= 60, sum(e.true for e in CATALOGUE) >= 40
    (True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from symbolic import Claim, Prop, inner, matrix, n, norm2, norminf, opnorm, scalar, vector
from symbolic.objects import abs_, d, exp_, max_entry, ones, sum_entries
from symbolic.regression import SoftmaxRegression
from symbolic.vocabulary import frob


@dataclass(frozen=True)
class Entry:
    """One catalogue claim, its truth, and why (a proof idea or a counterexample)."""

    claim: Claim
    true: bool
    family: str
    why: str = ""


x, y, u, v, a, b, c, t = (scalar(s) for s in "xyuvabct")
xs = [scalar(f"x{i}") for i in range(1, 7)]
X, Y, Z = vector("x", n), vector("y", n), vector("z", n)
A, W = matrix("A", n, d), vector("w", d)
SOFT = SoftmaxRegression(A, W)
LSE = sp.log(inner(exp_(Z), ones(n)))
R = sp.Rational


def _in(var: sp.Symbol, lo: object, hi: object, strict: bool = False) -> tuple[Prop, ...]:
    return (Prop(var, ">" if strict else ">=", lo), Prop(var, "<" if strict else "<=", hi))


POS = (Prop(x, ">", 0),)
NONNEG = (Prop(x, ">=", 0),)
UNIT2 = (*_in(x, 0, 1, True), *_in(y, 0, 1, True))

_ROWS: list[tuple[str, str, object, str, object, tuple, bool, str]] = [
    # ---- Polya / polynomial and rational (Avigad-Lewis-Roux 2014 and textbook) -------------
    ("polya-1", "polya", (1 + x**2) / (2 + y) ** 17, "<", (1 + y**2) / (2 + x) ** 10,
     (Prop(0, "<", x), Prop(x, "<", y)), True, "ALR 2014, Polya's example"),
    ("polya-2", "polya", 2 * u**2 * x, "<", v * y**2,
     (Prop(0, "<", u), Prop(u, "<", v), Prop(v, "<", 1), Prop(2, "<=", x), Prop(x, "<=", y)),
     True, "ALR 2014"),
    ("polya-3", "polya", x + y - x * y, ">", 0, UNIT2, True, "x + y(1 - x) > 0"),
    ("polya-4", "polya", 1 / (1 - x), ">", 1 / (1 - x**2), _in(x, 0, 1, True), True,
     "difference x/(1 - x^2)"),
    ("polya-5", "polya", 1 + x, ">", 1, POS, True, "strict, margin -> 0 at 0"),
    ("polya-6", "polya", x * (1 - x), "<=", R(1, 4), _in(x, 0, 1), True, "(x - 1/2)^2 >= 0"),
    ("polya-7", "polya", u**2 + v**2, ">=", 2 * u * v, (), True, "(u - v)^2 >= 0"),
    ("polya-8", "polya", (a + b) / 2, ">=", sp.sqrt(a * b), (Prop(a, ">=", 0), Prop(b, ">=", 0)),
     True, "AM-GM"),
    ("polya-9", "polya", x**3 - 3 * x + 2, ">=", 0, NONNEG, True, "(x - 1)^2 (x + 2)"),
    ("polya-10", "polya",
     a * (a - b) * (a - c) + b * (b - a) * (b - c) + c * (c - a) * (c - b), ">=", 0,
     (Prop(a, ">=", 0), Prop(b, ">=", 0), Prop(c, ">=", 0)), True, "Schur, t = 1"),
    ("polya-11", "polya", x**2, "<", x, _in(x, 0, 1, True), True, "x(1 - x) > 0"),
    ("polya-12", "polya", (a * u + b * v) ** 2, "<=", (a**2 + b**2) * (u**2 + v**2), (), True,
     "Cauchy-Schwarz in the plane"),
    ("polya-13", "polya", x / y + y / x, ">=", 2, (Prop(x, ">", 0), Prop(y, ">", 0)), True,
     "(x - y)^2 / xy >= 0"),
    ("polya-14", "polya", sp.Max(x, y), ">=", (x + y) / 2, (), True, "max >= mean"),
    ("polya-15", "polya", sp.Abs(x + y), "<=", sp.Abs(x) + sp.Abs(y), (), True, "triangle"),
    ("polya-16", "polya", sp.Mul(*xs), "<=", 1, tuple(p for s in xs for p in _in(s, 0, 1)), True,
     "product of six numbers in [0, 1]"),
    ("polya-17", "polya", sp.sqrt(1 + x), "<=", 1 + x / 2, (Prop(x, ">=", -1),), True,
     "(1 + x/2)^2 = 1 + x + x^2/4"),
    ("polya-18", "polya", x**2 + 1, ">", x, (), True, "x^2 - x + 1 > 0; huge x"),
    ("polya-19", "polya", sp.sqrt(x), "<=", (1 + x) / 2, NONNEG, True, "(1 - sqrt x)^2 >= 0"),
    # ---- special functions (MetiTarski style) -----------------------------------------------
    ("sf-exp-1", "special", sp.exp(x), ">=", 1 + x, (), True, "convexity, touches at 0"),
    ("sf-exp-2", "special", sp.exp(x), ">", 1, POS, True, "strict, margin -> 0 at 0"),
    ("sf-exp-3", "special", sp.exp(x), "<=", 1 + x + x**2, _in(x, -1, 1), True,
     "touches at 0"),
    ("sf-exp-4", "special", sp.exp(x), ">=", 1 + x + sp.Float(1e-7) * x**2, _in(x, -1, 1), True,
     "exp(x) - 1 - x >= x^2 e^{-1}/2 on [-1, 1]"),
    ("sf-exp-5", "special", x * sp.exp(x), ">=", x, NONNEG, True, "x (e^x - 1) >= 0"),
    ("sf-exp-6", "special", sp.exp(a + b + c + t), ">=", 1 + a + b + c + t,
     tuple(p for s in (a, b, c, t) for p in _in(s, 0, 1)), True, "four variables"),
    ("sf-exp-7", "special", 2 * u + sp.exp(1 + x**4), "<", 2 * v + sp.exp(1 + y**4),
     (Prop(0, "<", x), Prop(x, "<", y), Prop(u, "<", v)), True, "ALR 2014, with exp"),
    ("sf-log-1", "special", sp.log(1 + x), "<=", x, (Prop(x, ">", -1),), True, "concavity"),
    ("sf-log-2", "special", x / (1 + x), "<=", sp.log(1 + x), (Prop(x, ">", -1),), True,
     "log(1 + x) >= x/(1 + x)"),
    ("sf-log-3", "special", sp.log(x), "<=", x - 1, POS, True, "concavity at 1"),
    ("sf-log-4", "special", sp.log(1 + x), ">=", x - x**2 / 2, NONNEG, True, "Taylor"),
    ("sf-sin-1", "special", sp.sin(x), "<=", x, NONNEG, True, "cos <= 1"),
    ("sf-sin-2", "special", sp.sin(x), "<", x, POS, True, "strict: third derivative at 0"),
    ("sf-sin-3", "special", sp.sin(x), ">=", x - x**3 / 6, NONNEG, True, "Taylor"),
    ("sf-sin-4", "special", sum(sp.sin(s) for s in xs[:5]), "<=", sum(xs[:5]),
     tuple(Prop(s, ">=", 0) for s in xs[:5]), True, "five variables"),
    ("sf-cos-1", "special", sp.cos(x), ">=", 1 - x**2 / 2, (), True, "Taylor, touches at 0"),
    ("sf-cos-2", "special", sp.cos(x), "<=", 1 - x**2 / 2 + x**4 / 24, (), True, "Taylor"),
    ("sf-atan-1", "special", sp.atan(x), "<=", x, NONNEG, True, "1/(1 + x^2) <= 1"),
    ("sf-atan-2", "special", sp.atan(x), ">=", x / (1 + x**2), NONNEG, True,
     "derivative 2x^2/(1 + x^2)^2"),
    ("sf-tanh-1", "special", sp.tanh(x), "<=", x, NONNEG, True, "sech^2 <= 1"),
    ("sf-tanh-2", "special", sp.tanh(x), ">=", x - x**3 / 3, NONNEG, True,
     "derivative x^2 - tanh^2 x >= 0"),
    ("sf-tan-1", "special", sp.tan(x), ">=", x, (Prop(x, ">=", 0), Prop(x, "<", R(3, 2))),
     True, "sec^2 >= 1"),
    ("sf-exp-8", "special", sp.exp(x + y), ">=", 1 + x + y, (*_in(x, -1, 1), *_in(y, -1, 1)),
     True, "two variables"),
    # ---- vectors, norms, softmax (the papers' facts) -----------------------------------------
    ("vec-1", "vector", norminf(X), "<=", norm2(X), (), True, "norm equivalence"),
    ("vec-2", "vector", norm2(X), "<=", sp.sqrt(n) * norminf(X), (), True, "norm equivalence"),
    ("vec-3", "vector", sp.Abs(inner(X, Y)), "<=", norm2(X) * norm2(Y), (), True,
     "Cauchy-Schwarz"),
    ("vec-4", "vector", norm2(X + Y), "<=", norm2(X) + norm2(Y), (), True, "triangle"),
    ("vec-5", "vector", norm2(A * W), "<=", opnorm(A) * norm2(W), (), True, "operator norm"),
    ("vec-6", "vector", norm2(SOFT.f), "<=", 1, (), True, "softmax is a probability vector"),
    ("vec-7", "vector", max_entry(Z), "<=", LSE, (), True, "log-sum-exp lower"),
    ("vec-8", "vector", LSE, "<=", max_entry(Z) + sp.log(n), (), True, "log-sum-exp upper"),
    ("vec-9", "vector", inner(X, Y), "<=", sum_entries(abs_(X)) * norminf(Y), (), True,
     "Hoelder"),
    ("vec-10", "vector", opnorm(A), "<=", frob(A), (), True, "spectral <= Frobenius"),
    ("vec-11", "vector", norminf(X - Y), "<=", norminf(X) + norminf(Y), (), True, "triangle"),
    # ---- FALSE variants, one symbol away -----------------------------------------------------
    ("false-polya-1", "polya", (1 + x**2) / (2 + y) ** 17, ">", (1 + y**2) / (2 + x) ** 10,
     (Prop(0, "<", x), Prop(x, "<", y)), False, "relation flipped; x = 1, y = 2"),
    ("false-polya-2", "polya", 2 * u**2 * x, "<", v * y**2,
     (Prop(0, "<", u), Prop(u, "<", v), Prop(v, "<", 1), Prop(2, "<=", y), Prop(y, "<=", x)),
     False, "x, y swapped; u = .9, v = .95, y = 2, x = 100"),
    ("false-polya-3", "polya", x + y - x * y, ">", 0, (*_in(x, 0, 3, True), *_in(y, 0, 3, True)),
     False, "x = y = 2.9"),
    ("false-polya-4", "polya", 1 + x, ">", 1, NONNEG, False, "x = 0"),
    ("false-polya-5", "polya", x * (1 - x), "<=", (1 - sp.Float(1e-8)) / 4, _in(x, 0, 1), False,
     "x = 1/2: violated by 1e-8 relative"),
    ("false-polya-6", "polya", u**2 + v**2, ">=", R(2000001, 1000000) * u * v, (), False,
     "u = v = 1: violated by 5e-7 relative"),
    ("false-polya-7", "polya", sp.sqrt(x), "<=", (1 + x) / 2 - R(1, 10**9), NONNEG, False,
     "x = 1: violated by 1e-9"),
    ("false-polya-8", "polya",
     a * (a - b) * (a - c) + b * (b - a) * (b - c) + c * (c - a) * (c - b), ">=", 0, (), False,
     "Schur without a, b, c >= 0: a = -1, b = c = 0"),
    ("false-sf-exp-1", "special", sp.exp(x), ">", 1 + x, (), False, "x = 0"),
    ("false-sf-exp-2", "special", sp.exp(x), "<=", 1 + x + x**2 / 2, _in(x, -1, 1), False,
     "x = 1/2"),
    ("false-sf-exp-3", "special", sp.exp(x), ">=", 1 + x + x**2 / 2, _in(x, R(-1, 1000), 1),
     False, "x = -1/2000: violated by ~2e-11"),
    ("false-sf-log-1", "special", sp.log(1 + x), ">=", x, (Prop(x, ">", -1),), False,
     "relation flipped; x = 1"),
    ("false-sf-log-2", "special", sp.log(1 + x), "<=", x * (1 - R(1, 10**9)), NONNEG, False,
     "x = 1e-9: violated by ~5e-10 relative"),
    ("false-sf-sin-1", "special", sp.sin(x), ">=", x, NONNEG, False, "relation flipped; x = 1"),
    ("false-sf-sin-2", "special", sp.sin(x), "<=", x * (1 - sp.Float(1e-8)), NONNEG, False,
     "x = 1e-4: violated by ~1e-8 relative"),
    ("false-sf-cos-1", "special", sp.cos(x), ">=", 1 - x**2 / 2 + R(1, 10**9) * x**2, (), False,
     "x = 1e-4: violated by ~1e-17"),
    ("false-sf-atan-1", "special", sp.atan(x), "<=", x * (1 - R(1, 10**9)), NONNEG, False,
     "x = 1e-5: violated by ~1e-9 relative"),
    ("false-sf-tanh-1", "special", sp.tanh(x), "<=", x * (1 - R(1, 10**9)), NONNEG, False,
     "x = 1e-5: violated by ~1e-9 relative"),
    ("false-sf-tan-1", "special", sp.tan(x), ">=", x + x**3 / 3 + x**5 / 5, _in(x, 0, 1), False,
     "x = 1/10: 2/15 < 1/5, violated by ~7e-6 relative"),
    ("false-vec-1", "vector", norm2(X), "<=", norminf(X), (), False, "x = (1, 1)"),
    ("false-vec-2", "vector", LSE, "<=", max_entry(Z), (), False, "log n dropped; z = 0"),
    ("false-vec-3", "vector", sp.Abs(inner(X, Y)), "<=", norminf(X) * norminf(Y), (), False,
     "x = y = (1, 1)"),
]

CATALOGUE: list[Entry] = [
    Entry(Claim(f"catalogue:extra-{key}", lhs, rel, rhs, hypotheses=hyps,
                dims={"n": (1, 6), "d": (1, 4)} if family == "vector" else {}),
          true, family, why)
    for key, family, lhs, rel, rhs, hyps, true, why in _ROWS
]
