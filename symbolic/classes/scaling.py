"""Homogeneity: setting two parameters of a class claim to 1 without loss of generality.

If f is in a class with parameter L, then ``b·f(·/a)`` is in the same class with parameter
``b/a²·L``. Scaling points by ``a`` and values by ``b`` (so gradients by ``b/a``) maps the data
of one instance to the data of another; when every relation of the claim (conclusion,
hypotheses, interpolation conditions) is multiplied by a positive factor under this scaling,
the claim holds for all parameter values exactly when it holds for those with two chosen
parameters equal to 1 (their weights must be independent and the parameters positive).

:func:`normalization` infers the weights, *verifies* the homogeneity symbolically and returns
the substitution; the kernel calls it again before it trusts a certificate.

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, ClassClaim, Function, gradient_descent
    >>> L, R = sp.symbols("L R", positive=True)
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    >>> x0, xs = f.point("x_0"), f.minimizer()
    >>> x1 = gradient_descent(f, x0, 1 / L, 1)[-1]
    >>> c = ClassClaim("t", f(x1) - f(xs) <= L * R**2 / 6, [f], [(x0 - xs).norm2() <= R**2])
    >>> normalization(c)
    ({L: 1, R: 1}, [])
"""

from __future__ import annotations

import sympy as sp

from symbolic.classes.gram import Scalar
from symbolic.classes.statement import ClassClaim

_A, _B = sp.symbols("a_scale b_scale", positive=True)


class NotHomogeneous(ValueError):
    """The claim does not scale: no parameter may be set to 1."""


def _vector_kinds(claim: ClassClaim) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for f in claim.functions:
        for _, x, d in f.data:
            for n in x.terms:
                out.setdefault(n, (1, 0))
            for n in d.g.terms:  # a normal vector of a set is any positive multiple
                out.setdefault(n, (1, 0) if f.cls.cls.zero_values else (-1, 1))
    return out


def _relations(claim: ClassClaim) -> list[Scalar]:
    return [*claim.targets(), *(c.value for c in claim.conditions())]


def _monomial_weight(term: sp.Expr, w: dict) -> sp.Matrix:
    out = sp.zeros(2, 1)
    for base, exp in term.as_powers_dict().items():
        if base in w:
            out += exp * w[base]
        elif base.free_symbols & set(w):
            raise NotHomogeneous(f"{base} is not a power of a parameter")
    return out


def _coefficient_weights(c: sp.Expr, w: dict, eqs: list) -> sp.Matrix:
    num, den = sp.fraction(sp.together(c))
    weights = []
    for part in (num, den):
        ms = sp.Add.make_args(sp.expand(part))
        ws = [_monomial_weight(m, w) for m in ms]
        eqs += [ws[0] - v for v in ws[1:]]
        weights.append(ws[0])
    return weights[0] - weights[1]


def infer_weights(claim: ClassClaim) -> dict[sp.Symbol, tuple]:
    """Each parameter's ``(power of a, power of b)``: the class's own from its declaration,
    the others solved for so that every relation is homogeneous (0 where unconstrained)."""
    params = claim.parameter_symbols()
    known: dict[sp.Symbol, sp.Matrix] = {}
    for f in claim.functions:
        for name, value in f.cls.params.items():
            if isinstance(value, sp.Symbol):
                known[value] = sp.Matrix(f.cls.cls.weights[name])
    unknowns = {p: sp.Matrix(sp.symbols(f"wa_{p.name} wb_{p.name}")) for p in params
                if p not in known}
    w = {**known, **unknowns}
    kinds = _vector_kinds(claim)
    eqs: list[sp.Matrix] = []
    for q in _relations(claim):
        weights = []
        if sp.sympify(q.const) != 0:
            weights.append(_coefficient_weights(q.const, w, eqs))
        for _, c in q.lin.items():
            weights.append(sp.Matrix([0, 1]) + _coefficient_weights(c, w, eqs))
        for (u, v), c in q.quad.items():
            ku, kv = kinds.get(u, (1, 0)), kinds.get(v, (1, 0))
            weights.append(sp.Matrix([ku[0] + kv[0], ku[1] + kv[1]])
                           + _coefficient_weights(c, w, eqs))
        eqs += [weights[0] - v for v in weights[1:]]
    flat = [e for m in eqs for e in m if e != 0]
    names = [s for m in unknowns.values() for s in m]
    if flat and not names:
        raise NotHomogeneous("the relations are not homogeneous")
    if flat:
        sols = sp.linsolve(flat, names)
        if not sols:
            raise NotHomogeneous("no weights make every relation homogeneous")
        (sol,) = sols
        sol = [sp.sympify(v).subs(dict.fromkeys(names, 0)) for v in sol]
    else:
        sol = [sp.Integer(0)] * len(names)
    values = dict(zip(names, sol))
    return {p: tuple(m.subs(values)) for p, m in w.items()}


def _parameter_relations(claim: ClassClaim) -> list[sp.Expr]:
    """``lhs − rhs`` of every condition on the parameters (the claim's and the classes')."""
    out = []
    conds = [*claim.parameters.values(),
             *(sp.sympify(c) for f in claim.functions for c in f.cls.parameter_conditions())]
    for c in conds:
        for part in (c.args if isinstance(c, sp.And) else (c,)):
            if isinstance(part, sp.core.relational.Relational):
                out.append(part.lhs - part.rhs)
            elif part is not sp.true:
                out.append(sp.nan)  # a condition of another form: not known to scale
    return out


