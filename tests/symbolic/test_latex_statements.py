r"""Statements as ML-theory papers print them, read into the toolkit's objects (issue 29).

``CASES``: each statement (norms, inner products, sums, matrices, powers of exp, derivatives
and gradients, softmax and log-sum-exp, max/min, PSD, concentration bounds, and the LaTeX
wrappers papers use) parses, and every relation it states, and every condition written with it,
equals a hand-written SymPy form: structurally, or with ``sp.simplify`` of the difference 0, or
(sides with matrix entries or derivatives) with the difference identically zero in explicit
coordinates on a grid of sizes (``symbolic.identity``, an exact normal form; no sampling).

``NOT_PARSED``: what still does not parse, with the reason; each is asserted to raise a
:class:`LatexError` saying so, so the list stays true. ``AMBIGUOUS``: inputs with two readings;
each raises an error naming both.
"""

from __future__ import annotations

import logging

import pytest
import sympy as sp

from symbolic import (
    Claim,
    Prop,
    col,
    d,
    deriv,
    diag,
    dim,
    entropy,
    entry,
    exp_,
    frob,
    hadamard,
    index,
    inner,
    log_,
    matrix,
    max_entry,
    min_entry,
    n,
    norm1,
    norm2,
    norminf,
    normp,
    ones,
    opnorm,
    scalar,
    sum_entries,
    vector,
)
from symbolic.explicit import ExplicitInstance
from symbolic.identity import matrix_identically_zero
from symbolic.latex_parse import LatexError, parse_expr, parse_statement
from symbolic.objects import gradient, is_matrix, kl, logsumexp, softmax, symbols_of, unwrap
from symbolic.pretty import pretty

i, j, kk, yl = index("i"), index("j"), index("k"), index("y")
T = dim("T")
x, y, z, w, p, q, c, a_v, b_v = (vector(s, n) for s in ("x", "y", "z", "w", "p", "q", "c",
                                                           "a", "b"))
u = vector("u", d)
A = matrix("A", n, d)
C = matrix("C", d, d)
M = matrix("M", n, n, symmetric=True)
N = matrix("N", n, n, symmetric=True)
g = vector("g", T)
t, s, a, b, R, lam, delta, eps, sig, alpha = (scalar(v) for v in (
    "t", "s", "a", "b", "R", "lambda", "delta", "epsilon", "sigma", "alpha"))
mu, beta, cc = scalar("mu"), scalar("beta"), scalar("c")
E = sp.E
half = sp.Rational(1, 2)

VEC = {"x": x, "y": y, "z": z, "w": w, "p": p, "q": q, "c": c}
MAT = {"A": A, "u": u, "b": b_v, "C": C, "x": x}
PSD = {"M": M, "N": N, "A": A, "x": x}


def P(lhs, rel, rhs) -> Prop:
    return Prop(lhs, rel, rhs)


def S(body, var, lo, hi):
    return sp.Sum(body, (var, lo, hi))


def xi(v, idx=i):
    return entry(v, idx)


