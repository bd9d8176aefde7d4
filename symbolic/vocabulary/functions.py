"""The scalar functions of the vocabulary, one declaration each (see :mod:`symbolic.declared`).

Each declaration gives the function's value in every arithmetic the back ends compute in
(numpy on float arrays, mpmath, arb balls), how an interval back end encloses it, where it is
defined and how LaTeX names it. A back end computes a function it does not implement natively
from here; adding a function is adding one declaration.

Example:
    >>> import flint
    >>> FUNCTIONS["lambertw"].arb(flint.arb(1))  # the omega constant, W(1)
    [0.567143290409784 +/- ...e-16]
    >>> FUNCTIONS["normal_cdf"].sympy(0)
    1/2
"""

from __future__ import annotations

import math
from typing import Any

import mpmath
import numpy as np
import sympy as sp

from symbolic.declared import FUNCTIONS, Function, Monotone, Valley, function

__all__ = ["FUNCTIONS", "NormalCDF", "NormalPDF"]

INF = float("inf")
_POSITIVE = ((0.25,), (1.5,), (3.0,))
_UNIT = ((-0.75,), (0.25,), (0.5,))


def _scipy(name: str) -> Any:
    """A scipy.special function, imported when first used (scipy loads in about 0.3 s)."""

    def f(*args: Any) -> Any:
        import scipy.special

        return getattr(scipy.special, name)(*args)

    f.__name__ = name
    return f


def _arb(method: str) -> Any:
    """The python-flint ``arb`` method ``method`` (a rigorous enclosure)."""
    return lambda x: getattr(x, method)()


def _flint() -> Any:
    import flint

    return flint


# ----------------------------------------------------------------- computed natively
# Every back end computes these with its own arithmetic (exact in log space, tight in
# intervals); the declarations give the reader, the domain and the values for the rest.

function(Function("exp", sp.exp, reads=("exp",), numpy=np.exp, mpmath=mpmath.exp,
                  arb=_arb("exp"), interval=Monotone(low=0), native=True))
function(Function("log", sp.log, reads=("log", "ln"), numpy=np.log, mpmath=mpmath.log,
                  arb=_arb("log"), interval=Monotone(), native=True,
                  domain=lambda x: [sp.Gt(x, 0, evaluate=False)], points=_POSITIVE))
function(Function("abs", sp.Abs, numpy=np.abs, mpmath=abs, arb=abs, native=True,
                  analytic=False, interval=Valley((0, 0), 0)))
_PAIRS = ((1.0, 2.0), (-0.5, -3.0))
function(Function("max", sp.Max, arity=2, points=_PAIRS, numpy=np.maximum, mpmath=max,
                  arb=lambda a, b: a.max(b), native=True, analytic=False))
function(Function("min", sp.Min, arity=2, points=_PAIRS, numpy=np.minimum, mpmath=min,
                  arb=lambda a, b: a.min(b), native=True, analytic=False))
function(Function("sign", sp.sign, reads=("sign", "sgn"), numpy=np.sign, mpmath=mpmath.sign,
                  arb=_arb("sgn"), native=True, analytic=False, smooth=False,
                  interval=Monotone(low=-1, high=1)))

# ----------------------------------------------------------------- from the declarations

function(Function("sin", sp.sin, reads=("sin",), numpy=np.sin, mpmath=mpmath.sin,
                  arb=_arb("sin"), bounds=(-1, 1)))
function(Function("cos", sp.cos, reads=("cos",), numpy=np.cos, mpmath=mpmath.cos,
                  arb=_arb("cos"), bounds=(-1, 1)))
function(Function("tan", sp.tan, reads=("tan",), numpy=np.tan, mpmath=mpmath.tan,
                  arb=_arb("tan"), interval="ball-increasing",
                  domain=lambda x: [sp.Ne(sp.cos(x), 0, evaluate=False)]))
function(Function("tanh", sp.tanh, reads=("tanh",), numpy=np.tanh, mpmath=mpmath.tanh,
                  arb=_arb("tanh"), interval="ball-increasing"))
function(Function("atan", sp.atan, reads=("arctan", "atan"), numpy=np.arctan,
                  mpmath=mpmath.atan, arb=_arb("atan"),
                  interval=Monotone(low=-sp.pi / 2, high=sp.pi / 2)))
