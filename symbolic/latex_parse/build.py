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

Decorated names are names of their own: ``x^*``, ``w^\\star``, ``x'``, ``x^{(t)}``,
``\\theta^{\\mathrm{new}}`` (looked up in ``where`` as written, else real scalars; ``x^*`` is not
``x``), and so are words: ``\\mathrm{Regret}_T`` is the scalar ``Regret_T``. A superscript
written before a subscript is read as TeX typesets it: ``x^2_i`` is ``x_i^2``. A name in
:data:`~.names.COUNT_NAMES` that bounds a ``\\sum`` or ``\\prod`` (``\\sum_{i=1}^{t-1}``) and
is not in ``where`` is a dimension in the whole formula
(:class:`~.names.PromoteToDimension` restarts the reading).
"""

from __future__ import annotations

import re
from typing import Any

import sympy as sp
from lark import Token, Tree

from symbolic import objects as ob
from symbolic.latex_parse.lexer import LatexError, NotChecked, bracket_depth
from symbolic.latex_parse.names import (
    COUNT_NAMES,
    PromoteToDimension,
    ReadDimension,
    _end,
    _start,
    canon,
    declared_dims,
    forget_read_dimensions,
    key,
    read_as_dimension,
    scripts,
    unwrap_words,
)
from symbolic.latex_parse.opaque_build import OpaqueReading
from symbolic.latex_parse.operators import Ellipsis, Operators
from symbolic.latex_parse.values import Eye, Interval, Norm, Ones, RealSet, V, clean_sub

#: standard notation, read as mathematicians read it unless ``where`` declares the name
CONSTANTS: dict[str, Any] = {"e": sp.E, "\\mathrm{e}": sp.E, "\\pi": sp.pi}
CONSTANT_NAMES = {"e": "Euler's number e", "\\mathrm{e}": "Euler's number e",
                  "\\pi": "the number π"}
#: big-O and little-o: ``O(n)`` hides a constant
BIG_O = ("O", "o", "\\mathcal{O}", "\\mathcal{o}")
_SET_NAME = re.compile(r"^\\math(?:cal|scr|frak)\{")
#: what ``x^{(…)}`` holds when it labels an iterate: an index (``t``, ``k+1``, ``\ell``, ``0``)
_INDEX_LABEL = re.compile(r"\s*(?:\\?[A-Za-z]+|\d+)(?:_\{?\w+\}?)?"
                          r"(?:\s*[-+]\s*(?:\d+|[A-Za-z]))?\s*")


class Builder(Operators, Ellipsis, OpaqueReading):
    """Turns a parse tree of ``text`` into SymPy objects (see the module docstring); with
    ``opaque``, what it does not check is read as atoms (:mod:`.opaque_build`)."""

    def __init__(self, text: str, where: dict[str, Any] | None,
                 dims: dict[str, Any] | None = None, opaque: bool = False):
        self.text = text
        self.opaque = opaque
        self.atoms: dict[Any, tuple[Any, int, int]] = {}  # opaque mode: see OpaqueReading
        self.placeholders: dict[Any, Any] = {}
        self.undecided: list[str] = []  # opaque mode: what has two readings, shown as written
        self.defaulted: set[Any] = set()  # the symbols of names nothing declares: scalars
        self.index_ranges: dict[str, Any] = {}  # opaque mode: index -> the sum's upper bound
        self.where = {canon(key(k)): v for k, v in (where or {}).items()}
        #: the names ``where`` gives (not those bound while reading)
        self.given = set(self.where)
        #: names read as dimensions because they bound a sum (see the module docstring)
        self.dims = dict(dims or {})
        for name, sym in self.dims.items():
            self.where[key(name)] = sym
        self.bound: dict[int, set] = {}  # big operator node -> the symbols it binds
        self.binding: list[str] = []  # the indices of the big operators being read
        #: where what was read is defined, noted as each construct is built, before SymPy
        #: simplifies it (``\\frac{x}{x}`` is 1 to SymPy; it is defined where ``x ≠ 0``)
        self.conditions: list[Any] = []

    def known_dim(self, name: str) -> Any:
        """The dimension ``name`` denotes in this formula: one declared (``dim``), or one
        this reading read (it bounds a sum here); None otherwise. A dimension another
        formula's reading declared is not this formula's (``N(\\epsilon)`` after a lemma with
        ``\\sum_{i=1}^N`` is still a function of ε)."""
        return declared_dims().get(name, self.dims.get(name))

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
        k = canon(key(name))
        found = self.where.get(k)
        if found is None and "{" in k:
            found = self.where.get(canon(key(unwrap_words(name))))
        return found

    def reread(self, text: str) -> Any:
        """A builder of ``text`` (a canonical form of part of this formula) sharing this
        one's names, bindings and definedness conditions."""
        sub = type(self)(text, None, opaque=self.opaque)
        sub.where, sub.given, sub.dims = self.where, self.given, self.dims
        sub.atoms, sub.placeholders = self.atoms, self.placeholders
        sub.index_ranges, sub.depth = self.index_ranges, self.depth
        sub.bound, sub.binding, sub.conditions = self.bound, self.binding, self.conditions
        sub.defaulted = self.defaulted
        return sub

    def default_name(self, name: str, node: Any) -> Any:
        """What a name not in ``where`` means (see the module docstring)."""
        if name in CONSTANTS:
            return CONSTANTS[name]
        dims = declared_dims()
        if name in dims:
            return dims[name]
        if re.fullmatch(r"[A-Za-z]", name):
            return self.default_scalar(name)
        if re.fullmatch(r"\\[A-Za-z]+", name):
            return self.default_scalar(name[1:])
        core = scripts(name)[0]
        upright = re.fullmatch(r"\\(?:mathrm|operatorname\*?|text|textrm|mathsf|textnormal)"
                               r"\s*\{\s*([A-Za-z])\s*\}", core)
        if upright and not _SET_NAME.match(name):
            raise self.err(node, f"{core}: an upright letter, which may not be the italic "
                                 f"{upright.group(1)}: declare {core} in where, or write "
                                 f"{upright.group(1)}")
        if _SET_NAME.match(name) and self.opaque:  # |ℋ|, ℛ_n(ℋ): shown as written
            from symbolic.latex_parse.opaque import display

            return self.opaque_atom("set", display(name), [], _start(node))
        if _SET_NAME.match(name):
            core = name[:name.index("}") + 1]
            raise self.err(node, f"{core} (a set or a class) is not a value: declare {name} "
                                 "in where")
        core, parts = scripts(name)
        if any(p[0] != "_" for p in parts):
            plain = self.lookup(core)
            if plain is not None and ob.is_matrix(plain) and not any(
                    self.lookup(core + p) is not None for p in parts if p[0] != "_"):
                deco = core + "".join(p for p in parts if p[0] != "_")
                raise self.err(node, f"{deco} is not in where ({core} is {_shape(plain)}, "
                                     f"and {deco} is a symbol of its own): declare {deco}")
        return self.default_scalar(unwrap_words(key(name)))

    def default_scalar(self, name: str) -> Any:
        """The real scalar a name nothing declares stands for, recorded as such."""
        out = ob.scalar(name)
        self.defaulted.add(out)
        return out

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
        if bval is None and base not in CONSTANTS and base not in ("I", "\\delta"):
            for var in self.binding:
                if re.search(rf"(?<![A-Za-z\\]){re.escape(var)}(?![A-Za-z])", sub):
                    implicit = self.implicit_entry(base, sub, var) if self.opaque else None
                    if implicit is not None:
                        return implicit
                    raise self.err(node, f"{name}: {base} is not in where; inside a big "
                                         f"operator over {var}, {name} must be an entry of a "
                                         f"declared vector or matrix: declare {base}")
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
        if (base in declared_dims() or (bval is not None and not ob.is_matrix(bval))) and \
                not (self.opaque and bval is None):  # opaque: n_0 beside the dimension n
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
            if len(v.args) == 1 and v.args[0] in getattr(self, "atoms", {}) and \
                    self.atoms[v.args[0]][0].category == "list":
                raise LatexError(self.text, v.pos, "a list (x_1, ..., x_n) is read only as the "
                                                   "arguments of a function (f(x_1, ..., x_n))")
            if v.given:
                raise LatexError(self.text, v.pos, "a conditional (X | Y) is read only as the "
                                                   "arguments of a function (H(X | Y))")
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
        terms = _terms(node)
        if any(_is_dots(t) for _, t in terms):
            return self.ellipsis(terms, node)
        escaped = self.escaped_index(terms, node)
        if escaped is not None:
            return escaped
        a, _, b = node.children
        return self.plus(a, b, 1)

    def t_sub(self, node: Tree) -> Any:
        terms = _terms(node)
        if any(_is_dots(t) for _, t in terms):
            return self.ellipsis(terms, node)
        escaped = self.escaped_index(terms, node)
        if escaped is not None:
            return escaped
        a, _, b = node.children
        return self.plus(a, b, -1)

    def escaped_index(self, terms: list[tuple[str, Tree]], node: Tree) -> Any:
        r"""``\sum_j a_j + b_j``, ``\sup_{h} \hat L(h) - L(h)``: a big operator's body ends at
        the sign, yet its index is written in a later term: ``(\sum_j a_j) + b_j`` with ``j``
        free, or ``\sum_j (a_j + b_j)``. Two readings: in opaque mode the sum as written
        (undecided); None when no index escapes, or in plain mode (refused later)."""
        if not self.opaque:
            return None  # the plain reading refuses it, naming both (see plus)
        texts = [self.src(t) for _, t in terms]
        for k, text in enumerate(texts[:-1]):
            for m in _BIG_INDEX.finditer(text):
                if bracket_depth(text, m.start()) > 0:
                    continue  # \exp(\sum_j a_j): closed by its brackets
                v = m.group(1)
                name = rf"(?<![A-Za-z\\]){re.escape(v)}(?![A-Za-z])|_\s*{re.escape(v)}" \
                    if len(v) == 1 else rf"(?<![A-Za-z\\]){re.escape(v)}(?![A-Za-z])"  # h_jL
                later = [t for t in texts[k + 1:] if re.search(name, t) and not any(
                    o.group(1) == v for o in _BIG_INDEX.finditer(t))]
                if not later:
                    continue
                whole = self.src(node)
                op = re.match(r"\\[a-z]+", text[m.start():]).group(0)
                note = (f"two readings, not decided: the index {v} of {op} is written after "
                        f"its term ("
                        f"{later[0].strip()}): the operator over its term only, with {v} "
                        f"free, or over the whole sum {whole}")
                return self.undecide(whole, _start(node), note)
        return None

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
        text = ",".join(self.src(a) for a in parts)
        if self.opaque and re.search(r"\\[lc]?dots\b|\\dots[bcmi]?\b|\.\.\.", text):
            from symbolic.latex_parse.opaque import display  # f(x_1, …, x_n): as written

            listed = self.opaque_atom("list", re.sub(r",(?=\S)", ", ", display(text)), [],
                                      _start(node))
            return V("paren", text=text, pos=_start(node), args=(listed,))
        return V("paren", text=text, pos=_start(node), args=tuple(self.expr(a) for a in parts))

    def t_conditional(self, node: Tree) -> V:
        r"""``(X | Y)`` (opaque mode): the arguments of a quantity conditioned on ``Y``, read
        only as a function's (``H(X | Y)``)."""
        kids = node.children
        cut = next(k for k, c in enumerate(kids) if isinstance(c, Token) and c.type == "GIVEN")
        parts = [c for c in kids[1:cut] if isinstance(c, Tree)]
        given = [c for c in kids[cut + 1:-1] if isinstance(c, Tree)]
        text = ",".join(self.src(a) for a in parts) + "|" + ",".join(self.src(a) for a in given)
        return V("paren", text=text, pos=_start(node), args=tuple(self.expr(a) for a in parts),
                 given=tuple(self.expr(a) for a in given))

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
        if self.opaque:  # "p^* < \\infty", "= \\infty": as written, never a number
            tok = node if isinstance(node, Token) else node.children[0]
            return self.opaque_atom("limit", "∞", [], tok.start_pos or 0)
        raise self.err(node, "\\infty is not a value (only a norm subscript)")

    def t_name(self, node: Tree) -> V:
        tok = node.children[0]
        return V("name", text=str(tok), pos=tok.start_pos)

    def t_accent(self, node: Tree) -> V:
        r"""``\hat{\theta}`` (also written ``\hat\theta``: one printed name, one object) and
        ``\bar{X_n}`` (the bar over ``X_n``, the name ``\bar X_n`` is), each a name."""
        toks = [str(t) for t in node.children]
        inner = [t for t in toks[1:] if t not in ("{", "}")]
        if len(inner) == 3 and inner[1] == "_":  # \hat{\mu_i} is \hat\mu_i: one name
            return V("name", text=f"{toks[0].strip()}{{{inner[0]}}}_{{{inner[2]}}}",
                     pos=_start(node))
        return V("name", text=f"{toks[0].strip()}{{{''.join(inner)}}}", pos=_start(node))

    def t_bold(self, node: Tree) -> V:
        if str(node.children[2]) != "1":
            raise self.err(node, "only \\mathbf{1}_n (the all-ones vector) is supported")
        return V("value", text="ones", pos=_start(node), value=Ones())

    def t_norm(self, node: Tree) -> Any:
        return Norm(self.expr(node.children[1]))

    def t_abs(self, node: Tree) -> Any:
        inner = self.src(node.children[1]).strip()
        if not self.opaque and re.fullmatch(r"[A-Z]", inner) and self.lookup(inner) is None:
            raise self.err(node, f"two readings: |{inner}| is the absolute value of a number "
                                 f"{inner}, or the number of elements of a set {inner}: "
                                 f"declare {inner} in where to read an absolute value")
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
        known = self.lookup(name.text) is not None or self.known_dim(name.text) is not None
        if known or (_split_sub(name.text)[1] is not None and self.lookup(
                _split_sub(name.text)[0]) is not None):
            return None
        core = _split_sub(name.text)[0]
        asymptotic = re.sub(r"\\(?:widetilde|tilde)\s*\{\s*(.*)\}$", r"\1", core).strip()
        if self.opaque and asymptotic in BIG_O:
            out = self.undecide(f"{name.text}({paren.text})", name.pos,
                                f"asymptotic notation, the constant it hides is not stated: "
                                f"{name.text}({paren.text})", paren.args, "asymptotic")
            return self.apply_posts(out, paren.posts)
        if asymptotic in BIG_O:
            raise LatexError(self.text, name.pos, f"{name.text}({paren.text}): asymptotic "
                                                  "notation hides a constant: state the "
                                                  "constant (\\le C \\cdot ...)")
        if core.endswith("'") or re.search(r"\^\{\(\d+\)\}$", core):
            plain = re.sub(r"('+|\^\{\(\d+\)\})$", "", core)
            if self.lookup(plain) is not None:
                raise LatexError(self.text, name.pos, f"{name.text}({paren.text}): the "
                                                      f"derivative of {plain} is not computed "
                                                      f"from where: declare {core} there")
            if self.opaque:
                return self.opaque_call(name, paren)
            raise NotChecked(self.text, name.pos, f"abstract function {plain}: not checked "
                                                  f"({name.text}({paren.text}) is a derivative "
                                                  f"of a function not in where)",
                             "abstract function")
        if self.opaque:
            return self.opaque_call(name, paren)
        raise LatexError(self.text, name.pos,
                         f"unknown function {name.text}({paren.text}): pass it in where "
                         f"(where={{{key(name.text + '(' + paren.text + ')')!r}: ...}} or a "
                         f"callable for {key(name.text)!r}), or write {name.text} \\cdot "
                         f"({paren.text}) for a product")

    def t_postfix(self, node: Tree) -> V:
        prim = node.children[0]
        base = self.visit(prim)
        posts = self.script_order(list(node.children[1:]), base)
        if base.kind == "name":
            plain = base.text
            base, posts = self.decorate(base, posts)
            if not posts:
                return base
            found = self.step_readings(plain, base, posts[0])
            if found and self.opaque and "transpose" not in found[0]:
                # shown as written, the two readings named (a transpose is not a scalar
                # factor: p^T x shown as x p^T would say another thing)
                try:  # what it depends on: l_i^t is one term of a sum over t
                    on = [self.value(base), self.expr(posts[0].children[1])]
                except (LatexError, TypeError, ValueError):
                    on = []
                value = self.undecide(self.src(node).strip(), base.pos,
                                      f"two readings, not decided: {found[0]}", on)
                return V("value", text=base.text, value=value, pos=base.pos)
            if found:
                raise self.err(posts[0], f"two readings: {found[0]}: {found[1]}")
            powered = ("powered name",) if _kind(posts[-1]) == "SUP" and self.lookup(
                base.text) is None and self.lookup(plain) is None and \
                plain not in CONSTANTS else ()
            return V("value", text=base.text, value=self.apply_posts(self.value(base), posts),
                     pos=base.pos, args=powered)
        for post in posts:
            if _kind(post) == "SUP" and self.label(post.children[1], base) not in (None, "^{*}"):
                text = self.src(post.children[1]).strip()
                raise self.err(post, f"a superscript {text} on an expression: a label or a "
                                     "power? write the power without parentheses")
        if base.kind in ("paren", "set"):
            base.posts = list(posts)
            return base
        return V("value", value=self.apply_posts(base.value, posts), pos=base.pos)

    def step_readings(self, plain: str, base: V, post: Tree) -> tuple[str, str] | None:
        """``(the two readings, how to write either)`` of ``N_i^{T+1}`` of a name not in
        ``where`` (a power of ``N_i``, or ``N_i`` at step ``T+1``: ML papers write iterates and
        counts both ways), of ``w^0``, ``w^1`` of such a name too (a power 0 or 1 is never
        written, an iterate often is) and of ``x^T`` (a transpose or a power); None when the
        superscript has one reading."""
        if _kind(post) == "SUP" and plain not in ("e", "\\mathrm{e}", "\\pi") and \
                self.lookup(base.text) is None and \
                self.lookup(plain) is None and re.fullmatch(r"\{?\s*[01]\s*\}?",
                                                            self.src(post.children[1]).strip()):
            e = self.src(post.children[1]).strip().strip("{}").strip()
            return (f"{base.text}^{e} is a power {e} of {base.text}, or {base.text} at step {e}",
                    f"write {base.text}^{{({e})}} or {base.text}_{e} for a step")
        if _kind(post) == "SUP" and self.lookup(base.text) is None and \
                self.lookup(plain) is None and plain not in CONSTANTS and \
                re.fullmatch(r"\{?\s*T\s*\}?", self.src(post.children[1]).strip()):
            return (f"{base.text}^T is the transpose of a vector {base.text}, or a power T of a "
                    f"scalar {base.text}",
                    f"declare {base.text} in a space (\\mathbb{{R}}^n) for a transpose, "
                    f"write ({base.text})^T for a power")
        sup = self.src(post.children[1]).strip().strip("{}").strip() if _kind(post) == "SUP" \
            else ""
        if self.opaque and sup in self.binding and re.fullmatch(r"[a-z]", base.text) and \
                self.lookup(base.text) is None:  # \sum_t p^t \cdot l^t: iterates at step t
            return (f"{base.text}^{sup} is a power {sup} of {base.text}, or {base.text} at "
                    f"step {sup}", f"write {base.text}^{{({sup})}} for a step")
        if _kind(post) == "SUP" and re.fullmatch(r"[a-df-z]", base.text) and \
                self.lookup(base.text) is None and re.fullmatch(
                    r"\{?\s*t\s*(?:[+-]\s*1\s*)?\}?", self.src(post.children[1]).strip()):
            step = self.src(post.children[1]).strip().strip("{}").strip()  # x^t, w^{t+1}: in
            # online learning, x at a round
            return (f"{base.text}^{step} is a power {step} of {base.text}, or {base.text} at "
                    f"round {step}", f"write {base.text}^{{({step})}} or {base.text}_{{{step}}} "
                    f"for a round, ({base.text})^{{{step}}} for a power")
        if _kind(post) != "SUP" or "_{" not in base.text[len(plain):] or \
                self.lookup(base.text) is not None or self.lookup(plain) is not None:
            return None
        e = self.src(post.children[1]).strip()
        if re.fullmatch(r"\{?\s*(?:[tkKnNmsij]|[A-Za-z]\s*[+-]\s*\d+)\s*\}?", e):  # ^T: a transpose
            step = e.strip("{}").strip()
            return (f"{base.text}^{e} is a power of {base.text}, or {base.text} at step {step}",
                    f"write ({base.text})^{e} for a power, {base.text}^{{({step})}} for a step")
        return None

    def script_order(self, posts: list, base: V) -> list:
        """Sub- and superscripts in the order they apply: TeX typesets ``x^2_i`` as ``x_i^2``
        (both scripts on ``x``), so a superscript written before a subscript follows it. Of a
        matrix, ``A^{-1}_{ij}`` is refused: ``(A^{-1})_{ij}`` or ``(A_{ij})^{-1}``."""
        out = list(posts)
        k = 0
        while k + 1 < len(out):
            if _kind(out[k]) == "SUP" and _kind(out[k + 1]) == "SUB":
                if k > 0 and _kind(out[k - 1]) == "SUB":
                    raise self.err(out[k + 1], "a double subscript (TeX refuses it too)")
                self.check_swap(out[k], out[k + 1], base)
                out[k], out[k + 1] = out[k + 1], out[k]
                k += 2
            else:
                k += 1
        return out

    def check_swap(self, sup: Tree, sub: Tree, base: V) -> None:
        """Refuse ``M^{e}_{i}`` of a matrix ``M`` when both ``(M^{e})_i`` and ``(M_i)^{e}`` are
        readings (a decoration, or a power of a vector's entry, has one)."""
        if self.label(sup.children[1], base) is not None:
            return
        m = None
        if base.kind == "name" and not base.posts:
            m = self.lookup(base.text)
        elif base.kind == "paren" and len(base.args) == 1:
            m = base.args[0]
        elif base.kind == "value":
            m = base.value
        if not ob.is_matrix(m):
            return
        power = self.src(sup.children[1]).strip().strip("{}").strip()
        if m.shape[1] == 1 and re.fullmatch(r"\d+", power):
            return  # x^2_i: a vector has no square, its entry does
        b = self.text[base.pos:_start(sup)].strip()
        e, i = self.src(sup.children[1]).strip(), self.src(sub.children[1]).strip()
        raise self.err(sup, f"two readings: {b}^{e}_{i} is ({b}^{e})_{i} or ({b}_{i})^{e} (TeX "
                            "sets both scripts on one base): write one of them")

    def decorate(self, base: V, posts: list) -> tuple[V, list]:
        """The name ``base`` with the subscripts (``x_{t+1}``, ``A_{*,i}``) and decorations
        (``x^*``, ``x'``, ``x^{(t)}``, ``x^{\\mathrm{new}}``) that extend it, and the posts left
        (powers, transposes)."""
        subs: list[str] = []
        decos: list[str] = []
        k = 0
        while k < len(posts):
            post = posts[k]
            if _kind(post) == "SUB":
                subs.append("_{" + self.sub_text(post.children[1]) + "}")
            elif _kind(post) == "PRIME":
                decos.append("'")
            elif _kind(post) == "BANG":  # n!: a factorial, applied later
                break
            else:
                label = self.label(post.children[1], base)
                if label is None:
                    break
                decos.append(label)
            k += 1
        if not (subs or decos):
            return base, posts
        return V("name", text=base.text + "".join(decos) + "".join(subs), pos=base.pos), \
            posts[k:]

    def label(self, sup: Tree, base: V) -> str | None:
        """The decoration a superscript of the name ``base`` is (``^*``, ``^\\star``,
        ``^{\\prime}``, ``^{(t)}``, ``^{\\mathrm{new}}``), or None (a power, a transpose)."""
        kids = sup.children
        inner = [k for k in kids if not (isinstance(k, Token) and k.type in ("LBRACE",
                                                                          "RBRACE"))]
        if all(isinstance(k, Token) for k in inner):
            if inner and all(k.type == "PRIME" for k in inner):
                return "'" * len(inner)
            if len(inner) == 1 and inner[0].type == "STAR":
                return "^{\\star}" if str(inner[0]) == "\\star" else "^{*}"
            return None
        if len(kids) != 3 or not isinstance(kids[1], Tree):
            return None
        text = self.src(kids[1]).strip()
        if re.fullmatch(r"\\(?:mathrm|operatorname|text|textrm|mathit|mathsf|textnormal|textit)"
                        r"\s*\{\s*[A-Za-z][A-Za-z0-9]+\s*\}", text):
            return "^{" + text + "}"  # x^{\mathrm{new}}
        if text.startswith("(") and _closes_at_end(text):
            if base.text in CONSTANTS and self.lookup(base.text) is None:
                return None  # e^{(x+1)}: a power of Euler's number
            if not _INDEX_LABEL.fullmatch(text[1:-1]):
                return None  # T^{(\frac{d+1}{d+3})}: a power, not the label of an iterate
            return "^{" + re.sub(r"\s+", "", text) + "}"  # x^{(t)}: an iterate, a label
        return None

    def factorial(self, val: Any, post: Any) -> Any:
        """``k!`` of a whole number (``5!``); in opaque mode, of anything, as written."""
        if isinstance(val, sp.Integer) and 0 <= val <= 1000:
            return sp.factorial(val)
        if self.opaque and isinstance(val, sp.Expr) and not ob.is_matrix(val):
            return self.opaque_atom("factorial", "!", [val], _start(post))  # as written
        raise self.err(post, "a factorial of a name, or of a number above 1000, is not in the "
                             "vocabulary (5! is)")

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
            if kind == "BANG":
                val = self.factorial(val, post)
                continue
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
        if self.known_dim(sub) is not None:
            return self.known_dim(sub)
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

        if _huge(val, e):  # 10^{10^{10}}, 2^{(6!)!}: no back end holds it, never a hang
            raise self.err(node, "a number with more than 4000 digits is not read")
        self.note(power_conditions(val, e))
        return val**e


