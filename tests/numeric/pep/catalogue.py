"""Textbook results on first-order methods, each with false variants (the catalogue of #48).

Each entry builds a fresh :class:`ClassClaim`; ``true`` is its truth as the cited source
proves it (false variants: a constant too small, a step too large, a class condition missing;
their falsity is shown by the explicit function named in ``why``).

Sources: [N] Nesterov, Lectures on Convex Optimization (2018), §2.1; [B] Bubeck, Convex
Optimization: Algorithms and Complexity (2015); [TH] Taylor, Hendrickx, Glineur (2017);
[DT] Drori and Teboulle (2014); [H] Hazan, Introduction to Online Convex Optimization (2016);
[BT] Beck and Teboulle (2009), A fast iterative shrinkage-thresholding algorithm; [TH-C] Taylor,
Hendrickx, Glineur (2017), Exact worst-case performance of first-order methods for composite
convex optimization.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sympy as sp

from symbolic.classes import (
    CLASSES,
    ClassClaim,
    Function,
    constrained_minimizer,
    gradient_descent,
    minimum,
    projected_gradient_descent,
)
from symbolic.classes.gram import Vec

L, R, mu, M, D = sp.symbols("L R mu M D", positive=True)


@dataclass(frozen=True)
class Entry:
    id: str
    build: Callable[[], ClassClaim]
    true: bool
    source: str
    why: str = ""  #: for a false variant: a function of the class where it fails


def smooth_convex() -> Function:
    return Function("f", CLASSES["smooth-convex"].instance(L=L))


def smooth() -> Function:
    return Function("f", CLASSES["smooth"].instance(L=L))


def convex() -> Function:
    return Function("f", CLASSES["convex"].instance())


def strongly_convex() -> Function:
    return Function("f", CLASSES["strongly-convex"].instance(mu=mu))


def smooth_strongly(kappa: sp.Rational) -> Function:
    return Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=kappa * L))


def lipschitz_convex(name: str = "f") -> Function:
    return Function(name, CLASSES["lipschitz-convex"].instance(M=M))


ENTRIES: list[Entry] = []


def entry(id: str, true: bool, source: str, why: str = ""):
    def register(build: Callable[[], ClassClaim]) -> Callable[[], ClassClaim]:
        ENTRIES.append(Entry(id, build, true, source, why))
        return build
    return register


# --- inequalities of one class between two points --------------------------------------------

def _two(make: Callable[[], Function]):
    f = make()
    return f, f.point("x"), f.point("y")


def _pair_claim(id, make, statement):
    f, x, y = _two(make)
    return ClassClaim(id, statement(f, x, y), [f])


for coef, ok in [(sp.Rational(1, 2), True), (sp.Rational(1, 4), False)]:
    entry(f"descent-lemma-{coef}", ok, "[N] Lemma 1.2.3",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _pair_claim("descent-lemma", smooth, lambda f, x, y:
                                      f(y) <= f(x) + f.grad(x).inner(y - x)
                                      + coef * L * (y - x).norm2()))

for coef, ok in [(sp.Rational(1, 2), True), (sp.Rational(1, 4), False)]:
    entry(f"lower-quadratic-smooth-{coef}", ok, "[N] Lemma 1.2.3",
          "" if ok else "f(x) = -L/2‖x‖²")(
        lambda coef=coef: _pair_claim("lower-quadratic", smooth, lambda f, x, y:
                                      f(y) >= f(x) + f.grad(x).inner(y - x)
                                      - coef * L * (y - x).norm2()))

entry("convex-first-order", True, "[N] Theorem 2.1.2")(
    lambda: _pair_claim("convex-first-order", convex, lambda f, x, y:
                        f(y) >= f(x) + f.grad(x).inner(y - x)))
entry("convex-first-order-missing-convexity", False, "[N] Theorem 2.1.2",
      "f(x) = -L/2‖x‖² is L-smooth, not convex")(
    lambda: _pair_claim("convex-first-order", smooth, lambda f, x, y:
                        f(y) >= f(x) + f.grad(x).inner(y - x)))
entry("monotone-gradient", True, "[N] Theorem 2.1.3")(
    lambda: _pair_claim("monotone", convex, lambda f, x, y:
                        (f.grad(x) - f.grad(y)).inner(x - y) >= 0))

for coef, ok in [(1, True), (2, False)]:
    entry(f"cocoercivity-{coef}", ok, "[N] Theorem 2.1.5 (2.1.11)",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _pair_claim("cocoercivity", smooth_convex, lambda f, x, y:
                                      (f.grad(x) - f.grad(y)).inner(x - y)
                                      >= coef / L * (f.grad(x) - f.grad(y)).norm2()))
entry("cocoercivity-missing-convexity", False, "[N] Theorem 2.1.5",
      "f(x) = -L/2‖x‖²")(
    lambda: _pair_claim("cocoercivity", smooth, lambda f, x, y:
                        (f.grad(x) - f.grad(y)).inner(x - y)
                        >= 1 / L * (f.grad(x) - f.grad(y)).norm2()))

for coef, ok in [(1, True), (sp.Rational(1, 4), False)]:
    entry(f"gradient-lipschitz-{coef}", ok, "[N] Definition of F^{1,1}_L",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _pair_claim("gradient-lipschitz", smooth, lambda f, x, y:
                                      (f.grad(x) - f.grad(y)).norm2()
                                      <= coef * L**2 * (x - y).norm2()))

for coef, ok in [(sp.Rational(1, 2), True), (1, False)]:
    entry(f"smooth-convex-lower-{coef}", ok, "[N] Theorem 2.1.5 (2.1.10)",
          "" if ok else "a Huber function")(
        lambda coef=coef: _pair_claim("smooth-convex-lower", smooth_convex, lambda f, x, y:
                                      f(y) >= f(x) + f.grad(x).inner(y - x)
                                      + coef / L * (f.grad(x) - f.grad(y)).norm2()))

for step, ok in [(1, True), (2, True), (3, False)]:
    entry(f"nonexpansive-gradient-step-{step}/L", ok, "[N] Theorem 2.1.5 (2.1.11)",
          "" if ok else "f(x) = L/2‖x‖²: the step maps x to -2x")(
        lambda step=step: _pair_claim("nonexpansive", smooth_convex, lambda f, x, y:
                                      ((x - step / L * f.grad(x))
                                       - (y - step / L * f.grad(y))).norm2()
                                      <= (x - y).norm2()))


# --- one point and a minimiser ---------------------------------------------------------------

def _star(id, make, statement):
    f = make()
    x, xs = f.point("x"), f.minimizer()
    return ClassClaim(id, statement(f, x, xs), [f])


for coef, ok in [(sp.Rational(1, 2), True), (1, False)]:
    entry(f"gap-gradient-smooth-convex-{coef}", ok, "[N] Theorem 2.1.5",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _star("gap-gradient", smooth_convex, lambda f, x, xs:
                                f(x) - f(xs) >= coef / L * f.grad(x).norm2()))
for coef, ok in [(sp.Rational(1, 2), True), (sp.Rational(1, 4), False)]:
    entry(f"gap-distance-smooth-convex-{coef}", ok, "[N] Theorem 2.1.5 with y = x*",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _star("gap-distance", smooth_convex, lambda f, x, xs:
                                f(x) - f(xs) <= coef * L * (x - xs).norm2()))
for coef, ok in [(1, True), (sp.Rational(1, 2), False)]:
    entry(f"gap-inner-convex-{coef}", ok, "[N] Theorem 2.1.2 with y = x*",
          "" if ok else "f(x) = |x|")(
        lambda coef=coef: _star("gap-inner", convex, lambda f, x, xs:
                                f(x) - f(xs) <= coef * f.grad(x).inner(x - xs)))
for coef, ok in [(1, True), (2, False)]:
    entry(f"inner-gradient-smooth-convex-{coef}", ok, "[N] Theorem 2.1.5 (2.1.11), y = x*",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _star("inner-gradient", smooth_convex, lambda f, x, xs:
                                f.grad(x).inner(x - xs) >= coef / L * f.grad(x).norm2()))
for coef, ok in [(sp.Rational(1, 2), True), (1, False)]:
    entry(f"strong-convexity-gap-{coef}", ok, "[N] Theorem 2.1.8 with y = x*",
          "" if ok else "f(x) = μ/2‖x‖²")(
        lambda coef=coef: _star("strong-gap", strongly_convex, lambda f, x, xs:
                                f(x) - f(xs) >= coef * mu * (x - xs).norm2()))
entry("strong-convexity-gap-missing-strong-convexity", False, "[N] Theorem 2.1.8",
      "f = 0 is convex and L-smooth")(
    lambda: _star("strong-gap", smooth_convex, lambda f, x, xs:
                  f(x) - f(xs) >= mu / 2 * (x - xs).norm2()))
for coef, ok in [(sp.Rational(1, 2), True), (sp.Rational(1, 4), False)]:
    entry(f"pl-from-strong-convexity-{coef}", ok, "[N] Theorem 2.1.10 (2.1.24)",
          "" if ok else "f(x) = μ/2‖x‖²")(
        lambda coef=coef: _star("pl", strongly_convex, lambda f, x, xs:
                                f(x) - f(xs) <= coef / mu * f.grad(x).norm2()))
for coef, ok in [(1, True), (4, False)]:
    entry(f"gradient-growth-strongly-convex-{coef}", ok, "[N] Theorem 2.1.10 (2.1.26)",
          "" if ok else "f(x) = μ/2‖x‖²")(
        lambda coef=coef: _star("gradient-growth", strongly_convex, lambda f, x, xs:
                                f.grad(x).norm2() >= coef * mu**2 * (x - xs).norm2()))
for coef, ok in [(1, True), (2, False)]:
    entry(f"inner-strongly-convex-{coef}", ok, "[N] Theorem 2.1.9 with y = x*",
          "" if ok else "f(x) = μ/2‖x‖²")(
        lambda coef=coef: _star("inner-strong", strongly_convex, lambda f, x, xs:
                                f.grad(x).inner(x - xs) >= coef * mu * (x - xs).norm2()))

for coef, ok in [(1, True), (2, False)]:
    entry(f"strongly-convex-smooth-cocoercivity-{coef}", ok, "[N] Theorem 2.1.12",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _pair_claim(
            "sc-cocoercivity", lambda: smooth_strongly(sp.Rational(1, 4)), lambda f, x, y:
            (f.grad(x) - f.grad(y)).inner(x - y)
            >= (L * L / 4) / (L + L / 4) * (x - y).norm2()
            + coef / (L + L / 4) * (f.grad(x) - f.grad(y)).norm2()))


# --- gradient descent ------------------------------------------------------------------------

def _gd(make, steps, step):
    f = make()
    x0, xs = f.point("x_0"), f.minimizer() if f.cls.cls.has_minimizer else None
    xk = gradient_descent(f, x0, step, steps)
    return f, x0, xs, xk


for n in range(1, 6):
    for den, ok in [(4 * n + 2, True), (4 * n + 3, False)]:
        def build(n=n, den=den):
            f, x0, xs, xk = _gd(smooth_convex, n, 1 / L)
            return ClassClaim("gd-tight", f(xk[-1]) - f(xs) <= L * (x0 - xs).norm2() / den, [f])
        entry(f"gd-smooth-convex-N{n}-1/{den}", ok, "[DT] Theorem 3.1; [TH] Theorem 2",
              "" if ok else "a Huber function (the worst case of [DT])")(build)

for n in (1, 2, 3):
    def build(n=n):
        f, x0, xs, xk = _gd(smooth_convex, n, 1 / L)
        return ClassClaim("gd-nesterov", f(xk[-1]) - f(xs) <= 2 * L * (x0 - xs).norm2()
                          / (n + 4), [f])
    entry(f"gd-smooth-convex-nesterov-N{n}", True, "[N] Corollary 2.1.2")(build)

for step, ok in [(1, True), (2, True), (3, False)]:
    def build(step=step):
        f, x0, xs, xk = _gd(smooth_convex, 1, sp.Integer(step) / L)
        return ClassClaim("gd-distance", (xk[-1] - xs).norm2() <= (x0 - xs).norm2(), [f])
    entry(f"gd-distance-nonincreasing-step-{step}/L", ok, "[N] Theorem 2.1.14",
          "" if ok else "f(x) = L/2‖x‖²: x_1 = -2x_0")(build)

for step, ok in [(1, True), (3, False)]:
    def build(step=step):
        f, x0, _xs, xk = _gd(smooth, 1, sp.Integer(step) / L)
        return ClassClaim("gd-descent", f(xk[-1]) <= f(x0) - f.grad(x0).norm2() / (2 * L)
                          * (1 if step == 1 else 0), [f])
    entry(f"gd-sufficient-decrease-step-{step}/L", ok, "[N] (1.2.19)",
          "" if ok else "f(x) = L/2‖x‖²")(build)

for coef, ok in [(sp.Rational(3, 8), True), (sp.Rational(1, 2), False)]:
    def build(coef=coef):
        f, x0, _xs, xk = _gd(smooth, 1, 1 / (2 * L))
        return ClassClaim("gd-half-step", f(xk[-1]) <= f(x0) - coef / L * f.grad(x0).norm2(),
                          [f])
    entry(f"gd-decrease-half-step-{coef}", ok, "[N] (1.2.16) with h = 1/(2L)",
          "" if ok else "f(x) = L/2‖x‖²")(build)

for n in (1, 2, 3):
    for coef, ok in [(2, True), (1, False)]:
        def build(n=n, coef=coef):
            f, x0, _xs, xk = _gd(smooth, n, 1 / L)
            grads = [f.grad(x).norm2() for x in xk[:-1]]
            return ClassClaim("gd-nonconvex-min", minimum(*grads) <= coef * L
                              * (f(x0) - f(xk[-1])) / n, [f])
        entry(f"gd-nonconvex-min-gradient-N{n}-{coef}L", ok, "[N] (1.2.22)",
              "" if ok else "f(x) = -L/2‖x‖²")(build)

entry("gd-nonconvex-min-gradient-N1-with-last", False, "[N] (1.2.22), misquoted: x_N counted",
      "found by the tool: exact data in ℚ^2")(
    lambda: (lambda t: ClassClaim("gd-nonconvex-min-last", minimum(
        *[t[0].grad(x).norm2() for x in t[3]]) <= L * (t[0](t[1]) - t[0](t[3][-1])), [t[0]]))(
        _gd(smooth, 1, 1 / L)))

for step, ok in [(1, True), (3, False)]:
    def build(step=step):
        f, x0, _xs, xk = _gd(smooth_convex, 1, sp.Integer(step) / L)
        return ClassClaim("gd-gradient-decrease", f.grad(xk[-1]).norm2()
                          <= f.grad(x0).norm2(), [f])
    entry(f"gd-gradient-norm-nonincreasing-step-{step}/L", ok, "[N] Theorem 2.1.5 (2.1.11)",
          "" if ok else "f(x) = L/2‖x‖²")(build)

kappa = sp.Rational(1, 10)
for rate, ok in [(1 - kappa, True), (1 - 2 * kappa, False)]:
    def build(rate=rate):
        f, x0, xs, xk = _gd(lambda: smooth_strongly(kappa), 1, 1 / L)
        return ClassClaim("gd-sc-distance", (xk[-1] - xs).norm2() <= rate * (x0 - xs).norm2(),
                          [f])
    entry(f"gd-strongly-convex-distance-{rate}", ok, "[N] Theorem 2.1.15 (1/L step)",
          "" if ok else "f(x) = μ/2‖x‖²")(build)

for scale, ok in [(1, True), (sp.Rational(9, 10), False)]:
    def build(scale=scale):
        f, x0, xs, xk = _gd(lambda: smooth_strongly(kappa), 1, 2 / (L + kappa * L))
        q = ((1 - kappa) / (1 + kappa)) ** 2
        return ClassClaim("gd-sc-optimal-step", (xk[-1] - xs).norm2()
                          <= scale * q * (x0 - xs).norm2(), [f])
    entry(f"gd-strongly-convex-optimal-step-{scale}", ok, "[N] Theorem 2.1.15",
          "" if ok else "f(x) = μ/2‖x‖²")(build)

for n in (1, 2):
    for rate, ok in [((1 - kappa) ** n, True), ((1 - 2 * kappa) ** n, False)]:
        def build(n=n, rate=rate):
            f, x0, xs, xk = _gd(lambda: smooth_strongly(kappa), n, 1 / L)
            return ClassClaim("gd-sc-gap", f(xk[-1]) - f(xs) <= rate * (f(x0) - f(xs)), [f])
        entry(f"gd-strongly-convex-gap-N{n}-{rate}", ok, "[B] Theorem 3.10; [N] (2.1.24)",
              "" if ok else "f(x) = μ/2‖x‖²")(build)

entry("gd-rate-missing-smoothness", False, "[N] Corollary 2.1.2",
      "f(x) = |x|: the subgradient step 1/L overshoots")(
    lambda: (lambda t: ClassClaim("gd-convex-only", t[0](t[3][-1]) - t[0](t[2])
                                  <= L * (t[1] - t[2]).norm2() / 6, [t[0]]))(
        _gd(convex, 1, 1 / L)))


# --- subgradient method and online gradient descent -----------------------------------------

for coef, ok in [(sp.Rational(5, 8), True), (sp.Rational(5, 16), False)]:
    def build(coef=coef):
        f = lipschitz_convex()
        x0, xs = f.point("x_0"), f.minimizer()
        xk = gradient_descent(f, x0, R / M, 3)
        return ClassClaim("subgradient", minimum(*[f(x) - f(xs) for x in xk])
                          <= coef * M * R, [f], [(x0 - xs).norm2() <= R**2])
    entry(f"subgradient-method-N3-{coef}", ok, "[B] Theorem 3.2 (step R/M, 4 iterates)",
          "" if ok else "f(x) = M|x|")(build)

for coef, ok in [(sp.Rational(3, 2), True), (sp.Rational(1, 2), False)]:
    def build(coef=coef):
        f1, f2 = lipschitz_convex("f_1"), lipschitz_convex("f_2")
        x1, u = f1.point("x_1"), f1.point("u")
        f2.at(u, "u")
        x2 = x1 - (R / M) * f1.grad(x1)
        f2.at(x2, "x_2")
        regret = f1(x1) - f1(u) + f2(x2) - f2(u)
        return ClassClaim("ogd-regret", regret <= coef * R * M, [f1, f2],
                          [(x1 - u).norm2() <= R**2])
    entry(f"online-gradient-descent-T2-{coef}", ok, "[H] Theorem 3.1 (η = R/M, T = 2)",
          "" if ok else "linear losses f_t(x) = M⟨e, x⟩")(build)


# --- for every ratio μ/L (a certificate that is a rational function of μ) -------------------

def smooth_strongly_all() -> Function:
    return Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=mu))


for coef, ok in [(1, True), (2, False)]:
    entry(f"sc-cocoercivity-every-mu-{coef}", ok, "[N] Theorem 2.1.12",
          "" if ok else "f(x) = L/2‖x‖²")(
        lambda coef=coef: _pair_claim(
            "sc-cocoercivity-all", smooth_strongly_all, lambda f, x, y:
            (f.grad(x) - f.grad(y)).inner(x - y) >= mu * L / (mu + L) * (x - y).norm2()
            + coef / (mu + L) * (f.grad(x) - f.grad(y)).norm2()))

for coef, ok in [(sp.Rational(1, 2), True), (1, False)]:
    entry(f"sandwich-lower-every-mu-{coef}", ok, "[N] Theorem 2.1.10 (2.1.18)",
          "" if ok else "f(x) = μ/2‖x‖²")(
        lambda coef=coef: _pair_claim(
            "sandwich-lower", smooth_strongly_all, lambda f, x, y:
            f(y) - f(x) - f.grad(x).inner(y - x) >= coef * mu * (y - x).norm2()))

for rate, ok in [((1 - mu / L) ** 2, True), (1 - 2 * mu / L, False)]:
    def build(rate=rate):
        f, x0, xs, xk = _gd(smooth_strongly_all, 1, 1 / L)
        return ClassClaim("gd-sc-all", (xk[-1] - xs).norm2() <= rate * (x0 - xs).norm2(), [f])
    entry(f"gd-strongly-convex-distance-every-mu-{rate}", ok, "[N] Theorem 2.1.15 (tight form)",
          "" if ok else "f(x) = μ/2‖x‖²")(build)

for rate, ok in [(1 - mu / L, True), (1 - 2 * mu / L, False)]:
    def build(rate=rate):
        f, x0, xs, xk = _gd(smooth_strongly_all, 1, 1 / L)
        return ClassClaim("gd-sc-gap-all", f(xk[-1]) - f(xs) <= rate * (f(x0) - f(xs)), [f])
    entry(f"gd-strongly-convex-gap-every-mu-{rate}", ok, "[B] Theorem 3.10",
          "" if ok else "f(x) = μ/2‖x‖²")(build)

for coef, ok in [(sp.Rational(1, 2), True), (1, True), (sp.Rational(1, 4), False)]:
    def build(coef=coef):
        h = sp.Symbol("h", positive=True)
        f = smooth()
        w = f.point("w")
        w1 = w - h * f.grad(w)
        f.at(w1, "w_1")
        return ClassClaim("gd-decrease-every-h", f(w1) - f(w)
                          <= -h * (1 - coef * L * h) * f.grad(w).norm2(), [f],
                          parameters={h: sp.Lt(h, 2 / L)})
    entry(f"gd-decrease-every-step-{coef}", ok, "[N] (1.2.16)",
          "" if ok else "f(x) = L/2‖x‖²")(build)


# --- a global minimiser of an L-smooth (nonconvex) f: necessary conditions, the points
# x − ∇f(x)/L; refutations by an explicit quadratic ---------------------------------------------

for coef, ok in [(sp.Rational(1, 2), True), (1, False)]:
    def build(coef=coef):
        f = smooth()
        xs, x = f.global_minimizer(), f.point("x")
        return ClassClaim("smooth-gradient-gap", coef / L * f.grad(x).norm2() <= f(x) - f(xs),
                          [f])
    entry(f"smooth-global-min-gradient-{coef}", ok, "[N] (1.2.19) with f* = min f",
          "" if ok else "f(x) = L/2‖x‖²")(build)

for coef, ok in [(sp.Rational(1, 2), True), (sp.Rational(1, 4), False)]:
    def build(coef=coef):
        f = smooth()
        xs, x = f.global_minimizer(), f.point("x")
        return ClassClaim("smooth-gap-distance", f(x) - f(xs) <= coef * L * (x - xs).norm2(),
                          [f])
    entry(f"smooth-global-min-distance-{coef}", ok, "[N] Lemma 1.2.3 at x*",
          "" if ok else "f(x) = L/2‖x‖²")(build)


# --- Polyak-Łojasiewicz (necessary conditions: refutations by an explicit quadratic) --------

def smooth_pl() -> Function:
    return Function("f", CLASSES["smooth-pl"].instance(L=L, mu=L / 4))


for rate, ok in [(sp.Rational(3, 4), True), (sp.Rational(1, 2), False)]:
    def build(rate=rate):
        f, x0, xs, xk = _gd(smooth_pl, 1, 1 / L)
        return ClassClaim("gd-pl", f(xk[-1]) - f(xs) <= rate * (f(x0) - f(xs)), [f])
    entry(f"gd-pl-rate-{rate}", ok, "Karimi, Nutini, Schmidt (2016), Theorem 1 (1 - μ/L)",
          "" if ok else "f(x) = μ/2‖x‖²")(build)

for coef, ok in [(2, True), (4, False)]:
    def build(coef=coef):
        f = smooth_pl()
        x, xs = f.point("x"), f.minimizer()
        return ClassClaim("pl-gap", f(x) - f(xs) <= f.grad(x).norm2() / (coef * L / 4), [f])
    entry(f"pl-inequality-{coef}", ok, "the PL inequality itself",
          "" if ok else "f(x) = μ/2‖x‖²")(build)


# --- projected gradient descent over a closed convex set K (the indicator's interpolation) ----

def _pgd(steps, step):
    f = smooth_convex()
    K = Function("i_K", CLASSES["indicator"].instance())
    xs = projected_gradient_descent(f, K, f.point("x_0"), step, steps)
    return f, K, xs, constrained_minimizer(f, K)


for n, c, ok in [(1, sp.Rational(1, 2), True), (2, sp.Rational(1, 4), True),
                 (1, sp.Rational(1, 4), True), (2, sp.Rational(1, 8), True),
                 (1, sp.Rational(1, 5), False), (2, sp.Rational(1, 10), False)]:
    def build(n=n, c=c):
        f, K, xs, st = _pgd(n, 1 / L)
        return ClassClaim("pgd", f(xs[-1]) - f(st) <= c * L * (xs[0] - st).norm2(), [f, K])
    entry(f"projected-gd-{n}-steps-{c}", ok,
          "[BT] Theorem 3.1 (L/(2N)); [TH-C] (tight: L/(4N))",
          "" if ok else "f(x) = L/2 x², K = ℝ (then L/(4N+2) is tight)")(build)

for ratio, ok in [(1, True), (sp.Rational(1, 2), False)]:
    def build(ratio=ratio):
        K = Function("i_K", CLASSES["indicator"].instance())
        y, z = Vec.leaf("y"), Vec.leaf("z")
        s, t = Vec.leaf("n(Πy)"), Vec.leaf("n(Πz)")
        K.at(y - s, "Πy", g=s)
        K.at(z - t, "Πz", g=t)
        return ClassClaim("proj", ((y - s) - (z - t)).norm2() <= ratio * (y - z).norm2(), [K])
    entry(f"projection-nonexpansive-{ratio}", ok, "the projection onto a closed convex set "
          "is 1-Lipschitz", "" if ok else "K = ℝ, Π = identity")(build)

def _pgd_too_large():
    f, K, xs, _ = _pgd(1, 3 / L)
    return ClassClaim("pgd-step-too-large", f(xs[-1]) <= f(xs[0]), [f, K])


entry("projected-gd-step-3-over-L-descends", False, "a step above 2/L",
      "f(x) = L/2 x², K = ℝ")(_pgd_too_large)
