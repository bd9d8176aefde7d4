"""The kernel's check of a proof by calculus: the sign of a function of a few real variables,
shown one variable at a time by where its derivative has a sign.

A goal is ``e ≥ 0`` (or ``e > 0``) wherever its conditions hold (:class:`Goal`). A proof is a
tree (JSON: ``{"rule": …, "children": […]}``) whose every node the kernel re-derives from its
parent: the stage that found it (:mod:`numeric.stages.calculus`) is not trusted. The rules:

- ``leaf``: one exact or rigorous method shows the goal: ``zero`` (``e`` is the number 0),
  ``arb`` (a constant enclosed in arb), ``assumptions`` (SymPy's assumptions, with the symbols
  the conditions make positive), ``nlsat`` (a rational function: z3's nlsat,
  :mod:`numeric.kernel.semialgebraic`), ``atoms`` (nlsat with each ``exp`` and ``log`` a
  variable bound by the tangent-line theorems, :func:`_by_atoms`), ``trig`` (``c·sin u`` or
  ``c·cos u`` with ``u`` in a half period of one sign), ``interval`` (the
  interval prover's branch and bound).
- ``factors``: ``e = f₁ ⋯ f_k`` with a sign ``s_i`` for each factor, ``Π s_i = 1`` and
  ``s_i f_i ≥ 0`` (``> 0`` for a strict goal) each shown.
- ``power``: ``b^k``: even ``k`` needs nothing (``≥ 0``); odd ``k`` needs the sign of ``b``;
  any other exponent needs ``b > 0``.
- ``terms``: ``e = t₁ + ⋯ + t_k`` with every ``t_i ≥ 0`` shown (one ``> 0`` for a strict goal).
- ``log``: the claim's ``L ≤ R`` with ``L > 0`` and ``R > 0`` shown is ``log R − log L ≥ 0``.
- ``extremum``: the variable ``x`` ranges over an interval I (from the conditions, its ends
  open, closed or infinite) and ``t`` is a point of its closure. Then ``e ≥ 0`` on I when
  ``e`` is ≥ 0 at ``t`` (its value when ``t ∈ I``, else its one-sided limit there, by SymPy's
  ``limit``), ``e′ ≥ 0`` on the open interval between ``t`` and I's upper end and
  ``e′ ≤ 0`` between I's lower end and ``t``: by the mean value theorem, ``e`` is least at
  ``t``. The kernel shows, before it admits the rule, that ``e`` is defined on I (so
  continuous there: it is built of functions continuous on their domains, with no jump or
  kink, :data:`SMOOTH`), that ``e′`` is defined on each open side (so ``e`` is
  differentiable there), and that ``t`` lies in I's closure. ``t = ±∞`` is a limit at
  infinity. A strict goal needs a positive value at ``t ∈ I``, or a strictly signed
  derivative beside a limit.
- ``split``: ``e ≥ 0`` on I when it is on both parts of I cut at a point ``c`` inside it.
- ``concave``: ``e ≥ 0`` on I when ``e″ ≤ 0`` on I's interior and ``e`` is ≥ 0 at both ends
  of I (values, or limits at open and infinite ends): a concave function is least at an end.

The trusted base is this module, SymPy's ``diff`` and ``limit`` (Gruntz's algorithm), the
definedness check (:mod:`numeric.kernel.obligations`), nlsat and the interval prover.

Example:
    >>> x = sp.Symbol("x", real=True)
    >>> g = Goal(x**2 / 2 - sp.log(sp.cosh(x)), ())
    >>> tree = {"rule": "extremum", "var": "x", "at": "Integer(0)", "children": [
    ...   {"rule": "leaf", "method": "zero"},
    ...   {"rule": "extremum", "var": "x", "at": "Integer(0)", "children": [
    ...     {"rule": "leaf", "method": "zero"},
    ...     {"rule": "leaf", "method": "assumptions"}]},
    ...   {"rule": "extremum", "var": "x", "at": "Integer(0)", "children": [
    ...     {"rule": "leaf", "method": "zero"},
    ...     {"rule": "leaf", "method": "assumptions"}]}]}
    >>> check(g, tree) is None
    True
    >>> tree["children"][1]["children"][1] = {"rule": "leaf", "method": "zero"}
    >>> check(g, tree)
    'leaf zero does not show sinh(x)**2/cosh(x)**2 ≥ 0 at x = 0'
    >>> tree["at"] = "Integer(1)"
    >>> check(g, tree)
    'leaf zero does not show 1/2 - log(cosh(1)) ≥ 0 at x = 1'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sympy as sp

from numeric.budget import Budget
from numeric.kernel.relations import rational_conditions, relation, trig_sign
from symbolic.claim import Prop
from symbolic.relation import Relation

#: the functions a rule over a variable may differentiate: smooth where defined, so a
#: definedness proof of ``e′`` on an open interval makes ``e`` differentiable there
SMOOTH = (sp.exp, sp.log, sp.sin, sp.cos, sp.tan, sp.sinh, sp.cosh, sp.tanh, sp.atan,
          sp.asinh)


class Refused(ValueError):
    """A proof step the kernel does not admit (the message says why)."""


@dataclass(frozen=True)
class Goal:
    """``expr ≥ 0`` (``> 0`` when ``strict``) wherever ``conditions`` hold."""

    expr: sp.Expr
    conditions: tuple[Prop, ...]
    strict: bool = False

    def __str__(self) -> str:
        rel = ">" if self.strict else "≥"
        where = ", ".join(str(c) for c in self.conditions)
        return f"{self.expr} {rel} 0" + (f" where {where}" if where else "")


# ---------------------------------------------------------------------------------------------
# the pieces both the search and the check use
# ---------------------------------------------------------------------------------------------


def derivative(e: sp.Expr, x: sp.Symbol) -> sp.Expr:
    """``∂e/∂x`` as the rules use it (SymPy's ``diff``, common factors taken out).

    >>> x = sp.Symbol("x", real=True)
    >>> derivative(x - sp.tanh(x), x)
    tanh(x)**2
    """
    return sp.factor_terms(sp.diff(e, x))


def smooth(e: sp.Basic) -> bool:
    """Whether ``e`` is built of numbers, symbols, ``+``, ``×``, powers and :data:`SMOOTH`.

    >>> x = sp.Symbol("x", real=True)
    >>> smooth(sp.exp(x) + sp.log(1 + x**2)), smooth(sp.Abs(x))
    (True, False)
    """
    if e.is_Atom:
        return bool(e.is_Symbol or e.is_number)
    if not isinstance(e, (sp.Add, sp.Mul, sp.Pow, *SMOOTH)):
        return False
    return all(smooth(a) for a in e.args)


@dataclass(frozen=True)
class Interval:
    """Where the conditions let one variable range: ends (``±oo`` when none), closed or not,
    and the conditions that do not name the variable."""

    lo: sp.Expr
    lo_closed: bool
    hi: sp.Expr
    hi_closed: bool
    rest: tuple[Prop, ...]

    def contains_end(self, t: sp.Expr) -> str | None:
        """``"lo"``/``"hi"`` when ``t`` is that end (structurally), else None."""
        if t == self.lo:
            return "lo"
        if t == self.hi:
            return "hi"
        return None

    def has_point(self, t: sp.Expr) -> bool:
        """Whether ``t``, a point of the closure, belongs to the interval: not an end, or a
        closed finite one (else the function's value there is a one-sided limit)."""
        end = self.contains_end(t)
        closed = (end == "lo" and self.lo_closed) or (end == "hi" and self.hi_closed)
        return end is None or bool(closed and t.is_finite)


def interval(conditions: Sequence[Prop], x: sp.Symbol) -> Interval | None:
    """The interval of ``x`` the conditions state (each one naming ``x`` must be ``x REL b``
    or ``b REL x`` with ``b`` free of ``x``; several bounds on one side must be numbers, the
    tightest is kept), else None.

    >>> x, p = sp.symbols("x p", real=True)
    >>> iv = interval((Prop(x, ">", 0), Prop(x, "<=", p), Prop(p, "<", 1)), x)
    >>> iv.lo, iv.lo_closed, iv.hi, iv.hi_closed, [str(c) for c in iv.rest]
    (0, False, p, True, ['p < 1'])
    """
    lows: list[tuple[sp.Expr, bool]] = []
    highs: list[tuple[sp.Expr, bool]] = []
    rest = []
    for c in conditions:
        names = sp.sympify(c.lhs).free_symbols | sp.sympify(c.rhs).free_symbols
        if x not in names:
            rest.append(c)
            continue
        rel = c.rel
        if c.lhs == x and x not in sp.sympify(c.rhs).free_symbols:
            b = c.rhs
        elif c.rhs == x and x not in sp.sympify(c.lhs).free_symbols:
            b, rel = c.lhs, _flip(rel)
        else:
            return None
        if rel in (Relation.GT, Relation.GE):
            lows.append((sp.sympify(b), rel is Relation.GE))
        elif rel in (Relation.LT, Relation.LE):
            highs.append((sp.sympify(b), rel is Relation.LE))
        else:
            return None
    lo = _tightest(lows, upper=False)
    hi = _tightest(highs, upper=True)
    if lo is None or hi is None:
        return None
    return Interval(lo[0], lo[1], hi[0], hi[1], tuple(rest))


def _tightest(bounds: list[tuple[sp.Expr, bool]], upper: bool) -> tuple[sp.Expr, bool] | None:
    """The tightest of several bounds on one side (the largest lower bound, the smallest upper
    one; at a tie the strict one), when they are numbers SymPy compares exactly; one bound
    of any kind is itself; none is an infinite end; None when they cannot be compared."""
    if not bounds:
        return (sp.S.Infinity if upper else sp.S.NegativeInfinity), False
    if len(bounds) == 1:
        return bounds[0]
    if not all(b.is_number and b.is_real for b, _ in bounds):
        return None
    best = bounds[0]
    for b, closed in bounds[1:]:
        tighter = sp.Lt(b, best[0]) if upper else sp.Gt(b, best[0])
        if tighter not in (sp.true, sp.false):
            return None
        if tighter is sp.true or (b == best[0] and not closed):
            best = (b, closed)
    return best


def _flip(rel: Relation) -> Relation:
    return {Relation.GT: Relation.LT, Relation.GE: Relation.LE, Relation.LT: Relation.GT,
            Relation.LE: Relation.GE}.get(rel, rel)


def side(iv: Interval, x: sp.Symbol, lo: sp.Expr, hi: sp.Expr) -> tuple[Prop, ...]:
    """The conditions of the open interval (lo, hi) of ``x`` with ``iv``'s other conditions."""
    out = list(iv.rest)
    if lo != sp.S.NegativeInfinity:
        out.append(Prop(x, ">", lo))
    if hi != sp.S.Infinity:
        out.append(Prop(x, "<", hi))
    return tuple(out)


def at_point(e: sp.Expr, x: sp.Symbol, t: sp.Expr, iv: Interval) -> sp.Expr:
    """``e``'s value at ``t`` when ``t`` is a point of ``iv``, else its one-sided limit there
    (SymPy's ``limit``); raises :class:`Refused` when neither is a finite or ``+oo`` value."""
    end = iv.contains_end(t)
    if iv.has_point(t):
        v = e.subs(x, t)
    else:
        try:
            v = sp.limit(e, x, t, "+" if end == "lo" else "-")
        except Exception as exc:  # SymPy cannot take it: no proof
            raise Refused(f"no limit of {e} at {x} → {t}: {type(exc).__name__}") from None
    if v.has(sp.nan, sp.zoo, sp.AccumBounds, sp.Limit) or v == sp.S.NegativeInfinity or \
            x in v.free_symbols:
        raise Refused(f"{e} has no usable value at {x} = {t}: {v}")
    return v


# ---------------------------------------------------------------------------------------------
# leaves
# ---------------------------------------------------------------------------------------------


def _positive_symbols(goal: Goal) -> sp.Expr:
    from symbolic.definedness import with_positive_symbols

    e = with_positive_symbols(goal.expr, goal.conditions)
    return goal.expr if e is None else e


def leaf(goal: Goal, method: str, budget: Budget | None = None,
         provers: Sequence[Any] = ()) -> bool:
    """Whether ``method`` shows ``goal`` (see the module docstring); ``interval`` asks the
    rigorous stages the caller passes in ``provers`` (the interval prover). A goal with a
    ``Float`` in it is never shown (its value may have been rounded)."""
    e = sp.sympify(goal.expr)
    if e.has(sp.Float) or any(sp.sympify(c.lhs - c.rhs).has(sp.Float)
                              for c in goal.conditions):
        return False
    if e == sp.S.Infinity:
        return True
    if method == "zero":
        return not goal.strict and _is_zero(goal)
    if method == "arb":
        return not e.free_symbols and _arb_sign(e, goal.strict)
    if method == "assumptions":
        g = _positive_symbols(goal)
        return (g.is_positive if goal.strict else g.is_nonnegative) is True
    if method == "nlsat":
        from numeric.kernel.semialgebraic import holds

        return holds(sp.Gt(e, 0) if goal.strict else sp.Ge(e, 0),
                     rational_conditions(goal.conditions))
    if method == "trig":
        return trig_sign(e, goal.strict, rational_conditions(goal.conditions))
    if method == "atoms":
        return _by_atoms(goal)
    if method == "interval":
        return _interval(goal, budget, provers)
    return False


def _base(a: sp.Expr) -> tuple[sp.Expr, int]:
    """``exp(k·u)`` as ``(exp(u), k)`` for an integer ``k`` (``e^{2x} = (e^x)^2``); any other
    atom as itself to the power 1.

    >>> x = sp.Symbol("x", real=True)
    >>> _base(sp.exp(-2 * x)), _base(sp.log(x))
    ((exp(x), -2), (log(x), 1))
    """
    if isinstance(a, sp.exp):
        k, u = a.args[0].as_coeff_Mul()
        if k.is_Integer and k != 1 and u != 1:
            return sp.exp(u), int(k)
    return a, 1


def _by_atoms(goal: Goal) -> bool:
    """nlsat with each ``exp(u)`` and ``log(u)`` (``u`` rational) a new variable that keeps
    only what these theorems say of it: ``eᵘ > 0``, ``eᵘ ≥ 1 + u``, ``eᵘ(1 − u) ≤ 1``
    (``e⁻ᵘ ≥ 1 − u``); ``log u ≤ u − 1``, ``u·log u ≥ u − 1`` once ``u > 0`` is shown under the
    conditions (else nothing is shown); both increase, so ``(eᵘ − eʷ)(u − w) ≥ 0`` and
    ``(log u − log w)(u − w) ≥ 0`` for two atoms of one function. A sign shown for every
    value such variables may take holds for the values they do take."""
    from numeric.kernel.semialgebraic import holds

    e = sp.sympify(goal.expr)
    found = sorted(e.atoms(sp.exp, sp.log), key=sp.default_sort_key)
    if not found or any(a.args[0].has(sp.exp, sp.log) for a in found):
        return False
    atoms = sorted({_base(a)[0] for a in found}, key=sp.default_sort_key)
    conds = rational_conditions(goal.conditions)
    facts: list[sp.Basic] = []
    swap: dict[sp.Expr, sp.Symbol] = {}
    for i, a in enumerate(atoms):
        v = sp.Symbol(f"_atom{i}", real=True)
        u = a.args[0]
        if isinstance(a, sp.exp):
            facts += [sp.Gt(v, 0), sp.Ge(v, 1 + u), sp.Le(v * (1 - u), 1)]
        elif holds(sp.Gt(u, 0), conds):  # log u is defined: shown, not assumed
            facts += [sp.Gt(u, 0), sp.Le(v, u - 1), sp.Ge(u * v, u - 1)]
        else:
            return False
        # exp and log increase: (f(u) − f(w))(u − w) ≥ 0 for the atoms before of the same f
        facts += [sp.Ge((v - w) * (u - b.args[0]), 0) for b, w in swap.items()
                  if type(b) is type(a)]
        swap[a] = v
    body = e.xreplace({a: swap[b] ** k for a in found for b, k in [_base(a)]})
    return holds(sp.Gt(body, 0) if goal.strict else sp.Ge(body, 0), [*conds, *facts])


def _is_zero(goal: Goal) -> bool:
    """Whether ``goal.expr`` is exactly 0 where the conditions hold: as written, expanded, or
    simplified with the symbols the conditions make positive taken positive."""
    e = sp.sympify(goal.expr)
    if e == 0 or sp.expand(e) == 0 or sp.expand(sp.expand_log(e)) == 0:
        return True
    if sp.count_ops(e) > 80:
        return False
    try:
        return sp.simplify(_positive_symbols(goal)) == 0
    except Exception:  # SymPy could not simplify it: not shown
        return False


def _arb_sign(e: sp.Expr, strict: bool) -> bool:
    from numeric.backends.precise import ArbOps, arb_prec
    from symbolic.walk import Evaluator

    with arb_prec(256):
        try:
            v = Evaluator(ArbOps(), {})(e)
        except Exception:
            return False
        try:
            return bool(v > 0) if strict else bool(v >= 0)
        except Exception:
            return False


def _interval(goal: Goal, budget: Budget | None, provers: Sequence[Any]) -> bool:
    from symbolic.claim import Claim

    if len(goal.expr.free_symbols) > 1 or not provers:
        return False
    try:
        c = Claim("kernel:calculus", goal.expr, ">" if goal.strict else ">=", 0,
                  hypotheses=goal.conditions)
    except (ValueError, TypeError):
        return False
    for stage in provers:
        if stage.applies(c) is not None:
            continue
        v = stage.run(c, budget or Budget.get("quick"), 0)
        if v is not None and v.status.value == "proved" and v.rigorous:
            return True
    return False


# ---------------------------------------------------------------------------------------------
# definedness on a set
# ---------------------------------------------------------------------------------------------


def defined_on(e: sp.Expr, conditions: Sequence[Prop], budget: Budget | None = None
               ) -> str | None:
    """None when every definedness obligation of ``e`` follows from ``conditions``, else the
    first one that is not shown."""
    from numeric.kernel.obligations import _discharge
    from symbolic.definedness import obligations

    known = tuple(conditions)
    b = budget or Budget.get("quick")
    for o in obligations(e):
        if o.within:
            return str(o)
        if _discharge(o, known, b) is None:  # nlsat and the signs of sin/cos among its ways
            return str(o)
        known = (*known, o.prop)
    return None


# ---------------------------------------------------------------------------------------------
# the check
# ---------------------------------------------------------------------------------------------


def children_of(goal: Goal, node: dict[str, Any]) -> list[Goal]:
    """The goals a node's children must show, re-derived from ``goal`` and the node's own
    data (the rule, the variable, the point, the signs); raises :class:`Refused` when the
    rule does not apply to ``goal``."""
    rule = node.get("rule")
    e = sp.sympify(goal.expr)
    if rule == "factors":
        factors = sp.Mul.make_args(e)
        signs = node.get("signs") or []
        if len(factors) < 2 or len(signs) != len(factors) or \
                any(s not in (1, -1) for s in signs) or math.prod(signs) != 1:
            raise Refused(f"the signs {signs} do not fit the factors of {e}")
        return [Goal(s * f, goal.conditions, goal.strict) for s, f in zip(signs, factors)]
    if rule == "power":  # ±b^k
        sign, p = (-1, e.args[1]) if isinstance(e, sp.Mul) and len(e.args) == 2 and \
            e.args[0] == -1 else (1, e)
        if not isinstance(p, sp.Pow):
            raise Refused(f"{e} is not a power")
        b, k = p.args
        if k.is_integer and k.is_odd:  # the sign of b (b ≠ 0 under a negative exponent)
            return [Goal(sign * b, goal.conditions, goal.strict or k.is_negative is not False)]
        if sign == -1:
            raise Refused(f"{e}: only an odd power has the sign of its base")
        if k.is_integer and k.is_even and not goal.strict:
            return []  # ≥ 0 wherever defined
        # b > 0 gives b^k > 0; b ≥ 0 gives b^k ≥ 0 when k > 0
        return [Goal(b, goal.conditions, goal.strict or k.is_positive is not True)]
    if rule == "terms":
        terms = sp.Add.make_args(e)
        strict = node.get("strict") or []
        if len(terms) < 2 or len(strict) != len(terms) or (goal.strict and not any(strict)):
            raise Refused(f"the terms of {e} do not fit")
        return [Goal(t, goal.conditions, bool(s)) for t, s in zip(terms, strict)]
    if rule == "extremum":
        return _extremum(goal, node)
    if rule == "concave":
        return _concave(goal, node)
    if rule == "split":
        return _split(goal, node)
    raise Refused(f"unknown rule {rule!r}")


def _symbol(goal: Goal, name: Any) -> sp.Symbol:
    for s in sp.sympify(goal.expr).free_symbols:
        if s.name == name:
            return s
    raise Refused(f"{goal.expr} has no variable {name!r}")


def _point(text: Any) -> sp.Expr:
    if not isinstance(text, str):
        raise Refused("a point must be given as SymPy's srepr text")
    try:
        return sp.sympify(text)
    except (sp.SympifyError, SyntaxError, TypeError) as exc:
        raise Refused(f"unreadable point {text!r}: {exc}") from None


def _variable(goal: Goal, node: dict[str, Any]) -> tuple[sp.Symbol, sp.Expr, Interval]:
    """The node's variable, the goal's function (smooth, defined on the variable's interval)
    and that interval."""
    x = _symbol(goal, node.get("var"))
    e = sp.sympify(goal.expr)
    if not smooth(e) or not x.is_real:
        raise Refused(f"{e} is not built of smooth functions of the real {x}")
    iv = interval(goal.conditions, x)
    if iv is None:
        raise Refused(f"the conditions do not give {x} one interval")
    why = defined_on(e, goal.conditions)
    if why is not None:
        raise Refused(f"{e} is not shown defined where {x} ranges: {why}")
    return x, e, iv


def _extremum(goal: Goal, node: dict[str, Any]) -> list[Goal]:
    x, e, iv = _variable(goal, node)
    t = _known_point(goal, node, x)
    end = iv.contains_end(t)
    if end is None:
        if t.is_infinite:
            raise Refused(f"{x} = {t} is not an end of its interval")
        if not _inside(t, iv):
            raise Refused(f"{x} = {t} is not shown inside ({iv.lo}, {iv.hi})")
    d = derivative(e, x)
    inside = iv.has_point(t)  # the value at t, else a limit there
    value = at_point(e, x, t, iv)
    sides: list[Goal] = []
    if end != "hi":  # (t, hi)
        conds = side(iv, x, t, iv.hi)
        why = defined_on(d, conds)
        if why is not None:
            raise Refused(f"∂/∂{x} of {e} is not shown defined on ({t}, {iv.hi}): {why}")
        sides.append(Goal(d, conds, goal.strict and not inside))
    if end != "lo":  # (lo, t)
        conds = side(iv, x, iv.lo, t)
        why = defined_on(d, conds)
        if why is not None:
            raise Refused(f"∂/∂{x} of {e} is not shown defined on ({iv.lo}, {t}): {why}")
        sides.append(Goal(-d, conds, goal.strict and not inside))
    return [Goal(value, iv.rest, goal.strict and inside), *sides]


def _concave(goal: Goal, node: dict[str, Any]) -> list[Goal]:
    x, e, iv = _variable(goal, node)
    d = derivative(e, x)
    d2 = derivative(d, x)
    inner = side(iv, x, iv.lo, iv.hi)
    for what, f in ((f"∂/∂{x}", d), (f"∂²/∂{x}²", d2)):
        why = defined_on(f, inner)
        if why is not None:
            raise Refused(f"{what} of {e} is not shown defined on ({iv.lo}, {iv.hi}): {why}")
    ends = [Goal(at_point(e, x, t, iv), iv.rest, goal.strict) for t in (iv.lo, iv.hi)]
    return [*ends, Goal(-d2, inner, False)]


def _split(goal: Goal, node: dict[str, Any]) -> list[Goal]:
    x = _symbol(goal, node.get("var"))
    iv = interval(goal.conditions, x)
    if iv is None:
        raise Refused(f"the conditions do not give {x} one interval")
    c = _known_point(goal, node, x)
    if c.is_infinite or not _inside(c, iv):
        raise Refused(f"{x} = {c} is not shown inside ({iv.lo}, {iv.hi})")

    def part(lo: sp.Expr, lo_closed: bool, hi: sp.Expr, hi_closed: bool) -> Goal:
        out = list(iv.rest)
        if lo != sp.S.NegativeInfinity:
            out.append(Prop(x, ">=" if lo_closed else ">", lo))
        if hi != sp.S.Infinity:
            out.append(Prop(x, "<=" if hi_closed else "<", hi))
        return Goal(goal.expr, tuple(out), goal.strict)

    return [part(iv.lo, iv.lo_closed, c, True), part(c, True, iv.hi, iv.hi_closed)]


def _known_point(goal: Goal, node: dict[str, Any], x: sp.Symbol) -> sp.Expr:
    """The node's point, its symbols those of the goal (never ``x``)."""
    t = _point(node.get("at"))
    names = {s.name: s for c in goal.conditions for s in
             sp.sympify(c.lhs).free_symbols | sp.sympify(c.rhs).free_symbols}
    names.update({s.name: s for s in sp.sympify(goal.expr).free_symbols})
    if any(s.name not in names or s.name == x.name for s in t.free_symbols):
        raise Refused(f"the point {t} names a symbol the goal does not (or {x} itself)")
    return t.xreplace({s: names[s.name] for s in t.free_symbols})


def _inside(t: sp.Expr, iv: Interval) -> bool:
    """Whether lo < t < hi is shown where the other conditions hold."""
    conds = rational_conditions(iv.rest)
    return (iv.lo == sp.S.NegativeInfinity or _less(iv.lo, t, conds)) and \
        (iv.hi == sp.S.Infinity or _less(t, iv.hi, conds))


def _less(a: sp.Expr, b: sp.Expr, conds: list[sp.Basic]) -> bool:
    """Whether ``a < b`` where ``conds`` hold: by arb between constants (never SymPy's
    floating comparison), else by nlsat."""
    from numeric.kernel.semialgebraic import holds

    diff = sp.sympify(b - a)
    if not diff.free_symbols:
        return _arb_sign(diff, strict=True)
    return holds(sp.Gt(diff, 0), conds)


def check(goal: Goal, node: Any, budget: Budget | None = None,
          provers: Sequence[Any] = ()) -> str | None:
    """None when ``node`` proves ``goal``, else why not (the first step not admitted)."""
    if not isinstance(node, dict):
        return "a proof step must be a mapping"
    if node.get("rule") == "leaf":
        if leaf(goal, str(node.get("method")), budget, provers):
            return None
        return f"leaf {node.get('method')} does not show {goal.expr} " \
               f"{'>' if goal.strict else '≥'} 0"
    try:
        goals = children_of(goal, node)
    except Refused as exc:
        return str(exc)
    kids = node.get("children")
    if not isinstance(kids, list) or len(kids) != len(goals):
        return f"the rule {node.get('rule')} needs {len(goals)} steps below it"
    for g, k in zip(goals, kids):
        why = check(g, k, budget, provers)
        if why is not None:
            return why if " at " in why else why + _at(node)
    return None


def _at(node: dict[str, Any]) -> str:
    if node.get("rule") in ("extremum", "split"):
        try:
            return f" at {node['var']} = {_point(node['at'])}"
        except Refused:
            return ""
    return ""


def claim_goals(lhs: sp.Expr, rel: Relation, rhs: sp.Expr, conditions: Sequence[Prop]
                ) -> tuple[Goal, Goal, Goal, Goal]:
    """For ``lhs REL rhs``: the goal ``big − small ≥ 0`` (``> 0`` for a strict relation), then
    for the ``log`` rule ``small > 0``, ``big > 0`` and ``log big − log small ≥ 0``."""
    if rel not in (Relation.LE, Relation.LT, Relation.GE, Relation.GT):
        raise Refused(f"not an inequality: {rel.value}")
    small, big = (lhs, rhs) if rel in (Relation.LE, Relation.LT) else (rhs, lhs)
    strict = rel in (Relation.LT, Relation.GT)
    conds = tuple(conditions)
    return (Goal(big - small, conds, strict), Goal(small, conds, True), Goal(big, conds, True),
            Goal(sp.log(big) - sp.log(small), conds, strict))


def check_claim(lhs: sp.Expr, rel: Relation, rhs: sp.Expr, conditions: Sequence[Prop],
                proof: Any, budget: Budget | None = None, provers: Sequence[Any] = ()
                ) -> str | None:
    """None when ``proof`` (a tree, its root possibly the ``log`` rule) proves
    ``lhs REL rhs`` wherever ``conditions`` hold, else why not."""
    try:
        direct, small, big, logs = claim_goals(lhs, rel, rhs, conditions)
    except Refused as exc:
        return str(exc)
    if isinstance(proof, dict) and proof.get("rule") == "log":
        kids = proof.get("children")
        if not isinstance(kids, list) or len(kids) != 3:
            return "the rule log needs 3 steps below it"
        for g, k in zip((small, big, logs), kids):
            why = check(g, k, budget, provers)
            if why is not None:
                return why
        return None
    return check(direct, proof, budget, provers)


def real_symbols(exprs: Sequence[Any]) -> tuple[dict[sp.Symbol, sp.Symbol], list[Prop]]:
    """Each symbol of ``exprs`` with assumptions beyond "real" (an integer, a positive
    number…) as a plain real symbol of the same name, and the conditions that keep what the
    assumptions said of its sign (``R > 0`` for a positive ``R``): a step over a variable
    then sees its whole interval, and a proof for every real value covers every integer.

    >>> m = sp.Symbol("m", integer=True, positive=True)
    >>> swap, conds = real_symbols([m + 1])
    >>> swap[m].assumptions0["real"], swap[m].is_integer, [str(c) for c in conds]
    (True, None, ['m > 0'])
    """
    out: dict[sp.Symbol, sp.Symbol] = {}
    conds: list[Prop] = []
    for e in exprs:
        for s in sorted(sp.sympify(e).free_symbols, key=lambda t: t.name):
            if not isinstance(s, sp.Symbol) or s in out:
                continue
            keys = {k for k, v in s.assumptions0.items() if v} - _PLAIN
            if not keys:
                continue
            new = out[s] = sp.Symbol(s.name, real=True)
            for test, rel in (("is_positive", ">"), ("is_negative", "<"),
                              ("is_nonnegative", ">="), ("is_nonpositive", "<=")):
                if getattr(s, test):
                    conds.append(Prop(new, rel, 0))
                    break
    return out, conds


#: the assumptions of a plain real symbol
_PLAIN = set(sp.Symbol("x", real=True).assumptions0) | {"extended_real", "finite"}


def claim_sides(claim: Any) -> tuple[sp.Expr, Relation, sp.Expr, tuple[Prop, ...]] | None:
    """A scalar claim's sides, relation and hypotheses, its symbols made plain real ones with
    their signs as conditions (:func:`real_symbols`) and its floats exact rationals;
    None when a hypothesis is not one relation, or cannot be rebuilt with real symbols."""
    from symbolic.objects import unwrap

    hyps = tuple(claim.hypotheses)
    if not all(isinstance(h, Prop) for h in hyps):
        return None
    lhs, rhs = unwrap(claim.lhs), unwrap(claim.rhs)
    swap, signs = real_symbols([lhs, rhs, *(e for h in hyps for e in (h.lhs, h.rhs))])

    def real(e: Any) -> Any:
        e = exact(sp.sympify(e))
        return e.xreplace(swap) if swap else e

    try:
        return real(lhs), claim.rel, real(rhs), (
            *(Prop(real(h.lhs), h.rel, real(h.rhs)) for h in hyps), *signs)
    except (ValueError, TypeError):  # a hypothesis that cannot be rebuilt (a sum's bound)
        return None


def exact(e: sp.Expr) -> sp.Expr:
    """``e`` with each SymPy ``Float`` the exact rational of its binary value: a function of a
    ``Float`` is evaluated by SymPy in floating point (``log(1.3956…)`` rounds), so no step
    may meet one.

    >>> x = sp.Symbol("x", real=True)
    >>> exact(x + sp.Float(0.5)), exact(sp.Float(0.1)) == sp.Rational(0.1)
    (x + 1/2, True)
    """
    floats = e.atoms(sp.Float)
    return e.xreplace({f: sp.Rational(f) for f in floats}) if floats else e


def check_proof(claim: Any, proof: Any, budget: Budget | None = None,
                provers: Sequence[Any] = ()) -> str | None:
    """None when ``proof`` proves ``claim`` (a scalar inequality) wherever its hypotheses
    hold, else why not; ``provers``: the rigorous stages an ``interval`` leaf may ask."""
    sides = claim_sides(claim)
    if sides is None:
        return "a hypothesis that is not one relation"
    lhs, rel, rhs, hyps = sides
    return check_claim(lhs, rel, rhs, hyps, proof, budget, provers)


__all__ = ["SMOOTH", "Goal", "Interval", "Refused", "at_point", "check", "check_claim",
           "check_proof", "children_of", "claim_goals", "claim_sides", "defined_on",
           "derivative", "exact", "interval", "leaf", "real_symbols", "relation", "side",
           "smooth"]