def _huge(base: Any, e: Any) -> bool:
    """Whether ``base**e`` of numbers has more than 4000 digits (or a numeric base's power is
    beyond that: ``x^{10^{10}}`` of a name is refused too), judged from the exponent's size."""
    if not (isinstance(e, sp.Integer) and abs(e) > 4000):
        return False
    if isinstance(base, sp.Number):
        size = abs(base)
        return size not in (0, 1) and float(abs(e)) * abs(float(sp.log(size, 10))) > 4000
    return abs(e) > 10**6  # x^{10^7}: a degree no back end expands

def _split_sub(name: str) -> tuple[str, str | None]:
    """``x_{t+1}`` -> (``x``, ``t+1``); ``x^*_{i}`` -> (``x^*``, ``i``); ``\\beta`` ->
    (``\\beta``, None)."""
    core, parts = scripts(name)
    cut = next((k for k, p in enumerate(parts) if p[0] == "_"), None)
    if cut is None or not re.match(r"^\\?[A-Za-z]", core):
        return name, None
    base = core + "".join(parts[:cut])
    sub = "".join(parts[cut:])[1:]
    if sub.startswith("{") and sub.endswith("}"):
        sub = sub[1:-1]
    return base, sub


#: a big operator and the name its subscript binds: ``\sum_{j=k+1}``, ``\sup_{h \in H}``
_BIG_INDEX = re.compile(r"\\(?:sum|prod|sup|inf|max|min)(?![A-Za-z])\s*(?:\\(?:no)?limits\s*)?"
                        r"(?:\^\s*(?:\{[^{}]*\}|\S)\s*)?_\s*\{?\s*(\\?[A-Za-z]+)")


