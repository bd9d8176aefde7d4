r"""Statements about a function of a class, read from a paper: "Let $f$ be convex and
$L$-smooth. Then $\langle \nabla f(x) - \nabla f(y), x - y\rangle \ge \frac1L\|\nabla f(x) -
\nabla f(y)\|^2$."

The function's classes come from the words the sentence reader found ("$f$ is convex and
$L$-smooth", "$\mu$-strongly convex", "$\nabla f$ is $L$-Lipschitz") or from Nesterov's
notation (``f \in \mathcal{F}^{1,1}_L``, ``\mathcal{S}^{1,1}_{\mu,L}``); the formula is read
into the Gram form by :mod:`symbolic.classes.latex`; conditions on the parameters (``0 < h <
2/L``) become the claim's parameter conditions. What is not read makes the reading fail with
the reason: the statement then stays unread, never guessed.

Example:
    >>> got = read_class_statement("t", r"f(y) \ge f(x) + \langle \nabla f(x), y - x\rangle",
    ...                            [("f", "convex")], [])
    >>> got.claim, got.left
    (f(y) ≥ ⟨y, ∇f(x)⟩ - ⟨x, ∇f(x)⟩ + f(x)  [f convex], [])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import sympy as sp

from numeric.kernel.semialgebraic import nonnegative
from symbolic.classes import CLASSES, ClassClaim, ClassInstance, Function
from symbolic.classes.gram import Scalar, Vec
from symbolic.classes.horizon import HorizonClaim, IterateSum
from symbolic.classes.latex import Context, NotGram, parameter, read_relation, read_vector
from symbolic.latex_parse import parse_props
from symbolic.latex_parse.opaque import fractions
from symbolic.pretty import unicode_name

_PARAM = r"(?P<p>\\?[A-Za-z]+(?:_\{?\w+\}?)?)"
_WORDS = [
    (re.compile(rf"^{_PARAM}\s*-\s*strongly convex$"), "mu"),
    (re.compile(rf"^{_PARAM}\s*-\s*smooth$"), "L"),
    (re.compile(rf"^{_PARAM}\s*-\s*Lipschitz$"), "M"),
    (re.compile(r"^convex$"), "convex"),
]
#: Nesterov's classes: F^{1,1}_L (convex, L-smooth), S^{1,1}_{mu,L}
_SETS = [
    (re.compile(r"\\mathcal\s*\{?F\}?\s*\^\s*\{\s*1\s*,\s*1\s*\}\s*_\s*\{?\s*" + _PARAM
                + r"\s*\}?"), ("convex", "L")),
    (re.compile(r"\\mathcal\s*\{?S\}?\s*\^\s*\{\s*1\s*,\s*1\s*\}\s*_\s*\{\s*\{?\s*(?P<m>\\?"
                r"[A-Za-z]+)\s*\}?\s*,\s*\{?\s*" + _PARAM + r"\s*\}?\s*\}"), ("mu", "L")),
]


@dataclass
class ClassReading:
    """A statement read as a :class:`ClassClaim` (or a :class:`HorizonClaim`, for every
    number of steps), with what the reading left."""

    claim: ClassClaim | HorizonClaim
    left: list[str] = field(default_factory=list)
    consumed: list[str] = field(default_factory=list)  #: conditions read into the claim


def class_of(words: Sequence[str], params: dict[str, sp.Symbol]) -> ClassInstance:
    """The declared class that the words (``convex``, ``L-smooth``, ``\\mu-strongly convex``,
    ``G-Lipschitz``) name together; ValueError for a combination not declared."""
    have: dict[str, sp.Symbol | bool] = {}
    for w in words:
        for pattern, what in _WORDS:
            m = pattern.match(w.strip())
            if m:
                have[what] = True if what == "convex" else parameter(m.group("p"), params)
                break
        else:
            raise ValueError(f"the class {w!r} is not declared")
    if "mu" in have:
        have["convex"] = True  # strongly convex is convex
    convex = bool(have.get("convex"))
    if "L" in have and "mu" in have:
        return CLASSES["smooth-strongly-convex"].instance(L=have["L"], mu=have["mu"])
    if "L" in have:
        return CLASSES["smooth-convex" if convex else "smooth"].instance(L=have["L"])
    if "mu" in have:
        return CLASSES["strongly-convex"].instance(mu=have["mu"])
    if "M" in have and convex:
        return CLASSES["lipschitz-convex"].instance(M=have["M"])
    if convex and "M" not in have:
        return CLASSES["convex"].instance()
    raise ValueError(f"no declared class is {' and '.join(words)}")


def set_classes(text: str) -> list[tuple[str, list[str]]]:
    r"""``(function, words)`` for ``f \in \mathcal{F}^{1,1}_L`` and the like in ``text``."""
    out = []
    for pattern, kinds in _SETS:
        for m in pattern.finditer(text):
            before = text[:m.start()]
            f = re.search(r"(\\mathcal\s*\{?\w\}?|\\?[A-Za-z]+)\s*\\in\s*$", before)
            if not f:
                continue
            name = re.sub(r"\s+", "", f.group(1))
            words = ["convex", f"{m.group('p')}-smooth"] if kinds == ("convex", "L") else \
                [f"{m.group('m')}-strongly convex", f"{m.group('p')}-smooth"]
            out.append((name, words))
    return out


_GRADIENT_LIPSCHITZ = re.compile(
    r"\\nabla\s*(\\mathcal\s*\{?\w\}?|\\?[A-Za-z]+)\s*(?:\$|\\\))?\s*(?:is|be|being)\s+"
    r"(?:\$|\\\()\s*(\\?[A-Za-z]+)\s*(?:\$|\\\))\s*-\s*Lipschitz")


#: "a (loss) function with $L$-Lipschitz gradient": the function is not named
_WITH_LIPSCHITZ_GRADIENT = re.compile(
    r"\b(?:[Ff]or|[Cc]onsider|[Gg]iven|[Tt]ake)\s+(?:a|an|any)\s+(?:[a-z]+\s+)?function\s+"
    r"with\s+(?:an?\s+)?(?:\$|\\\()\s*"
    r"(\\?[A-Za-z]+)\s*(?:\$|\\\))\s*-\s*Lipschitz(?:\s+continuous)?\s+gradients?\b")


def gradient_lipschitz(text: str) -> list[tuple[str, list[str]]]:
    r"""``(function, ["L-smooth"])`` for "$\nabla f$ is $L$-Lipschitz" in ``text``; the
    function is ``""`` for "a function with $L$-Lipschitz gradient" (it is then the one
    function whose gradient the statement takes, if there is one).

    >>> gradient_lipschitz(r"Let $\nabla f$ be $L$-Lipschitz continuous.")
    [('f', ['L-smooth'])]
    >>> gradient_lipschitz(r"For a loss function with $L$-Lipschitz gradient, …")
    [('', ['L-smooth'])]
    """
    return [(re.sub(r"\s+", "", m.group(1)), [f"{m.group(2)}-smooth"])
            for m in _GRADIENT_LIPSCHITZ.finditer(text)] + \
        [("", [f"{m.group(1)}-smooth"]) for m in _WITH_LIPSCHITZ_GRADIENT.finditer(text)]


#: "the loss $f$ has Lipschitz continuous gradient", "$\nabla f$ is Lipschitz continuous":
#: the class of a function whose gradient's constant is not named (the misspelling
#: "continuos" included: it is printed so)
_UNNAMED_LIPSCHITZ_GRADIENT = [
    re.compile(r"(?:\$|\\\()\s*(\\mathcal\s*\{?\w\}?|\\?[A-Za-z]+)\s*(?:\$|\\\))\s+(?:has|have|with)\s+"
               r"(?:an?\s+)?(Lipschitz(?:[- ]continuo?u?s)?\s+gradients?)\b"
               r"(?!\s*,?\s*(?:with|of)\s+(?:an?\s+|the\s+)?(?:constant|modulus|parameter))"),
    re.compile(r"\\nabla\s*(\\mathcal\s*\{?\w\}?|\\?[A-Za-z]+)\s*(?:\$|\\\))\s*(?:is|be|being)\s+"
               r"(Lipschitz(?:[- ]continuo?u?s)?)\b(?!\s*-)"
               r"(?!\s*,?\s*(?:with|of)\s+(?:an?\s+|the\s+)?(?:constant|modulus|parameter))"),
]


def unnamed_gradient_lipschitz(text: str) -> list[tuple[str, str]]:
    r"""``(function, words)`` for a function said to have a Lipschitz gradient whose constant
    ``text`` does not name: the statement's one constant may be it (the reader says so).

    >>> unnamed_gradient_lipschitz(r"If the loss $f$ has Lipschitz continuos gradient, then")
    [('f', 'Lipschitz continuos gradient')]
    >>> unnamed_gradient_lipschitz(r"Let $\nabla f$ be $L$-Lipschitz.")
    []
    """
    return [(re.sub(r"\s+", "", m.group(1)), m.group(2))
            for pattern in _UNNAMED_LIPSCHITZ_GRADIENT for m in pattern.finditer(text)]


def gradient_of(latex: str) -> str | None:
    r"""The one function whose gradient ``latex`` takes (``\nabla f(x)``), or None.

    >>> gradient_of(r"\|\nabla\mathcal{L}(w_k)\|^2 \le \mathcal{L}(w_0)")
    '\\mathcal{L}'
    """
    names = {re.sub(r"\s+", "", m.group(1)) for m in re.finditer(
        r"\\nabla\s*(\\mathcal\s*\{?\w\}?|\\?[A-Za-z]+)\s*\(", latex)}
    return names.pop() if len(names) == 1 else None


def read_class_statement(cid: str, latex: str, classes: Sequence[tuple[str, str]],
                         conditions: Sequence[str], definitions: Sequence[str] = (),
                         body: str = "") -> ClassReading | str:
    """The statement ``latex`` about the functions of ``classes`` (``(name, class words)``),
    under ``conditions`` (LaTeX), as a class claim; or why it is not read. A statement about
    the terms of a sequence (``x_0``, ``x_n``) is read for every n when ``definitions`` give
    its recurrence (``x_{k+1} = x_k - h\\nabla f(x_k)``) or ``body`` says "gradient descent
    with step size $h$"."""
    params: dict[str, sp.Symbol] = {}
    by_name: dict[str, list[str]] = {}
    for name, what in classes:
        by_name.setdefault(re.sub(r"\s+", "", name), []).append(what)
    functions: dict[str, Function] = {}
    try:
        for name, words in by_name.items():
            functions[name] = Function(_printed(name), class_of(words, params))
    except ValueError as e:
        return str(e)
    if len(functions) != 1:
        return "statements about several functions of classes are not read yet"
    named: list[tuple[str, str]] = []
    skipped: list[tuple[str, str]] = []
    consumed = _named_values(params, definitions, conditions, named, skipped)
    for name, text in skipped:  # "let $z = 2y$. Then $f(z) \le …$": never a free point
        if _mentions_name(latex, name):
            return (f"not read as a statement about the class: {name} is defined ({text}), "
                    "and the reading does not take the definition")
    conditions = [c for c in conditions if c not in consumed]
    if _SUM.match(latex):
        got = _sum_horizon(cid, latex, functions, params, conditions, definitions, body)
        if isinstance(got, ClassReading):
            got.claim.named = tuple(n for n in named if _mentions_name(latex, n[0]))
        return got
    ctx = Context(functions, params, nonnegative=_sign_decider(conditions, params, functions))
    try:
        relation = read_relation(latex, ctx)
    except ValueError as e:  # NotGram, or what the class refuses (a nonconvex minimiser)
        return f"not read as a statement about the class: {e}"
    terms = _sequence_terms(ctx.points)
    if terms:
        got = _horizon(cid, latex, functions, params, ctx, terms, conditions, definitions,
                       body)
        if isinstance(got, ClassReading):
            got.consumed += consumed
            got.claim.named = tuple(n for n in named if _mentions_name(latex, n[0]))
            got.claim.minimizer = ctx.minimizer or ""
        return got
    parameters, left = _parameter_conditions(conditions, params, functions)
    claim = ClassClaim(cid, relation, list(functions.values()), parameters=parameters,
                       text=latex, squared=tuple(ctx.squared),
                       named=tuple(n for n in named if _mentions_name(latex, n[0])),
                       minimizer=ctx.minimizer or "")
    for s in claim.parameter_symbols():
        if s not in parameters and not _class_parameter(s, functions):
            left.append(f"{s}: its range is not stated (read as any positive number)")
    return ClassReading(claim, left, consumed)


