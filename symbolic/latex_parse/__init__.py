r"""Claims from LaTeX, in the papers' notation, by a lark (LALR) grammar.

Covered: ``\|v\|_2``, ``\|v\|_\infty``, ``\|v\|_1``, ``\|v\|_p``, ``\|M\|`` (spectral for a matrix,
2-norm for a vector; ``\|M\|_2`` of a matrix is spectral too), ``\|M\|_F``, ``|x|``,
``\langle u, v \rangle``, ``\mathbf{1}_n``, ``\circ``, ``\otimes``, ``^\top``/``^T``,
``\diag``/``\mathrm{diag}``, ``\exp``, ``\log`` (elementwise on vectors), ``\sqrt``, trigonometric
functions, ``^{-1}`` and powers (inverses and integer powers of square matrices),
``\sum_{i=1}^n``, ``\frac``, ``\frac{\mathrm{d} f}{\mathrm{d} x_i}``, ``\cdot``, ``\times``,
implicit multiplication (``Ax``, ``2\sqrt{n}``), ``A_{*,i}`` (a column), ``v_i``/``M_{i,j}``
(entries), ``(Ax)_i``, ``\underbrace{X}_{note}`` (read as ``X``), and the relations
``= := \le \leq < \ge \geq > \neq \preceq \succeq`` and ``x \in (a, b]``; a chain ``a \le b \le c``
gives one relation per link. Also softmax, log-sum-exp, KL, entropy, ``\max``/``\min``,
``\prod``, ``\nabla``, ``\partial``, indicators, floor/ceiling, cosh/sinh/erf/atan2, and
conditions after the statement (:mod:`.statement`): the full list, with examples, is
``docs/latex-notation.md``. Real papers' notation too: ``\|v\|^2_2`` (superscript first),
decorated names (``x^*``, ``x'``, ``x^{(t)}``), words (``\mathrm{Regret}_T``), ellipses
(``x_1 + \cdots + x_n``), TeX's unbraced arguments (``\frac12``), ``\binom``, ``\int_a^b
f(x)\,dx``, sizes and spacing; a letter bounding a sum (``\sum_{i=1}^{t-1}``) is a dimension.
Expectations, probabilities, limits, infima, suprema, arg-minima and derivatives of unknown
functions raise :class:`NotChecked` (a :class:`LatexError` with a ``category``), and unknown
functions a :class:`LatexError`; with ``opaque=True`` (not in :func:`parse_claim`) they are read
as opaque atoms instead (:mod:`.opaque`), for showing what was read, never for checking.

Names: see :mod:`symbolic.latex_parse.build` (``where`` first; ``n``, ``d`` are dimensions; other
single letters and Greek letters are real scalars; ``\alpha(x)``-style functions come from
``where``). A formula that cannot be read raises :class:`LatexError` (a ``ValueError``) whose
first line names the line, column and token, followed by the source line and a caret.

Example:
    >>> from symbolic import matrix, vector, n, d
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> [str(p) for p in parse_props(r"\|Ax\|_2 \le \|A\| \|x\|_2", {"A": A, "x": x})]
    ['Norm2(A*x) <= Norm2(x)*OpNorm(A)']
    >>> parse_expr(r"\langle \exp(Ax), \mathbf{1}_n \rangle", {"A": A, "x": x})
    Inner(ElemExp(A*x), 1)
    >>> parse_props(r"\|x\|_2 \le \le 1", {"x": x})
    Traceback (most recent call last):
    ...
    symbolic.latex_parse.lexer.LatexError: LaTeX line 1, column 13: unexpected '\le'
      \|x\|_2 \le \le 1
                  ^
"""

from __future__ import annotations

from typing import Any

from lark import Token

from symbolic import hooks
from symbolic.latex_parse.build import (
    Builder,
    PromoteToDimension,
    forget_read_dimensions,
    key,
    read_as_dimension,
)
from symbolic.latex_parse.grammar import _Lexer as _Lexer  # the grammar test builds with it
from symbolic.latex_parse.grammar import parse_tree as _tree
from symbolic.latex_parse.lexer import GREEK, LatexError, NotChecked
from symbolic.latex_parse.opaque import has_opaque
from symbolic.latex_parse.statement import Statement, read_statement
from symbolic.prop import Prop

__all__ = ["LatexError", "NotChecked", "Statement", "forget_read_dimensions", "has_opaque",
           "parse_claim", "parse_expr", "parse_props", "parse_statement", "vectors_read"]


