"""Builders for the mirrored halves of ``closeness``.

Section 6 restates Section 4's definitions for ``f`` as a function of ``A``, and Section 7
restates Section 5 (the ``delta_b`` split, Lemmas 5.4-5.8, the sharp constant of Lemma 5.5 Part
3) with ``A_t -> A_{t+1}`` moving and ``x`` fixed. The formulas are the same expressions over a
:class:`Pair` (old and new point) or a :class:`~symbolic.regression.SoftmaxRegression`; each
builder below writes one such entry once, and the section modules keep what really differs
(sources, notes, hypotheses, expectations). Lemmas 5.7 and 5.8 are printed without proofs, 7.7
and 7.8 with them: Section 7 passes its proofs.

Example:
    >>> from proofs.papers.closeness.section5 import P
    >>> [e.id for e in delta_split("5", P, DIMS, {}).values()]  # doctest: +NORMALIZE_WHITESPACE
    ['closeness:definition-5.1', 'closeness:claim-5.2', 'closeness:definition-5.3',
     'closeness:lemma-5.4']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import sympy as sp

from proofs.model import Chain, Lemma, Link, Text
from symbolic import Prop, abs_, exp_, inner, n, named, norm2, norminf, ones, scalar, vector
from symbolic.objects import OpNorm
from symbolic.regression import SoftmaxRegression

R = scalar("R")
beta = scalar("beta")
#: Sections 6 and 7 restate Sections 4 and 5 with A in place of x (Theorem 8.2 restates 8.1):
#: a finding in a mirrored entry shares its original's root cause.
SECTION_MIRROR = {"6": "4", "7": "5"}
ENTRY_MIRROR = {"closeness:theorem-8.2": "closeness:theorem-8.1",
                "closeness:theorem-1.4:part-2": "closeness:theorem-1.4:part-1"}


def mirror_of(cid: str) -> str:
    """The id a mirrored entry (or its part or step) restates; ``cid`` itself otherwise.

    >>> mirror_of("closeness:lemma-7.5:part-2:step-1"), mirror_of("closeness:theorem-8.2")
    ('closeness:lemma-5.5:part-2:step-1', 'closeness:theorem-8.1')
    >>> mirror_of("closeness:extra-lemma-7.6-sharp")
    'closeness:extra-lemma-5.6-sharp'
    """
    for src, dst in ENTRY_MIRROR.items():
        if cid == src or cid.startswith(src + ":"):
            return dst + cid[len(src):]
    return re.sub(r"^(closeness:[a-z]+-(?:[a-z]+-)*)([67])\.",
                  lambda m: m.group(1) + SECTION_MIRROR[m.group(2)] + ".", cid)
b = vector("b", n)
DIMS = {"n": (1, 1000), "d": (1, 4)}
R_BIG = {"R": (4.0, 60.0)}
R_ANY = {"R": (0.0, 60.0)}
HALF = sp.Rational(1, 2)
THREE_HALVES = sp.Rational(3, 2)
CENT = sp.Rational(1, 100)
BETA_01 = (Prop(beta, ">", 0), Prop(beta, "<", 1))
R_GE_4 = Prop(R, ">=", 4)


@dataclass
class Pair:
    """Softmax objects at the old and the new point: ``u = exp(Ax)``, ``alpha``, ``f``, the
    ``delta``'s of Definitions 5.3/7.3, and their LaTeX names (``arg0``/``arg1``)."""

    A1: Any
    x1: Any
    A0: Any
    x0: Any
    arg1: str
    arg0: str

    def __post_init__(self) -> None:
        size = self.A1.shape[0]
        one = ones(size)
        self.u1, self.u0 = exp_(self.A1 * self.x1), exp_(self.A0 * self.x0)
        # <exp(Ax), 1_n> as printed, and alpha(.) as its named form
        self.s1, self.s0 = inner(self.u1, one), inner(self.u0, one)
        self.a1 = named(rf"\alpha({self.arg1})", self.s1)
        self.a0 = named(rf"\alpha({self.arg0})", self.s0)
        self.f1 = named(f"f({self.arg1})", self.s1**-1 * self.u1)
        self.f0 = named(f"f({self.arg0})", self.s0**-1 * self.u0)
        self.db = named(r"\delta_b", self.f1 - self.f0)
        self.db1 = named(r"\delta_{b,1}", (self.s1**-1 - self.s0**-1) * self.u1)
        self.db2 = named(r"\delta_{b,2}", self.s0**-1 * (self.u1 - self.u0))