# (label, LaTeX as printed, where, the relations it states, the conditions written with it)
CASES = [
    # -- norms ------------------------------------------------------------------------------
    ("norm-2-inf", r"\|x\|_2 \le \sqrt{n}\|x\|_\infty", VEC,
     [P(norm2(x), "<=", sp.sqrt(n) * norminf(x))], []),
    ("norm-inf-2", r"\|x\|_\infty \le \|x\|_2", VEC, [P(norminf(x), "<=", norm2(x))], []),
    ("norm-2-1", r"\|x\|_2 \leq \|x\|_1", VEC, [P(norm2(x), "<=", norm1(x))], []),
    ("norm-1-2", r"\|x\|_1 \le \sqrt{n} \, \|x\|_2", VEC,
     [P(norm1(x), "<=", sp.sqrt(n) * norm2(x))], []),
    ("triangle", r"\|x + y\|_2 \le \|x\|_2 + \|y\|_2", VEC,
     [P(norm2(x + y), "<=", norm2(x) + norm2(y))], []),
    ("operator-norm", r"\|Au\|_2 \le \|A\| \|u\|_2", MAT,
     [P(norm2(A * u), "<=", opnorm(A) * norm2(u))], []),
    ("op-le-frobenius", r"\|A\|_{\mathrm{op}} \le \|A\|_F", MAT, [P(opnorm(A), "<=", frob(A))],
     []),
    ("frobenius-le-op", r"\|A\|_F \le \sqrt{d} \cdot \|A\|_2", MAT,
     [P(frob(A), "<=", sp.sqrt(d) * opnorm(A))], []),
    ("submultiplicative", r"\lVert A C \rVert \le \lVert A \rVert \lVert C \rVert", MAT,
     [P(opnorm(A * C), "<=", opnorm(A) * opnorm(C))], []),
    ("polarization", r"\|x - y\|_2^2 = \|x\|_2^2 - 2\langle x, y \rangle + \|y\|_2^2", VEC,
     [P(norm2(x - y) ** 2, "=", norm2(x) ** 2 - 2 * inner(x, y) + norm2(y) ** 2)], []),
    ("cauchy-schwarz", r"|\langle x, y \rangle| \le \|x\|_2 \|y\|_2", VEC,
     [P(sp.Abs(inner(x, y)), "<=", norm2(x) * norm2(y))], []),
    ("young", r"\langle x, y \rangle \le \frac{1}{2}\|x\|_2^2 + \frac{1}{2}\|y\|_2^2", VEC,
     [P(inner(x, y), "<=", half * norm2(x) ** 2 + half * norm2(y) ** 2)], []),
    ("hadamard-norm", r"\|x \circ y\|_2 \le \|x\|_{\infty} \cdot \|y\|_2", VEC,
     [P(norm2(hadamard(x, y)), "<=", norminf(x) * norm2(y))], []),
    ("transpose-norm", r"\|A^\top\| = \|A\|", MAT, [P(opnorm(A.T), "=", opnorm(A))], []),
    ("p-norms", r"\|x\|_3 \le \|x\|_2", VEC, [P(normp(x, 3), "<=", norm2(x))], []),
    ("homogeneity", r"\|\lambda x\|_2 = |\lambda| \, \|x\|_2", VEC,
     [P(norm2(lam * x), "=", sp.Abs(lam) * norm2(x))], []),
    ("norm-as-sum", r"\|x\|_2^2 = \sum_{i=1}^n x_i^2", VEC,
     [P(norm2(x) ** 2, "=", S(xi(x) ** 2, i, 1, n))], []),
    ("least-squares", r"\|Au - b\|_2^2 \ge 0", MAT, [P(norm2(A * u - b_v) ** 2, ">=", 0)], []),
    ("identity-norm", r"\|I_n\| = 1", {}, [P(opnorm(sp.Identity(n)), "=", 1)], []),
    ("spectral-le-frobenius", r"\|M\|_2 \le \|M\|_F", PSD, [P(opnorm(M), "<=", frob(M))], []),
    # -- inner products and sums --------------------------------------------------------------
    ("inner-as-sum", r"\langle x, y \rangle = \sum_{i=1}^n x_i y_i", VEC,
     [P(inner(x, y), "=", S(xi(x) * xi(y), i, 1, n))], []),
    ("inner-ones", r"\langle x, \mathbf{1}_n \rangle = \sum_{i=1}^n x_i", VEC,
     [P(inner(x, ones(n)), "=", S(xi(x), i, 1, n))], []),
    ("transpose-product", r"x^\top y = \langle x, y \rangle", VEC,
     [P(entry(x.T * y, 1, 1), "=", inner(x, y))], []),
    ("mean-le-max", r"\frac{1}{n}\sum_{i=1}^n x_i \le \max_i x_i", VEC,
     [P(S(xi(x), i, 1, n) / n, "<=", max_entry(x))], []),
    ("l1-as-sum", r"\sum_{i=1}^n |x_i| = \|x\|_1", VEC,
     [P(S(sp.Abs(xi(x)), i, 1, n), "=", norm1(x))], []),
    ("sum-square", r"\left(\sum_{i=1}^n x_i\right)^2 \le n \sum_{i=1}^n x_i^2", VEC,
     [P(S(xi(x), i, 1, n) ** 2, "<=", n * S(xi(x) ** 2, i, 1, n))], []),
    ("sum-cauchy-schwarz", r"\sum_{i=1}^n x_i y_i \le \|x\|_2 \|y\|_2", VEC,
     [P(S(xi(x) * xi(y), i, 1, n), "<=", norm2(x) * norm2(y))], []),
    ("harmonic-sum", r"\sum_{t=1}^{T} \frac{1}{\sqrt{t}} \le 2\sqrt{T}", {"T": T},
     [P(S(1 / sp.sqrt(index("t")), index("t"), 1, T), "<=", 2 * sp.sqrt(T))], []),
    ("am-gm", r"\prod_{i=1}^n x_i \le \left(\frac{1}{n}\sum_{i=1}^n x_i\right)^n", VEC,
     [P(sp.Product(xi(x), (i, 1, n)), "<=", (S(xi(x), i, 1, n) / n) ** n)],
     []),
    ("double-sum", r"\sum_{i=1}^n \sum_{j=1}^n x_i y_j = \left(\sum_{i=1}^n x_i\right)"
     r"\left(\sum_{j=1}^n y_j\right)", VEC,
     [P(S(S(xi(x) * xi(y, j), j, 1, n), i, 1, n), "=",
        S(xi(x), i, 1, n) * S(xi(y, j), j, 1, n))], []),
    ("gauss-sum", r"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}", {},
     [P(S(kk, kk, 1, n), "=", n * (n + 1) / 2)], []),
    ("sum-unbounded-index", r"\sum_i x_i y_i = x^\top y", VEC,
     [P(S(xi(x) * xi(y), i, 1, n), "=", entry(x.T * y, 1, 1))], []),
    ("average-over-T", r"\frac{1}{T}\sum_{t=1}^T g_t \le \max_{t \in [T]} g_t",
     {"T": T, "g": g}, [P(S(entry(g, index("t")), index("t"), 1, T) / T, "<=", max_entry(g))],
     []),
    # -- matrices ---------------------------------------------------------------------------
    ("transpose-of-product", r"(AC)^\top = C^\top A^\top", MAT,
     [P((A * C).T, "=", C.T * A.T)], []),
    ("diag-hadamard", r"\mathrm{diag}(x) y = x \circ y", VEC,
     [P(diag(x) * y, "=", hadamard(x, y))], []),
    ("diag-norm", r"\|\operatorname{diag}(x)\| = \|x\|_\infty", VEC,
     [P(opnorm(diag(x)), "=", norminf(x))], []),
    ("frobenius-as-sum", r"\|A\|_F^2 = \sum_{i=1}^n \sum_{j=1}^d A_{i,j}^2", MAT,
     [P(frob(A) ** 2, "=", S(S(entry(A, i, j) ** 2, j, 1, d), i, 1, n))], []),
    ("column-entry", r"(Au)_i = \langle (A^\top)_{*,i}, u \rangle", MAT,
     [P(entry(A * u, i), "=", inner(col(A.T, i), u))], []),
    ("quadratic-form", r"u^T C u \le \|C\| \cdot \|u\|_2^2", MAT,
     [P(entry(u.T * C * u, 1, 1), "<=", opnorm(C) * norm2(u) ** 2)], []),
    ("inverse-norm", r"\|(M + \lambda I_n)^{-1}\| \le \frac{1}{\lambda}, \quad M \succeq 0, "
     r"\; \lambda > 0", PSD,
     [P(opnorm((M + lam * sp.Identity(n)) ** -1), "<=", 1 / lam)],
     [P(sp.ZeroMatrix(n, n), "⪯", M), P(lam, ">", 0)]),
    ("rank-one-inner", r"\langle A u, x \rangle = x^\top A u", {"A": A, "u": u, "x": x},
     [P(inner(A * u, x), "=", entry(x.T * A * u, 1, 1))], []),
    # -- powers of exp and logs ---------------------------------------------------------------
    ("exp-tangent", r"e^t \ge 1 + t", {}, [P(sp.exp(t), ">=", 1 + t)], []),
    ("exp-quadratic", r"\exp(t) \le 1 + t + t^2, \quad t \le 1", {},
     [P(sp.exp(t), "<=", 1 + t + t**2)], [P(t, "<=", 1)]),
    ("exp-reciprocal", r"e^{-t} \le \frac{1}{1+t} \quad \text{for } t \ge 0", {},
     [P(sp.exp(-t), "<=", 1 / (1 + t))], [P(t, ">=", 0)]),
    ("exp-square", r"\exp(2R^2) = \exp(R^2)^2", {}, [P(sp.exp(2 * R**2), "=",
                                                       sp.exp(R**2) ** 2)], []),
    ("exp-sum", r"e^{a+b} = e^a e^b", {}, [P(sp.exp(a + b), "=", sp.exp(a) * sp.exp(b))], []),
    ("exp-e-t", r"\mathrm{e}^{t} \ge \mathrm{e} \cdot t", {}, [P(sp.exp(t), ">=", E * t)], []),
    ("log-le", r"\log(1+t) \le t, \quad t > -1", {}, [P(sp.log(1 + t), "<=", t)],
     [P(t, ">", -1)]),
    ("log-ge", r"\log(1+t) \ge \frac{t}{1+t}, \quad t > -1", {},
     [P(sp.log(1 + t), ">=", t / (1 + t))], [P(t, ">", -1)]),
    ("one-minus", r"1 - t \le e^{-t}", {}, [P(1 - t, "<=", sp.exp(-t))], []),
    ("exp-half", r"\exp(t)^{1/2} = e^{t/2}", {}, [P(sp.exp(t) ** half, "=", sp.exp(t / 2))], []),
    ("log-reciprocal", r"\log\frac{1}{\delta} = -\log\delta, \quad \delta > 0", {},
     [P(sp.log(1 / delta), "=", -sp.log(delta))], [P(delta, ">", 0)]),
    ("log-product", r"\ln(ab) = \ln a + \ln b, \quad a, b > 0", {},
     [P(sp.log(a * b), "=", sp.log(a) + sp.log(b))], [P(a, ">", 0), P(b, ">", 0)]),
    ("bernoulli", r"t^{\alpha} \le 1 + \alpha \cdot (t - 1), \quad t > 0, \; 0 \le \alpha \le 1",
     {}, [P(t**alpha, "<=", 1 + alpha * (t - 1))],
     [P(t, ">", 0), P(0, "<=", alpha), P(alpha, "<=", 1)]),
    ("exp-norm", r"\exp(\|x\|_2^2) \ge 1 + \|x\|_2^2", VEC,
     [P(sp.exp(norm2(x) ** 2), ">=", 1 + norm2(x) ** 2)], []),
    ("exp-vector-inf", r"\|\exp(x)\|_{\infty} \le \exp(\|x\|_2)", VEC,
     [P(norminf(exp_(x)), "<=", sp.exp(norm2(x)))], []),
    ("alpha-lower", r"\langle \exp(x), \mathbf{1}_n \rangle \ge n \exp(-\|x\|_\infty)", VEC,
     [P(inner(exp_(x), ones(n)), ">=", n * sp.exp(-norminf(x)))], []),
    ("cosh-bound", r"\cosh t \le e^{t^2/2}", {}, [P(sp.cosh(t), "<=", sp.exp(t**2 / 2))], []),
    ("sinh-bound", r"\sinh t \ge t \quad \forall t \ge 0", {}, [P(sp.sinh(t), ">=", t)],
     [P(t, ">=", 0)]),
    ("tanh-bound", r"|\tanh t| \le |t|", {}, [P(sp.Abs(sp.tanh(t)), "<=", sp.Abs(t))], []),
    ("erf-bound", r"\operatorname{erf}(t) \le 1", {}, [P(sp.erf(t), "<=", 1)], []),
    ("floor-chain", r"\lfloor t \rfloor \le t < \lfloor t \rfloor + 1", {},
     [P(sp.floor(t), "<=", t), P(t, "<", sp.floor(t) + 1)], []),
    ("ceiling", r"\lceil t \rceil \ge t", {}, [P(sp.ceiling(t), ">=", t)], []),
    ("atan2", r"\operatorname{atan2}(s, t) = \arctan\frac{s}{t}, \quad t > 0", {},
     [P(sp.atan2(s, t), "=", sp.atan(s / t))], [P(t, ">", 0)]),
    ("log-squared", r"\log^2 t \ge 0, \quad t > 0", {}, [P(sp.log(t) ** 2, ">=", 0)],
     [P(t, ">", 0)]),
    ("log-of-power", r"\log t^2 = 2\log|t|, \quad t \neq 0", {},
     [P(sp.log(t**2), "=", 2 * sp.log(sp.Abs(t)))], [P(t, "!=", 0)]),
    # -- derivatives and gradients --------------------------------------------------------------
    ("partial-norm", r"\frac{\partial}{\partial x_i} \|x\|_2^2 = 2 x_i", VEC,
     [P(deriv(norm2(x) ** 2, x, i), "=", 2 * xi(x))], []),
    ("gradient-norm", r"\nabla_x \|x\|_2^2 = 2x", VEC,
     [P(gradient(norm2(x) ** 2, x), "=", 2 * x)], []),
    ("gradient-least-squares", r"\nabla_u \frac{1}{2}\|Au - b\|_2^2 = A^\top (Au - b)", MAT,
     [P(gradient(half * norm2(A * u - b_v) ** 2, u), "=", A.T * (A * u - b_v))], []),
    ("gradient-linear", r"\nabla_{x} \langle c, x \rangle = c", VEC,
     [P(gradient(inner(c, x), x), "=", c)], []),
    ("partial-alpha", r"\frac{\partial \langle \exp(Au), \mathbf{1}_n\rangle}{\partial u_i} = "
     r"\langle \exp(Au), A_{*,i}\rangle", MAT,
     [P(deriv(inner(exp_(A * u), ones(n)), u, i), "=", inner(exp_(A * u), col(A, i)))], []),
    ("scalar-derivative", r"\frac{\mathrm{d}}{\mathrm{d}t} \log(1 + e^t) = \frac{e^t}{1+e^t}", {},
     [P(deriv(sp.log(1 + sp.exp(t)), t, 1), "=", sp.exp(t) / (1 + sp.exp(t)))], []),
    ("mixed-partials", r"\frac{\partial^2 f}{\partial x_i \partial x_j} = "
     r"\frac{\partial^2 f}{\partial x_j \partial x_i}",
     {**VEC, "f": inner(exp_(x), ones(n))},
     [P(deriv(deriv(inner(exp_(x), ones(n)), x, j), x, i), "=",
        deriv(deriv(inner(exp_(x), ones(n)), x, i), x, j))], []),
    ("lse-partial", r"\frac{\partial \mathrm{LSE}(z)}{\partial z_i} = \mathrm{softmax}(z)_i", VEC,
     [P(deriv(logsumexp(z), z, i), "=", entry(softmax(z), i))], []),
    ("lse-gradient", r"\nabla_z \mathrm{LSE}(z) = \mathrm{softmax}(z)", VEC,
     [P(gradient(logsumexp(z), z), "=", softmax(z))], []),
    ("softmax-jacobian", r"\frac{\partial \mathrm{softmax}(z)_i}{\partial z_j} = "
     r"\mathrm{softmax}(z)_i (\delta_{ij} - \mathrm{softmax}(z)_j)", VEC,
     [P(deriv(entry(softmax(z), i), z, j), "=",
        entry(softmax(z), i) * (sp.KroneckerDelta(i, j) - entry(softmax(z), j)))], []),
    ("convexity", r"f(x) + \nabla f(x)^\top (y - x) \le f(y)",
     {**VEC, "f": lambda v: norm2(v) ** 2},
     [P(norm2(x) ** 2 + entry(gradient(norm2(x) ** 2, x).T * (y - x), 1, 1), "<=",
        norm2(y) ** 2)], []),
    ("sigmoid-derivative", r"\frac{\mathrm{d} \sigma(t)}{\mathrm{d} t} = \sigma(t)(1 - \sigma(t))",
     {"\\sigma": lambda v: 1 / (1 + sp.exp(-v))},
     [P(deriv(1 / (1 + sp.exp(-t)), t, 1), "=",
        1 / (1 + sp.exp(-t)) * (1 - 1 / (1 + sp.exp(-t))))], []),
    ("matrix-partial", r"\frac{\partial}{\partial A_{i,j}} \langle b, A u \rangle = b_i u_j",
     MAT, [P(deriv(inner(b_v, A * u), A, i, j), "=", entry(b_v, i) * entry(u, j))], []),
    # -- softmax, log-sum-exp, KL, entropy ------------------------------------------------------
    ("softmax-definition", r"\mathrm{softmax}(z)_i = \frac{e^{z_i}}{\sum_{j=1}^n e^{z_j}}", VEC,
     [P(entry(softmax(z), i), "=", sp.exp(xi(z)) / S(sp.exp(xi(z, j)), j, 1, n))], []),
    ("softmax-sums-to-one", r"\sum_{i=1}^n \mathrm{softmax}(z)_i = 1", VEC,
     [P(S(entry(softmax(z), i), i, 1, n), "=", 1)], []),
    ("softmax-inner-ones", r"\langle \operatorname{softmax}(z), \mathbf{1}_n \rangle = 1", VEC,
     [P(inner(softmax(z), ones(n)), "=", 1)], []),
    ("lse-definition", r"\mathrm{LSE}(z) = \log \sum_{i=1}^n e^{z_i}", VEC,
     [P(logsumexp(z), "=", sp.log(S(sp.exp(xi(z)), i, 1, n)))], []),
    ("lse-sandwich", r"\max_i z_i \le \mathrm{LSE}(z) \le \max_i z_i + \log n", VEC,
     [P(max_entry(z), "<=", logsumexp(z)), P(logsumexp(z), "<=", max_entry(z) + sp.log(n))],
     []),
    ("softmax-shift", r"\operatorname{softmax}(z + c\mathbf{1}_n) = \operatorname{softmax}(z)",
     {"z": z, "c": cc}, [P(softmax(z + cc * ones(n)), "=", softmax(z))], []),
    ("lse-shift", r"\mathrm{LSE}(z + c \mathbf{1}_n) = \mathrm{LSE}(z) + c", {"z": z, "c": cc},
     [P(logsumexp(z + cc * ones(n)), "=", logsumexp(z) + cc)], []),
    ("gibbs", r"\mathrm{KL}(p \| q) \ge 0, \quad p, q \in \Delta_n", VEC,
     [P(kl(p, q), ">=", 0)],
     [P(min_entry(p), ">=", 0), P(sum_entries(p), "=", 1), P(min_entry(q), ">=", 0),
      P(sum_entries(q), "=", 1)]),
    ("kl-definition", r"D_{\mathrm{KL}}(p \| q) = \sum_{i=1}^n p_i \log\frac{p_i}{q_i}", VEC,
     [P(kl(p, q), "=", S(xi(p) * sp.log(xi(p) / xi(q)), i, 1, n))], []),
    ("entropy-max", r"H(p) \le \log n, \quad p \in \Delta_n", VEC,
     [P(entropy(p), "<=", sp.log(n))], [P(min_entry(p), ">=", 0), P(sum_entries(p), "=", 1)]),
    ("entropy-definition", r"H(p) = -\sum_{i=1}^n p_i \log p_i", VEC,
     [P(entropy(p), "=", -S(xi(p) * sp.log(xi(p)), i, 1, n))], []),
    ("softmax-norm", r"\|\mathrm{softmax}(z)\|_2 \le 1", VEC, [P(norm2(softmax(z)), "<=", 1)], []),
    ("softmax-lipschitz", r"\|\mathrm{softmax}(x) - \mathrm{softmax}(y)\|_2 \le \|x - y\|_2", VEC,
     [P(norm2(softmax(x) - softmax(y)), "<=", norm2(x - y))], []),
    ("softmax-max", r"\max_i \mathrm{softmax}(z)_i \ge \frac{1}{n}", VEC,
     [P(max_entry(softmax(z)), ">=", 1 / n)], []),
    ("cross-entropy", r"-\log \mathrm{softmax}(z)_y = \mathrm{LSE}(z) - z_y", {"z": z, "y": yl},
     [P(-sp.log(entry(softmax(z), yl)), "=", logsumexp(z) - entry(z, yl))], []),
    ("cross-entropy-indicator",
     r"-\sum_{i=1}^n \mathbb{1}[i = y] \log \mathrm{softmax}(z)_i = \mathrm{LSE}(z) - z_y",
     {"z": z, "y": yl},
     [P(-S(sp.KroneckerDelta(i, yl) * sp.log(entry(softmax(z), i)), i, 1, n), "=",
        logsumexp(z) - entry(z, yl))], []),
    ("log-softmax", r"\log(\mathrm{softmax}(z)) = z - \mathrm{LSE}(z)\mathbf{1}_n", VEC,
     [P(log_(softmax(z)), "=", z - logsumexp(z) * ones(n))], []),
    # -- max and min ------------------------------------------------------------------------
    ("max-ge-mean", r"\max(a, b) \ge \frac{a + b}{2}", {}, [P(sp.Max(a, b), ">=", (a + b) / 2)],
     []),
    ("min-le-geometric", r"\min(a, b) \le \sqrt{ab}, \quad a, b \ge 0", {},
     [P(sp.Min(a, b), "<=", sp.sqrt(a * b))], [P(a, ">=", 0), P(b, ">=", 0)]),
    ("max-abs", r"\max_i |x_i| = \|x\|_\infty", VEC, [P(norminf(x), "=", norminf(x))], []),
    ("max-plus-min", r"\max\{a, b\} + \min\{a, b\} = a + b", {},
     [P(sp.Max(a, b) + sp.Min(a, b), "=", a + b)], []),
    ("min-le-mean", r"\min_{i \in [n]} x_i \le \frac{1}{n}\sum_{i=1}^n x_i", VEC,
     [P(min_entry(x), "<=", S(xi(x), i, 1, n) / n)], []),
    ("max-of-product", r"\max_{1 \le i \le n} (Au)_i \le \|A\| \|u\|_2", MAT,
     [P(max_entry(A * u), "<=", opnorm(A) * norm2(u))], []),
    ("range", r"\max_i x_i - \min_i x_i \le 2\|x\|_\infty", VEC,
     [P(max_entry(x) - min_entry(x), "<=", 2 * norminf(x))], []),
    ("max-lipschitz", r"|\max(a, b) - \max(s, t)| \le \max(|a - s|, |b - t|)", {},
     [P(sp.Abs(sp.Max(a, b) - sp.Max(s, t)), "<=", sp.Max(sp.Abs(a - s), sp.Abs(b - t)))], []),
    ("relu", r"\max(0, t) = \frac{t + |t|}{2}", {}, [P(sp.Max(0, t), "=", (t + sp.Abs(t)) / 2)],
     []),
    ("max-entrywise", r"\max_i |x_i - y_i| \le \|x - y\|_2", VEC,
     [P(norminf(x - y), "<=", norm2(x - y))], []),
    # -- PSD --------------------------------------------------------------------------------
    ("gram-psd", r"A^\top A \succeq 0", MAT, [P(sp.ZeroMatrix(d, d), "⪯", A.T * A)], []),
    ("quadratic-psd", r"x^\top M x \ge 0, \quad M \succeq 0", PSD,
     [P(entry(x.T * M * x, 1, 1), ">=", 0)], [P(sp.ZeroMatrix(n, n), "⪯", M)]),
    ("psd-le-norm", r"M \preceq \|M\| I_n", PSD,
     [P(M, "⪯", opnorm(M) * sp.Identity(n))], []),
    ("psd-chain", r"0 \preceq M \preceq I", PSD,
     [P(sp.ZeroMatrix(n, n), "⪯", M), P(M, "⪯", sp.Identity(n))], []),
    ("ridge-psd", r"A^\top A + \lambda I \succeq \lambda I, \quad \lambda > 0", MAT,
     [P(lam * sp.Identity(d), "⪯", A.T * A + lam * sp.Identity(d))], [P(lam, ">", 0)]),
    ("outer-psd", r"x x^\top \succeq 0", PSD, [P(sp.ZeroMatrix(n, n), "⪯", x * x.T)], []),
    ("psd-cone", r"\langle x, M x \rangle \ge 0, \quad M \in \mathbb{S}^n_+", PSD,
     [P(inner(x, M * x), ">=", 0)], [P(sp.ZeroMatrix(n, n), "⪯", M)]),
    ("psd-sum", r"M + N \succeq 0, \quad M \succeq 0, \; N \succeq 0", PSD,
     [P(sp.ZeroMatrix(n, n), "⪯", M + N)],
     [P(sp.ZeroMatrix(n, n), "⪯", M), P(sp.ZeroMatrix(n, n), "⪯", N)]),
    # -- concentration bounds (the deterministic inequalities they reduce to) --------------------
    ("hoeffding-sample-size", r"2\exp(-2 n t^2) \le \delta, \quad t \ge "
     r"\sqrt{\frac{\log(2/\delta)}{2n}}, \; \delta \in (0, 1)", {},
     [P(2 * sp.exp(-2 * n * t**2), "<=", delta)],
     [P(t, ">=", sp.sqrt(sp.log(2 / delta) / (2 * n))), P(0, "<", delta), P(delta, "<", 1)]),
    ("hoeffding-lemma", r"\log\cosh\lambda \le \frac{\lambda^2}{2}", {},
     [P(sp.log(sp.cosh(lam)), "<=", lam**2 / 2)], []),
    ("bernstein-regime", r"\exp\left(-\frac{t^2/2}{\sigma^2 + bt/3}\right) \le "
     r"\exp\left(-\frac{t^2}{4\sigma^2}\right), \quad t \le \frac{3\sigma^2}{b}, \; b > 0",
     {}, [P(sp.exp(-(t**2 / 2) / (sig**2 + b * t / 3)), "<=", sp.exp(-t**2 / (4 * sig**2)))],
     [P(t, "<=", 3 * sig**2 / b), P(b, ">", 0)]),
    ("chernoff-h", r"(1 + \epsilon)\log(1 + \epsilon) - \epsilon \ge "
     r"\frac{\epsilon^2}{2 + \epsilon}, \quad \epsilon \ge 0", {},
     [P((1 + eps) * sp.log(1 + eps) - eps, ">=", eps**2 / (2 + eps))], [P(eps, ">=", 0)]),
    ("bennett-h", r"(1+t)\log(1+t) - t \ge \frac{t^2}{2(1 + t/3)}, \quad t \ge 0", {},
     [P((1 + t) * sp.log(1 + t) - t, ">=", t**2 / (2 * (1 + t / 3)))], [P(t, ">=", 0)]),
    ("gaussian-tail", r"1 - \operatorname{erf}\left(\frac{t}{\sqrt{2}}\right) \le e^{-t^2/2}, "
     r"\quad t \ge 0", {}, [P(1 - sp.erf(t / sp.sqrt(2)), "<=", sp.exp(-t**2 / 2))],
     [P(t, ">=", 0)]),
    ("mcdiarmid", r"\exp\left(-\frac{2t^2}{\sum_{i=1}^n c_i^2}\right) = "
     r"\exp\left(-\frac{2t^2}{\|c\|_2^2}\right)", VEC,
     [P(sp.exp(-2 * t**2 / S(xi(c) ** 2, i, 1, n)), "=", sp.exp(-2 * t**2 / norm2(c) ** 2))],
     []),
    ("subgaussian-max", r"\sqrt{2\sigma^2\log(2n)} \le \sigma\sqrt{2\log 2} + "
     r"\sigma\sqrt{2\log n}, \quad \sigma > 0", {},
     [P(sp.sqrt(2 * sig**2 * sp.log(2 * n)), "<=",
        sig * sp.sqrt(2 * sp.log(2)) + sig * sp.sqrt(2 * sp.log(n)))], [P(sig, ">", 0)]),
    ("union-bound", r"n \cdot \frac{\delta}{n} = \delta", {}, [P(n * (delta / n), "=", delta)],
     []),
    ("vc-bound", r"\sqrt{\frac{d \log(en/d) + \log(1/\delta)}{n}} \le "
     r"\sqrt{\frac{d \log(en)}{n}} + \sqrt{\frac{\log(1/\delta)}{n}}", {},
     [P(sp.sqrt((d * sp.log(E * n / d) + sp.log(1 / delta)) / n), "<=",
        sp.sqrt(d * sp.log(E * n) / n) + sp.sqrt(sp.log(1 / delta) / n))], []),
    # -- wrappers, separators, indicators ------------------------------------------------------
    ("dollars", r"$\|x\|_2 \le \sqrt{n} \|x\|_\infty$", VEC,
     [P(norm2(x), "<=", sp.sqrt(n) * norminf(x))], []),
    ("display", r"\[ \|x + y\|_2^2 \le 2\|x\|_2^2 + 2\|y\|_2^2 \]", VEC,
     [P(norm2(x + y) ** 2, "<=", 2 * norm2(x) ** 2 + 2 * norm2(y) ** 2)], []),
    ("equation-env", "\\begin{equation}\\label{eq:tangent}\n  e^t \\geq 1 + t,\n"
     "\\end{equation}", {}, [P(sp.exp(t), ">=", 1 + t)], []),
    ("align-chain", "\\begin{align*}\n  \\|x - y\\|_2 &\\le \\|x\\|_2 + \\|y\\|_2 \\\\\n"
     "  &\\le 2\\max(\\|x\\|_2, \\|y\\|_2)\n\\end{align*}", VEC,
     [P(norm2(x - y), "<=", norm2(x) + norm2(y)),
      P(norm2(x) + norm2(y), "<=", 2 * sp.Max(norm2(x), norm2(y)))], []),
    ("leading-forall", r"\forall t > 0, \; \log t \le t - 1", {}, [P(sp.log(t), "<=", t - 1)],
     [P(t, ">", 0)]),
    ("for-index", r"x_i \le \|x\|_\infty \quad \text{for all } i \in [n]", VEC,
     [P(xi(x), "<=", norminf(x))], [P(1, "<=", i), P(i, "<=", n)]),
    ("indicator-delta", r"\mathbb{1}[i = j] = \delta_{ij}", VEC,
     [P(sp.KroneckerDelta(i, j), "=", sp.KroneckerDelta(i, j))], []),
    ("indicator-sum", r"\sum_{j=1}^n \mathbb{1}[i = j] x_j = x_i", VEC,
     [P(S(sp.KroneckerDelta(i, j) * xi(x, j), j, 1, n), "=", xi(x))], []),
    ("indicator-real", r"\mathbf{1}\{t > 0\} \cdot t = \max(t, 0)", {},
     [P(sp.Piecewise((1, t > 0), (0, True)) * t, "=", sp.Max(t, 0))], []),
    ("reals-shape", r"\|x\|_2 \ge 0, \quad x \in \mathbb{R}^n", VEC, [P(norm2(x), ">=", 0)], []),
    ("nonnegative-orthant", r"\langle x, y \rangle \ge 0, \quad x, y \in \mathbb{R}^n_{+}", VEC,
     [P(inner(x, y), ">=", 0)], [P(min_entry(x), ">=", 0), P(min_entry(y), ">=", 0)]),
    ("boldface", r"\|\mathbf{x}\|_2 = \|\boldsymbol{x}\|_2", VEC, [P(norm2(x), "=", norm2(x))], []),
    ("cdot-times", r"a \cdot b \times t = abt", {}, [P(a * b * t, "=", a * b * t)], []),
]

