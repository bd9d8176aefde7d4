r"""Opaque atoms: what the reader reads, in opaque mode, and does not check.

With ``opaque=True`` (:func:`~symbolic.latex_parse.parse_statement`), an expectation, a
probability, a variance, an unknown function ``f(x)`` or its gradient, a limit, an infimum, a
supremum, an argmin, an argmax or an integral is read as one atom instead of being refused:
an :class:`Opaque` (a scalar) or an :class:`OpaqueMatrix` (``\nabla f(x)`` of a vector ``x``).
An atom has the ``category`` :class:`~.lexer.NotChecked` would name, a displayed ``head``
(``E``, ``Pr``, ``∇f``, ``inf``), a displayed ``script`` (``x∼D``, ``δ→0``), its ``operands``
(expressions, or relations for events) and, for a conditional, what it is ``given``. No back end
evaluates an atom (:func:`symbolic.walk.unsupported_construct` names it), so a ``Prop`` holding
one is read, not checked: :func:`has_opaque` tells.

Example:
    >>> import sympy as sp
    >>> X, t = sp.Symbol("X"), sp.Symbol("t")
    >>> tail = Opaque("random quantity", "Pr", "", [sp.Ge(X, t)])
    >>> str(tail), has_opaque(tail / 2), has_opaque(X + t)
    ('Pr[X >= t]', True, False)
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import sympy as sp
from sympy.printing.precedence import PRECEDENCE

from symbolic.latex_parse.lexer import strip_underbraces
from symbolic.pretty import DOUBLE_STRUCK, SCRIPT_CAPS

#: the categories of :class:`~.lexer.NotChecked` an atom may have
CATEGORIES = ("random quantity", "abstract function", "limit", "infimum", "supremum", "argmin",
              "argmax", "integral", "norm", "set", "unstated range", "two readings",
              "asymptotic", "factorial", "list")
#: relations as ``str`` prints them in events (``Pr[X >= t]``)
ASCII_RELS = {"=": "=", "<=": "<=", "<": "<", ">=": ">=", ">": ">", "!=": "!="}
#: relations and heads as LaTeX prints them (``\Pr[X \ge t]``)
LATEX_RELS = {"=": "=", "<=": "\\le", "<": "<", ">=": "\\ge", ">": ">", "!=": "\\neq"}
_LATEX_HEADS = {"E": "\\mathbb{E}", "Pr": "\\Pr", "∫": "\\int", "inf": "\\inf", "sup": "\\sup",
                "lim": "\\lim", "limsup": "\\limsup", "liminf": "\\liminf"}
#: random quantities printed with brackets (the others with parentheses: ``Var(X)``)
_BRACKETED = ("E", "Pr")


def _args(category: Any, head: Any, script: Any, operands: Any, given: Any) -> list[Any]:
    """The SymPy arguments of an atom, checked."""
    if str(category) not in CATEGORIES:
        raise ValueError(f"not a category of opaque atoms: {category!r}")
    texts = [t if isinstance(t, sp.core.symbol.Str) else sp.core.symbol.Str(str(t))
             for t in (category, head, script)]
    groups = [g if isinstance(g, sp.Tuple) else sp.Tuple(*g) for g in (operands, given)]
    return [*texts, *groups]


class _Atom:
    """What both atoms share: their parts and how they print."""

    args: tuple

    @property
    def category(self) -> str:
        """One of :data:`CATEGORIES`."""
        return str(self.args[0])

    @property
    def head(self) -> str:
        """The displayed head: ``E``, ``Pr``, ``Var``, ``f``, ``∇f``, ``inf``, ``∫``."""
        return str(self.args[1])

    @property
    def script(self) -> str:
        """The displayed subscript (``x∼D``, ``x∈S``, ``δ→0``), or ``""``."""
        return str(self.args[2])

    @property
    def operands(self) -> tuple:
        """The expressions (or relations, for an event) the head applies to."""
        return tuple(self.args[3])

    @property
    def given(self) -> tuple:
        """What a conditional probability or expectation is given (``Pr[A | B]``: ``B``)."""
        return tuple(self.args[4])

    @property
    def precedence(self) -> int:
        """An operator taking the rest of its product (``inf_x g(x)``, an integral) binds as a
        product; a bracketed or called atom is an atom."""
        return PRECEDENCE["Mul"] if self.category not in (
            "random quantity", "abstract function", "norm", "set", "two readings",
            "asymptotic") \
            else PRECEDENCE["Atom"]

    def opaque_render(self, printer: Any, rels: dict[str, str]) -> str:
        """This atom printed by ``printer`` (its operands too), relations shown by ``rels``."""
        return render(self, printer, rels)

    def _sympystr(self, printer: Any) -> str:
        return render(self, printer, ASCII_RELS)

    def _latex(self, printer: Any) -> str:
        head = _LATEX_HEADS.get(self.head, f"\\operatorname{{{self.head}}}" if
                                self.head.isalpha() and len(self.head) > 1 else self.head)
        return render(self, printer, LATEX_RELS, head)

    def __reduce_ex__(self, protocol: Any) -> tuple:
        """Pickled as written: the events' relations are not evaluated again."""
        return _unpickle, (type(self), [_frozen(a) for a in self.args])


