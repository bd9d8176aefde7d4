"""Unicode mathematics for expressions and propositions, in the papers' notation.

:func:`pretty` prints what a reader of the paper would write by hand: ``‖x‖₂``, ``⟨u, v⟩``,
``α(x_{t+1})``, ``β⁻²``, ``√n``, ``exp(Ax)``, ``u ∘ v``, ``A ⊗ B``, never SymPy's class names.
Named definitions print as their names (``f(x_t)``, ``δ_b``), LaTeX macros in names become their
Unicode letters.

Example:
    >>> import sympy as sp
    >>> from symbolic import matrix, vector, exp_, inner, ones, n, d, norm2, named, scalar
    >>> from symbolic.pretty import pretty
    >>> A, x = matrix("A", n, d), vector("x_{t+1}", d)
    >>> pretty(named(r"\\alpha(x_{t+1})", inner(exp_(A * x), ones(n))))
    'α(x_{t+1})'
    >>> beta, R = scalar("beta"), scalar("R")
    >>> pretty(2 * beta**-2 * sp.sqrt(n) * sp.exp(2 * R**2) * norm2(x))
    '2β⁻² √n exp(2R²) ‖x_{t+1}‖₂'
    >>> pretty(sp.sqrt(n * R) * norm2(x))
    '√(nR) ‖x_{t+1}‖₂'
    >>> pretty(inner(exp_(A * x), ones(n)))
    '⟨exp(Ax_{t+1}), 𝟏ₙ⟩'
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import sympy as sp
from sympy.printing.precedence import PRECEDENCE, precedence
from sympy.printing.str import StrPrinter

from symbolic.vocabulary import BY_CLASS, Declared

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "ϕ", "chi": "χ",
    "psi": "ψ", "omega": "ω", "Delta": "Δ", "Gamma": "Γ", "Lambda": "Λ", "Sigma": "Σ",
    "Phi": "Φ", "Omega": "Ω", "ell": "ℓ", "Pi": "Π", "Theta": "Θ", "Psi": "Ψ", "Xi": "Ξ",
    "Upsilon": "Υ", "iota": "ι", "upsilon": "υ", "vartheta": "ϑ", "varphi": "φ",
    "varrho": "ϱ", "varsigma": "ς", "varpi": "ϖ",
}
#: letters written \mathcal{X} (script capitals) and \mathbb{X} (double-struck)
SCRIPT_CAPS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                       "𝒜ℬ𝒞𝒟ℰℱ𝒢ℋℐ𝒥𝒦ℒℳ𝒩𝒪𝒫𝒬ℛ𝒮𝒯𝒰𝒱𝒲𝒳𝒴𝒵"))
DOUBLE_STRUCK = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "𝔸𝔹ℂ𝔻𝔼𝔽𝔾ℍ𝕀𝕁𝕂𝕃𝕄ℕ𝕆ℙℚℝ𝕊𝕋𝕌𝕍𝕎𝕏𝕐ℤ", strict=True))


_SUP = str.maketrans("0123456789-+()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺⁽⁾ⁿ")
_SUB = str.maketrans("0123456789-+()naeiorxFp", "₀₁₂₃₄₅₆₇₈₉₋₊₍₎ₙₐₑᵢₒᵣₓFₚ")
_LATEX_MACROS = {
    r"\widetilde": "~", r"\widehat": "^", r"\tilde": "~", r"\hat": "^", r"\infty": "∞",
    r"\cdot": "·", r"\top": "ᵀ", r"\circ": "∘", r"\otimes": "⊗", r"\le": "≤", r"\ge": "≥",
}


def unicode_name(text: str) -> str:
    """A symbol name or a named definition's LaTeX name as Unicode.

    >>> unicode_name(r"\\delta_{b,1}"), unicode_name("beta"), unicode_name(r"\\widetilde{b} - b")
    ('δ_{b,1}', 'β', 'b̃ - b')
    >>> unicode_name(r"\\bar{X_n}"), unicode_name(r"\\overline{W}_N"), unicode_name(r"\\bar\\mu")
    ('X̄_n', 'W̄_N', 'μ̄')
    >>> unicode_name(r"\\Pi_{\\mathcal{H}}"), unicode_name(r"\\mathbb{R}^d")
    ('Π_{ℋ}', 'ℝ^d')
    >>> unicode_name(r"\\hat h"), unicode_name(r"\\hat\\theta_1"), unicode_name(r"\\tilde x")
    ('ĥ', 'θ̂_1', 'x̃')
    """
    if text in _GREEK:
        return _GREEK[text]
    # \tilde{x}, \hat h, \hat\theta: the accent over the letter
    out = text
    for accents, mark in (("widetilde|tilde", "\u0303"), ("widehat|hat", "\u0302"),
                          ("check", "\u030c"), ("breve", "\u0306"), ("grave", "\u0300"),
                          ("acute", "\u0301")):
        out = re.sub(rf"\\(?:{accents})\s*(?:\{{\s*(\\?\w+?)\s*((?:_\{{?\w+\}}?)?)\s*\}}|"
                     r"(\\[A-Za-z]+|[A-Za-z])(?![A-Za-z]))",  # \hat{\mu_i}: over μ, index kept
                     lambda m, mark=mark: _GREEK.get((m.group(1) or m.group(3)).lstrip("\\"),
                                                     m.group(1) or m.group(3)) + mark
                     + (m.group(2) or ""), out)
    # \bar{X}, \bar X, \overline{W}: a bar over the letter (\bar{X_n}: over X, index kept)
    out = re.sub(r"\\(?:bar|overline)\s*(?:\{\s*(\\?[A-Za-z]+)\s*((?:_\{?\w+\}?)?)\s*\}|"
                 r"(\\?[A-Za-z]+)(?![A-Za-z]))",
                 lambda m: _GREEK.get((m.group(1) or m.group(3)).lstrip("\\"),
                                      (m.group(1) or m.group(3))) + "\u0304" + (m.group(2) or ""),
                 out)
    out = re.sub(r"\^\s*(?:\{\s*(?:\*|\\star|\\ast)\s*\}|\*|\\star|\\ast)", "*", out)  # h^*: h*
    out = re.sub(r"\\math(?:cal|scr)\s*\{\s*([A-Z])\s*\}", lambda m: SCRIPT_CAPS[m.group(1)], out)
    out = re.sub(r"\\(?:mathbb|mathbbm|mathds)\s*\{\s*([A-Z])\s*\}",
                 lambda m: DOUBLE_STRUCK.get(m.group(1), m.group(1)), out)
    out = re.sub(r"\\([A-Za-z]+)", lambda m: _GREEK.get(m.group(1),
                                                        _LATEX_MACROS.get(m.group(0),
                                                                          m.group(1))), out)
    return re.sub(r"\b(" + "|".join(k for k in _GREEK if len(k) > 2) + r")\b",
                  lambda m: _GREEK[m.group(1)], out)


def _superscript(text: str) -> str | None:
    """``text`` in superscript digits, or None when some character has none."""
    if all(ch in "0123456789-+()n" for ch in text):
        return text.translate(_SUP)
    return None


def _subscript(text: str) -> str:
    return text.translate(_SUB) if all(ch in "0123456789-+()naeiorxp" for ch in text) \
        else "_" + text



def _product_entry(e: Any) -> bool:
    """Whether ``e`` is the scalar a 1×1 product is (``aᵀx``), printed without brackets."""
    if type(e).__name__ != "Entry":
        return False
    m = e.args[0]
    return tuple(m.shape) == (1, 1) and not isinstance(m, sp.MatrixSymbol)

class PrettyPrinter(StrPrinter):
    """SymPy's string printer taught the papers' operators, printing Unicode mathematics."""

    def _print_Symbol(self, e: sp.Symbol) -> str:
        if e.name.startswith("⟦") and e.name.endswith("⟧"):
            return e.name[1:-1]  # a side as written (a class statement's placeholder)
        return unicode_name(e.name)

    _print_Dummy = _print_Symbol

    def _print_MatrixSymbol(self, e: sp.MatrixSymbol) -> str:
        return unicode_name(e.name)

    def _print_Str(self, e: Any) -> str:
        return unicode_name(str(e))

    def _print_Exp1(self, e: Any) -> str:
        return "e"

    def _print_Infinity(self, e: Any) -> str:
        return "∞"

    def _print_NegativeInfinity(self, e: Any) -> str:
        return "-∞"

    def _print_Pi(self, e: Any) -> str:
        return "π"

    def _print_Max(self, e: Any) -> str:
        return f"max({', '.join(self._print(a) for a in e.args)})"

    def _print_Min(self, e: Any) -> str:
        return f"min({', '.join(self._print(a) for a in e.args)})"

    def parenthesize(self, item: Any, level: int, strict: bool = False) -> str:
        if isinstance(item, (sp.Sum, sp.Product)) and level >= PRECEDENCE["Mul"]:
            return f"({self._print(item)})"  # (Σ_i x_i)², y (Σ_i x_i): where Σ ends
        return super().parenthesize(item, level, strict)

    def _print_Sum(self, e: Any) -> str:
        return self._big("Σ", e)

    def _print_Product(self, e: Any) -> str:
        return self._big("Π", e)

    def _big(self, head: str, e: Any) -> str:
        """``Σ_{i=1}^{n} x_i``: each index with its range, the body as a product's factor."""
        out = ""
        for var, lo, hi in reversed(e.limits):
            out += f"{head}_{{{self._print(var)}={self._print(lo)}}}^{{{self._print(hi)}}} "
        return out + self.parenthesize(e.function, PRECEDENCE["Mul"], strict=True)

    def _print_exp(self, e: Any) -> str:
        return f"exp({self._print(e.args[0])})"

    def _print_Abs(self, e: Any) -> str:
        return f"|{self._print(e.args[0])}|"

    def _print_Pow(self, e: sp.Pow, rational: bool = False) -> str:
        base, ex = e.as_base_exp()
        if ex == sp.Rational(1, 2):
            return f"√{self._root_arg(base)}"
        if ex == -sp.Rational(1, 2):
            return f"1/√{self._root_arg(base)}"
        if base is sp.E:
            return f"exp({self._print(ex)})"
        b = self.parenthesize(base, PRECEDENCE["Pow"], strict=True)
        if isinstance(base, (sp.Mul, sp.Add)) or (base.is_Rational and not base.is_Integer) \
                or _product_entry(base):  # (aᵀx)², never aᵀ x²
            b = f"({self._print(base)})"
        sup = _superscript(self._print(ex)) if ex.is_Integer or ex.is_Symbol else None
        if ex.is_Rational and not ex.is_Integer:
            return f"{b}^({self._print(ex)})"
        return f"{b}{sup}" if sup is not None else f"{b}^({self._print(ex)})"

    def _root_arg(self, base: Any) -> str:
        s = self._print(base)
        return s if (base.is_Symbol or base.is_Integer) else f"({s})"

    def _print_Mul(self, e: sp.Mul) -> str:
        c = e.as_coeff_Mul()[0]
        if c < 0:
            return "-" + self._print_Mul_pos(-e)
        return self._print_Mul_pos(e)

    def _print_Mul_pos(self, e: Any) -> str:
        if not isinstance(e, sp.Mul):
            return self.parenthesize(e, PRECEDENCE["Mul"])
        num, den, roots = [], [], []
        fraction = _is_opaque(e) or any(_is_opaque(a) for a in sp.preorder_traversal(e))
        for f in sp.Mul.make_args(e):
            if f.is_Pow and f.exp == sp.Rational(1, 2) and not f.base.is_Integer:
                roots.append(f.base)
                continue
            b, ex = f.as_base_exp()
            if ex.is_Rational and ex.is_negative and not ex == -sp.Rational(1, 2) \
                    and not _is_named_like(b) and (fraction or not b.is_Symbol):
                den.append(b ** -ex)
            elif f.is_Rational and not f.is_Integer:
                num.append(sp.Integer(f.p))
                den.append(sp.Integer(f.q))
            else:
                num.append(f)
        num = [x for x in num if x != 1]
        parts = [(_rank(f), self._factor(f)) for f in num]
        if roots:
            r = sp.Mul(*roots)
            parts.append((2, "√" + (self._root_arg(r) if len(roots) == 1
                                    else f"({self._join(sorted(roots, key=_dims_first))})")))
        parts.sort(key=lambda p: p[0])
        top = self._glue([p[1] for p in parts]) or "1"
        if not den:
            return top
        bottom = self._join(den)
        if len(den) > 1 or isinstance(den[0], sp.Mul):  # a sum has its parentheses already
            bottom = f"({bottom})"
        if len(num) > 1 and any(isinstance(x, sp.Add) for x in num):
            top = f"({top})"
        return f"{top}/{bottom}"

    def _factor(self, f: Any) -> str:
        if isinstance(f, sp.Add):
            return f"({self._print(f)})"
        return self.parenthesize(f, PRECEDENCE["Mul"])

    def _join(self, factors: list) -> str:
        return self._glue([self._factor(f) for f in factors])

    def _glue(self, parts: list[str]) -> str:
        """Factors side by side: ``2R``, ``2β⁻²``, otherwise separated by a space."""
        if not parts:
            return ""
        out = parts[0]
        for prev, s in itertools.pairwise(parts):
            glue = "" if (len(prev) == 1 and prev.isalpha() and len(s) == 1) else " "
            if prev.isdigit() and (s[:1].isalpha() or s[:1] == "√") and "(" not in s[1:2]:
                glue = ""
            out += glue + s
        return out

    def _print_MatMul(self, e: Any) -> str:
        c, mats = e.as_coeff_mmul()
        parts = [self.parenthesize(a, PRECEDENCE["Mul"]) for a in mats.args]
        tight = all(len(p) == 1 for p in parts[:-1]) and "_" not in parts[-1][:1]
        body = "".join(parts) if tight else " ".join(parts)
        if c == 1:
            return body
        if c == -1:
            return "-" + body
        cs = self._print(c)
        if isinstance(c, sp.Add) or (isinstance(c, sp.Mul) and len(cs) > 1):
            cs = f"({cs})" if isinstance(c, sp.Add) else cs
        return f"{cs} {body}"

    def _print_MatAdd(self, e: Any) -> str:
        return self._print_Add(e)

    def _print_Add(self, e: Any, order: Any = None) -> str:
        terms = list(e.args)
        # a positive term first when there is one (x_{t+1} - x_t, not -x_t + x_{t+1})
        terms.sort(key=lambda t: _is_negative(t))
        out = ""
        for k, t in enumerate(terms):
            neg = _is_negative(t)
            s = self._print(-t if neg else t)
            if precedence(-t if neg else t) < PRECEDENCE["Add"]:
                s = f"({s})"
            if k == 0:
                out = ("-" + s) if neg else s
            else:
                out += (" - " if neg else " + ") + s
        return out

    def _print_MatrixBase(self, e: Any) -> str:
        return "[" + "; ".join(", ".join(self._print(v) for v in e.row(i))
                               for i in range(e.rows)) + "]"

    def _print_Transpose(self, e: Any) -> str:
        return f"{self.parenthesize(e.arg, PRECEDENCE['Pow'])}ᵀ"

    def _print_Inverse(self, e: Any) -> str:
        return f"{self.parenthesize(e.arg, PRECEDENCE['Pow'])}⁻¹"

    def _print_Identity(self, e: Any) -> str:
        size = self._print(e.shape[0])  # the size opaque mode gives names it takes as
        return "I" if size == "dim" else f"I{_subscript(size)}"  # vectors is no printed one

    def _print_ZeroMatrix(self, e: Any) -> str:
        return "0"

    def _print_OneMatrix(self, e: Any) -> str:
        rows, cols = e.shape
        if cols == 1:
            return f"𝟏{_subscript(self._print(rows))}"
        return f"𝟏_{{{self._print(rows)}×{self._print(cols)}}}"

    # -- the papers' operators (symbolic/objects.py) ---------------------------------------

    def _print(self, expr: Any, **kwargs: Any) -> str:
        """A declared operator in its declared Unicode form (before SymPy's own printers, one
        of which may share its class name), an opaque atom of the LaTeX reader in its written
        form (``E_{x∼D}[f(x)]``, ``Pr[X ≥ t]``, ``∇f(x)``, ``inf_{x∈S} g(x)``); anything else by
        this printer's methods."""
        if _is_opaque(expr):
            return expr.opaque_render(self, _EVENT_REL)
        if isinstance(expr, Declared) and expr.unicode_form:
            return expr.form("unicode", [self._print(a) for a in expr.args],
                             [self._paren(a) for a in expr.args])
        decl = BY_CLASS.get(type(expr))
        if decl is not None and decl.unicode_form:
            return decl.unicode_form.format(*[self._print(a) for a in expr.args])
        return super()._print(expr, **kwargs)

    def _print_NormP(self, e: Any) -> str:
        return f"‖{self._print(e.args[0])}‖{_subscript(self._print(e.args[1]))}"

    def _print_KroneckerDelta(self, e: Any) -> str:
        i, j = (self._print(a) for a in e.args[:2])
        return f"δ_{i}{j}" if len(i) == len(j) == 1 else f"δ_{{{i},{j}}}"

    def _print_Entry(self, e: Any) -> str:
        m, i, j = e.args
        if tuple(m.shape) == (1, 1) and i == 1 and j == 1:  # aᵀx: the scalar a 1×1 product is
            return self._print(m)
        idx = self._print(i) if j == 1 else f"{self._print(i)},{self._print(j)}"
        return f"{self._paren(m)}_{{{idx}}}" if len(idx) > 1 else f"{self._paren(m)}_{idx}"

    def _print_Column(self, e: Any) -> str:
        return f"{self._paren(e.args[0])}_{{*,{self._print(e.args[1])}}}"

    def _print_Vec(self, e: Any) -> str:
        return ("vec" if e.order == "row" else "vec_col") + f"({self._print(e.args[0])})"

    def _print_Unvec(self, e: Any) -> str:
        return f"mat({self._print(e.args[0])})"

    def _print_RowBlock(self, e: Any) -> str:
        return f"{self._paren(e.args[0])}_[{self._print(e.args[1])}]"

    def _print_HadamardProduct(self, e: Any) -> str:
        return " ∘ ".join(self.parenthesize(a, PRECEDENCE["Mul"]) for a in e.args)

    def _print_HadamardPower(self, e: Any) -> str:
        return f"{self._paren(e.base)}^∘{self._print(e.exp)}"

    def _print_KroneckerProduct(self, e: Any) -> str:
        return " ⊗ ".join(self.parenthesize(a, PRECEDENCE["Mul"]) for a in e.args)

    def _print_NamedMatrix(self, e: Any) -> str:
        return unicode_name(str(e.args[0]))

    _print_NamedScalar = _print_NamedMatrix

    def _deriv(self, e: Any) -> str:
        expr, var, i, j = e.args
        coord = self._print(i) if j == 1 else f"{self._print(i)},{self._print(j)}"
        return f"∂({self._print(expr)})/∂{self._print(var)}_{{{coord}}}"

    _print_Deriv = _deriv
    _print_ScalarDeriv = _deriv

    def _paren(self, m: Any) -> str:
        s = self._print(m)
        return s if isinstance(m, (sp.MatrixSymbol, sp.Symbol)) else f"({s})"


