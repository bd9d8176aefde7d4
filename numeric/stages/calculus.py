"""The calculus stage (:class:`CalculusStage`): scalar inequalities proved as a referee proves
them by hand, from where a derivative has a sign, on bounded and unbounded domains alike.

``cosh x ≤ e^{x²/2}`` becomes ``x²/2 − log cosh x ≥ 0`` (both sides are positive); that is 0
at x = 0, and its derivative ``x − tanh x`` is ≥ 0 right of 0 and ≤ 0 left of it, because
that derivative is 0 at 0 and its own derivative ``tanh² x`` is ≥ 0. The stage searches for
such a proof (:class:`_Search`): at each goal it tries the exact leaves first (the number 0,
arb on a constant, SymPy's assumptions, nlsat on a rational function), then splits products,
powers and sums by sign, then tries the points where the goal may be least (a stationary
point 0, ±1, ½, 2, a parameter, a solution of the derivative's equation that SymPy finds, or
an end of the interval, where an open or infinite end is a limit) and proves the derivative's
sign on each side, recursively, to a fixed depth and number of goals (a count, not a time:
the same verdict on any machine). Points are screened numerically first (mpmath at 50
digits): the screen only prunes the search, it never proves anything. The proof found is a tree that
the trusted kernel re-derives step by step (:mod:`numeric.kernel.calculus`).

The stage runs after sampling: a claim that sampling refutes never costs a search.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> v = CalculusStage().run(Claim("t:extra-1", sp.cosh(x), "<=", sp.exp(x**2 / 2)),
    ...                         Budget.get("quick"), 0)
    >>> v.status.value, v.rigorous, v.method
    ('proved', True, 'calculus: log of both sides; least at x = 0')
"""

from __future__ import annotations

import itertools
import math
import random
import time
from typing import Any

import mpmath
import sympy as sp

from numeric.budget import Budget
from numeric.kernel.calculus import (
    Goal,
    Refused,
    check_proof,
    children_of,
    claim_goals,
    claim_sides,
    interval,
    leaf,
    smooth,
)
from numeric.stages.interval import applicable, prove_interval
from symbolic.claim import Claim, Prop
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

#: how deep the search goes (each point tried is one level), how many goals it may look at
#: (a count, so that a run gives the same verdict on any machine) and, as a safety net only,
#: its time, per budget
DEPTH = {"quick": 3, "default": 4, "thorough": 5}
GOALS = {"quick": 60, "default": 150, "thorough": 400}
SECONDS = {"quick": 30.0, "default": 60.0, "thorough": 180.0}
#: the leaves tried at every goal, cheapest first (the interval prover comes last)
_LEAVES = ("zero", "arb", "assumptions", "nlsat", "trig", "atoms")
_SIMPLE_POINTS = (0, 1, -1, sp.Rational(1, 2), -sp.Rational(1, 2), 2)


class _Timeout(Exception):
    pass


class _Interval:
    """The interval prover as a leaf: a few seconds per goal."""

    name, rigorous = "interval", True

    def applies(self, claim: Claim) -> str | None:
        return None if applicable(claim) else "not for the interval prover"

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        return prove_interval(claim, budget, seconds=3.0)


#: the rigorous stages an ``interval`` leaf asks (the kernel is given the same)
PROVERS = (_Interval(),)


def _variables(goal: Goal) -> list[sp.Symbol]:
    return sorted(sp.sympify(goal.expr).free_symbols, key=lambda s: s.name)


