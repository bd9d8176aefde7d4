"""High-precision confirmation of a float64 witness: mpmath first, then rigorous arb balls.

A float witness is converted exactly (binary floats are exact in both libraries), the hypotheses
and the claim are re-evaluated, and the violation counts only if it survives.

Example:
    >>> import numpy as np, sympy as sp
    >>> from symbolic import Claim, scalar
    >>> from numeric.layout import Layout
    >>> from numeric.search.confirm import confirm
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x * (1 - x), "<=", sp.Rational(1, 4) * (1 - sp.Rational(1, 10**8)))
    >>> r = confirm(c, Layout.of(c, {}), {x: np.array(0.5)}, {})
    >>> r.violated, r.rigorous
    (True, True)
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, field
from typing import Any

import flint
import mpmath
import numpy as np
import sympy as sp

from numeric.backends.margins import precise_margin
from numeric.backends.precise import ArbOps, MpmathOps, arb_prec, mp_workdps
from numeric.layout import Layout, symbol_name
from symbolic.claim import Claim, Prop
from symbolic.formatting import expression, numbers_in
from symbolic.relation import Relation
from symbolic.walk import Evaluator, Unsupported

EQ_REL_TOL = 1e-25  # relative difference that counts as a real mismatch at 50+ digits


@dataclass
class Confirmation:
    """Outcome of re-evaluating one witness at high precision."""

    violated: bool
    rigorous: bool
    hypotheses_hold: bool
    margin: str = ""
    lhs: str = ""
    rhs: str = ""
    notes: list[str] = field(default_factory=list)
    #: not confirmed because high precision could not tell (a numerical derivative outside
    #: its reliable range), as opposed to shown not to violate
    undecided: bool = False


def _env(layout: Layout, ops: Any, values: dict, indices: dict) -> dict:
    conv: dict[sp.Basic, Any] = {}
    for s, v in values.items():
        v = np.asarray(v, dtype=float)
        conv[s] = ops.array(v) if v.ndim else ops.number(float(v))
    return layout.env(conv, {k: int(v) for k, v in indices.items()})


def _fmt(v: Any) -> str:
    if isinstance(v, np.ndarray):
        more = " ..." if v.size > 6 else ""
        return "[" + ", ".join(_fmt(x) for x in v.ravel()[:6]) + more + "]"
    return str(v)


def _scale(lhs: Any, rhs: Any) -> Any:
    items = []
    for side in (lhs, rhs):
        items += list(side.ravel()) if isinstance(side, np.ndarray) else [side]
    return max(abs(x) for x in items)


def _noise(lhs: Any, rhs: Any) -> Any:
    """Rounding noise of an mpmath evaluation: far below any violation we report."""
    import mpmath

    return _scale(lhs, rhs) * mpmath.mpf(10) ** (-(mpmath.mp.dps - 10))


def _violated_mp(prop: Prop, margin: Any, lhs: Any, rhs: Any) -> bool:
    if prop.rel is Relation.EQ:
        return bool(-margin > EQ_REL_TOL * _scale(lhs, rhs))
    if prop.rel is Relation.PSD_LE:
        return bool(margin < -_noise(lhs, rhs))
    return bool(margin <= _noise(lhs, rhs)) if prop.rel.strict else bool(
        margin < -_noise(lhs, rhs))


def _holds_mp(prop: Prop, margin: Any, lhs: Any, rhs: Any) -> bool:
    if prop.rel is Relation.EQ:
        return bool(-margin <= EQ_REL_TOL * _scale(lhs, rhs))
    return bool(margin > 0) if prop.rel.strict else bool(margin >= 0)


def _has_derivative(claim: Claim) -> bool:
    return _sides_have_derivative(claim.lhs, claim.rhs)


@functools.lru_cache(maxsize=256)
def _sides_have_derivative(lhs: sp.Basic, rhs: sp.Basic) -> bool:
    """Does either side hold a derivative node? (Cached: a function of the expressions, asked
    at every confirmed violation of a shrink.)"""
    from symbolic import objects as ob

    return any(isinstance(node, (ob.Deriv, ob.ScalarDeriv))
               for e in (lhs, rhs) for node in sp.preorder_traversal(e))


def _differentiable_range(values: dict, lhs: Any, rhs: Any) -> bool:
    """Inputs of moderate size and finite, moderate outputs (where mpmath.diff is reliable)."""
    import mpmath

    if max((float(np.max(np.abs(np.asarray(v, dtype=float)))) for v in values.values()),
           default=0.0) > 1e6:
        return False
    items = []
    for side in (lhs, rhs):
        items += list(side.ravel()) if isinstance(side, np.ndarray) else [side]
    return all(abs(x) < mpmath.mpf(10) ** 100 for x in items)


#: the confirmations of the latest claim confirmed: its sides and hypotheses (compared by
#: identity), and per instance (:func:`_instance_key`) the confirmation
_MEMO: dict[str, Any] = {"claim": None, "source": None, "points": {}}
#: instances remembered per claim (the memo starts again beyond)
MEMO_POINTS = 512


def confirm(claim: Claim, layout: Layout, values: dict, indices: dict, dps: int = 50,
            bits: int = 256) -> Confirmation:
    """Re-evaluate ``claim`` and its hypotheses at one instance (``values``: numpy per symbol):
    :func:`_confirm`, once per instance of the claim. The same instance asked again (a
    candidate's witness, then the start of its shrink from the JSON witness; a stored
    witness replayed, then its sides recorded) gets a copy of the first answer: a
    confirmation is a function of the claim and the instance alone (every precision is set
    here), and the instance is compared exactly (the float64 bits of every value).

    >>> from symbolic import scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 1)
    >>> a = confirm(c, Layout.of(c, {}), {x: np.array(1.5)}, {})
    >>> b = confirm(c, Layout.of(c, {}), {x: np.array(1.5)}, {})
    >>> a == b and a is not b and a.rigorous
    True
    """
    source = (claim.lhs, claim.rhs, claim.hypotheses, claim.rel)
    if _MEMO["claim"] is not claim or not all(
            a is b for a, b in zip(_MEMO["source"], source)):
        _MEMO.update(claim=claim, source=source, points={})
    key = _instance_key(layout, values, indices, dps, bits)
    points: dict = _MEMO["points"]
    known = points.get(key)
    if known is not None:
        return copy.deepcopy(known)
    out = _confirm(claim, layout, values, indices, dps, bits)
    if len(points) >= MEMO_POINTS:
        points.clear()
    points[key] = copy.deepcopy(out)
    return out


def _instance_key(layout: Layout, values: dict, indices: dict, dps: int, bits: int) -> tuple:
    """What a confirmation depends on besides the claim, exactly: the layout (dimensions,
    symbols and shapes, index sizes), each value's float64 shape and bytes (``-0.0`` and
    ``0.0`` differ), each index value's type and text, the precisions asked for and those
    of the caller (a few tests read mpmath's ambient precision).

    >>> from symbolic import scalar
    >>> x = scalar("x")
    >>> lay = Layout(symbols=[x], shapes={x: ()}, dims={}, indices={})
    >>> _instance_key(lay, {x: np.array(0.0)}, {}, 50, 256) == _instance_key(
    ...     lay, {x: np.array(-0.0)}, {}, 50, 256)
    False
    """
    vals = []
    for s, v in values.items():
        arr = np.ascontiguousarray(np.asarray(v, dtype=float))
        vals.append((s, arr.shape, arr.tobytes()))
    return (tuple(sorted(layout.dims.items())),
            tuple((s, layout.shapes.get(s)) for s in layout.symbols),
            tuple(layout.indices.items()), tuple(vals),
            tuple((k, type(v).__name__, repr(v)) for k, v in indices.items()), dps, bits,
            mpmath.mp.prec, flint.ctx.prec)


def _confirm(claim: Claim, layout: Layout, values: dict, indices: dict, dps: int = 50,
             bits: int = 256) -> Confirmation:
    """Re-evaluate ``claim`` and its hypotheses at one instance (``values``: numpy per symbol).

    An inequality first gets arb's quick look (:func:`_arb_first`): a point where arb is
    certain the claim holds, or a hypothesis fails, is rejected at once
    (:func:`_arb_rejection`), as the checks below would reject it after mpmath; arb's C
    arithmetic costs far less than mpmath's at 50 digits. Its other answers at ``bits`` serve
    the arb check after mpmath, except ``open``, whose test against mpmath's margin is
    still to come."""
    for sym, top in layout.indices.items():  # an index is an integer in [1, its size]
        val = indices.get(sym)
        if val is None or float(val) != int(val) or not 1 <= int(val) <= int(top):
            return Confirmation(False, False, False, notes=[
                f"index {sym} = {val} is not an integer in [1, {top}]: not a witness"])
    first = _arb_first(claim, layout, values, indices, bits, dps)
    if first == "tie":  # within 50 digits' noise: a tie, or a violation only arb can see
        deep = deep_certify(claim, layout, values, indices)
        if deep is not None:
            return deep
    rejected = _arb_rejection(first, bits, dps)
    if rejected is not None:
        return rejected
    with mp_workdps(dps):
        # the inputs (floats) are exact in mpmath at any precision from 53 bits: converted
        # once, for both precisions
        mp_env = _env(layout, MpmathOps(), values, indices)
        ev = Evaluator(MpmathOps(), dict(mp_env))
        for h in claim.hypotheses:
            m, lhs, rhs = precise_margin(h, ev)
            if not _holds_mp(h, m, lhs, rhs):
                return Confirmation(False, False, False,
                                    notes=[f"hypothesis fails: {expression(h)}"])
        m, lhs, rhs = precise_margin(claim.prop, ev)
        violated = _violated_mp(claim.prop, m, lhs, rhs)
        out = Confirmation(violated, False, True, _fmt(m), _fmt(lhs), _fmt(rhs))
    if not violated and claim.rel is not Relation.PSD_LE and not isinstance(m, np.ndarray) \
            and m <= 0 and first != "tie":
        # mpmath sees no violation beyond its noise (exp(1e-300) vs 1 + 2e-300 at 50 digits):
        # arb at thousands of bits may still certify one
        deep = deep_certify(claim, layout, values, indices)
        if deep is not None:
            return deep
    if violated and _has_derivative(claim) and not _differentiable_range(values, lhs, rhs):
        # mpmath differentiates numerically: at huge inputs or outputs the step is lost in the
        # rounding and the derivative comes out 0 or noise at every precision. Never report that.
        out.violated = False
        out.undecided = True
        out.notes.append("numerical derivative outside its reliable range (inputs beyond 1e6 or "
                         "values beyond 1e100): not confirmed")
        return out
    m2 = m
    if violated:
        # A real violation keeps its margin when the precision doubles; cancellation noise and
        # huge exponents (exp of 1e300 loses every digit at 50 digits) do not, nor does the
        # smallest eigenvalue of a matrix that is 0 up to rounding (diag(p) - pp' at n = 1).
        with mp_workdps(2 * dps):
            ev2 = Evaluator(MpmathOps(), dict(mp_env))
            m2, lhs2, rhs2 = precise_margin(claim.prop, ev2)
            stable = _violated_mp(claim.prop, m2, lhs2, rhs2) and abs(m2 - m) <= abs(m) / 10**6
        if not stable:
            out.violated = False
            shown = numbers_in(out.margin)
            out.notes.append(f"difference {shown} vanishes at {2 * dps} digits: noise"
                             if claim.rel is Relation.EQ else
                             f"margin {shown} changes at {2 * dps} digits: not resolved")
            return out
    if not violated:
        return out
    # a margin of exactly 0 at every mpmath precision (the sides agree beyond 100 digits, e.g.
    # 1 + x vs 1 at x = 5e-324) is a violation only if arb certifies one
    tie = _is_zero(m) and _is_zero(m2)
    mp_margin = mpmath.mpf(m)
    enclosures: list = []
    for prec in (bits, 4 * bits, 16 * bits):
        try:
            if prec == bits and first not in (None, "open"):
                verdict = first  # the same at these bits: it did not depend on mpmath
            else:
                verdict = _arb_check(claim, layout, values, indices, prec, mp_margin,
                                     record=enclosures)
        except Unsupported as exc:
            if tie:
                return _reject(out, f"margin 0 at {dps} and {2 * dps} digits and no rigorous "
                               f"enclosure ({exc}): a tie, not a violation")
            out.notes.append(f"no rigorous enclosure ({exc}); confirmed with mpmath at {dps} "
                             "digits")
            return out
        if verdict == "certified":
            out.rigorous = True
            return out
        if verdict == "holds":
            # arb is certain the point does not violate: that wins over mpmath, whatever its
            # margin (total cancellation at 50 and 100 digits, or a tie it cannot resolve)
            return _reject(out, f"arb at {prec} bits is certain the claim holds here (mpmath "
                           f"margin {numbers_in(out.margin)}): not a violation")
        if verdict == "contradicted":
            # mpmath lost the digits that matter at both precisions (e.g. 1 - x'q with x, q on
            # the unit circle within 1e-230 of each other): arb resolves them and disagrees;
            # the true margin may still be negative, far smaller (log(1 + x) vs x at 1e-300)
            deep = deep_certify(claim, layout, values, indices)
            if deep is not None:
                return deep
            return _reject(out, f"arb at {prec} bits contradicts the mpmath margin "
                           f"{numbers_in(out.margin)}: cancellation, not a violation")
        if verdict.startswith("hypothesis fails"):
            out.hypotheses_hold = False
            return _reject(out, f"arb at {prec} bits is certain the hypothesis "
                           f"{verdict.removeprefix('hypothesis fails: ')} fails here: "
                           "not a witness")
    if verdict.startswith("hypothesis"):  # uncertain at every precision
        if tie:
            return _reject(out, f"margin 0 at {dps} and {2 * dps} digits and arb could not "
                           f"certify {verdict}: a tie, not a violation")
        out.notes.append(f"arb could not certify {verdict}")
        return out
    if tie:
        return _reject(out, f"margin 0 at {dps} and {2 * dps} digits and arb up to "
                       f"{16 * bits} bits does not certify a violation: a tie, not a violation")
    last = enclosures[-1] if enclosures else None
    if isinstance(last, flint.arb) and last.is_finite() and bool(last.contains(0)):
        # arb cannot tell this margin from 0: a tie up to rounding (v'(diag(p) - pp')v at
        # v = 1, exactly 0) and a true violation beyond arb's reach (exp of -1e20) look
        # alike here, so the point stays a candidate: never refuted, never dismissed
        out.notes.append(f"margin {numbers_in(out.margin)} lies within the rounding error at "
                         f"{16 * bits} bits (arb encloses it in {last.str(3)}, which "
                         "contains 0): not certified")
        return out
    out.notes.append("arb enclosure too wide to certify the violation")
    return out


#: entries of a point small enough for arb at thousands of bits to cost milliseconds
DEEP_ENTRIES = 64


def deep_certify(claim: Claim, layout: Layout, values: dict, indices: dict,
                 precisions: tuple[int, ...] = (1024, 4096)) -> Confirmation | None:
    """A violation below mpmath's noise, certified by arb at ``precisions``: the
    confirmation, or None (arb does not certify one, or the point is too large to try:
    more than :data:`DEEP_ENTRIES` entries).

    >>> import sympy as sp
    >>> from symbolic import Prop, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", sp.exp(x), ">=", 1 + 2 * x)
    >>> conf = deep_certify(c, Layout.of(c, {}), {x: np.array(1e-300)}, {})
    >>> conf.rigorous, conf.rhs
    (True, '1.0000000000000000000')
    """
    if sum(int(np.size(v)) for v in values.values()) > DEEP_ENTRIES:
        return None
    for prec in precisions:
        try:
            rec: list = []
            verdict = _arb_check(claim, layout, values, indices, prec, None, record=rec)
        except _ARB_ERRORS:
            return None
        if verdict == "certified":
            am = rec[-1] if rec else None
            text = am.str(20, radius=False) if isinstance(am, flint.arb) else "?"
            with arb_prec(prec):
                ops = ArbOps()
                ev = Evaluator(ops, _env(layout, ops, values, indices))
                sides = [_arb_text(ev(e)) for e in (claim.prop.lhs, claim.prop.rhs)]
            return Confirmation(True, True, True, text, *sides, notes=[
                f"a violation below mpmath's noise at 50 digits, certified by arb at {prec} "
                f"bits (margin {text})"])
        if verdict != "open":
            return None
    return None


def _arb_text(v: Any) -> str:
    """An arb value (or an array of them) as decimal text, 20 digits, no radius."""
    if isinstance(v, np.ndarray):
        return "[" + ", ".join(_arb_text(x) for x in v.ravel()[:6]) + (
            " ...]" if v.size > 6 else "]")
    return v.str(20, radius=False) if isinstance(v, flint.arb) else str(v)


_ARB_ERRORS = (Unsupported, ValueError, ZeroDivisionError, TypeError, ArithmeticError)


def _arb_first(claim: Claim, layout: Layout, values: dict, indices: dict,
               bits: int, dps: int = 50) -> str | None:
    """For an inequality, :func:`_arb_check` at ``bits`` before any mpmath (no ``contradicted``:
    there is no mpmath margin yet; ``tie`` where mpmath at ``dps`` digits could only find
    rounding noise, see :func:`_within_noise`); None for an equality or the Loewner order
    (arb never certifies an equality: mpmath starts) and where arb cannot evaluate the claim.

    >>> from symbolic import scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 1)
    >>> _arb_first(c, Layout.of(c, {}), {x: np.array(0.5)}, {}, 128)
    'holds'
    >>> _arb_first(c, Layout.of(c, {}), {x: np.array(1.5)}, {}, 128)
    'certified'
    """
    if claim.rel in (Relation.EQ, Relation.PSD_LE):
        return None
    try:
        return _arb_check(claim, layout, values, indices, bits, None, dps)
    except _ARB_ERRORS:
        return None


def _arb_rejection(verdict: str | None, bits: int, dps: int = 50) -> Confirmation | None:
    """Not a violation, from arb's first look: it is certain the claim holds at the point, or
    that a hypothesis (not an equality) fails there, or that the margin is within the noise
    that mpmath at ``dps`` digits rejects (``tie``); None for any other answer.

    >>> _arb_rejection("holds", 256).notes
    ['arb at 256 bits is certain the claim holds here: not a violation']
    >>> _arb_rejection("tie", 256).violated, _arb_rejection("certified", 256) is None
    (False, True)
    """
    if verdict == "holds":
        return Confirmation(False, False, True, notes=[
            f"arb at {bits} bits is certain the claim holds here: not a violation"])
    if verdict == "tie":
        return Confirmation(False, False, True, notes=[
            f"arb at {bits} bits: the margin is within the rounding noise of {dps} digits "
            "(a tie up to rounding): not a violation"])
    if verdict is not None and verdict.startswith("hypothesis fails"):
        return Confirmation(False, False, False, notes=[
            f"arb at {bits} bits is certain the hypothesis "
            f"{verdict.removeprefix('hypothesis fails: ')} fails here: not a witness"])
    return None


def _is_zero(m: Any) -> bool:
    """Is an mpmath margin exactly zero (scalars only)?"""
    return not isinstance(m, np.ndarray) and bool(m == 0)


def _reject(out: Confirmation, note: str) -> Confirmation:
    out.violated = False
    out.notes.append(note)
    return out


def certain(margin: Any, rel: Relation, holds: bool) -> bool:
    """Is arb certain that a (scalar) margin makes ``rel`` hold (``holds``) or fail?

    >>> certain(flint.arb(0), Relation.GT, holds=False), certain(flint.arb(0), Relation.GE, True)
    (True, True)
    >>> certain(flint.arb(0, 1), Relation.GT, holds=True)
    False
    """
    if rel is Relation.EQ:
        return bool(margin == 0) if holds else bool(margin != 0)
    if holds:
        return bool(margin > 0) if rel.strict else bool(margin >= 0)
    return bool(margin <= 0) if rel.strict else bool(margin < 0)


def _within_noise(margin: Any, lhs: Any, rhs: Any, dps: int) -> bool:
    """Is arb certain that the margin of a non-strict inequality lies above minus half the
    noise that mpmath at ``dps`` digits tolerates (:func:`_noise`: the larger side's magnitude
    times ``10^-(dps-10)``; taken here at the lower end of the sides' enclosures)? mpmath's
    own error being far smaller, mpmath would then find no violation: a tie up to rounding
    (``‖x‖ <= ‖x‖`` at ``n = 1000``), which arb alone cannot call holding.

    >>> _within_noise(flint.arb(0, 1e-60), flint.arb(2), flint.arb(2), 50)
    True
    >>> _within_noise(flint.arb(-1e-30), flint.arb(2), flint.arb(2), 50)
    False
    """
    if not isinstance(margin, flint.arb):
        return False
    scale = flint.arb(0)
    for side in (lhs, rhs):
        for x in (side.ravel() if isinstance(side, np.ndarray) else [side]):
            if not isinstance(x, flint.arb) or not x.is_finite():
                return False
            low = abs(x).lower()
            if low > scale:
                scale = low
    return bool(margin > -scale * flint.arb(10) ** (-(dps - 10)) / 2)


def _arb_check(claim: Claim, layout: Layout, values: dict, indices: dict, bits: int,
               mp_margin: Any | None, dps: int | None = None,
               record: list | None = None) -> str:
    """Arb at ``bits``: ``certified`` (hypotheses hold and the violation is certain), ``holds``
    (the claim certainly holds at the point), ``contradicted`` (the enclosure of the margin
    excludes mpmath's value by a wide gap; never when ``mp_margin`` is None), ``hypothesis
    fails: H`` (certainly fails), ``hypothesis H`` (a hypothesis not certified), ``tie`` (with
    ``dps``, for a non-strict inequality: :func:`_within_noise`), or ``open``. ``record``, if
    given, receives the claim's margin enclosure."""
    with arb_prec(bits):
        ops = ArbOps()
        ev = Evaluator(ops, _env(layout, ops, values, indices))
        uncertain = _arb_hypotheses(claim, ev)
        if uncertain is not None and uncertain.startswith("hypothesis fails"):
            return uncertain
        if claim.prop.rel is Relation.PSD_LE:  # the Loewner order, by arb's PSD test
            psd = _psd(ev, claim.prop)
            if psd is True:
                return "holds"
            return uncertain or ("certified" if psd is False else "open")
        am, alhs, arhs = precise_margin(claim.prop, ev)
        if record is not None:
            record.append(am)
        if claim.prop.rel is not Relation.EQ and certain(am, claim.prop.rel, holds=True):
            return "holds"
        if uncertain:
            return uncertain
        if (am < 0) if not claim.prop.rel.strict else (am <= 0):
            return "certified"
        if (dps is not None and claim.prop.rel is not Relation.EQ
                and not claim.prop.rel.strict and _within_noise(am, alhs, arhs, dps)):
            return "tie"
        try:
            mid, rad = _exact_mpf(am.mid()), _exact_mpf(am.rad())
        except ValueError:  # an infinite or NaN enclosure says nothing
            return "open"
        if (mp_margin is not None and mp_margin < 0 and rad < abs(mp_margin) / 1000
                and mid - rad > mp_margin / 2):
            return "contradicted"
        return "open"


def hypotheses_certified(claim: Claim, layout: Layout, values: dict, indices: dict,
                         bits: int = 256) -> bool:
    """Does arb at ``bits`` certify every hypothesis of ``claim`` at the point? (A witness's
    violation certified some other way, e.g. on an exact symbolic difference, still needs it.)

    >>> from symbolic import Prop, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "=", 2 * x, (Prop(x, ">", 0),))
    >>> lay = Layout.of(c, {})
    >>> hypotheses_certified(c, lay, {x: np.array(1.0)}, {}), hypotheses_certified(
    ...     c, lay, {x: np.array(-1.0)}, {})
    (True, False)
    """
    try:
        with arb_prec(bits):
            ops = ArbOps()
            return _arb_hypotheses(claim, Evaluator(ops, _env(layout, ops, values,
                                                              indices))) is None
    except _ARB_ERRORS:
        return False


def _psd(ev: Evaluator, prop: Prop) -> bool | None:
    """Arb's three-valued test of ``lhs ⪯ rhs``: ``rhs − lhs`` symmetric and PSD (the
    Loewner order, docs/verdicts.md). Symmetric by its form
    (:func:`~numeric.backends.margins.symmetric_form`) or by exact equal entries
    (:func:`~numeric.backends.arb_linalg.is_symmetric`): ``False`` when an entry of
    ``D − Dᵀ`` is certainly nonzero, undecided when one is a ball around 0; then PSD by
    :func:`~numeric.backends.arb_linalg.is_psd`."""
    from numeric.backends.arb_linalg import is_psd, is_symmetric
    from numeric.backends.margins import symmetric_form

    d = flint.arb_mat((ev(prop.rhs) - ev(prop.lhs)).tolist())
    sym = True if symmetric_form(prop) else is_symmetric(d)
    if sym is False:
        return False
    try:
        psd = is_psd(d)
    except ValueError:  # disjoint pairs: not symmetric after all
        return False
    return psd if sym else (False if psd is False else None)


def _arb_hypotheses(claim: Claim, ev: Evaluator) -> str | None:
    """The hypotheses in arb: ``hypothesis fails: H`` for the first that certainly fails (an
    equality never: float inputs meet ``‖x‖ = 1`` only to rounding, which mpmath's tolerance
    accepts; ``A ⪯ B`` where ``B − A`` is certainly not symmetric or not PSD, :func:`_psd`),
    else ``hypothesis H`` for the first one not certified, else None (all certified)."""
    uncertain = None
    for h in claim.hypotheses:
        if h.rel is Relation.PSD_LE:
            psd = _psd(ev, h)
            if psd is False:
                return f"hypothesis fails: {expression(h)}"
            if psd is not True:
                uncertain = uncertain or f"hypothesis {expression(h)}"
            continue
        hm, _, _ = precise_margin(h, ev)
        if h.rel is not Relation.EQ and certain(hm, h.rel, holds=False):
            return f"hypothesis fails: {expression(h)}"
        if not certain(hm, h.rel, holds=True):
            uncertain = uncertain or f"hypothesis {expression(h)}"
    return uncertain


def _exact_mpf(x: Any) -> Any:
    """An exact arb (a midpoint or a radius) as an mpmath number, without rounding.

    >>> _exact_mpf(flint.arb(-2.5))
    mpf('-2.5')
    """
    man, exp = x.man_exp()
    return mpmath.mpf((int(man), int(exp)))


def ratio10(rel: Relation, lhs: Any, rhs: Any) -> float | None:
    """``log10`` of the slack ``lhs/rhs`` (``rhs/lhs`` for ``>=``) of high-precision sides;
    None for equalities, matrices, or sides that are not both positive.

    >>> ratio10(Relation.LE, mpmath.mpf(1), mpmath.mpf(100))
    -2.0
    """
    import mpmath

    if rel is Relation.EQ or rel is Relation.PSD_LE or isinstance(lhs, np.ndarray) \
            or isinstance(rhs, np.ndarray):
        return None
    small, big = (lhs, rhs) if rel.direction < 0 else (rhs, lhs)
    if not (small > 0 and big > 0):
        return None
    return float(mpmath.log10(small) - mpmath.log10(big))


def confirmed_slack(claim: Claim, conf: Confirmation) -> float | None:
    """The slack at a confirmed witness, from its high-precision values (see :func:`ratio10`);
    None where float64 cannot hold it.

    >>> from symbolic import scalar
    >>> c = Claim("t:extra-1", scalar("x"), "<=", 1)
    >>> confirmed_slack(c, Confirmation(True, True, True, "-1", "2.0", "1.0"))
    2.0
    >>> confirmed_slack(c, Confirmation(True, True, True, "-1", "1e400", "1.0")) is None
    True
    """

    try:
        s10 = ratio10(claim.rel, mpmath.mpf(conf.lhs), mpmath.mpf(conf.rhs))
    except (ValueError, TypeError):
        return None
    if s10 is None or abs(s10) >= 307:
        return None  # beyond float64: the sides at the witness say it (never a clamped 1e308)
    return 10.0**s10


def witness_json(layout: Layout, values: dict, indices: dict) -> dict[str, Any]:
    """A witness as JSON: symbol name -> number or nested lists (floats round-trip exactly)."""
    out: dict[str, Any] = {k: v for k, v in layout.dims.items()}
    for s, v in values.items():
        v = np.asarray(v, dtype=float)
        out[str(s)] = v.tolist() if v.ndim else float(v)
    for s, v in indices.items():
        out[str(s)] = int(v)
    return out


def confirm_json(claim: Claim, witness: dict[str, Any], dps: int = 50) -> Confirmation:
    """Re-confirm a JSON witness (as :func:`witness_json` writes it, numbers possibly as decimal
    strings) against ``claim``: the round trip the errata's witnesses must survive.

    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", x, "<=", 1)
    >>> confirm_json(c, {"x": "1.5"}).violated
    True
    """
    names = {symbol_name(s) for s in claim.symbols}
    dims = {k: int(v) for k, v in witness.items() if k in ("n", "d") or (
        isinstance(v, int) and not isinstance(v, bool) and k not in names)}
    layout = Layout.of(claim, dims)
    values: dict[Any, Any] = {}
    for s in layout.symbols:
        raw = witness[symbol_name(s)]
        values[s] = np.array(raw, dtype=float) if not isinstance(raw, str) else np.array(
            float(raw))
    # validated by confirm, not cast
    indices = {i: witness[symbol_name(i)] for i in layout.indices}
    return confirm(claim, layout, values, indices, dps=dps)
