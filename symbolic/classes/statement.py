"""Statements about every function of a class: functions, iterates, class claims.

A :class:`ClassClaim` says: for every function of the declared classes and every data the
hypotheses allow, the conclusion holds. Its quantities are :mod:`symbolic.classes.gram`
expressions of finitely many points, gradients and values, so the claim is decided by the
interpolation conditions between those points (:meth:`ClassClaim.conditions`).

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, Function, gradient_descent
    >>> L = sp.Symbol("L", positive=True)
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    >>> x0, xs = f.point("x_0"), f.minimizer()
    >>> x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    >>> claim = ClassClaim("gd-1", f(x1) - f(xs) <= L * (x0 - xs).norm2() / 6, [f])
    >>> claim
    f(x_1) - f(x_*) ≤ L/6‖x_0‖² - L/3⟨x_*, x_0⟩ + L/6‖x_*‖²  [f convex and L-smooth]
    >>> len(claim.conditions())  # every ordered pair of x_0, x_1, x_*
    6
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import sympy as sp

from symbolic.classes.declarations import ClassInstance, Datum
from symbolic.classes.gram import Both, Inequality, Scalar, Vec


class Function:
    """An abstract function of a class; ``f(x)`` is its value at a point, ``f.grad(x)`` its
    gradient, each a leaf made the first time the point is used."""

    def __init__(self, name: str, cls: ClassInstance):
        self.name, self.cls = name, cls
        self.data: list[tuple[str, Vec, Datum]] = []  # (label, point, datum)
        self._minimizer: str | None = None
        self.norms: dict[str, Vec] = {}  #: unsquared norms: leaf name -> the vector
        self.bounded_below = False  #: ``inf f`` is used: every value is at least it
        #: x* is a global minimiser of a class whose stationary points need not be one
        #: (:meth:`global_minimizer`): every value is at least f(x*)
        self.global_minimum = False

    def point(self, label: str) -> Vec:
        """A free point ``label`` of the domain (a leaf vector)."""
        x = Vec.leaf(label)
        self._datum(x, label)
        return x

    def minimizer(self, label: str = "x_*") -> Vec:
        """A minimiser: a point whose gradient is zero (for a convex class, a minimiser)."""
        if not self.cls.cls.has_minimizer:
            raise ValueError(f"a {self.cls.name} function need not attain a minimum at a "
                             "stationary point: state the claim with f.point and a hypothesis, "
                             "or use f.global_minimizer()")
        x = Vec.leaf(label)
        d = Datum(x, Vec.zero(), Scalar.leaf(f"{self.name}({label})"))
        self.data.append((label, x, d))
        self._minimizer = label
        return x

    def global_minimizer(self, label: str = "x_*") -> Vec:
        """A global minimiser of a class whose stationary points need not be minimisers (an
        L-smooth f): its gradient is zero and every value is at least f(x*). For an
        L-smooth class, each point x also brings the point x − ∇f(x)/L, whose value is at
        least f(x*) too (what bounds ‖∇f(x)‖² by f(x) − f(x*)). These conditions are
        necessary only (data meeting them need not come from a function with its minimum at
        x*), so a claim using it is proved by them, refuted only by an explicit member.

        >>> import sympy as sp
        >>> from symbolic.classes import CLASSES
        >>> f = Function("f", CLASSES["smooth"].instance(L=1))
        >>> xs = f.global_minimizer()
        >>> x = f.point("x")
        >>> ClassClaim("c", f.grad(x).norm2() / 2 <= f(x) - f(xs), [f]).conditions()[-1].label
        'f: x⁺ above its minimum'
        """
        if self.cls.cls.has_minimizer:
            return self.minimizer(label)
        x = Vec.leaf(label)
        d = Datum(x, Vec.zero(), Scalar.leaf(f"{self.name}({label})"))
        self.data.append((label, x, d))
        self._minimizer = label
        self.global_minimum = True
        return x

    def descent_points(self) -> None:
        """For a global minimiser of an L-smooth class: the point x − ∇f(x)/L of each point
        x that has none yet (labelled ``x⁺``)."""
        L = self.cls.params.get("L")
        if not self.global_minimum or L is None:
            return
        for label, x, d in list(self.data):
            if label == self._minimizer or label.endswith("⁺") or \
                    any(lab == label + "⁺" for lab, _, _ in self.data):
                continue
            self.at(x - d.g * (1 / L), label + "⁺")

    def infimum(self) -> Scalar:
        """``inf f`` (finite), as a scalar leaf: every value of f is at least it. Its
        conditions ``f(x) ≥ inf f`` at the points are necessary only (data meeting them need
        not come from a function with that infimum), so a claim using it is proved, never
        refuted by data."""
        self.bounded_below = True
        return Scalar.leaf(f"inf {self.name}")

    def _datum(self, x: Vec, label: str | None = None, g: Vec | None = None) -> Datum:
        for _, y, d in self.data:
            if y == x:
                return d
        label = label or (next(iter(x.terms)) if len(x.terms) == 1 else repr(x))
        value = Scalar() if self.cls.cls.zero_values else \
            Scalar.leaf(f"{self.name}({label})")
        d = Datum(x, Vec.leaf(f"∇{self.name}({label})") if g is None else g, value)
        self.data.append((label, x, d))
        return d

    def at(self, x: Vec, label: str, g: Vec | None = None) -> Datum:
        """Register the point ``x`` (an iterate) under ``label``; ``g``: its gradient when
        the statement fixes it (a normal vector the projection made)."""
        return self._datum(x, label, g)

    def __call__(self, x: Vec) -> Scalar:
        return self._datum(x).f

    def grad(self, x: Vec) -> Vec:
        """``∇f(x)``."""
        return self._datum(x).g

    def norm(self, v: Vec) -> Scalar:
        """``‖v‖`` (not squared) as a scalar leaf: no Gram expression, so only data that give
        it a rational value (one dimension, say) evaluate it, and no scaling applies to a
        claim that has one."""
        name = f"‖{v!r}‖"
        self.norms[name] = v
        return Scalar.leaf(name)

    def labels(self) -> list[str]:
        """The labels of its points, in order of first use."""
        return [lab for lab, _, _ in self.data]

    def __repr__(self) -> str:
        return f"{self.name} {self.cls.name}"


def gradient_descent(f: Function, x0: Vec, step: object, steps: int,
                     label: str = "x") -> list[Vec]:
    """The iterates ``x_0, ..., x_N`` of ``x_{k+1} = x_k − step·∇f(x_k)``.

    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES
    >>> f = Function("f", CLASSES["convex"].instance())
    >>> gradient_descent(f, f.point("x_0"), sp.Rational(1, 2), 2)[-1]
    x_0 - 1/2∇f(x_0) - 1/2∇f(x_1)
    """
    xs = [x0]
    for k in range(steps):
        g = f.grad(xs[-1])
        xs.append(xs[-1] - sp.sympify(step) * g)
        f.at(xs[-1], f"{label}_{k + 1}")
    return xs


def projected_gradient_descent(f: Function, K: Function, x0: Vec, step: object, steps: int,
                               label: str = "x") -> list[Vec]:
    """The iterates of ``x_{k+1} = Π_K(x_k − step·∇f(x_k))`` for ``K`` the indicator of a
    closed convex set (``x_0`` in it): ``x_{k+1} = y − s`` with ``y = x_k − step·∇f(x_k)``
    and ``s`` normal to the set at ``x_{k+1}`` (what the projection means), a new leaf.

    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=1))
    >>> K = Function("i_K", CLASSES["indicator"].instance())
    >>> projected_gradient_descent(f, K, K.point("x_0"), 1, 1)[-1]
    x_0 - ∇f(x_0) - n(x_1)
    """
    xs = [x0]
    K.at(x0, f"{label}_0")
    for k in range(steps):
        s = Vec.leaf(f"n({label}_{k + 1})")
        x = xs[-1] - sp.sympify(step) * f.grad(xs[-1]) - s
        K.at(x, f"{label}_{k + 1}", g=s)
        f.at(x, f"{label}_{k + 1}")
        xs.append(x)
    return xs


def constrained_minimizer(f: Function, K: Function, label: str = "x_*") -> Vec:
    """A minimiser of f over the set of the indicator ``K``: a point of the set where
    ``−∇f`` is normal to it (0 ∈ ∇f(x*) + N_K(x*): a minimiser, f convex)."""
    x = f.point(label)
    K.at(x, label, g=-f.grad(x))
    return x


def heavy_ball(f: Function, x0: Vec, step: object, momentum: object, steps: int,
               label: str = "x") -> list[Vec]:
    """Polyak's heavy ball ``x_{k+1} = x_k − step·∇f(x_k) + momentum·(x_k − x_{k−1})`` with
    ``x_{−1} = x_0``."""
    xs, prev = [x0], x0
    for k in range(steps):
        g = f.grad(xs[-1])
        nxt = xs[-1] - sp.sympify(step) * g + sp.sympify(momentum) * (xs[-1] - prev)
        prev = xs[-1]
        xs.append(nxt)
        f.at(nxt, f"{label}_{k + 1}")
    return xs


@dataclass(frozen=True)
class Condition:
    """One quantity that is ``≥ 0`` (or ``= 0`` when ``equality``), with where it comes from."""

    label: str
    value: Scalar
    equality: bool = False


@dataclass
class ClassClaim:
    """``conclusion`` for every function of ``functions``' classes, whenever ``hypotheses``
    hold; ``parameters``: the symbols' conditions beyond their SymPy assumptions."""

    id: str
    conclusion: Inequality | Both
    functions: Sequence[Function]
    hypotheses: Sequence[Inequality] = ()
    parameters: Mapping[sp.Symbol, sp.Basic] = field(default_factory=dict)
    text: str = ""
    #: coefficients ``c`` of a printed ``‖a‖ ≤ c‖b‖`` read squared because ``c ≥ 0`` was shown
    #: where the parameters' conditions hold (the kernel shows it again)
    squared: tuple[sp.Expr, ...] = ()
    #: names the text gives a value (``\kappa := L/\mu``) that the claim reads as it: shown
    named: tuple[tuple[str, str], ...] = ()
    #: the printed name read as the functions' minimiser (``x^*``, ``w_*``), if any
    minimizer: str = ""

    def __post_init__(self) -> None:
        for f in self.functions:
            f.descent_points()

    def where(self) -> str:
        """The values of the names the text defines, as shown after the claim."""
        return named_values(self.named)

    def conditions(self) -> list[Condition]:
        """The interpolation conditions of every function between every ordered pair of its
        distinct points, and at every point, then the hypotheses (computed once for the
        points the functions have)."""
        for f in self.functions:
            f.descent_points()
        key = tuple(len(f.data) for f in self.functions)
        cached = self.__dict__.get("_conditions_cache")
        if cached is None or cached[0] != key:
            self.__dict__["_conditions_cache"] = (key, self._conditions())
        return list(self.__dict__["_conditions_cache"][1])

    def _conditions(self) -> list[Condition]:
        out: list[Condition] = []
        for f in self.functions:
            data = f.data
            star = next((d for lab, _, d in data if lab == f._minimizer), None)
            for li, _, di in data:
                for lj, _, dj in data:
                    if li != lj:
                        c = f.cls.pair(di, dj)
                        if not c.is_zero():
                            out.append(Condition(f"{f.name}: {li} vs {lj}", c))
                at = f.cls.point(di, star if di is not star else None)
                if at is not None:
                    out.append(Condition(f"{f.name}: at {li}", at))
                if f.bounded_below:
                    out.append(Condition(f"{f.name}: {li} above its infimum",
                                         di.f - f.infimum()))
                if f.global_minimum and di is not star:
                    out.append(Condition(f"{f.name}: {li} above its minimum", di.f - star.f))
        for k, h in enumerate(self.hypotheses):
            for s in h.slack():
                out.append(Condition(f"hypothesis {k + 1}", s))
        return out

    @property
    def norms(self) -> dict[str, Vec]:
        """The unsquared norms the claim uses (leaf name -> vector)."""
        return {k: v for f in self.functions for k, v in f.norms.items()}

    def parts(self) -> list[ClassClaim]:
        """The claims that must all hold: one per part of a :class:`Both` conclusion
        (``<id>:1``, ``<id>:2``), else the claim itself."""
        if not isinstance(self.conclusion, Both):
            return [self]
        return [ClassClaim(f"{self.id}:{k}", part, self.functions, self.hypotheses,
                           self.parameters, self.text, self.squared)
                for k, part in enumerate(self.conclusion.parts, start=1)]

    def targets(self) -> list[Scalar]:
        """The conclusion's quantities (≥ 0 when it holds; one of them, for a minimum)."""
        return self.conclusion.slack()

    def vector_leaves(self) -> list[str]:
        """Every leaf vector, in a fixed order."""
        names: list[str] = []
        for f in self.functions:
            for _, x, d in f.data:
                for n in [*x.terms, *d.g.terms]:
                    if n not in names:
                        names.append(n)
        for s in [*self.targets(), *(c.value for c in self.conditions())]:
            for n in sorted(s.vector_leaves()):
                if n not in names:
                    names.append(n)
        return names

    def scalar_leaves(self) -> list[str]:
        """Every leaf scalar, in a fixed order."""
        names: list[str] = []
        for s in [*self.targets(), *(c.value for c in self.conditions())]:
            for n in s.lin:
                if n not in names:
                    names.append(n)
        for f in self.functions:
            for _, _, d in f.data:
                for n in d.f.lin:
                    if n not in names:
                        names.append(n)
        return names

    def parameter_symbols(self) -> list[sp.Symbol]:
        """The free parameters, sorted by name."""
        out: set[sp.Symbol] = set()
        for s in [*self.targets(), *(c.value for c in self.conditions())]:
            out |= s.parameters()
        for f in self.functions:
            for v in f.cls.params.values():
                out |= v.free_symbols
        return sorted(out, key=lambda s: s.name)

    def as_claim(self, source: str = ""):
        """This statement as a :class:`~symbolic.Claim` every command takes (``proofcheck
        check my_claims.py``, the runner, the reports): its sides shown as placeholders,
        decided by performance estimation.

        >>> import sympy as sp
        >>> from symbolic.classes import CLASSES
        >>> f = Function("f", CLASSES["convex"].instance())
        >>> x, y = f.point("x"), f.point("y")
        >>> c = ClassClaim("mine:convex", f(y) >= f(x) + f.grad(x).inner(y - x), [f]).as_claim()
        >>> c.id, c.classes is not None
        ('mine:convex', True)
        """
        from symbolic.claim import Claim
        lhs = self.conclusion.lhs
        return Claim(self.id, placeholder(repr(lhs)), self.conclusion.rel,
                     placeholder(repr(self.conclusion.rhs)), source=source or self.text,
                     classes=self)

    def describe(self) -> str:
        """Its quantifiers in words: the functions' classes, the parameters' conditions.

        >>> import sympy as sp
        >>> from symbolic.classes import CLASSES
        >>> f = Function("f", CLASSES["smooth-convex"].instance(L=sp.Symbol("L")))
        >>> x = f.point("x")
        >>> ClassClaim("t", f(x) >= f(x), [f]).describe()
        'for every f convex and L-smooth'
        >>> h = sp.Symbol("h", positive=True)  # a step: its positivity is shown with its bound
        >>> ClassClaim("t", f(x) >= f(x), [f], parameters={h: h < 2 / sp.Symbol("L")}
        ...            ).describe()
        'for every f convex and L-smooth and 0 < h < 2/L'
        """
        out = "for every " + ", ".join(repr(f) for f in self.functions)
        out += minimiser_of(self.minimizer, self.functions[0].name if self.functions else "")
        conds = shown_conditions(self.parameters)
        return out + (f" and {', '.join(conds)}" if conds else "")

    def __repr__(self) -> str:
        classes = ", ".join(repr(f) for f in self.functions)
        hyp = "".join(f" if {h!r}" for h in self.hypotheses)
        return f"{self.conclusion!r}{hyp}  [{classes}]"


