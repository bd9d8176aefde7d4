"""Propositions: a relation ``lhs REL rhs`` without an id (a hypothesis, or a claim's body),
and the checks every expression passes when it is built.

Example:
    >>> from symbolic.objects import scalar
    >>> str(Prop(scalar("x"), "<=", 1))
    'x <= 1'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from symbolic import hooks
from symbolic.objects import is_matrix, symbols_of
from symbolic.relation import Relation

_NON_FINITE = (type(sp.nan), type(sp.zoo), type(sp.oo), type(-sp.oo))


def _differ(a: Any, b: Any) -> bool:
    return sp.expand(sp.sympify(a) - sp.sympify(b)) != 0


def check_expression(e: sp.Basic) -> None:
    """Raise ValueError for a non-finite constant (NaN, ±oo) or incompatible shapes.

    SymPy builds ``A * x`` with symbolic shapes ``(n, d)`` and ``(n, 1)`` without complaint;
    this check names the mismatch.

    >>> from symbolic.objects import matrix, vector, n, d
    >>> check_expression(matrix("A", n, d) * vector("x", n))
    Traceback (most recent call last):
    ...
    ValueError: shape mismatch in A*x: (n, d) times (n, 1)
    """
    from symbolic import objects as ob
    from symbolic.walk import unsupported_construct

    if _is_checked(e):
        return
    why = unsupported_construct(e)
    if why:
        raise ValueError(why)
    seen: list[sp.Basic] = []
    walk = sp.preorder_traversal(e)
    for node in walk:
        if node is not e and _is_checked(node):
            walk.skip()  # a subtree checked before (a mutant shares all but one path)
            continue
        if node.args:
            seen.append(node)
        if isinstance(node, _NON_FINITE):
            raise ValueError(f"non-finite constant {node} in {e}")
        if isinstance(node, sp.MatrixSymbol):
            free = set().union(*(sp.sympify(k).free_symbols for k in node.shape))
            unknown = free - set(ob.DIMS.values())
            if unknown:
                raise ValueError(f"the shape of {node} uses {sorted(map(str, unknown))[0]}, "
                                 "which is not a dimension (declare it with dim(...))")
        elif isinstance(node, sp.MatMul):
            mats = [a for a in node.args if is_matrix(a)]
            for k in range(len(mats) - 1):
                a, b = mats[k], mats[k + 1]
                if _differ(a.shape[1], b.shape[0]):
                    raise ValueError(f"shape mismatch in {node}: {_shape(a)} times {_shape(b)}")
        elif isinstance(node, (sp.MatAdd, sp.HadamardProduct)):
            first = node.args[0]
            for a in node.args[1:]:
                if is_matrix(a) and is_matrix(first) and any(
                        _differ(s, t) for s, t in zip(first.shape, a.shape)):
                    raise ValueError(f"shape mismatch in {node}: {_shape(first)} and "
                                     f"{_shape(a)}")
        elif isinstance(node, ob.Inner):
            u, v = node.args
            if is_matrix(u) and is_matrix(v) and any(_differ(s, t)
                                                     for s, t in zip(u.shape, v.shape)):
                raise ValueError(f"shape mismatch in <{u}, {v}>: {_shape(u)} and {_shape(v)}")
    if len(_CHECKED) > _CHECKED_MAX:
        _CHECKED.clear()
    _CHECKED.update(seen)


#: composite expressions that passed :func:`check_expression` (each check depends on the
#: subtree alone), so that a subtree met again is not walked again
_CHECKED: set[sp.Basic] = set()
_CHECKED_MAX = 200_000


#: the most decimal digits Python prints of an integer (``sys.get_int_max_str_digits``)
MAX_DIGITS = 4300


def oversized(e: Any) -> int | None:
    """The decimal digits of the largest integer in ``e`` (a numerator or denominator) when
    it has more than :data:`MAX_DIGITS`, else None.

    >>> oversized(sp.Integer(10)**5000 + sp.Symbol("x")), oversized(sp.Rational(1, 3))
    (5001, None)
    """
    most = 0
    for node in sp.preorder_traversal(sp.sympify(e)) if isinstance(e, sp.Basic) else ():
        if isinstance(node, sp.Rational):
            for k in (int(node.p), int(node.q)):
                bits = abs(k).bit_length()
                if bits > MAX_DIGITS * 3:  # 3 bits per digit and a little more: exact below
                    most = max(most, len(_digits(abs(k))))
    return most or None


def _digits(k: int) -> str:
    import sys

    old = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(0)
        return str(k)
    finally:
        sys.set_int_max_str_digits(old)


def printable(e: Any) -> Any:
    """``e`` with each integer of more than :data:`MAX_DIGITS` digits shown as its number of
    digits (Python refuses to print it: the printers would raise).

    >>> str(printable(sp.Integer(10)**5000 * sp.Symbol("x")))
    '<an integer of 5001 digits>*x'
    """
    if not isinstance(e, sp.Basic) or oversized(e) is None:
        return e
    swap = {}
    for node in sp.preorder_traversal(e):
        if isinstance(node, sp.Rational) and oversized(node):
            swap[node] = sp.Symbol(f"<an integer of {oversized(node)} digits>")
    return e.xreplace(swap)


def _is_checked(e: sp.Basic) -> bool:
    try:
        return e in _CHECKED
    except TypeError:  # an unhashable node: check it
        return False


def _sympify_side(e: Any) -> Any:
    """A side of a relation as a SymPy object; a relation or a boolean is an error naming it."""
    from sympy.logic.boolalg import BooleanAtom, BooleanFunction

    if isinstance(e, (bool, BooleanAtom, BooleanFunction)) or (
            isinstance(e, sp.Basic) and e.is_Relational):
        raise ValueError(f"a side of a relation is itself a relation or a truth value ({e}); "
                         "write one relation per Prop, or use chain(...)")
    try:
        return sp.sympify(e)
    except (sp.SympifyError, TypeError) as exc:
        raise ValueError(f"cannot read {e!r} as an expression: {exc}") from None


def _shape(m: Any) -> str:
    return "(" + ", ".join(str(s) for s in m.shape) + ")"


def check_ranges(dims: Any, ranges: Any) -> None:
    """Raise ValueError unless ``dims`` maps names to integer ranges ``1 <= lo <= hi`` and
    ``ranges`` maps names to real ranges ``lo <= hi`` (no NaN).

    >>> check_ranges({"n": (0, 3)}, {})
    Traceback (most recent call last):
    ...
    ValueError: dims['n'] = (0, 3): sizes must be integers with 1 <= lo <= hi
    """
    import math

    for what, table, integral in (("dims", dims, True), ("ranges", ranges, False)):
        if not isinstance(table, dict):
            raise ValueError(f"{what} must be a dict of (lo, hi) pairs, got "
                             f"{type(table).__name__}")
        for key, val in table.items():
            ok = isinstance(key, str) and isinstance(val, (tuple, list)) and len(val) == 2
            if ok and integral:
                ok = all(isinstance(v, int) and not isinstance(v, bool) for v in val) and (
                    1 <= val[0] <= val[1])
            elif ok:
                try:
                    lo, hi = (float(v) for v in val)
                except (TypeError, ValueError):
                    ok = False
                else:
                    ok = not (math.isnan(lo) or math.isnan(hi)) and lo <= hi
            if not ok:
                need = ("sizes must be integers with 1 <= lo <= hi" if integral
                        else "need numbers lo <= hi (no NaN)")
                raise ValueError(f"{what}[{key!r}] = {val!r}: {need}")


@dataclass(frozen=True)
class Prop:
    """A relation ``lhs REL rhs`` without an id: a hypothesis, or a claim's body."""

    lhs: Any
    rel: Relation
    rhs: Any
    #: how the relation was written when that differs from ``lhs rel rhs`` (``b != 0``, a
    #: disjunction): shown by ``str`` and LaTeX, not compared
    written: str = field(default="", compare=False)
    written_expr: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lhs", _sympify_side(self.lhs))
        object.__setattr__(self, "rhs", _sympify_side(self.rhs))
        if isinstance(self.rel, str) and self.rel.strip() in ("!=", "≠"):
            # a != b is |a - b| > 0: a relation every back end already decides
            if is_matrix(self.lhs) or is_matrix(self.rhs):
                raise ValueError(f"!= needs scalar sides: {self.lhs} != {self.rhs}")
            lhs, rhs = self.lhs, self.rhs
            object.__setattr__(self, "lhs", sp.Abs(lhs - rhs))
            object.__setattr__(self, "rel", Relation.GT)
            object.__setattr__(self, "rhs", sp.Integer(0))
            if not self.written:
                object.__setattr__(self, "written", f"{lhs} != {rhs}")
                object.__setattr__(self, "written_expr", sp.Ne(lhs, rhs, evaluate=False))
        if isinstance(self.rel, str):
            object.__setattr__(self, "rel", Relation.parse(self.rel))
        elif not isinstance(self.rel, Relation):
            raise ValueError(f"not a relation: {self.rel!r} (use one of = <= < >= > != ⪯)")
        lm, rm = is_matrix(self.lhs), is_matrix(self.rhs)
        if self.rel is Relation.PSD_LE:
            if not (lm and rm):
                raise ValueError("⪯ needs matrices on both sides")
        elif lm != rm and self.rel is Relation.EQ:
            raise ValueError(f"cannot compare a matrix with a scalar: {self.lhs} = {self.rhs}")
        elif (lm or rm) and self.rel is not Relation.EQ:
            raise ValueError(f"an inequality needs scalar sides: {self.lhs} {self.rel.value} ...")
        if lm and rm and self.lhs.shape != self.rhs.shape:
            raise ValueError(f"shape mismatch: {self.lhs.shape} vs {self.rhs.shape}")
        check_expression(self.lhs)
        check_expression(self.rhs)

    @property
    def symbols(self) -> set[sp.Basic]:
        """Free scalar and matrix symbols (dimensions excluded)."""
        return symbols_of(self.lhs) | symbols_of(self.rhs)

    def __str__(self) -> str:
        # computed once per (immutable) Prop: SymPy's printer is slow, and a paper's claims
        # share their hypotheses, so a report prints the same Prop many times
        text = self.__dict__.get("_str")
        if text is None:
            try:
                text = self.written or f"{self.lhs} {self.rel.value} {self.rhs}"
            except ValueError:  # an integer too long to print
                text = f"{printable(self.lhs)} {self.rel.value} {printable(self.rhs)}"
            self.__dict__["_str"] = text
        return text

    def _repr_latex_(self) -> str | None:
        return hooks.latex_of(self)  # registered by symbolic.latex


def adopt_text(prop: Prop, text: str) -> None:
    """Give ``prop`` the ``str`` that another process printed for an equal proposition (a
    worker's copy), so that it is not printed again here.

    >>> from symbolic.objects import scalar
    >>> p = Prop(scalar("x"), "<=", 1)
    >>> adopt_text(p, str(Prop(scalar("x"), "<=", 1))); str(p)
    'x <= 1'
    """
    prop.__dict__.setdefault("_str", text)