def _frozen(e: Any) -> Any:
    if isinstance(e, sp.core.relational.Relational):
        return ("relation", e.func, e.lhs, e.rhs)
    if isinstance(e, sp.Tuple):
        return ("tuple", [_frozen(a) for a in e])
    return e


def _thawed(e: Any) -> Any:
    if isinstance(e, tuple) and e[0] == "relation":
        return e[1](e[2], e[3], evaluate=False)
    if isinstance(e, tuple) and e[0] == "tuple":
        return sp.Tuple(*[_thawed(a) for a in e[1]])
    return e


def _unpickle(cls: type, args: list[Any]) -> Any:
    return cls(*[_thawed(a) for a in args])


class Opaque(_Atom, sp.Expr):
    """A scalar the reader read and does not check (see the module docstring); real-valued."""

    is_commutative = True
    is_extended_real = True

    def __new__(cls, category: Any, head: Any, script: Any = "", operands: Any = (),
                given: Any = ()) -> Opaque:
        return sp.Expr.__new__(cls, *_args(category, head, script, operands, given))


class OpaqueMatrix(_Atom, sp.MatrixExpr):
    """A vector or matrix the reader read and does not check (``\\nabla f(x)`` of a vector)."""

    def __new__(cls, category: Any, head: Any, script: Any, operands: Any, given: Any,
                rows: Any, cols: Any) -> OpaqueMatrix:
        parts = _args(category, head, script, operands, given)
        return sp.MatrixExpr.__new__(cls, *parts, sp.sympify(rows), sp.sympify(cols))

    @property
    def shape(self) -> tuple[Any, Any]:
        return self.args[5], self.args[6]


def has_opaque(x: Any) -> bool:
    """Whether ``x`` (an expression, a relation, a ``Prop``, or a list or tuple of them) holds an
    opaque atom anywhere.

    >>> from symbolic.prop import Prop
    >>> f = Opaque("abstract function", "f", "", [sp.Symbol("x")])
    >>> has_opaque([Prop(1, "<=", 2), sp.Le(sp.Abs(f), 1)]), has_opaque(Prop(1, "<=", 2))
    (True, False)
    """
    if isinstance(x, (list, tuple)):
        return any(has_opaque(a) for a in x)
    if not isinstance(x, sp.Basic) and hasattr(x, "lhs") and hasattr(x, "rhs"):
        return any(has_opaque(s) for s in (x.lhs, x.rhs, getattr(x, "written_expr", None)))
    if not isinstance(x, sp.Basic):
        return False
    return any(isinstance(node, _Atom) for node in sp.preorder_traversal(x))


