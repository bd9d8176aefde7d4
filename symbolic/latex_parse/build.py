"""From the parse tree of a formula to the toolkit's SymPy objects.

Names are looked up in ``where`` first (keys are compared without spaces, ``x_{t}`` and ``x_t``
alike). Otherwise ``n``, ``d`` (and other declared dimensions) are dimensions, ``i``/``j``/``k``
in subscripts are 1-based indices, ``e`` (and ``\\mathrm{e}``) is Euler's number, ``\\pi`` is π,
``\\delta_{ij}`` is the Kronecker delta, and any other single letter or Greek letter is a real
scalar (``R``, ``\\beta``). A name followed by ``(...)``, as in ``\\alpha(x)``, is looked up as
written (``where={"\\alpha(x)": ...}``) or called (``where={"\\alpha": lambda v: ...}``); an
unknown one is an error (write ``\\beta \\cdot (1 - \\beta)`` for a product). ``I_n`` is the
identity (a bare ``I`` takes its size from the matrix it meets), ``H(p)`` of a vector is its
entropy. Big operators, derivatives, functions and indicators: :mod:`.operators`.
"""

from __future__ import annotations

import re
from typing import Any

import sympy as sp
from lark import Token, Tree

from symbolic import objects as ob
from symbolic.latex_parse.lexer import LatexError
from symbolic.latex_parse.names import _end, _start, key
from symbolic.latex_parse.operators import Operators
from symbolic.latex_parse.values import Eye, Interval, Norm, Ones, RealSet, V, clean_sub

#: standard notation, read as mathematicians read it unless ``where`` declares the name
CONSTANTS: dict[str, Any] = {"e": sp.E, "\\mathrm{e}": sp.E, "\\pi": sp.pi}
CONSTANT_NAMES = {"e": "Euler's number e", "\\mathrm{e}": "Euler's number e",
                  "\\pi": "the number π"}