def _dims_first(f: Any) -> tuple[bool, str]:
    return (str(f) not in ("n", "d"), str(f))


def _rank(f: Any) -> int:
    """Where a factor goes in a product: numbers, symbols and their powers, roots, ``exp``,
    then everything else (norms, inner products, named definitions)."""
    if f.is_number:
        return 0
    base = f.as_base_exp()[0]
    if base.is_Symbol:
        return 1
    if isinstance(f, sp.exp) or base is sp.E:
        return 3
    return 4


def _is_opaque(e: Any) -> bool:
    """Whether ``e`` is an opaque atom of the LaTeX reader (:mod:`symbolic.latex_parse.opaque`):
    a product holding one prints its symbols' reciprocals as a fraction (``E[X]/t``)."""
    return isinstance(e, sp.Basic) and hasattr(e, "opaque_render")


def _is_named_like(e: Any) -> bool:
    return type(e).__name__ in ("NamedScalar", "NamedMatrix", "Inner", "Norm2", "OpNorm")


def _is_negative(t: Any) -> bool:
    """Whether ``t`` prints with a leading minus (``-x``, ``-2 u``, ``-⟨c, f⟩ f``)."""
    if isinstance(t, sp.MatMul):
        coeff = sp.Mul(*[a for a in t.args if not getattr(a, "is_Matrix", False)])
        return bool(coeff.could_extract_minus_sign())
    return bool(getattr(t, "could_extract_minus_sign", lambda: False)())


