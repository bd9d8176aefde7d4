"""The exact algebra of first-order data: vectors and scalars over named leaves.

A statement about an abstract function f of a class involves finitely many vectors (points,
gradients) and scalars (function values). Every quantity of such a statement is

- a :class:`Vec`: a linear combination of *leaf* vectors (``x0``, ``g0``, ``xs``, ...), or
- a :class:`Scalar`: a constant, plus a linear combination of leaf scalars (``f0``, ``fs``),
  plus a quadratic form in the leaf vectors (``⟨g0, x0 - xs⟩``),

with exact SymPy coefficients (numbers or the class's parameters). In this form a statement
depends on the vectors only through their Gram matrix, whatever the dimension: the reduction
of performance estimation (Drori and Teboulle 2014; Taylor, Hendrickx and Glineur 2017).

Example:
    >>> import sympy as sp
    >>> x, g = Vec.leaf("x"), Vec.leaf("g")
    >>> s = (x - sp.Rational(1, 2) * g).norm2()
    >>> s
    ‖x‖² - ⟨g, x⟩ + 1/4‖g‖²
    >>> s.coefficient_matrix(["x", "g"])
    Matrix([
    [   1, -1/2],
    [-1/2,  1/4]])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import sympy as sp

Coefficient = sp.Expr | int


def _simplest(v: sp.Expr) -> sp.Expr:
    """``v``, cancelled when it is a sum with parameters (a product or a power is kept)."""
    v = sp.sympify(v)
    return sp.cancel(v) if v.is_Add and v.free_symbols else v


def _clean(d: Mapping) -> dict:
    out = {}
    for k, v in d.items():
        v = _simplest(v)
        if v != 0:
            out[k] = v
    return out


def _coef(c: object) -> sp.Expr:
    if isinstance(c, (Vec, Scalar)):
        raise TypeError("a coefficient must be a number or a parameter")
    return sp.sympify(c)


@dataclass(frozen=True)
class Vec:
    """A linear combination of leaf vectors (``terms``: leaf name -> coefficient)."""

    terms: Mapping[str, sp.Expr] = field(default_factory=dict)

    @staticmethod
    def leaf(name: str) -> Vec:
        """The leaf vector ``name``.

        >>> Vec.leaf("x0")
        x0
        """
        return Vec({name: sp.Integer(1)})

    @staticmethod
    def zero() -> Vec:
        """The zero vector."""
        return Vec({})

    def __add__(self, other: Vec) -> Vec:
        if not isinstance(other, Vec):
            return NotImplemented
        d = dict(self.terms)
        for k, v in other.terms.items():
            d[k] = d.get(k, 0) + v
        return Vec(_clean(d))

    def __neg__(self) -> Vec:
        return Vec({k: -v for k, v in self.terms.items()})

    def __sub__(self, other: Vec) -> Vec:
        if not isinstance(other, Vec):
            return NotImplemented
        return self + (-other)

    def __mul__(self, c: Coefficient) -> Vec:
        c = _coef(c)
        return Vec(_clean({k: c * v for k, v in self.terms.items()}))

    __rmul__ = __mul__

    def __truediv__(self, c: Coefficient) -> Vec:
        return self * (1 / _coef(c))

    def inner(self, other: Vec) -> Scalar:
        """``⟨self, other⟩`` as a quadratic form of the leaves."""
        quad: dict[tuple[str, str], sp.Expr] = {}
        for a, ca in self.terms.items():
            for b, cb in other.terms.items():
                key = (a, b) if a <= b else (b, a)
                quad[key] = quad.get(key, 0) + ca * cb
        return Scalar(quad=_clean(quad))

    def norm2(self) -> Scalar:
        """``‖self‖²``."""
        return self.inner(self)

    def leaves(self) -> set[str]:
        """The leaf vectors it involves."""
        return set(self.terms)

    def subs(self, values: Mapping) -> Vec:
        """The coefficients with parameters replaced."""
        return Vec(_clean({k: sp.sympify(v).subs(values) for k, v in self.terms.items()}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vec) and dict(self.terms) == dict(other.terms)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.terms.items(), key=str)))

    def __repr__(self) -> str:
        return _show([(c, k) for k, c in self.terms.items()]) or "0"


@dataclass(frozen=True)
class Scalar:
    """``const + Σ lin[s]·s + Σ quad[(a, b)]·⟨a, b⟩`` over leaf scalars ``s`` and leaf vectors
    ``a ≤ b`` (names in order)."""

    const: sp.Expr = sp.S.Zero
    lin: Mapping[str, sp.Expr] = field(default_factory=dict)
    quad: Mapping[tuple[str, str], sp.Expr] = field(default_factory=dict)

    @staticmethod
    def leaf(name: str) -> Scalar:
        """The leaf scalar ``name`` (a function value)."""
        return Scalar(lin={name: sp.Integer(1)})

    @staticmethod
    def of(value: object) -> Scalar:
        """``value`` as a Scalar (a number or a parameter becomes a constant)."""
        if isinstance(value, Scalar):
            return value
        return Scalar(const=_coef(value))

    def __add__(self, other: object) -> Scalar:
        o = Scalar.of(other)
        lin, quad = dict(self.lin), dict(self.quad)
        for k, v in o.lin.items():
            lin[k] = lin.get(k, 0) + v
        for k, v in o.quad.items():
            quad[k] = quad.get(k, 0) + v
        return Scalar(_simplest(self.const + o.const), _clean(lin), _clean(quad))

    __radd__ = __add__

    def __neg__(self) -> Scalar:
        return self * -1

    def __sub__(self, other: object) -> Scalar:
        return self + (-Scalar.of(other))

    def __rsub__(self, other: object) -> Scalar:
        return Scalar.of(other) - self

    def __mul__(self, c: Coefficient) -> Scalar:
        c = _coef(c)
        return Scalar(_simplest(c * self.const),
                      _clean({k: c * v for k, v in self.lin.items()}),
                      _clean({k: c * v for k, v in self.quad.items()}))

    __rmul__ = __mul__

    def __truediv__(self, c: Coefficient) -> Scalar:
        return self * (1 / _coef(c))

    def __le__(self, other: object) -> Inequality:  # type: ignore[override]
        return Inequality(self, "<=", Scalar.of(other))

    def __ge__(self, other: object) -> Inequality:  # type: ignore[override]
        return Inequality(self, ">=", Scalar.of(other))

    def vector_leaves(self) -> set[str]:
        """The leaf vectors of its quadratic part."""
        return {x for k in self.quad for x in k}

    def scalar_leaves(self) -> set[str]:
        """The leaf scalars of its linear part."""
        return set(self.lin)

    def parameters(self) -> set[sp.Symbol]:
        """The parameters its coefficients involve."""
        out: set[sp.Symbol] = set(sp.sympify(self.const).free_symbols)
        for v in [*self.lin.values(), *self.quad.values()]:
            out |= v.free_symbols
        return out

    def subs(self, values: Mapping) -> Scalar:
        """The coefficients with parameters replaced."""
        return Scalar(sp.sympify(self.const).subs(values),
                      _clean({k: v.subs(values) for k, v in self.lin.items()}),
                      _clean({k: v.subs(values) for k, v in self.quad.items()}))

    def coefficient_matrix(self, order: Iterable[str]) -> sp.Matrix:
        """The symmetric matrix Q with ``quadratic part = Σ Q[a, b]⟨a, b⟩`` over ``order``."""
        order = list(order)
        index = {n: i for i, n in enumerate(order)}
        q = sp.zeros(len(order), len(order))
        for (a, b), c in self.quad.items():
            i, j = index[a], index[b]
            if i == j:
                q[i, i] += c
            else:
                q[i, j] += c / 2
                q[j, i] += c / 2
        return q

    def is_zero(self) -> bool:
        """No term at all."""
        return sp.sympify(self.const) == 0 and not self.lin and not self.quad

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scalar) and sp.sympify(self.const) == sp.sympify(other.const) \
            and dict(self.lin) == dict(other.lin) and dict(self.quad) == dict(other.quad)

    def __hash__(self) -> int:
        return hash((str(self.const), tuple(sorted(map(str, self.lin.items()))),
                     tuple(sorted(map(str, self.quad.items())))))

    def __repr__(self) -> str:
        parts: list[tuple[sp.Expr, str]] = []
        for (a, b), c in self.quad.items():
            parts.append((c, f"‖{a}‖²" if a == b else f"⟨{a}, {b}⟩"))
        parts += [(c, k) for k, c in self.lin.items()]
        if sp.sympify(self.const) != 0:
            parts.append((sp.sympify(self.const), ""))
        return _show(parts) or "0"


def _show(parts: list[tuple[sp.Expr, str]]) -> str:
    out = ""
    for c, name in parts:
        c = sp.sympify(c)
        neg = c.could_extract_minus_sign()
        mag = -c if neg else c
        if not name:
            term = str(mag)
        elif mag == 1:
            term = name
        else:
            s = str(mag)
            term = f"({s}){name}" if any(ch in s for ch in "+- ") else f"{s}{name}"
        if not out:
            out = f"-{term}" if neg else term
        else:
            out += f" - {term}" if neg else f" + {term}"
    return out


@dataclass(frozen=True)
class Inequality:
    """``lhs ≤ rhs`` or ``lhs ≥ rhs`` between Scalars; ``lhs`` may be a :class:`Minimum`."""

    lhs: Scalar | Minimum
    rel: str
    rhs: Scalar

    def slack(self) -> list[Scalar]:
        """The quantities that are ``≥ 0`` when it holds: one, or one per term of a minimum
        (the minimum is ``≤ rhs`` when one of them is ``≥ 0``)."""
        if isinstance(self.lhs, Minimum):
            if self.rel != "<=":
                raise ValueError("a minimum is supported only on the left of ≤")
            return [self.rhs - t for t in self.lhs.terms]
        return [self.rhs - self.lhs] if self.rel == "<=" else [self.lhs - self.rhs]

    def __repr__(self) -> str:
        return f"{self.lhs!r} {'≤' if self.rel == '<=' else '≥'} {self.rhs!r}"


@dataclass(frozen=True)
class Both:
    """Every one of ``parts`` holds: ``|a| ≤ b`` is ``a ≤ b`` and ``−a ≤ b``; ``a = b`` is
    ``a ≤ b`` and ``a ≥ b``. Each part is decided alone (``ClassClaim.parts``)."""

    parts: tuple[Inequality, ...]
    rel: str = "<="  #: the relation as printed ("<=" for an absolute value, "=")

    def slack(self) -> list[Scalar]:
        """Every part's quantities (for the symbols they use: a proof needs each part)."""
        return [s for p in self.parts for s in p.slack()]

    @property
    def lhs(self) -> Scalar | Minimum:
        return self.parts[0].lhs

    @property
    def rhs(self) -> Scalar:
        return self.parts[0].rhs

    def __repr__(self) -> str:
        return " and ".join(repr(p) for p in self.parts)


@dataclass(frozen=True)
class Minimum:
    """``min(terms)``: a claim ``min ≤ r`` holds when some term is ``≤ r``."""

    terms: tuple[Scalar, ...]

    def __le__(self, other: object) -> Inequality:  # type: ignore[override]
        return Inequality(self, "<=", Scalar.of(other))

    def __repr__(self) -> str:
        return f"min({', '.join(map(repr, self.terms))})"


def minimum(*terms: Scalar) -> Minimum:
    """``min(t_1, ..., t_k)`` for the left side of a claim."""
    return Minimum(tuple(Scalar.of(t) for t in terms))