def minimiser_of(name: str, function: str) -> str:
    r"""``" with minimiser x*"``: how a claim shows the name it reads as the minimiser.

    >>> minimiser_of("w_*", "ℒ"), minimiser_of("", "f")
    (' with minimiser w_* of ℒ', '')
    """
    if not name:
        return ""
    from symbolic.latex_parse.opaque import display

    return f" with minimiser {display(name)} of {function}"


def named_values(named: Sequence[tuple[str, str]]) -> str:
    r"""``", where κ = L/μ"`` for the names a text gives a value (LaTeX), or ``""``.

    >>> named_values([("\\kappa", "\\tfrac L\\mu")])
    ', where κ = L/μ'
    """
    if not named:
        return ""
    from symbolic.latex_parse.opaque import display

    return ", where " + "; ".join(f"{display(n)} = {display(v)}" for n, v in named)


def shown_conditions(parameters: Mapping[sp.Symbol, sp.Basic]) -> list[str]:
    """The parameters' conditions as shown, with the positivity a parameter is declared with
    (``h ∈ (0, 2/L)`` is ``0 < h < 2/L``, never ``h < 2/L`` alone).

    >>> import sympy as sp
    >>> h, L = sp.Symbol("h", positive=True), sp.Symbol("L")
    >>> shown_conditions({h: h < 2 / L})
    ['0 < h < 2/L']
    """
    from symbolic.pretty import unicode_name

    def shown(e: sp.Basic) -> str:  # "h <= 2/(L + mu)": "h <= 2/(L + μ)"
        return re.sub(r"(?<![A-Za-z])([A-Za-z]{2,})(?![A-Za-z])",
                      lambda m: unicode_name(m.group(1)), str(e))

    conds = []
    for s, c in parameters.items():
        if s.is_positive and isinstance(c, (sp.StrictLessThan, sp.LessThan)) and c.lhs == s:
            conds.append(f"0 < {shown(c)}")
        else:
            conds.append(f"{shown(s)} > 0, {shown(c)}" if s.is_positive else shown(c))
    return conds


#: the first character of a placeholder side: a claim with a class reading shows its sides
#: as written, in symbols no stage but performance estimation may evaluate
PLACEHOLDER = "⟦"


def placeholder(text: str):
    """A symbol showing ``text`` (a side as written) for a claim read about a class.

    >>> placeholder("f(x)")
    ⟦f(x)⟧
    """
    import sympy as sp
    return sp.Symbol(f"{PLACEHOLDER}{text}⟧")