class _Screen:
    """Points where a goal's conditions hold, to prune the search (never to prove)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.funcs: dict[sp.Expr, Any] = {}

    def values(self, iv_lo: sp.Expr, iv_hi: sp.Expr) -> list[mpmath.mpf]:
        lo = None if iv_lo == sp.S.NegativeInfinity or iv_lo.free_symbols else \
            mpmath.mpf(sp.N(iv_lo, 50))
        hi = None if iv_hi == sp.S.Infinity or iv_hi.free_symbols else \
            mpmath.mpf(sp.N(iv_hi, 50))
        fr = [mpmath.mpf(f) for f in ("1e-6", "1e-3", "0.1", "0.3", "0.5", "0.7", "0.9",
                                      "0.999", "0.999999")]
        far = [mpmath.mpf(f) for f in ("1e-6", "1e-3", "0.1", "0.5", "1", "2", "5", "20",
                                       "1e3", "1e6")]
        if lo is not None and hi is not None:
            return [lo + f * (hi - lo) for f in fr]
        if lo is not None:
            return [lo + f for f in far]
        if hi is not None:
            return [hi - f for f in far]
        return [s * f for f in far for s in (1, -1)] + [mpmath.mpf(0)]

    def points(self, goal: Goal, names: list[sp.Symbol]) -> list[dict[sp.Symbol, Any]]:
        per = {}
        for s in names:
            iv = interval([c for c in goal.conditions if _only_constant_bounds(c, s)], s)
            per[s] = self.values(iv.lo, iv.hi) if iv is not None else self.values(
                sp.S.NegativeInfinity, sp.S.Infinity)
        combos = list(itertools.product(*(per[s] for s in names)))
        if len(combos) > 80:
            combos = self.rng.sample(combos, 80)
        named = set(names)
        conds = [h for h in goal.conditions if sp.sympify(h.lhs - h.rhs).free_symbols <= named]
        out = []
        for c in combos:
            p = dict(zip(names, c))
            if all(self._holds(h, p) for h in conds):
                out.append(p)
        return out

    def _holds(self, h: Prop, p: dict) -> bool:
        try:
            a = self.evaluate(h.lhs - h.rhs, p)
        except (ValueError, ZeroDivisionError, TypeError):
            return False
        if a is None:
            return False
        return {Relation.GT: a > 0, Relation.GE: a >= 0, Relation.LT: a < 0,
                Relation.LE: a <= 0, Relation.EQ: a == 0}.get(h.rel, False)

    def evaluate(self, e: sp.Expr, p: dict) -> mpmath.mpf | None:
        e = sp.sympify(e)
        names = sorted(e.free_symbols, key=lambda s: s.name)
        key = (e, tuple(names))
        f = self.funcs.get(key)
        if f is None:
            f = self.funcs[key] = sp.lambdify(names, e, modules="mpmath")
        with mpmath.workdps(50):
            try:
                v = f(*(p[s] for s in names))
            except (ValueError, ZeroDivisionError, TypeError, OverflowError, KeyError):
                return None
            if isinstance(v, mpmath.mpc):
                if abs(v.imag) > mpmath.mpf(10) ** -40 * (1 + abs(v.real)):
                    return None
                v = v.real
            try:
                v = mpmath.mpf(v)
            except (TypeError, ValueError):
                return None
            return v if mpmath.isfinite(v) else (v if v == mpmath.inf else None)

    def plausible(self, goal: Goal) -> bool:
        """False when a point where the conditions hold gives the goal a negative value."""
        names = _names(goal.expr, goal)
        if not names:
            return True
        for p in self.points(goal, names):
            v = self.evaluate(goal.expr, p)
            if v is not None and v < -mpmath.mpf(10) ** -30:
                return False
        return True

    def sign(self, e: sp.Expr, goal: Goal) -> int:
        """+1 or −1 when ``e`` kept that sign at every screened point, else 0."""
        names = _names(e, goal)
        if not names:
            v = self.evaluate(e, {})
            return 0 if v is None or v == 0 else (1 if v > 0 else -1)
        vals = [self.evaluate(e, p) for p in self.points(goal, names)]
        vals = [v for v in vals if v is not None]
        if vals and all(v >= 0 for v in vals):
            return 1
        if vals and all(v <= 0 for v in vals):
            return -1
        return 0


def _names(e: sp.Expr, goal: Goal) -> list[sp.Symbol]:
    """The symbols of ``e`` and of the goal's conditions, by name."""
    found = set(sp.sympify(e).free_symbols)
    found |= {s for c in goal.conditions for s in sp.sympify(c.lhs - c.rhs).free_symbols}
    return sorted(found, key=lambda s: s.name)


def _only_constant_bounds(c: Prop, s: sp.Symbol) -> bool:
    names = sp.sympify(c.lhs - c.rhs).free_symbols
    return names == {s}


