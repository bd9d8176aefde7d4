r"""Opaque mode of the builder: what :class:`~.lexer.NotChecked` names, read as atoms.

While a formula is read, each atom (:mod:`.opaque`) stands behind a placeholder, a real scalar
or a matrix symbol of its shape, so that every check of the builder and of
:class:`~symbolic.prop.Prop` runs as for any symbol; :meth:`OpaqueReading.finish` puts the atoms
back into what was read. Only a builder made with ``opaque=True`` makes atoms.

Example:
    >>> from symbolic.latex_parse import parse_expr
    >>> from symbolic.pretty import pretty
    >>> pretty(parse_expr(r"\mathbb{E}_{x \sim D}[f(x)^2] - \inf_{x \in S} g(x)", opaque=True))
    'E_{x∼D}[f(x)²] - inf_{x∈S} g(x)'
"""

from __future__ import annotations

import re
from typing import Any

import sympy as sp
from lark import Token, Tree

from symbolic import objects as ob
from symbolic.latex_parse.lexer import NOT_CHECKED, LatexError
from symbolic.latex_parse.names import _start, key
from symbolic.latex_parse.opaque import Opaque, OpaqueMatrix, display, swap
from symbolic.latex_parse.values import Eye, Interval, RealSet, V

_RELATIONS = {"=": sp.Eq, "<=": sp.Le, "<": sp.Lt, ">=": sp.Ge, ">": sp.Gt}
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


