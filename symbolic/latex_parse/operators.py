r"""Products, functions, big operators, derivatives and indicators of the builder.

Read as mathematicians read them, or refused with both readings named:

- ``\log x^2`` is ``\log(x^2)``, ``\log^2 x`` is ``(\log x)^2``, ``\log(x)^2`` is
  ``(\log x)^2``; ``\log 2x`` (a factor right after an argument without parentheses) and
  ``\sin^{-1} x`` (arcsine or reciprocal) are refused;
- ``\sum``, ``\prod``, ``\max``, ``\min``, ``\frac{\partial}{\partial x_i}`` and ``\nabla_x``
  take the rest of their product: ``\sum_i a_i b_i + c`` is ``(\sum_i a_i b_i) + c``; a term
  after the ``+`` that uses the bound index (``\sum_i x_i + y_i``) is refused;
- ``\max_i v_i`` is ``max_entry(v)``, ``\max_i |v_i|`` is ``\|v\|_\infty``, ``\max(a, b)`` and
  ``\max\{a, b\}`` are SymPy's ``Max``;
- ``\mathbb{1}[i = j]`` of two indices is the Kronecker delta; of reals, a ``Piecewise``;
- ``\frac{df}{dx}`` with a plain ``d`` is refused (a derivative, or ``d f / (d x)`` with the
  dimension ``d``): write ``\mathrm{d}``;
- ``a_1 + \cdots + a_n`` is ``\sum_{i=1}^n a_i`` and ``x_1 x_2 \cdots x_n`` is
  ``\prod_{i=1}^n x_i`` (:class:`Ellipsis`); an ellipsis whose terms are not determined is
  refused;
- ``\int_a^b f(x) \, dx`` is SymPy's ``Integral``; ``\nabla f(x)``, ``\nabla^2 f(x)`` of an
  ``f`` not in ``where`` raise :class:`~symbolic.latex_parse.lexer.NotChecked`.

Example:
    >>> from symbolic.latex_parse import parse_expr
    >>> from symbolic.objects import vector, n
    >>> parse_expr(r"\max_{i \in [n]} |x_i|", {"x": vector("x", n)})
    NormInf(x)
    >>> parse_expr(r"\log \sum_{i=1}^n e^{x_i}", {"x": vector("x", n)})
    log(Sum(exp(Entry(x, i, 1)), (i, 1, n)))
"""

from __future__ import annotations

import re
from typing import Any

import sympy as sp
from lark import Token, Tree

from symbolic import objects as ob
from symbolic.definedness import conditions, nonzero, own_conditions, power_conditions
from symbolic.latex_parse.lexer import LatexError, NotChecked, random_quantity, tokenize
from symbolic.latex_parse.names import (
    COUNT_NAMES,
    PromoteToDimension,
    ReadDimension,
    _start,
    declared_dims,
    key,
)
from symbolic.latex_parse.values import Eye, Interval, Ones, V, add, resolve_eye, scale_eye
from symbolic.prop import Prop
from symbolic.vocabulary import FUNCTIONS, OPERATORS

#: scalar functions by the lexer's name (exp and log are read elementwise on vectors)
SCALAR_FUNCS = {name: decl for name, decl in FUNCTIONS.items() if name not in ("exp", "log")}
TAILS = ("bigop", "ftail", "dop", "nabla")
_FUNC_ITEMS = ("fbare", "fcall")


#: a paren holding one name (``(x)``, ``(\theta_t)``): after a powered name, an argument or
#: a factor
_ONE_NAME = re.compile(r"\s*\\?[A-Za-z]+(?:\s*_\s*(?:\{[^{}]*\}|\\?\w))?\s*")

#: what a derivative's numerator may be (``d``, ``d^2``, ``d f``, ``d^2 f(x)``), and its
#: denominator (``dx``, ``d\beta``, ``dx^2``, ``dx\,dy``): ``\frac{d+1}{d+3}`` is a quotient
_DERIVATIVE_TOP = re.compile(r"d\s*(?:\^\s*(?:\{[^{}]*\}|\w))?(?:\s*(?:\\[A-Za-z]+|[A-Za-z(]).*)?",
                             re.S)
_DIFFERENTIALS = re.compile(r"(?:\s*d\s*(?:\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(?:\{[^{}]*\}|\w))?"
                            r"(?:\s*\^\s*(?:\{[^{}]*\}|\w))?\s*(?:\\[,;!:]\s*)?)+")