def verify(claim: ClassClaim, weights: dict[sp.Symbol, tuple]) -> bool:
    """Whether every relation of ``claim`` is multiplied by a positive monomial in (a, b)
    when points scale by a, values by b, gradients by b/a and parameters by their weights,
    and every condition on the parameters too (so that it holds of the scaled parameters
    exactly when it holds of the given ones)."""
    kinds = _vector_kinds(claim)
    sub = {p: _A ** wa * _B ** wb * p for p, (wa, wb) in weights.items()}
    for e in _parameter_relations(claim):
        if e is sp.nan:
            return False
        if e == 0:
            continue
        r = sp.simplify(e.subs(sub, simultaneous=True) / e)
        if r.free_symbols - {_A, _B} or not r.is_positive:
            return False
    for q in _relations(claim):
        scaled = Scalar(sp.sympify(q.const).subs(sub, simultaneous=True),
                        {k: _B * v.subs(sub, simultaneous=True) for k, v in q.lin.items()},
                        {(u, v): _A ** (kinds.get(u, (1, 0))[0] + kinds.get(v, (1, 0))[0])
                         * _B ** (kinds.get(u, (1, 0))[1] + kinds.get(v, (1, 0))[1])
                         * c.subs(sub, simultaneous=True) for (u, v), c in q.quad.items()})
        terms = [sp.sympify(q.const), *q.lin.values(), *q.quad.values()]
        new = [sp.sympify(scaled.const), *scaled.lin.values(), *scaled.quad.values()]
        factor = None
        for old, nw in zip(terms, new):
            if old == 0:
                continue
            r = sp.simplify(nw / old)
            if r.free_symbols - {_A, _B}:
                return False
            if factor is None:
                factor = r
            elif sp.simplify(r - factor) != 0:
                return False
        if factor is not None and not factor.is_positive:
            return False
    return True


def _positive(p: sp.Symbol, claim: ClassClaim) -> bool:
    if p.is_positive:
        return True
    cond = claim.parameters.get(p)
    return cond is not None and (cond == sp.Gt(p, 0) or cond == sp.Lt(0, p))


def normalization(claim: ClassClaim) -> tuple[dict[sp.Symbol, sp.Integer], list[sp.Symbol]]:
    """``(substitution, left)``: up to two positive parameters with independent weights set to
    1 (the class's first), verified by :func:`verify`; ``left``: the parameters still free.
    ``({}, params)`` when the claim does not scale."""
    key = (tuple(len(f.data) for f in claim.functions), tuple(claim.parameters.items()),
           len(claim.hypotheses), claim.conclusion)
    cached = claim.__dict__.get("_normalization")
    if cached is not None and cached[0] == key:
        return dict(cached[1]), list(cached[2])
    sub, left = _normalization(claim)
    claim.__dict__["_normalization"] = (key, dict(sub), list(left))
    return sub, left


def _normalization(claim: ClassClaim) -> tuple[dict[sp.Symbol, sp.Integer], list[sp.Symbol]]:
    params = claim.parameter_symbols()
    if claim.norms:  # ‖v‖ scales as v does, not as a value: no parameter is set to 1
        return {}, params
    try:
        w = infer_weights(claim)
    except NotHomogeneous:
        return {}, params
    if not verify(claim, w):
        return {}, params
    class_params = [v for f in claim.functions for v in f.cls.params.values()
                    if isinstance(v, sp.Symbol)]
    order = [*dict.fromkeys(class_params), *[p for p in params if p not in class_params]]
    chosen: list[sp.Symbol] = []
    for p in order:
        if not _positive(p, claim) or all(v == 0 for v in w[p]):
            continue
        trial = [*chosen, p]
        m = sp.Matrix([list(w[q]) for q in trial])
        if m.rank() == len(trial):
            chosen = trial
        if len(chosen) == 2:
            break
    return {p: sp.Integer(1) for p in chosen}, [p for p in params if p not in chosen]


def parameter_domain(claim: ClassClaim, sub: dict, p: sp.Symbol) -> sp.Interval | None:
    """The values of the free parameter ``p`` the claim allows once ``sub`` is applied: its
    SymPy assumptions, the classes' parameter conditions and the claim's own conditions, as
    one interval (None when they do not make one, or involve another free parameter).

    >>> mu = sp.Symbol("mu", positive=True)
    >>> from symbolic.classes import CLASSES, Function
    >>> L = sp.Symbol("L", positive=True)
    >>> f = Function("f", CLASSES["smooth-strongly-convex"].instance(L=L, mu=mu))
    >>> x = f.point("x")
    >>> parameter_domain(ClassClaim("t", f(x) >= f(x), [f]), {L: 1}, mu)
    Interval.open(0, 1)
    """
    dom: sp.Set = sp.Reals
    if p.is_positive:
        dom = sp.Interval.open(0, sp.oo)
    elif p.is_nonnegative:
        dom = sp.Interval(0, sp.oo)
    conds = [*(sp.sympify(c) for f in claim.functions for c in f.cls.parameter_conditions()),
             *(sp.sympify(c) for c in claim.parameters.values())]
    for cond in conds:
        cond = cond.subs(sub)
        if cond is sp.true:
            continue
        if cond is sp.false:
            return None
        if cond.free_symbols - {p}:
            return None
        parts = cond.args if isinstance(cond, sp.And) else (cond,)
        for part in parts:
            if part.free_symbols != {p}:
                if sp.simplify(part) is not sp.true:
                    return None
                continue
            dom = dom.intersect(sp.solve_univariate_inequality(part, p, relational=False))
    return dom if isinstance(dom, sp.Interval) and dom.measure > 0 else None