class _Search:
    def __init__(self, budget: Budget, seed: int, deadline: float, goals: int = 10**9) -> None:
        self.budget = budget
        self.deadline = deadline
        self.goals = goals  # the goals it may still look at (a count: the same on any machine)
        self.screen = _Screen(seed)
        self.memo: dict[tuple[Goal, int], dict | None] = {}
        self.solved: dict[tuple[sp.Expr, sp.Symbol], list[sp.Expr]] = {}

    def prove(self, goal: Goal, depth: int) -> dict | None:
        key = (goal, depth)
        if key not in self.memo:
            self.memo[key] = None  # a goal met again below itself is not proved there
            self.memo[key] = self._prove(goal, depth)
        return self.memo[key]

    def _prove(self, goal: Goal, depth: int) -> dict | None:
        node = self._node(goal, depth)
        if node is not None:
            node["goal"] = str(goal)  # for the reader: the kernel derives every goal itself
        return node

    def _node(self, goal: Goal, depth: int) -> dict | None:
        self.goals -= 1
        if self.goals < 0 or time.perf_counter() > self.deadline:
            raise _Timeout
        e = sp.sympify(goal.expr)
        if e.has(sp.nan, sp.zoo) or not self.screen.plausible(goal):
            return None
        for m in _LEAVES:
            if leaf(goal, m, self.budget):
                return {"rule": "leaf", "method": m}
        for node in self._splits(goal, e):
            if self._children(goal, node, depth) is not None:
                return node
        if depth > 0:
            for node in self._extrema(goal, e):
                if self._children(goal, node, depth - 1) is not None:
                    return node
        if len(e.free_symbols) == 1 and leaf(goal, "interval", self.budget, PROVERS):
            return {"rule": "leaf", "method": "interval"}
        return None

    def _children(self, goal: Goal, node: dict, depth: int) -> dict | None:
        try:
            goals = children_of(goal, node)
        except Refused:
            return None
        kids = []
        for g in goals:
            k = self.prove(g, depth)
            if k is None:
                return None
            kids.append(k)
        node["children"] = kids
        return node

    def _splits(self, goal: Goal, e: sp.Expr) -> list[dict]:
        if isinstance(e, sp.Pow) or (isinstance(e, sp.Mul) and len(e.args) == 2 and
                                     e.args[0] == -1 and isinstance(e.args[1], sp.Pow)):
            return [{"rule": "power"}]
        if isinstance(e, sp.Mul):
            signs = [self.screen.sign(f, goal) for f in e.args]
            if 0 not in signs and math.prod(signs) == 1:
                return [{"rule": "factors", "signs": signs}]
            return []
        if isinstance(e, sp.Add):
            signs = [self.screen.sign(t, goal) for t in e.args]
            if all(s == 1 for s in signs):
                strict = [False] * len(signs)
                if goal.strict:
                    strict[0] = True
                return [{"rule": "terms", "strict": strict}]
        return []

    def _extrema(self, goal: Goal, e: sp.Expr) -> list[dict]:
        out = []
        for x in _variables(goal):
            iv = interval(goal.conditions, x)
            if iv is None or not smooth(e):
                continue
            d = sp.diff(e, x)
            stationary = []
            params = [s for s in _variables(goal) if s != x]
            for t in [*(sp.sympify(p) for p in _SIMPLE_POINTS), *params, *self._solve(d, x)]:
                if t in stationary or t == iv.lo or t == iv.hi:
                    continue
                if self._zero(d.subs(x, t), goal):
                    stationary.append(t)
            out += [{"rule": "extremum", "var": x.name, "at": sp.srepr(t)} for t in stationary]
            out.append({"rule": "concave", "var": x.name})
            out += [{"rule": "extremum", "var": x.name, "at": sp.srepr(t)}
                    for t in (iv.lo, iv.hi)]
            if iv.lo.is_number and iv.hi.is_number and iv.lo.is_finite and iv.hi.is_finite:
                out.append({"rule": "split", "var": x.name, "at": sp.srepr((iv.lo + iv.hi) / 2)})
        return out

    def _solve(self, d: sp.Expr, x: sp.Symbol) -> list[sp.Expr]:
        key = (d, x)
        if key not in self.solved:
            self.solved[key] = _solutions(d, x)
        return self.solved[key]

    def _zero(self, v: sp.Expr, goal: Goal) -> bool:
        """Whether ``v`` looks 0 at the screened points: a candidate point only (what the
        point must satisfy is re-derived, and shown, as the node's children)."""
        if v.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
            return False
        if v == 0:
            return True
        names = sorted(v.free_symbols, key=lambda s: s.name)
        seen = False
        terms = sp.Add.make_args(v)
        for p in (self.screen.points(goal, names) if names else [{}])[:12]:
            val = self.screen.evaluate(v, p)
            sizes = [self.screen.evaluate(t, p) for t in terms]
            if val is None or any(t is None for t in sizes):
                continue
            if abs(val) > mpmath.mpf(10) ** -25 * (1 + max(abs(t) for t in sizes)):
                return False
            seen = True
        return seen


