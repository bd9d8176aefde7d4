"""The trusted kernel: every ``proved`` and ``refuted`` verdict passes here, whatever made it.

No stage is trusted. :func:`admit` re-checks the verdict from the claim as read:

- ``refuted``: :func:`refutation` re-evaluates the claim at the witness in arb balls, from the
  witness's exact values (a float is its binary value, a decimal string is enclosed by
  arb): every size is a positive integer within the claim's declared range, every index an
  integer within its range, every hypothesis holds (an equality exactly: its difference is
  the exact zero ball, never merely small; ``A ⪯ B`` needs ``B − A`` exactly symmetric and
  positive semidefinite; a disjunction needs one branch), the claim is defined there
  (:func:`symbolic.definedness.obligations`, and ``Claim.defined_if``) and it fails. Otherwise
  the verdict becomes ``unknown``, with the candidate point and the reason.
- ``proved``: :func:`definedness` shows every definedness obligation of the statement to
  follow from the hypotheses (by SymPy's assumptions, a hypothesis, arb on a constant, the
  fact blackboard's z3 ``unsat``, or the interval prover's enclosure) and lists how in
  ``details["defined"]``. An obligation left open makes the verdict ``unknown``: the claim
  may be undefined where its hypotheses hold.

The trusted base of a verdict is this module, the translations it uses (the arb evaluator
of :mod:`symbolic.walk` and :mod:`numeric.backends.precise`, the z3 translation of the
prover) and the library facts a proof lists in ``relies_on``.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, Status, Verdict, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", sp.cos(x), ">=", 1, hypotheses=[Prop(x, "=", 0)])
    >>> refutation(c, {"x": 0.5})
    'x = 0 fails at the witness'
    >>> v = admit(Claim("t:extra-2", 1 / x, "<=", 1 / x), Verdict(Status.PROVED, "z", True))
    >>> v.status.value, v.details["open_obligations"]
    ('unknown', ['x != 0'])
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy as sp

from numeric.budget import Budget
from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.definedness import Obligation, obligations, positive_by_form
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict

#: arb precisions (bits) at which a witness is re-evaluated, until one decides
PRECISIONS = (256, 1024, 4096)
#: exact values tried for a symbol the witness does not give (one that only a definedness
#: condition or a hypothesis names)
FILL = (1, 2, -1, Fraction(1, 2), 3, -2)


class _Fail(Exception):
    """The point is not a certified witness (the message says why)."""


# --------------------------------------------------------------------------- refutations


def _arb(raw: Any) -> Any:
    """A witness number as an arb ball that contains it exactly (floats and ints exactly)."""
    if isinstance(raw, bool):
        raise _Fail(f"a truth value ({raw}) where a number is expected")
    if isinstance(raw, (int, np.integer)):
        return flint.arb(int(raw))
    if isinstance(raw, (float, np.floating)):
        if not np.isfinite(raw):
            raise _Fail(f"a non-finite value ({raw}) in the witness")
        return flint.arb(float(raw))
    if isinstance(raw, Fraction):
        return flint.arb(flint.fmpq(raw.numerator, raw.denominator))
    if isinstance(raw, str):
        ball = flint.arb(raw.strip())
        if not ball.is_finite():
            raise _Fail(f"a non-finite value ({raw}) in the witness")
        return ball
    raise _Fail(f"cannot read {raw!r} as a number")


def _value(raw: Any, shape: tuple[int, ...]) -> Any:
    if not shape:
        if isinstance(raw, (list, tuple)):
            flat = np.asarray(raw, dtype=object).ravel()
            if flat.size != 1:
                raise _Fail(f"a list where a scalar is expected: {raw!r}")
            raw = flat[0]
        return _arb(raw)
    arr = np.asarray(raw, dtype=object)
    if arr.size != int(np.prod(shape)):
        raise _Fail(f"a value of {arr.size} entries where the shape is {shape}")
    out = np.empty(arr.size, dtype=object)
    for k, v in enumerate(arr.ravel().tolist()):
        out[k] = _arb(v)
    return out.reshape(shape)


def _range(claim: Claim, name: str) -> tuple[int, int | None]:
    lo, hi = claim.dims.get(name, (1, None))
    return max(int(lo), 1), (None if hi is None else int(hi))


def _sizes(claim: Claim, witness: dict[str, Any], fill: dict[str, Any]) -> dict[str, int]:
    """The witness's sizes (those the claim uses), each a positive integer within the claim's
    declared range."""
    dims: dict[str, int] = {}
    for name in sorted(str(s) for s in claim.dimension_symbols):
        raw = witness.get(name, fill.get(name))
        if raw is None:
            raise _Fail(f"the witness gives no size {name}")
        if isinstance(raw, bool) or (not isinstance(raw, (int, np.integer)) and not (
                isinstance(raw, float) and raw.is_integer())):
            raise _Fail(f"size {name} = {raw!r} is not an integer")
        lo, hi = _range(claim, name)
        k = int(raw)
        if k < lo or (hi is not None and k > hi):
            rng = f"[{lo}, {hi}]" if hi is not None else f"≥ {lo}"
            raise _Fail(f"size {name} = {k} is outside its range {rng}")
        dims[name] = k
    return dims


def _point(claim: Claim, witness: dict[str, Any], fill: dict[str, Any]) -> dict:
    """The evaluation environment of the witness (arb values, sizes, indices)."""
    from numeric.layout import Layout

    dims = _sizes(claim, witness, fill)
    try:
        layout = Layout.of(claim, dims)
    except (ValueError, TypeError) as exc:
        raise _Fail(f"no point of these sizes: {exc}") from None
    values: dict[sp.Basic, Any] = {}
    for s in layout.symbols:
        name = str(s)
        raw = witness.get(name, fill.get(name))
        if raw is None:
            raise _Fail(f"the witness gives no value for {name}")
        values[s] = _value(raw, layout.shapes[s])
    indices: dict[sp.Basic, int] = {}
    for i, top in layout.indices.items():
        raw = witness.get(str(i))
        if isinstance(raw, bool) or not isinstance(raw, (int, np.integer, float)) or \
                float(raw) != int(raw) or not 1 <= int(raw) <= int(top):
            raise _Fail(f"index {i} = {raw!r} is not an integer in [1, {top}]")
        indices[i] = int(raw)
    return layout.env(values, indices)


class _Explicit:
    """An arb evaluator for a claim with derivatives (which arb cannot take): each expression
    is first written out in explicit coordinates at the witness's sizes, derivatives taken
    exactly by :mod:`symbolic.explicit`, and that is evaluated in arb."""

    def __init__(self, claim: Claim, env: dict) -> None:
        from numeric.backends.precise import ArbOps
        from symbolic.explicit import ExplicitInstance, entry_symbols
        from symbolic.walk import Evaluator

        dims = {str(k): int(v) for k, v in env.items() if k in ob.DIMS.values()}
        indices = {k: v for k, v in env.items() if isinstance(k, sp.Symbol)
                   and isinstance(v, int) and k not in ob.DIMS.values()}
        mats = {k for k in env if isinstance(k, sp.MatrixSymbol)}
        scal = {k for k in env if isinstance(k, sp.Symbol) and k not in indices
                and k not in ob.DIMS.values()}
        self.inst = ExplicitInstance(mats | scal, dims, indices, engine="sympy")
        values: dict[sp.Basic, Any] = {s: env[s] for s in scal}
        for m in mats:
            arr = np.asarray(env[m], dtype=object)
            syms = entry_symbols(m, *arr.shape)
            for i in range(arr.shape[0]):
                for j in range(arr.shape[1]):
                    values[syms[i, j]] = arr[i, j]
        self.arb = Evaluator(ArbOps(), values)

    def __call__(self, e: sp.Basic) -> Any:
        x = self.inst(e)
        if isinstance(x, sp.MatrixBase):
            out = np.empty(x.shape, dtype=object)
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    out[i, j] = self.arb(sp.sympify(x[i, j]))
            return out
        return self.arb(sp.sympify(x))


def _has_derivative(claim: Claim) -> bool:
    nodes = (ob.ScalarDeriv, ob.Deriv, ob.Gradient)
    return any(e.has(*nodes) for p in (claim.prop, *claim.hypotheses) for e in (p.lhs, p.rhs)
               if isinstance(e, sp.Basic))


def _eval(ev: Any, e: sp.Basic) -> Any:
    try:
        with np.errstate(all="ignore"):
            return ev(e)
    except Exception as exc:
        raise _Fail(f"arb cannot evaluate {e}: {type(exc).__name__}: {exc}") from None


def _entries(v: Any) -> list[Any]:
    return list(np.asarray(v, dtype=object).ravel()) if isinstance(v, np.ndarray) else [v]


def _exact_zero(x: Any) -> bool:
    return isinstance(x, flint.arb) and x.is_exact() and x == 0


def _symmetric(m: Any) -> bool | None:
    """Is the square arb matrix ``m`` exactly symmetric (True), certainly not (False), or
    unknown (None)?"""
    m = np.asarray(m, dtype=object)
    answer: bool | None = True
    for i in range(m.shape[0]):
        for j in range(i + 1, m.shape[1]):
            diff = m[i, j] - m[j, i]
            if diff != 0 and not bool(diff.contains(0)):
                return False
            if not _exact_zero(diff):
                answer = None
    return answer


def _loewner(ev: Any, prop: Prop) -> bool | None:
    """``lhs ⪯ rhs``: ``rhs − lhs`` symmetric and positive semidefinite (three-valued)."""
    from numeric.backends.arb_linalg import is_psd

    diff = np.asarray(_eval(ev, prop.rhs) - _eval(ev, prop.lhs), dtype=object)
    sym = _symmetric(diff)
    if sym is False:
        return False
    psd = is_psd(flint.arb_mat(diff.tolist()))
    if psd is False:
        return False
    return True if psd is True and sym is True else None


def _holds(ev: Any, prop: Prop) -> bool | None:
    """Does ``prop`` hold at the point: True (certain), False (certainly not), None."""
    if prop.rel is Relation.PSD_LE:
        return _loewner(ev, prop)
    branches = _branches(prop)
    if branches is not None:  # a disjunction: one branch that holds is enough
        answers = [_all_hold(ev, b) for b in branches]
        if any(a is True for a in answers):
            return True
        return False if all(a is False for a in answers) else None
    lhs, rhs = _eval(ev, prop.lhs), _eval(ev, prop.rhs)
    if prop.rel is Relation.EQ:
        diffs = [a - b for a, b in zip(_entries(lhs), _entries(rhs))]
        if all(_exact_zero(x) for x in diffs):
            return True
        if any(x != 0 and not bool(x.contains(0)) for x in diffs):
            return False
        return None
    g = (rhs - lhs) if prop.rel.direction < 0 else (lhs - rhs)
    if not isinstance(g, flint.arb) or not g.is_finite():
        return None
    if prop.rel.strict:
        return True if g > 0 else (False if g <= 0 else None)
    return True if g >= 0 else (False if g < 0 else None)


def _all_hold(ev: Any, props: Sequence[Prop]) -> bool | None:
    answers = []
    for p in props:
        try:
            answers.append(_holds(ev, p))
        except _Fail:
            answers.append(None)
    if any(a is False for a in answers):
        return False
    return True if all(a is True for a in answers) else None


def _branches(prop: Prop) -> list[list[Prop]] | None:
    """A disjunction's branches, each as its relations (None: not a disjunction)."""
    written = prop.written_expr
    if not isinstance(written, sp.Or):
        return None
    from symbolic.written import to_props

    return [to_props(b) for b in written.args]