class OpaqueReading:
    """Mixin of :class:`~symbolic.latex_parse.build.Builder` (see the module docstring)."""

    text: str
    opaque: bool = False
    #: placeholder -> (atom, position in the text, order of reading)
    atoms: dict[Any, tuple[Any, int, int]]
    placeholders: dict[Any, Any]  # atom -> placeholder
    depth = 0  # how many atoms' operands are being read

    def opaque_atom(self, category: str, head: str, operands: list[Any], pos: int,
                    script: str = "", given: Any = (), shape: Any = None) -> Any:
        """The placeholder of a new atom (the same one for an atom read before, except an
        asymptotic one: two O(1/n) are two quantities, and never cancel)."""
        if shape is None:
            atom = Opaque(category, head, script, operands, given)
        else:
            atom = OpaqueMatrix(category, head, script, operands, given, *shape)
        found = self.placeholders.get(atom) if category != "asymptotic" else None
        if found is None:
            found = sp.Dummy("opaque", real=True) if shape is None else \
                sp.MatrixSymbol(f"_opaque{sp.Dummy().dummy_index}", *shape)
            self.placeholders[atom] = found
            self.atoms[found] = (atom, pos, len(self.atoms))
        return found

    def undecide(self, latex: str, pos: int, note: str, operands: Any = (),
                 category: str = "two readings") -> Any:
        """``latex``, which has two readings (or hides a constant: ``category``
        "asymptotic"), as one atom shown as written; ``note`` says what was not decided and
        joins :attr:`~.statement.Statement.undecided` (opaque mode: the reading is
        incomplete, and never checked); ``operands``: what it depends on.

        >>> from symbolic.latex_parse import parse_statement
        >>> from symbolic.pretty import pretty
        >>> s = parse_statement(r"h \\le c(t) \\sigma^2", opaque=True)
        >>> print(pretty(s.props[0])); print(s.undecided[0])
        h ≤ σ² c(t)
        two readings, not decided: c(t) is c times (t), or a function c applied to t
        """
        self.undecided.append(note)
        given = [sp.Integer(pos)] if category == "asymptotic" else []  # two O(1/n): two atoms
        return self.opaque_atom(category, display(latex), list(operands), pos, given=given)

    # -- the atoms ---------------------------------------------------------------------------
    def t_random(self, node: Tree) -> Any:
        r"""``\mathbb{E}_{x \sim D}[X]``, ``\Pr(A \mid B)``, ``\mathrm{Var}(X)``."""
        kids = node.children
        body = next(k for k in kids if isinstance(k, Tree) and k.data == "rbody")
        operands: list[Any] = []
        given: list[Any] = []
        into = operands
        for kid in body.children:
            if isinstance(kid, Token):
                into = given if kid.type == "GIVEN" else into
                continue
            into.append(self.inside(lambda kid=kid: self.event(kid)))
        return self.random_of(str(kids[0]), _script(kids), operands, given, _start(node))

    def random_of(self, head: str, script: str, operands: list[Any], given: list[Any],
                  pos: int) -> Any:
        """The placeholder of a random quantity; an expectation of a vector or matrix has its
        shape, a variance or covariance of vectors is a matrix."""
        mats = [o for o in operands if ob.is_matrix(o)]
        shape = None
        if mats and head == "E" and len(operands) == 1:
            shape = tuple(mats[0].shape)
        elif mats and head != "Pr":
            first, last = operands[0], operands[-1]
            if not (ob.is_matrix(first) and ob.is_matrix(last)):
                raise LatexError(self.text, pos, f"{head} of a vector and a scalar")
            shape = (first.shape[0], last.shape[0])
        return self.opaque_atom("random quantity", head, operands, pos, display(script), given,
                                shape)

    def event(self, chain: Tree) -> Any:
        """A value (``E[X]``: ``X``), a relation (``Pr[X ≥ t]``) or a chain of them."""
        from symbolic.latex_parse.statement import chain_props

        if len(chain.children) == 1:
            value = self.expr(chain.children[0])
            if value is None or isinstance(value, (Interval, RealSet, Eye)):
                raise self.err(chain, "an interval or a set is not a value")
            return value
        rels = []
        try:
            props = chain_props(self, chain)
        except LatexError:
            text = self.src(chain)
            rel = chain.children[1] if len(chain.children) == 3 else None
            if not isinstance(rel, Tree) or str(rel.children[0]) != "in":
                raise
            # Pr[G ∈ 𝒫] of a set the reader does not know: the event as written
            shown = re.sub(r"\s*∈\s*", " ∈ ", display(text))
            return self.opaque_atom("set", shown, [], _start(chain))
        for p in props:
            if p.written_expr is not None:
                rels.append(p.written_expr)  # a != b
            elif p.rel.value in _RELATIONS:
                rels.append(_RELATIONS[p.rel.value](p.lhs, p.rhs, evaluate=False))
            else:
                raise self.err(chain, f"an event with the relation {p.rel.value}")
        return rels[0] if len(rels) == 1 else sp.Tuple(*rels)

    def t_rbare(self, node: Tree) -> V:
        kids = node.children
        return V("rbare", text=str(kids[0]), pos=_start(node),
                 args=(_script(kids), kids[-1], node))

    def bare_random(self, v: V, nxt: Any) -> tuple[Any, int]:
        r"""``\mathbb{E}\|W\|^2``, ``\mathbb{E} f(X)``: the random quantity of the next factor,
        and how many following items it used (``\log x`` alike: a factor right after it has
        two readings)."""
        script, farg, node = v.args
        if farg.data == "fbare":
            arg, used = self.inside(lambda: self.bare_function(self.t_fbare(farg), nxt))
        else:
            arg, used = self.inside(lambda: self.bare_argument(farg, nxt, node))
        return self.random_of(v.text, script, [arg], [], v.pos), used

    def t_limop(self, node: Tree) -> Any:
        r"""``\inf_{x \in S} g(x)``, ``\lim_{\delta \to 0} h(\delta)``, ``\arg\min_\beta q``:
        the operator over the rest of its product."""
        kids = node.children
        name, script = str(kids[0]), _script(kids)
        body = self.inside(lambda: self.expr(kids[-1]))
        if body is None or isinstance(body, (Interval, RealSet, Eye)):
            raise self.err(node, f"\\{name} of a tuple or a set")
        shape = tuple(body.shape) if ob.is_matrix(body) else None
        if name in ("argmin", "argmax"):
            var = re.match(r"\s*(\\?[A-Za-z]+(?:_\{[^{}]*\}|_\\?\w+)?)", script)
            point = self.lookup(var.group(1)) if var else None
            shape = tuple(point.shape) if ob.is_matrix(point) else None
        return self.opaque_atom(NOT_CHECKED[name][0], name, [body], _start(node),
                                display(script), shape=shape)

    def opaque_call(self, name: V, paren: V) -> Any:
        """``f(x)`` of a function ``where`` does not give: an abstract function, when the
        reading is the only one (:func:`applied`); ``c(1 + t)`` has two."""
        args = list(paren.args)
        if any(isinstance(a, (Interval, RealSet)) for a in args):  # H((X, Y)), L(x, (λ, ν)):
            # a pair as an argument, never an interval
            texts = _top_level_parts(paren.text)
            if len(texts) != len(args):
                raise LatexError(self.text, name.pos, "an interval as a function's argument")
            args = [self.opaque_atom("list", display(t.strip()), [], name.pos)
                    if isinstance(a, (Interval, RealSet)) else a for a, t in zip(args, texts)]
        if not applied(name.text, paren.text, len(args)) and not paren.given:
            out = self.undecide(f"{name.text}({paren.text})", name.pos,
                                f"two readings, not decided: {name.text}({paren.text}) is "
                                f"{name.text} times "
                                f"({paren.text}), or a function {name.text} applied to "
                                f"{paren.text}", args)
            return self.apply_posts(out, paren.posts)
        head = display(key(name.text))
        out = self.opaque_atom("abstract function", head, args, name.pos,
                               given=list(paren.given))
        return self.apply_posts(out, paren.posts)

    def abstract(self, vals: list) -> bool:
        """Whether a derivative's body starts with ``f(x)`` of a function not in ``where``."""
        if len(vals) < 2 or vals[0][1].kind != "name" or vals[1][0] is not None or \
                vals[1][1].kind != "paren":
            return False
        name, paren = vals[0][1], vals[1][1]
        return self.lookup(f"{name.text}({paren.text})") is None and \
            self.lookup(name.text) is None and self.known_dim(name.text) is None

    def opaque_gradient(self, vals: list, node: Tree, order: Any, var: Any, sub: str) -> Any:
        r"""``\nabla f(x)``, ``\nabla^2 f(x)``, ``\nabla_x f(x)^\top v`` of an abstract ``f``:
        shaped as ``x`` (a Hessian of a vector: square), else a scalar."""
        name, paren = vals[0][1], vals[1][1]
        posts, paren.posts = paren.posts, []
        if var is None and len(paren.args) == 1:
            var = paren.args[0]
        shape = None
        if ob.is_matrix(var) and (order == 1 or var.shape[1] == 1):
            shape = tuple(var.shape) if order == 1 else (var.shape[0], var.shape[0])
        power = "" if order == 1 else (str(order).translate(_SUPERSCRIPT) if
                                       str(order).isdigit() else f"^{{{order}}}")
        head = f"∇{power}" + (f"_{{{display(sub)}}}" if sub else "") + display(key(name.text))
        atom = self.opaque_atom("abstract function", head, list(paren.args), _start(node),
                                shape=shape)
        value = V("value", value=self.apply_posts(atom, posts))
        return self.product_of([(None, value, None), *vals[2:]], node)

    def opaque_hessian(self, vals: list, node: Tree) -> Any:
        r"""``\nabla^2 f(x)``, ``\nabla^2_x f(x)`` of an abstract ``f``."""
        kids = [k for k in node.children if isinstance(k, Tree)]
        order = self.sup_value(next(k for k in kids if k.data == "sup"))
        nsub = next((k for k in kids if k.data == "nsub"), None)
        sub, var = "", None
        if nsub is not None:
            sub = self.src(nsub).strip()[1:].strip()
            sub = sub[1:-1].strip() if sub.startswith("{") else sub
            var = self.resolve(sub, _start(nsub))
        return self.opaque_gradient(vals, node, order, var, sub)

    def opaque_integral(self, body: Any, var: Any, lo: Any, hi: Any, node: Tree) -> Any:
        r"""``\int_a^b f(x) \, dx``, which no back end evaluates."""
        return self.opaque_atom("integral", "∫", [body, var, lo, hi], _start(node))

    def letter_random(self, v: V, tree: Tree) -> Any:
        """``E[X]``, ``E_x[X]``, ``P[A]`` written with a plain letter not in ``where``."""
        bracket = tree.children[0] if tree.data == "postfix" else tree
        posts = tree.children[1:] if tree.data == "postfix" else []
        head = "E" if v.text.startswith("E") else "Pr"
        script = v.text[2:] if v.text[1:2] == "_" else ""
        script = script[1:-1] if script.startswith("{") and script.endswith("}") else script
        operand = self.inside(lambda: self.expr(bracket.children[1]))
        value = self.random_of(head, script, [operand], [], v.pos)
        return self.apply_posts(value, posts)

    def inside(self, read: Any) -> Any:
        """``read()`` as (part of) an atom's operand."""
        self.depth += 1
        try:
            return read()
        finally:
            self.depth -= 1

    def implicit_entry(self, base: str, sub: str, var: str) -> Any:
        r"""``X_i`` in ``\sum_{i=1}^n`` inside an atom (``\Pr[|\frac1n \sum_i X_i - \mu| \ge t]``),
        of an ``X`` not in ``where``: entry ``i`` of a vector ``X`` of size ``n`` (a sample
        ``X_1, ..., X_n``), else None. Outside an atom only when ``X`` is written nowhere else
        in the formula without a subscript (``\sum_i c_i^2`` beside a probability: the
        entries of ``c``; in ``\sum_i X_i \le \mathbb{E}[X]`` the ``X_i`` are copies of a
        random ``X``, not its entries)."""
        if var not in self.index_ranges or not re.fullmatch(r"\\?[A-Za-z]+", base):
            return None
        shift = re.fullmatch(rf"\s*{re.escape(var)}\s*(?:([+-])\s*(\d+))?\s*", sub)
        if shift is None:  # h_k, h_{k+1}, h_{k-1}: else not read as an entry
            return None
        size = self.index_ranges[var]
        if not isinstance(size, sp.Basic) or not size.free_symbols or \
                not size.free_symbols <= set(ob.DIMS.values()):
            size = ob.n  # \sum_{k=0}^{n-1} h_k: its size is not told, and only shown
        at = self.index(var, 0)
        if shift.group(1):
            at = at + int(shift.group(2)) if shift.group(1) == "+" else at - int(shift.group(2))
        bare = re.sub(r"\\(?:bar|hat|tilde|overline|widehat|widetilde)\s*(?:\{[^{}]*\}|"
                      r"\\?[A-Za-z]+)", " ", self.text)  # \bar X is another name than X
        if not self.depth and re.search(rf"(?<![A-Za-z\\]){re.escape(base)}(?![A-Za-z_])"
                                        rf"(?!\s*_)", bare):
            return None
        return ob.entry(ob.vector(base.lstrip("\\"), size), at)

    # -- the result ------------------------------------------------------------------------
    def table(self) -> dict[Any, Any]:
        """Placeholder -> its atom, with the atoms inside it put back too."""
        out: dict[Any, Any] = {}
        for ph, (atom, _pos, _k) in sorted(self.atoms.items(), key=lambda kv: kv[1][2]):
            out[ph] = swap(atom, out)  # an atom holds only placeholders read before it
        return out

    def finish(self, e: Any) -> Any:
        """``e`` (an expression) with its atoms in place of their placeholders."""
        return swap(e, self.table()) if self.atoms else e

    def finish_props(self, props: list[Any]) -> None:
        """Put the atoms in place in each :class:`~symbolic.prop.Prop` of ``props`` (built
        with the placeholders, so checked as for any symbol)."""
        if not self.atoms:
            return
        table = self.table()
        for p in props:
            for side in ("lhs", "rhs"):
                object.__setattr__(p, side, swap(getattr(p, side), table))
            written = swap(p.written_expr, table)
            if written is not p.written_expr:  # a != b with an atom: written as such
                object.__setattr__(p, "written_expr", written)
                object.__setattr__(p, "written", f"{written.lhs} != {written.rhs}" if
                                   isinstance(written, sp.Ne) else str(written))
            p.__dict__.pop("_str", None)
            p.__dict__.pop("_pretty", None)

    def categories(self) -> tuple[str, ...]:
        """The categories of the atoms read, in the order they appear in the formula."""
        out: list[str] = []
        for atom, _pos, _k in sorted(self.atoms.values(), key=lambda a: (a[1], a[2])):
            if atom.category not in out:
                out.append(atom.category)
        return tuple(out)