class Operators:
    """Mixin of :class:`~symbolic.latex_parse.build.Builder` (see the module docstring)."""

    text: str
    opaque: bool = False  # opaque mode (:mod:`.opaque_build`)

    # -- products ------------------------------------------------------------------------
    @staticmethod
    def flat(node: Tree) -> list[tuple[str | None, Tree]]:
        """``[(operator before it or None, item)]`` of a (right-recursive) product."""
        out: list[tuple[str | None, Tree]] = []
        op = None
        while True:
            kids = node.children
            if len(kids) == 1:
                out.append((op, kids[0]))
                return out
            out.append((op, kids[0]))
            if len(kids) == 3:
                op, node = kids[1].children[0].type, kids[2]
            else:
                op, node = None, kids[1]

    def t_product(self, node: Tree) -> Any:
        items = self.flat(node)
        if any(c.data == "dots" or _dots_item(c) for _, c in items):
            return self.ellipsis([(op or "", c) for op, c in items], node)
        return self.product_of([(op, self.visit(c), c) for op, c in items], node)

    def product_of(self, vals: list[tuple[str | None, Any, Any]], node: Any) -> Any:
        """The product of visited items: calls ``f(x)`` merged, then left to right."""
        if any(op == "SETOP" for op, _, _ in vals):  # opaque: F \cap E_i, as written
            from symbolic.latex_parse.opaque import display

            if not self.depth:  # only an event: C \cap D = \emptyset is a statement about sets
                raise self.err(node, "an operation on sets (∩, ∪, ∖) is a value only as an "
                                     r"event of a probability (\Pr[A \cap B])")
            return self.opaque_atom("set", re.sub(r"\s*([∩∪∖])\s*", r" \1 ",
                                                  display(self.src(node))), [], _start(node))
        slashed = self.slash_then_factor(vals)
        if slashed is not None:  # p/2n: (p/2)·n, or p/(2n)
            if not self.opaque:
                raise self.err(node, f"two readings: {slashed}; add parentheses")
            return self.undecide(self.src(node).strip(), _start(node),
                                 f"two readings, not decided: {slashed}",
                                 [self.value(v) for _, v, _ in vals if isinstance(v, V)
                                  and v.kind in ("name", "value", "paren")])
        merged: list[tuple[str | None, Any]] = []
        k = 0
        while k < len(vals):
            op, v, _tree = vals[k]
            nxt = vals[k + 1] if k + 1 < len(vals) else None
            if v.kind in ("fbare", "rbare"):
                read = self.bare_function if v.kind == "fbare" else self.bare_random
                value, used = read(v, nxt)
                merged.append((op, value))
                k += 1 + used
                continue
            if self.opaque and v.kind == "name" and v.text in ("\\delta", "\\Delta") and \
                    nxt is not None and nxt[0] is None and nxt[1].kind in ("name", "value") and \
                    re.match(r"\s*(?:\\[A-Za-z]+|[A-Za-z])", self.src(nxt[2])) and \
                    self.lookup(v.text) is None:  # δM_n, Δw: a product, or one name
                shown = f"{self.src(_tree).strip()} {self.src(nxt[2]).strip()}"
                atom = self.undecide(shown, v.pos,
                                     f"two readings, not decided: {shown} is {v.text} times "
                                     f"{self.src(nxt[2]).strip()}, or one name",
                                     [self.value(nxt[1])])
                merged.append((op, atom))
                k += 2
                continue
            if v.kind == "name" and nxt is not None and nxt[0] is None:
                random = self.refuse_juxtaposed(v, nxt)
                if random is not None:  # opaque mode: E[X]
                    merged.append((op, random))
                    k += 2
                    continue
            if v.kind == "value" and v.args == ("powered name",) and nxt is not None and \
                    nxt[0] is None and nxt[1].kind == "paren" and len(nxt[1].args) == 1 and \
                    _ONE_NAME.fullmatch(nxt[1].text):  # \lambda^2(x): λ² x, or λ(x)²
                shown, arg = self.src(_tree).strip(), nxt[1].text.strip()
                raise LatexError(self.text, v.pos, f"two readings: {shown}({arg}) is {shown} "
                                                   f"times {arg}, or the function {v.text} at "
                                                   f"{arg} raised to a power: write {shown} "
                                                   f"\\cdot {arg} for a product")
            if v.kind == "name" and nxt is not None and nxt[0] is None and nxt[1].kind == "paren":
                called = self.call(v, nxt[1])
                if called is not None:
                    merged.append((op, called))
                    k += 2
                    continue
            merged.append((op, self.value(v) if isinstance(v, V) else v))
            k += 1
        acc = merged[0][1]
        for op, val in merged[1:]:
            acc = self.combine(acc, op, val, node)
        if ob.is_matrix(acc) and acc.shape == (1, 1) and len(merged) > 1:
            acc = ob.entry(acc, 1, 1)  # u^T v and A_{*,i}^T (...) are the scalars they denote
        return acc

    def slash_then_factor(self, vals: list[tuple[str | None, Any, Any]]) -> str | None:
        """The two readings of a quotient whose denominator a factor follows with no sign
        (``p/2n``: ``(p/2) n``, or ``p/(2 n)``; ``L/2 \\|x\\|^2`` alike), or None."""
        for k in range(1, len(vals) - 1):
            op, v, tree = vals[k]
            after, w, tail = vals[k + 1]
            if op != "SLASH" or after is not None or not isinstance(v, V) or \
                    v.kind in ("fbare", "rbare"):
                continue
            if v.kind == "name" and isinstance(w, V) and w.kind == "paren":
                continue  # 1/f(x): a call
            a, b, c = (self.src(t).strip() for t in (vals[k - 1][2], tree, tail))
            return f"{a}/{b} {c} is ({a}/{b}) {c}, or {a}/({b} {c})"
        return None

    def refuse_juxtaposed(self, v: Any, nxt: tuple) -> Any:
        """``E[X]`` (an expectation) and ``\\mathrm{Lip} f`` (an operator name before a factor)
        are refused, not read as products; in opaque mode ``E[X]`` is read (its value, else
        None)."""
        tree = written = nxt[2]
        if isinstance(tree, Tree) and tree.data == "postfix":
            tree = tree.children[0]
        core = v.text.split("_")[0]
        if core in ("E", "P") and self.lookup(v.text) is None and isinstance(tree, Tree) and \
                tree.data in ("bracket", "closed", "closed_open"):
            if self.opaque and tree.data == "bracket":
                return self.letter_random(v, written)
            raise random_quantity(self.text, v.pos, v.text, core)
        if re.match(r"\\(?:mathrm|operatorname|text|textrm|mathit|mathsf|textnormal|textit)"
                    r"\s*\{", v.text) and nxt[1].kind != "paren" and self.lookup(v.text) is None:
            after = self.src(nxt[2]).strip()
            raise LatexError(self.text, v.pos, f"two readings: {v.text} {after} is the operator "
                                               f"{v.text} applied to {after}, or the name "
                                               f"{v.text} times {after}: write \\cdot for a "
                                               "product, or declare the name in where")

    def combine(self, acc: Any, op: str | None, val: Any, node: Any) -> Any:
        if isinstance(acc, Eye) or isinstance(val, Eye):
            if op not in (None, "CDOT", "TIMES"):
                raise self.err(node, "I (the identity) in this product needs its size: I_n")
            eye, other = (acc, val) if isinstance(acc, Eye) else (val, acc)
            if isinstance(other, Eye):
                return Eye(eye.coeff * other.coeff)
            if not ob.is_matrix(other):
                return scale_eye(eye, other)
            a, b = resolve_eye(acc, val)
            return a * b
        if op in (None, "CDOT", "TIMES"):
            return acc * val
        if op == "CIRC":
            if not (ob.is_matrix(acc) and ob.is_matrix(val)):
                raise self.err(node, "\\circ needs two vectors or matrices")
            return ob.hadamard(acc, val)
        if op == "OTIMES":
            return ob.kron(acc, val)
        if op == "SLASH":
            if ob.is_matrix(val):
                raise self.err(node, "division by a vector or matrix")
            self.note([nonzero(val)])
            return acc / val
        raise self.err(node, f"unknown operator {op}")

    def plus(self, a: Tree, b: Tree, sign: int) -> Any:
        """``a + b`` (``sign`` 1) or ``a - b``; refuses a term after a big operator's body that
        uses the operator's bound index (two readings)."""
        left, right = self.expr(a), self.expr(b)
        free = getattr(right, "free_symbols", set())
        for tail, bound in self.trailing_bound(a):
            if bound & free:
                name = sorted(map(str, bound & free))[0]
                head, body = self.src(tail).strip(), self.src(tail.children[-1]).strip()
                op_text = head[: len(head) - len(body)].strip()
                term = self.src(b).strip()
                pm = "+" if sign > 0 else "-"
                raise self.err(b, f"two readings: ({op_text} {body}) {pm} {term}, or "
                                  f"{op_text} ({body} {pm} {term}); the term after '{pm}' "
                                  f"uses {name}, bound by {op_text}: add parentheses")
        return add(left, right if sign > 0 else -right)

    def trailing_bound(self, node: Any) -> list[tuple[Tree, set]]:
        """The big operators whose body ends where ``node`` ends, with their bound symbols."""
        out = []
        while isinstance(node, Tree):
            if node.data in TAILS:
                out.append((node, self.bound.get(id(node), set())))
                node = node.children[-1]
            elif node.data in ("product", "add", "sub", "neg", "signed"):
                node = node.children[-1]
            else:
                break
        return out

    # -- functions -----------------------------------------------------------------------
    def t_fbare(self, node: Tree) -> Any:
        kids = node.children
        fpow = kids[1] if len(kids) == 3 else None
        return V("fbare", text=str(kids[0]), pos=_pos(node), args=(fpow, kids[-1], node))

    def bare_function(self, v: Any, nxt: Any) -> tuple[Any, int]:
        """``\\log x^2``, ``\\log \\log n``, ``\\log f(x)``: the value and how many following
        items it used."""
        fpow, farg, node = v.args
        if farg.data == "fbare":
            arg, used = self.bare_function(self.t_fbare(farg), nxt)
            return self.apply_func(v.text, [arg], node, fpow), used
        if self.opaque and fpow is None and nxt is not None and nxt[0] == "SLASH" and \
                node.children[0].type == "FUNC":  # \log 2/\delta: shown, both readings named
            fn, shown = self.src(node).strip(), self.src(nxt[2]).strip()
            return self.undecide(f"{fn}/{shown}", _start(node),
                                 f"two readings, not decided: ({fn})/{shown}, or the function "
                                 f"of the quotient {self.src(farg).strip()}/{shown}",
                                 [self.bare_argument(farg, None, node)[0], self.value(nxt[1])]), 1
        arg, used = self.bare_argument(farg, nxt, node)
        return self.apply_func(v.text, [arg], node, fpow), used

    def bare_argument(self, farg: Tree, nxt: Any, node: Tree) -> tuple[Any, int]:
        """The argument of a function (or, in opaque mode, of ``\\mathbb{E}``) written without
        parentheses, and how many following items it used."""
        atom, posts = farg.children[0], farg.children[1:]
        arg_v = self.visit(Tree("postfix", [atom, *posts]))
        used = 0
        if (nxt is not None and nxt[0] is None and arg_v.kind == "name" and not posts
                and nxt[1].kind == "paren"):
            called = self.call(arg_v, nxt[1])
            if called is not None:
                arg, used = called, 1
        if not used:
            arg = self.value(arg_v)
            if nxt is not None and nxt[0] == "SLASH" and node.children[0].type == "FUNC":
                # \log 2/\delta, \log T/\delta: log(2)/δ, or log(2/δ)
                fn, shown = self.src(node).strip(), self.src(nxt[2]).strip()
                raise self.err(nxt[2], f"two readings: ({fn})/{shown}, or the function of "
                                       f"the quotient {self.src(farg).strip()}/{shown}; add "
                                       "parentheses")
            after = nxt[2] if nxt is not None and nxt[0] is None else None
            if after is not None and not _is_function_item(after):
                fn, shown = self.src(node).strip(), self.src(after).strip()
                raise self.err(after, f"two readings: ({fn}) {shown}, or the function applied "
                                      f"to both factors; add parentheses "
                                      f"(\\{node.children[0]}(...) ...) or \\cdot")
        return arg, used

    def t_fcall(self, node: Tree) -> Any:
        kids = node.children
        fpow = kids[1] if isinstance(kids[1], Tree) and kids[1].data == "fpow" else None
        args = [self.expr(c) for c in kids if isinstance(c, Tree) and c.data != "fpow"]
        return self.apply_func(str(kids[0]), args, node, fpow)

    def t_ftail(self, node: Tree) -> Any:
        kids = node.children
        fpow = kids[1] if isinstance(kids[1], Tree) and kids[1].data == "fpow" else None
        start = 2 if fpow is not None else 1
        inner = self.bigop(kids[start:], node)
        return self.apply_func(str(kids[0]), [inner], node, fpow)

    def apply_func(self, name: str, args: list[Any], node: Any, fpow: Tree | None) -> Any:
        out = self._func(name, args, node)
        if fpow is None:
            return out
        k = self.sup_value(fpow.children[1])
        if k == -1:
            raise self.err(fpow, f"two readings: \\{name}^{{-1}} is the inverse function or "
                                 f"1/\\{name}: write \\arc{name} or (\\{name} ...)^{{-1}}")
        if ob.is_matrix(out):
            raise self.err(fpow, f"a power of the vector \\{name}(...)")
        self.note(power_conditions(out, k))
        return out**k

    def _func(self, name: str, args: list[Any], node: Any) -> Any:
        if name.startswith("log_"):  # \log_2 x = log(x)/log(2); \log_e x = log(x)
            base = sp.E if name == "log_e" else sp.Integer(name[4:])
            if base == 1 or base == 0:
                raise self.err(node, f"\\log_{{{name[4:]}}}: a logarithm to base {base}")
            out = self._func("log", args, node)
            return out if base == sp.E else out / sp.log(base)
        two = {**{n: cls.unicode_form.format("p", "q") for n, cls in OPERATORS.items()
                  if len(cls.arguments) == 2},
               **{n: f"{n}(x, y)" for n, decl in FUNCTIONS.items() if decl.arity == 2}}
        if (len(args) == 2) != (name in two):
            want = two.get(name, f"\\{name}(x)")
            raise self.err(node, f"{want} takes {2 if name in two else 1} argument(s)")
        arg = args[0]
        mat = ob.is_matrix(arg)
        if name == "exp":
            return ob.exp_(arg)
        if name == "log":
            self.note([Prop(ob.MinEntry(arg), ">", 0) if mat else Prop(arg, ">", 0)])
            return ob.log_(arg)
        if name == "diag":
            if not (mat and arg.shape[1] == 1):
                raise self.err(node, "\\diag needs a vector")
            return ob.diag(arg)
        if name == "vec":
            return ob.vec(arg)
        if name in OPERATORS:
            try:
                out = OPERATORS[name].make(*args)
            except ValueError as exc:
                if self.opaque and not any(ob.is_matrix(a) for a in args):  # KL(P ‖ Q) of
                    # distributions the vocabulary does not have: as written
                    head = re.match(r"[^(]*", OPERATORS[name].unicode_form).group(0)
                    listed = [self.opaque_atom("list", f"({a.lo}, {a.hi})", [], _start(node))
                              if isinstance(a, Interval) and not (a.lo_closed or a.hi_closed)
                              else a for a in args]  # H((X, Y)): a pair, never an interval
                    return self.opaque_atom("abstract function", head or name, listed,
                                            _start(node))
                raise self.err(node, str(exc)) from None
            self.note(conditions(out.domain()))
            return out
        if any(ob.is_matrix(a) for a in args):
            raise self.err(node, f"\\{name} of a vector or matrix is not supported (apply it "
                                 "to entries)")
        if name in SCALAR_FUNCS:
            fn = SCALAR_FUNCS[name].sympy
            self.note(own_conditions(fn(*args, evaluate=False)))
            return fn(*args)
        raise self.err(node, f"unsupported function \\{name}")

    def t_sqrt(self, node: Tree) -> Any:
        arg = self.expr(node.children[1])
        if ob.is_matrix(arg):
            raise self.err(node, "\\sqrt of a vector or matrix is not supported")
        self.note([Prop(arg, ">=", 0)])
        return sp.sqrt(arg)

    def t_floor(self, node: Tree) -> Any:
        return self._scalar_call(sp.floor, node)

    def t_ceil(self, node: Tree) -> Any:
        return self._scalar_call(sp.ceiling, node)

    def _scalar_call(self, fn: Any, node: Tree) -> Any:
        arg = self.expr(node.children[1])
        if ob.is_matrix(arg):
            raise self.err(node, f"{fn.__name__} of a vector or matrix is not supported")
        return fn(arg)

    # -- big operators -------------------------------------------------------------------
    def t_bigop(self, node: Tree) -> Any:
        return self.bigop(node.children, node)

    def bigop(self, kids: list, node: Tree) -> Any:
        op = str(kids[0]).lstrip("\\")
        bsub = next((k for k in kids[1:-1] if isinstance(k, Tree) and k.data == "bsub"), None)
        bsup = next((k for k in kids[1:-1] if isinstance(k, Tree) and k.data == "bsup"), None)
        body_node = kids[-1]
        if bsub is None and bsup is None:
            if op in ("max", "min"):
                return self.extremum_of_values(op, body_node, node)
            raise self.err(node, f"\\{op} needs its index: \\{op}_{{i=1}}^n")
        if bsub is None:
            raise self.err(node, f"\\{op} needs its index below it: \\{op}_{{i=1}}^n")
        if op in ("bigcup", "bigcap"):  # opaque: \bigcup_{i=1}^n E_i, a set, as written
            from symbolic.latex_parse.opaque import display

            if not self.depth:
                raise self.err(node, f"\\{op} is a value only as an event of a probability")
            return self.opaque_atom("set", display(self.src(node)).replace("bigcup", "⋃")
                                    .replace("bigcap", "⋂"), [], _start(node))
        if self.opaque and bsup is not None and op in ("sum", "prod") and \
                self.src(bsup.children[1]).strip(" {}") == "\\infty":  # a series: as written
            from symbolic.latex_parse.opaque import display

            return self.opaque_atom("limit", display(self.src(node).strip()), [], _start(node))
        try:
            var, lo, hi = self.bounds(op, bsub, bsup, node)
        except LatexError:
            if not self.opaque or bsup is not None:
                raise
            return self.unranged(op, bsub, body_node, node)  # opaque: \min_{\theta \in
            # \Theta} R(\theta), \sum_{i \le n} a_i, \sum_{a : \Delta_a > 0}: as written
        self.check_bound(lo, op, node, "lower")
        self.bound[id(node)] = {var}
        if self.opaque:  # opaque mode: X_i of an X not in where (its size: the upper bound,
            self.index_ranges[str(var)] = hi if lo == 1 else None  # else not told)
        if self.opaque and hi is None:  # opaque: \sum_y P(Y = y), \max_i \min_j M_{ij}
            try:
                body = self.within(var, lambda: self.expr(body_node))
                hi = self.infer_range(body, var, op, node)
            except LatexError:
                return self.unranged(op, bsub, body_node, node)
        body = self.within(var, lambda: self.expr(body_node))
        if hi is None:
            hi = self.infer_range(body, var, op, node)
        if ob.is_matrix(body):
            raise self.err(node, f"a \\{op} of vectors or matrices is not supported: "
                                 f"\\{op} scalars (entries)")
        if op == "sum":
            return sp.Sum(body, (var, lo, hi))
        if op == "prod":
            return sp.Product(body, (var, lo, hi))
        if op not in ("max", "min"):
            raise self.err(node, f"unknown big operator \\{op}")
        vec = vectorize(body, var, hi) if lo == 1 else None
        if vec is None:
            raise self.err(node, f"\\{op}_{var} of this body is not supported: write it over "
                                 f"the entries of one vector (\\{op}_i v_i, \\{op}_i |(Ax)_i - "
                                 f"y_i|)")
        if op == "max":
            return ob.norminf(vec.args[0]) if isinstance(vec, ob.ElemAbs) else ob.max_entry(vec)
        return ob.min_entry(vec)

    def unranged(self, op: str, bsub: Tree, body_node: Tree, node: Tree) -> Any:
        r"""Opaque mode: ``\sum_y \Pr[Y = y]``, a big operator whose range is not written and
        cannot be told from the body, read as written (its index a name of its own)."""
        from symbolic.latex_parse.opaque import display

        def read() -> Any:
            items = self.flat(body_node) if isinstance(body_node, Tree) and \
                body_node.data == "product" else []
            if op not in ("max", "min", "sup", "inf") or len(items) != 1:
                return self.expr(body_node)
            v = self.visit(items[0][1])
            if v.kind == "set" and len(v.args) == 1 and not v.posts:
                return v.args[0]  # \min_\theta \{q(\theta)\}: the braces only group
            return self.value(self.visit(body_node))

        body = self.inside(read)
        if body is None or ob.is_matrix(body):
            raise self.err(node, f"a \\{op} of vectors or matrices is not supported")
        script = self.src(bsub).strip()[1:].strip()
        if script.startswith("{") and script.endswith("}"):
            script = script[1:-1]
        head = {"sum": "Σ", "prod": "Π"}.get(op, op)
        return self.opaque_atom("unstated range", head, [body], _start(node), display(script))

    def within(self, var: Any, read: Any) -> Any:
        """``read()`` with the name of ``var`` bound to it (a big operator's or an integral's
        variable)."""
        name = key(str(var))
        saved = self.where.get(name)
        self.where[name] = var  # the body's i is the operator's index
        self.binding.append(str(var))
        try:
            return read()
        finally:
            self.binding.pop()
            if saved is None:
                self.where.pop(name, None)
            else:
                self.where[name] = saved

    def extremum_of_values(self, op: str, body_node: Tree, node: Tree) -> Any:
        """``\\max(a, b)``, ``\\max\\{a, b\\}`` (times the rest of the product)."""
        vals = [(o, self.visit(c), c) for o, c in self.flat(body_node)]
        first = vals[0][1]
        if first.kind not in ("paren", "set") or (len(first.args) < 2 and first.kind == "paren"):
            if first.kind == "paren" and len(first.args) == 1:
                raise self.err(node, f"\\{op}(x) of one value: write \\{op}_i x_i for the "
                                     f"entries of a vector, or \\{op}(a, b)")
            raise self.err(node, f"\\{op} needs an index (\\{op}_i v_i) or its arguments "
                                 f"(\\{op}(a, b), \\{op}\\{{a, b\\}})")
        if any(ob.is_matrix(a) for a in first.args):
            raise self.err(node, f"\\{op}(...) of vectors or matrices: write \\{op}_i for "
                                 "the entries")
        fn = sp.Max if op == "max" else sp.Min
        value = self.apply_posts(fn(*first.args), first.posts)
        return self.product_of([(vals[0][0], V("value", value=value), vals[0][2]), *vals[1:]],
                               node)

    def bounds(self, op: str, bsub: Tree, bsup: Tree | None, node: Tree) -> tuple:
        """``(var, lo, hi)`` of ``_{i=1}^n``, ``_{i \\in [n]}``, ``_{1 \\le i \\le n}``, ``_i``
        (``hi`` None: taken from the body)."""
        hi = None if bsup is None else self.sup_value(bsup.children[1])
        sub = bsub.children[1] if len(bsub.children) == 2 else bsub.children[2]
        if isinstance(sub, Token):
            return self.bound_var(str(sub), node), sp.Integer(1), self.check_hi(hi, op, node)
        kids = sub.children  # a chain: expr (relop expr)*
        srcs = [self.src(k).strip() for k in kids[0::2]]
        rels = [str(r.children[0]) for r in kids[1::2]]
        if len(kids) == 1:
            return self.bound_var(srcs[0], node), sp.Integer(1), self.check_hi(hi, op, node)
        if rels == ["="]:
            lo = self.expr(kids[2])
            return self.bound_var(srcs[0], node), lo, self.check_hi(hi, op, node)
        if rels == ["in"] and srcs[1].startswith("[") and srcs[1].endswith("]") and \
                "," not in srcs[1]:
            top = self.expr(kids[2])  # [n]: the brackets group n
            return self.bound_var(srcs[0], node), sp.Integer(1), self.check_hi(top, op, node)
        if len(rels) == 2 and all(r in ("<=", "<") for r in rels):
            lo, top = self.expr(kids[0]), self.expr(kids[4])
            lo = lo + 1 if rels[0] == "<" else lo
            top = top - 1 if rels[1] == "<" else top
            return self.bound_var(srcs[1], node), lo, self.check_hi(top, op, node)
        raise self.err(bsub, f"cannot read the range of \\{op}: write _{{i=1}}^n, "
                             "_{i \\in [n]} or _{1 \\le i \\le n}")

    def bound_var(self, name: str, node: Any) -> Any:
        found = self.lookup(name)
        if name in self.dims:
            found = None  # \sum_{t=1}^T beside a t read as a dimension: its own index t
        if found is not None:
            if not (isinstance(found, sp.Symbol) and found.is_integer):
                raise self.err(node, f"the index {name} of a big operator is declared in where "
                                     "as something other than an integer symbol")
            return found
        if not re.fullmatch(r"[A-Za-z]", name):
            raise self.err(node, f"the index of a big operator must be a letter, got {name!r}")
        return ob.index(name)

    def check_hi(self, hi: Any, op: str, node: Any) -> Any:
        if hi is None:
            return None
        return self.check_bound(hi, op, node, "upper")

    def check_bound(self, value: Any, op: str, node: Any, which: str) -> Any:
        """``value``, a bound of a big operator: a number, a dimension or an index. A name of
        :data:`~symbolic.latex_parse.build.COUNT_NAMES` not in ``where`` becomes a dimension
        (the reading starts again); any other real scalar is refused."""
        dims = set(ob.DIMS.values())
        for s in sorted(sp.sympify(value).free_symbols, key=str):
            if s in dims or s.is_integer:
                continue
            name = str(s)
            if name in COUNT_NAMES and key(name) not in self.given and name not in self.dims:
                raise PromoteToDimension(name)
            raise self.err(node, f"the {which} bound {value} of \\{op} uses the real scalar "
                                 f"{name}: a bound must be a number or a dimension; declare "
                                 f"{name} with dim({name!r}) and pass it in where "
                                 f"({{{name!r}: dim({name!r})}}); only "
                                 f"{', '.join(COUNT_NAMES)} not in where are read as "
                                 "dimensions")
        return value

    def infer_range(self, body: Any, var: Any, op: str, node: Any) -> Any:
        """The size an unbounded index ranges up to, from the entries it subscripts."""
        from symbolic.claim import index_bounds
        from symbolic.prop import Prop

        bound = index_bounds(Prop(body, "=", body)).get(var) if not ob.is_matrix(body) else None
        if bound is None or isinstance(bound, sp.Min):
            raise self.err(node, f"\\{op}_{var}: give the range of {var} "
                                 f"(\\{op}_{{{var}=1}}^n or \\{op}_{{{var} \\in [n]}})")
        return bound

    # -- derivatives ---------------------------------------------------------------------
    def dvars(self, node: Tree) -> list[tuple[Any, list[Any]]]:
        """``[(var, [i, j])]`` of ``\\partial x_i \\partial A_{i,j} ...`` (``x_i^2``: twice)."""
        out = []
        for dvar in node.children:
            var_node = dvar.children[1]
            prim, posts = var_node.children[0], list(var_node.children[1:])
            times = 1
            if posts and posts[-1].children[0].type == "SUP":
                times = int(self.sup_value(posts.pop().children[1]))
            if prim.data != "name" or len(posts) > 1 or (
                    posts and posts[0].children[0].type != "SUB"):
                raise self.err(var_node, "write the variable as x, x_i or A_{i,j}")
            var = self.resolve(str(prim.children[0]), _pos(prim))
            self.refuse_dimension_variable(str(prim.children[0]), var_node, "differentiated")
            if not posts:
                if ob.is_matrix(var):
                    raise self.err(var_node, f"differentiate by a coordinate of {var} "
                                             f"({var}_i), or take the gradient \\nabla_{var}")
                out += [(var, [sp.Integer(1), sp.Integer(1)])] * times
                continue
            if not ob.is_matrix(var):
                raise self.err(var_node, "differentiate by a coordinate of a vector or matrix")
            sub = [p.strip() for p in self.sub_text(posts[0].children[1]).split(",")]
            out += [(var, [self.index(s, var_node) for s in sub])] * times
        return out

    def refuse_dimension_variable(self, name: str, node: Any, what: str) -> None:
        """A name read as a dimension (it bounds a sum) cannot also be a real variable."""
        if name in self.dims or isinstance(self.lookup(name), ReadDimension):
            raise self.err(node, f"{name} bounds a sum, so it is read as a dimension (a "
                                 f"positive integer), but it is {what} here: declare {name} "
                                 "in where")

    def differentiate(self, body: Any, dvars: list, order: Any, node: Any) -> Any:
        want = 1 if order is None else self.sup_value(order.children[1])
        if want != len(dvars):
            raise self.err(node, f"a derivative of order {want} with {len(dvars)} "
                                 "differentials in the denominator")
        for var, idx in reversed(dvars):
            body = ob.deriv(body, var, *idx)
        return body

    def t_deriv(self, node: Tree) -> Any:
        kids = node.children
        order = kids[3] if isinstance(kids[3], Tree) and kids[3].data == "dpow" else None
        k = 4 if order is not None else 3
        body, dv = self.expr(kids[k]), self.dvars(kids[k + 3])
        return self.differentiate(body, dv, order, node)

    def t_dop(self, node: Tree) -> Any:
        kids = node.children
        order = kids[3] if isinstance(kids[3], Tree) and kids[3].data == "dpow" else None
        k = 4 if order is not None else 3
        dv = self.dvars(kids[k + 2])
        self.bound[id(node)] = {v for v, _ in dv}
        return self.differentiate(self.expr(kids[-1]), dv, order, node)

    def t_binom(self, node: Tree) -> Any:
        r"""``\binom{n}{k}``, ``\tbinom``, ``\dbinom``, ``{n \choose k}``: the binomial
        coefficient."""
        parts = [c for c in node.children if isinstance(c, Tree)]
        return self.apply_func("binomial", [self.expr(c) for c in parts], node, None)

    def t_frac(self, node: Tree) -> Any:
        num, den = (_braced(c) for c in node.children[1:3])
        a, b = self.src(num).strip(), self.src(den).strip()
        if _DERIVATIVE_TOP.fullmatch(a) and _DIFFERENTIALS.fullmatch(b):
            raise self.err(node, f"two readings: \\frac{{{a}}}{{{b}}} is a derivative, or a "
                                 "quotient with the dimension d in both parts: write "
                                 "\\mathrm{d} (or \\partial) for a derivative, d \\cdot ... for "
                                 "a product")
        top, bottom = self.expr(num), self.expr(den)
        if ob.is_matrix(bottom):
            raise self.err(den, "the denominator of \\frac must be a scalar")
        self.note([nonzero(bottom)])
        return top / bottom

    def t_nabla(self, node: Tree) -> Any:
        kids = node.children
        var = None
        if len(kids) == 3:  # \nabla_x
            nsub = kids[1]
            text = self.src(nsub).strip()[1:].strip()
            text = text[1:-1].strip() if text.startswith("{") else text
            self.refuse_dimension_variable(text, nsub, "differentiated")
            var = self.resolve(text, _pos(nsub))
        vals = [(o, self.visit(c), c) for o, c in self.flat(kids[-1])]
        if self.opaque and self.abstract(vals):
            sub = text if len(kids) == 3 else ""
            return self.opaque_gradient(vals, node, 1, var, sub)
        self.refuse_abstract(vals, "\\nabla")
        if var is not None:
            self.bound[id(node)] = {var}
        if len(vals) >= 2 and vals[0][1].kind == "name" and vals[1][0] is None and \
                vals[1][1].kind == "paren":
            paren = vals[1][1]
            posts, paren.posts = paren.posts, []
            called = self.call(vals[0][1], paren)
            if var is None and len(paren.args) == 1 and isinstance(paren.args[0],
                                                                   sp.MatrixSymbol):
                var = paren.args[0]
                self.bound[id(node)] = {var}
            if called is not None and var is not None and (posts or len(vals) > 2):
                # \nabla f(x)^\top v: the gradient of f(x), then its transpose, then the rest
                g = self.apply_posts(ob.gradient(called, var), posts)
                return self.product_of([(None, V("value", value=g), None), *vals[2:]], node)
            paren.posts = posts
        if var is None:
            raise self.err(node, "name the variable of \\nabla: \\nabla_x f, or \\nabla f(x)")
        return ob.gradient(self.product_of(vals, node), var)

    def refuse_abstract(self, vals: list, what: str) -> None:
        """``\\nabla f(x)`` of a function ``f`` that ``where`` does not give: a statement about
        an unknown function, not checked."""
        if len(vals) >= 2 and vals[0][1].kind == "name" and vals[1][0] is None and \
                vals[1][1].kind == "paren":
            name, paren = vals[0][1], vals[1][1]
            if self.lookup(f"{name.text}({paren.text})") is None and \
                    self.lookup(name.text) is None and self.known_dim(name.text) is None:
                raise NotChecked(self.text, name.pos, f"abstract function {name.text}: not "
                                                      f"checked ({what} {name.text}"
                                                      f"({paren.text}) of a function not in "
                                                      "where)", "abstract function")

    def t_hessian(self, node: Tree) -> Any:
        r"""``\nabla^2 f(x)``: refused (no Hessian in the vocabulary; of a function not in
        ``where``, an abstract function)."""
        vals = [(o, self.visit(c), c) for o, c in self.flat(node.children[-1])]
        if self.opaque and self.abstract(vals):
            return self.opaque_hessian(vals, node)
        self.refuse_abstract(vals, "\\nabla^2")
        raise self.err(node, "the Hessian \\nabla^2 is not in the vocabulary")

    def t_integral(self, node: Tree) -> Any:
        r"""``\int_a^b f(x) \, dx``: SymPy's ``Integral`` over the variable of the
        differential (``dx``, ``\mathrm{d}x``)."""
        kids = node.children
        bsub = next((k for k in kids if isinstance(k, Tree) and k.data == "bsub"), None)
        bsup = next((k for k in kids if isinstance(k, Tree) and k.data == "bsup"), None)
        body_node, var_node = kids[-3], kids[-1]
        if bsub is None or bsup is None:
            raise self.err(node, "an integral needs both bounds (\\int_a^b f(x)\\,dx): an "
                                 "indefinite integral is not a value")
        prim = var_node.children[0]
        name = self.src(var_node).strip()
        if len(var_node.children) != 1 or not (isinstance(prim, Tree) and prim.data == "name"
                                               and prim.children[0].type in ("LETTER", "GREEK")):
            raise self.err(var_node, f"the differential d{name} of an integral: integrate over "
                                     "one scalar variable (dx, d\\theta)")
        self.refuse_dimension_variable(name, var_node, "integrated over")
        found = self.lookup(name)
        if found is not None and not (isinstance(found, sp.Symbol) and not found.is_integer):
            raise self.err(var_node, f"the integration variable {name} is declared in where "
                                     "as something other than a real scalar")
        if found is None and name in declared_dims():
            raise self.err(var_node, f"cannot integrate over the dimension {name}")
        var = found if found is not None else ob.scalar(name.lstrip("\\"))
        lo, hi = self.integral_bound(bsub), self.integral_bound(bsup)
        self.bound[id(node)] = {var}
        body = self.within(var, lambda: self.expr(body_node))
        if ob.is_matrix(body):
            raise self.err(node, "an integral of a vector or matrix is not supported")
        if self.opaque:
            return self.opaque_integral(body, var, lo, hi, node)
        return sp.Integral(body, (var, lo, hi))

    def integral_bound(self, script: Tree) -> Any:
        """A bound of an integral (``bsub`` or ``bsup``): ``0``, ``a``, ``{-\\infty}``."""
        kids = script.children[1:]
        if script.data == "bsup":
            kids = kids[0].children
        text = "".join(self.src(k) for k in kids).strip()
        bare = re.sub(r"\s+", "", text)
        bare = bare[1:-1] if bare.startswith("{") and bare.endswith("}") else bare
        infinite = {"\\infty": sp.oo, "+\\infty": sp.oo, "-\\infty": -sp.oo}
        if bare in infinite:
            return infinite[bare]
        if len(kids) == 1 and isinstance(kids[0], Token) and kids[0].type == "NUMBER":
            return sp.Rational(str(kids[0]))
        if len(kids) == 1 and isinstance(kids[0], Token) and kids[0].type in ("LETTER",
                                                                              "GREEK"):
            return self.resolve(str(kids[0]), kids[0].start_pos)
        if len(kids) == 3 and isinstance(kids[1], Tree):
            tree = kids[1]
            if tree.data == "chain":
                if len(tree.children) != 1:
                    raise self.err(script, f"cannot read the bound {text} of the integral")
                tree = tree.children[0]
            return self.expr(tree)
        raise self.err(script, f"cannot read the bound {text} of the integral")

    def t_dots(self, node: Any) -> Any:
        raise self.err(node, "ellipsis: cannot tell the terms (write \\sum_{i=1}^n or "
                             "\\prod_{i=1}^n)")

    # -- indicators, sets ----------------------------------------------------------------
    def t_indicator(self, node: Tree) -> Any:
        chain = node.children[2]
        kids = chain.children
        if len(kids) != 3:
            raise self.err(node, "an indicator takes one relation: \\mathbb{1}[i = y]")
        rel = str(kids[1].children[0])
        lhs, rhs = (self.indicator_side(k, rel) for k in (kids[0], kids[2]))
        if ob.is_matrix(lhs) or ob.is_matrix(rhs):
            raise self.err(node, "an indicator of a relation between vectors or matrices")
        ints = [getattr(sp.sympify(s), "is_integer", False) for s in (lhs, rhs)]
        if rel in ("=", "!=") and all(ints):
            delta = sp.KroneckerDelta(lhs, rhs)
            return delta if rel == "=" else 1 - delta
        if any(ints) and not all(ints) and rel in ("=", "!="):
            idx, other = (lhs, rhs) if ints[0] else (rhs, lhs)
            raise self.err(node, f"\\mathbb{{1}}[{self.src(chain).strip()}]: {idx} is an index "
                                 f"and {other} a real scalar; declare {other} as an index "
                                 f"(where={{'{other}': index('{other}')}}) for the Kronecker "
                                 "delta")
        table = {"=": sp.Eq, "<=": sp.Le, "<": sp.Lt, ">=": sp.Ge, ">": sp.Gt, "!=": sp.Ne}
        if rel not in table:
            raise self.err(node, f"an indicator of the relation {rel} is not supported")
        cond = table[rel](lhs, rhs)
        return sp.Piecewise((1, cond), (0, True))

    def indicator_side(self, node: Tree, rel: str) -> Any:
        """A side of ``\\mathbb{1}[i = j]``: ``i``, ``j``, ``k``, ``l`` not in where are indices."""
        text = self.src(node).strip()
        if rel in ("=", "!=") and text in ("i", "j", "k", "l") and self.lookup(text) is None:
            return ob.index(text)
        return self.expr(node)

    def t_ones(self, node: Any) -> Any:
        return V("value", text="ones", pos=_pos(node), value=Ones())

    def t_setlit(self, node: Tree) -> Any:
        parts = node.children[1:-1:2]
        for k, part in enumerate(parts):
            if _is_dots_tree(part):
                first = self.src(parts[k - 1]).strip() if k > 0 else "(nothing)"
                last = self.src(parts[k + 1]).strip() if k + 1 < len(parts) else "(nothing)"
                raise self.err(part, f"ellipsis: cannot tell the terms between {first} and "
                                     f"{last} (write \\max_{{i \\in [n]}} x_i)")
        return V("set", text=self.src(node), pos=_pos(node),
                 args=tuple(self.expr(a) for a in parts))

    def t_bracket(self, node: Tree) -> Any:
        return self.expr(node.children[1])  # grouping; [n] after \in is read by the relation

    def t_boldname(self, node: Tree) -> Any:
        full = self.src(node).strip()
        letter = str(node.children[2])
        text = full if self.lookup(full) is not None else letter
        return V("name", text=text, pos=_pos(node))