# (LaTeX, where, what the error says): statements that do not parse, and why
NOT_PARSED = [
    (r"\Pr\left[|\bar{X} - \mu| \ge t\right] \le 2\exp(-2nt^2)", {},
     r"probabilities \(\\Pr\) are not in the vocabulary"),
    (r"\mathbb{E}[e^{\lambda X}] \le e^{\lambda^2 \sigma^2 / 2}", {},
     r"expectations \(\\mathbb\{E\}\) are not in the vocabulary"),
    (r"\mathbb{E}\left[\max_{i} X_i\right] \le \sigma\sqrt{2\log n}", {},
     r"expectations .* not in the vocabulary"),
    (r"\mathrm{Var}(X) \le \frac{(b-a)^2}{4}", {}, r"variances are not in the vocabulary"),
    (r"Au = \sum_{j=1}^d u_j A_{*,j}", MAT, r"a \\sum of vectors or matrices is not supported"),
    (r"\det(A^\top A) \ge 0", MAT, r"the determinant is not in the vocabulary"),
    (r"\ \forall \ y \in C", {}, r"only conditions \(\\forall \.\.\.\), no statement"),
    (r"\|A\|_* \le \sqrt{d}\|A\|_F", MAT, r"\\\|M\\\|_\* of a matrix is not supported"),
    (r"\|x\|_2 \lesssim \sqrt{n}", VEC, r"\\lesssim hides a constant"),
    (r"\sup_{t \in [0, 1]} t^2 \le 1", {}, r"unknown command '\\sup'"),
]

