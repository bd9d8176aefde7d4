"""Claims for every number of steps N, and the induction that reduces them to one step.

A :class:`HorizonClaim` states ``Q(x_N) ≤ r(N)·P(x_0)`` for every ``N ≥ first``, where the
iterates follow a one-step update. Four inductions reduce it to claims about a single step, each
a :class:`~symbolic.classes.statement.ClassClaim` (the step ones with the step index ``k`` as a
parameter, ``k ≥ 0``):

- **geometric** (``r(N) = r(0)·ρ^N``, ``ρ ≥ 0``): the step ``Q(x_{k+1}) ≤ ρ·Q(x_k)`` and the
  base ``Q(x_0) ≤ r(0)·P(x_0)``;
- **geometric on P** (the same rate, ``r(0) ≥ 0``, no hypothesis on the start): the step
  ``P(x_{k+1}) ≤ ρ·P(x_k)`` and ``Q(x) ≤ r(0)·P(x)`` at every point (a distance that
  contracts, and a value bounded by the distance);
- **telescoping** (a sum ``c(N)·Σ_{k=0}^{N+o} q(x_k) ≤ r(N)·P(x_0)``, ``a = c(N)/r(N)``
  free of N): the step ``a·q(x_k) ≤ P(x_k) − P(x_{k+1})`` and ``P ≥ 0``;
- **potential** (``r(N) = C/(pN + q)``, ``pN + q > 0``): with ``φ_k = (pk + q)·Q(x_k) +
  C'·P(x_k)``, the step ``φ_{k+1} ≤ φ_k`` for every ``k ≥ 0``, the base ``φ_0 ≤ C·P(x_0)``
  and ``P ≥ 0``; then ``(pN + q)·Q(x_N) ≤ φ_N ≤ φ_0 ≤ C·P(x_0)`` (a telescoping sum).

:func:`inductions` lists the candidate reductions with the obligations each needs; the
kernel re-derives them from the claim and checks every obligation's certificate.

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES
    >>> L = sp.Symbol("L", positive=True)
    >>> N = sp.Symbol("N", integer=True, positive=True)
    >>> h = HorizonClaim("gd-every-N", CLASSES["smooth-convex"].instance(L=L),
    ...                  lambda f, x, k: x - f.grad(x) / L,
    ...                  lambda f, xN, x0, xs, n: f(xN) - f(xs) <= L * (x0 - xs).norm2() / (2 * n),
    ...                  N)
    >>> [i.kind for i in inductions(h)]  # φ with C' = C, C/2, C/4
    ['potential', 'potential', 'potential']
    >>> inductions(h)[0].obligations[0][0]
    'step: φ_{k+1} ≤ φ_k with φ_k = 2*k·Q(x_k) + L·P(x_k)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import sympy as sp

from symbolic.classes.declarations import ClassInstance
from symbolic.classes.gram import Inequality, Scalar, Vec
from symbolic.classes.statement import (
    ClassClaim,
    Function,
    minimiser_of,
    named_values,
    shown_conditions,
)

#: the step index of an induction step's claims
K = sp.Symbol("k", nonnegative=True)

Update = Callable[[Function, Vec, sp.Expr], Vec]
Conclusion = Callable[[Function, Vec, Vec, Vec, sp.Expr], Inequality]


@dataclass
class IterateSum:
    """``c(N)·Σ_{k=0}^{N+offset} q(x_k) ≤ r(N)·P(x_0)``: a bound on a sum over the iterates
    (the average squared gradient of gradient descent, say)."""

    coefficient: sp.Expr  #: c(N)
    summand: Callable[[Function, Vec], Scalar]  #: q at a point
    rate: sp.Expr  #: r(N)
    bound: Callable[[Function, Vec], Scalar]  #: P at a point
    offset: int = 0


@dataclass
class HorizonClaim:
    """``conclusion(f, x_N, x_0, x_*, N)`` for every ``N ≥ first`` and every f of ``cls``,
    where ``x_{k+1} = update(f, x_k, k)``; ``hypotheses(f, x_0, x_*)`` on the start."""

    id: str
    cls: ClassInstance
    update: Update
    conclusion: Conclusion
    N: sp.Symbol
    first: int = 1
    hypotheses: Callable[[Function, Vec, Vec], Sequence[Inequality]] = lambda f, x0, xs: ()
    parameters: Mapping[sp.Symbol, sp.Basic] = field(default_factory=dict)
    text: str = ""
    #: coefficients ``c`` of a printed ``‖a‖ ≤ c‖b‖`` read squared because ``c ≥ 0`` was shown
    #: where the parameters' conditions hold (the kernel shows it again)
    squared: tuple[sp.Expr, ...] = ()
    consumed: tuple[str, ...] = ()  #: conditions of the text read into the method (h = 1/L)
    #: the conclusion is a bound on a sum over the iterates (``conclusion`` is then unused)
    total: IterateSum | None = None
    #: how the statement names the function and its iterates (``ℒ``, ``w``), for describe
    names: tuple[str, str] = ("f", "x")
    #: names the text gives a value (``\kappa := L/\mu``) that the claim reads as it: shown
    named: tuple[tuple[str, str], ...] = ()
    #: the printed name read as the function's minimiser (``x^*``, ``w_*``), if any
    minimizer: str = ""

    def where(self) -> str:
        """The values of the names the text defines, as shown after the claim."""
        return named_values(self.named)

    def _sum_text(self) -> tuple[str, str]:
        t = self.total
        f = Function("f", self.cls)
        upper = self.N + t.offset
        return (f"{t.coefficient}·Σ_{{k=0}}^{{{upper}}} {t.summand(f, f.point('x_k'))!r}",
                f"{t.rate}·({t.bound(f, f.point('x_0'))!r})")

    def __repr__(self) -> str:
        name, x = self.names
        if self.total is not None:
            f = Function(name, self.cls)
            lhs, rhs = self._sum_text()
            return (f"{lhs} ≤ {rhs} for every {self.N} ≥ {self.first}, {x}_{{k+1}} = "
                    f"{self.update(f, f.point(f'{x}_k'), K)!r}  [{name} {self.cls.name}]")
        f = Function(name, self.cls)
        xk = f.point(f"{x}_k")
        step = self.update(f, xk, K)
        g = Function(name, self.cls)
        xn, x0, xs = g.point(f"{x}_{self.N}"), g.point(f"{x}_0"), g.global_minimizer(f"{x}_*")
        hyp = "".join(f" if {h!r}" for h in self.hypotheses(g, x0, xs))
        return (f"{self.conclusion(g, xn, x0, xs, self.N)!r}{hyp} for every {self.N} ≥ "
                f"{self.first}, {x}_{{k+1}} = {step!r}  [{name} {self.cls.name}]")

    def as_claim(self, source: str = ""):
        """This statement as a :class:`~symbolic.Claim` (see
        :meth:`symbolic.classes.ClassClaim.as_claim`)."""
        from symbolic.claim import Claim
        from symbolic.classes.statement import placeholder
        if self.total is not None:
            lhs, rhs = self._sum_text()
            return Claim(self.id, placeholder(lhs), "<=", placeholder(rhs),
                         source=source or self.text, classes=self)
        g = Function("f", self.cls)
        xn, x0, xs = g.point("x_N"), g.point("x_0"), g.global_minimizer()
        c = self.conclusion(g, xn, x0, xs, self.N)
        return Claim(self.id, placeholder(repr(c.lhs)), c.rel, placeholder(repr(c.rhs)),
                     source=source or self.text, classes=self)

    def describe(self) -> str:
        """Its quantifiers in words: the class, the method, the steps."""
        name, x = self.names
        f = Function(name, self.cls)
        step = self.update(f, f.point(f"{x}_k"), K)
        conds = shown_conditions(self.parameters)
        return (f"for every {name} {self.cls.name}{minimiser_of(self.minimizer, name)}, "
                f"{x}_{{k+1}} = {step!r} and every "
                f"{self.N} ≥ {self.first}" + (f", {', '.join(conds)}" if conds else ""))

    def instance(self, n: int) -> ClassClaim:
        """The claim for ``N = n`` (the iterates written out)."""
        if self.total is not None:
            return self._sum_instance(n)
        f = Function("f", self.cls)
        x0, xs = f.point("x_0"), f.global_minimizer()
        x = x0
        for k in range(n):
            x = self.update(f, x, sp.Integer(k))
            f.at(x, f"x_{k + 1}")
        conclusion = self.conclusion(f, x, x0, xs, sp.Integer(n))
        _defined(conclusion, n)
        return ClassClaim(f"{self.id}[N={n}]", conclusion,
                          [f], list(self.hypotheses(f, x0, xs)), dict(self.parameters))

    def _sum_instance(self, n: int) -> ClassClaim:
        t = self.total
        f = Function("f", self.cls)
        xs = [f.point("x_0")]
        for k in range(n + t.offset + 1):  # one iterate past the sum: what a proof uses
            xs.append(self.update(f, xs[-1], sp.Integer(k)))
            f.at(xs[-1], f"x_{k + 1}")
        total = Scalar()
        for x in xs[:n + t.offset + 1]:
            total = total + t.summand(f, x)
        value = sp.Integer(n)
        conclusion = total * t.coefficient.subs(self.N, value) <= \
            t.bound(f, xs[0]) * t.rate.subs(self.N, value)
        _defined(conclusion, n)
        return ClassClaim(f"{self.id}[N={n}]", conclusion, [f], [], dict(self.parameters))

    def shape(self) -> tuple[Callable[[Function, Vec, Vec], Scalar],
                             Callable[[Function, Vec, Vec], Scalar], sp.Expr] | None:
        """``(Q, P, r)`` with the conclusion ``Q(x_N) ≤ r(N)·P(x_0)`` (Q of x_N and x_*, P
        of x_0 and x_*), or None when it has another form."""
        if self.total is not None:
            return None
        f = Function("f", self.cls)
        xn, x0, xs = f.point("x_N"), f.point("x_0"), f.global_minimizer()
        c = self.conclusion(f, xn, x0, xs, self.N)
        if not isinstance(c, Inequality) or not isinstance(c.lhs, Scalar) or c.rel != "<=" \
                or f.norms:
            return None  # an unsquared norm: no Gram form to induct on
        lhs, rhs = c.lhs, c.rhs
        tags = {"x_0": "x_N", "∇f(x_0)": "∇f(x_N)", "f(x_0)": "f(x_N)"}
        if self.N in lhs.parameters() or _mentions(lhs, set(tags)) or \
                _mentions(rhs, set(tags.values())):
            return None
        terms = [rhs.const, *rhs.lin.values(), *rhs.quad.values()]
        lead = next((sp.sympify(t) for t in terms if sp.sympify(t) != 0), None)
        if lead is None:
            return None
        p_shape = rhs / lead
        if self.N in p_shape.parameters():
            return None
        r = sp.factor(lead)

        def q(f: Function, x: Vec, xs: Vec, _lhs=lhs) -> Scalar:
            return _rename(_lhs, f, x, xs, "x_N")

        def p(f: Function, x: Vec, xs: Vec, _p=p_shape) -> Scalar:
            return _rename(_p, f, x, xs, "x_0")
        return q, p, r


def _mentions(s: Scalar, names: set[str]) -> bool:
    return bool(names & (s.vector_leaves() | s.scalar_leaves()))


def _rename(s: Scalar, f: Function, x: Vec, xs: Vec, tag: str) -> Scalar:
    """``s`` (written at the point ``tag``, with ``x_*``) at the point ``x`` of ``f``."""
    d = f._datum(x)
    ds = f._datum(xs)
    vec = {tag: x, f"∇f({tag})": d.g, "x_*": xs}
    sca = {f"f({tag})": d.f, "f(x_*)": ds.f}
    out = Scalar.of(s.const)
    for k, c in s.lin.items():
        out = out + sca[k] * c
    for (a, b), c in s.quad.items():
        out = out + vec[a].inner(vec[b]) * c
    return out


def _used(parameters: Mapping[sp.Symbol, sp.Basic], *sides: Scalar
          ) -> dict[sp.Symbol, sp.Basic]:
    """The conditions on the parameters ``sides`` involve (a claim without the others is
    stronger: it holds for every value of them)."""
    used = set().union(*(s.parameters() for s in sides if isinstance(s, Scalar)))
    return {p: c for p, c in parameters.items() if p in used}


@dataclass
class Induction:
    """A reduction of a horizon claim to claims about one step (see the module docstring)."""

    kind: str  #: "geometric", "geometric on P", "potential" or "telescoping"
    obligations: list[tuple[str, ClassClaim]]  #: (what it shows, the claim)
    argument: str  #: how they give the claim
    requires: list[sp.Basic] = field(default_factory=list)  #: facts about the rate, each True


def _one_step(h: HorizonClaim, with_hypotheses: bool):
    f = Function("f", h.cls)
    xk, xs = f.point("x_k"), f.global_minimizer()
    nxt = h.update(f, xk, K)
    f.at(nxt, "x_{k+1}")
    hyp = list(h.hypotheses(f, xk, xs)) if with_hypotheses else []
    return f, xk, nxt, xs, hyp


def inductions(h: HorizonClaim) -> list[Induction]:
    """The reductions of ``h`` its conclusion's shape allows (none for other shapes)."""
    if h.total is not None:
        return _telescoping(h)
    shape = h.shape()
    if shape is None:
        return []
    q, p, r = shape
    n = h.N
    out: list[Induction] = []
    rho = sp.simplify(r.subs(n, n + 1) / r)
    if not rho.has(n) and rho.is_nonnegative is not False:
        r0 = sp.simplify(r.subs(n, 0))
        f, xk, nxt, xs, _ = _one_step(h, False)
        step = ClassClaim(f"{h.id}:step", q(f, nxt, xs) <= rho * q(f, xk, xs), [f],
                          parameters=dict(h.parameters))
        f0 = Function("f", h.cls)
        x0, xs0 = f0.point("x_0"), f0.global_minimizer()
        hyps = list(h.hypotheses(f0, x0, xs0))
        base = ClassClaim(f"{h.id}:base", q(f0, x0, xs0) <= r0 * p(f0, x0, xs0), [f0],
                          hyps, _used(h.parameters, q(f0, x0, xs0), r0 * p(f0, x0, xs0),
                                      *(s for i in hyps for s in (i.lhs, i.rhs))))
        out.append(Induction("geometric", [
            (f"step: Q(x_{{k+1}}) ≤ {rho}·Q(x_k)", step),
            (f"base: Q(x_0) ≤ {r0}·P(x_0)", base)],
            f"Q(x_N) ≤ ({rho})^N·Q(x_0) ≤ ({rho})^N·{r0}·P(x_0) = r(N)·P(x_0)",
            [sp.Ge(rho, 0), sp.Eq(sp.simplify(r - r0 * rho ** n), 0)]))
        if not hyps:
            f, xk, nxt, xs, _ = _one_step(h, False)
            through = ClassClaim(f"{h.id}:step", p(f, nxt, xs) <= rho * p(f, xk, xs), [f],
                                 parameters=dict(h.parameters))
            fq = Function("f", h.cls)
            xq, xsq = fq.point("x"), fq.global_minimizer()
            last = ClassClaim(f"{h.id}:last", q(fq, xq, xsq) <= r0 * p(fq, xq, xsq), [fq],
                              parameters=_used(h.parameters, q(fq, xq, xsq),
                                               r0 * p(fq, xq, xsq)))
            out.append(Induction("geometric on P", [
                (f"step: P(x_{{k+1}}) ≤ {rho}·P(x_k)", through),
                (f"last: Q(x) ≤ {r0}·P(x) at every point", last)],
                f"Q(x_N) ≤ {r0}·P(x_N) ≤ {r0}·({rho})^N·P(x_0) = r(N)·P(x_0)",
                [sp.Ge(rho, 0), sp.Ge(r0, 0), sp.Eq(sp.simplify(r - r0 * rho ** n), 0)]))
        return out
    inv = sp.cancel(1 / r)
    num, den = sp.fraction(inv)
    if den.has(n) or not sp.Poly(num, n).degree() == 1:
        return out
    a, b = sp.Poly(num, n).all_coeffs()
    # 1/r(N) = (a·N + b)/den = (p·N + q)/C with C = den
    pk, qk, c = sp.factor(a), sp.factor(b), sp.factor(den)
    for share in (sp.Integer(1), sp.Rational(1, 2), sp.Rational(1, 4)):
        cc = sp.factor(c * share)

        def phi(f, x, xs, k, cc=cc):
            return q(f, x, xs) * (pk * k + qk) + p(f, x, xs) * cc
        f, xk, nxt, xs, _ = _one_step(h, False)
        step = ClassClaim(f"{h.id}:step", phi(f, nxt, xs, K + 1) <= phi(f, xk, xs, K), [f],
                          parameters=dict(h.parameters))
        obligations = [(f"step: φ_{{k+1}} ≤ φ_k with φ_k = {pk * K + qk}·Q(x_k) + {cc}·P(x_k)",
                        step)]
        if qk != 0 or share != 1:
            f0 = Function("f", h.cls)
            x0, xs0 = f0.point("x_0"), f0.global_minimizer()
            obligations.append(("base: φ_0 ≤ C·P(x_0)", ClassClaim(
                f"{h.id}:base", phi(f0, x0, xs0, sp.Integer(0)) <= c * p(f0, x0, xs0), [f0],
                list(h.hypotheses(f0, x0, xs0)), dict(h.parameters))))
        fp = Function("f", h.cls)
        xp, xsp = fp.point("x"), fp.global_minimizer()
        obligations.append(("P ≥ 0", ClassClaim(f"{h.id}:P", p(fp, xp, xsp) >= 0, [fp],
                                                 parameters=dict(h.parameters))))
        out.append(Induction("potential", obligations,
                             f"({pk * n + qk})·Q(x_N) ≤ φ_N ≤ φ_0 ≤ {c}·P(x_0), "
                             f"and {pk * n + qk} > 0 for N ≥ {h.first}",
                             [sp.Ge(pk, 0), sp.Gt(pk * h.first + qk, 0), sp.Gt(c, 0),
                              sp.Ge(cc, 0)]))
    return out