def _build(text: str, where: dict[str, Any] | None, read: Any,
           opaque: bool = False) -> tuple[Builder, Any]:
    """``read(builder)`` with a builder of ``text``, read again while names turn out to be
    dimensions (they bound a sum: see :mod:`.build`)."""
    dims: dict[str, Any] = {}
    while True:
        b = Builder(text, where, dims, opaque=opaque)
        try:
            return b, _wrap(text, lambda b=b: read(b))
        except PromoteToDimension as signal:
            if signal.name in dims:  # pragma: no cover - a promoted name is not promoted again
                raise LatexError(text, 0, f"cannot read {signal.name} as a dimension") from None
            dims[signal.name] = read_as_dimension(signal.name)


def _wrap(text: str, fn: Any) -> Any:
    try:
        return fn()
    except LatexError:
        raise
    except (ValueError, TypeError, AttributeError) as exc:
        # shape errors and the like from SymPy or the toolkit: point at the formula's start
        msg = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if msg.startswith("Integral (in ") and "no back end evaluates it" in msg:
            raise NotChecked(text, max(text.find("\\int"), 0),
                             f"an integral: not checked (read as "
                             f"{msg[len('Integral (in '):msg.index(') is not')]}; no back end "
                             "evaluates it)", "integral") from None
        raise LatexError(text, 0, f"cannot build the formula: {msg}") from None


def parse_expr(text: str, where: dict[str, Any] | None = None, *,
               opaque: bool = False) -> Any:
    """The expression ``text`` denotes (no relation); ``opaque``: see :func:`parse_statement`."""
    return _first_reading(_expr, text, where, opaque)


def _expr(text: str, where: dict[str, Any] | None, opaque: bool) -> Any:
    tree = _tree(text, opaque)
    chains = [c for c in tree.children if not isinstance(c, Token)]
    if len(chains) != 1 or len(tree.children) != 1:
        raise LatexError(text, 0, "expected one expression, found conditions after it")
    if len(chains[0].children) != 1:
        raise LatexError(text, 0, "expected an expression, found a relation")
    return _build(text, where, lambda b: b.finish(b.expr(chains[0].children[0])), opaque)[1]


def parse_statement(text: str, where: dict[str, Any] | None = None, *,
                    opaque: bool = False) -> Statement:
    r"""The relations ``text`` states and the conditions written after it (``, \quad x > 0``,
    ``\text{for } x > 0``, ``\forall x > 0``), as :class:`~symbolic.claim.Prop` lists.

    >>> s = parse_statement(r"e^x \ge 1 + x \quad \forall x \in [0, 1]")
    >>> [str(p) for p in s.props], [str(p) for p in s.conditions]
    (['exp(x) >= x + 1'], ['0 <= x', 'x <= 1'])

    With ``opaque``, what the reader does not check (an expectation, a probability, an unknown
    function, a limit, ...: :class:`NotChecked`, and unknown functions) is read as opaque atoms
    (:mod:`.opaque`), to show what was read: such a statement is never checked.
    ``Statement.opaque`` lists the categories met. A formula not read so raises the error it
    raises without ``opaque``.

    >>> from symbolic.pretty import pretty
    >>> s = parse_statement(r"\Pr(X \geq t) \leq \frac{\mathbb{E}[X]}{t}, \quad t > 0",
    ...                     opaque=True)
    >>> [pretty(p) for p in s.props], s.opaque, has_opaque(s.props)
    (['Pr[X ≥ t] ≤ E[X]/t'], ('random quantity',), True)
    """
    return _first_reading(_statement, text, where, opaque)


def _first_reading(read: Any, text: str, where: dict[str, Any] | None, opaque: bool) -> Any:
    """``read(text, where, True)`` when ``opaque`` and it reads, else the plain reading (whose
    error is the one raised: a formula opaque mode does not read either)."""
    if opaque:
        vectors = _undeclared_vectors(text, where)
        if vectors:  # "⟨x, θ⟩", "‖x − y‖" of names not declared: vectors, as a reader takes
            try:  # them (read as scalars, ‖x − y‖ would show as |x − y|)
                return read(text, {**(where or {}), **vectors}, True)
            except LatexError:
                pass
        try:
            return read(text, where, True)
        except LatexError:
            pass
    return read(text, where, False)


def vectors_read(text: str, where: dict[str, Any] | None = None) -> list[str]:
    r"""The names opaque mode reads as vectors (matrices) in ``text`` though nothing declares
    them (``p^T M q``: ``p``, ``q``, ``M``), when its reading takes them; a reading as written
    says so (``x^T y`` might be a power of a scalar ``x``).

    >>> vectors_read(r"\langle x, \theta \rangle \le f(x)")
    ['x', '\\theta']
    """
    vectors = _undeclared_vectors(text, where)
    if not vectors:
        return []
    try:
        _statement(text, {**(where or {}), **vectors}, True)
    except LatexError:
        return []
    return list(vectors)