def _mentions_name(latex: str, name: str) -> bool:
    """Whether ``latex`` writes ``name`` (``\\kappa``, ``h``) as a name of its own."""
    return re.search(rf"(?<![A-Za-z\\]){re.escape(name)}(?![A-Za-z])", latex) is not None


def _sign_decider(conditions: Sequence[str], params: dict, functions: dict[str, Function]
                  ) -> Callable[[sp.Expr], bool]:
    """Decides ``c ≥ 0`` wherever the parameters' conditions (the statement's, read when
    asked, and the classes') hold, exactly (:func:`numeric.kernel.semialgebraic.nonnegative`):
    what squaring a printed ``‖a‖ ≤ c‖b‖`` needs."""
    def decide(c: sp.Expr) -> bool:
        parameters, _ = _parameter_conditions(conditions, params, functions)
        domain = [*parameters.values(),
                  *(sp.sympify(x) for f in functions.values()
                    for x in f.cls.parameter_conditions())]
        return nonnegative(c, domain)
    return decide


def _named_values(params: dict, definitions: Sequence[str], conditions: Sequence[str],
                  named: list[tuple[str, str]] | None = None,
                  skipped: list[tuple[str, str]] | None = None) -> list[str]:
    r"""Names given a value by a definition (``\kappa := L/\mu``) or an equality among the
    conditions (``h = 2/(L+\mu)``), in terms of the parameters already known: each such
    name stands for its value from then on (``params``). Returns the conditions used."""
    from symbolic.latex_parse import parse_expr

    used = []
    for text in [*definitions, *conditions]:
        m = re.fullmatch(r"\s*(\\?[A-Za-z]+(?:\s*(?:\^|_)\s*(?:\{[^{}]*\}|\\?\w))*)\s*(?::=|=|"
                         r"\\coloneqq)\s*(.+?)\s*[.,]?\s*", text, re.S)
        if not m or m.group(1) in params:
            continue
        if not re.fullmatch(r"\\?[A-Za-z]+", m.group(1)):  # x^* = 2y, w_0 = …: a point
            if skipped is not None:
                skipped.append((m.group(1), text))
            continue
        known = {s.name: s for s in params.values() if isinstance(s, sp.Symbol)}
        try:
            value = parse_expr(m.group(2), dict(known))
        except ValueError:
            value = None
        if isinstance(value, sp.Expr):
            value = value.subs({v: known[v.name] for v in value.free_symbols if v.name in known})
        if not isinstance(value, sp.Expr) or not value.free_symbols <= set(known.values()) \
                or (not value.is_real and value.free_symbols == set()):
            if skipped is not None:  # z = 2y: a point the reading would take as free
                skipped.append((m.group(1), text))
            continue
        params[m.group(1)] = value
        if text in conditions:
            used.append(text)
        elif named is not None:  # \kappa := L/\mu: shown with the claim
            named.append((m.group(1), m.group(2)))
    return used