def atoms_of(x: Any) -> list[_Atom]:
    """The opaque atoms in ``x`` (an expression or relation), outermost first."""
    if not isinstance(x, sp.Basic):
        return []
    return [node for node in sp.preorder_traversal(x) if isinstance(node, _Atom)]


def swap(e: Any, table: dict) -> Any:
    """``e`` with the keys of ``table`` replaced by their values, relations rebuilt without
    evaluation (``Pr[f(x) ≤ f(x)]`` stays as written).

    >>> x, y = sp.symbols("x y")
    >>> swap(sp.Tuple(sp.Le(x, y)), {y: x})
    (x <= x,)
    """
    if not isinstance(e, sp.Basic):
        return e
    if e in table:
        return table[e]
    if not e.args:
        return e
    args = [swap(a, table) for a in e.args]
    if all(a is b for a, b in zip(args, e.args)):
        return e
    if isinstance(e, sp.core.relational.Relational):
        return e.func(*args, evaluate=False)
    return e.func(*args)


# -- printing ---------------------------------------------------------------------------------
def render(a: _Atom, printer: Any, rels: dict[str, str], head: str | None = None) -> str:
    """The text of the atom ``a``: ``E_{x∼D}[f(x)]``, ``Pr[A | B]``, ``Var(X)``, ``∇f(x)``,
    ``inf_{x∈S} g(x)``, ``∫_{0}^{1} s² ds``; operands printed by ``printer``, the head as
    ``head`` when given (LaTeX: ``\\mathbb{E}``).

    >>> from sympy.printing.str import StrPrinter
    >>> s = sp.Symbol("s")
    >>> render(Opaque("integral", "∫", "", [s**2, s, 0, 1]), StrPrinter(), ASCII_RELS)
    '∫_{0}^{1} s**2 ds'
    """
    script = f"_{{{a.script}}}" if a.script else ""
    ops, shown = a.operands, a.head if head is None else head
    if a.category == "random quantity":
        body = ", ".join(operand(o, printer, rels) for o in ops)
        if a.given:
            body += " | " + ", ".join(operand(o, printer, rels) for o in a.given)
        return f"{shown}{script}[{body}]" if a.head in _BRACKETED else f"{shown}{script}({body})"
    if a.category == "abstract function":
        given = f" | {', '.join(printer._print(o) for o in a.given)}" if a.given else ""
        return f"{shown}{script}({', '.join(printer._print(o) for o in ops)}{given})"
    if a.category in ("set", "two readings", "asymptotic", "list") or not ops:  # ℋ; c(κ),
        # O(1/n); x_1, …, x_n; ∞, Σ_{k=0}^∞ γ_k: as written
        return shown
    if a.category == "norm":  # ‖g‖_*, ‖x‖_A: a norm the vocabulary does not have
        bars = "\\|" if head is not None else "‖"
        sub = "" if not a.script else f"_{a.script}" if len(a.script) == 1 else \
            f"_{{{a.script}}}"
        return f"{bars}{printer._print(ops[0])}{bars}{sub}"
    if a.category == "factorial":  # k!, (n + 1)!: no back end evaluates it
        return f"{printer.parenthesize(ops[0], PRECEDENCE['Pow'], strict=True)}!"
    if a.category == "integral":
        body, var, lo, hi = ops
        inner = printer.parenthesize(body, PRECEDENCE["Mul"], strict=True)
        return f"{shown}_{{{printer._print(lo)}}}^{{{printer._print(hi)}}} {inner} " \
               f"d{printer._print(var)}"
    return f"{shown}{script} {printer.parenthesize(ops[0], PRECEDENCE['Mul'], strict=True)}"