def _is_function_item(tree: Any) -> bool:
    """Whether a product item is a function or big operator (``\\log n \\log d`` is a product)."""
    if not isinstance(tree, Tree):
        return False
    if tree.data in _FUNC_ITEMS or tree.data in TAILS:
        return True
    return tree.data == "postfix" and isinstance(tree.children[0], Tree) and \
        tree.children[0].data in ("fcall", "sqrt")


def vectorize(body: Any, var: Any, size: Any) -> Any:
    """A vector ``w`` with ``w_i = body`` for ``i = 1..size``, or None: ``|(Ax)_i - y_i|`` ->
    ``|Ax - y|``.

    >>> from symbolic.objects import vector, entry, index
    >>> i, x = index("i"), vector("x", 3)
    >>> vectorize(2 * sp.Abs(entry(x, i)), i, 3)
    2*ElemAbs(x)
    """
    if var not in getattr(body, "free_symbols", set()):
        return None
    return _vec(body, var, size)


def _vec(e: Any, var: Any, size: Any) -> Any:
    ones_ = sp.OneMatrix(size, 1)
    if var not in e.free_symbols:
        return e * ones_
    if isinstance(e, ob.Entry):
        v, i, j = e.args
        ok = i == var and j == 1 and v.shape[1] == 1 and sp.simplify(v.shape[0] - size) == 0
        return v if ok and var not in v.free_symbols else None
    parts = [_vec(a, var, size) if var in a.free_symbols else a for a in e.args]
    if any(p is None for p in parts):
        return None
    if isinstance(e, sp.Add):
        return sp.MatAdd(*[p if ob.is_matrix(p) else p * ones_ for p in parts]).doit()
    if isinstance(e, sp.Mul):
        mats = [p for p in parts if ob.is_matrix(p)]
        scal = sp.Mul(*[p for p in parts if not ob.is_matrix(p)])
        out = mats[0] if len(mats) == 1 else ob.hadamard(*mats)
        return out if scal == 1 else scal * out
    if isinstance(e, sp.Pow) and not ob.is_matrix(e.exp) and var not in e.exp.free_symbols:
        base = parts[0]
        return ob.recip_(base) if e.exp == -1 else sp.HadamardPower(base, e.exp)
    elem = {sp.Abs: ob.abs_, sp.exp: ob.exp_, sp.log: ob.log_}
    for cls, fn in elem.items():
        if isinstance(e, cls):
            return fn(parts[0])
    return None