# -- Sections 4 and 6: the softmax-regression definitions ----------------------------------------


def softmax_definitions(sec: str, S: SoftmaxRegression, dims: dict, *, minus: str,
                        loss_note: str, f_remark: str = "") -> list[Lemma]:
    """Definitions ``sec``.1-``sec``.4 and their rewrites, as printed, for ``S`` (``S.arg``
    names the variable in the descriptions); ``minus`` notes the dropped minus sign,
    ``loss_note`` the loss definition ``sec``.2, ``f_remark`` ends ``sec``.1's description.

    >>> from proofs.papers.closeness.section4 import S
    >>> [e.id.split(":", 1)[1] for e in softmax_definitions("4", S, {}, minus="",
    ...                                                     loss_note="")][-3:]
    ['definition-4.3:item-3', 'definition-4.4', 'definition-4.4:item-1']
    """
    A, x, v = S.A, S.x, S.arg
    f, c, L, alpha = S.f, S.c, S.L, S.alpha
    sm = inner(exp_(A * x), ones(n)) ** -1 * exp_(A * x)
    half = "0.5 is read as the exact 1/2."
    rows = [  # (id suffix, source suffix, statement, note, description)
        ("", "", Prop(f, "=", sm), "", f"f({v}) := <exp(Ax), 1_n>^{{-1}} exp(Ax)" + f_remark),
        ("", "", Prop(L, "=", HALF * norm2(sm - S.b) ** 2), loss_note,
         f"L_exp({v}) := 0.5 ||<exp(Ax), 1_n>^{{-1}} exp(Ax) - b||_2^2"),
        ("", "", Prop(alpha, "=", inner(exp_(A * x), ones(n))), "",
         f"alpha({v}) := <exp(Ax), 1_n>"),
        (":item-1", ", rewrite 1", Prop(f, "=", alpha ** -1 * exp_(A * x)), "",
         f"f({v}) = alpha({v})^{{-1}} exp(Ax)"),
        (":item-2", ", rewrite 2", Prop(L, "=", HALF * norm2(alpha ** -1 * exp_(A * x) - S.b) ** 2),
         minus, f"L_exp({v}) = 0.5 ||alpha({v})^{{-1}} exp(Ax) - b||_2^2"),
        (":item-3", ", rewrite 3", Prop(L, "=", HALF * norm2(f - S.b) ** 2), minus,
         f"L_exp({v}) = 0.5 ||f({v}) - b||_2^2"),
        ("", "", Prop(c, "=", f - S.b), "", f"c({v}) := f({v}) - b"),
        (":item-1", ", rewrite", Prop(L, "=", HALF * norm2(c) ** 2), half,
         f"L_exp({v}) = 0.5 ||c({v})||_2^2"),
    ]
    numbers = ["1", "2", "3", "3", "3", "3", "4", "4"]
    return [Lemma(f"closeness:definition-{sec}.{k}{sfx}", f"Definition {sec}.{k}{src}", st,
                  dims=dims, note=note, description=desc)
            for k, (sfx, src, st, note, desc) in zip(numbers, rows, strict=True)]


# -- Sections 5 and 7: delta_b, its split, Lemmas 5.5/7.5 and 5.6/7.6 ----------------------------


