"""LaTeX for expressions, propositions and claims, in the papers' notation.

Example:
    >>> from symbolic import matrix, vector, exp_, inner, ones, n, d
    >>> from symbolic.latex import latex
    >>> A, x = matrix("A", n, d), vector("x", d)
    >>> latex(inner(exp_(A * x), ones(n)))
    '\\\\langle \\\\exp(A x), \\\\mathbf{1}_{n} \\\\rangle'
"""

from __future__ import annotations

from typing import Any

import sympy as sp
from sympy.printing.latex import LatexPrinter

from symbolic import hooks
from symbolic.claim import Claim, Prop
from symbolic.verdict import Verdict
from symbolic.vocabulary import BY_CLASS, Declared


class PaperLatexPrinter(LatexPrinter):
    """SymPy's LaTeX printer taught the papers' operators."""

    def _print_Symbol(self, e, style="plain"):
        if e.name.startswith("⟦") and e.name.endswith("⟧"):
            return placeholder_latex(e.name[1:-1])  # a class statement's side as written
        return super()._print_Symbol(e, style=style)

    def _print_Inverse(self, e):
        return rf"{self._sub_base(e.args[0])}^{{-1}}"

    def _sub_base(self, m):
        """``m`` printed so that a subscript may follow: ``{A_{1}}``, ``\\left(A^{T}\\right)``."""
        body = self._print(m)
        if not isinstance(m, sp.MatrixSymbol):
            return rf"\left({body}\right)"
        return "{" + body + "}" if ("_" in body or "^" in body) else body

    def _print_Column(self, e):
        return rf"{self._sub_base(e.args[0])}_{{*,{self._print(e.args[1])}}}"

    def _print_Entry(self, e):
        m, i, j = e.args
        body = self._print(m)
        if not isinstance(m, sp.MatrixSymbol):
            body = rf"({body})"
        elif "_" in body or "^" in body:
            body = "{" + body + "}"
        idx = self._print(i) if j == 1 else f"{self._print(i)},{self._print(j)}"
        return rf"{body}_{{{idx}}}"

    def _print(self, expr, **kwargs):
        """A declared operator in its declared LaTeX form (before SymPy's own printers, one
        of which may share its class name); anything else as SymPy prints it."""
        if isinstance(expr, Declared) and expr.latex_form:
            return expr.form("latex", [self._print(a) for a in expr.args])
        decl = BY_CLASS.get(type(expr))
        if decl is not None and decl.latex_form:
            return decl.latex_form.format(*[self._print(a) for a in expr.args])
        return super()._print(expr, **kwargs)

    def _print_OneMatrix(self, e):
        rows, cols = e.shape
        if cols == 1:
            return rf"\mathbf{{1}}_{{{self._print(rows)}}}"
        return rf"\mathbf{{1}}_{{{self._print(rows)} \times {self._print(cols)}}}"

    def _print_HadamardPower(self, e):
        return rf"{self._print(e.base)}^{{\circ {self._print(e.exp)}}}"

    def _print_Vec(self, e):
        sub = "" if e.order == "row" else r"_{\mathrm{col}}"
        return rf"\operatorname{{vec}}{sub}({self._print(e.args[0])})"

    def _print_Unvec(self, e):
        return rf"\operatorname{{mat}}({self._print(e.args[0])})"

    def _print_RowBlock(self, e):
        return rf"{self._sub_base(e.args[0])}_{{[{self._print(e.args[1])}]}}"

    def _print_Gradient(self, e):
        return rf"\nabla_{{{self._print(e.args[1])}}} \left({self._print(e.args[0])}\right)"

    def _print_Piecewise(self, e):
        from symbolic.walk import indicator_condition

        if indicator_condition(e) is None:
            return super()._print_Piecewise(e)
        return rf"\mathbb{{1}}[{self._print(e.args[0].cond)}]"

    def _print_atan2(self, e, exp=None):
        body = rf"\operatorname{{atan2}}({self._print(e.args[0])}, {self._print(e.args[1])})"
        return body if exp is None else rf"{body}^{{{exp}}}"

    def _print_KroneckerDelta(self, e, exp=None):
        i, j = e.args[:2]
        body = rf"\delta_{{{self._print(i)} {self._print(j)}}}"
        return body if exp is None else rf"{body}^{{{exp}}}"

    def _print_NamedMatrix(self, e):
        return str(e.args[0])

    _print_NamedScalar = _print_NamedMatrix

    def _deriv(self, e):
        expr, var, i, j = e.args
        coord = self._print(i) if j == 1 else f"{self._print(i)},{self._print(j)}"
        return rf"\frac{{\mathrm{{d}}}}{{\mathrm{{d}} {self._print(var)}_{{{coord}}}}}" + (
            rf"\left({self._print(expr)}\right)"
        )

    _print_Deriv = _deriv
    _print_ScalarDeriv = _deriv