def _terms(node: Tree) -> list[tuple[str, Tree]]:
    """``[(sign, term)]`` of a (left-recursive) sum: ``"+"`` or ``"-"`` before each term."""
    out: list[tuple[str, Tree]] = []
    while isinstance(node, Tree) and node.data in ("add", "sub"):
        out.insert(0, ("+" if node.data == "add" else "-", node.children[2]))
        node = node.children[0]
    if isinstance(node, Tree) and node.data == "neg":
        out.insert(0, ("-", node.children[1]))
    elif isinstance(node, Tree) and node.data == "signed":
        out.insert(0, ("+", node.children[-1]))
    else:
        out.insert(0, ("+", node))
    return out


def _is_dots(tree: Any) -> bool:
    """Whether a term or factor is an ellipsis (``\\cdots``, ``\\dots``, ``\\ldots``)."""
    while isinstance(tree, Tree) and tree.data in ("product", "postfix") and \
            len(tree.children) == 1:
        tree = tree.children[0]
    return isinstance(tree, Tree) and tree.data == "dots"


def _kind(post: Tree) -> str:
    """``SUB``, ``SUP`` or ``PRIME``: the kind of a ``post`` node."""
    return post.children[0].type


def _closes_at_end(text: str) -> bool:
    """Whether the ``(`` that starts ``text`` closes at its end: ``(t+1)``, not ``(a)(b)``."""
    depth = 0
    for k, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return k == len(text) - 1
    return False


def _shape(m: Any) -> str:
    rows, cols = m.shape
    return f"a vector ({rows}×1)" if cols == 1 else f"a matrix ({rows}×{cols})"


__all__ = ["COUNT_NAMES", "Builder", "PromoteToDimension", "ReadDimension", "declared_dims",
           "forget_read_dimensions", "read_as_dimension"]