def delta_split(sec: str, p: Pair, dims: dict, text: dict[str, str]) -> dict[str, Lemma]:
    """Definition ``sec``.1, Claim ``sec``.2, Definition ``sec``.3 and Lemma ``sec``.4 (the
    ``delta_b`` of the step from ``p.arg0`` to ``p.arg1`` and its split), keyed by id.

    ``text`` holds what the sections word differently: ``note-1``, ``note-2``, ``note-3``,
    ``note-4.1`` (notes of the four entries and of Lemma ``sec``.4's bullet 1),
    ``what-3``/``what-4`` (ends of the descriptions of ``sec``.3 and ``sec``.4) and
    ``ux1``/``ux0`` (how ``A x`` reads at the new/old point, default ``A x_{t+1}``/``A x_t``).
    """
    new, old = p.arg1, p.arg0
    ux1, ux0 = text.get("ux1", f"A {new}"), text.get("ux0", f"A {old}")
    split = Prop(p.db, "=", p.db1 + p.db2)
    d1 = Lemma(f"closeness:definition-{sec}.1", f"Definition {sec}.1",
               Prop(norm2(p.f1 - b) ** 2, "=", norm2(p.f0 - b + p.db) ** 2),
               dims=dims, note=text.get("note-1", ""),
               description=f"delta_b solves ||f({new}) - b||^2 = ||f({old}) - b + delta_b||^2 "
                           f"(the solution Claim {sec}.2 picks)")
    c2 = Lemma(f"closeness:claim-{sec}.2", f"Claim {sec}.2", Prop(p.db, "=", p.f1 - p.f0),
               dims=dims, cites=(f"closeness:definition-{sec}.1",),
               description=f"delta_b = f({new}) - f({old})", note=text.get("note-2", ""))
    d3 = Lemma(f"closeness:definition-{sec}.3", f"Definition {sec}.3", split, dims=dims,
               description="delta_{b,1}, delta_{b,2} split delta_b" + text.get("what-3", ""),
               note=text.get("note-3", ""))
    lid = f"closeness:lemma-{sec}.4"
    cite3 = (f"closeness:definition-{sec}.3",)
    l4 = Lemma(
        lid, f"Lemma {sec}.4", dims=dims,
        description="delta_b = delta_{b,1} + delta_{b,2} and the alpha forms"
                    + text.get("what-4", ""),
        parts=[
            Lemma(f"{lid}:part-1", f"Lemma {sec}.4, bullet 1", split, dims=dims,
                  description="delta_b = delta_{b,1} + delta_{b,2}", note=text.get("note-4.1", ""),
                  proof=Chain(p.db, [
                      Link("=", p.db1 + p.db2, "the definitions of delta_b", cites=cite3),
                      Link("=", p.a1**-1 * p.u1 - p.a0**-1 * p.u1 + p.a0**-1 * p.u1
                           - p.a0**-1 * p.u0, "the definitions of delta_{b,1} and delta_{b,2}",
                           cites=cite3),
                      Link("=", p.a1**-1 * p.u1 - p.a0**-1 * p.u0, "simple algebra"),
                      Link("=", p.s1**-1 * p.u1 - p.s0**-1 * p.u0, "the definition of alpha"),
                  ])),
            Lemma(f"{lid}:part-2", f"Lemma {sec}.4, bullet 2",
                  Prop(p.db1, "=", (p.a1**-1 - p.a0**-1) * p.u1), dims=dims,
                  description=f"delta_{{b,1}} = (alpha({new})^-1 - alpha({old})^-1) "
                              f"exp({ux1})"),
            Lemma(f"{lid}:part-3", f"Lemma {sec}.4, bullet 3",
                  Prop(p.db2, "=", p.a0**-1 * (p.u1 - p.u0)), dims=dims,
                  description=f"delta_{{b,2}} = alpha({old})^-1 (exp({ux1}) - exp({ux0}))"),
        ],
    )
    return {e.id: e for e in (d1, c2, d3, l4)}


