"""Exact identity checking: is ``lhs - rhs`` identically zero?

Each ``exp(linear form)`` is replaced by a positive symbol, which turns gradient identities of
softmax objects into rational-function identities that ``cancel(together(.))`` decides. A zero
result proves the identity (for the coordinates given). SymEngine decides most identities
first, about 30 times faster (:func:`expands_to_zero`); SymPy's ``cancel`` decides the rest.
A non-zero result is only a candidate mismatch: the caller must confirm it with a numeric
witness, since distinct exponentials may be algebraically related.

Example:
    >>> import sympy as sp
    >>> from symbolic.identity import is_identically_zero
    >>> a, b = sp.symbols("a b", real=True)
    >>> is_identically_zero(sp.exp(a) * sp.exp(b) / sp.exp(a) - sp.exp(b))
    True
    >>> is_identically_zero(sp.exp(a) - 1)
    False
"""

from __future__ import annotations

import math

import symengine as se
import sympy as sp

from symbolic.timeout import TimedOut, shielded, time_limit


def subterms(e: sp.Basic, *types: type) -> set[sp.Basic]:
    """The subterms of ``e`` of the given types: ``e.atoms(*types)``, each shared subterm
    visited once (SymPy's traversal walks a subterm as often as it occurs; the explicit
    coordinates of a gradient repeat the same exponentials hundreds of times).

    >>> x = sp.Symbol("x")
    >>> sorted(subterms(sp.exp(x) * (1 + sp.exp(x)) + sp.exp(2 * x), sp.exp), key=str)
    [exp(2*x), exp(x)]
    """
    out: set[sp.Basic] = set()
    seen: set[sp.Basic] = set()
    stack = [e]
    while stack:
        t = stack.pop()
        if t in seen:
            continue
        seen.add(t)
        if isinstance(t, types):
            out.add(t)
        stack.extend(t.args)
    return out


def exp_to_symbols(e: sp.Expr, table: dict[sp.Expr, sp.Symbol] | None = None) -> sp.Expr:
    """Replace every ``exp(arg)`` by a product of powers of positive symbols.

    The expanded argument is split into terms ``q * m`` (``q`` rational, ``m`` a monomial);
    ``exp(q * m)`` becomes ``u_m ** q``. So ``exp(a + b)``, ``exp(a) exp(b)`` and
    ``1 / exp(-a)`` all map consistently (SymPy merges and flips exponentials freely).
    """
    table = {} if table is None else table

    def sym(m: sp.Expr) -> sp.Symbol:
        if m not in table:
            table[m] = sp.Symbol(f"u_{len(table) + 1}", positive=True)
        return table[m]

    mapping = {}
    for a in sorted(subterms(e, sp.exp), key=sp.default_sort_key):
        out = sp.Integer(1)
        for term in sp.Add.make_args(sp.expand(a.args[0])):
            coeff, mono = term.as_coeff_Mul()
            if not coeff.is_Rational:
                mono, coeff = term, sp.Integer(1)
            out *= sym(mono) ** coeff if mono != 1 else sp.exp(coeff)
        mapping[a] = out
    return e.xreplace(mapping)


def _fractional_powers_safe(e: sp.Expr) -> bool:
    """Every power of ``e`` with a non-integer exponent has a base known to be nonnegative
    (a positive symbol from :func:`exp_to_symbols`, a sum of squares, a norm). Only then are
    SymEngine's power rules (``(x**a)**b = x**(a*b)``, ``x**a * x**b = x**(a+b)``) valid:
    ``sqrt(1/x) = 1/sqrt(x)`` fails at ``x = -1``."""
    return all(p.exp.is_integer or p.base.is_nonnegative is True for p in subterms(e, sp.Pow))


#: the largest expansion (in terms, :func:`_expansion_size`) given to SymEngine: its C++
#: ``expand`` cannot be interrupted by the time limit, so ``(a_0 + ... + a_6)**18`` (134,596
#: terms, minutes) goes to SymPy, which stops at the limit. The papers' identities stay under
#: 8,000.
EXPANSION_LIMIT = 100_000