def _parameter_conditions(conditions: Sequence[str], params: dict,
                          functions: dict[str, Function]
                          ) -> tuple[dict[sp.Symbol, sp.Basic], list[str]]:
    """The conditions on the parameters, each kept under the one parameter it bounds (not a
    class's own, when there is one), and what was not read."""
    left: list[str] = []
    parameters: dict[sp.Symbol, sp.Basic] = {}
    symbols = {v for v in params.values() if isinstance(v, sp.Symbol)}
    known = {k: v for k, v in params.items() if isinstance(v, sp.Symbol)}  # as written: \mu
    for c in conditions:
        if set_classes(c):
            continue  # f \in \mathcal{F}^{1,1}_L: the class, read above
        if _SPACE_MEMBERSHIP.fullmatch(c) or _FINITE_INFIMUM.fullmatch(c):
            continue  # x \in \mathbb{R}^d, \inf f > -\infty: what the reading takes
        try:
            props = parse_props(c, dict(known))
        except ValueError:
            left.append(f"a condition not read: {c}")  # \nabla f(x^*) = 0: never dropped
            continue
        by_name = {k.lstrip("\\"): v for k, v in params.items()}
        for p in props:
            rel = _relation(p.lhs, p.rel.value, p.rhs)
            plain = {v: sp.Symbol(v.name, real=True)
                     for v in sp.sympify(p.lhs).free_symbols | sp.sympify(p.rhs).free_symbols}
            loose = _relation(sp.sympify(p.lhs).subs(plain), p.rel.value,
                              sp.sympify(p.rhs).subs(plain))  # without the symbols' signs
            rel = rel.subs({v: by_name[v.name] for v in rel.free_symbols if v.name in by_name})
            if rel is sp.true:
                zero = {v: 0 for v in loose.free_symbols
                        if getattr(by_name.get(v.name), "is_positive", False)}
                try:  # 0 ≤ h allows h = 0; L/h ≤ 1 has no value there
                    at_zero = loose.subs(zero) if zero else sp.false
                except (TypeError, ValueError, ZeroDivisionError):
                    at_zero = sp.false
                if loose is not sp.true and at_zero is sp.true:
                    left.append(f"a parameter read as positive (the class's are): {c} allows "
                                "the value 0")  # "0 \le h \le 2/(L + \mu)": h > 0 is read
                continue
            if rel is sp.false:
                left.append(f"a condition that fails for every value: {c}")
                continue
            free = rel.free_symbols
            if not free or not free <= symbols:
                if free and not _INDEX_RANGE.fullmatch(c):  # k \ge 0: the recurrence's index
                    left.append(f"a condition not read: {c}")
                continue
            own = sorted((s for s in free if not _class_parameter(s, functions)), key=str)
            if len(own) > 1:
                left.append(f"a condition on several parameters not read: {c}")
                continue
            s = own[0] if own else sorted(free, key=str)[0]
            parameters[s] = sp.And(parameters[s], rel) if s in parameters else rel
    return parameters, left


