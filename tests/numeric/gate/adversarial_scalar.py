"""Adversarial scalar claims with known truth, for the decision gate (test_adversarial_scalar.py).

Every entry is a SCALAR claim (no vectors, no matrices); about half are FALSE, each false one a
near miss of a true one: a constant off by 1e-6 .. 1e-40, a strict relation at a touching point,
a wrong exponent or coefficient, a hypothesis boundary moved. Categories: ``ground``,
``real-algebra``, ``interval``, ``taylor``, ``unbounded``, ``equality-hyp``, ``or-hyp``,
``ranges``, ``definedness``.

Truth convention: a claim undefined at some point satisfying its hypotheses (a zero
denominator, ``log`` of a non-positive number, ``sqrt`` of a negative one, a negative base to a
fractional power) is NOT true: such entries are marked ``true=False`` ("must not be proved").

Each entry is written once as text (``"exp(x)", ">=", "1 + x"``, hypotheses such as
``"0 < u < v < 1"`` or a tuple of alternatives for a disjunction) and read twice: by SymPy into
the :class:`symbolic.Claim`, and by a small independent evaluator on plain mpmath (integer
literals become exact ``mpf``; real-only ``log``/``sqrt``; complex results count as undefined)
for ``check``. ``check`` never calls the project's code:

* a FALSE entry names a witness (exact values); ``check`` confirms at 50 digits that every
  hypothesis holds there and the claim fails (for ``definedness``: is undefined there);
* a TRUE entry is evaluated at >= 20 points satisfying its hypotheses (a pool of values per
  variable with 0, 1e-300, 1e300, boundaries and touching points; fewer only where the
  hypotheses pin the point or the dimension range is smaller: then every such point), and
  ``check`` is True only if the claim holds at all of them.

Comparisons at 50 digits whose two sides agree to 30 digits are ties: the point is then
re-evaluated at 1000 and 1200 digits: a difference that stays put decides
(``exp(1e-300) > 1 + 1e-300``), one that shrinks with the precision is rounding noise, i.e. zero
(``sin(pi) = 0``, ``sqrt(2)**2 = 2``).

Example:
    >>> len(ENTRIES) >= 160
    True
"""

from __future__ import annotations

import ast
import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import mpmath
import sympy as sp

from symbolic import Claim, Prop, n, scalar


@dataclass(frozen=True)
class Entry:
    """One adversarial claim, its truth, its category, an independent check and why."""

    claim: Claim
    true: bool
    category: str
    check: Callable[[], bool] = field(repr=False, compare=False)
    why: str = ""


CATEGORIES = ("ground", "real-algebra", "interval", "taylor", "unbounded", "equality-hyp",
              "or-hyp", "ranges", "definedness")

# ---------------------------------------------------------------------------------------------
# the SymPy reading
# ---------------------------------------------------------------------------------------------

_NAMES = ("x", "y", "z", "u", "v", "a", "b", "c", "x1", "x2", "x3", "x4", "x5")
SYM = {s: scalar(s) for s in _NAMES}
_F13 = sp.Float(1 / 3)  # the double nearest 1/3, 0.333333333333333314829616256247...
_F1E400 = sp.Float("1e-400")
_SP_LOCALS = {**SYM, "n": n, "F13": _F13, "F1e400": _F1E400, "E": sp.E, "pi": sp.pi}


def _sp(text: str) -> sp.Expr:
    return sp.sympify(text, locals=_SP_LOCALS)