# (LaTeX, where, the message naming both readings)
AMBIGUOUS = [
    (r"\sum_{i=1}^n x_i + y_i \le 1", VEC,
     r"two readings: \(\\sum_\{i=1\}\^n x_i\) \+ y_i, or \\sum_\{i=1\}\^n \(x_i \+ y_i\)"),
    (r"\log 2x \le t", {}, r"two readings: \(\\log 2\) x, or the function applied to both factors"),
    (r"\sin t s \le 1", {}, r"two readings: \(\\sin t\) s, or the function applied to both factors"),
    (r"\frac{dy}{dx} = 0", {}, r"two readings: \\frac\{dy\}\{dx\} is a derivative, or a quotient "
                           r"with the dimension d"),
    (r"e^t \ge 1 + t, \quad 0 < s, t < 1", {},
     r"two readings: 0 < s and t < 1, or both s and t between 0 and 1"),
    (r"\sin^{-1} t \le 2", {}, r"two readings: \\sin\^\{-1\} is the inverse function or 1/\\sin"),
    (r"\frac{\partial}{\partial x_i} x_i^2 + x_i = 3 x_i", VEC,
     r"two readings: \(\\frac\{\\partial\}\{\\partial x_i\} x_i\^2\) \+ x_i, or "
     r"\\frac\{\\partial\}\{\\partial x_i\} \(x_i\^2 \+ x_i\)"),
    (r"\max_i x_i - x_i \ge 0", VEC, r"two readings: \(\\max_i x_i\) - x_i, or \\max_i \(x_i - x_i\)"),
]

