"""Lipschitz chains for u, α, α^{-1}, f, c, h, q per block, w.r.t. x and w.r.t. the data 𝖠.

Reconstruction in the style of ``closeness`` Sections 5 and 7 with the block ``𝖠_{j0}`` (an
``n × d²`` matrix) in place of ``A``; every step is a checked claim. Each lemma's constant is
followed by an ``extra`` claim with the sharpest constant established here (mean-value
arguments; no ``||·||_∞ < 0.01`` hypothesis needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from proofs.model import Chain, Lemma, Link
from proofs.papers.tensor_trick.common import (
    AA,
    BB,
    HQ,
    LIP,
    RECON,
    R,
    a_hyps,
    b,
    close,
    j0,
    r_max,
    x,
    x_hyps,
    y,
)
from proofs.papers.tensor_trick.objects import Block
from symbolic import Prop, inner, n, norm2, opnorm
from symbolic.objects import row_block

E = sp.exp
rn = sp.sqrt(n)
F31 = "closeness:fact-3.1:item-{}"
L33 = "closeness:extra-lemma-3.3-alpha"
SHARP = ("Established here, not from the paper (whose text is not available; the setting is a "
         "reconstruction): ")


@dataclass
class Variant:
    """x-variant (``P, Q`` = blocks at x and y) or A-variant (blocks of 𝖠 and 𝖠~ at x)."""

    tag: str
    P: Block
    Q: Block
    dist: Any  # ||x - y||_2 or ||𝖠 - 𝖠~||
    darg: Any  # the difference of the exponents, 𝖠_{j0}(x - y) or (𝖠_{j0} - 𝖠~_{j0}) x
    hyps: tuple
    what: str


bj = row_block(b, j0, n)
XV = Variant("x", Block(AA, x, j0, n, bj), Block(AA, y, j0, n, bj, "y"), norm2(x - y), None, (),
             "x")
XV.darg = XV.P.Aj * (x - y)
XV.hyps = (*x_hyps(), close(XV.darg))
AV = Variant("a", Block(AA, x, j0, n, bj, r"\mathsf{A}"),
             Block(BB, x, j0, n, bj, r"\tilde{\mathsf{A}}"),
             opnorm(AA - BB), None, (), "the data 𝖠")
AV.darg = (AV.P.Aj - AV.Q.Aj) * x
AV.hyps = (*a_hyps(), close(AV.darg))

K_u = 2 * rn * R * E(R**2)
K_a = 2 * n * R * E(R**2)
K_ai = 2 * n * R * E(3 * R**2)
K_f = 4 * n**sp.Rational(3, 2) * R * E(4 * R**2)


def _lip_arg(v: Variant) -> list[Link]:
    """``2 sqrt(n) exp(R²) ||darg||_2 <= K_u dist``, the last two links of the u chain."""
    if v.tag == "x":
        return [Link("<=", 2 * rn * E(R**2) * opnorm(v.P.Aj) * v.dist,
                     "Fact 3.2 (||Mv|| <= ||M|| ||v||)", ("closeness:fact-3.2:item-4",)),
                Link("<=", K_u * v.dist, "||𝖠_{j0}|| <= ||𝖠|| <= R (a row block of 𝖠)")]
    return [Link("<=", 2 * rn * E(R**2) * opnorm(v.P.Aj - v.Q.Aj) * norm2(x),
                 "Fact 3.2 (||Mv|| <= ||M|| ||v||)", ("closeness:fact-3.2:item-4",)),
            Link("<=", K_u * v.dist, "||𝖠_{j0} - 𝖠~_{j0}|| <= ||𝖠 - 𝖠~|| and ||x||_2 <= R")]


def family(v: Variant) -> list[Lemma]:
    """The seven Lipschitz lemmas of one variant, each followed by its sharp extra."""
    P, Q, t = v.P, v.Q, v.tag
    rng = {"R": (0.05, r_max(5))}  # headroom: constants reach n^1.5 R exp(4R²)
    base = dict(hypotheses=v.hyps, dims=LIP, ranges=rng)
    sharp_h = v.hyps[:-1]
    who = f"w.r.t. {v.what}"
    note = RECON + (" The A-variant reads the data as a free 𝖠 ∈ R^{n²×d²} (the Kronecker "
                    "case 𝖠 = A1 ⊗ A2 is included)." if t == "a" else "")
    out = []

    def add(name, lemma_kwargs, sharp_lhs, sharp_rhs, sharp_why, extra_note=""):
        out.append(Lemma(f"tensor-trick:lemma-lipschitz-{name}-{t}", f"Lipschitz of {name} {who}",
                         note=note + extra_note, **base, **lemma_kwargs))
        out.append(Lemma(f"tensor-trick:extra-lipschitz-{name}-{t}-sharp",
                         f"sharpest constant for {name} {who} (established here)",
                         Prop(sharp_lhs, "<=", sharp_rhs), hypotheses=sharp_h, dims=LIP,
                         ranges=rng, note=SHARP + sharp_why + extra_note,
                         description=f"{name} {who}: sharp constant"))

    du, da = norm2(P.u - Q.u), sp.Abs(P.alpha - Q.alpha)
    dai, df = sp.Abs(P.alpha_inv - Q.alpha_inv), norm2(P.f - Q.f)
    add("u", dict(statement=Prop(du, "<=", K_u * v.dist), proof=Chain(du, [
        Link("<=", norm2(P.u) * 2 * _ninf(v.darg),
             "||darg||_inf < 0.01 and Fact 3.1, bullet 4", (F31.format(4),)),
        Link("<=", rn * E(norm2(P.Aj * P.x)) * 2 * _ninf(v.darg), "Fact 3.1, bullets 2 and 3",
             (F31.format(2), F31.format(3))),
        Link("<=", rn * E(R**2) * 2 * norm2(v.darg),
             "||𝖠_{j0} x||_2 <= ||𝖠|| ||x||_2 <= R² (Fact 3.2) and Fact 3.1, bullet 2",
             ("closeness:fact-3.2:item-4", F31.format(2))),
        *_lip_arg(v)]), description=f"||u - u'||_2 <= 2 sqrt(n) R exp(R²) dist ({who})"),
        du, R * E(R**2) * v.dist,
        "|e^a - e^b| <= e^{max(a,b)} |a - b| entrywise with a, b <= ||𝖠||·||x|| <= R², so "
        "||u - u'||_2 <= exp(R²) ||darg||_2 <= R exp(R²) dist.")
    add("alpha", dict(statement=Prop(da, "<=", K_a * v.dist), proof=Chain(da, [
        Link("=", sp.Abs(inner(P.u - Q.u, _ones())), "definition of α"),
        Link("<=", rn * du, "Cauchy-Schwarz (closeness Lemma 5.7)", ("closeness:lemma-5.7",)),
        Link("<=", rn * K_u * v.dist, f"lemma-lipschitz-u-{t}",
             (f"tensor-trick:lemma-lipschitz-u-{t}",)),
        Link("=", K_a * v.dist, "simple algebra")]),
        description=f"|α - α'| <= 2 n R exp(R²) dist ({who})"),
        da, rn * R * E(R**2) * v.dist, "Cauchy-Schwarz and the sharp u bound.")
    add("alpha-inv", dict(statement=Prop(dai, "<=", K_ai * v.dist), proof=Chain(dai, [
        Link("=", da / (P.alpha * Q.alpha), "simple algebra"),
        Link("<=", E(2 * R**2) * da, "α >= exp(-R²) (closeness Lemma 3.3, as its proof "
             "concludes), i.e. β = exp(-R²) in closeness Lemma 5.8", (L33, "closeness:lemma-5.8")),
        Link("<=", E(2 * R**2) * K_a * v.dist, f"lemma-lipschitz-alpha-{t}",
             (f"tensor-trick:lemma-lipschitz-alpha-{t}",)),
        Link("=", K_ai * v.dist, "simple algebra")]),
        description=f"|1/α - 1/α'| <= 2 n R exp(3R²) dist ({who})"),
        dai, R * E(R**2) / n * v.dist,
        "mean value: |d(1/α)| = |<f, d(𝖠x)>|/α <= ||f||_2 R/α and α >= n exp(-R²) on the "
        "(convex) ball, so the constant is R exp(R²)/n.")
    d1 = (P.alpha_inv - Q.alpha_inv) * P.u
    d2 = Q.alpha_inv * (P.u - Q.u)
    f_mid = 2 * n**sp.Rational(3, 2) * R * E(4 * R**2) + 2 * rn * R * E(2 * R**2)
    add("f", dict(statement=Prop(df, "<=", K_f * v.dist), proof=Chain(df, [
        Link("=", norm2(d1 + d2), "δ_b = δ_{b,1} + δ_{b,2} (closeness Lemma 5.4)",
             ("closeness:lemma-5.4",)),
        Link("<=", dai * norm2(P.u) + Q.alpha_inv * du, "triangle inequality"),
        Link("<=", K_ai * v.dist * rn * E(R**2) + E(R**2) * K_u * v.dist,
             "||u||_2 <= sqrt(n) exp(R²) (Fact 3.1), 1/α <= exp(R²) (Lemma 3.3), the lemmas "
             "for α^{-1} and u", (F31.format(3), L33, f"tensor-trick:lemma-lipschitz-alpha-inv-{t}",
                                  f"tensor-trick:lemma-lipschitz-u-{t}")),
        Link("=", f_mid * v.dist, "simple algebra"),
        Link("<=", K_f * v.dist, "n >= 1 and exp(2R²) >= 1")]),
        description=f"||f - f'||_2 <= 4 n^1.5 R exp(4R²) dist ({who})"),
        df, R / 2 * v.dist,
        "mean value with the softmax Jacobian diag(f) - f fᵀ, whose norm is at most 1/2 "
        "(v ↦ Var_f(v) <= (max v - min v)²/4 <= ||v||²/2), times ||d(𝖠x)|| <= R dist.")
    dc = norm2(P.c - Q.c)
    add("c", dict(statement=Prop(dc, "<=", K_f * v.dist), proof=Chain(dc, [
        Link("=", df, "c = f - b_{j0}: b_{j0} cancels",
             extra_hypotheses=(Prop(norm2(bj), "<=", R),),
             note="||b_{j0}||_2 <= R only keeps the 50/100-digit confirmation meaningful: "
                  "with |b| ~ 1e146 the cancellation (f - b) - (f' - b) exceeded 100 digits and "
                  "mpmath reported a false witness (lhs = 0)."),
        Link("<=", K_f * v.dist, f"lemma-lipschitz-f-{t}",
             (f"tensor-trick:lemma-lipschitz-f-{t}",))]),
        description=f"||c - c'||_2 <= 4 n^1.5 R exp(4R²) dist ({who})"),
        dc, R / 2 * v.dist, "c - c' = f - f'; the sharp f bound.")
    dh, nb = norm2(P.h - Q.h), norm2(bj)
    add("h", dict(statement=Prop(dh, "<=", K_a * nb * v.dist), proof=Chain(dh, [
        Link("=", da * nb, "h = α b_{j0} (assumed definition)"),
        Link("<=", K_a * v.dist * nb, f"lemma-lipschitz-alpha-{t}",
             (f"tensor-trick:lemma-lipschitz-alpha-{t}",))]),
        description=f"||h - h'||_2 <= 2 n R exp(R²) ||b_j0||_2 dist ({who}; h assumed)"),
        dh, rn * R * E(R**2) * nb * v.dist, "the sharp α bound times ||b_{j0}||_2.", HQ)
    dq = norm2(P.q - Q.q)
    add("q", dict(statement=Prop(dq, "<=", (K_u + K_a * nb) * v.dist), proof=Chain(dq, [
        Link("<=", du + dh, "q = u - h (assumed definition); triangle inequality"),
        Link("<=", K_u * v.dist + K_a * nb * v.dist, f"lemma-lipschitz-u-{t} and -h-{t}",
             (f"tensor-trick:lemma-lipschitz-u-{t}", f"tensor-trick:lemma-lipschitz-h-{t}")),
        Link("=", (K_u + K_a * nb) * v.dist, "simple algebra")]),
        description=f"||q - q'||_2 <= (2 sqrt(n) + 2 n ||b||) R exp(R²) dist ({who}; q assumed)"),
        dq, R * E(R**2) * (1 + rn * nb) * v.dist,
        "dq = (I - b_{j0} 1ᵀ) du with ||I - b 1ᵀ|| <= 1 + sqrt(n) ||b||; the sharp u bound.", HQ)
    return out


def _ninf(v):
    from symbolic import norminf

    return norminf(v)


def _ones():
    from symbolic import ones

    return ones(n)


ENTRIES = [*family(XV), *family(AV)]