_REL_RE = re.compile(r"(<=|>=|!=|<|>|=)")
_SP_REL = {"<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge, "=": sp.Eq, "!=": sp.Ne}


def _chain(text: str) -> list[tuple[str, str, str]]:
    """``"0 < u < v < 1"`` -> [("0", "<", "u"), ("u", "<", "v"), ("v", "<", "1")]."""
    parts = [p.strip() for p in _REL_RE.split(text)]
    if len(parts) < 3 or len(parts) % 2 == 0:
        raise ValueError(f"not a relation: {text!r}")
    return [(parts[i], parts[i + 1], parts[i + 2]) for i in range(0, len(parts) - 2, 2)]


def _sp_hyps(hyps: tuple) -> list:
    out: list = []
    for h in hyps:
        if isinstance(h, str):
            out += [Prop(_sp(lo), rel, _sp(hi)) for lo, rel, hi in _chain(h)]
        else:  # a disjunction: a tuple of alternatives, each a relation or a chain
            out.append(sp.Or(*[sp.And(*[_SP_REL[rel](_sp(lo), _sp(hi))
                                        for part in alt.split("&")
                                        for lo, rel, hi in _chain(part)]) for alt in h]))
    return out


# ---------------------------------------------------------------------------------------------
# the independent mpmath reading
# ---------------------------------------------------------------------------------------------


class Undefined(Exception):
    """The expression has no real value at the point."""


def _real(v: object) -> object:
    if isinstance(v, mpmath.mpc):
        if v.imag != 0:
            raise Undefined("complex value")
        return v.real
    return v


def _rlog(v: object) -> object:
    v = _real(v)
    if v <= 0:
        raise Undefined("log of a non-positive number")
    return mpmath.log(v)


def _rsqrt(v: object) -> object:
    v = _real(v)
    if v < 0:
        raise Undefined("sqrt of a negative number")
    return mpmath.sqrt(v)


def _rpow(a: object, b: object) -> object:
    a, b = _real(a), _real(b)
    if a == 0 and b < 0:
        raise Undefined("0 to a negative power")
    if a < 0 and b != mpmath.floor(b):
        raise Undefined("negative base to a fractional power")
    return _real(mpmath.power(a, b))


def _div(a: object, b: object) -> object:
    if b == 0:
        raise Undefined("division by zero")
    return a / b


class _Literals(ast.NodeTransformer):
    """Integer literals -> exact mpf; ``a ** b`` and ``a / b`` -> the checked real versions."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, bool) or not isinstance(node.value, int):
            raise ValueError(f"only integer literals (write 10**-6, not 1e-6): {node.value!r}")
        return ast.copy_location(ast.Call(ast.Name("_int", ast.Load()),
                                          [ast.Constant(str(node.value))], []), node)

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        fn = {ast.Pow: "_rpow", ast.Div: "_div"}.get(type(node.op))
        if fn is None:
            return node
        return ast.copy_location(ast.Call(ast.Name(fn, ast.Load()), [node.left, node.right], []),
                                 node)


_CODE: dict[str, object] = {}


def _compile(text: str) -> object:
    code = _CODE.get(text)
    if code is None:
        tree = ast.fix_missing_locations(_Literals().visit(ast.parse(text, mode="eval")))
        code = _CODE[text] = compile(tree, f"<{text}>", "eval")
    return code


def _namespace() -> dict[str, object]:
    """Functions and constants at the current working precision."""
    return {"_int": mpmath.mpf, "_rpow": _rpow, "_div": _div, "exp": mpmath.exp, "log": _rlog,
            "sqrt": _rsqrt, "sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan,
            "atan": mpmath.atan, "cosh": mpmath.cosh, "sinh": mpmath.sinh,
            "tanh": mpmath.tanh, "asinh": mpmath.asinh, "Abs": abs, "Max": max, "Min": min,
            "Rational": lambda p, q: _div(p, q), "pi": +mpmath.pi, "E": +mpmath.e,
            # the exact binary values of the two SymPy Floats (their mpf tuples)
            "F13": mpmath.mpf(1 / 3), "F1e400": mpmath.mpf(_F1E400._mpf_),
            "__builtins__": {}}


def _mp(text: str, env: dict[str, object]) -> object:
    return _real(eval(_compile(text), env))  # our own literal specs only


def _side(text: str, point: dict[str, str], dps: int) -> object:
    """``text`` at ``point`` (values as text) with ``dps`` digits; Undefined if it has none."""
    with mpmath.workdps(dps):
        env = _namespace()
        env.update({k: _mp(val, env) for k, val in point.items()})
        return _mp(text, env)


def _diff(lo: str, hi: str, point: dict[str, str], dps: int) -> object:
    with mpmath.workdps(dps):
        return _side(lo, point, dps) - _side(hi, point, dps)


#: the working precision of a first look (a true entry's failure is looked at again at 1000)
_DPS = [50]


def _sign(lo: str, hi: str, point: dict[str, str]) -> int:
    """Sign of ``lo - hi`` at ``point``: at 50 digits unless the sides agree to 30 digits
    (relative, floor 1); then at 1000 and 1200 digits, where a difference that does not
    stay put (rounding noise shrinking with the precision) is zero."""
    dps = _DPS[0]
    with mpmath.workdps(dps):
        lv, hv = _side(lo, point, dps), _side(hi, point, dps)
        d = lv - hv
        if abs(d) > mpmath.mpf(10) ** -30 * max(1, abs(lv), abs(hv)):
            return 1 if d > 0 else -1
    d1, d2 = _diff(lo, hi, point, 1000), _diff(lo, hi, point, 1200)
    with mpmath.workdps(1200):
        if d1 != 0 and (d1 > 0) == (d2 > 0) and abs(d1 - d2) <= abs(d1) / 10**6:
            return 1 if d1 > 0 else -1
    return 0


_REL_OK = {"<": (-1,), "<=": (-1, 0), ">": (1,), ">=": (1, 0), "=": (0,), "!=": (-1, 1)}


def _rel(lo: str, rel: str, hi: str, point: dict[str, str]) -> bool:
    return _sign(lo, hi, point) in _REL_OK[rel]


def _alt(alt: str, point: dict[str, str]) -> bool:
    """One alternative of a hypothesis: chains joined by ``&``; undefined -> does not hold."""
    try:
        return all(_rel(lo, rel, hi, point) for part in alt.split("&")
                   for lo, rel, hi in _chain(part))
    except Undefined:
        return False


def _holds(hyps: tuple, point: dict[str, str]) -> bool:
    return all(any(_alt(a, point) for a in ((h,) if isinstance(h, str) else h)) for h in hyps)


def _at_point(point: dict[str, str], spec: tuple) -> tuple[bool, str]:
    """(hypotheses hold, "holds" | "fails" | "undefined") at ``point`` (values as text)."""
    lhs, rel, rhs, hyps = spec
    try:
        _side("0", point, _DPS[0])  # the point's own values
    except Undefined:
        return False, "undefined"
    if not _holds(hyps, point):
        return False, "undefined"
    try:
        return True, "holds" if _rel(lhs, rel, rhs, point) else "fails"
    except Undefined:
        return True, "undefined"


# values tried for every variable (text: exact, evaluated at the working precision)
POOL = ("-10**300", "-10**6", "-10", "-pi", "-2", "-1", "-1/2", "-10**-300", "0", "10**-300",
        "10**-6", "1/3", "1/2", "1", "sqrt(2)", "2", "E", "3", "pi", "10", "100", "10**6",
        "10**300")


# and a denser grid, so that a bounded box keeps >= 20 points
DENSE = tuple(f"{k}/8" for k in range(-16, 17)) + ("5/2", "7/2", "4", "5", "6", "8", "20",
                                                   "1000", "-3", "-5", "-100") + (
    "12", "15", "30", "50", "200", "500", "10**4", "10**5", "10**10", "10**20", "10**50",
    "10**100", "-50", "-10**10")


def _between(bounds: set[str]) -> set[str]:
    """Seven points between consecutive numeric boundaries of a variable, and each boundary
    moved by 1e-9 either way."""
    ordered = sorted(bounds, key=lambda t: float(sp.N(_sp(t))))
    out = {f"({b}) + {s}*10**-9" for b in ordered for s in ("1", "-1")}
    for lo, hi in itertools.pairwise(ordered):
        out |= {f"({lo}) + {k}*(({hi}) - ({lo}))/8" for k in range(1, 8)}
    return out


def _vars(spec: tuple) -> list[str]:
    lhs, _, rhs, hyps = spec
    texts = [lhs, rhs, *[t for h in hyps for t in ((h,) if isinstance(h, str) else h)]]
    texts = [t.replace("&", " ") for t in texts]
    found: set[str] = set()
    for t in texts:
        found |= set(re.findall(r"\b[a-z]\w*\b", t)) & (set(_NAMES) | {"n"})
    return sorted(found)


def _hyp_values(spec: tuple) -> dict[str, set[str]]:
    """Numbers a hypothesis compares a lone variable with (its boundaries)."""
    out: dict[str, set[str]] = {}
    for h in spec[3]:
        for alt in ((h,) if isinstance(h, str) else h):
            for lo, _, hi in (t for part in alt.split("&") for t in _chain(part)):
                for var, other in ((lo, hi), (hi, lo)):
                    if var in _NAMES and not _sp(other).free_symbols:
                        out.setdefault(var, set()).add(other)
    return out


def _implied(text: str) -> list[tuple[str, str, str]]:
    """The chain's relations and what it implies by transitivity between each term and the
    numeric terms (``0 < u < v < 1`` also gives ``0 < v`` and ``u < 1``)."""
    parts = [p.strip() for p in _REL_RE.split(text)]
    terms, rels = parts[::2], parts[1::2]
    out = list(_chain(text))
    for i, j in itertools.combinations(range(len(terms)), 2):
        between = set(rels[i:j])
        numeric = [not _sp(terms[k]).free_symbols for k in (i, j)]
        if j - i < 2 or numeric[0] == numeric[1]:
            continue
        for weak, strict in (("<=", "<"), (">=", ">")):
            if between <= {weak, strict}:
                out.append((terms[i], strict if strict in between else weak, terms[j]))
    return out


def _alone_ok(parts: list, var: str, val: str) -> bool:
    try:
        return all(_rel(lo, rel, hi, {var: val}) for lo, rel, hi in parts)
    except Undefined:
        return False


def _points(spec: tuple, pool: dict | None, dims: dict | None) -> list[dict[str, str]]:
    names = _vars(spec)
    bounds = _hyp_values(spec)
    values: dict[str, list[str]] = {}
    for v in names:
        if v == "n":
            lo, hi = dims["n"]
            ks = list(range(lo, hi + 1)) if hi - lo <= 300 else sorted(
                {*range(lo, lo + 100), *range(hi - 99, hi + 1),
                 *random.Random(1).sample(range(lo, hi + 1), 100)})
            values[v] = [str(k) for k in ks]
        else:
            values[v] = sorted({*POOL, *DENSE, *bounds.get(v, ()), *_between(bounds.get(v, ())),
                                *(pool or {}).get(v, ())})
    for v in names:  # keep the values that pass the hypotheses on this variable alone
        alone = [t for h in spec[3] if isinstance(h, str) for t in _implied(h)
                 if _vars((t[0], "", t[2], ())) == [v]]
        if alone and v != "n":
            values[v] = [val for val in values[v] if _alone_ok(alone, v, val)]
    total = 1
    for v in names:
        total *= len(values[v])
    if total <= 600:
        combos = list(itertools.product(*[values[v] for v in names]))
    else:  # the diagonal, then 600 seeded random picks
        rng = random.Random(0)
        longest = max(len(values[v]) for v in names)
        picked = {tuple(values[v][i % len(values[v])] for v in names) for i in range(longest)}
        picked |= {tuple(rng.choice(values[v]) for v in names) for _ in range(600)}
        combos = sorted(picked)
    return [dict(zip(names, c)) for c in combos]


def _check_true(spec: tuple, pool: dict | None, dims: dict | None, min_points: int) -> bool:
    good = 0
    points = _points(spec, pool, dims)
    random.Random(2).shuffle(points)
    for p in points:
        if good >= 150:  # enough
            break
        ok, outcome = _at_point(p, spec)
        if not ok or outcome != "holds":  # at 1000 digits: 1 - 10**-300 is not 1 there
            _DPS[0] = 1000
            try:
                ok, outcome = _at_point(p, spec)
            finally:
                _DPS[0] = 50
        if not ok:
            continue
        if outcome != "holds":
            return False
        good += 1
    return good >= (min(min_points, 1) if not _vars(spec) else min_points)


def _check_false(spec: tuple, witness: dict[str, str], category: str) -> bool:
    ok, outcome = _at_point({k: str(v) for k, v in witness.items()}, spec)
    if not ok:
        return False
    return outcome == ("undefined" if category == "definedness" else "fails")


ENTRIES: list[Entry] = []


def E(category: str, name: str, lhs: str, rel: str, rhs: str, hyps: tuple = (), *, true: bool,
      why: str, witness: dict | None = None, pool: dict | None = None, dims: dict | None = None,
      latex: str | None = None, min_points: int = 20) -> None:
    """Add one entry; ``latex`` builds the claim with Claim.from_latex (keeps ``x/x``)."""
    cid = f"adv:{category}-{name}"
    if latex is not None:
        claim = Claim.from_latex(cid, latex, hypotheses=_sp_hyps(hyps),
                                 **({"dims": dims} if dims else {}))
    else:
        claim = Claim(cid, _sp(lhs), rel, _sp(rhs), hypotheses=_sp_hyps(hyps),
                      **({"dims": dims} if dims else {}))
    spec = (lhs, rel, rhs, tuple(hyps))
    if true:
        assert witness is None, cid

        def check(spec=spec, pool=pool, dims=dims, k=min_points) -> bool:
            return _check_true(spec, pool, dims, k)
    else:
        assert witness is not None, cid

        def check(spec=spec, w=witness, cat=category) -> bool:
            return _check_false(spec, w, cat)
    ENTRIES.append(Entry(claim, true, category, check, why))


T, F = True, False

# ---- ground: no variables ------------------------------------------------------------------
_G = "ground"
E(_G, "pi-lo", "pi", ">", "314159265358979323846264338327950288419/10**38", true=T,
  why="pi truncated to 38 decimals; margin 7.2e-39")
E(_G, "pi-hi", "pi", ">", "314159265358979323846264338327950288420/10**38", true=F, witness={},
  why="the truncation plus 1e-38 exceeds pi by 2.8e-39")
E(_G, "e-hi", "E", "<", "27182818284590452353602874713526624977573/10**40", true=T,
  why="e rounded up at 40 decimals; margin 2.8e-41")
E(_G, "e-lo", "E", "<", "27182818284590452353602874713526624977572/10**40", true=F, witness={},
  why="e exceeds its 40-decimal truncation by 7.2e-41")
E(_G, "log2-lo", "log(2)", ">", "69314718055994530941723212145817656807/10**38", true=T,
  why="log 2 truncated at 38 decimals; margin 5.5e-39")
E(_G, "log2-hi", "log(2)", ">", "69314718055994530941723212145817656808/10**38", true=F,
  witness={}, why="truncation + 1e-38 exceeds log 2 by 4.5e-39")
E(_G, "sqrt2-lo", "sqrt(2)", ">", "14142135623730950488016887242096980785696/10**40", true=T,
  why="sqrt 2 truncated at 40 decimals; margin 7.2e-41")
E(_G, "sqrt2-hi", "sqrt(2)", ">=", "14142135623730950488016887242096980785697/10**40", true=F,
  witness={}, why="truncation + 1e-40 exceeds sqrt 2 by 2.8e-41")
E(_G, "gelfond-hi", "2**sqrt(2)", "<", "2665144142690225188650297249874/10**30", true=T,
  why="2^sqrt2 = 2.66514414269022518865029724987313..., rounded up at 30 decimals")
E(_G, "gelfond-lo", "2**sqrt(2)", "<=", "2665144142690225188650297249873/10**30", true=F,
  witness={}, why="2^sqrt2 exceeds its 30-decimal truncation by 1.4e-31")
E(_G, "exppi-lo", "exp(pi) - pi", ">", "1999909997918947576726/10**20", true=T,
  why="e^pi - pi = 19.99909997918947576726644...; margin 6.4e-21")
E(_G, "exppi-hi", "exp(pi) - pi", ">", "1999909997918947576727/10**20", true=F, witness={},
  why="e^pi - pi = 19.999099979189475767266 < ...767270")
E(_G, "eps40", "1 + Rational(1, 10**40)", ">", "1", true=T, why="margin exactly 1e-40")
E(_G, "eps40-le", "1 + Rational(1, 10**40)", "<=", "1", true=F, witness={},
  why="1 + 1e-40 > 1")
E(_G, "tiny-pos", "F1e400", ">", "0", true=T, why="Float('1e-400') is positive (not 0)")
E(_G, "tiny-zero", "F1e400", "=", "0", true=F, witness={},
  why="Float('1e-400') is 9.99999999999999929e-401, not 0")
E(_G, "tiny-below", "F1e400", "<", "Rational(1, 10**400)", true=T,
  why="the 53-bit Float('1e-400') is 9.99999999999999929477e-401 < 1e-400")
E(_G, "tiny-above", "F1e400", ">=", "Rational(1, 10**400)", true=F, witness={},
  why="the 53-bit Float('1e-400') is below 1e-400 by 7e-417")
E(_G, "third-below", "F13", "<", "Rational(1, 3)", true=T,
  why="the double nearest 1/3 is 0.333333333333333314829...")
E(_G, "third-eq", "F13", "=", "Rational(1, 3)", true=F, witness={},
  why="Float(1/3) differs from 1/3 by 1.85e-17")
E(_G, "ramanujan", "exp(pi*sqrt(163))", "<", "640320**3 + 744", true=T,
  why="e^(pi sqrt163) = 262537412640768743.99999999999925...")
E(_G, "ramanujan-tight", "exp(pi*sqrt(163))", "<", "640320**3 + 744 - 10**-12", true=F,
  witness={}, why="e^(pi sqrt163) = 640320^3 + 744 - 7.5e-13 > ... - 1e-12")
E(_G, "euler-seq", "(1 + Rational(1, 1000))**1000", "<", "E", true=T,
  why="(1 + 1/k)^k increases to e; an exact rational with a 3001-digit numerator")
E(_G, "euler-seq-tight", "(1 + Rational(1, 1000))**1000", ">", "E - Rational(1, 1000)",
  true=F, witness={}, why="(1.001)^1000 = 2.716924 < e - 0.001 = 2.717282")

# ---- real-algebra: polynomial and rational ---------------------------------------------------
_R = "real-algebra"
_UV = {"u": ["9/10", "99/100", "1 - 10**-6"], "v": ["9/10", "99/100", "1 - 10**-9"],
       "x": ["5/2", "4"], "y": ["5/2", "4"]}
E(_R, "polya", "2*u**2*x", "<", "v*y**2", ("0 < u < v < 1", "2 <= x <= y"), true=T, pool=_UV,
  why="Avigad-Lewis-Roux: y^2 >= 2y >= 2x and v > u > u^2")
E(_R, "polya-margin", "2*u**2*x", "<", "v*y**2 - 10**-6", ("0 < u < v < 1", "2 <= x <= y"),
  true=F, witness={"u": "1 - 10**-8", "v": "1 - 10**-9", "x": "2", "y": "2"},
  why="the infimum of v y^2 - 2u^2 x is 0 (u, v -> 1, x = y = 2): 7.6e-8 < 1e-6")
E(_R, "amgm2", "(a + b)/2", ">=", "sqrt(a*b)", ("a >= 0", "b >= 0"), true=T,
  why="(sqrt a - sqrt b)^2 >= 0")
E(_R, "amgm2-strict", "(a + b)/2", ">", "sqrt(a*b)", ("a >= 0", "b >= 0"), true=F,
  witness={"a": "1", "b": "1"}, why="equality at a = b")
E(_R, "amgm3", "a**3 + b**3 + c**3", ">=", "3*a*b*c", ("a >= 0", "b >= 0", "c >= 0"), true=T,
  why="(a+b+c)(sum of squares of differences)/2 >= 0")
E(_R, "amgm3-neg", "a**3 + b**3 + c**3", ">=", "3*a*b*c", ("a >= -1", "b >= -1", "c >= -1"),
  true=F, witness={"a": "-1", "b": "0", "c": "0"}, why="-1 >= 0 is false")
E(_R, "schur", "a*(a - b)*(a - c) + b*(b - a)*(b - c) + c*(c - a)*(c - b)", ">=", "0",
  ("a >= 0", "b >= 0", "c >= 0"), true=T, why="Schur's inequality, t = 1")
E(_R, "schur-strict", "a*(a - b)*(a - c) + b*(b - a)*(b - c) + c*(c - a)*(c - b)", ">", "0",
  ("a >= 0", "b >= 0", "c >= 0"), true=F, witness={"a": "1", "b": "1", "c": "0"},
  why="Schur is 0 at a = b, c = 0")
E(_R, "quartic", "x**4 - 4*x + 3", ">=", "0", true=T, why="(x-1)^2 (x^2 + 2x + 3)")
E(_R, "quartic-margin", "x**4 - 4*x + 3", ">=", "10**-30", true=F, witness={"x": "1"},
  why="0 at x = 1")
E(_R, "parabola", "x*(1 - x)", "<=", "1/4", ("0 <= x <= 1",), true=T, why="(x - 1/2)^2 >= 0")
E(_R, "parabola-margin", "x*(1 - x)", "<=", "1/4 - 10**-12", ("0 <= x <= 1",), true=F,
  witness={"x": "1/2"}, why="1/4 at x = 1/2")
E(_R, "ratio", "x/y + y/x", ">=", "2", ("x > 0", "y > 0"), true=T, why="(x - y)^2/(xy) >= 0")
E(_R, "ratio-strict", "x/y + y/x", ">", "2", ("x > 0", "y > 0"), true=F,
  witness={"x": "3", "y": "3"}, why="equality at x = y")
E(_R, "geometric", "1/(1 - x)", ">", "1 + x", ("0 < x < 1",), true=T,
  pool={"x": ["9/10", "1 - 10**-6"]}, why="difference x^2/(1 - x) > 0")
E(_R, "geometric-closed", "1/(1 - x)", ">", "1 + x", ("0 <= x < 1",), true=F,
  witness={"x": "0"}, why="1 > 1 at x = 0 (boundary moved)")
E(_R, "cubic", "x**3 - 3*x + 2", ">=", "0", ("x >= -2",), true=T, why="(x - 1)^2 (x + 2)")
E(_R, "cubic-moved", "x**3 - 3*x + 2", ">=", "0", ("x >= -2 - 10**-6",), true=F,
  witness={"x": "-2 - 10**-6"}, why="(x-1)^2 (x+2) = -9e-6 at x = -2 - 1e-6")
E(_R, "quintic", "x**5", ">=", "x**3", ("x >= 1",), true=T, why="x^3 (x^2 - 1) >= 0")
E(_R, "quintic-moved", "x**5", ">=", "x**3", ("x >= 0",), true=F, witness={"x": "1/2"},
  why="1/32 < 1/8")
E(_R, "cube-bernoulli", "(1 + x)**3", ">=", "1 + 3*x", ("x >= -3",), true=T,
  why="x^2 (x + 3) >= 0")
E(_R, "square-bernoulli", "(1 + x)**2", ">=", "1 + 3*x", ("x >= 0",), true=F,
  witness={"x": "1/2"}, why="wrong exponent: 9/4 < 5/2")
E(_R, "saturating", "(x**2 + 1)/(x**2 + 2)", "<", "1", true=T, why="1 - 1/(x^2 + 2)")
E(_R, "saturating-margin", "(x**2 + 1)/(x**2 + 2)", "<", "1 - 10**-40", true=F,
  witness={"x": "10**21"}, why="1 - 1/(1e42 + 2) > 1 - 1e-40 (near miss at infinity)")
E(_R, "alr", "(1 + x**2)/(2 + y)**17", "<", "(1 + y**2)/(2 + x)**10", ("0 < x < y",), true=T,
  why="Polya's example (ALR 2014): 1 + x^2 < 1 + y^2, (2+y)^17 > (2+x)^10")
E(_R, "alr-exponent", "(1 + x**2)/(2 + y)**7", "<", "(1 + y**2)/(2 + x)**10", ("0 < x < y",),
  true=F, witness={"x": "1/100", "y": "1/10"}, why="wrong exponent: 0.00555 > 0.00094")

# ---- interval: 1-3 variables, special functions on bounded boxes -----------------------------
_I = "interval"
E(_I, "sin", "sin(x)", "<=", "x", ("0 <= x <= 10",), true=T, why="sin' = cos <= 1, sin 0 = 0")
E(_I, "sin-scaled", "sin(x)", "<=", "(1 - 10**-8)*x", ("0 <= x <= 1",), true=F,
  witness={"x": "10**-5"}, why="sin x = x - x^3/6 + ... > (1 - 1e-8) x for x^2 < 6e-8")
E(_I, "log1p", "log(1 + x)", ">=", "x - x**2/2", ("0 <= x <= 5",), true=T,
  why="derivative x^2/(1 + x) >= 0, equal at 0")
E(_I, "log1p-coeff", "log(1 + x)", ">=", "x - x**2/3", ("0 <= x <= 5",), true=F,
  witness={"x": "1/10"}, why="log 1.1 = 0.09531 < 0.09667")
E(_I, "cos4", "cos(x)", "<=", "1 - x**2/2 + x**4/24", ("-2 <= x <= 2",), true=T,
  why="alternating Taylor remainder -x^6/720 cos(xi)... (true on all reals)")
E(_I, "cos4-coeff", "cos(x)", "<=", "1 - x**2/2 + x**4/25", ("-2 <= x <= 2",), true=F,
  witness={"x": "1/2"}, why="cos 0.5 = 0.877583 > 0.8775")
E(_I, "atan", "atan(x)", ">=", "x - x**3/3", ("0 <= x <= 2",), true=T,
  why="derivative x^4/(1 + x^2) >= 0, equal at 0")
E(_I, "atan-coeff", "atan(x)", ">=", "x - x**3/4", ("0 <= x <= 2",), true=F,
  witness={"x": "1/2"}, why="atan 0.5 = 0.463648 < 0.46875")
E(_I, "sqrt", "sqrt(1 + x)", "<=", "1 + x/2", ("-1 <= x <= 3",), true=T,
  why="(1 + x/2)^2 = 1 + x + x^2/4")
E(_I, "sqrt-strict", "sqrt(1 + x)", "<", "1 + x/2", ("-1 <= x <= 3",), true=F,
  witness={"x": "0"}, why="touching at x = 0")
E(_I, "exp-quad", "exp(x)", "<=", "1 + x + x**2", ("0 <= x <= 179/100",), true=T,
  why="f = e^x - 1 - x - x^2 falls then rises on [0, 1.79]; f(0) = 0, f(1.79) = -0.0047")
E(_I, "exp-quad-moved", "exp(x)", "<=", "1 + x + x**2", ("0 <= x <= 9/5",), true=F,
  witness={"x": "9/5"}, why="e^1.8 = 6.0496 > 6.04 (the crossing is at 1.7933)")
E(_I, "xlogx", "x*log(x)", ">=", "x - 1", ("1/10 <= x <= 10",), true=T,
  why="log x >= 1 - 1/x, times x > 0")
E(_I, "xlogx-strict", "x*log(x)", ">", "x - 1", ("1/10 <= x <= 10",), true=F,
  witness={"x": "1"}, why="touching at x = 1")
E(_I, "logxy", "log(x*y)", "<=", "x + y - 2", ("1/2 <= x <= 3", "1/2 <= y <= 3"), true=T,
  why="log x <= x - 1 twice")
E(_I, "logxy-strict", "log(x*y)", "<", "x + y - 2", ("1/2 <= x <= 3", "1/2 <= y <= 3"),
  true=F, witness={"x": "1", "y": "1"}, why="touching at (1, 1)")
E(_I, "jensen-sin", "sin(x) + sin(y) + sin(z)", "<=", "3*sin((x + y + z)/3)",
  ("0 <= x <= pi", "0 <= y <= pi", "0 <= z <= pi"), true=T, why="sin is concave on [0, pi]")
E(_I, "jensen-sin-moved", "sin(x) + sin(y) + sin(z)", "<=", "3*sin((x + y + z)/3)",
  ("0 <= x <= pi + 1/10", "0 <= y <= pi + 1/10", "0 <= z <= pi + 1/10"), true=F,
  witness={"x": "pi", "y": "pi + 1/10", "z": "pi + 1/10"},
  why="sin is convex on [pi, 2pi]: -0.19967 > -0.19985")
E(_I, "jensen-atan", "atan(x) + atan(y)", "<=", "2*atan((x + y)/2)",
  ("0 <= x <= 5", "0 <= y <= 5"), true=T, why="atan is concave on [0, oo)")
E(_I, "jensen-atan-moved", "atan(x) + atan(y)", "<=", "2*atan((x + y)/2)",
  ("-1 <= x <= 5", "-1 <= y <= 5"), true=F, witness={"x": "-1", "y": "0"},
  why="atan is convex on (-oo, 0]: -0.785 > -0.927")
E(_I, "sqrt-sum", "sqrt(x) + sqrt(y)", "<=", "sqrt(2*(x + y))", ("0 <= x <= 4", "0 <= y <= 4"),
  true=T, why="(sqrt x - sqrt y)^2 >= 0")
E(_I, "sqrt-sum-strict", "sqrt(x) + sqrt(y)", "<", "sqrt(2*(x + y))",
  ("0 <= x <= 4", "0 <= y <= 4"), true=F, witness={"x": "1", "y": "1"}, why="equal at x = y")
E(_I, "cos-chord", "cos(x)", ">=", "1 - 2*x/pi", ("0 <= x <= pi/2",), true=T,
  why="cos is concave on [0, pi/2]: above its chord")
E(_I, "cos-chord-moved", "cos(x)", ">=", "1 - 2*x/pi", ("0 <= x <= pi/2 + 10**-6",), true=F,
  witness={"x": "pi/2 + 10**-6"}, why="-sin(1e-6) = -1e-6 < -2e-6/pi")
E(_I, "exp-damped", "exp(-x)*(1 + x)", "<=", "1", ("0 <= x <= 10",), true=T,
  why="1 + x <= e^x")
E(_I, "exp-damped-coeff", "exp(-x)*(1 + x + x**2/2 + x**3/5)", "<=", "1", ("0 <= x <= 10",),
  true=F, witness={"x": "1/10"}, why="x^3/5 > x^3/6: 1.0000265 at x = 0.1")

# ---- taylor: tangent bounds and touching points, up to 5 variables -----------------------------
_T = "taylor"
E(_T, "exp-tangent", "exp(x)", ">=", "1 + x", true=T, why="convexity; touching at 0")
E(_T, "exp-tangent-strict", "exp(x)", ">", "1 + x", true=F, witness={"x": "0"},
  why="touching at 0")
E(_T, "cos2", "cos(x)", ">=", "1 - x**2/2", true=T, why="g = cos x - 1 + x^2/2, g'' >= 0")
E(_T, "cos2-margin", "cos(x)", ">=", "1 - x**2/2 + 10**-20", true=F, witness={"x": "0"},
  why="touching at 0")
E(_T, "exp3", "exp(x)", ">=", "1 + x + x**2/2 + x**3/6", true=T,
  why="Lagrange remainder e^xi x^4/24 >= 0 on all reals")
E(_T, "exp2", "exp(x)", ">=", "1 + x + x**2/2", true=F, witness={"x": "-1"},
  why="wrong degree: remainder e^xi x^3/6 < 0 for x < 0; 0.368 < 0.5")
E(_T, "sin3", "sin(x)", ">=", "x - x**3/6", ("x >= 0",), true=T,
  why="remainder x^4 sin(xi)/24 ... standard: derivative cos x - 1 + x^2/2 >= 0")
E(_T, "sin3-moved", "sin(x)", ">=", "x - x**3/6", ("x >= -10**-3",), true=F,
  witness={"x": "-10**-3"}, why="odd: at -1e-3 the gap is -x^5/120 = -8.3e-18")
E(_T, "log1p", "log(1 + x)", "<=", "x", ("x > -1",), true=T, why="concavity; touching at 0")
E(_T, "log1p-strict", "log(1 + x)", "<", "x", ("x > -1",), true=F, witness={"x": "0"},
  why="touching at 0")
E(_T, "prod3", "exp(x + y + z)", ">=", "(1 + x)*(1 + y)*(1 + z)",
  ("x >= -1", "y >= -1", "z >= -1"), true=T, why="0 <= 1 + t <= e^t, factorwise")
E(_T, "prod3-moved", "exp(x + y + z)", ">=", "(1 + x)*(1 + y)*(1 + z)",
  ("x >= -2", "y >= -2", "z >= -2"), true=F, witness={"x": "-2", "y": "-2", "z": "0"},
  why="e^-4 < (-1)(-1)(1) = 1")
_X5 = "x1 + x2 + x3 + x4 + x5"
E(_T, "sum5", f"exp({_X5})", ">=", f"1 + {_X5}", true=T, why="e^s >= 1 + s")
E(_T, "sum5-strict", f"exp({_X5})", ">", f"1 + {_X5}", true=F,
  witness={"x1": "1", "x2": "-1", "x3": "0", "x4": "0", "x5": "0"},
  why="touching on the hyperplane s = 0")
_P5 = "(1 + x1)*(1 + x2)*(1 + x3)*(1 + x4)*(1 + x5)"
E(_T, "prod5", _P5, "<=", f"exp({_X5})", tuple(f"x{i} >= -1" for i in range(1, 6)), true=T,
  why="0 <= 1 + t <= e^t, factorwise")
E(_T, "prod5-moved", _P5, "<=", f"exp({_X5})", tuple(f"x{i} >= -3" for i in range(1, 6)),
  true=F, witness={"x1": "-3", "x2": "-3", "x3": "0", "x4": "0", "x5": "0"},
  why="(-2)(-2) = 4 > e^-6")
E(_T, "cosh", "exp(x) + exp(-x)", ">=", "2 + x**2", true=T, why="2 cosh x = 2 + x^2 + x^4/12...")
E(_T, "cosh-coeff", "exp(x) + exp(-x)", ">=", "2 + x**2 + x**4/11", true=F,
  witness={"x": "1/10"}, why="x^4/12 + x^6/360 < x^4/11 at x = 0.1")
E(_T, "sqrt-tangent", "sqrt(x)", "<=", "(1 + x)/2", ("x >= 0",), true=T, why="AM-GM; touching at 1")
E(_T, "sqrt-tangent-margin", "sqrt(x)", "<=", "(1 + x)/2 - 10**-40", ("x >= 0",), true=F,
  witness={"x": "1"}, why="touching at 1")
E(_T, "exp-at-1", "exp(x)", ">=", "E*x", true=T, why="tangent at 1 of a convex function")
E(_T, "exp-at-1-margin", "exp(x)", ">=", "E*x + 10**-30", true=F, witness={"x": "1"},
  why="touching at 1")
E(_T, "gauss", "exp(-x**2)", ">=", "1 - x**2", true=T, why="e^t >= 1 + t at t = -x^2")
E(_T, "gauss-strict", "exp(-x**2)", ">", "1 - x**2", true=F, witness={"x": "0"},
  why="touching at 0")
E(_T, "cos-2d", "cos(x) + cos(y)", ">=", "2 - (x**2 + y**2)/2", true=T, why="cos t >= 1 - t^2/2")
E(_T, "cos-2d-strict", "cos(x) + cos(y)", ">", "2 - (x**2 + y**2)/2", true=F,
  witness={"x": "0", "y": "0"}, why="touching at the origin")
E(_T, "exp-4d", "exp(x1 - x2) + exp(x3 - x4)", ">=", "2 + x1 - x2 + x3 - x4", true=T,
  why="e^t >= 1 + t twice")
E(_T, "exp-4d-margin", "exp(x1 - x2) + exp(x3 - x4)", ">=", "2 + x1 - x2 + x3 - x4 + 10**-40",
  true=F, witness={"x1": "1", "x2": "1", "x3": "1", "x4": "1"}, why="touching where x1 = x2, x3 = x4")

# ---- unbounded: x >= 0 or all reals ------------------------------------------------------------
_U = "unbounded"
E(_U, "log-tangent", "log(x)", "<=", "x - 1", ("x > 0",), true=T, why="concavity; touching at 1")
E(_U, "log-tangent-strict", "log(x)", "<", "x - 1", ("x > 0",), true=F, witness={"x": "1"},
  why="touching at 1")
E(_U, "exp-square", "exp(x)", ">=", "x**2", ("x >= -7/10",), true=T,
  why="e^x - x^2 increases (e^x > 2x); 0.4966 > 0.49 at -0.7")
E(_U, "exp-square-moved", "exp(x)", ">=", "x**2", ("x >= -71/100",), true=F,
  witness={"x": "-71/100"}, why="e^-0.71 = 0.4916 < 0.5041 (the crossing is at -0.7035)")
E(_U, "exp-cube", "exp(x)", ">=", "x**3", ("x >= 0",), true=F, witness={"x": "4"},
  why="e^4 = 54.6 < 64 (e^x < x^3 on (1.857, 4.536))")
E(_U, "exp-cube-far", "exp(x)", ">=", "x**3", ("x >= 5",), true=T,
  why="x - 3 log x increases for x > 3 and is 0.17 at 5")
E(_U, "exp-cube-sixth", "exp(x)", ">=", "x**3/6", ("x >= 0",), true=T, why="a Taylor term")
E(_U, "lorentz", "x/(1 + x**2)", "<=", "1/2", true=T, why="(x - 1)^2 >= 0")
E(_U, "lorentz-strict", "x/(1 + x**2)", "<", "1/2", true=F, witness={"x": "1"},
  why="touching at 1")
E(_U, "atan-sup", "atan(x)", "<", "pi/2", true=T, why="the supremum is not attained")
E(_U, "atan-sup-margin", "atan(x)", "<", "pi/2 - 10**-30", true=F, witness={"x": "10**31"},
  why="atan 1e31 = pi/2 - 1e-31")
E(_U, "exp-positive", "exp(-x)", ">", "0", true=T, why="exp > 0")
E(_U, "exp-positive-margin", "exp(-x)", ">", "10**-300", true=F, witness={"x": "1000"},
  why="e^-1000 = 5e-435")
E(_U, "log1p-sqrt", "log(1 + x)", "<=", "81/100*sqrt(x)", ("x >= 0",), true=T,
  why="max of log(1+x)/sqrt x is 0.80474 (x = 3.92)")
E(_U, "log1p-sqrt-coeff", "log(1 + x)", "<=", "4/5*sqrt(x)", ("x >= 0",), true=F,
  witness={"x": "4"}, why="log 5 = 1.6094 > 1.6")
E(_U, "gamma-peak", "x**2*exp(-x)", "<=", "4*exp(-2)", ("x >= 0",), true=T,
  why="maximum at x = 2")
E(_U, "gamma-peak-strict", "x**2*exp(-x)", "<", "4*exp(-2)", ("x >= 0",), true=F,
  witness={"x": "2"}, why="touching at 2")
E(_U, "sqrt-gap", "sqrt(x**2 + 1) - x", ">", "0", true=T, why="sqrt(x^2 + 1) > |x|")
E(_U, "sqrt-gap-margin", "sqrt(x**2 + 1) - x", ">=", "10**-20", true=F,
  witness={"x": "10**21"}, why="1/(sqrt(x^2+1) + x) = 5e-22 at 1e21")
E(_U, "quartic", "x**4 + 1", ">=", "x**3 + x", true=T, why="(x - 1)^2 (x^2 + x + 1)")
E(_U, "quartic-strict", "x**4 + 1", ">", "x**3 + x", true=F, witness={"x": "1"},
  why="touching at 1")
E(_U, "log-sqrt", "log(x)", "<=", "2*exp(-1)*sqrt(x)", ("x > 0",), true=T,
  why="max of log x / sqrt x is 2/e at x = e^2")
E(_U, "log-sqrt-strict", "log(x)", "<", "2*exp(-1)*sqrt(x)", ("x > 0",), true=F,
  witness={"x": "exp(2)"}, why="touching at e^2")
E(_U, "xexp", "x*exp(-x)", "<=", "exp(-1)", true=T, why="maximum at x = 1")
E(_U, "xexp-margin", "x*exp(-x)", "<=", "exp(-1) - 10**-40", true=F, witness={"x": "1"},
  why="touching at 1")
E(_U, "xpowx", "x**x", ">=", "exp(-exp(-1))", ("x > 0",), true=T,
  pool={"x": ["exp(-1)"]}, why="minimum of x log x is -1/e at 1/e")
E(_U, "xpowx-strict", "x**x", ">", "exp(-exp(-1))", ("x > 0",), true=F,
  witness={"x": "exp(-1)"}, why="touching at 1/e")

# ---- equality-hyp: hypotheses that pin a value ---------------------------------------------------
# (the hypotheses leave one or two points: check evaluates every one of them)
_Q = "equality-hyp"
E(_Q, "zero", "exp(x)", "=", "1", ("x = 0",), true=T, min_points=1, why="e^0 = 1")
E(_Q, "zero-strict", "exp(x)", ">", "1", ("x = 0",), true=F, witness={"x": "0"},
  why="e^0 = 1 is not > 1")
E(_Q, "log2", "exp(x)", "=", "2", ("x = log(2)",), true=T, min_points=1,
  pool={"x": ["log(2)"]}, why="e^(log 2) = 2")
E(_Q, "log2-strict", "exp(x)", "<", "2", ("x = log(2)",), true=F, witness={"x": "log(2)"},
  why="equal, not smaller")
E(_Q, "pi-sin", "sin(x)", "=", "0", ("x = pi",), true=T, min_points=1, why="sin pi = 0")
E(_Q, "pi-sin-strict", "sin(x)", ">", "0", ("x = pi",), true=F, witness={"x": "pi"},
  why="sin pi = 0 exactly (a float pi gives 1.2e-16)")
E(_Q, "pi-cos", "cos(x)", "=", "-1", ("x = pi",), true=T, min_points=1, why="cos pi = -1")
E(_Q, "pi-cos-margin", "cos(x)", ">=", "-1 + 10**-40", ("x = pi",), true=F,
  witness={"x": "pi"}, why="cos pi = -1")
E(_Q, "root2", "x", "=", "sqrt(2)", ("x**2 = 2", "x > 0"), true=T, min_points=1,
  why="the positive root")
E(_Q, "root2-sign", "x", "=", "sqrt(2)", ("x**2 = 2",), true=F, witness={"x": "-sqrt(2)"},
  why="x = -sqrt 2 also squares to 2")
E(_Q, "root2-lo", "x", ">", "14142135623730950488/10**19", ("x**2 = 2", "x > 0"), true=T,
  min_points=1, why="sqrt 2 = 1.41421356237309504880168...")
E(_Q, "root2-hi", "x", ">", "14142135623730950489/10**19", ("x**2 = 2", "x > 0"), true=F,
  witness={"x": "sqrt(2)"}, why="sqrt 2 < 1.4142135623730950489")
E(_Q, "two", "x**2 + y**2", "=", "5", ("x = 1", "y = 2"), true=T, min_points=1, why="1 + 4")
E(_Q, "two-strict", "x*y", ">", "2", ("x = 1", "y = 2"), true=F,
  witness={"x": "1", "y": "2"}, why="x y = 2")
E(_Q, "logs", "exp(x + y)", "=", "6", ("x = log(2)", "y = log(3)"), true=T, min_points=1,
  pool={"x": ["log(2)"], "y": ["log(3)"]}, why="2 * 3")
E(_Q, "logs-margin", "exp(x + y)", ">=", "6 + 10**-40", ("x = log(2)", "y = log(3)"), true=F,
  witness={"x": "log(2)", "y": "log(3)"}, why="exactly 6")
E(_Q, "e", "log(x)", "=", "1", ("x = E",), true=T, min_points=1, why="log e = 1")
E(_Q, "e-strict", "log(x)", ">", "1", ("x = E",), true=F, witness={"x": "E"}, why="log e = 1")
E(_Q, "linear", "x*y", "=", "1/4", ("x + y = 1", "x - y = 0"), true=T, min_points=1,
  why="x = y = 1/2")
E(_Q, "linear-one", "x*y", "=", "1/4", ("x + y = 1",), true=F, witness={"x": "0", "y": "1"},
  why="one equation leaves a line: x y = 0 at (0, 1)")
E(_Q, "float-third", "3*x", "<", "1", ("x = F13",), true=T, min_points=1, pool={"x": ["F13"]},
  why="3 * double(1/3) = 0.99999999999999994449")
E(_Q, "float-third-eq", "3*x", "=", "1", ("x = F13",), true=F, witness={"x": "F13"},
  why="Float(1/3) is not 1/3")
E(_Q, "root2-even", "x**4", "=", "4", ("x**2 = 2",), true=T, min_points=2,
  pool={"x": ["-sqrt(2)"]}, why="(x^2)^2, either sign")
E(_Q, "root2-odd", "x**3", "=", "2*sqrt(2)", ("x**2 = 2",), true=F, witness={"x": "-sqrt(2)"},
  why="x^3 = -2 sqrt 2 at x = -sqrt 2")

# ---- or-hyp: disjunctive hypotheses -----------------------------------------------------------------
_O = "or-hyp"
E(_O, "log-branch", "x", ">", "0", (("x < 0", "log(x) > 1"),), true=F, witness={"x": "-1"},
  why="x = -1 satisfies x < 0")
E(_O, "log-sqrt", "x", ">", "0", (("log(x) > 1", "sqrt(x) > 2"),), true=T,
  why="both alternatives need x > 0 to be defined (and then x > e or x > 4)")
E(_O, "square-branch", "x", ">", "0", (("x > 1", "x**2 > 4"),), true=F, witness={"x": "-3"},
  why="x = -3 satisfies x^2 > 4 (where sqrt(x) > 2 would need x > 4)")
E(_O, "sqrt-branch", "x", ">", "0", (("x > 1", "sqrt(x) > 2"),), true=T,
  why="sqrt(x) > 2 needs x > 4")
E(_O, "square", "x**2", ">", "1", (("x > 1", "x < -1"),), true=T, why="|x| > 1")
E(_O, "square-closed", "x**2", ">", "1", (("x >= 1", "x < -1"),), true=F, witness={"x": "1"},
  why="1 > 1 fails (boundary moved)")
E(_O, "abs", "Abs(x)", ">=", "1", (("x >= 1", "x <= -1"),), true=T, why="either branch")
E(_O, "abs-one-sided", "x", ">=", "1", (("x >= 1", "x <= -1"),), true=F, witness={"x": "-1"},
  why="the second branch")
E(_O, "exp", "exp(x)", ">", "1 + x", (("x < 0", "x > 0"),), true=T, why="strict away from 0")
E(_O, "exp-closed", "exp(x)", ">", "1 + x", (("x <= 0", "x > 0"),), true=F, witness={"x": "0"},
  why="touching at 0 is now allowed")
E(_O, "quad", "x*(x - 1)", ">", "0", (("x < 0", "x > 1"),), true=T, why="outside the roots")
E(_O, "quad-moved", "x*(x - 1)", ">", "0", (("x < 0", "x > 1 - 10**-6"),), true=F,
  witness={"x": "1"}, why="0 at x = 1")
E(_O, "sin", "sin(x)", ">=", "0", (("0 <= x <= pi", "2*pi <= x <= 3*pi"),), true=T,
  pool={"x": ["pi/2", "2*pi", "5*pi/2", "3*pi", "7", "8", "9"]}, why="the positive arches")
E(_O, "sin-moved", "sin(x)", ">=", "0", (("0 <= x <= pi", "2*pi <= x <= 3*pi + 10**-6"),),
  true=F, witness={"x": "3*pi + 10**-7"}, why="sin(3pi + 1e-7) = -1e-7")
E(_O, "log", "log(x)", "<", "0", (("0 < x < 1/2", "1/2 <= x < 1"),), true=T, why="x in (0, 1)")
E(_O, "log-closed", "log(x)", "<", "0", (("0 < x < 1/2", "1/2 <= x <= 1"),), true=F,
  witness={"x": "1"}, why="log 1 = 0")
E(_O, "quadrants", "x*y", ">=", "0", (("x >= 0 & y >= 0", "x <= 0 & y <= 0"),), true=T,
  why="same signs")
E(_O, "quadrants-strict", "x*y", ">", "0", (("x >= 0 & y >= 0", "x <= 0 & y <= 0"),), true=F,
  witness={"x": "0", "y": "5"}, why="x = 0 is allowed")
E(_O, "sqrt", "sqrt(x)", "<=", "x", (("x >= 1", "x = 0"),), true=T,
  why="sqrt x <= x exactly on {0} and [1, oo)")
E(_O, "sqrt-moved", "sqrt(x)", "<=", "x", (("x >= 1", "0 <= x <= 10**-6"),), true=F,
  witness={"x": "10**-6"}, why="sqrt(1e-6) = 1e-3 > 1e-6")
E(_O, "cubic", "x**3 - x", ">", "0", (("-1 < x < 0", "x > 1"),), true=T,
  why="x (x - 1)(x + 1) > 0 there")
E(_O, "cubic-closed", "x**3 - x", ">", "0", (("-1 <= x < 0", "x > 1"),), true=F,
  witness={"x": "-1"}, why="0 at x = -1")
E(_O, "cos", "cos(x)", "<", "0", (("pi/2 < x < 3*pi/2", "5*pi/2 < x < 7*pi/2"),), true=T,
  pool={"x": ["pi", "3*pi", "2", "4", "8", "9", "10"]}, why="the negative arches, open")
E(_O, "cos-closed", "cos(x)", "<", "0", (("pi/2 <= x < 3*pi/2", "5*pi/2 < x < 7*pi/2"),),
  true=F, witness={"x": "pi/2"}, why="cos(pi/2) = 0")
E(_O, "log-e", "x", ">", "E", (("log(x) > 1", "x > 5"),), true=T, why="log x > 1 iff x > e")
E(_O, "log-e-closed", "x", ">", "E", (("log(x) >= 1", "x > 5"),), true=F, witness={"x": "E"},
  why="x = e is allowed")

# ---- ranges: the dimension symbol n as an integer scalar -------------------------------------------
# (check runs every integer of a range up to 300 long, so min_points is the range's size)
_N = "ranges"
E(_N, "sin6", "sin(pi*n/6)", ">=", "0", dims={"n": (1, 6)}, min_points=6, true=T,
  why="n pi/6 in (0, pi]")
E(_N, "sin7", "sin(pi*n/6)", ">=", "0", dims={"n": (1, 7)}, true=F, witness={"n": "7"},
  why="sin(7 pi/6) = -1/2")
E(_N, "sin5-strict", "sin(pi*n/6)", ">", "0", dims={"n": (1, 5)}, min_points=5, true=T,
  why="n pi/6 in (0, pi)")
E(_N, "sin6-strict", "sin(pi*n/6)", ">", "0", dims={"n": (1, 6)}, true=F, witness={"n": "6"},
  why="sin pi = 0")
E(_N, "gap34", "(n - 3)*(n - 4)", ">=", "0", dims={"n": (1, 10)}, min_points=10, true=T,
  why="no integer strictly between 3 and 4 (false on the reals at 3.5)")
E(_N, "gap34-strict", "(n - 3)*(n - 4)", ">", "0", dims={"n": (1, 10)}, true=F,
  witness={"n": "3"}, why="0 at n = 3")
E(_N, "gap-half", "(2*n - 7)*(n - 4)", ">=", "0", dims={"n": (1, 10)}, min_points=10, true=T,
  why="negative only on (3.5, 4), no integer there")
E(_N, "gap-half-moved", "(2*n - 7)*(n - 5)", ">=", "0", dims={"n": (1, 10)}, true=F,
  witness={"n": "4"}, why="(1)(-1) at n = 4")
E(_N, "pow2", "2**n", ">=", "n**2", dims={"n": (4, 30)}, true=T, why="induction from n = 4")
E(_N, "pow2-moved", "2**n", ">=", "n**2", dims={"n": (3, 30)}, true=F, witness={"n": "3"},
  why="8 < 9")
E(_N, "pow3", "3**n", ">=", "n**3", dims={"n": (1, 30)}, true=T,
  why="3, 9, 27 vs 1, 8, 27, then the ratio grows (false on the reals at 2.5)")
E(_N, "pow3-strict", "3**n", ">", "n**3", dims={"n": (1, 30)}, true=F, witness={"n": "3"},
  why="27 = 27")
E(_N, "euler", "(1 + 1/n)**n", "<", "E", dims={"n": (1, 50)}, true=T,
  why="increasing to e")
E(_N, "euler-tight", "(1 + 1/n)**n", "<=", "E - E/(2*n)", dims={"n": (1, 50)}, true=F,
  witness={"n": "50"}, why="(1 + 1/n)^n = e (1 - 1/(2n) + 11/(24n^2) ...): 2.69159 > 2.69110")
E(_N, "quad", "n**2 - 5*n + 6", ">=", "0", dims={"n": (1, 20)}, true=T,
  why="(n - 2)(n - 3), no integer in between")
E(_N, "quad-strict", "n**2 - 5*n + 6", ">", "0", dims={"n": (1, 20)}, true=F,
  witness={"n": "2"}, why="0 at n = 2")
E(_N, "log", "log(n)", "<=", "n - 1", dims={"n": (1, 100)}, true=T, why="log x <= x - 1")
E(_N, "log-strict", "log(n)", "<", "n - 1", dims={"n": (1, 100)}, true=F, witness={"n": "1"},
  why="0 = 0 at n = 1")
E(_N, "ratio", "n/(n + 1)", "<=", "1 - 1/10**6", dims={"n": (1, 999999)}, true=T,
  why="1 - 1/(n + 1) <= 1 - 1e-6 iff n <= 999999 (touching at the top)")
E(_N, "ratio-moved", "n/(n + 1)", "<=", "1 - 1/10**6", dims={"n": (1, 10**6)}, true=F,
  witness={"n": "10**6"}, why="1 - 1/(1e6 + 1) > 1 - 1e-6")
E(_N, "bernoulli", "(1 + x)**n", ">=", "1 + n*x", ("x >= -1",), dims={"n": (1, 8)}, true=T,
  why="Bernoulli's inequality")
E(_N, "bernoulli-moved", "(1 + x)**n", ">=", "1 + n*x", ("x >= -4",), dims={"n": (1, 8)},
  true=F, witness={"x": "-4", "n": "3"}, why="(-3)^3 = -27 < -11")
E(_N, "root", "n**(1/n)", "<=", "3**(1/3)", dims={"n": (1, 50)}, true=T,
  why="x^(1/x) peaks at e; among integers at 3")
E(_N, "root-strict", "n**(1/n)", "<", "3**(1/3)", dims={"n": (1, 50)}, true=F,
  witness={"n": "3"}, why="touching at n = 3")

# ---- definedness: undefined somewhere is not true ----------------------------------------------------
# (a FALSE entry here must not be proved: check confirms it is undefined at its witness, a point
# satisfying every hypothesis; the TRUE twin adds the hypothesis that makes it defined)
_D = "definedness"
E(_D, "hole", "(x**2 - 1)/(x - 1)", "=", "x + 1", true=F, witness={"x": "1"},
  why="0/0 at x = 1")
E(_D, "hole-right", "(x**2 - 1)/(x - 1)", "=", "x + 1", ("x > 1",), true=T, why="cancel x - 1")
E(_D, "hole-punctured", "(x**2 - 1)/(x - 1)", "=", "x + 1", ("x != 1",), true=T,
  why="cancel x - 1 != 0")
E(_D, "recip", "1/x", "<=", "1/x", true=F, witness={"x": "0"}, why="1/0")
E(_D, "recip-pos", "1/x", "<=", "1/x", ("x > 0",), true=T, why="reflexive where defined")
E(_D, "sqrt-square", "sqrt(x)**2", "=", "x", true=F, witness={"x": "-1"},
  latex=r"\sqrt{x}^{2} = x", why="sqrt(-1) is not real")
E(_D, "sqrt-square-nonneg", "sqrt(x)**2", "=", "x", ("x >= 0",), true=T,
  latex=r"\sqrt{x}^{2} = x", why="defined for x >= 0")
E(_D, "log-square", "log(x**2)", "=", "2*log(x)", true=F, witness={"x": "-1"},
  why="log(-1) is not real (log 1 = 0 on the left)")
E(_D, "log-square-pos", "log(x**2)", "=", "2*log(x)", ("x > 0",), true=T, why="log rule, x > 0")
E(_D, "log-abs", "log(x**2)", "=", "2*log(Abs(x))", true=F, witness={"x": "0"},
  why="log 0")
E(_D, "log-abs-nonzero", "log(x**2)", "=", "2*log(Abs(x))", ("x != 0",), true=T,
  why="x^2 = |x|^2 > 0")
E(_D, "self-ratio", "x/x", "=", "1", true=F, witness={"x": "0"}, latex=r"\frac{x}{x} = 1",
  why="0/0 at x = 0")
E(_D, "self-ratio-neg", "x/x", "=", "1", ("x < 0",), true=T, latex=r"\frac{x}{x} = 1",
  why="x != 0")
E(_D, "exp-log", "exp(log(x))", "=", "x", true=F, witness={"x": "-1"},
  latex=r"\exp(\ln x) = x", why="log(-1) is not real")
E(_D, "exp-log-pos", "exp(log(x))", "=", "x", ("x > 0",), true=T, latex=r"\exp(\ln x) = x",
  why="x > 0")
E(_D, "sqrt-product", "sqrt(x*y)", "=", "sqrt(x)*sqrt(y)", ("x >= 0",), true=F,
  witness={"x": "0", "y": "-1"}, why="sqrt(-1) on the right (0 on the left)")
E(_D, "sqrt-product-nonneg", "sqrt(x*y)", "=", "sqrt(x)*sqrt(y)", ("x >= 0", "y >= 0"),
  true=T, why="both factors non-negative")
E(_D, "sinc", "sin(x)/x", "<=", "1", true=F, witness={"x": "0"}, why="0/0 at x = 0")
E(_D, "sinc-pos", "sin(x)/x", "<=", "1", ("x > 0",), true=T, why="sin x <= x")
E(_D, "log-tangent-closed", "log(x)", "<=", "x - 1", ("x >= 0",), true=F, witness={"x": "0"},
  why="log 0 (boundary moved from x > 0)")
E(_D, "sqrt-shift", "sqrt(x - 1)", ">=", "0", ("x >= 0",), true=F, witness={"x": "1/2"},
  why="sqrt(-1/2)")
E(_D, "sqrt-shift-ok", "sqrt(x - 1)", ">=", "0", ("x >= 1",), true=T, why="defined, >= 0")
E(_D, "atan-recip", "atan(1/x) + atan(x)", "=", "pi/2", ("x >= 0",), true=F,
  witness={"x": "0"}, why="1/0 (boundary moved from x > 0)")
E(_D, "atan-recip-pos", "atan(1/x) + atan(x)", "=", "pi/2", ("x > 0",), true=T,
  why="complementary angles for x > 0")
E(_D, "hole2", "(x**2 - 4)/(x - 2)", ">", "3", ("x > 1",), true=F, witness={"x": "2"},
  why="0/0 at x = 2 (x + 2 > 3 elsewhere)")
E(_D, "hole2-right", "(x**2 - 4)/(x - 2)", ">", "3", ("x > 2",), true=T, why="x + 2 > 4")
E(_D, "power", "x**x", ">", "0", ("x >= -1",), true=F, witness={"x": "-1/2"},
  why="(-1/2)^(-1/2) is not real")
E(_D, "power-pos", "x**x", ">", "0", ("x > 0",), true=T, why="exp(x log x) > 0")
