r"""Jupyter display of the data model: chains and entries as LaTeX math blocks.

The model (:mod:`proofs.model`) does not know its printers; this module registers them in
:mod:`symbolic.hooks` when imported (``proofs/__init__`` imports it, so every lemma and chain
displays in a notebook).

Example:
    >>> from symbolic import vector, norm2, norminf, n
    >>> from proofs.model import Chain, Link
    >>> Chain(norminf(vector("x", n)), [Link("<=", norm2(vector("x", n)))])._repr_latex_()
    '$\\begin{aligned}\\|x\\|_\\infty &\\le \\|x\\|_2\\end{aligned}$'
"""

from __future__ import annotations

import unicodedata

from proofs.model import Chain, Lemma
from proofs.reports.tex_text import UNICODE as _UNICODE
from symbolic import hooks
from symbolic.claim import Prop
from symbolic.latex import latex


def chain_aligned(chain: Chain) -> str:
    r"""A chain as the body of an ``aligned`` environment (for Jupyter's ``_repr_latex_``).

    >>> from symbolic import vector, norm2, norminf, n
    >>> from proofs.model import Chain, Link
    >>> x = vector("x", n)
    >>> chain_aligned(Chain(norminf(x), [Link("<=", norm2(x))]))
    '\\|x\\|_\\infty &\\le \\|x\\|_2'
    """
    rows = [f"{latex(chain.start)} &{chain.links[0].rel.latex} {latex(chain.links[0].expr)}"]
    rows += [f"&{link.rel.latex} {latex(link.expr)}" for link in chain.links[1:]]
    return r" \\ ".join(rows)


def entry_repr_latex(entry: Lemma) -> str:
    """An entry for Jupyter: source, hypotheses, statement and proof chain, in one math block."""
    rows = [rf"&\text{{{_mathjax_text(entry.source or entry.id)}}}"]
    if entry.hypotheses:
        rows.append(r"&\text{If } " + r",\ ".join(latex(h) for h in entry.hypotheses)
                    + r"\text{, then}")
    if isinstance(entry.statement, Prop):
        rows.append("&" + latex(entry.statement))
    elif isinstance(entry.statement, Chain):
        rows.append(r"&\begin{aligned}" + chain_aligned(entry.statement) + r"\end{aligned}")
    if entry.proof is not None:
        rows.append(r"&\text{Proof: } \begin{aligned}" + chain_aligned(entry.proof)
                    + r"\end{aligned}")
    return r"$\begin{aligned}" + r" \\ ".join(rows) + r"\end{aligned}$"


def _mathjax_text(s: str) -> str:
    """Text for ``\\text{}`` that both MathJax and pdflatex read the same way."""
    out = []
    for ch in s:
        if ch in "{}\\$&#^_%~":
            out.append(" ")
        elif ord(ch) < 128:
            out.append(ch)
        elif _UNICODE.get(ch, "").startswith("$"):
            out.append(_UNICODE[ch])
        else:
            out.append(unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
                       or "?")
    return "".join(out)


def chain_repr_latex(chain: Chain) -> str:
    """A chain for Jupyter: an ``aligned`` block in math mode."""
    return r"$\begin{aligned}" + chain_aligned(chain) + r"\end{aligned}$"


hooks.register_latex(Chain, chain_repr_latex)
hooks.register_latex(Lemma, entry_repr_latex)
