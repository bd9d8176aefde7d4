"""Symbols, hypotheses and shared wording of the ``tensor-trick`` encoding.

Only the abstract of Gao, Song, Xie (arXiv 2307.02419) is available. Everything beyond the two
printed losses and ``D(X)`` is a reconstruction from the group's related papers (``closeness``
Sections 3-8) and from direct derivation; each entry says so in its ``note``.

>>> sorted(SIZES)
['d', 'n']
"""

from __future__ import annotations

import sympy as sp

from proofs.papers.tensor_trick.objects import AttentionRegression, standard_symbols
from symbolic import Prop, d, index, matrix, n, norm2, norminf, opnorm, scalar

S = standard_symbols()
A1, A2, B, X, Y = S["A1"], S["A2"], S["B"], S["X"], S["Y"]
C1, C2 = matrix("C1", n, d), matrix("C2", n, d)
AA, BB, x, y, b, j0 = S["AA"], S["BB"], S["x"], S["y"], S["b"], S["j0"]
i, j = index("i"), index("j")
R = scalar("R")
AR = AttentionRegression(A1, A2, X, B)
AR_Y = AttentionRegression(A1, A2, Y, B)

#: sizes checked (n rows of the attention matrix, d columns of A1, A2); 𝖠 is n² x d²
SIZES = {"n": (1, 3), "d": (1, 2)}
SMALL = {"n": (1, 3), "d": (1, 3)}
#: sizes for the Lipschitz chains and theorems (n = 1 is the trivial softmax of one entry)
LIP = {"n": (2, 3), "d": (1, 2)}
HUNDREDTH = sp.Rational(1, 100)

RECON = ("Reconstruction: only the abstract of the paper is available; this statement follows "
         "the seeds README (vectorised form, per-row blocks) and the closeness paper's proofs "
         "with the block 𝖠_{j0} in place of A. Ids use descriptive labels, not the paper's "
         "numbers.")
HQ = (" h(x)_{j0} = α(x)_{j0} b_{j0} and q(x)_{j0} = u(x)_{j0} - h(x)_{j0} are an assumption: "
      "the abstract names h and q without defining them.")
PLANTED = ("Planted check, not a finding of the paper: a wrong convention that must come out "
           "refuted, so that the checker is seen to tell the conventions apart.")


def r_max(k: int) -> float:
    """Largest R with exp(k R^2) finite in float64 (about 709.78 = log(max float)).

    >>> round(r_max(10), 2)
    8.42
    """
    return float(sp.sqrt(sp.Float(709.0) / k))


def x_hyps(xx=x, yy=y) -> tuple[Prop, ...]:
    """Hypotheses of the x-variant lemmas: ||𝖠|| <= R, ||x||, ||y|| <= R (Lemma 5.6 style)."""
    return (Prop(opnorm(AA), "<=", R), Prop(norm2(xx), "<=", R), Prop(norm2(yy), "<=", R))


def a_hyps() -> tuple[Prop, ...]:
    """Hypotheses of the A-variant lemmas: ||𝖠||, ||𝖠~|| <= R, ||x|| <= R (Lemma 7.6 style)."""
    return (Prop(opnorm(AA), "<=", R), Prop(opnorm(BB), "<=", R), Prop(norm2(x), "<=", R))


def close(v) -> Prop:
    """``||v||_inf < 0.01`` (the closeness paper's hypothesis for Fact 3.1, bullet 4)."""
    return Prop(norminf(v), "<", HUNDREDTH)
