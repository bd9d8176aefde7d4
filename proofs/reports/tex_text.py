"""Text for LaTeX documents that pdflatex compiles: escaped, with Unicode mathematics mapped.

Shared by the errata (:mod:`proofs.reports.errata`) and the report
(:mod:`proofs.reports.latex`): any non-ASCII character either has a LaTeX form here (``⪯`` is
``$\\preceq$``, ``β⁻¹`` is ``$\\beta$$^{-1}$``, ``b̃`` is ``$\\tilde{b}$``) or is reduced to
ASCII, so no character stops pdflatex.

Example:
    >>> text("X ⪯ α Y, 50% & <x>")
    'X $\\\\preceq$ $\\\\alpha$ Y, 50\\\\% \\\\& \\\\textless{}x\\\\textgreater{}'
    >>> text("‖b̃‖₂ β⁻²")
    '$\\\\|$$\\\\tilde{b}$$\\\\|$$_{2}$ $\\\\beta$$^{-2}$'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from symbolic.latex import escape_text

UNICODE = {
    "⪯": r"$\preceq$", "⪰": r"$\succeq$", "≤": r"$\le$", "≥": r"$\ge$", "≠": r"$\ne$",
    "≈": r"$\approx$", "∘": r"$\circ$", "⊗": r"$\otimes$", "∈": r"$\in$", "∞": r"$\infty$",
    "√": r"$\surd$", "·": r"$\cdot$", "×": r"$\times$", "−": "-", "–": "--", "—": "---",
    "→": r"$\to$", "⇒": r"$\Rightarrow$", "‖": r"$\|$", "∑": r"$\sum$", "∇": r"$\nabla$",
    "∂": r"$\partial$", "⟨": r"$\langle$", "⟩": r"$\rangle$", "ᵀ": r"$^\top$", "…": r"\dots{}",
    "’": "'", "‘": "`", "“": "``", "”": "''", "𝖠": r"$\mathsf{A}$", "Ω": r"$\Omega$",
    "Θ": r"$\Theta$", "Σ": r"$\Sigma$", "Δ": r"$\Delta$", "Γ": r"$\Gamma$", "Λ": r"$\Lambda$",
    "Φ": r"$\Phi$", "𝟏": r"$\mathbf{1}$", "∅": r"$\emptyset$", "±": r"$\pm$", "∀": r"$\forall$",
    "∃": r"$\exists$", "⊆": r"$\subseteq$", "ℝ": r"$\mathbb{R}$", "∧": r"$\wedge$",
    "∨": r"$\vee$", "¬": r"$\neg$", "≔": ":=", "ε": r"$\varepsilon$",
}
_GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma "
          "tau upsilon phi chi psi omega").split()
for _name in _GREEK:
    _char = unicodedata.lookup("GREEK SMALL LETTER " + _name.upper().replace("BDA", "DA"))
    UNICODE.setdefault(_char, rf"$\{_name}$")
_SUP = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺⁽⁾ⁿ", "0123456789-+()n"))
_SUB = dict(zip("₀₁₂₃₄₅₆₇₈₉₋₊₍₎ₙₐₑᵢₒᵣₓₚ", "0123456789-+()naeiorxp"))
_ACCENT = {"\u0303": "tilde", "\u0302": "hat", "\u0304": "bar"}


def text(s: Any) -> str:
    """A user string for LaTeX text mode: escaped, common Unicode mathematics mapped, any other
    non-ASCII character reduced to ASCII (pdflatex never meets a character it cannot set)."""
    chars = str(s)
    out: list[str] = []
    k = 0
    while k < len(chars):
        ch = chars[k]
        nxt = chars[k + 1] if k + 1 < len(chars) else ""
        if nxt in _ACCENT and ch.isascii() and ch.isalpha():
            out.append(rf"$\{_ACCENT[nxt]}{{{ch}}}$")
            k += 2
            continue
        for table, mark in ((_SUP, "^"), (_SUB, "_")):
            if ch in table:
                j = k
                while j < len(chars) and chars[j] in table:
                    j += 1
                out.append(f"${mark}{{{''.join(table[c] for c in chars[k:j])}}}$")
                k = j
                break
        else:
            if ch in UNICODE:
                out.append(UNICODE[ch])
            elif ch in "<>|":
                out.append({"<": r"\textless{}", ">": r"\textgreater{}",
                            "|": r"\textbar{}"}[ch])
            elif ch.isascii():
                out.append(escape_text(ch))
            elif ch not in _ACCENT:
                plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
                out.append(escape_text(plain) if plain else "?")
            k += 1
    return "".join(out)


def btext(s: Any, longest: int = 20, every: int = 10) -> str:
    r"""Like :func:`text`, but words longer than ``longest`` may break (long numbers, paths).

    >>> btext("x=" + "1" * 12, longest=8, every=6)
    'x=1111\\allowbreak{}111111\\allowbreak{}11'
    """
    words = re.split(r"(\s+)", str(s))
    out = []
    for w in words:
        if len(w) > longest:
            out.append(r"\allowbreak{}".join(text(w[k:k + every]) for k in range(0, len(w), every)))
        else:
            out.append(text(w))
    return "".join(out)


__all__ = ["UNICODE", "btext", "text"]
