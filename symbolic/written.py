"""Claims as researchers write them: SymPy relationals, ``Ne``/``Or``/``And``, chains of
inequalities, strings such as ``"0 < u < v < 1"``, and symbol assumptions.

Everything is brought to :class:`~symbolic.claim.Prop` (``lhs REL rhs`` with ``REL`` one of
``= <= < >= > ⪯``), the one form every back end reads:

- ``x > 0``, ``Ge(a, b)``, ``Eq(a, b)``: one :class:`Prop` each;
- ``And(p, q)``, a list, or :func:`chain`: several hypotheses;
- ``Ne(a, b)`` (or ``"a != b"``): ``|a - b| > 0``;
- ``Or(p, q, ...)``: one :class:`Prop` that holds exactly when a branch holds. Each branch is
  ``g > 0`` or ``g >= 0`` (``a <= b`` is ``b - a >= 0``); branches of one kind combine as
  ``Max(g1, g2, ...) > 0`` (``>= 0``); mixed ones as ``Max(s1, s2, ...) > 0`` with
  ``s = sign(g)`` for a strict branch and ``1 + sign(g)`` for a non-strict one;
- ``Symbol("x", positive=True)`` (also ``nonnegative``, ``negative``, ``nonpositive``,
  ``nonzero``): the hypothesis ``x > 0`` (``>= 0``, ``< 0``, ``<= 0``, ``!= 0``) unless a listed
  hypothesis already bounds ``x`` that way.

Python evaluates ``0 < u < v`` as ``(0 < u) and (u < v)``, which SymPy cannot do (it raises
``TypeError``): write ``chain(0, "<", u, "<", v)`` or the string ``"0 < u < v"``.

Example:
    >>> import sympy as sp
    >>> u, v = sp.symbols("u v", real=True)
    >>> [str(p) for p in to_props(chain(0, "<", u, "<", v, "<=", 1))]
    ['0 < u', 'u < v', 'v <= 1']
    >>> [str(p) for p in to_props("0 < u < v < 1", {"u": u, "v": v})]
    ['0 < u', 'u < v', 'v < 1']
    >>> str(to_props(sp.Ne(u, 0))[0]), to_props(sp.Ne(u, 0))[0].lhs
    ('u != 0', Abs(u))
    >>> str(to_props(sp.Or(u < -1, u > 1))[0])
    'u > 1 or u < -1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import sympy as sp
from sympy.core.relational import Relational

from symbolic.objects import DIMS, is_matrix, symbols_of
from symbolic.relation import Relation

CHAIN_HINT = ('Python reads "a < b < c" as "(a < b) and (b < c)", which SymPy cannot decide: '
              'write chain(a, "<", b, "<", c) or the string "a < b < c"')


def _install_chain_hint() -> None:
    """SymPy's "cannot determine truth value of Relational" (what ``[0 < u < v]`` raises, in the
    caller's code, before proofcheck sees it) gets :data:`CHAIN_HINT` appended: still a
    ``TypeError``, now saying what to write."""
    original = Relational.__bool__
    if getattr(original, "_proofcheck_hint", False):
        return

    def __bool__(self: Relational) -> bool:
        try:
            return original(self)
        except TypeError as exc:
            raise TypeError(f"{exc}. If this is a chained comparison in a hypothesis: "
                            f"{CHAIN_HINT}") from None

    __bool__._proofcheck_hint = True  # type: ignore[attr-defined]
    Relational.__bool__ = __bool__  # type: ignore[method-assign]


_install_chain_hint()

_SYMPY_REL = {sp.Eq: "=", sp.Le: "<=", sp.Lt: "<", sp.Ge: ">=", sp.Gt: ">", sp.Ne: "!="}
#: Relation tokens in strings, longest first; ``=>`` and ``=<`` are rejected with a hint.
_REL_TOKEN = re.compile(r"(<=|>=|==|!=|=>|=<|≤|≥|≠|⪯|<|>|=)")


class Written(str):
    """A chain written as one string (``chain("0 < u < v")``), read when the claim it belongs to
    is built, against that claim's names (so ``u`` is the claim's ``u``)."""


def chain(*items: Any) -> tuple[Any, ...]:
    """A chain ``a REL b REL c ...`` (``chain(0, "<", u, "<", v, "<", 1)``), as the tuple of
    its links ``(a REL b, b REL c, ...)``, each a :class:`~symbolic.claim.Prop`; or one string,
    ``chain("0 < u < v")``, read when the claim is built (with its names).

    >>> import sympy as sp
    >>> from symbolic import Claim, scalar
    >>> u, v = scalar("u"), scalar("v")
    >>> [str(h) for h in Claim("t:extra-1", u**2, "<", v**2, chain("0 < u < v")).hypotheses]
    ['0 < u', 'u < v']

    >>> import sympy as sp
    >>> [str(p) for p in chain(0, "<=", sp.Symbol("t"), "<", 1)]
    ['0 <= t', 't < 1']
    >>> chain(0, "<")
    Traceback (most recent call last):
    ...
    ValueError: chain(a, REL, b, REL, c, ...) needs an odd number (>= 3) of items, got 2
    """
    from symbolic.prop import Prop

    if len(items) == 1 and isinstance(items[0], str):
        return (Written(items[0]),)  # read against the claim's names when it is built
    if len(items) < 3 or len(items) % 2 == 0:
        raise ValueError("chain(a, REL, b, REL, c, ...) needs an odd number (>= 3) of items, "
                         f"got {len(items)}")
    out = []
    for k in range(0, len(items) - 2, 2):
        rel = items[k + 1]
        if not isinstance(rel, (str, Relation)):
            raise ValueError(f"chain: item {k + 2} must be a relation such as '<=', got {rel!r}")
        out.append(Prop(items[k], rel, items[k + 2]))
    return tuple(out)


def parse_relations(text: str, names: Mapping[str, Any] | None = None) -> list[Any]:
    """Props from a string such as ``"0 < u < v <= 1"`` or ``"exp(x) >= 1 + x"``.

    Each side is read by SymPy's ``parse_expr`` (``^`` is a power); a name in ``names`` is that
    object, any other name a real scalar. ``=>`` is rejected (write ``>=``).

    >>> parse_relations("x => 0")
    Traceback (most recent call last):
    ...
    ValueError: unknown relation '=>' in 'x => 0': write '>='
    """
    from sympy.parsing.sympy_parser import (
        convert_xor,
        implicit_multiplication_application,
        parse_expr,
        standard_transformations,
    )

    from symbolic.prop import Prop

    parts = _REL_TOKEN.split(text)
    if len(parts) < 3:
        raise ValueError(f"no relation in {text!r}: write e.g. 'x >= 0' or '0 < u < v'")
    for k in range(1, len(parts), 2):
        if parts[k] in ("=>", "=<"):
            good = ">=" if parts[k] == "=>" else "<="
            raise ValueError(f"unknown relation {parts[k]!r} in {text!r}: write {good!r}")
    local: dict[str, Any] = {}
    for name, obj in (names or {}).items():
        local[name] = obj
    trans = (*standard_transformations, convert_xor, implicit_multiplication_application)

    def side(src: str) -> Any:
        src = src.strip()
        if not src:
            raise ValueError(f"empty side of a relation in {text!r}")
        for m in re.finditer(r"[A-Za-z_][A-Za-z_0-9]*", src):
            tok = m.group(0)
            called = src[m.end():].lstrip().startswith("(")
            if tok in local or tok in _CONSTANTS or (called and hasattr(sp, tok)):
                continue
            local[tok] = sp.Symbol(tok, real=True)  # beta, gamma, ...: variables, not functions
        try:
            return parse_expr(src, local_dict=local, transformations=trans)
        except (SyntaxError, TypeError, ValueError) as exc:
            raise ValueError(f"cannot read {src!r} in {text!r}: {exc}") from None

    values = [side(parts[k]) for k in range(0, len(parts), 2)]
    out = []
    for k in range(len(values) - 1):
        out.append(Prop(values[k], _ALIASES.get(parts[2 * k + 1], parts[2 * k + 1]),
                        values[k + 1]))
    return out


_CONSTANTS = ("pi", "E", "oo")
_ALIASES = {"==": "=", "≤": "<=", "≥": ">=", "≠": "!="}


def names_of(objs: Iterable[Any]) -> dict[str, Any]:
    """Symbols (and dimensions) of ``objs`` by name, to read strings against."""
    out: dict[str, Any] = dict(DIMS)
    for o in objs:
        for e in _exprs_of(o):
            for s in symbols_of(e):
                out.setdefault(str(s), s)
    return out


def _exprs_of(o: Any) -> list[Any]:
    if hasattr(o, "lhs") and hasattr(o, "rhs"):
        return [o.lhs, o.rhs]
    if isinstance(o, sp.Basic):
        return [o]
    if isinstance(o, (list, tuple)):
        return [e for x in o for e in _exprs_of(x)]
    return []


def to_props(obj: Any, names: Mapping[str, Any] | None = None) -> list[Any]:
    """The :class:`~symbolic.claim.Prop` list that ``obj`` states (see the module docstring).

    ``obj``: a Prop, a SymPy relational, ``Ne``, ``And``, ``Or``, ``True``, a string, or a
    list/tuple of these (flattened). ``False`` (a hypothesis SymPy already found false) is an
    error, ``True`` states nothing.
    """
    from symbolic.prop import Prop

    if isinstance(obj, Prop):
        return [obj]
    if isinstance(obj, str):
        return parse_relations(obj, names)
    if isinstance(obj, (list, tuple)):
        return [p for o in obj for p in to_props(o, names)]
    if obj is True or obj is sp.true:
        return []
    if obj is False or obj is sp.false:
        raise ValueError("a hypothesis is False as written (SymPy decided it from the symbols' "
                         "assumptions before proofcheck saw it)")
    if isinstance(obj, sp.And):
        return [p for a in obj.args for p in to_props(a, names)]
    if isinstance(obj, sp.Or):
        return [_disjunction(obj)]
    if isinstance(obj, sp.Ne):
        return [Prop(obj.lhs, "!=", obj.rhs)]
    if isinstance(obj, Relational):
        rel = _SYMPY_REL.get(type(obj))
        if rel is None:
            raise ValueError(f"unsupported relational {type(obj).__name__}: {obj}")
        return [Prop(obj.lhs, rel, obj.rhs)]
    if isinstance(obj, sp.Not):
        return to_props(_negate(obj.args[0]), names)
    if isinstance(obj, sp.Basic) and obj.is_Boolean:
        raise ValueError(f"unsupported logical form {type(obj).__name__}: {obj} (use And, Or, "
                         "Ne and relations)")
    if isinstance(obj, bool) or getattr(obj, "__class__", None) is type(None):
        raise ValueError(f"not a relation: {obj!r}")
    raise ValueError(f"not a relation: {obj!r} (write e.g. x > 0, Ne(b, 0), Or(...), "
                     "'0 < u < v', or Prop(lhs, '<=', rhs))")


def _negate(e: Any) -> Any:
    if isinstance(e, Relational):
        return e.negated
    if isinstance(e, (sp.And, sp.Or)):
        return sp.to_nnf(sp.Not(e))
    raise ValueError(f"unsupported negation of {e}")


def _branch(e: Any) -> tuple[sp.Expr, bool]:
    """``(g, strict)``: the branch holds iff ``g > 0`` (strict) or ``g >= 0``."""
    if isinstance(e, sp.And):
        parts = [_branch(a) for a in e.args]
        return _combine(parts, sp.Min)
    if isinstance(e, sp.Or):
        return _combine([_branch(a) for a in e.args], sp.Max)
    props = to_props(e)
    if len(props) != 1:
        raise ValueError(f"cannot use {e} inside Or")
    p = props[0]
    if is_matrix(p.lhs) or is_matrix(p.rhs):
        raise ValueError(f"a disjunction of matrix relations is not supported: {e}")
    if p.rel is Relation.EQ:
        return -sp.Abs(p.lhs - p.rhs), False
    g = p.rhs - p.lhs if p.rel.direction < 0 else p.lhs - p.rhs
    return g, p.rel.strict


def _combine(parts: list[tuple[sp.Expr, bool]], op: Any) -> tuple[sp.Expr, bool]:
    kinds = {strict for _, strict in parts}
    if len(kinds) == 1:
        return op(*[g for g, _ in parts], evaluate=False), kinds.pop()
    return op(*[sp.sign(g) if strict else 1 + sp.sign(g) for g, strict in parts],
              evaluate=False), True


def _disjunction(e: sp.Or) -> Any:
    from symbolic.prop import Prop

    g, strict = _combine([_branch(a) for a in e.args], sp.Max)
    return Prop(g, ">" if strict else ">=", 0, written=_text(e), written_expr=e)


def _text(e: Any) -> str:
    if isinstance(e, sp.Or):
        return " or ".join(_paren(a, sp.And) for a in e.args)
    if isinstance(e, sp.And):
        return " and ".join(_paren(a, sp.Or) for a in e.args)
    if isinstance(e, sp.Ne):
        return f"{e.lhs} != {e.rhs}"
    if isinstance(e, Relational):
        return str(to_props(e)[0])
    return str(e)


def _paren(e: Any, cls: Any) -> str:
    t = _text(e)
    return f"({t})" if isinstance(e, cls) else t


_ASSUMPTIONS = (("positive", ">", "x > 0"), ("negative", "<", "x < 0"),
                ("nonnegative", ">=", "x >= 0"), ("nonpositive", "<=", "x <= 0"),
                ("nonzero", "!=", "x != 0"))


def assumption_props(symbols: Iterable[Any], listed: Iterable[Any]) -> list[Any]:
    """Hypotheses stated by the sign assumptions of scalar ``symbols`` (``positive=True`` gives
    ``x > 0``), skipping those a ``listed`` hypothesis ``x REL c`` (``c`` a number) implies.
    Integer symbols (indices, sizes) are left alone.

    >>> import sympy as sp
    >>> from symbolic.prop import Prop
    >>> x, y = sp.Symbol("x", positive=True), sp.Symbol("y", nonnegative=True)
    >>> [str(p) for p in assumption_props([x, y], [Prop(y, ">=", 4)])]
    ['x > 0']
    """
    from symbolic.prop import Prop

    listed = list(listed)
    out = []
    for s in sorted(symbols, key=str):
        if not isinstance(s, sp.Symbol) or s in DIMS.values() or s.is_integer:
            continue
        for attr, rel, _ in _ASSUMPTIONS:
            if getattr(s, f"is_{attr}"):
                p = Prop(s, rel, 0)
                if not any(_implies(h, s, rel) for h in listed):
                    out.append(p)
                break
    return out


def _implies(h: Any, s: sp.Symbol, rel: str) -> bool:
    """Whether the listed hypothesis ``h`` (``s REL c`` or ``c REL s``) implies ``s rel 0``."""
    if h.lhs == s and h.rhs.is_number:
        r, c = h.rel, h.rhs
    elif h.rhs == s and h.lhs.is_number:
        r = {Relation.LE: Relation.GE, Relation.LT: Relation.GT, Relation.GE: Relation.LE,
             Relation.GT: Relation.LT, Relation.EQ: Relation.EQ}.get(h.rel)
        c = h.lhs
    else:
        return False
    if r is None or not c.is_real:
        return False
    lower = r in (Relation.GE, Relation.GT, Relation.EQ)
    upper = r in (Relation.LE, Relation.LT, Relation.EQ)
    strict = r in (Relation.GT, Relation.LT)
    pos = bool(c > 0) or (bool(c == 0) and strict)
    neg = bool(c < 0) or (bool(c == 0) and strict)
    if rel == ">":
        return lower and pos
    if rel == ">=":
        return lower and bool(c >= 0)
    if rel == "<":
        return upper and neg
    if rel == "<=":
        return upper and bool(c <= 0)
    return (lower and pos) or (upper and neg)