def _undeclared_vectors(text: str, where: dict[str, Any] | None) -> dict[str, Any]:
    """The names :func:`~.opaque_build.vector_names` finds that ``where`` does not give, as
    vectors of one dimension the reading declares (opaque mode only: shown, never checked)."""
    import re

    from symbolic import objects as ob
    from symbolic.latex_parse.names import read_as_dimension, unwrap_words
    from symbolic.latex_parse.opaque_build import matrix_names, vector_names

    given = {key(k) for k in (where or {})}
    size = read_as_dimension("dim")
    out = {}
    for n in vector_names(text):  # as the reader names them: \hat{\theta}_1, a_i for \mathbf{a}_i
        n = re.sub(r"\\(hat|tilde|bar|widehat|widetilde|overline)\s*(\\[A-Za-z]+|[A-Za-z])",
                   r"\\\1{\2}", n)
        n = re.sub(r"\\(?:mathbf|bm|boldsymbol)\s*\{\s*([A-Za-z])\s*\}", r"\1", n)
        if key(n) not in given:
            out[n] = ob.vector(n[1:] if re.fullmatch(r"\\[A-Za-z]+", n)
                               else unwrap_words(key(n)), size)
    for n in matrix_names(text):  # p^T M q: M a square matrix
        if key(n) not in given:
            out[n] = ob.matrix(n, size, size)
    return out


def _statement(text: str, where: dict[str, Any] | None, opaque: bool) -> Statement:
    tree = _tree(text, opaque)

    def read(b: Builder) -> Statement:
        out = read_statement(b, tree)
        b.finish_props([*out.props, *out.conditions, *out.defined_if])
        out.opaque = b.categories()
        out.undecided = list(dict.fromkeys(b.undecided))
        return out

    b, out = _build(text, where, read, opaque)
    out.dimensions = sorted(b.dims.values(), key=str)
    return out


def parse_props(text: str, where: dict[str, Any] | None = None, *,
                opaque: bool = False) -> list[Any]:
    """The relations ``text`` states, one :class:`~symbolic.claim.Prop` per link of a chain
    (``x \\in (a, b)`` gives two), then those of its conditions; ``opaque``: see
    :func:`parse_statement`."""
    s = parse_statement(text, where, opaque=opaque)
    return s.props + s.conditions


def parse_claim(cls: Any, claim_id: str, statement: str, where: dict[str, Any] | None = None,
                hypotheses: Any = (), **fields: Any) -> Any:
    """``cls(claim_id, ...)`` from a LaTeX statement (one relation, with conditions written
    after it becoming hypotheses) and hypotheses (LaTeX strings, each possibly a chain, or
    anything :class:`~symbolic.claim.Claim` accepts)."""
    parsed = parse_statement(statement, where)
    props = parsed.props
    if len(props) != 1:
        raise LatexError(statement, 0, f"a claim states one relation, this chain has "
                                       f"{len(props)}: make one claim per link")
    if isinstance(hypotheses, (str, Prop)) or not isinstance(hypotheses, (list, tuple)):
        hypotheses = (hypotheses,)
    body = props[0]
    bound = statement_names(body, where)
    hyps: list[Any] = list(parsed.conditions)
    for h in _flatten(hypotheses):
        hyps += parse_props(h, bound) if isinstance(h, str) else [h]
    fields.setdefault("source", fields.get("source", ""))
    if parsed.defined_if:
        fields.setdefault("defined_if", tuple(parsed.defined_if))
    return cls(claim_id, body.lhs, body.rel, body.rhs, hypotheses=tuple(hyps), **fields)


def _flatten(items: Any) -> list[Any]:
    """Hypotheses with nested lists and :func:`~symbolic.written.chain` tuples flattened."""
    out: list[Any] = []
    for h in items:
        out += _flatten(h) if isinstance(h, (list, tuple)) else [h]
    return out


def statement_names(body: Any, where: dict[str, Any] | None) -> dict[str, Any]:
    r"""``where`` plus the statement's own symbols by name, so that a hypothesis's ``i`` is the
    statement's index ``i`` (not a new real scalar that happens to share its name).

    >>> from symbolic import vector, n
    >>> names = statement_names(parse_props(r"x_i \le 1", {"x": vector("x", n)})[0], {})
    >>> names["i"].is_integer, sorted(names)
    (True, ['i', 'x'])
    """
    from symbolic import objects as ob
    from symbolic.latex_parse.build import ReadDimension

    out = dict(where or {})
    have = {key(k) for k in out}
    read = {s for side in (body.lhs, body.rhs) for s in getattr(side, "free_symbols", set())
            if isinstance(s, ReadDimension)}  # a t read as a dimension is the hypotheses' t
    for sym in sorted(ob.symbols_of(body.lhs) | ob.symbols_of(body.rhs) | read, key=str):
        name = str(sym)
        for k in (name, "\\" + name) if name in GREEK else (name,):
            if key(k) not in have:
                out[k] = sym
    return out


hooks.register_reader("latex", parse_claim)  # behind Claim.from_latex