def _telescoping(h: HorizonClaim) -> list[Induction]:
    """For ``c(N)·Σ_{k=0}^{M} q(x_k) ≤ r(N)·P(x_0)`` with ``a = c(N)/r(N)`` free of N: the
    step ``a·q(x_k) ≤ P(x_k) − P(x_{k+1})`` and ``P ≥ 0`` give, summed,
    ``a·Σ_{k=0}^{M} q(x_k) ≤ P(x_0) − P(x_{M+1}) ≤ P(x_0)``; then ``c(N)·Σ ≤ (c(N)/a)·P(x_0)
    = r(N)·P(x_0)`` (``c(N) ≥ 0``, ``a > 0``)."""
    t = h.total
    if t.rate == 0:
        return []
    a = sp.factor(sp.cancel(t.coefficient / t.rate))
    if a.has(h.N):
        return []
    f = Function("f", h.cls)
    xk = f.point("x_k")
    nxt = h.update(f, xk, K)
    f.at(nxt, "x_{k+1}")
    step = ClassClaim(f"{h.id}:step", t.summand(f, xk) * a <= t.bound(f, xk) - t.bound(f, nxt),
                      [f], parameters=dict(h.parameters))
    fp = Function("f", h.cls)
    xp = fp.point("x")
    positive = ClassClaim(f"{h.id}:P", t.bound(fp, xp) >= 0, [fp],
                          parameters=_used(h.parameters, t.bound(fp, xp)))
    return [Induction("telescoping", [
        (f"step: {a}·q(x_k) ≤ P(x_k) − P(x_{{k+1}})", step), ("P ≥ 0", positive)],
        f"{a}·Σ_{{k=0}}^{{M}} q(x_k) ≤ P(x_0) − P(x_{{M+1}}) ≤ P(x_0), so "
        f"c(N)·Σ ≤ (c(N)/({a}))·P(x_0) = r(N)·P(x_0)",
        [sp.Gt(a, 0), sp.Ge(t.coefficient, 0)])]


def _defined(conclusion: object, n: int) -> None:
    """Raise ``ValueError`` when a coefficient of ``conclusion`` has no value at ``N = n``
    (``L‖x₀ − x*‖²/(2n)`` at n = 0): the statement is not defined where its range allows."""
    parts = getattr(conclusion, "parts", None) or (conclusion,)
    for part in parts:
        for side in (part.lhs, part.rhs):
            for term in getattr(side, "terms", None) or (side,):
                values = [term.const, *term.lin.values(), *term.quad.values()]
                if any(sp.sympify(v).has(sp.zoo, sp.nan, sp.oo, -sp.oo) for v in values):
                    raise ValueError(f"the statement has no value at n = {n} (a division by "
                                     "zero): its range allows a value where it is not defined")
