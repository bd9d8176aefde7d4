r"""Reading a statement about an abstract function from LaTeX into the Gram form.

The language is what first-order-method statements print: values ``f(x)``, gradients
``\nabla f(x)``, squared norms ``\|v\|^2`` (``_2`` allowed), inner products
``\langle u, v\rangle``, parameters (``L``, ``\mu``, ``h``), fractions, powers of parameters,
and one relation. Points are the arguments of the function; a name decorated with ``*``
(``x^*``, ``x^\star``, ``w_*``) is the minimiser. ``\|a\| \le c\|b\|`` is squared when ``c ≥ 0``
is known from the symbols or shown where the parameters' conditions hold; an unsquared norm
beside other terms is a scalar leaf that only data evaluate (:meth:`Function.norm`).
Anything else is refused with the reason (:class:`NotGram`), never guessed.

Example:
    >>> import sympy as sp
    >>> from symbolic.classes import CLASSES, Function
    >>> L = sp.Symbol("L", positive=True)
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=L))
    >>> ctx = Context({"f": f}, {"L": L})
    >>> read_relation(r"f(y) \le f(x) + \langle \nabla f(x), y - x\rangle "
    ...               r"+ \frac{L}{2}\|y - x\|^2", ctx)
    f(y) ≤ ⟨y, ∇f(x)⟩ - ⟨x, ∇f(x)⟩ + L/2‖y‖² - L⟨x, y⟩ + L/2‖x‖² + f(x)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import sympy as sp

from symbolic.classes.gram import Both, Inequality, Scalar, Vec
from symbolic.classes.statement import Function


class NotGram(ValueError):
    """The formula is not a statement this reading covers (the message says why)."""


_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|\d+(?:\.\d+)?|[A-Za-z]|\S")
_SKIP = {r"\left", r"\right", r"\big", r"\Big", r"\bigg", r"\Bigg", r"\bigl", r"\bigr",
         r"\Bigl", r"\Bigr", r"\,", r"\;", r"\!", r"\ ", r"\quad", r"\qquad", "&",
         r"\nonumber", r"\displaystyle", r"\textstyle", r"\notag"}
_REL = {r"\le": "<=", r"\leq": "<=", r"\leqslant": "<=", r"\ge": ">=", r"\geq": ">=",
        r"\geqslant": ">=", "<": "<", ">": ">", "=": "="}
_GREEK = {r"\mu", r"\lambda", r"\eta", r"\alpha", r"\beta", r"\gamma", r"\kappa",
          r"\rho", r"\sigma", r"\tau", r"\theta", r"\delta", r"\epsilon", r"\varepsilon",
          r"\xi", r"\zeta", r"\nu", r"\omega", r"\phi", r"\varphi", r"\psi", r"\chi"}
_STAR = {"*", r"\star", r"\ast"}
_NORM = {r"\|", r"\Vert", r"\lVert", r"\rVert"}


@dataclass
class Context:
    """What the names of a statement are: ``functions`` (name -> :class:`Function`),
    ``parameters`` (name -> symbol); ``points`` (name -> vector) are made as they appear,
    ``iterates`` maps a name to a callable giving the point (``x_{k+1}``)."""

    functions: Mapping[str, Function]
    parameters: dict[str, sp.Symbol] = field(default_factory=dict)
    points: dict[str, Vec] = field(default_factory=dict)
    iterates: Mapping[str, Callable[[], Vec]] = field(default_factory=dict)
    minimizer: str | None = None  #: the printed name of x*, once seen
    #: decides ``c ≥ 0`` where the parameters' conditions hold (exactly), for squaring
    nonnegative: Callable[[sp.Expr], bool] | None = None
    #: the coefficients ``c`` squared under that decision (``‖a‖ ≤ c‖b‖``)
    squared: list[sp.Expr] = field(default_factory=list)

    def point(self, name: str, f: Function | None) -> Vec:
        if name in self.points:
            return self.points[name]
        if name in self.iterates:
            self.points[name] = self.iterates[name]()
            return self.points[name]
        fn = f or next(iter(self.functions.values()))
        if _is_star(name):
            if self.minimizer not in (None, name):
                raise NotGram(f"two minimisers: {self.minimizer} and {name}")
            self.minimizer = name
            v = fn.minimizer(_label(name)) if fn.cls.cls.has_minimizer else \
                fn.global_minimizer(_label(name))
            for other in self.functions.values():
                if other is not fn:
                    raise NotGram("a minimiser with several functions")
        else:
            v = fn.point(_label(name))
        self.points[name] = v
        return v


def parameter(name: str, params: dict) -> sp.Expr:
    """The parameter printed ``name`` (``\\mu`` gives ``mu``, a positive symbol), made once per
    statement and kept in ``params``.

    >>> parameter("L", {})
    L
    """
    if name not in params:
        params[name] = sp.Symbol(name.lstrip("\\").replace("{", "").replace("}", ""),
                                 positive=True)
    return params[name]


def _is_star(name: str) -> bool:
    return bool(re.search(r"(\^|_)\{?\s*(\*|\\star|\\ast)\s*\}?", name))


def _label(name: str) -> str:
    if _is_star(name):  # w_*, x^*, \theta^\star: the printed letter, starred
        base = re.split(r"\s*(?:\^|_)\s*\{?\s*(?:\*|\\star|\\ast)", name, maxsplit=1)[0]
        return (re.sub(r"[{}\s]", "", base) or "x") + "_*"
    return re.sub(r"[{}\s]", "", name)


@dataclass
class _V:
    kind: str  # "c" parameter expression, "s" Scalar, "v" vector, "n" unsquared norm
    value: object


class _Reader:
    def __init__(self, text: str, ctx: Context):
        self.toks = [t for t in _TOKEN.findall(text) if t not in _SKIP]
        self.i = 0
        self.ctx = ctx

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def take(self, expected: str | None = None) -> str:
        t = self.peek()
        if t is None or (expected is not None and t != expected):
            raise NotGram(f"expected {expected or 'more'} at {' '.join(self.toks[self.i:])!r}")
        self.i += 1
        return t

    # --- grammar ---
    def expr(self, stop: set[str] = frozenset()) -> _V:
        sign = 1
        if self.peek() in ("+", "-"):
            sign = -1 if self.take() == "-" else 1
        acc = self.term(stop)
        if sign < 0:
            acc = _neg(acc)
        while self.peek() in ("+", "-") and self.peek() not in stop:
            op = self.take()
            rhs = self.term(stop)
            acc = _add(acc, rhs if op == "+" else _neg(rhs))
        return acc

    def term(self, stop: set[str]) -> _V:
        acc = self.factor(stop)
        while True:
            t = self.peek()
            if t is None or t in stop or t in ("+", "-", ")", "]", "}", ",") or t in _REL \
                    or t == r"\rangle":
                return acc
            if t in (r"\cdot", r"\times"):
                self.take()
                acc = _mul(acc, self.factor(stop))
            elif t == "/":
                self.take()
                acc = _div(acc, self.factor(stop))
            else:
                acc = _mul(acc, self.factor(stop))

    def factor(self, stop: set[str]) -> _V:
        base = self.atom(stop)
        while self.peek() == "^":
            self.take()
            exp = self.group_value()
            base = _pow(base, exp)
        return base

    def group_value(self) -> _V:
        if self.peek() == "{":
            self.take("{")
            v = self.expr({"}"})
            self.take("}")
            return v
        t = self.take()
        if re.fullmatch(r"\d", t):
            return _V("c", sp.Integer(t))
        return self._name_value(t)

    def arg(self) -> str:
        """One TeX argument as raw tokens joined (a name's decoration)."""
        if self.peek() == "{":
            depth, out = 0, []
            while True:
                t = self.take()
                depth += t == "{"
                depth -= t == "}"
                out.append(t)
                if depth == 0:
                    return "".join(out)
        return self.take()

    def atom(self, stop: set[str]) -> _V:
        t = self.peek()
        if t is None:
            raise NotGram("an expression ends too early")
        if t == "(" or t == "[":
            self.take()
            v = self.expr()
            self.take(")" if t == "(" else "]")
            return v
        if t == "{":
            self.take()
            v = self.expr({"}"})
            self.take("}")
            return v
        if t in (r"\frac", r"\tfrac", r"\dfrac"):
            self.take()
            num, den = self.group_value(), self.group_value()
            return _div(num, den)
        if t in _NORM:
            self.take()
            v = self.expr(set(_NORM))
            if self.peek() not in _NORM:
                raise NotGram("a norm is not closed")
            self.take()
            if self.peek() == "_":
                self.take()
                sub = self.arg().strip("{}")
                if sub != "2":
                    raise NotGram(f"the norm ‖·‖_{sub} is not the Euclidean norm")
            if v.kind != "v":
                raise NotGram("a norm of a scalar")
            return _V("n", v.value)
        if t == "|" and self.peek(1) == "|":  # ||v|| written with two bars
            self.take()
            self.take()
            v = self.expr({"|"})
            self.take("|")
            self.take("|")
            if v.kind != "v":
                raise NotGram("a norm of a scalar")
            return _V("n", v.value)
        if t == r"\langle":
            self.take()
            a = self.expr({","})
            self.take(",")
            b = self.expr()
            self.take(r"\rangle")
            if a.kind != "v" or b.kind != "v":
                raise NotGram("an inner product of non-vectors")
            return _V("s", a.value.inner(b.value))
        if t == r"\inf":  # \inf_{w} f(w): the infimum of a function of the statement
            self.take()
            if self.peek() == "_":
                self.take()
                over = self.arg()
                if not re.fullmatch(r"\{?\\?[A-Za-z]+\}?", over):
                    raise NotGram(f"an infimum over {over.strip('{}')}: only over the whole "
                                  "space is read")
            name = self.name_token()
            f = self.ctx.functions.get(name)
            if f is None:
                raise NotGram(f"inf of {name}: not a function of the statement")
            if self.peek() == "(":
                depth = 0
                while True:
                    tok = self.take()
                    depth += tok == "("
                    depth -= tok == ")"
                    if depth == 0:
                        break
            return _V("s", f.infimum())
        word = self.optimum_word()
        if word:
            return self.optimum(word)
        if t == r"\nabla":
            self.take()
            name = self.name_token()
            f = self.ctx.functions.get(name)
            if f is None:
                raise NotGram(f"∇{name}: {name} is not a function of the statement")
            x = self.call_argument(f)
            return _V("v", f.grad(x))
        if re.fullmatch(r"\d+(?:\.\d+)?", t):
            self.take()
            return _V("c", sp.Rational(t))
        name = self.name_token()
        if name in self.ctx.functions and self.peek() == "(":
            f = self.ctx.functions[name]
            return _V("s", f(self.call_argument(f)))
        return self._name_value(name)

    def optimum_word(self) -> str | None:
        r"""``"min"`` at ``\min``, ``"argmin"`` at ``\arg\min``, ``\argmin`` or
        ``\operatorname{argmin}`` (the word taken), else None."""
        t = self.peek()
        if t == r"\min":
            self.take()
            return "min"
        if t == r"\argmin" or (t == r"\arg" and self.peek(1) == r"\min"):
            self.i += 1 if t == r"\argmin" else 2
            return "argmin"
        if t in (r"\operatorname", r"\operatorname*", r"\mathrm") and self.peek(1) == "{":
            k, word = 2, ""
            while self.peek(k) not in (None, "}"):
                word += self.peek(k)
                k += 1
            if word in ("argmin", "arg\\min"):
                self.i += k + 1
                return "argmin"
        return None

    def optimum(self, word: str) -> _V:
        r"""``\min_{\theta}\{q(\theta)\}`` or its ``argmin`` over the whole space, for ``q`` a
        quadratic of the bound point ``θ`` with a positive coefficient ``c`` of ``‖θ‖²``:
        ``q = c‖θ‖² + ⟨θ, u⟩ + r`` has the one minimiser ``θ* = −u/(2c)`` and the minimum
        ``r − ‖u‖²/(4c)`` (exact). Anything else (a function applied at ``θ``, a set, an
        unbracketed body, ``c`` not known positive) is refused."""
        if self.peek() != "_":
            raise NotGram(f"a {word} with no variable under it")
        self.take()
        under = self.arg()
        inner = under[1:-1] if under.startswith("{") and under.endswith("}") else under
        m = re.fullmatch(r"\s*(\\?[A-Za-z]+(?:_(?:\{\w+\}|\w))?)\s*(?:\\in\s*\\mathbb\s*"
                         r"(?:\{R\}|R)(?:\^(?:\{\s*\w+\s*\}|\w))?)?\s*", inner)
        if not m:
            raise NotGram(f"a {word} over {inner}: only over the whole space is read")
        name = m.group(1)
        base, _, sub = name.partition("_")
        sub = sub.strip("{}")
        names = [f"{base}_{sub}", f"{base}_{{{sub}}}"] if sub else [name]  # x_1 is x_{1}
        if any(n in self.ctx.parameters for n in names):
            raise NotGram(f"{name} names a number and the point a {word} is over")
        close = {r"\{": r"\}", "(": ")", "[": "]", "{": "}"}.get(self.peek() or "")
        if close is None:
            raise NotGram(f"a {word} whose body is not bracketed (its extent is not read)")
        self.take()
        bound = Vec.leaf(f"{_label(name)}⁽{word}⁾")
        saved = {n: self.ctx.points.get(n) for n in names}
        self.ctx.points.update(dict.fromkeys(names, bound))
        try:
            v = self.expr({close})
            self.take(close)
        finally:
            for n, was in saved.items():
                if was is None:
                    self.ctx.points.pop(n)
                else:
                    self.ctx.points[n] = was
        (leaf,) = bound.terms
        for f in self.ctx.functions.values():
            if any(leaf in x.terms for _, x, _ in f.data) or \
                    any(leaf in x.terms for x in f.norms.values()):
                raise NotGram(f"a {word} of an expression applying {f.name} at {name}: not read")
        if v.kind == "c":
            v = _V("s", Scalar.of(v.value))
        if v.kind != "s":
            raise NotGram(f"a {word} of a quantity that is not a number")
        q: Scalar = v.value
        c = sp.S.Zero
        u: dict[str, sp.Expr] = {}
        rest: dict[tuple[str, str], sp.Expr] = {}
        for (a, b), k in q.quad.items():
            if a == b == leaf:
                c = k
            elif leaf in (a, b):
                other = b if a == leaf else a
                u[other] = u.get(other, 0) + k
            else:
                rest[(a, b)] = k
        if c == 0 and u:
            raise NotGram(f"a {word} over {name} of a quantity with no ‖{name}‖² term (it may "
                          "be unbounded below): not read")
        known = {v for f in self.ctx.functions.values() for v in f.cls.params.values()}
        if c != 0 and (sp.sympify(c).is_positive is not True or
                       not sp.sympify(c).free_symbols <= known):  # a class's L, μ: positive
            raise NotGram(f"a {word} over {name} needs the coefficient {c} of its square to be "
                          "positive, which is not known")
        remainder = Scalar(q.const, dict(q.lin), rest)
        if c == 0:
            if word == "argmin":
                raise NotGram(f"an argmin of a quantity that does not depend on {name}")
            return _V("s", remainder)
        uv = Vec(u)
        if word == "argmin":
            return _V("v", uv * (-1 / (2 * c)))
        return _V("s", remainder - uv.norm2() * (1 / (4 * c)))

    def name_token(self) -> str:
        t = self.take()
        if t in (r"\mathcal", r"\mathrm", r"\operatorname", r"\mathbf", r"\boldsymbol",
                 r"\bm", r"\mathit"):
            t = t + self.arg()
        elif t == r"\mathbb":
            raise NotGram("a set where a quantity is expected")
        name = t
        while self.peek() in ("_", "^") and not (self.peek() == "^" and self._power_next()):
            op = self.take()
            name += op + self.arg()
        return name

    def _power_next(self) -> bool:
        """``^`` starting a power rather than a decoration (``x^*`` decorates)."""
        nxt = self.peek(1)
        if nxt in _STAR or (nxt == "{" and self.peek(2) in _STAR and self.peek(3) == "}"):
            return False
        return True

    def call_argument(self, f: Function) -> Vec:
        self.take("(")
        v = self.expr()
        self.take(")")
        if v.kind != "v":
            raise NotGram("a function applied to a scalar")
        return v.value

    def _name_value(self, name: str) -> _V:
        if name in self.ctx.parameters:
            return _V("c", self.ctx.parameters[name])
        base = _base(name)
        if name in self.ctx.points or name in self.ctx.iterates or _is_star(name) or \
                base in self.vector_letters:
            return _V("v", self.ctx.point(name, None))
        if name in _GREEK or re.fullmatch(r"[A-Za-z](?:_\{?\w+\}?)?", name):
            return _V("c", parameter(name, self.ctx.parameters))
        raise NotGram(f"{name} is not read here")

    vector_letters: set[str] = set()
    norm_of = None  #: makes an unsquared norm a scalar leaf (Function.norm), when set


def _scalar(v: _V) -> Scalar:
    if v.kind == "c":
        return Scalar.of(v.value)
    if v.kind == "s":
        return v.value
    norm = _Reader.norm_of
    if norm is not None and v.kind in ("n", "neg-n", "cn"):
        if v.kind == "cn":
            return norm(v.value[1]) * v.value[0]
        return norm(v.value) * (-1 if v.kind == "neg-n" else 1)
    raise NotGram("a vector or an unsquared norm where a number is expected")


def _add(a: _V, b: _V) -> _V:
    if a.kind == b.kind == "c":
        return _V("c", a.value + b.value)
    if a.kind == b.kind == "v":
        return _V("v", a.value + b.value)
    return _V("s", _scalar(a) + _scalar(b))


def _neg(a: _V) -> _V:
    if a.kind in ("c",):
        return _V("c", -a.value)
    if a.kind == "v":
        return _V("v", -a.value)
    if a.kind == "n":
        return _V("neg-n", a.value)
    return _V("s", -a.value)


def _mul(a: _V, b: _V) -> _V:
    if a.kind == "c" and b.kind == "c":
        return _V("c", a.value * b.value)
    if "c" in (a.kind, b.kind):
        c, o = (a, b) if a.kind == "c" else (b, a)
        if o.kind == "v":
            return _V("v", o.value * c.value)
        if o.kind == "s":
            return _V("s", o.value * c.value)
        if o.kind == "n":
            return _V("cn", (c.value, o.value))
        if o.kind == "cn":
            return _V("cn", (c.value * o.value[0], o.value[1]))
    raise NotGram("a product of two quantities that are not numbers")


def _div(a: _V, b: _V) -> _V:
    if b.kind != "c":
        raise NotGram("a division by a quantity that is not a number")
    return _mul(a, _V("c", 1 / b.value))


def _pow(a: _V, e: _V) -> _V:
    if e.kind != "c":
        raise NotGram("a power that is not a number")
    if a.kind == "c":
        return _V("c", a.value ** e.value)
    if a.kind == "n" and e.value == 2:
        return _V("s", a.value.norm2())
    raise NotGram("a power of a quantity that is not a number (other than ‖·‖²)")


def _side(text: str, ctx: Context) -> _V:
    r = _Reader(text, ctx)
    v = r.expr()
    if r.peek() is not None:
        raise NotGram(f"not read: {' '.join(r.toks[r.i:])}")
    return v


_LETTER = r"\\(?:mathbf|boldsymbol|bm)\s*\{[^{}]*\}|\\?[A-Za-z]+"


def _base(name: str) -> str:
    """A name without its decorations: ``x_{k+1}`` -> ``x``, ``\\mathbf{x}^*`` ->
    ``\\mathbf{x}``."""
    m = re.match(_LETTER, name)
    return re.sub(r"\s+", "", m.group(0)) if m else name


def vector_letters(text: str, functions: Mapping[str, Function]) -> set[str]:
    """The letters written as a function's argument (``f(x)``, ``\\nabla f(y_k)``) or as a
    minimiser (``x^*``): points."""
    out: set[str] = set()
    for name in functions:
        for m in re.finditer(re.escape(name) + r"\s*(?:\\left)?\(\s*(" + _LETTER + ")", text):
            out.add(re.sub(r"\s+", "", m.group(1)))
    for m in re.finditer("(" + _LETTER + r")\s*(?:\^|_)\s*\{?\s*(?:\*|\\star|\\ast)", text):
        out.add(re.sub(r"\s+", "", m.group(1)))  # x^*: a minimiser, so x names points
    return out


def read_relation(text: str, ctx: Context) -> Inequality | Both:
    """The one relation ``text`` states, in the Gram form: ``≤`` or ``≥``, or both parts of
    ``a = b`` or of ``|a| ≤ b`` (:class:`Both`)."""
    toks = _TOKEN.findall(text)
    at = [k for k, t in enumerate(toks) if t in _REL]
    if len(at) != 1:
        raise NotGram("not one relation" if at else "no relation")
    rel = _REL[toks[at[0]]]
    inner = _absolute(toks[:at[0]])
    if rel == "=" or inner is not None:
        return _parts(text, toks, at[0], rel, inner, ctx)
    if rel not in ("<=", ">="):
        raise NotGram(f"the relation {toks[at[0]]} (only ≤, ≥ and = are read)")
    _Reader.vector_letters = vector_letters(text, ctx.functions)
    try:
        lhs, rhs = _side("".join(_join(toks[:at[0]])), ctx), \
            _side("".join(_join(toks[at[0] + 1:])), ctx)
    finally:
        _Reader.vector_letters = set()
    if lhs.kind in ("n", "cn") and rhs.kind in ("n", "cn"):
        try:
            return _squared(lhs, rel, rhs, ctx)
        except NotGram:
            pass
    if len(ctx.functions) == 1:  # ‖v‖ beside other terms: a leaf only data evaluate
        _Reader.norm_of = next(iter(ctx.functions.values())).norm
    try:
        return Inequality(_scalar(lhs), rel, _scalar(rhs))
    finally:
        _Reader.norm_of = None


def _absolute(toks: list[str]) -> list[str] | None:
    r"""The tokens inside ``|…|`` when the side is one absolute value (``\left|…\right|``),
    else None."""
    core = [t for t in toks if t not in _SKIP and not t.isspace()]
    if len(core) < 3 or core[0] != "|" or core[-1] != "|" or "|" in core[1:-1]:
        return None
    return core[1:-1]


def _parts(text: str, toks: list[str], at: int, rel: str, inner: list[str] | None,
           ctx: Context) -> Both:
    """``a = b`` as ``a ≤ b`` and ``a ≥ b``; ``|a| ≤ b`` as ``a ≤ b`` and ``−a ≤ b``."""
    _Reader.vector_letters = vector_letters(text, ctx.functions)
    try:
        a = _side("".join(_join(inner if inner is not None else toks[:at])), ctx)
        b = _side("".join(_join(toks[at + 1:])), ctx)
    finally:
        _Reader.vector_letters = set()
    if a.kind == b.kind == "v" and inner is None:  # u = v: ‖u − v‖² ≤ 0 (and ≥ 0)
        gap = (a.value - b.value).norm2()
        return Both((Inequality(gap, "<=", Scalar()), Inequality(gap, ">=", Scalar())), "=")
    lhs, rhs = _scalar(a), _scalar(b)
    if inner is None:
        return Both((Inequality(lhs, "<=", rhs), Inequality(lhs, ">=", rhs)), "=")
    if rel != "<=":
        raise NotGram("|a| ≥ b says a ≥ b or −a ≥ b (an 'or': not read)")
    return Both((Inequality(lhs, "<=", rhs), Inequality(-lhs, "<=", rhs)), "<=")


def read_vector(text: str, ctx: Context) -> Vec:
    """The vector ``text`` denotes (an update's right side: ``x_k - h\\nabla f(x_k)``)."""
    _Reader.vector_letters = vector_letters(text, ctx.functions)
    try:
        v = _side("".join(_join(_TOKEN.findall(text))), ctx)
    finally:
        _Reader.vector_letters = set()
    if v.kind != "v":
        raise NotGram("not a vector")
    return v.value


def _join(toks: list[str]) -> list[str]:
    """Tokens back to text, a space after a command so it stays one token."""
    return [t + " " if t.startswith("\\") and t[1:].isalpha() else t for t in toks]


def _squared(lhs: _V, rel: str, rhs: _V, ctx: Context) -> Inequality:
    """``‖a‖ ≤ c‖b‖`` as ``‖a‖² ≤ c²‖b‖²`` (``c ≥ 0`` a parameter expression: known from
    the symbols, or decided by ``ctx.nonnegative`` and then kept in ``ctx.squared``)."""
    def parts(v: _V) -> tuple[sp.Expr, Vec]:
        if v.kind == "n":
            return sp.Integer(1), v.value
        if v.kind == "cn":
            return v.value
        raise NotGram("an unsquared norm beside other terms")
    (ca, a), (cb, b) = parts(lhs), parts(rhs)
    decided = []
    for c in (ca, cb):
        if sp.sympify(c).is_nonnegative is True:
            continue
        if ctx.nonnegative is None or not ctx.nonnegative(sp.sympify(c)):
            raise NotGram(f"squaring needs {c} ≥ 0, which is not known")
        decided.append(sp.sympify(c))
    ctx.squared.extend(decided)
    return Inequality(a.norm2() * ca ** 2, rel, b.norm2() * cb ** 2)
