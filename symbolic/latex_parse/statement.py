r"""From a parse tree to relations: the statement, and the conditions written after it.

``a \le b, \quad x > 0`` is the statement ``a \le b`` under the condition ``x > 0``; so are
``a \le b \text{ for } x > 0``, ``a \le b \quad \forall x > 0`` and ``\forall x > 0, a \le b``.
``x, y > 0`` is ``x > 0`` and ``y > 0``; ``0 < x, y < 1`` has two readings and is refused.
``a \le b \text{ and } c \le d`` states both; after a condition, ``\text{and}`` adds one.
Membership: ``x \in (a, b]``, ``i \in [n]``, ``x \in \mathbb{R}^d`` (a shape check),
``x \in \mathbb{R}_+`` (``x \ge 0``, entrywise for vectors), ``A \in \mathbb{S}^n_+``
(``0 \preceq A``), ``p \in \Delta_n`` (``p \ge 0`` entrywise and ``\sum_i p_i = 1``).
``A \succeq B`` is ``B \preceq A``; a ``0`` or a bare ``I`` beside a matrix takes its shape.

Example:
    >>> from symbolic.latex_parse import parse_props
    >>> [str(p) for p in parse_props(r"\log(1+x) \ge \frac{x}{1+x}, \quad x > -1")]
    ['log(x + 1) >= x/(x + 1)', 'x > -1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import sympy as sp
from lark import Token, Tree

from symbolic import objects as ob
from symbolic.latex_parse.lexer import COND_WORDS, LatexError
from symbolic.latex_parse.names import ReadDimension
from symbolic.latex_parse.values import Eye, Interval, RealSet, resolve_eye

_NAME = re.compile(r"^\\?[A-Za-z]+(_\{?[A-Za-z0-9,+\-]*\}?)?$")
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


@dataclass
class Statement:
    """The relations a formula states and the conditions written with it."""

    props: list[Any] = field(default_factory=list)
    conditions: list[Any] = field(default_factory=list)
    #: where the statement as written is defined (noted before SymPy simplified it)
    defined_if: list[Any] = field(default_factory=list)
    #: names read as dimensions because they bound a sum (``\sum_{i=1}^{t-1}``: ``t``)
    dimensions: list[Any] = field(default_factory=list)
    #: opaque mode: the categories of the atoms read (``"random quantity"``, ...), in the
    #: order they appear; empty when none (:mod:`.opaque`)
    opaque: tuple[str, ...] = ()
    #: opaque mode: what is shown as written and not decided, each a note naming both
    #: readings (``c(\kappa)``: a product or a function applied) or the constant an
    #: asymptotic bound hides (``O(1/n)``); the reading is incomplete
    undecided: list[str] = field(default_factory=list)


def segments(tree: Tree) -> list[tuple[str | None, Tree]]:
    """``[(separator before it or None, chain)]`` of a formula."""
    out: list[tuple[str | None, Tree]] = []
    sep: str | None = None
    for kid in tree.children:
        if isinstance(kid, Token):
            sep = str(kid)
        else:
            out.append((sep, kid))
            sep = None
    return out


def read_statement(b: Any, tree: Tree) -> Statement:
    """The statement (the first chain, or the first after leading ``\\forall`` conditions) and
    the conditions (every other chain) of ``tree``."""
    segs = segments(tree)
    first = 0
    if segs[0][0] is not None:  # \forall x > 0, statement
        # a comma after a bare name continues its list: "\forall a, b > 0" is one condition
        first = next((k for k, (sep, _) in enumerate(segs) if k and sep not in COND_WORDS
                      and sep != "forall" and len(segs[k - 1][1].children) != 1), len(segs))
        if first == len(segs):
            raise b.err(segs[-1][1], "only conditions (\\forall ...), no statement after them")
    # "a \\le b \\text{ and } c \\le d": both stated; after a condition, "and" adds one
    stated = {first}
    for k in range(first + 1, len(segs)):
        if segs[k][0] == "and" and k - 1 in stated:
            stated.add(k)
    out = Statement()
    done: set[int] = set()
    for k in sorted(stated):  # the statement first: its names bind the conditions'
        if len(segs[k][1].children) == 1:
            break
        mark = len(b.conditions)
        out.props += chain_props(b, segs[k][1])
        out.defined_if += b.conditions[mark:]
        done.add(k)
    _bind_names(b, out.props)
    pending: list[Any] = []
    owner = None  # where the pending subjects' relations go
    mark = len(b.conditions)
    for k, (_sep, chain) in enumerate(segs):
        if k in done:
            continue
        if len(chain.children) == 1:  # x, y > 0: a subject of the next relation
            if k + 1 == len(segs):
                raise b.err(chain, "expected a relation such as \\le")
            owner = k in stated if owner is None else owner
            pending.append(b.expr(chain.children[0]))
            continue
        if k + 1 < len(segs):
            _refuse_two_ranges(b, chain, segs[k + 1][1])
        if not pending and k not in stated:
            _refuse_condition_or_statement(b, _sep, chain, out.props)
        props = chain_props(b, chain)
        if pending:
            props = [p for s in pending for p in chain_props(b, chain, lhs=s)] + props
        into = owner if pending else k in stated
        (out.props if into else out.conditions).extend(props)
        if into:
            out.defined_if += b.conditions[mark:]
        mark = len(b.conditions)
        pending, owner = [], None
    if pending:  # never drop a subject silently
        raise b.err(segs[-1][1], "expected a relation such as \\le after the names")
    return out


def _refuse_condition_or_statement(b: Any, sep: str | None, chain: Tree,
                                   stated: list[Any]) -> None:
    r"""A relation after a bare space (``\quad``, ``\qquad``) is a condition when the
    statement is an equation (``h^* = \frac{2}{L+\mu} \quad \sigma^2 \le c``: its case) or
    when it bounds a single name (``\quad n \ge n_0``: a range); otherwise it may as well be a
    second statement (``\|v\| \le \epsilon \qquad |\lambda| \le 5\epsilon``): two readings.
    """
    if sep not in ("\\quad", "\\qquad") or not stated:
        return
    if all(getattr(p.rel, "value", None) == "=" for p in stated):
        return
    sides = [k for k in chain.children if not isinstance(k, Token) and k.data != "relop"]
    if any(_NAME.match(b.src(k).strip()) for k in sides[:-1]):  # n \ge n_0, 0 < x < 1
        return
    raise b.err(chain, f"two readings: '{b.src(chain).strip()}' after a space is a condition "
                       "of the statement before it, or a second statement: write "
                       "\\text{for } ... (a condition) or \\text{and} ... (a statement)")


def _bind_names(b: Any, props: list[Any]) -> None:
    """Make the statement's symbols (an index ``i``, a vector) what its conditions' names mean."""
    from symbolic.latex_parse.names import key

    for prop in props:
        for sym in sorted(ob.symbols_of(prop.lhs) | ob.symbols_of(prop.rhs), key=str):
            name = str(sym)
            for k in (name, "\\" + name):
                b.where.setdefault(key(k), sym)


def _refuse_two_ranges(b: Any, chain: Tree, nxt: Tree) -> None:
    """``0 < x, y < 1``: ``0 < x`` and ``y < 1``, or both ``x`` and ``y`` in ``(0, 1)``."""
    kids, nk = chain.children, nxt.children
    if len(nk) != 3:
        return
    lo, last = b.src(kids[0]).strip(), b.src(kids[-1]).strip()
    head, hi = b.src(nk[0]).strip(), b.src(nk[-1]).strip()
    if _NUMBER.match(lo) and _NAME.match(last) and _NAME.match(head) and _NUMBER.match(hi):
        r1, r2 = b.src(kids[-2]).strip(), b.src(nk[1]).strip()
        raise b.err(nxt, f"two readings: {lo} {r1} {last} and {head} {r2} {hi}, or both "
                         f"{last} and {head} between {lo} and {hi}; write the conditions "
                         "separately")


def chain_props(b: Any, chain: Tree, lhs: Any = None) -> list[Any]:
    """One :class:`~symbolic.prop.Prop` per link of a chain (two for ``x \\in (a, b)``);
    ``lhs`` replaces the first operand (a listed subject)."""
    from symbolic.prop import Prop

    kids = chain.children
    values = [b.expr(kids[0]) if lhs is None else lhs]
    out = []
    for k in range(1, len(kids), 2):
        rel, node = str(kids[k].children[0]), kids[k + 1]
        left = values[-1]
        if rel == "in":
            out += member(b, left, node)
            values.append(None)
            continue
        right = b.expr(node)
        values.append(right)
        if left is None:
            raise b.err(node, "a relation after a membership (x \\in S \\le ...)")
        for side in (left, right):
            if isinstance(side, (Interval, RealSet)):
                raise b.err(node, "an interval or a set is not a value")
        if rel in ("⪯", "⪰"):
            left, right = psd_sides(b, left, right, node)
            if rel == "⪰":
                left, right, rel = right, left, "⪯"
        else:
            left, right = resolve_eye(left, right)
            if isinstance(left, Eye) or isinstance(right, Eye):
                raise b.err(node, "I (the identity) needs its size here: I_n")
        left, right = _scalar_1x1(left, right)
        out.append(Prop(left, rel, right))
    return out


def psd_sides(b: Any, left: Any, right: Any, node: Any) -> tuple[Any, Any]:
    """The sides of ``⪯``: ``0`` and a bare ``I`` take the other side's (square) shape."""
    left, right = resolve_eye(left, right)
    for a, c in ((left, right), (right, left)):
        if not ob.is_matrix(a) and a == 0 and ob.is_matrix(c):
            zero = sp.ZeroMatrix(*c.shape)
            left, right = (zero, right) if a is left else (left, zero)
    if not (ob.is_matrix(left) and ob.is_matrix(right)):
        raise b.err(node, "the Loewner order (\\preceq, \\succeq) compares matrices: write "
                          "0, I_n, \\lambda I or a matrix on each side")
    if any(sp.simplify(m.shape[0] - m.shape[1]) != 0 for m in (left, right)):
        raise b.err(node, "the Loewner order compares square (symmetric) matrices")
    return left, right


