"""The silent-error gate (issue 27): claims of known truth that the papers' encodings do not
contain, each paired with a FALSE variant one symbol away (a constant, a relation, an exponent,
an index, a bound of a hypothesis).

Categories: margins that vanish or cancel at extreme points (``vanish``), subnormal and 1e±300
inputs (``extreme``), strict claims at excluded boundaries (``strict``), index hypotheses
(``index``), LaTeX with ``e``, ``\\pi`` and ``\\delta_{ij}`` (``latex``), derivatives with tiny
values (``derivative``), scalar facts of ML theory (``scalar``) and vector and matrix facts
(``vector``). Every truth value is a textbook fact; every false variant names a point where it
fails (``why``).

Example:
    >>> len(PAIRS) >= 200, len({p.id for p in PAIRS}) == len(PAIRS)
    (True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from symbolic import (
    Claim,
    Prop,
    abs_,
    col,
    deriv,
    diag,
    entry,
    exp_,
    frob,
    hadamard,
    index,
    inner,
    matrix,
    max_entry,
    min_entry,
    n,
    norm1,
    norm2,
    norminf,
    ones,
    opnorm,
    scalar,
    sum_entries,
    vector,
)
from symbolic.objects import d


@dataclass(frozen=True)
class Pair:
    """A true claim and its false one-symbol variant."""

    id: str
    category: str
    true: Claim
    false: Claim
    why: str  # where the false variant fails


PAIRS: list[Pair] = []
R = sp.Rational
x, y, t, a, b, u, w, m, s = (scalar(c) for c in ("x", "y", "t", "a", "b", "u", "w", "m", "s"))
p, q = scalar("p"), scalar("q")
X, Y, V = vector("x", n), vector("y", n), vector("v", n)
A, B, Wd = matrix("A", n, d), matrix("B", d, n), vector("w", d)
i, j = index("i"), index("j")
SOFT = exp_(X) / inner(exp_(X), ones(n))
LSE = sp.log(inner(exp_(X), ones(n)))
DIMS = {"n": (1, 6), "d": (1, 4)}


def _hyps(h: object) -> tuple:
    return tuple(h) if isinstance(h, (list, tuple)) else (h,) if h is not None else ()


def pair(pid: str, category: str, true: tuple, false: tuple, why: str,
         dims: dict | None = None) -> None:
    """``true``/``false``: ``(lhs, rel, rhs[, hypotheses])``."""
    def claim(tag: str, spec: tuple) -> Claim:
        lhs, rel, rhs, *rest = spec
        return Claim(f"gate:extra-{pid}{tag}", lhs, rel, rhs, _hyps(rest[0] if rest else None),
                     dims=dict(dims or {}))

    PAIRS.append(Pair(pid, category, claim("", true), claim("-false", false), why))


def latex_pair(pid: str, true: str, false: str, why: str, where: dict | None = None,
               hyps: tuple[str, ...] = (), false_hyps: tuple[str, ...] | None = None,
               dims: dict | None = None) -> None:
    """A pair written in LaTeX, as a paper prints it."""
    kw = {"where": where or {}, "dims": dict(dims or {})}
    PAIRS.append(Pair(pid, "latex",
                      Claim.from_latex(f"gate:extra-{pid}", true, hypotheses=list(hyps), **kw),
                      Claim.from_latex(f"gate:extra-{pid}-false", false,
                                       hypotheses=list(hyps if false_hyps is None
                                                       else false_hyps), **kw), why))


def ge(v: object, lo: object) -> Prop:
    return Prop(v, ">=", lo)


def gt(v: object, lo: object) -> Prop:
    return Prop(v, ">", lo)


def le(v: object, hi: object) -> Prop:
    return Prop(v, "<=", hi)


def lt(v: object, hi: object) -> Prop:
    return Prop(v, "<", hi)


def within(v: object, lo: object, hi: object) -> list[Prop]:
    return [ge(v, lo), le(v, hi)]


# ---- scalar facts of ML theory: tangents, convexity, concentration, information --------------
pair("exp-tangent", "scalar", (sp.exp(x), ">=", 1 + x), (sp.exp(x), ">=", 1 + 2 * x), "x = 1")
pair("log-tangent", "scalar", (sp.log(1 + x), "<=", x, gt(x, -1)),
     (sp.log(1 + x), "<=", x / 2, gt(x, -1)), "x = 1")
pair("log-lower", "scalar", (sp.log(1 + x), ">=", x / (1 + x), gt(x, -1)),
     (sp.log(1 + x), ">=", x, gt(x, -1)), "x = 1")
pair("sin-le-x", "scalar", (sp.sin(x), "<=", x, ge(x, 0)), (sp.sin(x), "<=", x / 2, ge(x, 0)),
     "x = 1")
pair("cos-quadratic", "scalar", (sp.cos(x), ">=", 1 - x**2 / 2),
     (sp.cos(x), ">=", 1 - x**2 / 3), "x = 1")
pair("tanh-le-x", "scalar", (sp.tanh(x), "<=", x, ge(x, 0)),
     (sp.tanh(x), "<=", x / 2, ge(x, 0)), "x = 1")
pair("exp-neg-recip", "scalar", (sp.exp(-x), "<=", 1 / (1 + x), ge(x, 0)),
     (sp.exp(-x), "<=", 1 / (1 + 2 * x), ge(x, 0)), "x = 1")
pair("sqrt-am-gm", "scalar", (sp.sqrt(x), "<=", (1 + x) / 2, ge(x, 0)),
     (sp.sqrt(x), "<=", (1 + x) / 3, ge(x, 0)), "x = 1")
pair("xlogx", "scalar", (x * sp.log(x), ">=", x - 1, gt(x, 0)),
     (x * sp.log(x), ">=", 2 * (x - 1), gt(x, 0)), "x = e")
pair("exp-quadratic", "scalar", (sp.exp(x), "<=", 1 + x + x**2, le(x, 1)),
     (sp.exp(x), "<=", 1 + x + x**2, le(x, 2)), "x = 2: e² = 7.39 > 7")
pair("cosh-subgaussian", "scalar", ((sp.exp(x) + sp.exp(-x)) / 2, "<=", sp.exp(x**2 / 2)),
     ((sp.exp(x) + sp.exp(-x)) / 2, "<=", sp.exp(x**2 / 3)), "x = 1")
pair("bernoulli", "scalar", ((1 + x) ** y, ">=", 1 + y * x, [ge(x, -1), *within(y, 1, 5)]),
     ((1 + x) ** y, ">=", 1 + y * x, [ge(x, -1), *within(y, 0, 1)]), "x = 1, y = 1/2")
pair("am-gm-2", "scalar", ((a + b) / 2, ">=", sp.sqrt(a * b), [ge(a, 0), ge(b, 0)]),
     ((a + b) / 2, ">=", sp.sqrt(2 * a * b), [ge(a, 0), ge(b, 0)]), "a = b = 1")
pair("young", "scalar", (a * b, "<=", a**2 / 2 + b**2 / 2),
     (a * b, "<=", a**2 / 4 + b**2 / 4), "a = b = 1")
pair("abs-sin", "scalar", (sp.Abs(sp.sin(x)), "<=", sp.Abs(x)),
     (sp.Abs(sp.sin(x)), "<=", sp.Abs(x) / 2), "x = 1")
pair("log-upper", "scalar", (sp.log(x), "<=", x - 1, gt(x, 0)),
     (sp.log(x), "<=", (x - 1) / 2, gt(x, 0)), "x = 2")
pair("log-lower-recip", "scalar", (sp.log(x), ">=", 1 - 1 / x, gt(x, 0)),
     (sp.log(x), ">=", 1 - 1 / x**2, gt(x, 0)), "x = 2")
pair("atan-le-x", "scalar", (sp.atan(x), "<=", x, ge(x, 0)),
     (sp.atan(x), "<=", x / 2, ge(x, 0)), "x = 1")
pair("x-over-1-plus-x2", "scalar", (x / (1 + x**2), "<=", R(1, 2)),
     (x / (1 + x**2), "<=", R(1, 3)), "x = 1")
pair("exp-ex", "scalar", (sp.exp(x), ">=", sp.E * x), (sp.exp(x), ">=", 3 * x), "x = 1")
pair("pinsker-binary", "scalar",
     (p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q)), ">=", 2 * (p - q) ** 2,
      [gt(p, 0), lt(p, 1), gt(q, 0), lt(q, 1)]),
     (p * sp.log(p / q) + (1 - p) * sp.log((1 - p) / (1 - q)), ">=", 4 * (p - q) ** 2,
      [gt(p, 0), lt(p, 1), gt(q, 0), lt(q, 1)]), "p = 0.9, q = 0.1")
pair("hoeffding-lemma", "scalar", (sp.log((sp.exp(s) + sp.exp(-s)) / 2), "<=", s**2 / 2),
     (sp.log((sp.exp(s) + sp.exp(-s)) / 2), "<=", s**2 / 4), "s = 1")
pair("sigmoid-symmetry", "scalar", (1 / (1 + sp.exp(-x)) + 1 / (1 + sp.exp(x)), "=", 1),
     (1 / (1 + sp.exp(-x)) + 1 / (1 + sp.exp(-x)), "=", 1), "x = 1")
pair("softplus-ge-x", "scalar", (sp.log(1 + sp.exp(x)), ">=", x),
     (sp.log(1 + sp.exp(x)), ">=", 2 * x), "x = 1")
pair("softplus-le", "scalar", (sp.log(1 + sp.exp(x)), "<=", sp.log(2) + sp.Abs(x)),
     (sp.log(1 + sp.exp(x)), "<=", sp.log(2) / 2 + sp.Abs(x)), "x = 0")
pair("jordan", "scalar", (sp.sin(x), ">=", 2 * x / sp.pi, within(x, 0, sp.pi / 2)),
     (sp.sin(x), ">=", 3 * x / sp.pi, within(x, 0, sp.pi / 2)), "x = π/2")
pair("exp-product", "scalar", (sp.exp(x) * sp.exp(-x), "=", 1),
     (sp.exp(x) * sp.exp(x), "=", 1), "x = 1")
pair("log-product", "scalar", (sp.log(a * b), "=", sp.log(a) + sp.log(b), [gt(a, 0), gt(b, 0)]),
     (sp.log(a * b), "=", sp.log(a) * sp.log(b), [gt(a, 0), gt(b, 0)]), "a = b = e")
pair("one-minus-recip-pow", "scalar", ((1 - 1 / m) ** m, "<=", sp.exp(-1), ge(m, 1)),
     ((1 - 1 / m) ** m, "<=", sp.exp(-1) / 2, ge(m, 1)), "m = 2: 1/4 > 0.184")
pair("exp-ge-power-e", "scalar", (sp.exp(x), ">=", x**sp.E, gt(x, 0)),
     (sp.exp(x), ">=", x**3, gt(x, 0)), "x = 4: 54.6 < 64")
pair("quadratic-mean", "scalar", ((a + b) ** 2, "<=", 2 * (a**2 + b**2)),
     ((a + b) ** 2, "<=", a**2 + b**2), "a = b = 1")
pair("cubic-odd", "scalar", (x**3 - 3 * x, ">=", -2, ge(x, 0)),
     (x**3 - 3 * x, ">=", -1, ge(x, 0)), "x = 1: -2")
pair("rational-bound", "scalar", (x**2 / (1 + x**2), "<", 1), (x**2 / (1 + x**2), "<", R(1, 2)),
     "x = 2")
pair("exp-convex", "scalar", (sp.exp((a + b) / 2), "<=", (sp.exp(a) + sp.exp(b)) / 2),
     (sp.exp((a + b) / 2), ">=", (sp.exp(a) + sp.exp(b)) / 2), "a = 0, b = 2")
pair("log-concave", "scalar", (sp.log((a + b) / 2), ">=", (sp.log(a) + sp.log(b)) / 2,
                               [gt(a, 0), gt(b, 0)]),
     (sp.log((a + b) / 2), "<=", (sp.log(a) + sp.log(b)) / 2, [gt(a, 0), gt(b, 0)]),
     "a = 1, b = 4")
pair("logistic-loss-lipschitz", "scalar",
     (sp.Abs(sp.log(1 + sp.exp(-a)) - sp.log(1 + sp.exp(-b))), "<=", sp.Abs(a - b)),
     (sp.Abs(sp.log(1 + sp.exp(-a)) - sp.log(1 + sp.exp(-b))), "<=", sp.Abs(a - b) / 4),
     "a = -10, b = 0")
pair("exp-lipschitz-local", "scalar",
     (sp.Abs(sp.exp(a) - sp.exp(b)), "<=", sp.exp(sp.Max(a, b)) * sp.Abs(a - b)),
     (sp.Abs(sp.exp(a) - sp.exp(b)), "<=", sp.exp(sp.Min(a, b)) * sp.Abs(a - b)), "a = 0, b = 1")
pair("gaussian-tail-mill", "scalar", (sp.exp(-x**2 / 2), "<=", 1, ge(x, 0)),
     (sp.exp(-x**2 / 2), "<=", sp.exp(-x), ge(x, 0)), "x = 1: e^-0.5 > e^-1")
pair("sqrt-subadditive", "scalar", (sp.sqrt(a + b), "<=", sp.sqrt(a) + sp.sqrt(b),
                                    [ge(a, 0), ge(b, 0)]),
     (sp.sqrt(a + b), ">=", sp.sqrt(a) + sp.sqrt(b), [ge(a, 0), ge(b, 0)]), "a = b = 1")
pair("harmonic-le-arith", "scalar", (2 * a * b / (a + b), "<=", (a + b) / 2, [gt(a, 0), gt(b, 0)]),
     (2 * a * b / (a + b), ">=", (a + b) / 2, [gt(a, 0), gt(b, 0)]), "a = 1, b = 3")

# ---- margins that vanish or cancel at extreme points -----------------------------------------
for k, (lo, hi) in enumerate([(R(1, 10**300), R(1, 10**299)), (R(1, 10**150), R(1, 10**149)),
                              (R(1, 10**30), R(1, 10**29)), (R(10**29), R(10**30)),
                              (R(10**149), R(10**150))]):
    box = within(x, lo, hi)
    pair(f"vanish-exp-tangent-{k}", "vanish", (sp.exp(x), ">=", 1 + x, box),
         (sp.exp(x), ">=", 1 + 2 * x, box) if k < 3 else (sp.exp(x), "<=", 1 + 2 * x, box),
         "any point of the box")
    pair(f"vanish-log1p-{k}", "vanish", (sp.log(1 + x), "<=", x, box),
         (sp.log(1 + x), ">=", x, box), "any point of the box")
    pair(f"vanish-sqrt-square-{k}", "vanish", (sp.sqrt(x**2), "=", x, box),
         (sp.sqrt(x**2), "=", 2 * x, box), "any point of the box")
    pair(f"vanish-one-plus-{k}", "vanish", (1 + x, ">", 1, box), (1 + x, "<", 1, box),
         "any point of the box (1 + x rounds to 1 in float64 at small x)")
    pair(f"vanish-difference-of-squares-{k}", "vanish",
         ((x + 1) ** 2 - (x - 1) ** 2, "=", 4 * x, box),
         ((x + 1) ** 2 - (x - 1) ** 2, "=", 2 * x, box), "any point of the box")
pair("vanish-psd-null", "vanish",
     (inner(V, (diag(SOFT) - SOFT * SOFT.T) * V), ">=", 0),
     (inner(V, (diag(SOFT) - SOFT * SOFT.T) * V), "<=", 0), "v = e_1 - e_2, x = 0, n = 2",
     dims={"n": (1, 5)})
pair("vanish-cauchy-schwarz-equal", "vanish",
     (inner(X, 2 * X), "<=", norm2(X) * norm2(2 * X)),
     (inner(X, 2 * X), "<", norm2(X) * norm2(2 * X)), "every x: equality", dims={"n": (1, 6)})
pair("vanish-norm-tie", "vanish", (norminf(X), "<=", norm2(X)),
     (norminf(X), "<", norm2(X)), "x = 0 or one nonzero entry", dims={"n": (1, 6)})
pair("vanish-softmax-sum", "vanish", (sum_entries(SOFT), "=", 1),
     (sum_entries(SOFT), "=", R(1, 2)), "every x", dims={"n": (1, 6)})
pair("vanish-lse-shift", "vanish",
     (sp.log(inner(exp_(X + 3 * ones(n)), ones(n))), "=", LSE + 3),
     (sp.log(inner(exp_(X + 3 * ones(n)), ones(n))), "=", LSE + 2), "every x",
     dims={"n": (1, 6)})

# ---- subnormal and 1e±300 inputs -------------------------------------------------------------
for k, (lo, hi) in enumerate([(R(1, 10**320), R(1, 10**310)), (R(1, 10**308), R(1, 10**300)),
                              (R(10**300), R(10**305)), (R(-10**305), R(-10**300))]):
    box = within(x, lo, hi) if lo < hi else within(x, hi, lo)
    pair(f"extreme-square-positive-{k}", "extreme", (x**2, ">", 0, box), (x**2, "<", 0, box),
         "any point (x² underflows or overflows float64)")
    pair(f"extreme-abs-{k}", "extreme", (sp.Abs(x), ">=", x, box), (sp.Abs(x), "<", x, box),
         "any point")
    pair(f"extreme-exp-log-{k}", "extreme", (sp.exp(sp.log(x**2)), "=", x**2, box),
         (sp.exp(sp.log(x**2)), "=", 2 * x**2, box), "any point")
    pair(f"extreme-recip-{k}", "extreme", (x * (1 / x), "=", 1, box),
         (x * (1 / x), "=", 2, box), "any point")
    pair(f"extreme-log-bound-{k}", "extreme", (sp.log(x**2), "<=", x**2 - 1, box),
         (sp.log(x**2), ">=", x**2 - 1, box), "any point")
    pair(f"extreme-sqrt-{k}", "extreme", (sp.sqrt(x**2), "=", sp.Abs(x), box),
         (sp.sqrt(x**2), "=", sp.Abs(2 * x), box), "any point")
for k, scale in enumerate([R(1, 10**200), R(10**200)]):
    big = [Prop(norminf(X), ">=", scale), Prop(norminf(X), "<=", 10 * scale)]
    pair(f"extreme-norm-order-{k}", "extreme", (norm2(X), "<=", norm1(X), big),
         (norm2(X), "<=", norm1(X) / 2, big), "x = (s, 0, ...)", dims={"n": (1, 6)})
    pair(f"extreme-norm-sqrtn-{k}", "extreme", (norm2(X), "<=", sp.sqrt(n) * norminf(X), big),
         (norm2(X), "<=", norminf(X) / 2, big), "any x", dims={"n": (1, 6)})
    pair(f"extreme-inner-self-{k}", "extreme", (inner(X, X), "=", norm2(X) ** 2, big),
         (inner(X, X), "=", 2 * norm2(X) ** 2, big), "any x", dims={"n": (1, 6)})

# ---- strict claims at excluded boundaries ----------------------------------------------------
pair("strict-log1p", "strict", (sp.log(1 + x), "<", x, gt(x, 0)),
     (sp.log(1 + x), "<", x, ge(x, 0)), "x = 0")
pair("strict-sin", "strict", (sp.sin(x), "<", x, gt(x, 0)), (sp.sin(x), "<", x, ge(x, 0)),
     "x = 0")
pair("strict-exp", "strict", (sp.exp(x), ">", 1 + x, gt(x, 0)),
     (sp.exp(x), ">", 1 + x, ge(x, 0)), "x = 0")
pair("strict-square-le-x", "strict", (x**2, "<", x, [gt(x, 0), lt(x, 1)]),
     (x**2, "<", x, [gt(x, 0), le(x, 1)]), "x = 1")
pair("strict-ratio", "strict", (x / (1 + x), "<", 1, ge(x, 0)),
     (x / (1 + x), "<", R(1, 2), ge(x, 0)), "x = 1")
pair("strict-exp-monotone", "strict", (sp.exp(a), "<", sp.exp(b), lt(a, b)),
     (sp.exp(a), "<", sp.exp(b), le(a, b)), "a = b")
pair("strict-recip", "strict", (1 / x, ">", 0, gt(x, 0)), (1 / x, ">", 1, gt(x, 0)), "x = 2")
pair("strict-sqrt", "strict", (sp.sqrt(x), ">", 0, gt(x, 0)), (sp.sqrt(x), ">", 0, ge(x, 0)),
     "x = 0")
pair("strict-tanh", "strict", (sp.tanh(x), "<", 1), (sp.tanh(x), "<", R(1, 2)), "x = 1")
pair("strict-log-positive", "strict", (sp.log(x), ">", 0, gt(x, 1)),
     (sp.log(x), ">", 0, ge(x, 1)), "x = 1")
pair("strict-atan", "strict", (sp.atan(x), "<", sp.pi / 2), (sp.atan(x), "<", 1), "x = 2")
pair("strict-cube", "strict", (a**3, "<", b**3, lt(a, b)), (a**3, "<", b**3, le(a, b)),
     "a = b")
pair("strict-sigmoid", "strict", (1 / (1 + sp.exp(-x)), ">", 0),
     (1 / (1 + sp.exp(-x)), ">", R(1, 2)), "x = 0")
pair("strict-softmax-entry", "strict", (entry(SOFT, i), ">", 0),
     (entry(SOFT, i), ">", R(1, 2)), "x = 0, n = 2", dims={"n": (1, 6)})
pair("strict-norm-positive", "strict", (norm2(X), ">", 0, gt(norminf(X), 0)),
     (norm2(X), ">", 0, ge(norminf(X), 0)), "x = 0", dims={"n": (1, 6)})
pair("strict-gap", "strict", (x, "<", y, [lt(x, y)]), (x, "<", y, [le(x, y)]), "x = y")

# ---- index hypotheses ------------------------------------------------------------------------
pair("index-entry-le-max", "index", (entry(X, i), "<=", max_entry(X)),
     (entry(X, i), "<=", min_entry(X)), "x = (0, 1), i = 2", dims={"n": (1, 6)})
pair("index-entry-le-norminf", "index", (sp.Abs(entry(X, i)), "<=", norminf(X)),
     (sp.Abs(entry(X, i)), "<=", norminf(X) / 2), "x = e_i", dims={"n": (1, 6)})
pair("index-offdiag-derivative", "index", (deriv(entry(X, i), X, j), "=", 0, Prop(i, "!=", j)),
     (deriv(entry(X, i), X, j), "=", 0, Prop(i, "=", j)), "i = j", dims={"n": (2, 6)})
pair("index-delta-offdiag", "index",
     (sp.KroneckerDelta(i, j) * entry(X, j), "=", 0, Prop(i, "!=", j)),
     (sp.KroneckerDelta(i, j) * entry(X, j), "=", 0, Prop(i, "=", j)), "i = j, x_j = 1",
     dims={"n": (2, 6)})
pair("index-product-amgm", "index",
     (entry(X, i) * entry(X, j), "<=", (entry(X, i) ** 2 + entry(X, j) ** 2) / 2),
     (entry(X, i) * entry(X, j), "<=", (entry(X, i) ** 2 + entry(X, j) ** 2) / 4),
     "x_i = x_j = 1", dims={"n": (1, 6)})
pair("index-column-inner", "index",
     (entry(A.T * Y, i), "=", inner(col(A, i), Y)),
     (entry(A.T * Y, i), "=", inner(col(A, 1), Y)), "i = 2", dims={"n": (1, 4), "d": (2, 4)})
pair("index-softmax-le-one", "index", (entry(SOFT, i), "<=", 1),
     (entry(SOFT, i), "<=", 1 / n), "x = (1, 0), i = 1", dims={"n": (1, 6)})
pair("index-softmax-ratio", "index",
     (entry(SOFT, i) / entry(SOFT, j), "=", sp.exp(entry(X, i) - entry(X, j))),
     (entry(SOFT, i) / entry(SOFT, j), "=", sp.exp(entry(X, j) - entry(X, i))),
     "x = (1, 0), i = 1, j = 2", dims={"n": (1, 6)})
pair("index-distinct-squares", "index",
     ((entry(X, i) - entry(X, j)) ** 2, ">=", 0, Prop(i, "!=", j)),
     ((entry(X, i) - entry(X, j)) ** 2, ">", 0, Prop(i, "!=", j)), "x_i = x_j",
     dims={"n": (2, 6)})
pair("index-hadamard-entry", "index",
     (entry(hadamard(X, Y), i), "=", entry(X, i) * entry(Y, i)),
     (entry(hadamard(X, Y), i), "=", entry(X, i) * entry(Y, i) + entry(X, i)),
     "x_i = 1", dims={"n": (1, 6)})
pair("index-diag-entry", "index", (entry(diag(X) * Y, i), "=", entry(X, i) * entry(Y, i)),
     (entry(diag(X) * Y, i), "=", entry(X, i) + entry(Y, i)), "x_i = y_i = 1",
     dims={"n": (1, 6)})
pair("index-exp-entry", "index", (entry(exp_(X), i), "=", sp.exp(entry(X, i))),
     (entry(exp_(X), i), "=", sp.exp(2 * entry(X, i))), "x_i = 1", dims={"n": (1, 6)})

# ---- LaTeX with e, \pi and \delta_{ij} -------------------------------------------------------
latex_pair("latex-tangent", r"1 + x \le e^x", r"1 + 2x \le e^x", "x = 1")
latex_pair("latex-mathrm-e", r"1 + x \le \mathrm{e}^{x}", r"1 + x \ge \mathrm{e}^{x}", "x = 1")
latex_pair("latex-e-tangent-at-1", r"e x \le e^x", r"3 x \le e^x", "x = 1")
latex_pair("latex-one-over-e", r"(1 - 1/m)^m \le 1/e", r"(1 - 1/m)^m \le 1/(2e)", "m = 2",
           hyps=(r"m \ge 1",))
latex_pair("latex-compound", r"(1 + 1/m)^m < e", r"(1 + 1/m)^m < 2", "m = 1",
           hyps=(r"m \ge 1",))
latex_pair("latex-pi-lower", r"\pi > 3", r"\pi > 3.2", "π = 3.14159")
latex_pair("latex-pi-upper", r"\pi^2 / 6 < 1.65", r"\pi^2 / 6 < 1.64", "π²/6 = 1.6449")
latex_pair("latex-sin-pi", r"\sin(\pi x) \le \pi x", r"\sin(\pi x) \le x", "x = 1/2",
           hyps=(r"x \ge 0",))
latex_pair("latex-circle", r"\pi r^2 \le 4 r^2", r"\pi r^2 \le 3 r^2", "r = 1")
latex_pair("latex-gauss-peak", r"\frac{1}{\sqrt{2\pi}} e^{-x^2/2} \le \frac{1}{2}",
           r"\frac{1}{\sqrt{2\pi}} e^{-x^2/2} \le \frac{1}{3}", "x = 0")
latex_pair("latex-delta-jacobian",
           r"\frac{\mathrm{d} p_i}{\mathrm{d} x_j} = p_i (\delta_{ij} - p_j)",
           r"\frac{\mathrm{d} p_i}{\mathrm{d} x_j} = p_i (\delta_{ij} + p_j)", "x = 0, i = j = 1",
           where={"p": SOFT, "x": X}, dims={"n": (1, 4)})
latex_pair("latex-delta-identity", r"\frac{\mathrm{d} x_i}{\mathrm{d} x_j} = \delta_{ij}",
           r"\frac{\mathrm{d} x_i}{\mathrm{d} x_j} = 1 - \delta_{ij}", "i = j",
           where={"x": X}, dims={"n": (1, 4)})
latex_pair("latex-delta-offdiag", r"\delta_{ij} = 0", r"\delta_{ij} = 1", "i = 1, j = 2",
           where={"x": X}, hyps=(r"i \neq j", r"x_i \le x_j"),
           false_hyps=(r"i \neq j", r"x_i \le x_j"), dims={"n": (2, 4)})
latex_pair("latex-softmax-sum", r"\langle p, \mathbf{1}_n \rangle = 1",
           r"\langle p, \mathbf{1}_n \rangle = e", "every x", where={"p": SOFT},
           dims={"n": (1, 4)})
latex_pair("latex-euler-lse", r"\log(\langle \exp(x), \mathbf{1}_n \rangle) \ge x_i",
           r"\log(\langle \exp(x), \mathbf{1}_n \rangle) \le x_i", "x = 0, n = 2",
           where={"x": X}, dims={"n": (1, 4)})

# ---- derivatives with tiny values -------------------------------------------------------------
# z = t 1 + v with t in [-400, -300]: every exp(z_i) is below 1e-130 (the x = -300)
Z = t * ones(n) + V
TINY = [Prop(t, ">=", -400), Prop(t, "<=", -300), Prop(norminf(V), "<=", 1)]
for tag, var, hyps in (("", X, ()), ("-tiny", V, TINY)):
    z = X if var is X else Z
    lse, soft = sp.log(inner(exp_(z), ones(n))), exp_(z) / inner(exp_(z), ones(n))
    pair(f"derivative-lse{tag}", "derivative", (deriv(lse, var, i), "=", entry(soft, i), hyps),
         (deriv(lse, var, i), "=", entry(exp_(z), i), hyps), "n = 2, z = 0 (tiny: any z)",
         dims={"n": (2, 5)})
    pair(f"derivative-exp{tag}", "derivative",
         (deriv(inner(exp_(z), ones(n)), var, i), "=", entry(exp_(z), i), hyps),
         (deriv(inner(exp_(z), ones(n)), var, i), "=", 2 * entry(exp_(z), i), hyps), "any z",
         dims={"n": (1, 5)})
    pair(f"derivative-softmax-diag{tag}", "derivative",
         (deriv(entry(soft, i), var, i), "=", entry(soft, i) * (1 - entry(soft, i)), hyps),
         (deriv(entry(soft, i), var, i), "=", entry(soft, i) * (1 + entry(soft, i)), hyps),
         "any z", dims={"n": (1, 5)})
    pair(f"derivative-norm-squared{tag}", "derivative",
         (deriv(norm2(z) ** 2, var, i), "=", 2 * entry(z, i), hyps),
         (deriv(norm2(z) ** 2, var, i), "=", entry(z, i), hyps), "z_i ≠ 0", dims={"n": (1, 5)})
    pair(f"derivative-inner{tag}", "derivative",
         (deriv(inner(Y, z), var, i), "=", entry(Y, i), hyps),
         (deriv(inner(Y, z), var, i), "=", entry(z, i), hyps), "z_i ≠ y_i", dims={"n": (1, 5)})
pair("derivative-quadratic-form", "derivative",
     (deriv(inner(X, diag(Y) * X), X, i), "=", 2 * entry(Y, i) * entry(X, i)),
     (deriv(inner(X, diag(Y) * X), X, i), "=", entry(Y, i) * entry(X, i)), "x_i y_i ≠ 0",
     dims={"n": (1, 5)})
pair("derivative-matrix-vector", "derivative",
     (deriv(inner(ones(n), exp_(A * Wd)), Wd, i), "=", inner(exp_(A * Wd), col(A, i))),
     (deriv(inner(ones(n), exp_(A * Wd)), Wd, i), "=", inner(exp_(A * Wd), ones(n))),
     "A = 0", dims={"n": (1, 4), "d": (1, 3)})
pair("derivative-log-entry", "derivative",
     (deriv(sp.log(entry(SOFT, i)), X, i), "=", 1 - entry(SOFT, i)),
     (deriv(sp.log(entry(SOFT, i)), X, i), "=", 1 + entry(SOFT, i)), "any x",
     dims={"n": (1, 5)})

# ---- vector and matrix facts -----------------------------------------------------------------
V1 = {"n": (1, 6)}
pair("vec-cauchy-schwarz", "vector", (inner(X, Y), "<=", norm2(X) * norm2(Y)),
     (inner(X, Y), "<=", norm2(X) * norm2(Y) / 2), "x = y = e_1", dims=V1)
pair("vec-cauchy-schwarz-abs", "vector", (sp.Abs(inner(X, Y)), "<=", norm2(X) * norm2(Y)),
     (sp.Abs(inner(X, Y)), "<=", norminf(X) * norminf(Y)), "x = y = 1_2", dims=V1)
pair("vec-cauchy-schwarz-squared", "vector",
     (inner(X, Y) ** 2, "<=", inner(X, X) * inner(Y, Y)),
     (inner(X, Y) ** 2, ">=", inner(X, X) * inner(Y, Y)), "x = e_1, y = e_2", dims=V1)
pair("vec-triangle", "vector", (norm2(X + Y), "<=", norm2(X) + norm2(Y)),
     (norm2(X + Y), ">=", norm2(X) + norm2(Y)), "x = e_1, y = -e_1", dims=V1)
pair("vec-reverse-triangle", "vector", (sp.Abs(norm2(X) - norm2(Y)), "<=", norm2(X - Y)),
     (sp.Abs(norm2(X) - norm2(Y)), ">=", norm2(X - Y)), "x = e_1, y = e_2", dims=V1)
pair("vec-parallelogram", "vector",
     (norm2(X + Y) ** 2 + norm2(X - Y) ** 2, "=", 2 * norm2(X) ** 2 + 2 * norm2(Y) ** 2),
     (norm2(X + Y) ** 2 + norm2(X - Y) ** 2, "=", norm2(X) ** 2 + 2 * norm2(Y) ** 2),
     "x = e_1", dims=V1)
pair("vec-inf-le-2", "vector", (norminf(X), "<=", norm2(X)), (norm2(X), "<=", norminf(X)),
     "x = 1_2", dims=V1)
pair("vec-2-le-sqrtn-inf", "vector", (norm2(X), "<=", sp.sqrt(n) * norminf(X)),
     (norm2(X), "<=", norminf(X)), "x = 1_2", dims=V1)
pair("vec-2-le-1", "vector", (norm2(X), "<=", norm1(X)), (norm1(X), "<=", norm2(X)),
     "x = 1_2", dims=V1)
pair("vec-1-le-sqrtn-2", "vector", (norm1(X), "<=", sp.sqrt(n) * norm2(X)),
     (norm1(X), "<=", norm2(X)), "x = 1_2", dims=V1)
pair("vec-1-le-n-inf", "vector", (norm1(X), "<=", n * norminf(X)),
     (norm1(X), "<=", norminf(X)), "x = 1_2", dims=V1)
pair("vec-sum-le-sqrtn", "vector", (inner(X, ones(n)), "<=", sp.sqrt(n) * norm2(X)),
     (inner(X, ones(n)), "<=", norm2(X)), "x = 1_2", dims=V1)
pair("vec-sum-abs", "vector", (sp.Abs(sum_entries(X)), "<=", norm1(X)),
     (sp.Abs(sum_entries(X)), ">=", norm1(X)), "x = (1, -1)", dims=V1)
pair("vec-hadamard", "vector", (norm2(hadamard(X, Y)), "<=", norminf(X) * norm2(Y)),
     (norm2(hadamard(X, Y)), "<=", norminf(X) * norminf(Y)), "x = y = 1_2", dims=V1)
pair("vec-exp-inf", "vector", (norminf(exp_(X)), "<=", sp.exp(norminf(X))),
     (norminf(exp_(X)), "<=", sp.exp(norminf(X) / 2)), "x = e_1", dims=V1)
pair("vec-exp-positive", "vector", (min_entry(exp_(X)), ">", 0),
     (min_entry(exp_(X)), ">", 1), "x = -e_1", dims=V1)
pair("vec-softmax-norm", "vector", (norm2(SOFT), "<=", 1), (norm2(SOFT), "<=", R(1, 2)),
     "x = 0, n = 1", dims=V1)
pair("vec-softmax-norm-lower", "vector", (norm2(SOFT), ">=", 1 / sp.sqrt(n)),
     (norm2(SOFT), ">", 1 / sp.sqrt(n)), "x = 0", dims=V1)
pair("vec-lse-ge-max", "vector", (LSE, ">=", max_entry(X)), (LSE, "<=", max_entry(X)),
     "x = 0, n = 2", dims=V1)
pair("vec-lse-le-max-log", "vector", (LSE, "<=", max_entry(X) + sp.log(n)),
     (LSE, "<=", max_entry(X) + sp.log(n) / 2), "x = 0, n = 2", dims=V1)
pair("vec-lse-ge-mean", "vector", (LSE, ">=", sum_entries(X) / n + sp.log(n)),
     (LSE, ">=", sum_entries(X) / n + 2 * sp.log(n)), "x = 0, n = 2", dims=V1)
pair("vec-softmax-max", "vector", (max_entry(SOFT), ">=", 1 / n),
     (max_entry(SOFT), "<=", 1 / n), "x = e_1, n = 2", dims=V1)
pair("vec-entropy-softmax-bound", "vector",
     (-inner(SOFT, X) + LSE, "<=", sp.log(n)),
     (-inner(SOFT, X) + LSE, "<=", sp.log(n) / 2), "x = 0, n = 2", dims=V1)
pair("vec-abs-inner", "vector", (inner(abs_(X), abs_(Y)), ">=", sp.Abs(inner(X, Y))),
     (inner(abs_(X), abs_(Y)), "<", sp.Abs(inner(X, Y))), "x = y = 1_2", dims=V1)
pair("vec-norm-scaling", "vector", (norm2(3 * X), "=", 3 * norm2(X)),
     (norm2(3 * X), "=", 9 * norm2(X)), "x = e_1", dims=V1)
pair("vec-norm-neg", "vector", (norm2(-X), "=", norm2(X)), (norm2(-X), "=", -norm2(X)),
     "x = e_1", dims=V1)
pair("vec-inner-symmetric", "vector", (inner(X, Y), "=", inner(Y, X)),
     (inner(X, Y), "=", inner(X, X)), "x = e_1, y = 0", dims=V1)
pair("vec-inner-linear", "vector", (inner(X + Y, V), "=", inner(X, V) + inner(Y, V)),
     (inner(X + Y, V), "=", inner(X, V) - inner(Y, V)), "y = v = e_1", dims=V1)
pair("vec-polarisation", "vector",
     (inner(X, Y), "=", (norm2(X + Y) ** 2 - norm2(X - Y) ** 2) / 4),
     (inner(X, Y), "=", (norm2(X + Y) ** 2 - norm2(X - Y) ** 2) / 2), "x = y = e_1", dims=V1)
pair("vec-exp-sum-product", "vector", (inner(exp_(X), exp_(-X)), "=", n),
     (inner(exp_(X), exp_(X)), "=", n), "x = e_1", dims=V1)
pair("vec-jensen-lse", "vector", (sp.exp(sum_entries(X) / n), "<=", inner(exp_(X), ones(n)) / n),
     (sp.exp(sum_entries(X) / n), ">=", inner(exp_(X), ones(n)) / n), "x = (0, 2)", dims=V1)
M2 = {"n": (1, 4), "d": (1, 4)}
pair("mat-operator-norm", "vector", (norm2(A * Wd), "<=", opnorm(A) * norm2(Wd)),
     (norm2(A * Wd), "<=", opnorm(A) * norm2(Wd) / 2), "A = e_1 e_1ᵀ, w = e_1", dims=M2)
pair("mat-frobenius-bound", "vector", (norm2(A * Wd), "<=", frob(A) * norm2(Wd)),
     (norm2(A * Wd), "<=", frob(A) * norminf(Wd) / 2), "A = e_1 e_1ᵀ, w = e_1", dims=M2)
pair("mat-op-le-frob", "vector", (opnorm(A), "<=", frob(A)), (frob(A), "<=", opnorm(A)),
     "A = I_2", dims=M2)
pair("mat-frob-le-sqrtd-op", "vector", (frob(A), "<=", sp.sqrt(d) * opnorm(A)),
     (frob(A), "<=", opnorm(A)), "A = I_2", dims=M2)
pair("mat-frob-le-sqrtmin-op", "vector", (frob(A), "<=", sp.sqrt(sp.Min(n, d)) * opnorm(A)),
     (frob(A), "<=", sp.sqrt(sp.Min(n, d)) * opnorm(A) / 2), "A = e_1 e_1ᵀ", dims=M2)
pair("vec-softmax-hessian", "vector", (inner(V, (diag(SOFT) - SOFT * SOFT.T) * V), ">=", 0),
     (inner(V, (diag(SOFT) - 2 * SOFT * SOFT.T) * V), ">=", 0), "v = 1_2, x = 0", dims=V1)
pair("mat-transpose", "vector", (opnorm(A.T), "=", opnorm(A)), (opnorm(A.T), "=", frob(A)),
     "A = I_2", dims=M2)
pair("mat-submultiplicative", "vector", (opnorm(A * B), "<=", opnorm(A) * opnorm(B)),
     (opnorm(A * B), "<=", opnorm(A) * opnorm(B) / 2), "A = Bᵀ = e_1 e_1ᵀ", dims=M2)
pair("mat-entry-le-op", "vector", (sp.Abs(entry(A, 1, 1)), "<=", opnorm(A)),
     (sp.Abs(entry(A, 1, 1)), "<=", opnorm(A) / 2), "A = e_1 e_1ᵀ", dims=M2)
pair("mat-column-le-op", "vector", (norm2(col(A, 1)), "<=", opnorm(A)),
     (norm2(col(A, 1)), "<=", opnorm(A) / 2), "A = e_1 e_1ᵀ", dims=M2)
pair("mat-column-le-frob", "vector", (norm2(col(A, 1)), "<=", frob(A)),
     (norm2(col(A, 1)), ">=", frob(A)), "A = I_2", dims={"n": (1, 4), "d": (2, 4)})
pair("mat-gram-psd", "vector", (inner(A * Wd, A * Wd), ">=", 0),
     (inner(A * Wd, A * Wd), ">", 0), "A = 0", dims=M2)
pair("mat-loewner-gram", "vector", (0 * A.T * A, "⪯", A.T * A),
     (A.T * A, "⪯", 0 * A.T * A), "A = e_1 e_1ᵀ", dims=M2)
pair("mat-linear", "vector", (A * (Wd + Wd), "=", 2 * (A * Wd)),
     (A * (Wd + Wd), "=", A * Wd), "A = I, w = e_1", dims=M2)
pair("mat-transpose-inner", "vector", (inner(A * Wd, Y), "=", inner(Wd, A.T * Y)),
     (inner(A * Wd, Y), "=", inner(Wd, A.T * A * Wd)), "A = I, w = e_1, y = 0",
     dims={"n": (1, 4), "d": (1, 4)})
pair("mat-diag-inner", "vector", (inner(X, diag(Y) * X), "=", inner(Y, hadamard(X, X))),
     (inner(X, diag(Y) * X), "=", inner(Y, X)), "x = 2 e_1, y = e_1", dims=V1)
pair("mat-softmax-jacobian-psd", "vector",
     (0 * diag(SOFT), "⪯", diag(SOFT) - SOFT * SOFT.T),
     (diag(SOFT) - SOFT * SOFT.T, "⪯", 0 * diag(SOFT)), "x = 0, n = 2", dims={"n": (1, 4)})
pair("mat-softmax-jacobian-half", "vector", (opnorm(diag(SOFT) - SOFT * SOFT.T), "<=", R(1, 2)),
     (opnorm(diag(SOFT) - SOFT * SOFT.T), "<=", R(1, 5)), "x = 0, n = 2", dims={"n": (1, 4)})

# ---- dimension-generic steps the referee's prover targets (issue 28) -------------------------
Zd, C = vector("z", d), matrix("C", n, d)
P, Q = matrix("P", n, n, symmetric=True), matrix("Q", n, n, symmetric=True)
Rr, c = scalar("R"), scalar("c")


def softmax(v: object) -> object:
    return exp_(v) / inner(exp_(v), ones(v.shape[0]))


def alpha(v: object) -> object:
    return inner(exp_(v), ones(v.shape[0]))


BOUND = [le(opnorm(A), Rr), le(norm2(Wd), Rr), le(norm2(Zd), Rr)]
N4 = {"n": (1, 4)}
pair("pr-softmax-lipschitz", "prover", (norm2(softmax(X) - softmax(Y)), "<=", norm2(X - Y) / 2),
     (norm2(softmax(X) - softmax(Y)), "<=", norm2(X - Y) / 4), "n = 2, x = 0.01 e_1, y = 0",
     dims=N4)
pair("pr-softmax-lipschitz-A", "prover",
     (norm2(softmax(A * Wd) - softmax(A * Zd)), "<=", opnorm(A) * norm2(Wd - Zd) / 2),
     (norm2(softmax(A * Wd) - softmax(A * Zd)), "<=", opnorm(A) * norm2(Wd - Zd) / 4),
     "A = I_2, w = 0.01 e_1, z = 0", dims=M2)
pair("pr-softmax-lipschitz-R", "prover",
     (norm2(softmax(A * Wd) - softmax(A * Zd)), "<=", Rr * norm2(Wd - Zd) / 2,
      le(opnorm(A), Rr)),
     (norm2(softmax(A * Wd) - softmax(A * Zd)), "<=", Rr * norm2(Wd - Zd) / 4,
      le(opnorm(A), Rr)), "A = I_2, R = 1, w = 0.01 e_1, z = 0", dims=M2)
pair("pr-softmax-sum", "prover", (sum_entries(softmax(X)), "=", 1),
     (sum_entries(softmax(X)), "=", n), "n = 2", dims=N4)
pair("pr-softmax-inf", "prover", (norminf(softmax(X)), "<=", 1),
     (norminf(softmax(X)), "<=", R(1, 2)), "n = 1", dims=N4)
pair("pr-softmax-inner-ones", "prover", (inner(softmax(X), ones(n)), "=", 1),
     (inner(softmax(X), ones(n)), "=", 1 / n), "n = 2", dims=N4)
pair("pr-softmax-distance", "prover", (norm2(softmax(X) - softmax(Y)), "<=", 2),
     (norm2(softmax(X) - softmax(Y)), "<=", R(1, 2)), "n = 2, x = 5 e_1, y = 5 e_2", dims=N4)
pair("pr-softmax-norm-lower", "prover", (norm2(softmax(X)), ">=", 1 / sp.sqrt(n)),
     (norm2(softmax(X)), ">=", 2 / sp.sqrt(n)), "n = 1", dims=N4)
pair("pr-exp-difference", "prover",
     (norm2(exp_(X) - exp_(Y)), "<=", norm2(exp_(X)) * (sp.exp(norminf(X - Y)) - 1)),
     (norm2(exp_(X) - exp_(Y)), "<=", norm2(exp_(X)) * (sp.exp(norminf(X - Y)) - 1) / 2),
     "n = 1, x = 0, y = 1", dims=N4)
pair("pr-exp-mean-value", "prover",
     (norm2(exp_(X) - exp_(Y)), "<=", sp.exp(sp.Max(norminf(X), norminf(Y))) * norm2(X - Y)),
     (norm2(exp_(X) - exp_(Y)), "<=", sp.exp(sp.Min(norminf(X), norminf(Y))) * norm2(X - Y)),
     "n = 1, x = 0, y = 1", dims=N4)
pair("pr-exp-lipschitz-A", "prover",
     (norm2(exp_(A * Wd) - exp_(A * Zd)), "<=", Rr * sp.exp(Rr**2) * norm2(Wd - Zd), BOUND),
     (norm2(exp_(A * Wd) - exp_(A * Zd)), "<=", Rr * sp.exp(Rr) * norm2(Wd - Zd), BOUND),
     "n = d = 1, A = R = 2, w = 2, z = 1.99", dims=M2)
pair("pr-exp-small-step", "prover",
     (norm2(exp_(X) - exp_(Y)), "<=", 2 * norm2(exp_(X)) * norminf(X - Y),
      le(norminf(X - Y), R(1, 100))),
     (norm2(exp_(X) - exp_(Y)), "<=", 2 * norm2(exp_(X)) * norminf(X - Y),
      le(norminf(X - Y), 2)), "n = 1, x = 0, y = 2", dims=N4)
pair("pr-exp-sum-difference", "prover",
     (sp.Abs(alpha(X) - alpha(Y)), "<=", alpha(X) * (sp.exp(norminf(X - Y)) - 1)),
     (sp.Abs(alpha(X) - alpha(Y)), "<=", alpha(X) * norminf(X - Y)), "n = 1, x = 0, y = 2",
     dims=N4)
pair("pr-alpha-ratio", "prover", (alpha(Y), "<=", alpha(X) * sp.exp(norminf(X - Y))),
     (alpha(Y), "<=", alpha(X)), "n = 1, x = 0, y = 1", dims=N4)
pair("pr-alpha-lower", "prover", (alpha(A * Wd), ">=", sp.exp(-Rr**2), BOUND[:2]),
     (alpha(A * Wd), ">=", sp.exp(-Rr), BOUND[:2]), "n = d = 1, A = R = 2, w = -2", dims=M2)
pair("pr-min-exp-lower", "prover", (min_entry(exp_(X)), ">=", sp.exp(-norm2(X))),
     (min_entry(exp_(X)), ">=", sp.exp(-norm2(X) / 2)), "n = 1, x = -1", dims=N4)
pair("pr-min-exp", "prover", (min_entry(exp_(X)), "=", sp.exp(min_entry(X))),
     (min_entry(exp_(X)), "=", sp.exp(max_entry(X))), "x = (0, 1)", dims=N4)
pair("pr-min-neg", "prover", (min_entry(-X), "=", -max_entry(X)),
     (min_entry(-X), "=", -min_entry(X)), "x = (0, 1)", dims=N4)
pair("pr-max-abs", "prover", (max_entry(abs_(X)), "=", norminf(X)),
     (max_entry(abs_(X)), "=", norm2(X)), "x = (1, 1)", dims=N4)
pair("pr-lse-lipschitz", "prover",
     (sp.log(alpha(X)) - sp.log(alpha(Y)), "<=", norminf(X - Y)),
     (sp.log(alpha(X)) - sp.log(alpha(Y)), "<=", norminf(X - Y) / 2), "n = 1, x = 1, y = 0",
     dims=N4)
pair("pr-lse-ge-min", "prover", (sp.log(alpha(X)), ">=", min_entry(X) + sp.log(n)),
     (sp.log(alpha(X)), ">=", max_entry(X) + sp.log(n)), "x = (0, 1)", dims=N4)
pair("pr-sum-cauchy-schwarz-exp", "prover",
     (sp.Abs(alpha(X) - alpha(Y)), "<=", sp.sqrt(n) * norm2(exp_(X) - exp_(Y))),
     (sp.Abs(alpha(X) - alpha(Y)), "<=", norm2(exp_(X) - exp_(Y))), "n = 2, x = (1, 1), y = 0",
     dims=N4)
pair("pr-inner-ones-linear", "prover",
     (inner(exp_(X), ones(n)) - inner(exp_(Y), ones(n)), "=", inner(exp_(X) - exp_(Y), ones(n))),
     (inner(exp_(X), ones(n)) - inner(exp_(Y), ones(n)), "=", inner(exp_(X) + exp_(Y), ones(n))),
     "x = y = 0", dims=N4)
pair("pr-gram-move", "prover", (inner(A * Wd, A * Zd), "=", inner(Wd, A.T * A * Zd)),
     (inner(A * Wd, A * Zd), "=", inner(Wd, A.T * A * Wd)), "A = I, w = e_1, z = 0", dims=M2)
pair("pr-matmul-difference", "prover", (norm2(A * (Wd - Zd)), "=", norm2(A * Wd - A * Zd)),
     (norm2(A * (Wd - Zd)), "=", norm2(A * Wd + A * Zd)), "A = I, w = e_1, z = 0", dims=M2)
pair("pr-difference-operator", "prover",
     (norm2((A - C) * Wd), "<=", opnorm(A - C) * norm2(Wd)),
     (norm2((A - C) * Wd), "<=", opnorm(A - C) * norm2(Wd) / 2), "A = I, C = 0, w = e_1",
     dims=M2)
pair("pr-difference-triangle", "prover",
     (norm2((A - C) * Wd), "<=", (opnorm(A) + opnorm(C)) * norm2(Wd)),
     (norm2((A - C) * Wd), "<=", opnorm(A) * norm2(Wd)), "A = I, C = -I, w = e_1", dims=M2)
pair("pr-residual-square", "prover",
     (norm2(A * Wd - Y) ** 2, "=", norm2(A * Wd) ** 2 - 2 * inner(A * Wd, Y) + norm2(Y) ** 2),
     (norm2(A * Wd - Y) ** 2, "=", norm2(A * Wd) ** 2 + 2 * inner(A * Wd, Y) + norm2(Y) ** 2),
     "A = I, w = e_1, y = e_1", dims=M2)
pair("pr-residual-inner", "prover", (inner(A * Wd - Y, A * Wd - Y), "=", norm2(A * Wd - Y) ** 2),
     (inner(A * Wd - Y, A * Wd - Y), "=", norm1(A * Wd - Y) ** 2), "A = I_2, w = (1, 1), y = 0",
     dims=M2)
pair("pr-sum-linear", "prover", (sum_entries(X + 2 * Y), "=", sum_entries(X) + 2 * sum_entries(Y)),
     (sum_entries(X + 2 * Y), "=", sum_entries(X) + sum_entries(Y)), "y = e_1", dims=N4)
pair("pr-ones-norm", "prover", (norm2(ones(n)) ** 2, "=", n), (norm2(ones(n)), "=", n), "n = 2",
     dims=N4)
pair("pr-homogeneity", "prover", (norm2(-c * X), "=", sp.Abs(c) * norm2(X)),
     (norm2(-c * X), "=", c * norm2(X)), "c = -1, x = e_1", dims=N4)
pair("pr-difference-symmetric", "prover", (norm1(X - Y), "=", norm1(Y - X)),
     (norm1(X - Y), "=", norm1(X + Y)), "x = y = e_1", dims=N4)
pair("pr-triangle-three", "prover", (norm2(X + Y + V), "<=", norm2(X) + norm2(Y) + norm2(V)),
     (norm2(X + Y + V), "<=", norm2(X) + norm2(Y)), "x = y = 0, v = e_1", dims=N4)
pair("pr-triangle-sup", "prover", (norminf(X - Y), "<=", norminf(X) + norminf(Y)),
     (norminf(X - Y), "<=", norminf(X)), "x = 0, y = e_1", dims=N4)
pair("pr-sup-chain", "prover", (norminf(A * Wd), "<=", Rr**2, BOUND[:2]),
     (norminf(A * Wd), "<=", Rr, BOUND[:2]), "n = d = 1, A = R = 2, w = 2", dims=M2)
pair("pr-exp-chain", "prover", (sp.exp(-norm2(A * Wd)), ">=", sp.exp(-Rr**2), BOUND[:2]),
     (sp.exp(-norm2(A * Wd)), ">=", sp.exp(-Rr), BOUND[:2]), "n = d = 1, A = R = 2, w = 2",
     dims=M2)
pair("pr-hadamard-exp", "prover",
     (norm2(hadamard(exp_(X), Y)), "<=", sp.exp(norminf(X)) * norm2(Y)),
     (norm2(hadamard(exp_(X), Y)), "<=", norm2(Y)), "n = 1, x = 1, y = 1", dims=N4)
pair("pr-loewner-norm", "prover", (opnorm(P), "<=", opnorm(Q), [Prop(0 * P, "⪯", P),
                                                                Prop(P, "⪯", Q)]),
     (opnorm(P), "<=", opnorm(Q) / 2, [Prop(0 * P, "⪯", P), Prop(P, "⪯", Q)]), "P = Q = I",
     dims=N4)
pair("pr-gram-square", "prover", (norm2(A * Wd) ** 2, "=", inner(Wd, A.T * A * Wd)),
     (norm2(A * Wd) ** 2, "=", inner(Wd, Wd)), "A = 2 I, w = e_1", dims=M2)
pair("pr-transpose-operator", "prover", (norm2(A.T * Y), "<=", opnorm(A) * norm2(Y)),
     (norm2(A.T * Y), "<=", opnorm(A) * norm2(Y) / 2), "A = I, y = e_1", dims=M2)
pair("pr-transpose-difference", "prover", (opnorm((A - C).T), "=", opnorm(A - C)),
     (opnorm((A - C).T), "=", opnorm(A + C)), "A = I, C = I", dims=M2)
pair("pr-frobenius-triangle", "prover", (frob(A + C), "<=", frob(A) + frob(C)),
     (frob(A + C), "<=", frob(A)), "A = 0, C = I", dims=M2)