def _pos(node: Any) -> int:
    return _start(node)


def _braced(tree: Any) -> Any:
    """The expression inside a TeX argument ``{...}`` (or the one-token argument itself)."""
    if isinstance(tree, Tree) and tree.data == "group":
        return tree.children[1]
    return tree


def _dots_item(tree: Any) -> bool:
    return isinstance(tree, Tree) and tree.data == "postfix" and isinstance(
        tree.children[0], Tree) and tree.children[0].data == "dots"


# -- ellipses ---------------------------------------------------------------------------------
def _items(text: str, opaque: bool = False) -> list[Any]:
    """The tokens of ``text`` as a nested list: ``(type, value, start, end)`` for a token,
    ``["group", children, start, end]`` for a braced group; a group of one item is that item."""
    out: list[Any] = []
    stack: list[tuple[list[Any], int]] = []
    for tok in tokenize(text, opaque):
        if tok.type == "LBRACE":
            stack.append((out, tok.start_pos))
            out = []
        elif tok.type == "RBRACE" and stack:
            parent, start = stack.pop()
            parent.append(out[0] if len(out) == 1 else ("group", tuple(out), start, tok.end_pos))
            out = parent
        else:
            out.append((tok.type, str(tok), tok.start_pos, tok.end_pos))
    return out