def lemma_5_5_like(num: str, pair: Pair, dist: Any, proof_hyps: tuple[Prop, ...],
                   dims: dict, cite: dict[str, str], bind: dict[str, Any],
                   part2_rhs_factor: Any, part2_note: str, corrected2: Any,
                   part2_finding: str | None, part2_text: str = "sqrt(n) R") -> Lemma:
    """Lemma 5.5 (``num='5.5'``) or its reparameterised twin 7.5, as printed; ``part2_text``
    is Part 2's constant as the paper prints it (``sqrt(nR)`` in 5.5, ``sqrt(n) R`` in 7.5).
    ``cite`` names the lemmas the proof cites (``inv``, ``alpha``, ``exp``: 5.8, 5.7, 5.6),
    ``bind`` how each of them is instantiated at the pair (``{"x": x_{t+1}, "y": x_t}``)."""
    p = pair
    binds = {f"closeness:lemma-{cite[k]}": dict(bind) for k in ("inv", "alpha", "exp")}
    loc = f"Lemma {num}"
    lid = f"closeness:lemma-{num}"
    sqn = sp.sqrt(n)
    hyps = (*BETA_01, R_GE_4)
    listed = ("Listed hypotheses only: beta in (0,1), R >= 4 and the delta definitions; the "
              "proof also uses ||A|| <= R, ||x|| <= R, the 0.01 shift condition and "
              "beta <= alpha (attached to its steps).")

    def links(items: list[tuple]) -> list[Link]:
        out = []
        for rel, expr, just, *rest in items:
            cites = tuple(rest[0]) if rest else ()
            extra = dict(rest[1]) if len(rest) > 1 else {}
            out.append(Link(rel, expr, just, cites=cites, extra_hypotheses=proof_hyps,
                            bind={c: binds[c] for c in cites if c in binds}, **extra))
        return out

    d_a_inv = abs_(p.a1**-1 - p.a0**-1)
    d_u = norm2(p.u1 - p.u0)
    d_a = abs_(p.a1 - p.a0)
    # the cited statements as the steps apply them, as printed (Link.applies)
    exp_id, inv_id, alpha_id = (f"closeness:lemma-{cite[k]}" for k in ("exp", "inv", "alpha"))
    part2_used = 2 * part2_rhs_factor * sp.exp(2 * R**2) * dist  # Part 2, step 3
    quoted2 = 2 * beta**-1 * sqn * R * sp.exp(2 * R**2) * dist  # Part 3, step 3 ("n^{0.5}")
    part1 = Lemma(
        f"{lid}:part-1", f"{loc}, Part 1",
        Prop(norm2(p.db1), "<=", 2 * beta**-2 * n**THREE_HALVES * sp.exp(2 * R**2) * dist),
        hypotheses=hyps, dims=dims, ranges=R_BIG,
        description="||delta_{b,1}||_2 <= 2 beta^-2 n^1.5 exp(2R^2) ||shift||",
        note=listed, finding="missing-hypothesis", expect="refuted",
        corrected=Prop(norm2(p.db1), "<=",
                       2 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist),
        proof=Chain(norm2(p.db1), links([
            ("<=", d_a_inv * norm2(p.u1), "definition"),
            ("<=", d_a_inv * sqn * sp.exp(R**2), "assumption on A and x"),
            ("<=", beta**-2 * d_a * sqn * sp.exp(R**2), f"Lemma {cite['inv']}", (inv_id,),
             {"applies": {inv_id: Prop(d_a_inv, "<=", beta**-2 * d_a)}}),
            ("<=", beta**-2 * sqn * d_u * sqn * sp.exp(R**2), f"Lemma {cite['alpha']}",
             (alpha_id,), {"applies": {alpha_id: Prop(d_a, "<=", d_u * sqn)}}),
            ("<=", beta**-2 * sqn * (2 * sqn * R * sp.exp(R**2) * dist) * sqn * sp.exp(R**2),
             f"Lemma {cite['exp']}", (exp_id,),
             {"applies": {exp_id: Prop(d_u, "<=", 2 * sqn * R * sp.exp(R**2) * dist)}}),
            ("=", 2 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist, "(algebra)"),
        ])),
    )
    part2 = Lemma(
        f"{lid}:part-2", f"{loc}, Part 2",
        Prop(norm2(p.db2), "<=", 2 * beta**-1 * part2_rhs_factor * sp.exp(R**2) * dist),
        hypotheses=hyps, dims=dims, ranges=R_BIG,
        description=f"||delta_{{b,2}}||_2 <= 2 beta^-1 {part2_text} exp(R^2) ||shift|| "
                    "(as printed)",
        note=listed + " " + part2_note, finding="missing-hypothesis", expect="refuted",
        corrected=corrected2,
        proof=Chain(norm2(p.db2), links([
            ("<=", abs_(p.a1**-1) * d_u, "definition", (),
             {"expect": "refuted", "finding": "typo",
              "note": "delta_{b,2} carries alpha at the old point; the step writes the new one",
              "corrected": Prop(norm2(p.db2), "<=", abs_(p.a0**-1) * d_u)}),
            ("<=", beta**-1 * d_u, "(beta lower-bounds alpha)"),
            ("<=", beta**-1 * part2_used, f"Lemma {cite['exp']}", (exp_id,),
             {"applies": {exp_id: Prop(d_u, "<=", part2_used)}}),
        ])),
    )
    bound1 = 2 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist
    part3 = Lemma(
        f"{lid}:part-3", f"{loc}, Part 3",
        Prop(norm2(p.f1 - p.f0), "<=", 4 * beta**-2 * n**THREE_HALVES * R
             * sp.exp(2 * R**2) * dist),
        hypotheses=hyps, dims=dims, ranges=R_BIG,
        description="||f(new) - f(old)||_2 <= 4 beta^-2 n^1.5 R exp(2R^2) ||shift||",
        note=listed + " A counterexample with the listed hypotheses needs quantities at very "
             "different scales (||f(new) - f(old)|| <= sqrt 2 always, so the shift must be tiny "
             "while its image under A is not): the search over orders of magnitude finds one, "
             "e.g. ||A|| ~ 1e37 with ||shift|| ~ 1e-32 (Part 3) or ||x|| ~ 1e80 with "
             "||A_{t+1} - A_t|| ~ 1e-78 (Lemma 7.5).",
        finding="missing-hypothesis", expect="refuted",
        corrected=Text("add the hypotheses its proof uses: ",
                       *[q for h in proof_hyps for q in ("; ", h)][1:]),
        proof=Chain(norm2(p.db), links([
            ("=", norm2(p.db1 + p.db2), "the definition of delta_b",
             (f"closeness:lemma-{'5.4' if num == '5.5' else '7.4'}:part-1",)),
            ("<=", norm2(p.db1) + norm2(p.db2), "triangle inequality"),
            ("<=", bound1 + quoted2, "the results in Part 1 and Part 2",
             (f"{lid}:part-1", f"{lid}:part-2"),
             {"applies": {f"{lid}:part-1": Prop(norm2(p.db1), "<=", bound1),
                          f"{lid}:part-2": Prop(norm2(p.db2), "<=", quoted2)}}),
            ("<=", 2 * bound1, "n >= 1 and beta^-1 >= 1"),
            ("<=", 4 * beta**-2 * n**THREE_HALVES * R * sp.exp(2 * R**2) * dist,
             "simple algebra"),
        ])),
    )
    return Lemma(lid, loc, hypotheses=hyps, dims=dims, ranges=R_BIG,
                 description=f"bounds on delta_{{b,1}}, delta_{{b,2}}, delta_b ({loc})",
                 parts=[part1, part2, part3])