_PRINTER = PaperLatexPrinter({"mul_symbol": None})


_UNICODE_LATEX = {"⟨": r"\langle ", "⟩": r"\rangle ", "∇": r"\nabla ", "‖": r"\|",
                  "²": "^{2}", "·": r"\cdot ", "≤": r"\le ", "≥": r"\ge ", "−": "-",
                  "*": "^{*}", "α": r"\alpha ", "β": r"\beta ", "γ": r"\gamma ",
                  "δ": r"\delta ", "ε": r"\varepsilon ", "ϵ": r"\epsilon ", "η": r"\eta ",
                  "θ": r"\theta ",
                  "κ": r"\kappa ", "λ": r"\lambda ", "μ": r"\mu ", "ν": r"\nu ",
                  "ρ": r"\rho ", "σ": r"\sigma ", "τ": r"\tau ", "φ": r"\varphi ",
                  "ϕ": r"\phi ",
                  "𝓛": r"\mathcal{L}", "𝓕": r"\mathcal{F}", "𝓡": r"\mathcal{R}",
                  **{c: rf"\mathcal{{{chr(ord('A') + k)}}}"
                     for k, c in enumerate("𝒜ℬ𝒞𝒟ℰℱ𝒢ℋℐ𝒥𝒦ℒℳ𝒩𝒪𝒫𝒬ℛ𝒮𝒯𝒰𝒱𝒲𝒳𝒴𝒵")}}


def placeholder_latex(text: str) -> str:
    """LaTeX of a side shown as written (Unicode from the reader); a character LaTeX's math
    mode would not take, and that has no LaTeX here, shows as ``?``.

    >>> print(placeholder_latex("⟨∇f(x), y⟩ ≤ ‖y‖²"))
    \\langle \\nabla f(x), y\\rangle  \\le  \\|y\\|^{2}
    """
    out = []
    for ch in text:
        if ch in _UNICODE_LATEX:
            out.append(_UNICODE_LATEX[ch])
        elif ord(ch) < 128:
            out.append({"_": "_", "^": "^", "%": r"\%", "#": r"\#", "&": r"\&"}.get(ch, ch))
        else:
            out.append("?")
    return "".join(out)


def latex(e: Any) -> str:
    """LaTeX of an expression, a :class:`Prop` or a :class:`Claim` (statement only)."""
    if isinstance(e, Claim):
        e = e.prop
    if isinstance(e, Prop):
        if e.written_expr is not None:  # b != 0, a disjunction: as written
            return _PRINTER.doprint(e.written_expr)
        return f"{_PRINTER.doprint(e.lhs)} {e.rel.latex} {_PRINTER.doprint(e.rhs)}"
    return _PRINTER.doprint(sp.sympify(e))


def claim_latex(claim: Claim) -> str:
    """The claim with its hypotheses, as a LaTeX fragment (``If ..., then ...``).

    >>> import sympy as sp
    >>> from symbolic import Claim, Prop, Relation, scalar
    >>> R = scalar("R", positive=True)
    >>> claim_latex(Claim("t:extra-1", 4 * R, "<=", sp.exp(6 * R**2), (Prop(R, ">=", 4),)))
    'If $R \\\\ge 4$, then $4 R \\\\le e^{6 R^{2}}$.'
    """
    body = f"${latex(claim.prop)}$"
    if not claim.hypotheses:
        return body + "."
    hyps = ", ".join(f"${latex(h)}$" for h in claim.hypotheses)
    return f"If {hyps}, then {body}."


def escape_text(text: str) -> str:
    """Escape a user string for LaTeX text mode.

    >>> escape_text("50% of a_b & {x}")
    '50\\\\% of a\\\\_b \\\\& \\\\{x\\\\}'
    """
    repl = {
        "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
        "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    }
    return "".join(repl.get(ch, ch) for ch in text)


def verdict_latex(v: Verdict) -> str:
    r"""A verdict in one line of LaTeX text: status in bold, method, rigour, message.

    >>> from symbolic.verdict import Status
    >>> verdict_latex(Verdict(Status.PROVED, "z3", True, "ok"))
    '$\\textbf{proved}$ (z3, rigorous): ok'
    """
    rig = "rigorous" if v.rigorous else "not rigorous"
    return (rf"$\textbf{{{v.status.value}}}$ ({escape_text(v.method)}, {rig}): "
            + escape_text(v.message))


# Jupyter displays (the objects' ``_repr_latex_`` ask symbolic.hooks; the printer lives here)
hooks.register_latex(Claim, claim_latex)
hooks.register_latex(Prop, lambda p: f"${latex(p)}$")
hooks.register_latex(Verdict, verdict_latex)