_SPACE_MEMBERSHIP = re.compile(r"\s*[\\\w{}^*_,\s]+\\in\s*\\mathbb\s*\{?R\}?\s*"
                               r"(?:\^\s*(?:\{[^{}]*\}|\w))?\s*")
_INDEX_RANGE = re.compile(r"\s*[ijktnNT]\s*(?:\\geq?|\\geqslant|>|=)\s*[01]\s*")
_FINITE_INFIMUM = re.compile(r"\s*\\inf(?![A-Za-z]).*(?:>|\\gt)\s*-\s*\\infty\s*")
_TERM = re.compile(r"(\\?[A-Za-z]+)_\{?\s*(\w+)\s*\}?$")
_STEP_WORDS = re.compile(r"(?:step[- ]?size|learning[- ]rate|stepsize)\s*(?:of\s*)?"
                         r"(?:\$|\\\(|\\\[)\s*(\\?[A-Za-z]+)\s*(?:=\s*([^$]+?))?\s*"
                         r"(?:\$|\\\)|\\\])", re.I)


def _horizon(cid: str, latex: str, functions: dict[str, Function],
             params: dict[str, sp.Symbol], ctx: Context, terms: list[str],
             conditions: Sequence[str], definitions: Sequence[str],
             body: str) -> ClassReading | str:
    """A statement about ``x_0`` and ``x_n`` read for every n (see read_class_statement)."""
    why = f"{', '.join(terms)} are terms of a sequence: the method that makes them is not read"
    parts = [_TERM.match(t.replace(" ", "")) for t in terms]
    if any(p is None for p in parts) or len({p.group(1) for p in parts}) != 1:
        return why
    base = parts[0].group(1)
    indices = {p.group(2) for p in parts}
    index = [i for i in indices if not i.isdigit()]
    if len(terms) != 2 or "0" not in indices or len(index) != 1 or not index[0].isalpha():
        return why
    n = index[0]
    others = [p for p in ctx.points if p not in terms and p != ctx.minimizer]
    if others or len(functions) != 1:
        return why
    (fname, fn), = functions.items()
    cls = fn.cls
    left: list[str] = []
    method = _method(base, functions, params, definitions, body, why)
    if isinstance(method, str):
        return method
    update, set_step = method
    N = sp.Symbol(n, integer=True, positive=True)
    star = ctx.minimizer
    first = _first(n, conditions)
    if first is None:
        first = 1
        left.append(f"the range of {n} is not stated: read as {n} ≥ 1")

    def points(x0, xN, xs):
        return {f"{base}_0": x0, f"{base}_{{0}}": x0, f"{base}_{n}": xN,
                f"{base}_{{{n}}}": xN, **({star: xs} if star else {})}

    squared: dict = {}

    def conclusion(f, xN, x0, xs, value):
        here = Context({fname: f}, {**params, n: value}, points=points(x0, xN, xs),
                       nonnegative=_sign_decider(conditions, params, functions))
        relation = read_relation(latex, here)
        squared[value] = tuple(here.squared)
        return relation

    consumed = _consumed(conditions, set_step)
    parameters, more = _parameter_conditions(
        [c for c in conditions if not re.fullmatch(rf"\s*{re.escape(n)}\s*(\\geq?|"
                                                  r"\\geqslant|>)\s*\d+\s*", c)],
        params, functions)
    left += more
    claim = HorizonClaim(cid, cls, update, conclusion, N, first=first, text=latex,
                         consumed=consumed, parameters=parameters,
                         names=(fn.name, as_text(base)))
    try:
        claim.instance(first)
        claim.shape()
    except (NotGram, KeyError, ValueError, TypeError) as e:
        return f"{why}: {e}"
    claim.squared = squared.get(N, ())
    return ClassReading(claim, left)