def _solutions(d: sp.Expr, x: sp.Symbol) -> list[sp.Expr]:
    """A few real solutions in ``x`` of ``d = 0`` that SymPy's ``solve`` finds at once (none
    for a long expression, or one SymPy cannot solve)."""
    if sp.count_ops(d) > 30:
        return []
    try:
        found = sp.solve(d, x, check=False, simplify=False)
    except Exception:  # NotImplementedError and kin: no candidates
        return []
    out = []
    for r in found[:4]:
        if not isinstance(r, sp.Expr) or r.has(sp.I) or x in r.free_symbols or \
                r.is_real is False:
            continue
        r = sp.powsimp(r)  # log(e^{y/2} e^{z/2}) is y/2 + z/2
        out.append(sp.simplify(r) if sp.count_ops(r) <= 12 else r)
    return out


def applies(claim: Claim) -> str | None:
    """None when the stage applies to ``claim``, else why not."""
    if claim.classes is not None or claim.rel not in (Relation.LE, Relation.LT, Relation.GE,
                                                      Relation.GT):
        return "not a scalar inequality"
    if any(isinstance(s, sp.MatrixSymbol) for s in claim.symbols):
        return "has vector or matrix symbols"
    sides = claim_sides(claim)
    if sides is None:
        return "a hypothesis that is not one relation, or not over real symbols"
    lhs, _, rhs, hyps = sides
    names = (lhs - rhs).free_symbols
    if not names or len(names) > 4:
        return "not in one to four real variables"
    if not all(isinstance(s, sp.Symbol) and s.is_real for s in names):
        return "a variable that is not real"
    if not (smooth(lhs) and smooth(rhs)) or not all(smooth(h.lhs - h.rhs) for h in hyps):
        return "a function that is not smooth where defined (or not elementary)"
    return None