def _fails(ev: Any, claim: Claim) -> bool | None:
    """Does the statement fail at the point: True (certain), False (it holds), None."""
    answer = _holds(ev, claim.prop)
    return None if answer is None else not answer


def _conditions(claim: Claim) -> list[Prop]:
    """What must hold at a witness: the hypotheses, then where the statement is defined."""
    defined = [o.prop for o in obligations(claim.lhs, claim.rhs) if not o.within]
    return [*claim.hypotheses, *getattr(claim, "defined_if", ()), *defined]


def _missing(claim: Claim, witness: dict[str, Any]) -> list[str]:
    names = {str(s) for p in _conditions(claim) for s in p.symbols} | {
        str(s) for s in claim.prop.symbols}
    return sorted(n for n in names if n not in witness)


def refutation(claim: Claim, witness: dict[str, Any] | None) -> str | None:
    """None when arb certifies that ``witness`` refutes ``claim`` (see the module docstring);
    otherwise why not.

    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> x = scalar("x")
    >>> refutation(Claim("t:extra-1", x, "<=", 1), {"x": "1.5"}) is None
    True
    >>> refutation(Claim("t:extra-1", sp.sqrt(x), "<=", -1), {"x": -4})
    'x >= 0 fails at the witness'
    """
    if witness is None:
        return "no witness"
    fills: list[dict[str, Any]] = [{}]
    missing = _missing(claim, witness)
    sizes = [str(s) for s in claim.dimension_symbols if str(s) not in witness]
    if missing or sizes:  # a symbol or a size the witness does not give: try a few
        fills = [{**dict.fromkeys(missing, v),
                  **{s: _range(claim, s)[0] + k for s in sizes}}
                 for k, v in enumerate(FILL)]
    reason = "no point"
    for fill in fills:
        reason = _refutes(claim, witness, fill)
        if reason is None:
            witness.update(fill)
            return None
    return reason