function(Function("asin", sp.asin, reads=("arcsin", "asin"), numpy=np.arcsin,
                  mpmath=mpmath.asin, arb=_arb("asin"), interval="ball-increasing",
                  domain=lambda x: [sp.Le(sp.Abs(x), 1, evaluate=False)], smooth=False,
                  points=_UNIT))
function(Function("acos", sp.acos, reads=("arccos", "acos"), numpy=np.arccos,
                  mpmath=mpmath.acos, arb=_arb("acos"), interval="ball-decreasing",
                  domain=lambda x: [sp.Le(sp.Abs(x), 1, evaluate=False)], smooth=False,
                  points=_UNIT))
function(Function("cosh", sp.cosh, reads=("cosh",), numpy=np.cosh, mpmath=mpmath.cosh,
                  arb=_arb("cosh"), interval=Valley((0, 0), 1)))
function(Function("sinh", sp.sinh, reads=("sinh",), numpy=np.sinh, mpmath=mpmath.sinh,
                  arb=_arb("sinh"), interval=Monotone()))
function(Function("erf", sp.erf, reads=("erf",), numpy=_scipy("erf"), mpmath=mpmath.erf,
                  arb=_arb("erf"), interval=Monotone(low=-1, high=1)))
function(Function("floor", sp.floor, numpy=np.floor, mpmath=mpmath.floor, arb=_arb("floor"),
                  interval=Monotone(), smooth=False, analytic=False))
function(Function("ceiling", sp.ceiling, numpy=np.ceil, mpmath=mpmath.ceil, arb=_arb("ceil"),
                  interval=Monotone(), smooth=False, analytic=False))
function(Function("atan2", sp.atan2, arity=2, reads=("atan2", "arctan2"), numpy=np.arctan2,
                  mpmath=mpmath.atan2, arb=lambda y, x: _flint().arb.atan2(y, x),
                  interval="atan2", smooth=False, analytic=False,
                  points=((1.0, 2.0), (-0.5, 0.25), (2.0, -1.0))))

# ----------------------------------------------------------------- special functions

function(Function("erfc", sp.erfc, reads=("erfc",), numpy=_scipy("erfc"), mpmath=mpmath.erfc,
                  arb=_arb("erfc"), interval=Monotone(increasing=False, low=0, high=2)))


def _lambertw_np(x: Any) -> Any:
    import scipy.special

    with np.errstate(invalid="ignore"):
        out = scipy.special.lambertw(x)
    return np.where(np.asarray(x) < -math.exp(-1), np.nan, out.real) \
        if not np.iscomplexobj(x) else out


def _lambertw_mp(x: Any) -> Any:
    return mpmath.mpf("nan") if x < -mpmath.exp(-1) else mpmath.lambertw(x).real


def _lambertw_arb(x: Any) -> Any:
    """W₀ on a ball; NaN where the ball reaches below −1/e (W₀ is not defined there)."""
    flint = _flint()
    if not x >= -flint.arb(-1).exp():
        return flint.arb("nan")
    return x.lambertw()


function(Function("lambertw", sp.LambertW, reads=("lambertw", "LambertW"),
                  numpy=_lambertw_np, mpmath=_lambertw_mp, arb=_lambertw_arb,
                  interval=Monotone(low=-1),
                  domain=lambda x: [sp.Ge(x, -sp.exp(-1), evaluate=False)],
                  points=((-0.25,), (0.5,), (3.0,)),
                  latex_form=r"W_0\left({0}\right)", unicode_form="W₀({0})",
                  notes="the principal branch W₀, defined for x ≥ −1/e"))


def _gamma_arb(x: Any) -> Any:
    flint = _flint()
    return x.gamma() if x > 0 else flint.arb("nan")


#: Γ is least at x₀ = 1.46163214496836234126..., where Γ(x₀) = 0.88560319441088870027...
_GAMMA_VALLEY = Valley((sp.Rational(14616321449683623, 10**16),
                        sp.Rational(14616321449683624, 10**16)),
                       sp.Rational(88560319441088, 10**14))


function(Function("gamma", sp.gamma, reads=(), numpy=_scipy("gamma"), mpmath=mpmath.gamma,
                  arb=_gamma_arb, interval=_GAMMA_VALLEY,
                  domain=lambda x: [sp.Gt(x, 0, evaluate=False)], smooth=False, points=_POSITIVE,
                  unicode_form="Γ({0})",
                  notes="Γ on x > 0; \\Gamma(x) is read as Γ only where the paper says so"))