def _expansion_size(e: sp.Expr) -> int:
    """An estimate of the number of terms ``e`` expands to: sums add, products multiply, an
    integer power ``p`` of ``k`` terms has ``C(k + p - 1, p)`` (negative powers counted alike).

    >>> a, b, c = sp.symbols("a b c")
    >>> _expansion_size((a + b) * (a + c)), _expansion_size((a + b + c) ** 2 / (a + 1))
    (4, 12)
    """
    if e.is_Add:
        return sum(_expansion_size(a) for a in e.args)
    if e.is_Mul:
        return math.prod(_expansion_size(a) for a in e.args)
    if e.is_Pow and e.exp.is_Integer:
        p = abs(int(e.exp))
        return math.comb(_expansion_size(e.base) + p - 1, p)
    return 1


def _rational_in_symbols(e: sp.Expr) -> bool:
    """``e`` is a rational function over Q of its symbols: integer powers, rational numbers,
    no function left (no ``sqrt``, ``exp``, ``Abs``). Its symbols are then independent
    variables, so ``e`` is zero exactly when the numerator over a common denominator is."""
    for t in sp.preorder_traversal(e):
        if t.is_Symbol or t.is_Rational or isinstance(t, (sp.Add, sp.Mul)):
            continue
        if isinstance(t, sp.Pow) and t.exp.is_Integer:
            continue
        return False
    return True


def expands_to_zero(e: sp.Expr) -> bool | None:
    """SymEngine's answer: the numerator of ``e`` over a common denominator, expanded, is the
    zero polynomial in ``e``'s atoms (True: ``e`` is identically zero wherever it is defined).
    A non-zero numerator is False only when ``e`` is a rational function of independent symbols
    (:func:`_rational_in_symbols`); otherwise it may still cancel (``sqrt(x)**2``), and the
    answer is None, as it is when SymEngine cannot represent ``e`` or its expansion would be too
    large to stop in time (:data:`EXPANSION_LIMIT`). Exponentials should be replaced first
    (:func:`exp_to_symbols`); a fractional power must have a nonnegative base.

    >>> x, y = sp.symbols("x y", real=True)
    >>> expands_to_zero(1 / (x**2 + 1) - (y**2 + 1) / ((x**2 + 1) * (y**2 + 1)))
    True
    >>> expands_to_zero(1 / (x + 1) - 1 / (x + 2))
    False
    >>> print(expands_to_zero(sp.sqrt(1 / x) - 1 / sp.sqrt(x)))  # x may be negative
    None
    """
    if not _fractional_powers_safe(e) or _expansion_size(e) > EXPANSION_LIMIT:
        return None
    try:
        with shielded():  # SymEngine's C++ calls back into Python: no alarm raises inside
            num, _ = se.sympify(e).as_numer_denom()
            zero = se.expand(num) == 0
        if zero:
            return True
    except (RuntimeError, TypeError, ValueError, NotImplementedError, AttributeError):
        return None  # something SymEngine cannot represent: SymPy decides
    return False if _rational_in_symbols(e) else None


def is_identically_zero(e: sp.Expr, seconds: float = 20.0) -> bool | None:
    """True if ``e`` is identically zero, False if not as a rational function, None on timeout.

    A ``False`` is not a proof of a mismatch (see the module docstring).
    """
    try:
        with time_limit(seconds):
            r = exp_to_symbols(sp.sympify(e))
            if subterms(r, sp.Max, sp.Min, sp.Abs):
                r = sp.expand(r)
                return True if r == 0 else None
            fast = expands_to_zero(r)
            if fast is not None:
                return fast
            return sp.cancel(sp.together(r)) == 0
    except TimedOut:
        return None


def matrix_identically_zero(m: sp.MatrixBase | sp.Expr, seconds: float = 20.0) -> bool | None:
    """:func:`is_identically_zero` entry by entry (scalars accepted)."""
    items = list(m) if isinstance(m, sp.MatrixBase) else [m]
    verdict: bool | None = True
    for item in items:
        r = is_identically_zero(item, seconds)
        if r is False:
            return False
        if r is None:
            verdict = None
    return verdict