GRID = ({"n": 2, "d": 2, "T": 2}, {"n": 3, "d": 1, "T": 3})


def same(got, want) -> str | None:
    """How ``got`` and ``want`` were found identical (``structural``, ``simplify`` or
    ``explicit``: the difference is 0 in explicit coordinates, exactly), or None."""
    got, want = unwrap(sp.sympify(got)), unwrap(sp.sympify(want))
    if got == want:
        return "structural"
    if is_matrix(got) != is_matrix(want):
        return None
    diff = sp.simplify(got - want)
    if diff == 0 or isinstance(diff, sp.ZeroMatrix):
        return "simplify"
    syms = symbols_of(got) | symbols_of(want)
    indices = {v for v in syms if isinstance(v, sp.Symbol) and v.is_integer}
    for dims in GRID:
        inst = ExplicitInstance(syms - indices, dims, indices=dict.fromkeys(indices, 1))
        delta_ = inst(got) - inst(want)
        if matrix_identically_zero(delta_, seconds=30) is not True:
            return None
    return "explicit"


def same_prop(got: Prop, want: Prop) -> list[str]:
    if got.rel is want.rel:
        pairs = [(got.lhs, want.lhs), (got.rhs, want.rhs)]
    else:  # a >= b written as b <= a
        assert got.rel.direction == -want.rel.direction and got.rel.strict == want.rel.strict, (
            got, want)
        pairs = [(got.lhs, want.rhs), (got.rhs, want.lhs)]
    how = []
    for a_side, b_side in pairs:
        verdict = same(a_side, b_side)
        assert verdict, f"{a_side}  !=  {b_side}"
        how.append(verdict)
    return how