def _script(kids: list) -> str:
    """The subscript (as written) of a random quantity or an operator such as ``\\inf``."""
    return next((str(k) for k in kids if isinstance(k, Token) and k.type == "RSUB"), "")


__all__ = ["OpaqueReading"]


#: single letters that name functions when applied (``f(x)``, ``\ell(z)``, ``\phi(t)``)
FUNCTION_LETTERS = {"f", "g", "h", "p", "q", "\\ell", "\\phi", "\\varphi", "\\psi"}
_ARGUMENT = re.compile(r"\s*(?:\\(?:hat|tilde|bar|widehat|widetilde|overline|mathbf|bm|"
                       r"boldsymbol)\s*(?:\{[^{}]*\}|\\[A-Za-z]+|[A-Za-z](?![A-Za-z]))|"
                       r"\\?[A-Za-z]+)(?:\s*(?:[_^]\s*(?:\{[^{}]*\}|"
                       r"\\?[A-Za-z0-9*]+)|'))*\s*")


def applied(name: str, args: str, count: int) -> bool:
    r"""Whether ``name(args)`` (``name`` not given) reads only as a function applied: a name
    of several letters, decorated or subscripted (``\mathcal{L}(w)``, ``f^*(y)``,
    ``R_n(F)``; an indexed letter only of one name, ``\lambda_d(\kappa + s)`` also reads as a
    product), a letter that names functions (``f``, ``g``, ``h``, ``p``, ``q``, ``\ell``,
    ``\phi``, ``\psi``), several arguments (``g(\lambda, \nu)``), or a capital letter of one
    name (``L(\hat h)``, ``H(X)``). ``c(1 + t)``, ``C(1 + \log T)`` or ``x(t)`` also read as
    products: two readings.

    >>> [applied(n, a, 1) for n, a in [("c", "1 + t"), ("C", "1 + \\log T"), ("x", "t"),
    ...                                 ("L", "\\hat{h}"), ("f", "x + y"), ("R_n", "F")]]
    [False, False, False, True, True, True]
    >>> applied("g", "\\lambda, \\nu", 2), applied("a", "b, c", 2)
    (True, True)
    """
    plain = re.fullmatch(r"\\?[A-Za-z]+", name.strip()) is not None
    indexed = re.fullmatch(r"\s*(?:\\[A-Za-z]+|[A-Za-z])\s*_\s*(?:\{[^{}]*\}|\\?\w)\s*", name)
    if count == 1 and indexed and _ARGUMENT.fullmatch(args) is None and \
            name.split("_")[0].strip() not in FUNCTION_LETTERS:
        return False  # \lambda_d(\kappa^{-1} + s): λ_d times a sum, or a function λ_d
    if count > 1 or not plain or (len(name.strip().lstrip("\\")) > 1 and \
            not re.fullmatch(r"\\[A-Za-z]+", name.strip())):
        return True
    if name.strip() in FUNCTION_LETTERS:
        return True
    return name.strip().isupper() and _ARGUMENT.fullmatch(args) is not None


