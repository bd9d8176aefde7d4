"""Function classes, one declaration each: parameters, interpolation conditions, reference.

A class is declared by the conditions that data ``{(x_i, g_i, f_i)}`` (points, gradients,
values) satisfy when they come from a function of the class:

- ``pair(i, j) ≥ 0`` for every ordered pair of distinct points, and
- ``point(i) ≥ 0`` for every point (a bound on the gradient, for Lipschitz classes).

``interpolating`` says the conditions are also *sufficient*: data satisfying them come from
some function of the class (the interpolation theorems of Taylor, Hendrickx and Glineur 2017),
so a counterexample made of such data refutes a claim for the whole class. When it is False the
conditions are only necessary: they prove claims, and a refutation needs an explicit function.
``tests/symbolic/classes/test_declarations.py`` checks every declaration on explicit members.

Example:
    >>> import sympy as sp
    >>> L = sp.Symbol("L", positive=True)
    >>> c = CLASSES["smooth-convex"].instance(L=L)
    >>> c.name
    'convex and L-smooth'
    >>> p = Datum.leaves("0"); q = Datum.leaves("1")
    >>> c.pair(p, q)
    -⟨g1, x0⟩ + ⟨g1, x1⟩ - 1/(2*L)‖g0‖² + 1/L⟨g0, g1⟩ - 1/(2*L)‖g1‖² + f0 - f1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import sympy as sp

from symbolic.classes.gram import Scalar, Vec


@dataclass(frozen=True)
class Datum:
    """One point of the data: ``x``, the gradient ``g = ∇f(x)`` and the value ``f = f(x)``."""

    x: Vec
    g: Vec
    f: Scalar

    @staticmethod
    def leaves(tag: str) -> Datum:
        """The datum of fresh leaves ``x<tag>, g<tag>, f<tag>``."""
        return Datum(Vec.leaf(f"x{tag}"), Vec.leaf(f"g{tag}"), Scalar.leaf(f"f{tag}"))


PairCondition = Callable[[Mapping[str, sp.Expr], Datum, Datum], Scalar]
#: the condition at a point; the minimiser's datum is given when the function has one
PointCondition = Callable[[Mapping[str, sp.Expr], Datum, "Datum | None"], "Scalar | None"]
#: whether ½ Σ h_i x_i² (diagonal h) is a member, at given parameter values
QuadraticMember = Callable[[Mapping[str, sp.Expr], list], bool]


@dataclass(frozen=True)
class FunctionClass:
    """A declared class (see the module docstring). ``parameters``: name -> the condition it
    must satisfy, as a function of the parameters (``L > 0``). ``weights``: how each parameter
    scales when x is multiplied by a and f by b: ``(power of a, power of b)`` (L: ``(-2, 1)``).
    ``convex``: its stationary points are minimisers."""

    key: str
    title: str  #: "convex and {L}-smooth"
    parameters: Mapping[str, Callable[[Mapping[str, sp.Expr]], sp.Expr]]
    weights: Mapping[str, tuple[int, int]]
    pair_condition: PairCondition | None
    point_condition: PointCondition | None = None
    interpolating: bool = True
    convex: bool = True
    reference: str = ""
    words: tuple[str, ...] = ()  #: how texts name it ("L-smooth and convex")
    quadratic: QuadraticMember | None = None  #: which diagonal quadratics are members
    stationary_minimizer: bool | None = None  #: a stationary point is a global minimiser
    #: (None: as ``convex``)
    #: its values are 0 and its "gradients" are normal vectors (the indicator of a set)
    zero_values: bool = False

    @property
    def has_minimizer(self) -> bool:
        """Whether a point with zero gradient is a minimiser (convex classes, PL)."""
        return self.convex if self.stationary_minimizer is None else self.stationary_minimizer

    def instance(self, **params: object) -> ClassInstance:
        """The class with its parameters given (symbols or numbers)."""
        missing = set(self.parameters) - set(params)
        extra = set(params) - set(self.parameters)
        if missing or extra:
            raise ValueError(f"{self.key} takes the parameters {sorted(self.parameters)}; "
                             f"given {sorted(params)}")
        return ClassInstance(self, {k: sp.sympify(v) for k, v in params.items()})


@dataclass(frozen=True)
class ClassInstance:
    """A class with its parameters (``L = 1``, or the symbol ``L``)."""

    cls: FunctionClass
    params: Mapping[str, sp.Expr] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The class in words, parameters as given."""
        from symbolic.pretty import pretty

        return self.cls.title.format(**{k: pretty(v) for k, v in self.params.items()})

    def pair(self, i: Datum, j: Datum) -> Scalar:
        """The condition between ``i`` and ``j`` (≥ 0), or the zero Scalar."""
        return self.cls.pair_condition(self.params, i, j) if self.cls.pair_condition \
            else Scalar()

    def point(self, i: Datum, star: Datum | None = None) -> Scalar | None:
        """The condition at ``i`` (≥ 0), if the class has one (``star``: the minimiser's
        datum, when the function has one)."""
        return self.cls.point_condition(self.params, i, star) if self.cls.point_condition \
            else None

    def parameter_conditions(self) -> list[sp.Expr]:
        """What the parameters must satisfy (relations of SymPy)."""
        return [c(self.params) for c in self.cls.parameters.values()]