def member(b: Any, x: Any, node: Tree) -> list[Any]:
    r"""The conditions ``x \in S`` states (see the module docstring)."""
    from symbolic.prop import Prop

    src = b.src(node).strip()
    if src.startswith("[") and src.endswith("]") and "," not in src:
        hi = b.expr(node)
        if isinstance(x, sp.Symbol) and not x.is_integer and b.lookup(str(x)) is None:
            x = ob.index(str(x))  # i \in [n]: i is an index
        if not getattr(x, "is_integer", False):
            raise b.err(node, f"{x} \\in {src} needs an index (an integer symbol such as the "
                              "i of x_i)")
        return [Prop(1, "<=", x), Prop(x, "<=", hi)]
    if src.startswith("\\Delta") and b.lookup("\\Delta") is None:
        if not (ob.is_matrix(x) and x.shape[1] == 1):
            raise b.err(node, f"{x} \\in \\Delta (the simplex) needs a vector")
        return [Prop(ob.min_entry(x), ">=", 0), Prop(ob.sum_entries(x), "=", 1)]
    s = b.expr(node)
    if isinstance(s, (Interval, RealSet)) and isinstance(x, ReadDimension):
        raise b.err(node, f"{x} bounds a sum, so it is read as a dimension (a positive "
                          f"integer), but {x} \\in {src} says it is real: declare {x} in where")
    if isinstance(s, Interval):
        return [Prop(s.lo, "<=" if s.lo_closed else "<", x),
                Prop(x, "<=" if s.hi_closed else "<", s.hi)]
    if not isinstance(s, RealSet):
        raise b.err(node, "\\in needs an interval ((a, b), [a, b], (a, b], [a, b)), an index "
                          "range [n], \\mathbb{R}^d, \\mathbb{S}^n_+ or \\Delta_n")
    if s.letter == "S":
        if s.sign is None or not ob.is_matrix(x):
            raise b.err(node, f"{src}: only \\mathbb{{S}}^n_+ (PSD matrices) is supported")
        return [Prop(sp.ZeroMatrix(*x.shape), "⪯", x)]
    if s.letter != "R":
        raise b.err(node, f"{src}: only \\mathbb{{R}}, \\mathbb{{S}}^n_+ are supported")
    shape = None if x is None or not ob.is_matrix(x) else tuple(x.shape)
    want = None if s.shape is None else (s.shape if len(s.shape) == 2 else (s.shape[0], 1))
    if (want is None and shape is not None) or (want is not None and (
            shape is None or any(sp.simplify(sp.sympify(p) - q) != 0
                                 for p, q in zip(want, shape)))):
        raise b.err(node, f"{x} has shape {shape or 'scalar'}, but {src} says "
                          f"{want or 'scalar'}")
    if s.sign is None:
        return []
    return [Prop(ob.min_entry(x) if shape else x, s.sign, 0)]


def _scalar_1x1(lhs: Any, rhs: Any) -> tuple[Any, Any]:
    """A 1 x 1 matrix compared with a scalar is the scalar it denotes."""
    if ob.is_matrix(lhs) and not ob.is_matrix(rhs) and lhs.shape == (1, 1):
        lhs = ob.entry(lhs, 1, 1)
    if ob.is_matrix(rhs) and not ob.is_matrix(lhs) and rhs.shape == (1, 1):
        rhs = ob.entry(rhs, 1, 1)
    return lhs, rhs


__all__ = ["LatexError", "Statement", "chain_props", "read_statement", "segments"]
