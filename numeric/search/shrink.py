"""Shrinking a confirmed witness, Hypothesis-style: towards the lowest dimension, small
integers, simple values (0, ±1, ±2, ±1/2, powers of ten) and fewer significant digits, while
the violation stays confirmed.

Every accepted step is re-confirmed from its JSON form (:func:`numeric.search.confirm.confirm_json`:
mpmath at 50 and 100 digits, then arb); a witness that arb certified stays arb-certified. A
float64 evaluation screens out the candidates that clearly satisfy the claim or break a
hypothesis, so that confirmations go to candidates that may violate. The cost is bounded by
counts, not by time, so that the result is the same on every machine: at most
:data:`MAX_CONFIRMS` confirmations and :data:`MAX_SCREENS` float evaluations per witness.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> c = Claim("t:extra-1", sp.exp(x), ">=", -x - 1000)
    >>> s = shrink(c, {"x": -3797168.431527624}, rigorous=True)
    >>> s.witness, s.confirmation.rigorous
    ({'x': -2000.0}, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy as sp

from numeric.backends.margins import batch_margin, holds
from numeric.backends.numpy_batch import NumpyOps
from numeric.layout import Layout, symbol_name
from numeric.search.confirm import Confirmation, confirm_json, confirmed_slack
from symbolic.claim import Claim
from symbolic.relation import Relation
from symbolic.verdict import Status, Verdict
from symbolic.walk import Evaluator, Unsupported

MAX_CONFIRMS = 200
MAX_SCREENS = 4000
DEFAULT_DIM_RANGE = (1, 8)
_ERRORS = (Unsupported, ValueError, ZeroDivisionError, TypeError, KeyError, IndexError,
           OverflowError, ArithmeticError)


@dataclass
class Shrunk:
    """The smallest witness found, its confirmation and what it cost."""

    witness: dict[str, Any]
    confirmation: Confirmation
    confirmations: int = 0
    screens: int = 0
    steps: list[str] = field(default_factory=list)


SIMPLE = (0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5)


def simple_values(x: float) -> list[float]:
    """Simpler values to try in place of ``x``, simplest first: :data:`SIMPLE`, then ``x``
    rounded to an integer and to 1, 2, 3, 4, 6, 8 significant digits (powers of ten are
    reached by :func:`_magnitudes`).

    >>> simple_values(-37.25)
    [0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, -37.0, -40.0, -37.2]
    >>> simple_values(3.4e-80)[-2:]
    [-0.5, 3e-80]
    """
    out = list(SIMPLE)
    if x != 0 and math.isfinite(x):
        if abs(x) < 1e15:
            out.append(float(round(x)))
        for digits in (1, 2, 3, 4, 6, 8):
            out.append(float(f"{x:.{digits}g}"))
    seen: list[float] = []
    for v in out:
        if v != x and math.isfinite(v) and v not in seen:
            seen.append(v)
    return seen


def _magnitudes(x: float, ok: Any) -> bool:
    """Move ``x`` to the power of ten nearest 1 that still violates (bisection on the
    exponent, assuming the violation is monotone in it), then, above 1, to the smallest
    leading digit: ``-3797168.4`` becomes ``-2000`` for ``exp(x) >= -x - 1000``. ``ok(v)``
    tries ``v`` in place of ``x`` (and keeps it when it violates)."""
    if x == 0 or not math.isfinite(x) or 0.1 < abs(x) < 10:
        return False
    sign = math.copysign(1.0, x)
    e = math.log10(abs(x))
    far = math.ceil(e) if e > 0 else math.floor(e)
    if sign * 10.0 ** far != x and not ok(sign * 10.0 ** far):
        far = math.floor(e) if e > 0 else math.ceil(e)
        if far == 0 or (sign * 10.0 ** far != x and not ok(sign * 10.0 ** far)):
            return False
    near = 0  # 10**0 = 1 is among the simple values, already tried
    while abs(far - near) > 1:
        mid = (far + near) // 2 if far > 0 else -((-far - near) // 2)
        if ok(sign * 10.0 ** mid):
            far = mid
        else:
            near = mid
    if far > 0:
        for m in range(2, 10):
            if ok(sign * m * 10.0 ** (far - 1)):
                break
    return True


class _Shrinker:
    def __init__(self, claim: Claim, rigorous: bool, max_confirms: int, max_screens: int):
        self.claim, self.rigorous = claim, rigorous
        self.max_confirms, self.max_screens = max_confirms, max_screens
        self.confirms = self.screens = 0
        self.steps: list[str] = []
        #: points tried: whether each passed the screen, and its confirmation
        self._memo: dict[str, tuple[bool, Confirmation | None]] = {}
        # values to simplify; an index keeps its value (it is an integer in its range)
        self.names = {str(s) for s in claim.symbols
                      if not (isinstance(s, sp.Symbol) and s.is_integer)}

    @property
    def spent(self) -> bool:
        return self.confirms >= self.max_confirms or self.screens >= self.max_screens

    def layout(self, w: dict[str, Any]) -> Layout:
        return Layout.of(self.claim, {k: int(v) for k, v in w.items()
                                      if k in ("n", "d") and k not in self.names})

    def screen(self, w: dict[str, Any]) -> bool:
        """False when float64 is clear that ``w`` breaks a hypothesis or satisfies the claim."""
        self.screens += 1
        try:
            lay = self.layout(w)
            vals = {s: np.array([w[symbol_name(s)]], dtype=float) for s in lay.symbols}
            idx = {i: np.array([int(w[symbol_name(i)])]) for i in lay.indices}
            ev = Evaluator(NumpyOps(), lay.env(vals, idx))
            with np.errstate(all="ignore"):
                for h in self.claim.hypotheses:
                    m = np.asarray(batch_margin(h, ev)[0], dtype=float).ravel()
                    if np.all(np.isfinite(m)) and not bool(np.all(holds(h, m, tol=1e-9))):
                        return False
                m = np.asarray(batch_margin(self.claim.prop, ev)[0], dtype=float).ravel()
        except _ERRORS:
            return True  # let the high-precision confirmation decide
        if not np.all(np.isfinite(m)):
            return True
        if self.claim.rel is Relation.EQ:
            return True  # float64 cannot tell a small mismatch from rounding
        return bool(np.all(m <= 1e-9))

    def confirmed(self, w: dict[str, Any]) -> Confirmation | None:
        """``w``'s confirmation if it passes the screen and still violates (arb-certified
        when :attr:`rigorous`), else None. A point tried before (a later pass tries the
        same simplifications again) is counted again, screen and confirmation alike, so
        that the bounds are spent as if it were evaluated, but its outcome is reused: both
        are functions of the point alone (:meth:`_outcome`)."""
        if self.spent:
            return None
        passed, conf = self._outcome(w)
        if not passed:
            return None
        if conf is not None and conf.violated and (conf.rigorous or not self.rigorous):
            return conf
        return None

    def _outcome(self, w: dict[str, Any]) -> tuple[bool, Confirmation | None]:
        """Whether ``w`` passes the screen and, if so, its confirmation (None where
        :func:`confirm_json` raised), counting one screen and, past it, one confirmation;
        from :attr:`_memo` for a point already tried."""
        key = _point_key(w)
        known = self._memo.get(key) if key is not None else None
        if known is not None:
            self.screens += 1
            if known[0]:
                self.confirms += 1
            return known
        passed, conf = self.screen(w), None
        if passed:
            self.confirms += 1
            try:
                conf = confirm_json(self.claim, w)
            except _ERRORS:
                conf = None
        if key is not None:
            self._memo[key] = (passed, conf)
        return passed, conf


def _point_key(w: dict[str, Any]) -> str | None:
    """A key that tells points apart exactly (``repr`` of Python floats round-trips; ints,
    ``-0.0`` and key order are kept), or None for a point holding a NaN or anything but
    Python numbers and lists of them (never memoised).

    >>> _point_key({"n": 1, "x": [[-0.0], [0.1]]})
    "{'n': 1, 'x': [[-0.0], [0.1]]}"
    >>> _point_key({"x": float("nan")}) is None
    True
    """
    def plain(v: Any) -> bool:
        if isinstance(v, list):
            return all(plain(e) for e in v)
        return type(v) is int or (type(v) is float and v == v)

    if not all(type(k) is str and plain(v) for k, v in w.items()):
        return None
    return repr(w)


def _truncate(value: Any, shape: tuple[int, ...]) -> Any:
    arr = np.asarray(value, dtype=float)
    return arr[: shape[0], : shape[1]].tolist()


def shrink(claim: Claim, witness: dict[str, Any], rigorous: bool,
           max_confirms: int = MAX_CONFIRMS, max_screens: int = MAX_SCREENS) -> Shrunk | None:
    """The simplest witness reachable from ``witness`` (a JSON witness, as
    :func:`numeric.search.confirm.witness_json` writes it) that still violates ``claim`` when
    re-confirmed (arb-certified if ``rigorous``). None when ``witness`` itself does not
    re-confirm from JSON (e.g. a function the mpmath back end does not walk) or holds decimal
    strings."""
    if any(isinstance(v, str) for v in witness.values()):
        return None
    sh = _Shrinker(claim, rigorous, max_confirms, max_screens)
    current = dict(witness)
    sh.confirms += 1
    try:
        conf = confirm_json(claim, current)
    except _ERRORS:
        return None
    if not conf.violated or (rigorous and not conf.rigorous):
        return None

    def accept(w: dict[str, Any], what: str) -> bool:
        nonlocal current, conf
        c = sh.confirmed(w)
        if c is None:
            return False
        current, conf = w, c
        sh.steps.append(what)
        sh.rigorous = sh.rigorous or c.rigorous  # once arb certifies a step, keep it certified
        return True

    _shrink_dims(sh, claim, current, accept)
    for _ in range(4):  # passes until nothing changes
        before = dict(current)
        _shrink_symbols(sh, current, accept)
        _shrink_products(sh, current, accept)
        _shrink_entries(sh, current, accept)
        if current == before or sh.spent:
            break
    return Shrunk(current, conf, sh.confirms, sh.screens, sh.steps)


def _shrink_dims(sh: _Shrinker, claim: Claim, start: dict[str, Any], accept: Any) -> None:
    """The lowest dimension at which the violation survives (arrays truncated)."""
    current = start
    for name in ("n", "d"):
        if name not in current or name in sh.names:
            continue
        lo = claim.dims.get(name, DEFAULT_DIM_RANGE)[0]
        for k in range(int(lo), int(current[name])):
            w = dict(current)
            w[name] = k
            try:
                lay = sh.layout(w)
            except _ERRORS:
                continue
            for s in lay.symbols:
                if lay.shapes[s]:
                    w[str(s)] = _truncate(current[str(s)], lay.shapes[s])
            for i, top in lay.indices.items():
                w[str(i)] = min(int(current[str(i)]), int(top))
            if accept(w, f"{name} = {k}"):
                current = w
                start.clear()
                start.update(w)
                break


def _symbols(w: dict[str, Any], sh: _Shrinker) -> list[str]:
    return [k for k in w if k in sh.names and not isinstance(w[k], int)]


def _groups(w: dict[str, Any], sh: _Shrinker) -> list[list[str]]:
    """Symbols with equal values move together (a witness on the equality set ``u = w``
    stays on it).

    >>> sh = _Shrinker.__new__(_Shrinker); sh.names = {"u", "w", "x"}
    >>> _groups({"n": 2, "u": [[1.5], [2.0]], "w": [[1.5], [2.0]], "x": 3.0}, sh)
    [['u', 'w'], ['x']]
    """
    out: list[list[str]] = []
    for k in _symbols(w, sh):
        for g in out:
            if np.array_equal(np.asarray(w[g[0]], dtype=float), np.asarray(w[k], dtype=float)):
                g.append(k)
                break
        else:
            out.append([k])
    return out


def _shrink_symbols(sh: _Shrinker, current: dict[str, Any], accept: Any) -> None:
    """Whole symbols: zero, then every entry to 1, 2, 3 significant digits."""
    for group in _groups(current, sh):
        name = group[0]
        arr = np.asarray(current[name], dtype=float)
        if arr.ndim == 0:
            continue
        trials = [(np.zeros_like(arr), "0")]
        trials.append((np.sign(arr), "signs of its entries"))
        trials.append((np.round(arr / 2), "half, rounded"))
        for digits in (1, 2, 3):
            r = np.vectorize(lambda v, k=digits: float(f"{v:.{k}g}"))(arr)
            trials.append((r, f"{digits} significant digits"))
        for new, what in trials:
            if np.array_equal(new, arr):
                continue
            w = dict(current)
            for g in group:
                w[g] = new.tolist()
            if accept(w, f"{', '.join(group)}: {what}"):
                current.update(w)
                break


def _shrink_products(sh: _Shrinker, current: dict[str, Any], accept: Any) -> None:
    """Two symbols at opposite extremes (``‖A‖ ~ 1e-80``, ``‖v‖ ~ 1e80``) scaled towards 1
    together, by powers of ten, keeping their product."""
    names = _symbols(current, sh)
    for a in names:
        for b in names:
            if a == b:
                continue
            for _ in range(12):
                ma = float(np.max(np.abs(np.asarray(current[a], dtype=float))))
                mb = float(np.max(np.abs(np.asarray(current[b], dtype=float))))
                if not (ma > 1 and 0 < mb < 1):
                    break
                k = min(math.floor(math.log10(ma)), -math.ceil(math.log10(mb)))
                done = False
                for step in sorted({k, max(1, k // 2), 1}, reverse=True):
                    if step < 1:
                        continue
                    w = dict(current)
                    w[a] = _scaled(current[a], 10.0 ** -step)
                    w[b] = _scaled(current[b], 10.0 ** step)
                    if accept(w, f"{a} / 1e{step}, {b} * 1e{step}"):
                        current.update(w)
                        done = True
                        break
                if not done:
                    break


def _scaled(value: Any, factor: float) -> Any:
    arr = np.asarray(value, dtype=float) * factor
    return arr.tolist() if arr.ndim else float(arr)


def _shrink_entries(sh: _Shrinker, current: dict[str, Any], accept: Any) -> None:
    """Entry by entry: a simple value, else the nearest power of ten to 1 and the smallest
    leading digit, then fewer significant digits, each kept only if the violation is."""
    for group in _groups(current, sh):
        name = group[0]
        arr = np.asarray(current[name], dtype=float)
        for pos in np.ndindex(arr.shape):
            if sh.spent:
                return

            def ok(v: float, pos: tuple = pos, group: list = group) -> bool:
                nonlocal arr
                if v == arr[pos]:
                    return True
                new = np.array(arr)
                new[pos] = v
                w = dict(current)
                for g in group:
                    w[g] = new.tolist() if new.ndim else float(new)
                if accept(w, f"{', '.join(group)}{list(pos) if pos else ''} = {v:g}"):
                    current.update(w)
                    arr = new
                    return True
                return False

            here = float(arr[pos])
            if here in SIMPLE:  # only a simpler simple value (no 1 -> -1 -> 1 cycles)
                any(ok(v) for v in SIMPLE[: SIMPLE.index(here)])
                continue
            if any(ok(v) for v in SIMPLE):
                continue
            _magnitudes(float(arr[pos]), ok)
            for v in simple_values(float(arr[pos]))[len(SIMPLE):]:
                if ok(v):
                    break


def shrink_verdict(claim: Claim, v: Verdict, max_confirms: int = MAX_CONFIRMS) -> Verdict:
    """``v`` (a ``refuted`` verdict with a witness) with its witness shrunk: the shrunk one
    as ``witness`` and ``details["shrunk_witness"]``, the original in
    ``details["original_witness"]``, the cost in ``details["shrink"]``. Other verdicts, and
    witnesses that do not re-confirm from JSON, are returned unchanged (with the reason in
    ``details["shrink"]``)."""
    if v.status is not Status.REFUTED or not v.witness:
        return v
    try:
        s = shrink(claim, v.witness, rigorous=v.rigorous, max_confirms=max_confirms)
    except _ERRORS as exc:  # shrinking never costs a finding
        v.details["shrink"] = {"error": f"{type(exc).__name__}: {exc}"}
        return v
    if s is None:
        v.details["shrink"] = {"skipped": "the witness does not re-confirm from its JSON form "
                               "(or holds decimal strings); kept as found"}
        return v
    v.details["original_witness"] = v.witness
    v.details["shrunk_witness"] = s.witness
    v.details["shrink"] = {"confirmations": s.confirmations, "float_screens": s.screens,
                           "steps": len(s.steps)}
    if s.steps:
        v.witness = s.witness
        v.message += (f"; shrunk witness ({len(s.steps)} steps): lhs={s.confirmation.lhs}, "
                      f"rhs={s.confirmation.rhs}")
        v.details["witness_sides"] = {"lhs": s.confirmation.lhs, "rhs": s.confirmation.rhs}
        if claim.rel not in (Relation.EQ, Relation.PSD_LE):
            v.slack = confirmed_slack(claim, s.confirmation)  # at the witness shown
        if s.confirmation.rigorous and not v.rigorous:
            # arb could not certify the violation where it was found, but it certifies the
            # simpler point the shrinker reached: that point is the refutation's witness
            v.rigorous = True
            v.method = v.method.replace("confirmed by mpmath", "confirmed by arb at the "
                                        "shrunk witness")
            v.details.setdefault("notes", []).append(
                "certified by arb at the shrunk witness (not at the witness first found)")
    return v