def _convex(p, i: Datum, j: Datum) -> Scalar:
    # f_i ≥ f_j + ⟨g_j, x_i − x_j⟩
    return i.f - j.f - j.g.inner(i.x - j.x)


def _smooth_convex(p, i: Datum, j: Datum) -> Scalar:
    # f_i ≥ f_j + ⟨g_j, x_i − x_j⟩ + 1/(2L)‖g_i − g_j‖²
    return _convex(p, i, j) - (i.g - j.g).norm2() / (2 * p["L"])


def _strongly_convex(p, i: Datum, j: Datum) -> Scalar:
    # f_i ≥ f_j + ⟨g_j, x_i − x_j⟩ + μ/2‖x_i − x_j‖²
    return _convex(p, i, j) - p["mu"] * (i.x - j.x).norm2() / 2


def _smooth_strongly_convex(p, i: Datum, j: Datum) -> Scalar:
    # f_i ≥ f_j + ⟨g_j, x_i − x_j⟩ + 1/(2L)‖g_i − g_j‖² + μ/(2(1 − μ/L))‖x_i − x_j − (g_i − g_j)/L‖²
    L, mu = p["L"], p["mu"]
    d = (i.x - j.x) - (i.g - j.g) / L
    return _smooth_convex(p, i, j) - (mu / (2 * (1 - mu / L))) * d.norm2()


def _smooth(p, i: Datum, j: Datum) -> Scalar:
    # f_i − f_j ≥ −L/4‖x_i − x_j‖² + ½⟨g_i + g_j, x_i − x_j⟩ + 1/(4L)‖g_i − g_j‖²
    L = p["L"]
    dx, dg = i.x - j.x, i.g - j.g
    return (i.f - j.f + L * dx.norm2() / 4 - (i.g + j.g).inner(dx) / 2
            - dg.norm2() / (4 * L))


def _indicator(p, i: Datum, j: Datum) -> Scalar:
    # s_j is normal to the set at x_j: ⟨s_j, x_i − x_j⟩ ≤ 0 (values 0)
    return -j.g.inner(i.x - j.x)


def _lipschitz_point(p, i: Datum, star: Datum | None = None) -> Scalar:
    # ‖g_i‖ ≤ M
    return Scalar.of(p["M"] ** 2) - i.g.norm2()


def _pl_point(p, i: Datum, star: Datum | None = None) -> Scalar | None:
    # ½‖g_i‖² ≥ μ(f_i − f*): needs the minimiser (f_i ≥ f* follows from it)
    if star is None:
        return None
    return i.g.norm2() / 2 - p["mu"] * (i.f - star.f)