def _method(base: str, functions: dict[str, Function], params: dict,
            definitions: Sequence[str], body: str, why: str
            ) -> tuple[Callable, tuple[str, str] | None] | str:
    """The update of the iterates ``base_k``: the recurrence among ``definitions``
    (``x_{k+1} = x_k - h\\nabla f(x_k)``), or "gradient descent with step size $h$" in
    ``body``; with the step's name and value when the text sets it there (``h = 1/L``); or
    why not (``why`` first)."""
    (fname, _), = functions.items()
    step_rhs, var = None, "k"
    for d in definitions:
        m = re.match(rf"\s*{re.escape(base)}\s*_\s*\{{\s*([a-z])\s*\+\s*1\s*\}}\s*=\s*(.+)$",
                     d, re.S)
        if m:
            var, step_rhs = m.group(1), m.group(2).strip().rstrip(".,")
    step, set_step = None, None
    if step_rhs is None:
        if not re.search(r"gradient\s+descent", body, re.I):
            return why
        m = _STEP_WORDS.search(body)
        if m is None:
            return f"{why} (gradient descent, but no step size named)"
        step = parameter(m.group(1), params) if not m.group(2) else None
        if m.group(2):
            set_step = (m.group(1), m.group(2))
            try:
                step = read_relation(f"0 \\le {m.group(2)}", Context(functions, params)).rhs
                step = sp.sympify(step.const) if not step.lin and not step.quad else None
            except NotGram:
                step = None
            if step is None:
                return f"{why} (a step size not read: {m.group(2)})"

    def update(f, x, k, _rhs=step_rhs, _step=step):
        if _rhs is None:
            return x - _step * f.grad(x)
        here = Context({fname: f}, {**params, var: k},
                       points={f"{base}_{var}": x, f"{base}_{{{var}}}": x})
        known = len(f.data)
        out = read_vector(_rhs, here)
        foreign = [label for label, point, _ in f.data[known:] if point != x]
        if foreign:  # x_{k-1}, y_k: a method with more than the last iterate (momentum)
            raise NotGram(f"the update uses {', '.join(foreign)}, not only {base}_{var}: a "
                          "method with memory or a second sequence is not read")
        return out
    return update, set_step


