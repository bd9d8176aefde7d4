"""A public catalogue of transcendental inequalities from textbooks, with their truth
established independently (issue 47, item 5): for the decision gate (test_transcendental.py).

Each entry is written once as text and read twice, as in adversarial_scalar.py (whose
independent mpmath evaluator checks it here: a TRUE entry at >= 20 points satisfying its
hypotheses, a FALSE entry at its witness, at 50 digits). The false entries are one-symbol
variants of true ones: a constant too small or too large, a missing hypothesis, a wrong
coefficient or exponent. Kinds: ``one-bounded`` (one variable on a bounded interval),
``one-unbounded`` (one variable, an unbounded interval), ``two`` (two variables), ``more``
(three or four).

Sources: [AS] Abramowitz and Stegun, Handbook of Mathematical Functions (4.1.33, 4.2.30-35,
4.3.79-80, 4.5.x); [M] Mitrinović, Analytic Inequalities (3.6, 3.8); [BLM] Boucheron, Lugosi and
Massart, Concentration Inequalities (2.2-2.8: Hoeffding's lemma, Bennett's h, Bernstein);
[CT] Cover and Thomas, Elements of Information Theory (2.7.1 log-sum, 11.6 Pinsker); [HLP]
Hardy, Littlewood and Pólya, Inequalities (2.5 AM-GM, 8.3 Young); [MT] Akbarpour and Paulson,
MetiTarski (2010), its one-variable problems.

Example:
    >>> len(ENTRIES) >= 60 and len({e.claim.id for e in ENTRIES}) == len(ENTRIES)
    True
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

from symbolic import Claim

_spec = importlib.util.spec_from_file_location(
    "adversarial_scalar", pathlib.Path(__file__).with_name("adversarial_scalar.py"))
_adv = sys.modules.setdefault("adversarial_scalar", importlib.util.module_from_spec(_spec))
if not hasattr(_adv, "ENTRIES"):
    _spec.loader.exec_module(_adv)

Entry = _adv.Entry
KINDS = ("one-bounded", "one-unbounded", "two", "more")
ENTRIES: list[Entry] = []


def _add(kind: str, name: str, lhs: str, rel: str, rhs: str, hyps: tuple, true: bool,
         why: str, witness: dict | None = None) -> None:
    assert kind in KINDS, kind
    claim = Claim(f"tr:{kind}-{name}", _adv._sp(lhs), rel, _adv._sp(rhs),
                  hypotheses=_adv._sp_hyps(hyps))
    spec = (lhs, rel, rhs, tuple(hyps))
    if true:
        def check(spec=spec) -> bool:
            return _adv._check_true(spec, None, None, 20)
    else:
        def check(spec=spec, w=witness) -> bool:
            return _adv._check_false(spec, w, kind)
    ENTRIES.append(Entry(claim, true, kind, check, why))


def T(kind: str, name: str, lhs: str, rel: str, rhs: str, hyps: tuple = (), *,
      why: str) -> None:
    """A true inequality; ``why``: its source and the reason it holds."""
    _add(kind, name, lhs, rel, rhs, hyps, True, why)


def F(kind: str, name: str, lhs: str, rel: str, rhs: str, hyps: tuple = (), *,
      witness: dict, why: str) -> None:
    """A false variant, with a point where its hypotheses hold and it fails."""
    _add(kind, name, lhs, rel, rhs, hyps, False, why, witness)


# ---- one variable, bounded interval --------------------------------------------------------
_B = "one-bounded"
T(_B, "jordan", "sin(x)", ">=", "2*x/pi", ("0 <= x <= pi/2",),
  why="[M 3.4.11] Jordan: sin is concave on [0, pi/2]")
F(_B, "jordan-coeff", "sin(x)", ">=", "7*x/10", ("0 <= x <= pi/2",), witness={"x": "pi/2"},
  why="1 < 0.7 pi/2 = 1.0996")
T(_B, "tan-x", "tan(x)", ">=", "x", ("0 <= x < pi/2",), why="[AS 4.3.80] tan' = 1 + tan^2")
T(_B, "tan-cubic", "tan(x)", ">=", "x + x**3/3", ("0 <= x < pi/2",),
  why="[AS 4.3.80] the Taylor series of tan has positive coefficients")
F(_B, "tan-cubic-coeff", "tan(x)", ">=", "x + x**3/2", ("0 <= x < pi/2",),
  witness={"x": "1/2"}, why="tan 0.5 = 0.546302 < 0.5625")
T(_B, "log1m", "log(1 - x)", "<=", "-x", ("0 <= x < 1",), why="[AS 4.1.33] log y <= y - 1")
T(_B, "log1m-lower", "-log(1 - x)", "<=", "x/(1 - x)", ("0 <= x < 1",),
  why="[AS 4.1.33] log y >= 1 - 1/y at y = 1 - x")
F(_B, "log1m-lower-coeff", "-log(1 - x)", "<=", "x", ("0 <= x < 1",), witness={"x": "1/2"},
  why="log 2 = 0.693 > 0.5")
T(_B, "exp-pole", "exp(x)", "<=", "1/(1 - x)", ("0 <= x < 1",), why="[AS 4.2.30] e^-x >= 1 - x")
F(_B, "exp-pole-square", "exp(x)", "<=", "1/(1 - x**2)", ("0 <= x < 1",), witness={"x": "1/2"},
  why="e^0.5 = 1.6487 > 4/3")
T(_B, "sqrt-chord", "sqrt(x)", ">=", "x", ("0 <= x <= 1",), why="concave, equal at both ends")
T(_B, "sin-quadratic", "sin(x)", ">=", "x - x**2/pi", ("0 <= x <= pi",),
  why="[MT] equal at 0 and pi, positive between (its second derivative changes sign)")
F(_B, "sin-quadratic-coeff", "sin(x)", ">=", "x - x**2/4", ("0 <= x <= pi",),
  witness={"x": "3"}, why="sin 3 = 0.141 < 3 - 9/4 = 0.75")
T(_B, "cos-quartic", "cos(x)", "<=", "1 - 4*x**2/pi**2", ("0 <= x <= pi/2",),
  why="[M 3.4.11] the Jordan-type bound; equal at 0 and pi/2")
F(_B, "cos-quartic-range", "cos(x)", "<=", "1 - 4*x**2/pi**2", ("0 <= x <= pi",),
  witness={"x": "pi"}, why="cos pi = -1 > 1 - 4 = -3")
T(_B, "atan-lower", "atan(x)", ">=", "pi*x/4", ("0 <= x <= 1",),
  why="atan is concave on [0, 1]; equal at 0 and 1")
F(_B, "atan-lower-range", "atan(x)", ">=", "pi*x/4", ("0 <= x <= 2",), witness={"x": "2"},
  why="atan 2 = 1.107 < pi/2")

# ---- one variable, unbounded interval ------------------------------------------------------
_U = "one-unbounded"
T(_U, "exp-tangent", "exp(x)", ">=", "1 + x", why="[AS 4.2.30] convexity")
F(_U, "exp-quadratic", "exp(x)", ">=", "1 + x + x**2/2", witness={"x": "-1"},
  why="missing x >= 0: e^-1 = 0.368 < 0.5")
T(_U, "exp-cubic", "exp(x)", ">=", "1 + x + x**2/2 + x**3/6", ("x >= 0",),
  why="[AS 4.2.30] Taylor with a positive remainder")
T(_U, "exp-neg", "exp(-x)", "<=", "1 - x + x**2/2", ("x >= 0",),
  why="[AS 4.2.30] alternating Taylor")
F(_U, "exp-neg-coeff", "exp(-x)", "<=", "1 - x + x**2/3", ("x >= 0",), witness={"x": "1"},
  why="e^-1 = 0.368 > 1/3")
T(_U, "exp-e", "exp(x)", ">=", "E*x", why="the tangent at 1")
F(_U, "exp-e-coeff", "exp(x)", ">=", "68*x/25", witness={"x": "1"}, why="e < 2.72")
T(_U, "log-tangent", "log(x)", "<=", "x - 1", ("x > 0",), why="[AS 4.1.33]")
T(_U, "log-lower", "log(x)", ">=", "1 - 1/x", ("x > 0",), why="[AS 4.1.33]")
F(_U, "log-lower-coeff", "log(x)", ">=", "1 - 1/x**2", ("x > 0",), witness={"x": "2"},
  why="log 2 = 0.693 < 3/4")
T(_U, "log-e", "log(x)", "<=", "x/E", ("x > 0",), why="the tangent at e")
F(_U, "log-e-coeff", "log(x)", "<=", "25*x/68", ("x > 0",), witness={"x": "E"},
  why="1 > 25e/68 = 0.99937")
T(_U, "log1p-lower", "log(1 + x)", ">=", "x/(1 + x)", ("x > -1",), why="[AS 4.1.33]")
T(_U, "log1p-pade", "log(1 + x)", ">=", "2*x/(2 + x)", ("x >= 0",), why="[AS 4.1.33] Padé")
F(_U, "log1p-pade-range", "log(1 + x)", ">=", "2*x/(2 + x)", ("x > -1",),
  witness={"x": "-1/2"}, why="missing x >= 0: log 0.5 = -0.693 < -2/3")
T(_U, "log1p-quadratic", "log(1 + x)", ">=", "x - x**2/2", ("x >= 0",),
  why="[AS 4.1.33] alternating Taylor")
T(_U, "log1p-cubic", "log(1 + x)", "<=", "x - x**2/2 + x**3/3", ("x >= 0",),
  why="[AS 4.1.33] alternating Taylor")
F(_U, "log1p-cubic-coeff", "log(1 + x)", "<=", "x - x**2/2 + x**3/4", ("x >= 0",),
  witness={"x": "1/10"}, why="log 1.1 = 0.0953102 > 0.09525")
T(_U, "sin-x", "sin(x)", "<=", "x", ("x >= 0",), why="[AS 4.3.79]")
T(_U, "sin-cubic", "sin(x)", ">=", "x - x**3/6", ("x >= 0",), why="[AS 4.3.79]")
F(_U, "sin-cubic-coeff", "sin(x)", ">=", "x - x**3/7", ("x >= 0",), witness={"x": "1"},
  why="sin 1 = 0.841 < 6/7")
T(_U, "cos-quadratic", "cos(x)", ">=", "1 - x**2/2", why="[AS 4.3.79]")
F(_U, "cos-quadratic-coeff", "cos(x)", ">=", "1 - 10*x**2/21", witness={"x": "1/2"},
  why="cos 0.5 = 0.877583 < 0.880952")
T(_U, "cos-quartic-taylor", "cos(x)", "<=", "1 - x**2/2 + x**4/24", why="[AS 4.3.79]")
T(_U, "tanh-x", "tanh(x)", "<=", "x", ("x >= 0",), why="tanh' = 1 - tanh^2 <= 1")
F(_U, "tanh-x-range", "tanh(x)", "<=", "x", witness={"x": "-1"},
  why="missing x >= 0: tanh(-1) = -0.762 > -1")
T(_U, "atan-x", "atan(x)", "<=", "x", ("x >= 0",), why="atan' = 1/(1 + x^2) <= 1")
T(_U, "atan-lorentz", "atan(x)", ">=", "x/(1 + x**2)", ("x >= 0",),
  why="the difference has derivative 2x^2/(1 + x^2)^2")
F(_U, "atan-lorentz-range", "atan(x)", ">=", "x/(1 + x**2)", witness={"x": "-1"},
  why="missing x >= 0: -0.785 < -0.5")
T(_U, "sinh-x", "sinh(x)", ">=", "x", ("x >= 0",), why="sinh' = cosh >= 1")
T(_U, "cosh-quadratic", "cosh(x)", ">=", "1 + x**2/2", why="even Taylor coefficients")
T(_U, "cosh-hoeffding", "cosh(x)", "<=", "exp(x**2/2)", why="[BLM 2.3] (2k)! >= 2^k k!")
F(_U, "cosh-hoeffding-coeff", "cosh(x)", "<=", "exp(10*x**2/21)", witness={"x": "1/10"},
  why="cosh 0.1 = 1.0050042 > e^(0.01/2.1) = 1.0047732")
T(_U, "logcosh", "log(cosh(x))", "<=", "x**2/2", why="[BLM 2.3] the same, in logs")
T(_U, "bennett", "(1 + u)*log(1 + u) - u", ">=", "u**2/(2*(1 + u/3))", ("u > -1",),
  why="[BLM 2.8] Bennett's h against Bernstein's")
F(_U, "bennett-coeff", "(1 + u)*log(1 + u) - u", ">=", "u**2/(2*(1 + u/4))", ("u > -1",),
  witness={"u": "1/10"}, why="h(0.1) = 0.00484121 < 0.00487805")
T(_U, "euler-limit", "(1 - 1/x)**x", "<=", "exp(-1)", ("x >= 1",),
  why="[M 3.6] m log(1 - 1/m) <= -1")
F(_U, "euler-limit-rate", "(1 - 1/x)**x", "<=", "exp(-1)*(1 - 10/(19*x))", ("x >= 1",),
  witness={"x": "10"}, why="0.9^10 = 0.348678 > 0.348517")
T(_U, "euler-upper", "(1 + 1/x)**x", "<=", "E", ("x > 0",), why="[M 3.6] log(1 + y) <= y")
F(_U, "euler-upper-exp", "(1 + 1/x)**(x + 1)", "<=", "E", ("x > 0",), witness={"x": "1"},
  why="4 > e: (1 + 1/m)^(m+1) decreases to e from above")
T(_U, "xpowx", "x**x", ">=", "exp(-exp(-1))", ("x > 0",), why="x log x >= -1/e")
F(_U, "xpowx-margin", "x**x", ">=", "exp(-exp(-1)) + 1/100", ("x > 0",),
  witness={"x": "37/100"}, why="0.37^0.37 = 0.692201 < 0.702201")
T(_U, "sqrt-tangent", "sqrt(1 + x)", "<=", "1 + x/2", ("x >= -1",), why="concavity")
T(_U, "sqrt-taylor", "sqrt(1 + x)", ">=", "1 + x/2 - x**2/8", ("x >= 0",),
  why="the Taylor remainder x^3/16 (1 + t)^(-5/2) >= 0")
F(_U, "sqrt-taylor-coeff", "sqrt(1 + x)", "<=", "1 + x/2 - x**2/10", ("x >= 0",),
  witness={"x": "1"}, why="sqrt 2 = 1.41421 > 1.4")
T(_U, "gauss-tail", "exp(-x**2/2)", "<=", "1/(1 + x**2/2)", why="e^t >= 1 + t at t = x^2/2")
T(_U, "one-minus-exp", "1 - exp(-x)", ">=", "x/(1 + x)", ("x >= 0",), why="e^x >= 1 + x")

# ---- two variables ---------------------------------------------------------------------------
_2 = "two"
T(_2, "pinsker", "u*log(u/v) + (1 - u)*log((1 - u)/(1 - v))", ">=", "2*(u - v)**2",
  ("0 < u < 1", "0 < v < 1"), why="[CT 11.6] binary Pinsker")
F(_2, "pinsker-coeff", "u*log(u/v) + (1 - u)*log((1 - u)/(1 - v))", ">=",
  "21*(u - v)**2/10", ("0 < u < 1", "0 < v < 1"), witness={"u": "1/2", "v": "3/5"},
  why="kl(0.5||0.6) = 0.0204 < 0.021")
T(_2, "gibbs", "x*log(x/y)", ">=", "x - y", ("x > 0", "y > 0"), why="[CT 2.6] log t <= t - 1")
F(_2, "gibbs-coeff", "x*log(x/y)", ">=", "2*(x - y)", ("x > 0", "y > 0"),
  witness={"x": "2", "y": "1"}, why="2 log 2 = 1.386 < 2")
T(_2, "log-concave", "log((x + y)/2)", ">=", "(log(x) + log(y))/2", ("x > 0", "y > 0"),
  why="[HLP 2.5] AM-GM in logs")
F(_2, "log-concave-margin", "log((x + y)/2)", ">=", "(log(x) + log(y))/2 + 1/1000",
  ("x > 0", "y > 0"), witness={"x": "1", "y": "1"}, why="equal at x = y")
T(_2, "bernoulli", "(1 + x)**y", "<=", "1 + y*x", ("x > -1", "0 <= y <= 1"),
  why="[M 3.1] Bernoulli for exponents in [0, 1]")
F(_2, "bernoulli-range", "(1 + x)**y", "<=", "1 + y*x", ("x > -1", "0 <= y <= 2"),
  witness={"x": "1", "y": "2"}, why="4 > 3: Bernoulli reverses for exponents > 1")
T(_2, "young-exp", "x*y", "<=", "exp(x) + y*log(y) - y", ("y > 0",),
  why="[HLP 8.3] Fenchel-Young for exp and its conjugate")
T(_2, "hoeffding-lemma", "log(1 - y + y*exp(x))", "<=", "y*x + x**2/8", ("0 <= y <= 1",),
  why="[BLM 2.2] Hoeffding's lemma for a Bernoulli variable")
F(_2, "hoeffding-lemma-coeff", "log(1 - y + y*exp(x))", "<=", "y*x + x**2/9", ("0 <= y <= 1",),
  witness={"x": "1", "y": "1/2"}, why="log((1 + e)/2) = 0.620115 > 0.611111")
T(_2, "lse-amgm", "log(exp(x) + exp(y))", ">=", "(x + y)/2 + log(2)",
  why="AM-GM: e^x + e^y >= 2 e^((x+y)/2)")

# ---- three and four variables ----------------------------------------------------------------
_M = "more"
T(_M, "amgm-weighted", "x**z*y**(1 - z)", "<=", "z*x + (1 - z)*y",
  ("x > 0", "y > 0", "0 <= z <= 1"), why="[HLP 2.5] weighted AM-GM")
F(_M, "amgm-weighted-range", "x**z*y**(1 - z)", "<=", "z*x + (1 - z)*y",
  ("x > 0", "y > 0", "0 <= z <= 2"), witness={"x": "1", "y": "4", "z": "2"},
  why="1/4 > -2: the weights must lie in [0, 1]")
T(_M, "log-sum", "a*log(a/c) + b*log(b/u)", ">=", "(a + b)*log((a + b)/(c + u))",
  ("a > 0", "b > 0", "c > 0", "u > 0"), why="[CT 2.7.1] the log-sum inequality")
F(_M, "log-sum-margin", "a*log(a/c) + b*log(b/u)", ">=",
  "(a + b)*log((a + b)/(c + u)) + 1/1000", ("a > 0", "b > 0", "c > 0", "u > 0"),
  witness={"a": "1", "b": "1", "c": "1", "u": "1"}, why="equal at a/c = b/u")
T(_M, "exp-4d", "exp(x1 - x2) + exp(x3 - x4)", ">=", "2 + x1 - x2 + x3 - x4",
  why="e^t >= 1 + t twice")
F(_M, "exp-4d-margin", "exp(x1 - x2) + exp(x3 - x4)", ">=", "2 + x1 - x2 + x3 - x4 + 10**-6",
  witness={"x1": "0", "x2": "0", "x3": "0", "x4": "0"}, why="equal at x1 = x2, x3 = x4")
T(_M, "gibbs-3", "x*log(x/z) + y*log(y/z)", ">=", "x + y - 2*z",
  ("x > 0", "y > 0", "z > 0"), why="[CT 2.6] Gibbs twice")
T(_M, "jensen-exp-3", "exp((x + y + z)/3)", "<=", "(exp(x) + exp(y) + exp(z))/3",
  why="[HLP 3.5] Jensen for the convex exp")
F(_M, "jensen-exp-3-margin", "exp((x + y + z)/3)", "<=",
  "(exp(x) + exp(y) + exp(z))/3 - 10**-6", witness={"x": "0", "y": "0", "z": "0"},
  why="equal at x = y = z")
T(_M, "gibbs-4", "x*log(x/u) + y*log(y/v)", ">=", "x + y - u - v",
  ("x > 0", "y > 0", "u > 0", "v > 0"), why="[CT 2.6] Gibbs for two pairs")
