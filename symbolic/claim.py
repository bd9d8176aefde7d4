"""Claims: ``lhs REL rhs`` under hypotheses, written once and read by every back end.

Example:
    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, Relation, scalar
    >>> R = scalar("R", positive=True)
    >>> c = Claim("demo:extra-1", 4 * R, Relation.LE, sp.exp(6 * R**2),
    ...           hypotheses=(Prop(R, Relation.GE, 4),), source="toy")
    >>> c.symbols == {R}
    True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

import sympy as sp

from symbolic import hooks
from symbolic import objects as _ob
from symbolic.objects import DIMS
from symbolic.prop import Prop, check_expression, check_ranges  # noqa: F401 (re-exported)
from symbolic.relation import Relation
from symbolic.written import assumption_props, names_of, to_props

KINDS = ("definition", "fact", "lemma", "claim", "theorem", "equation", "extra")
ID_PATTERN = re.compile(
    r"^[a-z0-9][a-z0-9-]*:(definition|fact|lemma|claim|theorem|equation|extra)-[a-z0-9.\-]+"
    r"(:(part|item)-[a-z0-9]+)?(:step-[0-9]+)?$"
)
#: a user's own id: a lower-case prefix, a colon, then anything without spaces
USER_ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]*:\S+$")
#: prefixes whose ids must follow the papers' grammar (the paper keys; see reserve_prefixes)
RESERVED_PREFIXES: set[str] = set()


def reserve_prefixes(keys: Any) -> None:
    """Make ids under these prefixes (paper keys) follow ``ID_PATTERN``; proofs registers them."""
    RESERVED_PREFIXES.update(keys)


def check_id(claim_id: str) -> str:
    """Return ``claim_id`` if it follows the id contract, else raise ValueError listing the forms.

    Paper ids are ``<paper>:<kind>-<number>...``; a user's own ids are ``<prefix>:<free-form>``
    under a prefix that is not a paper key.

    >>> check_id("mine:exp-tangent")
    'mine:exp-tangent'
    >>> check_id("mine")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad claim id 'mine': expected <paper>:<kind>-<number>... with <kind> one of ...
    """
    if isinstance(claim_id, str) and ID_PATTERN.match(claim_id):
        return claim_id
    prefix = claim_id.split(":", 1)[0] if isinstance(claim_id, str) else ""
    if prefix not in RESERVED_PREFIXES and isinstance(claim_id, str) and \
            USER_ID_PATTERN.match(claim_id):
        return claim_id
    paper = (f"expected <paper>:<kind>-<number>[:part-k|:item-k][:step-m] with <kind> one of "
             f"{', '.join(KINDS)} (e.g. mypaper:lemma-5.6)")
    if prefix in RESERVED_PREFIXES:
        raise ValueError(f"bad claim id {claim_id!r}: {prefix!r} is a paper key, so its ids "
                         f"follow the papers' grammar: {paper}")
    raise ValueError(f"bad claim id {claim_id!r}: {paper}, or <prefix>:<free-form> for your own "
                     "claims (a lower-case prefix that is not a paper key, then no spaces; "
                     "e.g. mine:exp-tangent)")


#: what an entry records about a claim (proofs.model.Annotation), never a claim's own field
BOOKKEEPING = frozenset({"expect", "finding", "corrected", "note", "justification", "cites",
                         "description", "kind_override"})


def kind_of(claim_id: str) -> str:
    """The kind an id names: ``fact``, ``lemma``, ... (``step`` for a proof step; ``claim`` for
    a user's free-form id).

    >>> kind_of("closeness:lemma-5.5:part-1"), kind_of("t:lemma-1:step-2"), kind_of("mine:x")
    ('lemma', 'step', 'claim')
    """
    if ":step-" in claim_id:
        return "step"
    head = claim_id.split(":")[1].split("-", 1)[0] if ":" in claim_id else ""
    return head if head in KINDS and ID_PATTERN.match(claim_id) else "claim"


@dataclass(frozen=True)
class Claim:
    """A checkable statement: mathematics only.

    What a project records about a claim beyond its mathematics (the verdict it pins, the
    errata kind, a corrected form, the paper's justification, a description) lives on the
    paper's entries (:class:`proofs.model.Lemma`, :class:`proofs.model.Link`), which pair each
    claim with a :class:`proofs.model.Annotation`.

    Attributes:
        id: contract id, e.g. ``closeness:fact-3.1:item-2``.
        lhs, rel, rhs: the statement.
        hypotheses: relations assumed to hold (listed in the paper, or implied by the setting).
        source: the paper's locator text ("Fact 3.1, bullet 2").
        dims: dimension ranges to check over, e.g. ``{"n": (1, 64)}``.
        ranges: sampling ranges for scalars beyond their hypotheses, e.g. ``{"R": (4, 60)}``.
        defined_if: where the statement as written is defined, recorded before SymPy
            simplified it (the LaTeX reader: ``\\frac{x}{x}`` is ``1`` to SymPy, defined where
            ``x ≠ 0``); the kernel (:mod:`numeric.kernel`) adds what it reads off the sides
            (:func:`symbolic.definedness.obligations`).
        classes: for a statement about every function of a class (``f`` convex and
            L-smooth, gradient descent's iterates), its reading as a
            :class:`~symbolic.classes.ClassClaim` or
            :class:`~symbolic.classes.horizon.HorizonClaim`; ``lhs``/``rhs`` then show it
            as written, and performance estimation decides it (:mod:`numeric.pep`).
    """

    id: str
    lhs: Any
    rel: Relation | None = None
    rhs: Any = None
    hypotheses: tuple[Prop, ...] = ()
    source: str = ""
    dims: dict[str, tuple[int, int]] = field(default_factory=dict)
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)
    defined_if: tuple[Prop, ...] = ()
    classes: Any = None

    def __new__(cls, *args: Any, **kwargs: Any) -> Claim:
        """Refuse bookkeeping with a pointer to where it lives.

        >>> Claim("mine:a", 1, "<=", 2, expect="refuted")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        TypeError: a Claim holds mathematics only: expect= belongs to an entry, e.g. ...
        """
        extra = sorted(BOOKKEEPING.intersection(kwargs))
        if extra:
            given = ", ".join(f"{k}=" for k in extra)
            raise TypeError(f"a Claim holds mathematics only: {given} belongs to an entry, e.g. "
                            f"Lemma.of(claim, {extra[0]}=...) (from proofs.model import Lemma)")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        check_id(self.id)
        check_ranges(self.dims, self.ranges)
        hyps = self.hypotheses
        if isinstance(self.rel, (list, tuple)) and self.rhs is None and not hyps:
            hyps, rel = self.rel, None  # Claim(id, x**2 >= 0, [hypotheses])
            object.__setattr__(self, "rel", rel)
        if self.rel is None and self.rhs is None:
            body = _written_body(self.id, self.lhs, to_props)
        elif self.rel is None or self.rhs is None:
            raise ValueError(f"{self.id}: give lhs, rel and rhs, or one relation such as "
                             "Claim(id, exp(x) >= 1 + x)")
        else:
            body = Prop(self.lhs, self.rel, self.rhs)  # validates shapes
        object.__setattr__(self, "lhs", body.lhs)
        object.__setattr__(self, "rel", body.rel)
        object.__setattr__(self, "rhs", body.rhs)
        self.__dict__["_prop"] = body  # validated once: the checkers read it in hot loops
        if isinstance(hyps, (Prop, str, sp.Basic)):
            hyps = (hyps,)
        if all(isinstance(h, Prop) for h in hyps):
            listed = list(hyps)
        else:
            names = names_of([body, *[h for h in hyps if not isinstance(h, str)]])
            try:
                listed = to_props(list(hyps), names)
            except ValueError as exc:
                raise ValueError(f"{self.id}: hypothesis: {exc}") from None
        listed += _checked(self.id, body, listed)
        object.__setattr__(self, "hypotheses", tuple(listed))
        if self.defined_if:
            object.__setattr__(self, "defined_if", tuple(self.defined_if))
        _refuse_undefined(self.id, body, self.defined_if)

    @classmethod
    def from_latex(cls, claim_id: str, statement: str, where: dict | None = None,
                   hypotheses: Any = (), **fields: Any) -> Claim:
        r"""A claim from its LaTeX, e.g. ``Claim.from_latex("mine:extra-1", r"\|Ax\|_2 \le
        \|A\| \|x\|_2", where={"A": matrix("A", n, d), "x": vector("x", d)})``.

        ``where`` maps names (``"A"``, ``"\beta"``, ``"\alpha(x)"``) to objects; other
        single letters are real scalars. Hypotheses may be LaTeX strings or anything
        :class:`Claim` accepts. See :mod:`symbolic.latex_parse` (which registers the reader in
        :mod:`symbolic.hooks`: parsing sits above the claim).
        """
        return hooks.reader("latex")(cls, claim_id, statement, where=where, hypotheses=hypotheses,
                           **fields)

    @property
    def prop(self) -> Prop:
        """The statement as a :class:`Prop` (built and validated once)."""
        body = self.__dict__.get("_prop")
        if (body is None or body.lhs is not self.lhs or body.rhs is not self.rhs
                or body.rel is not self.rel):
            body = Prop(self.lhs, self.rel, self.rhs)
            self.__dict__["_prop"] = body
        return body

    @property
    def paper(self) -> str:
        """Paper key, the part of the id before the first colon."""
        return self.id.split(":", 1)[0]

    @property
    def kind(self) -> str:
        """The id's kind (``fact``, ``lemma``, ...), or ``step`` for a proof step
        (:func:`kind_of`)."""
        return kind_of(self.id)

    @property
    def symbols(self) -> set[sp.Basic]:
        """Free symbols of the statement and its hypotheses."""
        out = self.prop.symbols
        for h in (*self.hypotheses, *self.defined_if):
            out |= h.symbols
        return out

    def sides(self) -> tuple[sp.Basic, ...]:
        """Every expression the claim speaks of: its two sides, then each hypothesis's.

        >>> x = sp.Symbol("x", real=True)
        >>> Claim("t:extra-1", x, "<=", 1, hypotheses=[Prop(x, ">", 0)]).sides()
        (x, 1, x, 0)
        """
        return (self.lhs, self.rhs, *[x for h in self.hypotheses for x in (h.lhs, h.rhs)])

    def variables(self) -> list[sp.Symbol]:
        """The free scalar symbols of :meth:`sides` (dimension symbols used as numbers
        included; a named definition's are its body's), sorted by name.

        >>> x, y = sp.Symbol("x", real=True), sp.Symbol("y", real=True)
        >>> Claim("t:extra-1", y, "<=", 1, hypotheses=[Prop(x, ">", 0)]).variables()
        [x, y]
        """
        return sorted({s for e in self.sides() for s in sp.sympify(e).free_symbols
                       if isinstance(s, sp.Symbol)}, key=str)

    @property
    def dimension_symbols(self) -> set[sp.Symbol]:
        """Dimension parameters (``n``, ``d``, ...) the claim's shapes use."""
        dims = set(DIMS.values())
        found: set[sp.Symbol] = set()
        for e in (self.lhs, self.rhs, *[h.lhs for h in self.hypotheses],
                  *[h.rhs for h in self.hypotheses]):
            found |= e.free_symbols & dims
            for node in sp.preorder_traversal(e):
                if isinstance(node, sp.MatrixSymbol):
                    for s in node.shape:
                        found |= sp.sympify(s).free_symbols & dims
        return found

    def _repr_latex_(self) -> str | None:
        return hooks.latex_of(self)  # registered by symbolic.latex

    def with_(self, **changes: Any) -> Claim:
        """A copy with fields replaced."""
        return replace(self, **changes)


def describe_symbol(s: sp.Basic) -> str:
    """What a symbol is, in words: ``vector x (n×1)``, ``index i``, ``real scalar R``.

    >>> describe_symbol(_ob.index("i")), describe_symbol(_ob.scalar("i", positive=True))
    ('index i', 'real scalar i (positive)')
    """
    if isinstance(s, sp.MatrixSymbol):
        rows, cols = s.shape
        return f"vector {s} ({rows}×1)" if cols == 1 else f"matrix {s} ({rows}×{cols})"
    if s in DIMS.values():
        return f"dimension {s}"
    if s.is_integer and s.is_positive:
        return f"index {s}"
    kind = "real scalar" if s.is_real else "scalar"
    extra = [a for a in ("positive", "nonnegative", "negative", "integer") if s.assumptions0.get(a)]
    if "positive" in extra:
        extra = [a for a in extra if a != "nonnegative"]
    return f"{kind} {s}" + (f" ({', '.join(extra)})" if extra else "")


#: (statement, hypotheses) of claims that passed :func:`_checked`, with the hypotheses their
#: symbols' assumptions add: a paper's claims are built again by every ``claims()`` call
_CHECKED_CLAIMS: dict[tuple[Any, ...], tuple[Prop, ...]] = {}
_CHECKED_CLAIMS_MAX = 50_000


def _checked(claim_id: str, body: Prop, listed: list[Prop]) -> tuple[Prop, ...]:
    """Check a claim's names (:func:`one_object_per_name`, :func:`check_integer_symbols`) and
    return the hypotheses its symbols' sign assumptions add (:func:`assumption_props`). Both
    depend on the relations alone (with how each was written), so a claim built again from
    the same relations is not checked again.

    >>> from symbolic.objects import scalar
    >>> x = scalar("x", positive=True)
    >>> [str(h) for h in _checked("t:extra-1", Prop(x, ">=", 0), [])]
    ['x > 0']
    """
    key = (body, body.written, *[(h, h.written) for h in listed])
    try:
        known = _CHECKED_CLAIMS.get(key)
    except TypeError:  # an unhashable side: check it every time
        key, known = None, None
    if known is not None:
        return known
    syms = body.symbols.union(*[h.symbols for h in listed])
    one_object_per_name(claim_id, body, listed)
    check_integer_symbols(claim_id, body, listed)
    added = tuple(p for p in assumption_props(syms, listed) if p not in listed)
    if key is not None:
        if len(_CHECKED_CLAIMS) > _CHECKED_CLAIMS_MAX:
            _CHECKED_CLAIMS.clear()
        _CHECKED_CLAIMS[key] = added
    return added


#: statements already found defined somewhere (:func:`_refuse_undefined`)
_DEFINED_SOMEWHERE: set[Any] = set()


def _refuse_undefined(claim_id: str, body: Prop, defined_if: tuple[Prop, ...]) -> None:
    """Refuse a statement that is undefined wherever its symbols lie: a condition of
    :func:`symbolic.definedness.obligations` (or of ``defined_if``) that SymPy's assumptions
    make false everywhere (``sqrt(-1 - x²)``, ``log(-exp(x))``).

    >>> from symbolic.objects import scalar
    >>> x = scalar("x")
    >>> _refuse_undefined("t:extra-1", Prop(sp.sqrt(-1 - x**2), ">=", 0), ())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: t:extra-1: the statement is undefined everywhere: it needs -x**2 - 1 >= 0, ...
    """
    from symbolic.definedness import never, obligations

    key = (body, defined_if)
    try:
        if key in _DEFINED_SOMEWHERE:
            return
    except TypeError:
        key = None
    for p in (*defined_if, *(o.prop for o in obligations(body.lhs, body.rhs) if not o.within)):
        if never(p):
            raise ValueError(f"{claim_id}: the statement is undefined everywhere: it needs {p}, "
                             "which holds for no real value of its symbols")
    if key is not None:
        if len(_DEFINED_SOMEWHERE) > _CHECKED_CLAIMS_MAX:
            _DEFINED_SOMEWHERE.clear()
        _DEFINED_SOMEWHERE.add(key)


def one_object_per_name(claim_id: str, body: Prop, hypotheses: list[Prop]) -> None:
    """Refuse a claim in which two different objects print the same name (an index ``i`` and
    a scalar ``i``; a vector ``x`` and a scalar ``x``): the reader sees one object, the
    checker would see two. Raises ValueError naming both and where each appears.

    >>> from symbolic.objects import index, scalar
    >>> one_object_per_name("t:extra-1", Prop(index("i"), ">=", 1),
    ...                     [Prop(scalar("i"), "!=", 2)])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: t:extra-1: two different objects are printed 'i': index i (in the statement)
    and real scalar i (in hypothesis 1); one printed name must be one object: declare it
    once and use it everywhere
    """
    seen: dict[str, tuple[sp.Basic, str]] = {}
    for where, prop in [("the statement", body),
                        *[(f"hypothesis {k}", h) for k, h in enumerate(hypotheses, 1)]]:
        for name, sym in _printed_names(prop):
            first = seen.setdefault(name, (sym, where))
            if first[0] != sym:
                raise ValueError(
                    f"{claim_id}: two different objects are printed {name!r}: "
                    f"{describe_symbol(first[0])} (in {first[1]}) and {describe_symbol(sym)} "
                    f"(in {where}); one printed name must be one object: declare it once and "
                    "use it everywhere")


def _printed_names(prop: Prop) -> list[tuple[str, sp.Basic]]:
    """The symbols of ``prop`` (with the dimensions its sides use), each with its printed
    name, sorted by name: worked out once per (immutable) proposition, which the claims of a
    paper and the forms of a correction share."""
    memo = prop.__dict__
    names = memo.get("_printed_names")
    if names is None:
        found = set(prop.symbols)
        dims = set(DIMS.values())
        for side in (prop.lhs, prop.rhs):
            found |= getattr(side, "free_symbols", set()) & dims
        names = sorted(((str(sym), sym) for sym in found), key=lambda p: p[0])
        memo["_printed_names"] = names
    return names


def _written_body(claim_id: str, stmt: Any, to_props: Any) -> Prop:
    """The one relation of ``Claim(id, stmt)``: a SymPy relational, ``Ne``, a string."""
    if stmt is True or stmt is sp.true or stmt is False or stmt is sp.false:
        raise ValueError(
            f"{claim_id}: the statement is already {bool(stmt)} in SymPy (it decided the "
            "relation from the symbols' assumptions before proofcheck saw it); write it as "
            "Claim(id, lhs, '>=', rhs)")
    if isinstance(stmt, sp.Or):
        raise ValueError(f"{claim_id}: a disjunction as a claim is not supported (only as a "
                         "hypothesis); state one relation")
    try:
        props = to_props(stmt)
    except ValueError as exc:
        raise ValueError(f"{claim_id}: {exc}") from None
    if len(props) != 1:
        raise ValueError(f"{claim_id}: a claim states one relation, got {len(props)} "
                         f"({'; '.join(map(str, props))}): make one claim per relation")
    return props[0]


def _exprs(claim: Any) -> list[sp.Basic]:
    out = [claim.lhs, claim.rhs]
    for h in getattr(claim, "hypotheses", ()):
        out += [h.lhs, h.rhs]
    return out


def index_bounds(claim: Any) -> dict[sp.Symbol, sp.Expr]:
    """Index symbols of a claim (or anything with ``lhs``, ``rhs`` and optional ``hypotheses``)
    and the dimension each one ranges up to (1-based, inclusive): columns, entries, row
    blocks and derivative coordinates.

    >>> from symbolic.objects import entry, index, matrix
    >>> i = index("i")
    >>> index_bounds(Prop(entry(matrix("A", _ob.DIMS["n"], _ob.DIMS["d"]), i, i), "<=", 1))
    {i: Min(d, n)}
    """
    bounds: dict[sp.Symbol, sp.Expr] = {}
    dims = set(DIMS.values())
    for e in _exprs(claim):
        for node in sp.preorder_traversal(e):
            pairs: list[tuple[Any, Any]] = []
            if isinstance(node, _ob.Column):
                pairs = [(node.args[1], node.args[0].shape[1])]
            elif isinstance(node, _ob.Entry):
                m = node.args[0]
                pairs = [(node.args[1], m.shape[0]), (node.args[2], m.shape[1])]
            elif isinstance(node, _ob.RowBlock):
                m = node.args[0]
                pairs = [(node.args[1], m.shape[0] / node.args[2])]
            elif isinstance(node, (_ob.Deriv, _ob.ScalarDeriv)) and _ob.is_matrix(node.args[1]):
                v = node.args[1]
                pairs = [(node.args[2], v.shape[0]), (node.args[3], v.shape[1])]
            for idx, bound in pairs:
                # a size used as an index (u_n) is the size, not an index of its own
                if isinstance(idx, sp.Symbol) and idx not in dims:
                    # an index used in two places (a row of an n×d matrix and one of its
                    # columns) ranges up to the smaller size
                    old = bounds.get(idx)
                    bounds[idx] = bound if old is None or old == bound else sp.Min(old, bound)
        for var in _ob.bound_symbols(e):  # a sum's own index is not sampled
            bounds.pop(var, None)
    for e in _exprs(claim):  # δ_ij: an index seen only in a delta ranges as its partner does
        for node in sp.preorder_traversal(e):
            if isinstance(node, sp.KroneckerDelta):
                a, b = node.args[:2]
                for k, other in ((a, b), (b, a)):
                    if isinstance(k, sp.Symbol) and k not in bounds and other in bounds:
                        bounds[k] = bounds[other]
    return bounds


def check_integer_symbols(claim_id: str, body: Prop, hypotheses: list[Prop]) -> None:
    """Refuse an integer symbol that is neither a dimension nor an index with a range: the
    checkers sample real scalars, so ``k`` would be tried at 0.5 (one printed name, one object:
    an index must appear as a subscript, ``x_i``, ``A_{*,i}``, ``∂/∂x_i``, or in ``δ_ij`` with
    one that does).

    >>> from symbolic.objects import index
    >>> check_integer_symbols("t:extra-1", Prop(index("i") + 1, ">=", 2), [])
    Traceback (most recent call last):
    ...
    ValueError: t:extra-1: the integer symbol i has no range: ...
    """
    dims = set(DIMS.values())
    exprs = [body.lhs, body.rhs, *[q for h in hypotheses for q in (h.lhs, h.rhs)]]
    ints = sorted({s for e in exprs for s in getattr(e, "free_symbols", set())
                   if isinstance(s, sp.Symbol) and s.is_integer and s not in dims}, key=str)
    if not ints:
        return  # the common case: no traversal for the bounds
    bounds = index_bounds(SimpleNamespace(lhs=body.lhs, rhs=body.rhs, hypotheses=hypotheses))
    for sym in ints:
        if sym not in bounds:
            raise ValueError(
                f"{claim_id}: the integer symbol {sym} has no range: an index must appear as "
                "a subscript (x_i, A_{*,i}, a derivative's coordinate) or in δ_ij with one "
                "that does; an integer scalar is not supported (the checkers sample reals): "
                "state the claim for a real scalar")
