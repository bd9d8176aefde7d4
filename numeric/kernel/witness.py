"""The kernel's check of a refutation: arb at the witness, from the claim as read.

:func:`refutation` re-evaluates the claim in arb balls from the witness's exact values (a
float is its binary value, a decimal string is enclosed by arb): every size is a positive
integer within the claim's declared range, every index an integer within its range, every
hypothesis holds (an equality exactly: its difference is the exact zero ball; ``A ⪯ B`` needs
``B − A`` exactly symmetric and positive semidefinite; a disjunction needs one branch), the
claim is defined there (:func:`symbolic.definedness.obligations`, ``Claim.defined_if``) and it
fails. A claim with derivatives is written out in explicit coordinates first.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, scalar
    >>> x = scalar("x")
    >>> refutation(Claim("t:extra-1", sp.cos(x), ">=", 1, hypotheses=[Prop(x, "=", 0)]),
    ...            {"x": 0.5})
    'x = 0 fails at the witness'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy as sp

from symbolic import objects as ob
from symbolic.claim import Claim, Prop
from symbolic.definedness import obligations
from symbolic.relation import Relation

#: arb precisions (bits) at which a witness is re-evaluated, until one decides
PRECISIONS = (256, 1024, 4096)
#: exact values tried for a symbol the witness does not give (one that only a definedness
#: condition or a hypothesis names)
FILL = (1, 2, -1, Fraction(1, 2), 3, -2)


class Fail(Exception):
    """The point is not a certified witness (the message says why)."""


def _arb(raw: Any) -> Any:
    """A witness number as an arb ball that contains it exactly (floats and ints exactly)."""
    if isinstance(raw, bool):
        raise Fail(f"a truth value ({raw}) where a number is expected")
    if isinstance(raw, (int, np.integer)):
        return flint.arb(int(raw))
    if isinstance(raw, (float, np.floating)):
        if not np.isfinite(raw):
            raise Fail(f"a non-finite value ({raw}) in the witness")
        return flint.arb(float(raw))
    if isinstance(raw, Fraction):
        return flint.arb(flint.fmpq(raw.numerator, raw.denominator))
    if isinstance(raw, str):
        try:
            ball = flint.arb(raw.strip())
        except (ValueError, TypeError):
            raise Fail(f"cannot read {raw!r} as a number") from None
        if not ball.is_finite():
            raise Fail(f"a non-finite value ({raw}) in the witness")
        return ball
    raise Fail(f"cannot read {raw!r} as a number")


def _value(raw: Any, shape: tuple[int, ...]) -> Any:
    if not shape:
        if isinstance(raw, (list, tuple)):
            flat = np.asarray(raw, dtype=object).ravel()
            if flat.size != 1:
                raise Fail(f"a list where a scalar is expected: {raw!r}")
            raw = flat[0]
        return _arb(raw)
    arr = np.asarray(raw, dtype=object)
    if arr.size != int(np.prod(shape)):
        raise Fail(f"a value of {arr.size} entries where the shape is {shape}")
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
            raise Fail(f"the witness gives no size {name}")
        if isinstance(raw, bool) or (not isinstance(raw, (int, np.integer)) and not (
                isinstance(raw, float) and raw.is_integer())):
            raise Fail(f"size {name} = {raw!r} is not an integer")
        lo, hi = _range(claim, name)
        k = int(raw)
        if k < lo or (hi is not None and k > hi):
            rng = f"[{lo}, {hi}]" if hi is not None else f"≥ {lo}"
            raise Fail(f"size {name} = {k} is outside its range {rng}")
        dims[name] = k
    return dims


def _point(claim: Claim, witness: dict[str, Any], fill: dict[str, Any]) -> dict:
    """The evaluation environment of the witness (arb values, sizes, indices)."""
    from numeric.layout import Layout

    dims = _sizes(claim, witness, fill)
    try:
        layout = Layout.of(claim, dims)
    except (ValueError, TypeError) as exc:
        raise Fail(f"no point of these sizes: {exc}") from None
    values: dict[sp.Basic, Any] = {}
    for s in layout.symbols:
        name = str(s)
        raw = witness.get(name, fill.get(name))
        if raw is None:
            raise Fail(f"the witness gives no value for {name}")
        values[s] = _value(raw, layout.shapes[s])
    indices: dict[sp.Basic, int] = {}
    for i, top in layout.indices.items():
        raw = witness.get(str(i))
        if isinstance(raw, bool) or not isinstance(raw, (int, np.integer, float)) or \
                float(raw) != int(raw) or not 1 <= int(raw) <= int(top):
            raise Fail(f"index {i} = {raw!r} is not an integer in [1, {top}]")
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
        raise Fail(f"arb cannot evaluate {e}: {type(exc).__name__}: {exc}") from None


def _entries(v: Any) -> list[Any]:
    return list(np.asarray(v, dtype=object).ravel()) if isinstance(v, np.ndarray) else [v]


def _exact_zero(x: Any) -> bool:
    return isinstance(x, flint.arb) and x.is_exact() and x == 0


def _loewner(ev: Any, prop: Prop) -> bool | None:
    """``lhs ⪯ rhs``: ``rhs − lhs`` symmetric and positive semidefinite (three-valued)."""
    from numeric.backends.arb_linalg import is_psd, is_symmetric

    diff = flint.arb_mat(np.asarray(_eval(ev, prop.rhs) - _eval(ev, prop.lhs),
                                    dtype=object).tolist())
    sym = is_symmetric(diff)
    if sym is False:
        return False
    try:
        psd = is_psd(diff)
    except ValueError:  # a pair of entries it finds apart: not symmetric after all
        return False
    if psd is False:
        return False
    return True if psd is True and sym is True else None


def holds(ev: Any, prop: Prop) -> bool | None:
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
            answers.append(holds(ev, p))
        except Fail:
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
    answer = holds(ev, claim.prop)
    return None if answer is None else not answer


def _conditions(claim: Claim) -> list[Prop]:
    """What must hold at a witness: the hypotheses, then where the statement is defined."""
    defined = [o.prop for o in obligations(claim.lhs, claim.rhs) if not o.within]
    return [*claim.hypotheses, *claim.defined_if, *defined]


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
                    ok = holds(ev, p)
                    if ok is False:
                        return f"{p} fails at the witness"
                    if ok is None:
                        raise Fail(f"hypothesis {p} does not hold exactly at the witness"
                                    if p.rel is Relation.EQ and p in claim.hypotheses else
                                    f"arb cannot certify that {p} holds at the witness")
                failed = _fails(ev, claim)
                if failed is False:
                    return "the claim holds at the witness"
                if failed is None:
                    raise Fail(f"arb at {bits} bits cannot tell whether the claim fails")
                return None
        except Fail as exc:
            reason = str(exc)
            if reason.startswith(("size", "index", "the witness gives", "a ", "cannot read",
                                  "no point", "hypothesis")):
                return reason  # more bits do not change these
    return reason