def with_proof_hypotheses(lemma: Lemma, proof_hyps: tuple[Prop, ...], bounds: str,
                          dims: dict) -> list[Lemma]:
    """Each part of Lemma 5.5 (7.5) as printed, under the hypotheses its proof uses
    (``bounds`` names the norms bounded by ``R`` in the descriptions)."""
    num = lemma.id.rsplit("-", 1)[1]
    return [
        Lemma(f"closeness:extra-lemma-{num}-part-{k}-proof-hypotheses",
              f"Lemma {num}, Part {k}, with the hypotheses its proof uses",
              part.statement, hypotheses=(*BETA_01, R_GE_4, *proof_hyps), dims=dims,
              ranges=R_BIG,
              description=f"Lemma {num} Part {k} as printed, under {bounds} <= R, the 0.01 "
                          "shift and beta <= alpha")
        for k, part in enumerate(lemma.parts, start=1)
    ]


def exp_lipschitz_like(num: str, za: Any, zb: Any, dvec: Any, split: Any, dist: Any,
                       hypotheses: tuple[Prop, ...], dims: dict, *, description: str,
                       note: str, step3_note: str = "", **kw: Any) -> Lemma:
    """Lemma 5.6 (7.6) as printed: ``||exp(za) - exp(zb)||_2 <= 2 sqrt(nR) exp(R^2) dist``
    with ``za - zb = dvec``, and its five-step proof; ``split`` is the product of norms step 4
    bounds ``||dvec||_2`` by. ``kw`` (``expect``) goes to the lemma."""
    ua, ub = exp_(za), exp_(zb)
    lhs = norm2(ua - ub)
    root_n, e_r2 = sp.sqrt(n), sp.exp(R**2)
    fact_3_2 = ("closeness:fact-3.2:item-4",)
    return Lemma(
        f"closeness:lemma-{num}", f"Lemma {num}",
        Prop(lhs, "<=", 2 * sp.sqrt(n * R) * e_r2 * dist), hypotheses=hypotheses,
        dims=dims, ranges=R_ANY, description=description, note=note,
        finding="false-statement", corrected=Prop(lhs, "<=", 2 * root_n * R * e_r2 * dist),
        proof=Chain(lhs, [
            Link("<=", norm2(ua) * 2 * norminf(dvec), "||A(y-x)||_inf < 0.01 and Fact 3.1",
                 cites=("closeness:fact-3.1:item-4",),
                 bind={"closeness:fact-3.1:item-4": {"x": za, "y": zb}}),
            Link("<=", root_n * sp.exp(norm2(za)) * 2 * norminf(dvec), "Fact 3.1",
                 cites=("closeness:fact-3.1:item-2", "closeness:fact-3.1:item-3")),
            Link("<=", root_n * e_r2 * 2 * norm2(dvec), "Fact 3.2", cites=fact_3_2,
                 note=step3_note),
            Link("<=", root_n * e_r2 * 2 * split, "Fact 3.2", cites=fact_3_2),
            Link("<=", 2 * root_n * R * e_r2 * dist, "||A|| <= R",
                 uses=tuple(h for h in hypotheses if isinstance(h.lhs, OpNorm))[:1]),
        ]), **kw)