def _refutes(claim: Claim, witness: dict[str, Any], fill: dict[str, Any]) -> str | None:
    from numeric.backends.precise import ArbOps, arb_prec
    from symbolic.walk import Evaluator

    reason = "arb does not certify the violation"
    for bits in PRECISIONS:
        try:
            with arb_prec(bits):
                env = _point(claim, witness, fill)
                ev = _Explicit(claim, env) if _has_derivative(claim) else \
                    Evaluator(ArbOps(), env)
                for p in _conditions(claim):
                    ok = _holds(ev, p)
                    if ok is False:
                        return f"{p} fails at the witness"
                    if ok is None:
                        raise _Fail(f"hypothesis {p} does not hold exactly at the witness"
                                    if p.rel is Relation.EQ and p in claim.hypotheses else
                                    f"arb cannot certify that {p} holds at the witness")
                failed = _fails(ev, claim)
                if failed is False:
                    return "the claim holds at the witness"
                if failed is None:
                    raise _Fail(f"arb at {bits} bits cannot tell whether the claim fails")
                return None
        except _Fail as exc:
            reason = str(exc)
            if reason.startswith(("size", "index", "the witness gives", "a ", "cannot read",
                                  "no point", "hypothesis")):
                return reason  # more bits do not change these
    return reason


