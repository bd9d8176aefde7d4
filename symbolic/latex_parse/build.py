"""From the parse tree of a formula to the toolkit's SymPy objects.

Names are looked up in ``where`` first (keys are compared without spaces, ``x_{t}`` and ``x_t``
alike). Otherwise ``n``, ``d`` (and other declared dimensions) are dimensions, ``i``/``j``/``k``
in subscripts are 1-based indices, ``e`` (and ``\\mathrm{e}``) is Euler's number, ``\\pi`` is π,
``\\delta_{ij}`` is the Kronecker delta, and any other single letter or Greek letter is a real
scalar (``R``, ``\\beta``). A name followed by ``(...)``, as in ``\\alpha(x)``, is looked up as
written (``where={"\\alpha(x)": ...}``) or called (``where={"\\alpha": lambda v: ...}``); an
unknown one is an error (write ``\\beta \\cdot (1 - \\beta)`` for a product).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import sympy as sp
from lark import Token, Tree

from symbolic import objects as ob
from symbolic.latex_parse.lexer import LatexError

#: standard notation, read as mathematicians read it unless ``where`` declares the name
CONSTANTS: dict[str, Any] = {"e": sp.E, "\\mathrm{e}": sp.E, "\\pi": sp.pi}
CONSTANT_NAMES = {"e": "Euler's number e", "\\mathrm{e}": "Euler's number e",
                  "\\pi": "the number π"}


def key(text: str) -> str:
    """``text`` as a ``where`` key: no spaces or ``\\left``/``\\right``, one-character
    sub- and superscripts without braces.

    >>> key(r"\\alpha( x_{t} )")
    '\\\\alpha(x_t)'
    """
    t = re.sub(r"\\(left|right)(?![A-Za-z])", "", text)
    t = re.sub(r"\s+|\\[,;!]", "", t)
    return re.sub(r"([_^])\{(\\?[A-Za-z0-9*]|\\[A-Za-z]+)\}", r"\1\2", t)


@dataclass
class V:
    """A value with what the product rule needs: a name that may be called, a ``(...)`` that
    may be its argument list (with the sub-/superscripts that follow it, applied later)."""

    kind: str  # "name", "paren", "value"
    text: str = ""
    pos: int = 0
    value: Any = None
    args: tuple = ()
    posts: list = field(default_factory=list)


class Builder:
    """Turns a parse tree of ``text`` into SymPy objects (see the module docstring)."""

    def __init__(self, text: str, where: dict[str, Any] | None):
        self.text = text
        self.where = {key(k): v for k, v in (where or {}).items()}

    # -- helpers -------------------------------------------------------------------------
    def err(self, node: Any, what: str) -> LatexError:
        return LatexError(self.text, _start(node), what)

    def src(self, node: Any) -> str:
        return self.text[_start(node):_end(node)]

    def lookup(self, name: str) -> Any:
        return self.where.get(key(name))

    def default_name(self, name: str, node: Any) -> Any:
        """What a name not in ``where`` means (see the module docstring)."""
        if name in CONSTANTS:
            return CONSTANTS[name]
        if name in ob.DIMS:
            return ob.DIMS[name]
        if re.fullmatch(r"[A-Za-z]", name):
            return ob.scalar(name)
        if re.fullmatch(r"\\[A-Za-z]+", name):
            return ob.scalar(name[1:])
        return ob.scalar(key(name))

    def resolve(self, name: str, node: Any) -> Any:
        """The object a (possibly subscripted) name stands for."""
        found = self.lookup(name)
        if found is not None:
            if callable(found) and not isinstance(found, sp.Basic):
                raise self.err(node, f"{name} is a function in where: give its argument, "
                                     f"{name}(...)")
            return found
        base, sub = _split_sub(name)
        if sub is None:
            return self.default_name(name, node)
        bval = self.lookup(base)
        if bval is None and base == "\\delta":
            return self.kronecker(sub, node)
        if bval is None and base in CONSTANTS:
            raise self.err(node, f"{name}: {base} is {CONSTANT_NAMES[base]}, which takes no "
                                 f"subscript; if {name} is an object of its own (a basis "
                                 f"vector, an entry), declare it in where")
        if bval is not None and ob.is_matrix(bval):
            return self.subscript(bval, sub, node)
        if base in ob.DIMS or (bval is not None and not ob.is_matrix(bval)):
            raise self.err(node, f"cannot subscript the scalar {base} with {sub!r}: put "
                                 f"{name!r} in where")
        return self.default_name(name, node)

    def kronecker(self, sub: str, node: Any) -> Any:
        """``\\delta_{ij}``, ``\\delta_{i,j}``: the Kronecker delta of two indices."""
        parts = [p.strip() for p in sub.split(",")] if "," in sub else list(sub.replace(" ", ""))
        if len(parts) != 2:
            raise self.err(node, f"\\delta_{{{sub}}}: the Kronecker delta takes two indices "
                                 "(\\delta_{ij}); declare \\delta in where for anything else")
        return sp.KroneckerDelta(self.index(parts[0], node), self.index(parts[1], node))

    def index(self, text: str, node: Any) -> Any:
        text = text.strip()
        if re.fullmatch(r"\d+", text):
            return sp.Integer(int(text))
        found = self.lookup(text)
        if found is not None:
            return found
        if re.fullmatch(r"[A-Za-z]", text):
            return ob.index(text)
        raise self.err(node, f"cannot read the index {text!r}")

    def subscript(self, m: Any, sub: str, node: Any) -> Any:
        """``M_{*,i}`` (a column), ``v_i`` or ``M_{i,j}`` (entries)."""
        parts = [p.strip() for p in sub.split(",")]
        if len(parts) == 2 and parts[0] == "*":
            return ob.col(m, self.index(parts[1], node))
        if len(parts) == 2:
            return ob.entry(m, self.index(parts[0], node), self.index(parts[1], node))
        if len(parts) == 1 and m.shape[1] == 1:
            return ob.entry(m, self.index(parts[0], node))
        raise self.err(node, f"cannot read the subscript {sub!r} of {m}: use v_i, "
                             "M_{i,j} or M_{*,i}")

    # -- entry points --------------------------------------------------------------------
    def relations(self, tree: Tree) -> list[tuple[Any, str, Any, Any]]:
        """``[(lhs, rel, rhs, node)]`` of a chain ``a REL b REL c``."""
        kids = tree.children
        values = [self.expr(kids[0])]
        rels = []
        for k in range(1, len(kids), 2):
            rels.append(kids[k].children[0])
            values.append(self.expr(kids[k + 1]))
        return [(values[k], str(rels[k]), values[k + 1], rels[k]) for k in range(len(rels))]

    def expr(self, node: Any) -> Any:
        v = self.visit(node)
        return self.value(v)

    def value(self, v: V) -> Any:
        if v.kind == "name" and v.value is None:
            v.value = self.resolve(v.text, v.pos)
        if v.kind == "paren" and v.value is None:
            if len(v.args) == 2 and not v.posts:
                return _Interval(v.args[0], v.args[1], False, False)  # x \in (a, b)
            if len(v.args) != 1:
                raise LatexError(self.text, v.pos, "a pair (a, b) is not a value here")
            v.value = self.apply_posts(v.args[0], v.posts)
        return v.value

    # -- tree walk -----------------------------------------------------------------------
    def visit(self, node: Any) -> V:
        if isinstance(node, Token):
            raise self.err(node, f"unexpected {node.value!r}")
        method = getattr(self, "t_" + node.data, None)
        if method is None:
            raise self.err(node, f"unsupported construct {node.data}")
        out = method(node)
        return out if isinstance(out, V) else V("value", value=out, pos=_start(node))

    def t_add(self, node: Tree) -> Any:
        a, _, b = node.children
        return _add(self.expr(a), self.expr(b))

    def t_sub(self, node: Tree) -> Any:
        a, _, b = node.children
        return _add(self.expr(a), -self.expr(b))

    def t_neg(self, node: Tree) -> Any:
        return -self.expr(node.children[1])

    def t_signed(self, node: Tree) -> Any:
        return self.expr(node.children[-1])

    def t_group(self, node: Tree) -> Any:
        return self.expr(node.children[1])

    def t_paren(self, node: Tree) -> V:
        inner = node.children[1]
        return V("paren", text=self.src(inner), pos=_start(node), args=(self.expr(inner),))

    def t_pair(self, node: Tree) -> V:
        a, b = node.children[1], node.children[3]
        return V("paren", text=self.src(a) + "," + self.src(b), pos=_start(node),
                 args=(self.expr(a), self.expr(b)))

    def _interval(self, node: Tree, lo_closed: bool, hi_closed: bool) -> Any:
        return _Interval(self.expr(node.children[1]), self.expr(node.children[3]), lo_closed,
                         hi_closed)

    def t_closed(self, node: Tree) -> Any:
        return self._interval(node, True, True)

    def t_closed_open(self, node: Tree) -> Any:
        return self._interval(node, True, False)

    def t_open_closed(self, node: Tree) -> Any:
        return self._interval(node, False, True)

    def t_number(self, node: Any) -> Any:
        tok = node if isinstance(node, Token) else node.children[0]
        return sp.Rational(str(tok))  # 0.5 is exactly 1/2

    def t_infty(self, node: Tree) -> Any:
        raise self.err(node, "\\infty is not a value (only a norm subscript)")

    def t_name(self, node: Tree) -> V:
        tok = node.children[0]
        return V("name", text=str(tok), pos=tok.start_pos)

    def t_accent(self, node: Tree) -> V:
        return V("name", text=self.src(node), pos=_start(node))

    def t_bold(self, node: Tree) -> V:
        if str(node.children[2]) != "1":
            raise self.err(node, "only \\mathbf{1}_n (the all-ones vector) is supported")
        return V("value", text="ones", pos=_start(node), value=_Ones())

    def t_norm(self, node: Tree) -> Any:
        return _Norm(self.expr(node.children[1]))

    def t_abs(self, node: Tree) -> Any:
        return ob.abs_(self.expr(node.children[1]))

    def t_inner(self, node: Tree) -> Any:
        u, v = self.expr(node.children[1]), self.expr(node.children[3])
        if not (ob.is_matrix(u) and ob.is_matrix(v)):
            raise self.err(node, "\\langle u, v \\rangle needs two vectors")
        return ob.inner(u, v)

    def t_func(self, node: Tree) -> Any:
        name = str(node.children[0])[1:]
        arg_node = node.children[1]
        inner = arg_node.children[1] if len(arg_node.children) == 3 else arg_node.children[0]
        arg = self.expr(inner) if isinstance(inner, Tree) else self.expr(
            Tree("name", [inner]) if inner.type in ("LETTER", "GREEK") else Tree("number",
                                                                                 [inner]))
        mat = ob.is_matrix(arg)
        if name == "exp":
            return ob.exp_(arg)
        if name in ("log", "ln"):
            return ob.log_(arg)
        if name == "diag":
            if not (mat and arg.shape[1] == 1):
                raise self.err(node, "\\diag needs a vector")
            return ob.diag(arg)
        if name == "vec":
            return ob.vec(arg)
        if mat:
            raise self.err(node, f"\\{name} of a vector or matrix is not supported")
        if name == "sqrt":
            return sp.sqrt(arg)
        table = {"sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "tanh": sp.tanh,
                 "arctan": sp.atan, "arcsin": sp.asin, "arccos": sp.acos}
        if name in table:
            return table[name](arg)
        raise self.err(node, f"unsupported function \\{name}")

    def t_frac(self, node: Tree) -> Any:
        num, den = self.expr(node.children[2]), self.expr(node.children[5])
        if ob.is_matrix(den):
            raise self.err(node.children[5], "the denominator of \\frac must be a scalar")
        return num / den

    def t_deriv(self, node: Tree) -> Any:
        body = self.expr(node.children[3])
        var_node = node.children[7]
        prim, posts = var_node.children[0], var_node.children[1:]
        if prim.data != "name" or len(posts) != 1 or posts[0].children[0].type != "SUB":
            raise self.err(var_node, "write the variable as x_i or A_{i,j}")
        var = self.resolve(str(prim.children[0]), _start(prim))
        if not ob.is_matrix(var):
            raise self.err(var_node, "differentiate by a coordinate of a vector or matrix")
        sub = [p.strip() for p in self.sub_text(posts[0].children[1]).split(",")]
        idx = [self.index(s, var_node) for s in sub]
        return ob.deriv(body, var, *idx)

    def sub_text(self, sub: Tree) -> str:
        text = self.src(sub).strip()
        return text[1:-1] if text.startswith("{") and text.endswith("}") else text

    def t_bigsum(self, node: Tree) -> Any:
        var = ob.index(str(node.children[3]))
        lo = self.expr(node.children[5])
        hi = self.sup_value(node.children[8])
        body = self.expr(node.children[9])
        if ob.is_matrix(body):
            raise self.err(node, "a \\sum of vectors or matrices is not supported: sum "
                                 "scalars (entries)")
        return sp.Sum(body, (var, lo, hi))

    def sup_value(self, sup: Tree) -> Any:
        kids = sup.children
        if len(kids) == 1:
            tok = kids[0]
            if tok.type == "NUMBER":
                return sp.Rational(str(tok))
            if tok.type in ("LETTER", "GREEK"):
                return self.resolve(str(tok), tok.start_pos)
            raise self.err(tok, f"unexpected {tok.value!r} in a superscript")
        if len(kids) == 3 and isinstance(kids[1], Tree):
            return self.expr(kids[1])
        raise self.err(sup, "unexpected superscript")

    def t_product(self, node: Tree) -> Any:
        vals: list[tuple[str | None, V]] = []
        for child in node.children:
            if child.data == "items":
                op = None
                for item in child.children:
                    if item.data == "op":
                        op = item.children[0].type
                        continue
                    vals.append((op, self.visit(item)))
                    op = None
            elif child.data == "op":
                pending = child.children[0].type
                vals.append((pending, None))  # type: ignore[arg-type]
            else:  # bigsum
                op = vals.pop()[0] if vals and vals[-1][1] is None else None
                vals.append((op, V("value", value=self.t_bigsum(child), pos=_start(child))))
        # calls: a name right before (...) with no operator between
        merged: list[tuple[str | None, Any]] = []
        k = 0
        while k < len(vals):
            op, v = vals[k]
            nxt = vals[k + 1] if k + 1 < len(vals) else None
            if v.kind == "name" and nxt is not None and nxt[0] is None and nxt[1].kind == "paren":
                called = self.call(v, nxt[1])
                if called is not None:
                    merged.append((op, called))
                    k += 2
                    continue
            merged.append((op, self.value(v)))
            k += 1
        acc = merged[0][1]
        for op, val in merged[1:]:
            acc = _combine(acc, op, val, self, node)
        if ob.is_matrix(acc) and acc.shape == (1, 1) and len(merged) > 1:
            acc = ob.entry(acc, 1, 1)  # u^T v and A_{*,i}^T (...) are the scalars they denote
        return acc

    def call(self, name: V, paren: V) -> Any:
        """``name(args)`` from ``where`` (as written, or a callable), else None when the name
        is a known object (then it is a product), else an error."""
        found = self.lookup(f"{name.text}({paren.text})")
        if found is None:
            fn = self.lookup(name.text)
            if fn is not None and callable(fn) and not isinstance(fn, sp.Basic):
                found = fn(*paren.args)
        if found is not None:
            return self.apply_posts(found, paren.posts)
        known = self.lookup(name.text) is not None or name.text in ob.DIMS
        if known or (_split_sub(name.text)[1] is not None and self.lookup(
                _split_sub(name.text)[0]) is not None):
            return None
        raise LatexError(self.text, name.pos,
                         f"unknown function {name.text}({paren.text}): pass it in where "
                         f"(where={{{key(name.text + '(' + paren.text + ')')!r}: ...}} or a "
                         f"callable for {key(name.text)!r}), or write {name.text} \\cdot "
                         f"({paren.text}) for a product")

    def t_postfix(self, node: Tree) -> V:
        prim, posts = node.children[0], node.children[1:]
        base = self.visit(prim)
        if base.kind == "name":
            # subscripts extend the name (x_{t+1}, \delta_{b,1}, L_{\exp}, A_{*,i})
            while posts and posts[0].children[0].type == "SUB":
                base = V("name", text=base.text + "_{" + self.sub_text(posts[0].children[1])
                         + "}", pos=base.pos)
                posts = posts[1:]
            if not posts:
                return base
            return V("value", value=self.apply_posts(self.value(base), posts), pos=base.pos)
        if base.kind == "paren":
            base.posts = list(posts)
            return base
        return V("value", value=self.apply_posts(base.value, posts), pos=base.pos)

    def apply_posts(self, val: Any, posts: list) -> Any:
        for post in posts:
            kind = post.children[0].type
            if kind == "PRIME":
                raise self.err(post, "primes (x') are not supported: name the symbol in where")
            if kind == "SUB":
                sub = self.sub_text(post.children[1])
                if isinstance(val, _Norm):
                    val = val.build(sub, self, post)
                elif isinstance(val, _Ones):
                    val = ob.ones(self.index_or_dim(sub, post))
                elif ob.is_matrix(val):
                    val = self.subscript(val, sub, post)
                else:
                    raise self.err(post, f"cannot subscript the scalar {val} with {sub!r}")
                continue
            if isinstance(val, _Norm):
                val = val.build(None, self, post)
            val = self.power(val, post.children[1], post)
        if isinstance(val, _Norm):
            val = val.build(None, self, None)
        if isinstance(val, _Ones):
            raise LatexError(self.text, 0, "\\mathbf{1} needs its size: \\mathbf{1}_n")
        return val

    def index_or_dim(self, sub: str, node: Any) -> Any:
        found = self.lookup(sub)
        if found is not None:
            return found
        if sub in ob.DIMS:
            return ob.DIMS[sub]
        if re.fullmatch(r"\d+", sub):
            return int(sub)
        raise self.err(node, f"unknown size {sub!r} (declare it with dim({sub!r}))")

    def power(self, val: Any, sup: Tree, node: Any) -> Any:
        kids = sup.children
        first = kids[0] if len(kids) == 1 else kids[1]
        if (isinstance(first, Token) and first.type == "TOP") or (
                isinstance(first, Token) and str(first) == "T" and ob.is_matrix(val)):
            if not ob.is_matrix(val):
                raise self.err(node, "^\\top of a scalar")
            return val.T
        if isinstance(first, Token) and first.type == "CIRC":
            e = self.expr(kids[2])
            if not ob.is_matrix(val):
                raise self.err(node, "^{\\circ k} needs a vector or matrix")
            return ob.recip_(val) if e == -1 else sp.HadamardPower(val, e)
        e = self.sup_value(sup)
        if ob.is_matrix(val):
            if val.shape[0] != val.shape[1] and not sp.simplify(val.shape[0] - val.shape[1]) == 0:
                raise self.err(node, f"power of the non-square {val}")
            if not (e.is_Integer and e != 0):
                raise self.err(node, "a matrix power must be a nonzero integer")
            return val**e
        return val**e


class _Norm:
    """``\\|v\\|`` waiting for its subscript (``_2``, ``_\\infty``, ``_F``, ``_1``, ``_p``)."""

    def __init__(self, arg: Any):
        self.arg = arg

    def build(self, sub: str | None, b: Builder, node: Any) -> Any:
        a = self.arg
        if not ob.is_matrix(a):
            if sub not in (None, "1", "2", r"\infty"):
                raise b.err(node, f"\\|.\\|_{sub} of a scalar")
            return sp.Abs(a)
        vector = a.shape[1] == 1
        if sub is None:
            return ob.norm2(a) if vector else ob.opnorm(a)
        sub = sub.strip()
        if sub == "2":
            return ob.norm2(a) if vector else ob.opnorm(a)  # ||A||_2 of a matrix: spectral
        if sub in (r"\infty", "inf", "max"):
            if not vector:
                raise b.err(node, "\\|M\\|_\\infty of a matrix is not supported")
            return ob.norminf(a)
        if sub == "F":
            return ob.frob(a)
        if not vector:
            raise b.err(node, f"\\|M\\|_{sub} of a matrix is not supported")
        if sub == "1":
            return ob.norm1(a)
        try:
            p = sp.Rational(sub)
        except (TypeError, ValueError):
            p = b.resolve(sub, node)
        return ob.normp(a, p)


class _Ones:
    """``\\mathbf{1}`` waiting for its size subscript."""


@dataclass
class _Interval:
    lo: Any
    hi: Any
    lo_closed: bool
    hi_closed: bool


def _split_sub(name: str) -> tuple[str, str | None]:
    """``x_{t+1}`` -> (``x``, ``t+1``); ``\\beta`` -> (``\\beta``, None)."""
    m = re.match(r"^(\\?[A-Za-z]+)_(.*)$", name)
    if not m:
        return name, None
    sub = m.group(2)
    if sub.startswith("{") and sub.endswith("}"):
        sub = sub[1:-1]
    return m.group(1), sub


def _add(a: Any, b: Any) -> Any:
    if ob.is_matrix(a) != ob.is_matrix(b):
        raise ValueError(f"cannot add a matrix and a scalar: {a} + {b}")
    return a + b


def _combine(acc: Any, op: str | None, val: Any, b: Builder, node: Any) -> Any:
    if op in (None, "CDOT", "TIMES"):
        return acc * val
    if op == "CIRC":
        if not (ob.is_matrix(acc) and ob.is_matrix(val)):
            raise b.err(node, "\\circ needs two vectors or matrices")
        return ob.hadamard(acc, val)
    if op == "OTIMES":
        return ob.kron(acc, val)
    if op == "SLASH":
        if ob.is_matrix(val):
            raise b.err(node, "division by a vector or matrix")
        return acc / val
    raise b.err(node, f"unknown operator {op}")


def _start(node: Any) -> int:
    if isinstance(node, int):
        return node
    if isinstance(node, Token):
        return node.start_pos or 0
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.start_pos
    for child in getattr(node, "children", []):
        return _start(child)
    return 0


def _end(node: Any) -> int:
    if isinstance(node, Token):
        return node.end_pos or 0
    meta = getattr(node, "meta", None)
    if meta is not None and not meta.empty:
        return meta.end_pos
    return _start(node)