def _consumed(conditions: Sequence[str], set_step: tuple[str, str] | None) -> tuple[str, ...]:
    """The conditions that only repeat the step the method set (``h = 1/L``)."""
    if set_step is None:
        return ()
    name, value = set_step
    return tuple(c.strip() for c in conditions if re.fullmatch(
        rf"\s*{re.escape(name)}\s*=\s*{re.escape(value)}\s*", c))


#: ``\frac1{n}\sum_{k=0}^{n} q(x_k) \le …``: a bound on a sum over the iterates
_SUM = re.compile(
    r"^\s*(?P<avg>\\[dt]?frac\s*(?:\{\s*1\s*\}|1)\s*(?:\{\s*(?P<n1>[a-zA-Z])\s*\}|"
    r"(?P<n2>[a-zA-Z])))?\s*\\sum_\{?\s*(?P<k>[a-z])\s*=\s*0\s*\}?\s*\^\s*(?:\{\s*"
    r"(?P<n3>[a-zA-Z])\s*(?P<off>[-+]\s*1)?\s*\}|(?P<n4>[a-zA-Z]))\s*(?P<body>.+?)\s*"
    r"\\(?:leq?|leqslant)(?![A-Za-z])\s*(?P<rhs>.+?)\s*[.,]?\s*$", re.S)