class Builder(Operators):
    """Turns a parse tree of ``text`` into SymPy objects (see the module docstring)."""

    def __init__(self, text: str, where: dict[str, Any] | None):
        self.text = text
        self.where = {key(k): v for k, v in (where or {}).items()}
        self.bound: dict[int, set] = {}  # big operator node -> the symbols it binds
        #: where what was read is defined, noted as each construct is built, before SymPy
        #: simplifies it (``\\frac{x}{x}`` is 1 to SymPy; it is defined where ``x ≠ 0``)
        self.conditions: list[Any] = []

    def note(self, props: Any) -> None:
        """Keep the definedness conditions ``props`` of a construct just read (those about a
        big operator's own index are left to the kernel, which reads the built sum)."""
        from symbolic.definedness import settled

        bound = set().union(*self.bound.values()) if self.bound else set()
        for p in props:
            names = getattr(p.lhs, "free_symbols", set()) | getattr(p.rhs, "free_symbols", set())
            if names & bound or settled(p) or p in self.conditions:
                continue
            if not (p.lhs.free_symbols or p.rhs.free_symbols):
                continue  # a constant: SymPy has already evaluated it
            self.conditions.append(p)

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
            if name == "I":
                return Eye()  # the identity, sized by the matrix it meets
            return self.default_name(name, node)
        bval = self.lookup(base)
        if bval is None and base == "I":
            return sp.Identity(self.index_or_dim(sub, node))
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
    def expr(self, node: Any) -> Any:
        v = self.visit(node)
        return self.value(v)

    def value(self, v: V) -> Any:
        if v.kind == "name" and v.value is None:
            v.value = self.resolve(v.text, v.pos)
        if v.kind == "paren" and v.value is None:
            if len(v.args) == 2 and not v.posts:
                return Interval(v.args[0], v.args[1], False, False)  # x \in (a, b)
            if len(v.args) != 1:
                raise LatexError(self.text, v.pos, "a tuple (a, b, ...) is not a value here")
            v.value = self.apply_posts(v.args[0], v.posts)
        if v.kind == "set":
            raise LatexError(self.text, v.pos, "a set \\{...\\} is not a value (only the "
                                               "arguments of \\max, \\min)")
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
        return self.plus(a, b, 1)

    def t_sub(self, node: Tree) -> Any:
        a, _, b = node.children
        return self.plus(a, b, -1)

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
        parts = node.children[1:-1:2]
        return V("paren", text=",".join(self.src(a) for a in parts), pos=_start(node),
                 args=tuple(self.expr(a) for a in parts))

    def _interval(self, node: Tree, lo_closed: bool, hi_closed: bool) -> Any:
        return Interval(self.expr(node.children[1]), self.expr(node.children[3]), lo_closed,
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
        return V("value", text="ones", pos=_start(node), value=Ones())

    def t_norm(self, node: Tree) -> Any:
        return Norm(self.expr(node.children[1]))

    def t_abs(self, node: Tree) -> Any:
        return ob.abs_(self.expr(node.children[1]))

    def t_inner(self, node: Tree) -> Any:
        u, v = self.expr(node.children[1]), self.expr(node.children[3])
        if not (ob.is_matrix(u) and ob.is_matrix(v)):
            raise self.err(node, "\\langle u, v \\rangle needs two vectors")
        return ob.inner(u, v)

    def sub_text(self, sub: Tree) -> str:
        text = self.src(sub).strip()
        return text[1:-1] if text.startswith("{") and text.endswith("}") else text

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
        if name.text == "H" and len(paren.args) == 1 and ob.is_matrix(paren.args[0]):
            return self.apply_posts(ob.entropy(paren.args[0]), paren.posts)  # H(p): entropy
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
        if base.kind in ("paren", "set"):
            base.posts = list(posts)
            return base
        return V("value", value=self.apply_posts(base.value, posts), pos=base.pos)

    def apply_posts(self, val: Any, posts: list) -> Any:
        for post in posts:
            kind = post.children[0].type
            if isinstance(val, RealSet):
                val = self.set_post(val, kind, post)
                continue
            if isinstance(val, Eye):
                raise self.err(post, "I (the identity) needs its size before a sub- or "
                                     "superscript: I_n")
            if kind == "PRIME":
                raise self.err(post, "primes (x') are not supported: name the symbol in where")
            if kind == "SUB":
                sub = self.sub_text(post.children[1])
                if isinstance(val, Norm):
                    val = val.build(sub, self, post)
                elif isinstance(val, Ones):
                    val = ob.ones(self.index_or_dim(sub, post))
                elif ob.is_matrix(val):
                    val = self.subscript(val, sub, post)
                else:
                    raise self.err(post, f"cannot subscript the scalar {val} with {sub!r}")
                continue
            if isinstance(val, Norm):
                val = val.build(None, self, post)
            val = self.power(val, post.children[1], post)
        if isinstance(val, Norm):
            val = val.build(None, self, None)
        if isinstance(val, Ones):
            raise LatexError(self.text, 0, "\\mathbf{1} needs its size: \\mathbf{1}_n")
        return val

    def t_setname(self, node: Any) -> Any:
        return RealSet(str(node.children[0]))

    def set_post(self, s: RealSet, kind: str, post: Any) -> RealSet:
        r"""``\mathbb{R}^{n \times d}``, ``\mathbb{R}_+``, ``\mathbb{R}_{\ge 0}``,
        ``\mathbb{S}^n_+``."""
        text = self.sub_text(post.children[1]) if kind in ("SUB", "SUP") else ""
        if kind == "SUP":
            parts = [p.strip() for p in re.split(r"\\times|\\cdot|\*", text)]
            if len(parts) > 2 or not all(parts):
                raise self.err(post, f"cannot read the shape {text!r}")
            s.shape = tuple(self.index_or_dim(p, post) for p in parts)
            return s
        if kind == "SUB":
            t = clean_sub(text)
            signs = {"+": ">=", r"\geq0": ">=", r"\ge0": ">=", ">=0": ">=", "++": ">",
                     ">0": ">", r"\geq 0": ">="}
            if t not in signs:
                raise self.err(post, f"cannot read the subscript {text!r} of a set")
            s.sign = signs[t]
            return s
        raise self.err(post, "unexpected prime")
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
                str(self.src(first) if isinstance(first, Tree) else first).strip() == "T"
                and ob.is_matrix(val)):
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
        from symbolic.definedness import power_conditions

        self.note(power_conditions(val, e))
        return val**e


def _split_sub(name: str) -> tuple[str, str | None]:
    """``x_{t+1}`` -> (``x``, ``t+1``); ``\\beta`` -> (``\\beta``, None)."""
    m = re.match(r"^(\\?[A-Za-z]+)_(.*)$", name)
    if not m:
        return name, None
    sub = m.group(2)
    if sub.startswith("{") and sub.endswith("}"):
        sub = sub[1:-1]
    return m.group(1), sub