@pytest.mark.parametrize("label,tex,where,hand,conditions", CASES, ids=[c[0] for c in CASES])
def test_statement_equals_the_hand_written_form(label, tex, where, hand, conditions):
    st = parse_statement(tex, where)
    assert len(st.props) == len(hand), st.props
    for got, want in zip(st.props, hand, strict=True):
        same_prop(got, want)
    assert len(st.conditions) == len(conditions), st.conditions
    for got, want in zip(st.conditions, conditions, strict=True):
        same_prop(got, want)


@pytest.mark.parametrize("tex,where,reason", NOT_PARSED, ids=[r[2][:30] for r in NOT_PARSED])
def test_what_does_not_parse_says_why(tex, where, reason):
    with pytest.raises(LatexError, match=reason):
        parse_statement(tex, where)


@pytest.mark.parametrize("tex,where,readings", AMBIGUOUS, ids=[a[0] for a in AMBIGUOUS])
def test_two_readings_are_refused_naming_both(tex, where, readings):
    with pytest.raises(LatexError, match=readings):
        parse_statement(tex, where)


def test_at_least_100_statements_and_90_percent_parse():
    total = len(CASES) + len(NOT_PARSED)
    assert total >= 100
    assert len(CASES) / total >= 0.9
    topics = {c[0] for c in CASES}
    assert {"gradient-norm", "softmax-definition", "gram-psd", "hoeffding-sample-size",
            "max-abs", "cauchy-schwarz", "frobenius-as-sum", "exp-square"} <= topics