# --------------------------------------------------------------------------- definedness

_DISCHARGED: dict[tuple, str | None] = {}
_DISCHARGED_MAX = 20_000


def _counter() -> Any:
    import itertools

    return itertools.count(1)


_IDS = _counter()


def _discharge(o: Obligation, known: tuple[Prop, ...], budget: Budget) -> str | None:
    """How ``o`` follows from ``known`` (a short text), or None when it is not shown."""
    key = (o, known, budget.name)
    if key in _DISCHARGED:
        return _DISCHARGED[key]
    how = _discharge_uncached(o, known, budget)
    if len(_DISCHARGED) > _DISCHARGED_MAX:
        _DISCHARGED.clear()
    _DISCHARGED[key] = how
    return how


def _implied_by(p: Prop, h: Prop) -> bool:
    """Is ``p`` one of ``h``'s plain consequences (``x > 0`` gives ``x >= 0`` and ``x ≠ 0``)?"""
    if h == p:
        return True
    gives = {">": {">", ">="}, ">=": {">="}, "<": {"<", "<="}, "<=": {"<="}}
    if h.lhs == p.lhs and h.rhs == p.rhs and p.rel.value in gives.get(h.rel.value, ()):
        return True
    if p.rel is Relation.GT and p.rhs == 0 and isinstance(p.lhs, sp.Abs):  # |g| > 0
        g = p.lhs.args[0]
        return (h.rel in (Relation.GT, Relation.LT) and sp.expand(h.lhs - h.rhs - g) == 0)
    return False