def operand(o: Any, printer: Any, rels: dict[str, str]) -> str:
    """An operand: an expression, a relation (``X ≥ t``) or a chain of them (``a ≤ X ≤ b``)."""
    if isinstance(o, sp.Tuple):  # a chain: a <= X <= b
        out = operand(o[0], printer, rels)
        for prev, rel in itertools.pairwise(o):
            if rel.lhs == prev.rhs:
                out += f" {_rel(rel, rels)} {printer._print(rel.rhs)}"
            else:
                out += ", " + operand(rel, printer, rels)
        return out
    if isinstance(o, sp.core.relational.Relational):
        return f"{printer._print(o.lhs)} {_rel(o, rels)} {printer._print(o.rhs)}"
    return printer._print(o)


def _rel(r: Any, rels: dict[str, str]) -> str:
    op = {"==": "=", "!=": "!="}.get(r.rel_op, r.rel_op)
    return rels.get(op, op)


# -- heads and scripts as displayed -------------------------------------------------------------
_MACROS = {"in": "∈", "notin": "∉", "to": "→", "rightarrow": "→", "sim": "∼", "le": "≤",
           "leq": "≤", "ge": "≥", "geq": "≥", "infty": "∞", "mid": "|", "cdot": "·",
           "times": "×", "subseteq": "⊆", "subset": "⊂", "setminus": "∖", "neq": "≠",
           "ne": "≠", "star": "*", "ast": "*", "prime": "'", "top": "ᵀ", "downarrow": "↓",
           "uparrow": "↑", "ell": "ℓ", "nabla": "∇", "partial": "∂", "Pi": "Π", "Theta": "Θ",
           "Psi": "Ψ", "Xi": "Ξ", "Upsilon": "Υ", "iota": "ι", "upsilon": "υ", "vartheta": "ϑ",
           "varphi": "φ", "varrho": "ϱ", "varsigma": "ς", "varpi": "ϖ", "sum": "Σ", "prod": "Π",
           "cap": "∩", "cup": "∪", "limits": "", "nolimits": "", "displaystyle": "",
           "textstyle": "", "ldots": "…", "cdots": "⋯", "dots": "…"}