def _binomial_arb(n: Any, k: Any) -> Any:
    """C(n, k) for an exact non-negative integer ``k``: n(n−1)…(n−k+1)/k!, over the ball n."""
    flint = _flint()
    if not (k.is_exact() and k.is_integer() and k >= 0):
        return flint.arb("nan")
    kk = int(k.unique_fmpz())
    out = flint.arb(1)
    for j in range(kk):
        out = out * (n - j) / (j + 1)
    return out


function(Function("binomial", sp.binomial, arity=2, reads=(), numpy=_scipy("binom"),
                  mpmath=mpmath.binomial, arb=_binomial_arb, interval="arb", smooth=False,
                  analytic=False, domain=lambda n, k: [sp.Ge(k, 0, evaluate=False)],
                  points=((5.5, 2), (-1.25, 3), (4, 0)),
                  unicode_form="C({0}, {1})",
                  notes="C(n, k) for an integer k ≥ 0; read from \\binom{n}{k}"))


class _StandardNormal(sp.Function):
    """What Φ and φ share: an exact value at 0 (``_at_zero``), positive real values at a real
    argument, numerical values through their closed form (``_closed_form``: the function their
    rewrite uses), and printing as their symbol (``_latex_symbol``, ``_unicode_symbol``)
    applied to the argument."""

    _at_zero: Any = None
    _closed_form: Any = None
    _latex_symbol = ""
    _unicode_symbol = ""

    @classmethod
    def eval(cls, x: Any) -> Any:
        if x.is_zero:
            return cls._at_zero
        return None

    def _eval_evalf(self, prec: int) -> Any:
        return self.rewrite(self._closed_form)._eval_evalf(prec)

    def _eval_is_real(self) -> bool | None:
        return self.args[0].is_real

    def _eval_is_positive(self) -> bool | None:
        return True if self.args[0].is_real else None

    def _latex(self, printer: Any) -> str:
        return rf"{self._latex_symbol}\left({printer._print(self.args[0])}\right)"

    def _sympystr(self, printer: Any) -> str:
        return f"{self._unicode_symbol}({printer._print(self.args[0])})"


class NormalCDF(_StandardNormal):
    """Φ(x), the standard normal distribution function: (1 + erf(x/√2))/2.

    >>> x = sp.Symbol("x")
    >>> sp.diff(NormalCDF(x), x)
    φ(x)
    """

    _at_zero = sp.S.Half
    _closed_form = sp.erf
    _latex_symbol = r"\Phi"
    _unicode_symbol = "Φ"

    def fdiff(self, argindex: int = 1) -> Any:
        return NormalPDF(self.args[0])

    def _eval_rewrite_as_erf(self, x: Any, **kwargs: Any) -> Any:
        return (1 + sp.erf(x / sp.sqrt(2))) / 2


class NormalPDF(_StandardNormal):
    """φ(x), the standard normal density: exp(−x²/2)/√(2π).

    >>> x = sp.Symbol("x")
    >>> sp.diff(NormalPDF(x), x)
    -x*φ(x)
    """

    _at_zero = 1 / sp.sqrt(2 * sp.pi)
    _closed_form = sp.exp
    _latex_symbol = r"\phi"
    _unicode_symbol = "φ"

    def fdiff(self, argindex: int = 1) -> Any:
        return -self.args[0] * NormalPDF(self.args[0])

    def _eval_rewrite_as_exp(self, x: Any, **kwargs: Any) -> Any:
        return sp.exp(-x**2 / 2) / sp.sqrt(2 * sp.pi)


def _ncdf_arb(x: Any) -> Any:
    return (1 + (x / _flint().arb(2).sqrt()).erf()) / 2


def _npdf_arb(x: Any) -> Any:
    flint = _flint()
    return (-(x * x) / 2).exp() / (2 * flint.arb.pi()).sqrt()


function(Function("normal_cdf", NormalCDF, reads=(), numpy=_scipy("ndtr"), mpmath=mpmath.ncdf,
                  arb=_ncdf_arb, interval=Monotone(low=0, high=1),
                  notes="Φ; \\Phi(x) is read as Φ only where the paper says so"))
function(Function("normal_pdf", NormalPDF, reads=(),
                  numpy=lambda x: np.exp(-x * x / 2) / math.sqrt(2 * math.pi),
                  mpmath=mpmath.npdf, arb=_npdf_arb, bounds=(0, sp.Rational(39895, 100000)),
                  notes="φ; \\phi(x) is read as φ only where the paper says so"))