def test_the_grammar_has_no_shift_reduce_conflicts(caplog):
    """LALR resolves a shift/reduce conflict silently: none may exist, or an input could be
    read one way without anyone choosing that reading."""
    from lark import Lark, logger

    from symbolic.latex_parse import _Lexer
    from symbolic.latex_parse.grammar import GRAMMAR

    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark(GRAMMAR, parser="lalr", lexer=_Lexer, debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_unparenthesised_arguments_read_as_mathematicians_do():
    assert parse_expr(r"\sin t^2") == sp.sin(t**2)
    assert parse_expr(r"\sin(t)^2") == sp.sin(t) ** 2
    assert parse_expr(r"\log n \log d") == sp.log(n) * sp.log(d)
    assert parse_expr(r"\log n \cdot t") == sp.log(n) * t
    assert parse_expr(r"\sum_{n=1}^{3} n + 1") == sp.Sum(index("n"), (index("n"), 1, 3)) + 1


def test_a_sum_up_to_a_real_scalar_says_how_to_declare_it():
    with pytest.raises(LatexError, match=r"upper bound K of \\sum uses the real scalar K.*"
                                         r"dim\('K'\)"):
        parse_expr(r"\sum_{k=1}^K k")
    assert parse_expr(r"\sum_{t=1}^T t", {"T": T}) == sp.Sum(index("t"), (index("t"), 1, T))


def test_conditions_become_the_claims_hypotheses():
    c = Claim.from_latex("mine:log-tangent", r"\log(1+t) \le t, \quad t > -1")
    assert [str(h) for h in c.hypotheses] == ["t > -1"]
    c = Claim.from_latex("mine:tangent", r"\forall t \ge 0, \; e^{-t} \le 1")
    assert [str(h) for h in c.hypotheses] == ["t >= 0"]


def test_softmax_and_lse_are_exported_beside_the_regression_module():
    import symbolic
    from symbolic.regression import SoftmaxRegression  # the module of the closeness objects

    assert symbolic.softmax is softmax and symbolic.logsumexp is logsumexp
    assert SoftmaxRegression.__module__ == "symbolic.regression"


def test_a_relation_after_a_bare_space_is_a_condition_only_where_it_must_be_one():
    def read(text):
        st = parse_statement(text)
        return [str(p) for p in st.props], [str(c) for c in st.conditions]
    # a case of an equation, a range of one name, words, a comma: conditions
    assert read(r"h = \frac{2}{L} \quad \alpha\lambda < 1 + \beta") == (
        ["h = 2/L"], ["alpha*lambda < beta + 1"])
    assert read(r"e^x \ge 1 + x \quad x > 0") == (["exp(x) >= x + 1"], ["x > 0"])
    assert read(r"a \le b, \quad c + d \le 1")[1] == ["c + d <= 1"]
    assert read(r"a \le b \text{ for } c + d \le 1")[1] == ["c + d <= 1"]
    assert read(r"a \le b \text{ and } c + d \le 1")[0] == ["a <= b", "c + d <= 1"]
    # two bounds side by side: a condition, or a second statement
    with pytest.raises(LatexError, match=r"two readings: .* a condition .* or a second "
                                         r"statement"):
        parse_statement(r"|x| \le 8\varepsilon \qquad \qquad |\lambda_2 - \lambda_1| \le "
                        r"5\varepsilon")


def test_a_powered_name_before_one_argument_has_two_readings():
    for text in (r"\lambda^2(x) \le 1", r"f_t^2(w_t) \ge 0"):  # λ(x)², or λ² times x
        with pytest.raises(LatexError, match=r"two readings: .* times .*, or the function"):
            parse_statement(text)
    assert str(parse_expr(r"\sigma^2(L + \mu)")) == "sigma**2*(L + mu)"  # not an argument
    assert str(parse_expr(r"e^2(x)")) == "x*exp(2)"  # e is Euler's number


def test_a_function_of_a_number_before_a_slash_has_two_readings():
    for text in (r"\log 2/\delta \le 1", r"\sqrt{\log 1 / \delta} \ge 0"):  # log(2/δ) meant
        with pytest.raises(LatexError, match=r"two readings: \(\\log \w\)/\\delta, or the "
                                             r"function of the quotient"):
            parse_statement(text)
    with pytest.raises(LatexError, match="two readings"):  # log(T)/δ, or log(T/δ)
        parse_expr(r"\log T/\delta")
    assert str(parse_expr(r"\log(2)/\delta")) == "log(2)/delta"
    shown = parse_statement(r"\mathbb{E}[X] \le \sqrt{\log 1/\delta}", opaque=True)  # shown
    assert pretty(shown.props[0]) == "E[X] ≤ √(log 1/δ)"  # as written, never as log(1)/δ
    assert shown.undecided == [r"two readings, not decided: (\log 1)/\delta, or the function "
                               r"of the quotient 1/\delta"]


def test_a_word_inside_a_fraction_is_a_word_and_inside_a_name_is_a_name():
    with pytest.raises(LatexError, match="'Reg' is a name, or the product R·e·g"):
        parse_statement(r"\epsilon = \frac{Reg_T}{T}")  # a fraction's braces hold mathematics
    assert pretty(parse_statement(r"\epsilon = \frac{Reg_T}{T}", opaque=True).props[0]) == \
        "ϵ = Reg_T T⁻¹"
    assert str(parse_expr(r"\sqrt{abc}")) == "sqrt(a*b*c)"  # three letters, no word: a product


def test_an_accent_over_a_subscripted_greek_name_is_one_name():
    (p,) = parse_statement(r"\hat{\mu_i} \le \bar{\theta_T} + \tilde{w_i}").props
    assert pretty(p) == "μ̂_i ≤ θ̄_T + w̃_i"  # the accent over the letter, the index kept
    assert len(p.symbols) == 3


def test_a_logarithm_to_a_written_base():
    from symbolic.pretty import pretty

    assert [pretty(p) for p in parse_statement(r"a \le \log_2 n + \log_{10} x").props] == [
        "a ≤ log(n)/log(2) + log(x)/log(10)"]
    assert str(parse_statement(r"a \le \log_e N").props[0]) == "a <= log(N)"
    with pytest.raises(LatexError, match="base 1"):
        parse_statement(r"a \le \log_1 x")


def test_more_accents_make_names_of_their_own():
    from symbolic.pretty import pretty

    (p,) = parse_statement(r"a \le \check{z} + \breve{y}").props
    assert pretty(p) == "a ≤ y\u0306 + z\u030c" and len(p.rhs.free_symbols) == 2