def _discharge_uncached(o: Obligation, known: tuple[Prop, ...], budget: Budget) -> str | None:
    p = o.prop
    if any(_implied_by(p, h) for h in known):
        return "a hypothesis"
    if positive_by_form(p):
        return "the signs of its entries (exp and 𝟏 are positive)"
    free = p.symbols | {s for s in (p.lhs.free_symbols | p.rhs.free_symbols)}
    if not free:
        from numeric.backends.precise import ArbOps, arb_prec
        from symbolic.walk import Evaluator

        with arb_prec(256):
            try:
                if _holds(Evaluator(ArbOps(), {}), p) is True:
                    return "arb (a constant)"
            except _Fail:
                return None
        return None
    try:
        goal = Claim(f"kernel:defined-{next(_IDS)}", p.lhs, p.rel, p.rhs,
                     hypotheses=(*known, *o.within))
    except (ValueError, TypeError):
        return None
    from numeric.prover.engine import prove

    for library, sparse in ((frozenset(), True), (None, False)):
        try:
            out = prove(goal, budget, library=library, sparse=sparse, relies=True)
        except Exception:
            out = None
        if out is not None and out.proved:
            facts = ", ".join(out.relies_on)
            return f"fact blackboard (z3){': ' + facts if facts else ''}"
    if not o.within and len(goal.symbols) <= 3 and not goal.dimension_symbols:
        from numeric.stages.interval import IntervalStage

        stage = IntervalStage()
        if stage.applies(goal) is None:
            try:
                v = stage.run(goal, budget, 0)
            except Exception:
                v = None
            if v is not None and v.status is Status.PROVED and v.rigorous:
                return "interval branch and bound (arb)"
    return None


def definedness(claim: Claim, budget: Budget) -> tuple[list[str], list[str]]:
    """The statement's definedness obligations shown (``"x - 1 != 0: a hypothesis"``) and
    those left open, each assuming the hypotheses and the obligations shown before it.

    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> x = scalar("x")
    >>> definedness(Claim("t:extra-1", sp.log(x), "<=", x - 1, hypotheses=[Prop(x, ">", 0)]),
    ...             Budget.get("quick"))
    (['x > 0: a hypothesis'], [])
    """
    shown: list[str] = []
    left: list[str] = []
    known = tuple(claim.hypotheses)
    todo = [*(Obligation(p) for p in getattr(claim, "defined_if", ())),
            *obligations(claim.lhs, claim.rhs)]
    seen: set[Obligation] = set()
    for o in todo:
        if o in seen:
            continue
        seen.add(o)
        how = _discharge(o, known, budget)
        if how is None:
            left.append(str(o))
        else:
            shown.append(f"{o}: {how}")
            if not o.within:
                known = (*known, o.prop)
    return shown, left


# --------------------------------------------------------------------------- the gate


def admit(claim: Claim, verdict: Verdict, budget: Budget | None = None) -> Verdict:
    """``verdict`` if the kernel confirms it (see the module docstring), else the ``unknown``
    verdict that says what was not shown. Other statuses pass unchanged."""
    if verdict.status is Status.REFUTED:
        if not verdict.rigorous:
            return verdict  # a candidate: the cascade reports it as such
        reason = refutation(claim, verdict.witness)
        if reason is None:
            verdict.details["kernel"] = "witness re-checked in arb"
            return verdict
        return _unknown(verdict, f"the kernel does not certify the witness: {reason}",
                        candidate=verdict.witness, uncertified=reason)
    if verdict.status is Status.PROVED:
        b = budget or Budget.get("quick")
        shown, left = definedness(claim, b)
        if shown:
            verdict.details["defined"] = shown
        if left:
            return _unknown(verdict, "proved where the statement is defined, but not that it "
                            "is defined wherever the hypotheses hold: "
                            f"{'; '.join(left)} not shown", open_obligations=left)
    return verdict


def _unknown(v: Verdict, why: str, **details: Any) -> Verdict:
    return Verdict(Status.UNKNOWN, f"{v.method} (not admitted by the kernel)", False,
                   f"{why} ({v.status.value} by {v.method}: {v.message})"[:2000],
                   slack=None, witness=None, seed=v.seed, precision=v.precision,
                   evaluations=v.evaluations, worst_margin=v.worst_margin,
                   details={**v.details, **details, "kernel_rejected": v.status.value},
                   seconds=v.seconds)