def _sum_horizon(cid: str, latex: str, functions: dict[str, Function], params: dict,
                 conditions: Sequence[str], definitions: Sequence[str], body: str
                 ) -> ClassReading | str:
    """``\\frac1{n}\\sum_{k=0}^{n} q(w_k) \\le r(n)·P(w_0)`` for every n, the iterates
    following the method the text gives (see :func:`_method`)."""
    m = _SUM.match(latex)
    n = m.group("n3") or m.group("n4")
    k = m.group("k")
    if m.group("avg") and (m.group("n1") or m.group("n2")) != n:
        return "a sum whose average is over another count: not read"
    bm = re.search(rf"(\\?[A-Za-z]+)\s*_\s*\{{?\s*{k}\s*\}}?", m.group("body"))
    if bm is None or len(functions) != 1:
        return "a sum whose terms are not iterates: not read"
    if re.search(r"(?<![{(\[^_])\s*[+-]", _ungrouped(m.group("body"))):
        return "a sum followed by more terms: which of them it takes is not read"
    base = bm.group(1)
    why = f"a sum over the iterates {base}_{k}: the method that makes them is not read"
    method = _method(base, functions, params, definitions, body, why)
    if isinstance(method, str):
        return method
    update, set_step = method
    (fname, fn), = functions.items()
    N = sp.Symbol(n, integer=True, positive=True)

    params[n] = N  # the count: a symbol of the bound, not a parameter with a condition

    def at(text: str, f: Function, x: Vec, index: str) -> Scalar:
        here = Context({fname: f}, params,
                       points={f"{base}_{index}": x, f"{base}_{{{index}}}": x})
        return read_relation(f"0 \\le {text}", here).rhs

    try:
        probe = Function("f", fn.cls)
        rhs = at(m.group("rhs"), probe, probe.point("x_0"), "0")
        q = at(m.group("body"), probe, probe.point("x_k"), k)
    except (ValueError, KeyError, TypeError) as e:
        return f"{why}: {e}"
    terms = [sp.sympify(t) for t in [rhs.const, *rhs.lin.values(), *rhs.quad.values()]
             if sp.sympify(t) != 0]
    if not terms or q.parameters() & {N} or probe.labels() != ["x_0", "x_k"]:
        return f"{why}: the bound is not r({n})·P({base}_0)"
    index = params.get(k) if k != n else None
    if index is not None and (q.parameters() | rhs.parameters()) & {index}:
        return (f"{why}: the index {k} stands outside the iterates' subscripts (a term that "
                "changes with the index is not read)")
    lead = sp.factor(terms[0])

    def bound(f: Function, x: Vec) -> Scalar:
        b = at(m.group("rhs"), f, x, "0")
        return Scalar(sp.cancel(sp.sympify(b.const) / lead),
                      {t: sp.cancel(v / lead) for t, v in b.lin.items()},
                      {t: sp.cancel(v / lead) for t, v in b.quad.items()})

    if (bound(probe, probe.point("x_0")).parameters() & {N}):
        return f"{why}: the bound is not r({n})·P({base}_0)"
    left: list[str] = []
    first = _first(n, conditions)
    if first is None:
        first = 1
        left.append(f"the range of {n} is not stated: read as {n} ≥ 1")
    if first < 1:
        return f"{why}: {n} = 0 is allowed (read for {n} ≥ 1 only)"
    parameters, more = _parameter_conditions(
        [c for c in conditions if not re.fullmatch(rf"\s*{re.escape(n)}\s*(\\geq?|"
                                                  r"\\geqslant|>)\s*\d+\s*", c)],
        params, functions)
    total = IterateSum(1 / N if m.group("avg") else sp.Integer(1),
                       lambda f, x: at(m.group("body"), f, x, k), lead, bound,
                       {"+1": 1, "-1": -1}.get(re.sub(r"\s", "", m.group("off") or ""), 0))
    claim = HorizonClaim(cid, fn.cls, update, None, N, first=first, text=latex,
                         consumed=_consumed(conditions, set_step), parameters=parameters,
                         total=total, names=(fn.name, as_text(base)))
    try:
        claim.instance(first)
    except (ValueError, KeyError, TypeError) as e:
        return f"{why}: {e}"
    return ClassReading(claim, [*left, *more])


def _ungrouped(text: str) -> str:
    """``text`` with its braced, bracketed and normed groups removed (what is at top level)."""
    out = re.sub(r"\\\|.*?\\\|", "N", text)
    for _ in range(6):
        out = re.sub(r"\{[^{}]*\}|\([^()]*\)|\[[^\[\]]*\]", "G", out)
    return out


def _first(n: str, conditions: Sequence[str]) -> int | None:
    """The least n the conditions allow (``n \\ge 1``), or None."""
    for c in conditions:
        m = re.fullmatch(rf"\s*{re.escape(n)}\s*(\\geq?|\\geqslant|>)\s*(\d+)\s*", c)
        if m:
            return int(m.group(2)) + (m.group(1) == ">")
    return None