def _argument(text: str, at: int) -> tuple[str, int]:
    """The argument of a command at ``text[at:]`` (a braced group, balanced, or one token) and
    where it ends: ``("L", 9)`` for ``\\tfrac{L}2`` at 6."""
    while at < len(text) and text[at].isspace():
        at += 1
    if at < len(text) and text[at] == "{":
        depth, end = 0, at
        for end in range(at, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                return text[at + 1:end], end + 1
        return text[at + 1:], len(text)
    token = re.match(r"\\[A-Za-z]+|.", text[at:], re.S)
    return (token.group(0), at + token.end()) if token else ("", at)


def fractions(latex: str) -> str:
    r"""Every ``\frac``, ``\tfrac``, ``\dfrac`` as ``a/b``, nested and with bare arguments.

    >>> fractions(r"\tfrac{L}2 h"), fractions(r"\frac{f(x) - \inf_w f}{n\frac12}")
    ('(L/2) h', '(f(x) - \\inf_w f)/(n(1/2))')
    """
    out, at = [], 0
    for m in re.finditer(r"\\[td]?frac(?![A-Za-z])", latex):
        if m.start() < at:
            continue
        top, end = _argument(latex, m.end())
        bottom, end = _argument(latex, end)
        text = f"{_wrap(fractions(top))}/{_wrap(fractions(bottom))}"
        before = latex[at:m.start()]
        joined = ((re.search(r"[\w)}]\s*$", before) and not re.search(r"\\[A-Za-z]+\s*$", before))
                  or re.search(r"\^\s*$", before) or re.match(r"\s*[\w(\\^]", latex[end:]))
        out += [before, f"({text})" if joined else text]
        at = end
    return "".join(out) + latex[at:]


def roots(latex: str) -> str:
    r"""Every ``\sqrt`` as ``√``, of one name or number bare, else in parentheses, nested.

    >>> roots(r"\sqrt{T} + \sqrt{\frac{2\log N(\epsilon)}{n}}")
    '√T + √(\\frac{2\\log N(\\epsilon)}{n})'
    """
    out, at = [], 0
    for m in re.finditer(r"\\sqrt(?![A-Za-z])", latex):
        if m.start() < at:
            continue
        inner, end = _argument(latex, m.end())
        inner = roots(inner).strip()
        one = re.fullmatch(r"\d+(?:\.\d+)?|\\?[A-Za-z]+(?:_\w|_\{[^{}]*\})?", inner)
        out += [latex[at:m.start()], f"√{inner}" if one else f"√({inner})"]
        at = end
    return "".join(out) + latex[at:]


def _wrap(text: str) -> str:
    """A numerator or denominator as written, in parentheses unless one number or one name
    (``2L`` is a product: ``1/(2L)``)."""
    one = (r"\d+(?:\.\d+)?|\\?[A-Za-z]+(?:_\w|_\{[^{}]*\})?(?:\^\w|\^\{[^{}]*\})?|"
           r"\\sqrt\s*\{[^{}]*\}")
    return text if re.fullmatch(one, text.strip()) else f"({text})"


def display(latex: str) -> str:
    r"""A head or script written in LaTeX as the pretty printer shows it.

    >>> display(r"x \in S"), display(r"\delta \to 0"), display(r"\mathcal{L}"), display("f^*")
    ('x∈S', 'δ→0', 'ℒ', 'f*')
    >>> display(r"\Pi_{\mathcal{H}}"), display(r"y \sim P_Y"), display(r"\mathrm{Reg}_T")
    ('Π_{ℋ}', 'y∼P_Y', 'Reg_T')
    >>> display(r"O(n\log n)"), display(r"\log(T)/\delta")
    ('O(n log n)', 'log(T)/δ')
    >>> display(r"O(\sum\limits_{i=2}^n \Delta_i)")
    'O(Σ_{i=2}^nΔ_i)'

    """
    from symbolic.pretty import unicode_name

    t = re.sub(r"\\(?:left|right|[bB]igg?[lrm]?)(?![A-Za-z])|\\[,;:! ]|~", " ",
               roots(fractions(strip_underbraces(latex))))
    t = re.sub(r"\\math(?:cal|scr)\s*\{\s*([A-Z])\s*\}",
               lambda m: SCRIPT_CAPS.get(m.group(1), m.group(1)), t)
    t = re.sub(r"\\(?:mathbb|mathbbm|mathds)\s*\{\s*([A-Z])\s*\}",
               lambda m: DOUBLE_STRUCK.get(m.group(1), m.group(1)), t)
    t = re.sub(r"\\(?:mathrm|operatorname\*?|text|textrm|mathit|mathsf|mathbf|boldsymbol|bm)"
               r"\s*\{\s*([^{}]*?)\s*\}", r"\1", t)
    t = re.sub(r"\^\s*(?:\{\s*(?:\*|\\star|\\ast)\s*\}|\*|\\star|\\ast)", "*", t)
    t = re.sub(r"\\([A-Za-z]+)", lambda m: _MACROS.get(m.group(1), m.group(0)), t)
    t = t.replace("\\|", "‖").replace("\\{", "{").replace("\\}", "}")
    t = re.sub(r"\\(log|ln|exp|max|min|sup|inf|lim)(?![A-Za-z])\s*", "\x00\\1\x01", t)
    t = re.sub(r"\s+", "", unicode_name(t))
    t = re.sub(r"(?<=[\w)}])\x00", " ", t).replace("\x00", "")  # n\log n: n log n
    return re.sub(r"\x01(?=[^\W_]|\\)", " ", t).replace("\x01", "")


__all__ = ["CATEGORIES", "Opaque", "OpaqueMatrix", "atoms_of", "display", "fractions",
           "has_opaque", "render", "swap"]