#: a name as written: a letter or a Greek command, with an optional subscript or star
_NAME = (r"(?:\\[A-Za-z]+|[A-Za-z])(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9*]))?"
         r"(?:\s*\^\s*\{?\s*\*\s*\}?)?")
#: a name as written, possibly under an accent (``\hat{p}_t``, ``\hat\ell_t``)
_ACCENTED = (r"(?:\\(?:hat|tilde|bar|widehat|widetilde|overline|mathbf|bm|boldsymbol)\s*"
             r"(?:\{\s*(?:\\[A-Za-z]+|[A-Za-z])\s*\}|\\[A-Za-z]+|[A-Za-z])"
             r"(?:\s*_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9*]))?|"
             rf"{_NAME})")
_TERMS = re.compile(rf"^\s*[-+]?\s*({_ACCENTED})\s*$")
#: a gradient of a function at a name: the name is a vector (``\nabla R(y)``)
_GRADIENT_AT = re.compile(rf"^\s*[-+]?\s*\\nabla\s*(?:\\[A-Za-z]+|[A-Za-z]|\\math(?:cal|scr)\s*"
                          rf"\{{\s*[A-Z]\s*\}})(?:_\s*(?:\{{[^{{}}]*\}}|\w))?\s*\(\s*({_ACCENTED})\s*\)\s*$")