def _sequence_terms(points: dict) -> list[str]:
    """Points printed as terms of a sequence (``w_0`` and ``w_n``, ``x_{k+1}``): iterates of a
    method, not free points."""
    bases: dict[str, list[str]] = {}
    for name in points:
        m = re.fullmatch(r"(\\?[A-Za-z]+)_\{?([^{}*]+)\}?", name.replace(" ", ""))
        if m and not re.search(r"\\star|\\ast|\*", name):
            bases.setdefault(m.group(1), []).append(name)
    out = [n for names in bases.values() if len(names) > 1 for n in names]
    out += [n for n in points if re.search(r"_\{?[^{}]*[+-]", n)]
    return sorted(set(out))


def _class_parameter(s: sp.Symbol, functions: dict[str, Function]) -> bool:
    return any(s == v for f in functions.values() for v in f.cls.params.values())


def _relation(lhs, rel: str, rhs) -> sp.Basic:
    return {"<=": sp.Le, "<": sp.Lt, ">=": sp.Ge, ">": sp.Gt, "=": sp.Eq}[rel](lhs, rhs)


def _printed(name: str) -> str:
    """The function's name as shown: ``\\mathcal{L}`` -> ``ℒ`` (as :func:`as_text` shows it)."""
    from symbolic.latex_parse.opaque import display

    if re.fullmatch(r"\\math(?:cal|scr)\{?[A-Z]\}?", name):
        return display(name if "{" in name else name[:-1] + "{" + name[-1] + "}")
    return name.lstrip("\\")


_TEXT = [(r"\\sum\s*_\s*\{([^{}]*)\}\s*\^\s*(?:\{([^{}]*)\}|(\w))",
          lambda m: f" Σ_({m.group(1)}..{m.group(2) or m.group(3)}) "),
         (r"\\langle\s*", "⟨"), (r"\s*\\rangle", "⟩"), (r"\\nabla\s*", "∇"),
         (r"\\\|", "‖"), (r"\\[lr]Vert\s*", "‖"), (r"\\Vert\s*", "‖"),
         (r"\\(?:le|leq|leqslant)(?![A-Za-z])", "≤"), (r"\\(?:ge|geq|geqslant)(?![A-Za-z])", "≥"),
         (r"\\cdot(?![A-Za-z])", "·"), (r"\\(?:left|right|big|Big|bigg|Bigg)(?![A-Za-z])", ""),
         (r"\\[,;!]", " "), (r"\^\{?\s*(?:\*|\\star|\\ast)\s*\}?", "*")]


def as_text(latex: str) -> str:
    r"""A side as written, in Unicode: ``\langle \nabla f(x), y\rangle`` -> ``⟨∇f(x), y⟩``.

    >>> as_text(r"\frac{1}{L}\|\nabla f(x^\star)\|^2"), as_text(r"\mathcal{L}(w_n)")
    ('(1/L)‖∇f(x*)‖²', 'ℒ(w_n)')
    """
    from symbolic.latex_parse.opaque import display

    out = fractions(latex).replace(r"\{", "\x01").replace(r"\}", "\x02")  # braces shown
    out = re.sub(r"\\arg\s*\\min(?![A-Za-z])|\\argmin(?![A-Za-z])", "argmin", out)
    out = re.sub(r"\\(min|max|inf|sup)(?![A-Za-z])", r"\1", out)
    for _ in range(2):  # \sqrt{T}: √T, \sqrt{a + b}: √(a + b)
        out = re.sub(r"\\sqrt\s*\{\s*(\\?\w+)\s*\}", r"√\1", out)
        out = re.sub(r"\\sqrt\s*\{([^{}]*)\}", r"√(\1)", out)
    for pattern, repl in _TEXT:
        out = re.sub(pattern, repl, out)
    out = re.sub(r"\^(?:\{\s*2\s*\}|2(?![\w{]))", "²", out)  # ^2, never ^{2n}
    out = re.sub(r"\^\{([^{}]*[^{}\w\\][^{}]*)\}", r"^(\1)", out)  # ^{n/2}: ^(n/2)
    out = re.sub(r"\^\{\s*(\w{2,})\s*\}", r"^(\1)", out)  # ^{2n}: ^(2n), never ²n
    out = re.sub(r"\\(mathbf|boldsymbol|bm|mathrm)\s*\{([^{}]*)\}", r"\2", out)
    out = re.sub(r"\\math(?:cal|scr)\s*\{\s*[A-Z]\s*\}", lambda m: display(m.group(0)), out)
    out = unicode_name(out)
    out = out.replace("{", "").replace("}", "").replace("\x01", " {").replace("\x02", "}")
    return re.sub(r"\{\s+", "{", re.sub(r"\s+", " ", out)).replace(" }", "}").strip()