_PRINTER = PrettyPrinter()
_REL = {"=": "=", "<=": "≤", "<": "<", ">=": "≥", ">": ">", "⪯": "⪯"}
_EVENT_REL = {**_REL, "!=": "≠"}  # relations inside an event: Pr[X ≠ 0]


def pretty(e: Any) -> str:
    """Unicode of an expression, of a proposition (``lhs ≤ rhs``) or of a claim's statement.

    >>> from symbolic import Prop, scalar
    >>> pretty(Prop(scalar("beta"), ">", 0))
    'β > 0'
    """
    prop = getattr(e, "prop", None) if not hasattr(e, "rel") else e
    if prop is not None and hasattr(prop, "rel"):
        memo = getattr(prop, "__dict__", {})  # a Prop is immutable: printed once
        text = memo.get("_pretty")
        if text is None:
            text = f"{pretty(prop.lhs)} {_REL.get(prop.rel.value, prop.rel.value)} " \
                   f"{pretty(prop.rhs)}"
            memo["_pretty"] = text
        return text
    try:
        return _PRINTER.doprint(sp.sympify(e))
    except ValueError:  # an integer too long to print
        from symbolic.prop import printable

        return _PRINTER.doprint(printable(sp.sympify(e)))


def adopt_pretty(prop: Any, text: str) -> None:
    """Give ``prop`` the :func:`pretty` text that another process printed for an equal
    proposition (a worker's copy), so that it is not printed again here.

    >>> from symbolic import Prop, scalar
    >>> p = Prop(scalar("x"), "<=", 1)
    >>> adopt_pretty(p, pretty(Prop(scalar("x"), "<=", 1))); pretty(p)
    'x ≤ 1'
    """
    prop.__dict__.setdefault("_pretty", text)


__all__ = ["PrettyPrinter", "adopt_pretty", "pretty", "unicode_name"]