_TRANSPOSED = re.compile(rf"({_ACCENTED})\s*\^\s*(?:\{{\s*(?:T|\\top|\\intercal)\s*\}}|T"
                         r"(?![A-Za-z])|\\top(?![A-Za-z])|\\intercal(?![A-Za-z]))")
#: after a transposed vector: a matrix (a capital letter, maybe negated in parentheses)
#: and a vector, or a vector (``p^T (-M) q``, ``a^T x``)
_CAPITAL = r"(?:[A-Z]|\\(?:Sigma|Lambda|Gamma|Delta|Theta|Phi|Psi|Omega|Pi|Xi))(?![A-Za-z])"
_AFTER_TRANSPOSE = re.compile(rf"\s*(?:\(\s*(?P<matrix>-?\s*{_CAPITAL}(?:\s*[-+]\s*{_CAPITAL})*)"
                              rf"\s*\)|(?P<bare>{_CAPITAL}))?\s*(?P<vector>{_ACCENTED})?")
_PAIRED = re.compile(r"\\langle(?P<inner>(?:[^⟨⟩]|\\langle|\\rangle)*?)\\rangle"
                     r"|(?:\\\||\\[lr]Vert|\|\|)(?P<norm>[^|]*?)(?:\\\||\\[lr]Vert|\|\|)")