def _same(a: Any, b: Any) -> bool:
    if a[0] == "group" or b[0] == "group":
        return a[0] == b[0] and len(a[1]) == len(b[1]) and all(
            _same(x, y) for x, y in zip(a[1], b[1]))
    return a[:2] == b[:2]


def _slots(a: list[Any], b: list[Any], path: tuple = ()) -> list[tuple] | None:
    """``[(path, item of a, item of b)]`` where two item lists of one shape differ, or None
    (shapes differ)."""
    if len(a) != len(b):
        return None
    out: list[tuple] = []
    for k, (x, y) in enumerate(zip(a, b)):
        if _same(x, y):
            continue
        if x[0] == "group" and y[0] == "group" and len(x[1]) == len(y[1]):
            inner = _slots(list(x[1]), list(y[1]), (*path, k))
            if inner is None:
                return None
            out += inner
        else:
            out.append(((*path, k), x, y))
    return out


class Ellipsis:
    """Mixin of the builder: ``a_1 + \\cdots + a_n``, ``x_1 x_2 \\cdots x_n`` (see
    :meth:`ellipsis`)."""

    text: str
    opaque: bool = False

    def ellipsis(self, items: list[tuple[str, Tree]], node: Tree) -> Any:
        r"""A sum (``items``: ``(sign, term)``) or product (``(operator, factor)``) with an
        ellipsis, as ``\sum_{i=lo}^{hi} F(i)`` / ``\prod``: the terms beside the ellipsis are
        one expression ``F`` with an index running from the first term's value (``x_1``, or
        ``x_1 + x_2 + \cdots``) to the last's (``x_n``). Anything else is refused."""
        sum_ = items[0][0] in ("+", "-")
        ok = ("+",) if sum_ else ("", "CDOT", "TIMES")
        where = [k for k, (_, t) in enumerate(items) if _is_dots_tree(t)]
        k = where[0]
        first = self.src(items[k - 1][1]).strip() if k > 0 else ""
        last = self.src(items[k + 1][1]).strip() if k + 1 < len(items) else ""
        dots_pos = _start(items[k][1])

        def refuse(why: str = "") -> LatexError:
            return LatexError(self.text, dots_pos, f"ellipsis: cannot tell the terms between "
                                                   f"{first or '(nothing)'} and "
                                                   f"{last or '(nothing)'}" + why)

        if len(where) != 1 or k == 0 or k + 1 == len(items):
            raise refuse()
        if items[k][0] not in ok or items[k + 1][0] not in ok or (
                items[k - 1][0] not in ok and (sum_ or k - 1 > 0)):
            raise refuse(" (the operators around it differ)")
        b_src, l_src = first, last
        b_items, l_items = _items(b_src, self.opaque), _items(l_src, self.opaque)
        slots = _slots(b_items, l_items)
        if not slots:
            raise refuse()
        b_texts = {b_src[x[2]:x[3]] for _, x, _ in slots}
        l_texts = {l_src[y[2]:y[3]] for _, _, y in slots}
        if len(b_texts) != 1 or len(l_texts) != 1:
            raise refuse(" (the terms differ in more than one index)")
        lo, hi = b_texts.pop(), l_texts.pop()
        lo = lo[1:-1] if lo.startswith("{") else lo
        hi = hi[1:-1] if hi.startswith("{") else hi
        paths = [p for p, _, _ in slots]
        start = k - 1  # the first term of the pattern
        while start > 0 and items[start][0] in ok:
            a_slots = _slots(b_items, _items(self.src(items[start - 1][1]).strip(),
                                             self.opaque))
            if a_slots is None or [p for p, _, _ in a_slots] != paths:
                break  # a term of another form: not one of the pattern's
            a_src = self.src(items[start - 1][1]).strip()
            values = {a_src[y[2]:y[3]] for _, _, y in a_slots}
            if not (lo.isdigit() and len(values) == 1 and values == {str(int(lo) - 1)}):
                raise refuse(" (the terms before it do not step by 1)")
            lo, start = str(int(lo) - 1), start - 1
        var = self.fresh_index(b_src + l_src)
        template = b_src
        for _, x, _ in sorted(slots, key=lambda s: -s[1][2]):
            piece = "{" + var + "}" if x[0] == "group" or b_src[x[2]] == "{" else var
            template = template[:x[2]] + piece + template[x[3]:]
        canonical = (f"\\{'sum' if sum_ else 'prod'}_{{{var}={lo}}}^{{{hi}}} "
                     f"{{{template}}}")
        value = self.canonical(canonical, dots_pos)
        before = items[:start]
        after = items[k + 2:]
        if sum_:
            acc = value if items[start][0] == "+" else -value
            for sign, term in before + after:
                acc = add(acc, self.expr(term) if sign == "+" else -self.expr(term))
            return acc
        vals = [(op or None, self.visit(c), c) for op, c in before]
        vals.append((items[start][0] or None, V("value", value=value, pos=dots_pos),
                     items[start][1]))
        vals += [(op or None, self.visit(c), c) for op, c in after]
        return self.product_of(vals, node)

    def fresh_index(self, used: str) -> str:
        """An index letter the formula does not use (``i`` if it can)."""
        letters = {str(t) for t in tokenize(self.text, self.opaque) if t.type == "LETTER"}
        letters |= set(re.findall(r"[A-Za-z]", used))
        for v in "ijklpqrsuvwabc":
            if v not in letters and (self.lookup(v) is None or getattr(self.lookup(v),
                                                                       "is_integer", False)):
                return v
        raise LatexError(self.text, 0, "ellipsis: no free letter to index its terms")

    def canonical(self, text: str, pos: int) -> Any:
        """The value of ``text``, a canonical form of part of this formula, read by a builder
        sharing this one's names; errors point at ``pos``."""
        from symbolic.latex_parse.grammar import parse_tree

        sub = self.reread(text)
        try:
            return sub.expr(parse_tree(text, self.opaque).children[0].children[0])
        except NotChecked as exc:
            raise NotChecked(self.text, pos, f"read as {text}: {exc.what}", exc.category) \
                from None
        except LatexError as exc:
            raise LatexError(self.text, pos, f"ellipsis, read as {text}: {exc.what}") from None


def _is_dots_tree(tree: Any) -> bool:
    while isinstance(tree, Tree) and tree.data in ("product", "postfix") and \
            len(tree.children) == 1:
        tree = tree.children[0]
    return isinstance(tree, Tree) and tree.data == "dots"


__all__ = ["LatexError", "Operators", "vectorize"]