def _all(test):
    return lambda p, h: all(bool(test(p, x)) for x in h)


_TH = "Taylor, Hendrickx and Glineur (2017), Smooth strongly convex interpolation"
_TC = "Taylor, Hendrickx and Glineur (2017), Exact worst-case performance ... composite"
CLASSES: dict[str, FunctionClass] = {c.key: c for c in [
    FunctionClass(
        "convex", "convex", {}, {}, _convex,
        reference=f"{_TH}, Theorem 1 (closed convex proper functions)",
        words=("convex",), quadratic=_all(lambda p, x: x >= 0)),
    FunctionClass(
        "smooth-convex", "convex and {L}-smooth", {"L": lambda p: p["L"] > 0},
        {"L": (-2, 1)}, _smooth_convex,
        reference=f"{_TH}, Theorem 4 (F_0,L)", words=("convex", "smooth"),
        quadratic=_all(lambda p, x: 0 <= x <= p["L"])),
    FunctionClass(
        "strongly-convex", "{mu}-strongly convex", {"mu": lambda p: p["mu"] > 0},
        {"mu": (-2, 1)}, _strongly_convex,
        reference=f"{_TH}, Corollary 2 (F_mu,inf)", words=("strongly convex",),
        quadratic=_all(lambda p, x: x >= p["mu"])),
    FunctionClass(
        "smooth-strongly-convex", "{mu}-strongly convex and {L}-smooth",
        {"L": lambda p: p["L"] > 0, "mu": lambda p: sp.And(p["mu"] > 0, p["mu"] < p["L"])},
        {"L": (-2, 1), "mu": (-2, 1)}, _smooth_strongly_convex,
        reference=f"{_TH}, Theorem 4 (F_mu,L, 0 < mu < L)",
        words=("strongly convex", "smooth"),
        quadratic=_all(lambda p, x: p["mu"] <= x <= p["L"])),
    FunctionClass(
        "smooth", "{L}-smooth", {"L": lambda p: p["L"] > 0}, {"L": (-2, 1)}, _smooth,
        convex=False, reference=f"{_TC}, Theorem 3.10 (smooth functions)",
        words=("smooth",), quadratic=_all(lambda p, x: -p["L"] <= x <= p["L"])),
    FunctionClass(
        "lipschitz-convex", "convex and {M}-Lipschitz", {"M": lambda p: p["M"] > 0},
        {"M": (-1, 1)}, _convex, _lipschitz_point,
        reference=f"{_TC}, Theorem 3.5 (convex functions with bounded subgradients)",
        words=("convex", "Lipschitz")),
    FunctionClass(
        "indicator", "the indicator of a closed convex set", {}, {}, _indicator,
        reference=f"{_TC}, indicator functions of closed convex sets: data (x_i, s_i) with "
                  "⟨s_j, x_i − x_j⟩ ≤ 0 for every i, j come from one (the set their convex "
                  "hull, s_i in its normal cones)",
        words=("indicator",), zero_values=True),
    FunctionClass(
        "smooth-pl", "{L}-smooth and {mu}-Polyak-Łojasiewicz",
        {"L": lambda p: p["L"] > 0, "mu": lambda p: sp.And(p["mu"] > 0, p["mu"] <= p["L"])},
        {"L": (-2, 1), "mu": (-2, 1)}, _smooth, _pl_point, interpolating=False, convex=False,
        stationary_minimizer=True,
        reference=f"{_TC}, Theorem 3.10 (smooth functions), with the PL inequality "
                  "½‖∇f(x)‖² ≥ μ(f(x) − f*) at every point (necessary conditions only: "
                  "refutations need an explicit member)",
        words=("smooth", "Polyak-Łojasiewicz"),
        quadratic=_all(lambda p, x: x == 0 or p["mu"] <= x <= p["L"])),
]}