def matrix_names(text: str) -> list[str]:
    r"""Capital letters that ``text`` puts between a transposed vector and a vector, for
    opaque mode: square matrices (``p^T M q``, ``x^T (-A) y``).

    >>> matrix_names(r"p^T M q \ge x^T(-A) y + c^T d")
    ['M', 'A']
    """
    found = []
    for m in _TRANSPOSED.finditer(text):
        after = _AFTER_TRANSPOSE.match(text, m.end())
        if after and after.group("vector") and (after.group("matrix") or after.group("bare")):
            found += re.findall(_CAPITAL, after.group("matrix") or after.group("bare"))
    return list(dict.fromkeys(found))


#: the point of a Hessian: ``\nabla^2 f(x)``
_HESSIAN_AT = re.compile(r"\\nabla\s*\^\s*\{?\s*2\s*\}?\s*\\?[A-Za-z]+\s*\(\s*(\\?[A-Za-z]+"
                         r"(?:_\{?\w+\}?)?)\s*\)")


def vector_names(text: str) -> list[str]:
    r"""Names that ``text`` uses as vectors without declaring them, for opaque mode: a whole
    argument, or a term of one, of ``\langle\cdot,\cdot\rangle`` or of a norm (``\|x - y\|``,
    ``\|g\|_*``), or a name with ``^T``. A name applied to an argument (``f(x)``) is not one.

    >>> vector_names(r"f(x) + f^*(\theta) \ge \langle x, \theta \rangle + \|w_t - u\|_*")
    ['x', '\\theta', 'w_t', 'u']
    >>> vector_names(r"\langle \nabla R(y) - \nabla R(x), \hat{p}_t \rangle")
    ['y', 'x', '\\hat{p}_t']
    """
    found: list[str] = []
    for m in _PAIRED.finditer(text):
        body = m.group("inner") if m.group("inner") is not None else m.group("norm")
        depth, parts, cur = 0, [], ""
        for ch in body:  # split at top-level commas, then at + and -
            depth += ch in "({["
            depth -= ch in ")}]"
            if depth == 0 and ch in ",+-":
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        parts.append(cur)
        for part in parts:
            t = _TERMS.match(part)
            if t and not re.match(r"\s*\(", body[body.find(part) + len(part):]):
                found.append(re.sub(r"\s+", "", t.group(1)))
            g = _GRADIENT_AT.match(part)
            if g:  # ⟨∇R(y) - ∇R(x), z - x⟩: y and x are vectors
                found.append(re.sub(r"\s+", "", g.group(1)))
    for m in _TRANSPOSED.finditer(text):  # not x_i^T's i, nor \alpha^T's a
        if re.search(r"[_^]\s*$", text[:m.start()]) or (
                not m.group(1).startswith("\\") and re.search(r"\\[A-Za-z]*$", text[:m.start()])):
            continue
        found.append(re.sub(r"\s+", "", m.group(1)))
        after = _AFTER_TRANSPOSE.match(text, m.end())
        if after and after.group("vector"):  # a^T x, p^T M q: x and q are vectors too
            found.append(re.sub(r"\s+", "", after.group("vector")))
    if re.search(r"\\(?:succ|prec)(?:eq)?(?![A-Za-z])", text):  # ∇²f(x) ⪰ 0: a matrix
        found += [m.group(1) for m in _HESSIAN_AT.finditer(text)]  # at a vector x
    return list(dict.fromkeys(n for n in found if n not in ("e", r"\pi", "I", "0", "1") and
                              not _LAYOUT.match(n)))


#: commands that set out a formula and name nothing (``\sum\limits_{t=1}^T \|g_t\|``)
_LAYOUT = re.compile(r"\\(?:no)?limits(?![A-Za-z])|\\(?:left|right|[bB]igg?[lrm]?)(?![A-Za-z])")


def _top_level_parts(text: str) -> list[str]:
    """``text`` cut at its commas outside brackets: ``"x, (a, b)"`` gives ``["x", " (a, b)"]``."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    return [*parts, text[start:]]