def part_3_sharp_like(num: str, theorem: str, pair: Pair, dist: Any,
                      hypotheses: tuple[Prop, ...], *, description: str, note: str) -> Lemma:
    """The sharpest constant for Lemma ``num`` Part 3 / Theorem ``theorem`` (5.5/8.1, 7.5/8.2):
    ``||f(new) - f(old)||_2 <= (R/2) dist`` under ``hypotheses`` (softmax is 1/2-Lipschitz)."""
    return Lemma(f"closeness:extra-lemma-{num}-part-3-sharp",
                 f"sharpest constant for Lemma {num} Part 3 / Theorem {theorem}",
                 Prop(norm2(pair.f1 - pair.f0), "<=", HALF * R * dist),
                 hypotheses=hypotheses, dims=DIMS, ranges=R_ANY,
                 description=description, note=note)


def alpha_gap_like(num: str, source: str, za: Any, zb: Any, dims: dict, *, description: str,
                   note: str, **kw: Any) -> Lemma:
    """Lemma 5.7 (7.7): ``|alpha_a - alpha_b| <= ||exp(za) - exp(zb)||_2 sqrt(n)`` with
    ``alpha = <exp(z), 1_n>`` (Cauchy-Schwarz). ``kw`` (``proof``) goes to the lemma."""
    ua, ub = exp_(za), exp_(zb)
    return Lemma(f"closeness:lemma-{num}", source,
                 Prop(abs_(inner(ua, ones(n)) - inner(ub, ones(n))), "<=",
                      norm2(ua - ub) * sp.sqrt(n)),
                 dims=dims, description=description, note=note, **kw)


def inverse_gap_like(num: str, source: str, za: Any, zb: Any, args: tuple[str, str], *,
                     note: str, **kw: Any) -> Lemma:
    """Lemma 5.8 (7.8) as printed: ``alpha_a, alpha_b >= beta`` implies ``|alpha_a^-1 -
    alpha_b^-1| <= beta^-2 |alpha_a - alpha_b|`` with ``alpha = <exp(z), 1_n>``, ``args`` the
    arguments of ``alpha`` in the description; refuted (no ``beta > 0`` is listed). ``kw``
    (``proof``) goes to the lemma."""
    sa, sb = inner(exp_(za), ones(n)), inner(exp_(zb), ones(n))
    a, b_ = (f"alpha({v})" for v in args)
    return Lemma(
        f"closeness:lemma-{num}", source,
        Prop(abs_(sa**-1 - sb**-1), "<=", beta**-2 * abs_(sa - sb)),
        hypotheses=(Prop(sa, ">=", beta), Prop(sb, ">=", beta)),
        dims={"n": (1, 64), "d": (1, 4)},
        description=f"{a}, {b_} >= beta implies |{a}^-1 - {b_}^-1| <= beta^-2 |{a} - {b_}|",
        note=note, expect="refuted", finding="missing-hypothesis",
        corrected=Text("add ", Prop(beta, ">", 0), ": then ", Prop(sa * sb, ">=", beta**2),
                       " and the bound holds"),
        **kw)