def prove_by_calculus(claim: Claim, budget: Budget, seed: int = 0,
                      seconds: float | None = None) -> tuple[dict | None, str]:
    """A proof tree for ``claim`` (the root may be the ``log`` rule), or None and why not."""
    sides = claim_sides(claim)
    if sides is None:
        return None, "a hypothesis that is not one relation"
    lhs, rel, rhs, hyps = sides
    direct, small, big, logs = claim_goals(lhs, rel, rhs, hyps)
    limit = SECONDS.get(budget.name, 30.0) if seconds is None else seconds
    depth, goals = DEPTH.get(budget.name, 3), GOALS.get(budget.name, 60)
    start = time.perf_counter()
    screen = _Search(budget, seed, start + limit).screen
    tries: list[tuple[str, Goal]] = [("direct", direct)]
    if screen.sign(small.expr, small) == 1 and screen.sign(big.expr, big) == 1:
        # logs first when both sides are products (e^{x²/2}, cosh x, x^x): they come apart
        first = not (isinstance(small.expr, sp.Add) or isinstance(big.expr, sp.Add))
        tries.insert(0 if first else 1, ("log", logs))
    timed_out = False
    for k, (how, goal) in enumerate(tries):
        # the first way gets two thirds of the goals and the time, the second the rest
        first = k == 0 and len(tries) > 1
        search = _Search(budget, seed, start + limit * (2 / 3 if first else 1),
                         goals * 2 // 3 if first else goals - goals * 2 // 3 * (k > 0))
        try:
            if how == "log":
                a, b = search.prove(small, 1), search.prove(big, 1)
                tree = None if a is None or b is None else search.prove(goal, depth)
                if tree is not None:
                    return {"rule": "log", "children": [a, b, tree]}, ""
            else:
                tree = search.prove(goal, depth)
                if tree is not None:
                    return tree, ""
        except _Timeout:
            timed_out = True
    if timed_out:
        return None, f"no proof by calculus within {goals} goals or {limit:g} s"
    return None, f"no proof by calculus to depth {depth}"


def summary(tree: dict) -> str:
    """The proof's first steps in words.

    >>> summary({"rule": "log", "children": [{}, {}, {"rule": "extremum", "var": "x",
    ...          "at": "Integer(0)"}]})
    'log of both sides; least at x = 0'
    """
    parts = []
    node = tree
    if node.get("rule") == "log":
        parts.append("log of both sides")
        node = node["children"][2]
    rule = node.get("rule")
    if rule == "extremum":
        t = sp.sympify(node["at"])
        parts.append(f"least at {node['var']} = {t}" if t.is_finite is not False else
                     f"limit at {node['var']} → {t}")
    elif rule == "leaf":
        parts.append(f"by {node['method']}")
    else:
        parts.append(f"by {rule}")
    return "; ".join(parts)


_LEAF_WORDS = {"zero": "it is 0", "arb": "a constant, enclosed in arb",
               "assumptions": "SymPy's assumptions", "nlsat": "a rational function: z3 nlsat",
               "trig": "sin/cos on a half period of one sign",
               "atoms": "nlsat, exp and log bound by their tangents",
               "interval": "the interval prover"}


def explain(tree: dict, depth: int = 0) -> list[str]:
    """The proof, one line a step, indented as the tree.

    >>> lines = explain({"rule": "extremum", "var": "x", "at": "Integer(0)", "goal": "x**2 ≥ 0",
    ...     "children": [{"rule": "leaf", "method": "zero", "goal": "0 ≥ 0"},
    ...                  {"rule": "leaf", "method": "nlsat", "goal": "2*x ≥ 0 where x > 0"},
    ...                  {"rule": "leaf", "method": "nlsat", "goal": "-2*x ≥ 0 where x < 0"}]})
    >>> for line in lines: print(line)
    x**2 ≥ 0: least at x = 0; its value there, then ∂/∂x on each side:
      0 ≥ 0: it is 0
      2*x ≥ 0 where x > 0: a rational function: z3 nlsat
      -2*x ≥ 0 where x < 0: a rational function: z3 nlsat
    """
    rule = tree.get("rule")
    goal = tree.get("goal", "")
    if rule == "leaf":
        how = _LEAF_WORDS.get(str(tree.get("method")), str(tree.get("method")))
    elif rule == "extremum":
        t = sp.sympify(tree["at"])
        where = f"least at {tree['var']} = {t}" if t.is_finite is not False else \
            f"least as {tree['var']} → {t} (a limit)"
        how = f"{where}; its value there, then ∂/∂{tree['var']} on each side:"
    elif rule == "concave":
        how = f"concave in {tree['var']} (∂² ≤ 0): least at an end:"
    elif rule == "split":
        how = f"cut at {tree['var']} = {sp.sympify(tree['at'])}:"
    elif rule == "log":
        how = "both sides positive: compare their logs:"
    else:
        how = f"by its {rule}:"
    out = ["  " * depth + (f"{goal}: {how}" if goal else how)]
    for k in tree.get("children", ()):
        out += explain(k, depth + 1)
    return out


def steps(tree: dict) -> int:
    """The number of nodes of a proof tree."""
    return 1 + sum(steps(k) for k in tree.get("children", ()))


class CalculusStage:
    """Proofs by the signs of derivatives, re-checked by the kernel."""

    name = "calculus"
    rigorous = True

    def applies(self, claim: Claim) -> str | None:
        """None when the stage applies, else why not."""
        return applies(claim)

    def run(self, claim: Claim, budget: Budget, seed: int) -> Verdict | None:
        """``proved`` with the proof tree in ``details["calculus"]``, else None."""
        t0 = time.perf_counter()
        tree, _ = prove_by_calculus(claim, budget, seed)
        if tree is None or check_proof(claim, tree, budget, PROVERS) is not None:
            return None  # no proof, or one the kernel would not admit: sampling's verdict stays
        return Verdict(Status.PROVED, f"calculus: {summary(tree)}", True,
                       f"proved by the signs of derivatives ({steps(tree)} steps, re-checked "
                       "by the kernel)", seed=seed, precision="exact (SymPy, z3 nlsat, arb)",
                       details={"calculus": tree, "calculus_steps": explain(tree)},
                       seconds=time.perf_counter() - t0)
