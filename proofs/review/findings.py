"""The findings of a paper's results, typed (:class:`~proofs.review.model.Finding`): each from a
check result or an exact comparison, never from a hard-coded verdict.

- a refuted claim (its kind from the ``finding`` its entry records, else ``false-statement`` for
  statements and ``invalid-step`` for proof steps; never a claim read incompletely from a
  paper's source), and a proof chain that does not reach its statement
  (``statement-stronger-than-proof``): :func:`result_findings`;
- printed types the statement does not type with (``typo``): :func:`declared_findings`;
- a missing hypothesis the hypothesis flow established: :func:`flow_findings`;
- a lemma used with another constant (``inconsistent-use``, :mod:`proofs.review.uses`):
  :func:`use_findings`;
- a step its citation does not give (``invalid-citation``): :func:`citation_findings`;
- misleading prose and vacuous bounds the encoding records: :func:`wording_findings`,
  :func:`remark_findings`.

:func:`collect` puts them in the errata's order. Nothing here runs a check: the flow's and the
citations' checks and the corrections are run by :func:`proofs.review.review`.

Example:
    >>> from symbolic import Status, Verdict, Claim, scalar
    >>> from proofs.model import Annotation
    >>> from proofs.model.results import Result
    >>> x = scalar("x")
    >>> c = Claim("t:lemma-1", x, "<=", 0)
    >>> rs = [Result.of(c, Verdict(Status.REFUTED, "sampling"),
    ...                 Annotation(expect="refuted", finding="false-statement"))]
    >>> [f.kind for f in collect(rs)]
    ['false-statement']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import sympy as sp

from proofs import registry
from proofs.model import Paper, Text
from proofs.model.lemma import PLANTED
from proofs.model.results import Result
from proofs.reports.tex_text import text
from proofs.review.model import CitationCheck, Finding
from proofs.review.uses import inconsistent_uses
from proofs.tools.hypothesis_flow import FlowItem
from symbolic.claim import Prop
from symbolic.formatting import clip, expressions_in
from symbolic.latex import latex
from symbolic.pretty import pretty
from symbolic.prop import check_expression
from symbolic.verdict import Status


def collect(results: list[Result], flow: Sequence[Finding] = (),
            citations: Sequence[Finding] = ()) -> list[Finding]:
    """Every finding of ``results`` in the errata's order: the results' own, the printed
    types', the missing hypotheses ``flow`` (:func:`flow_findings`, with their corrections),
    the inconsistent uses, the invalid ``citations`` (:func:`citation_findings`), the wording
    and the remarks."""
    return result_findings(results) + declared_findings(results) + list(flow) \
        + use_findings(results) + list(citations) + wording_findings(results) \
        + remark_findings(results)


def paper_of(ids: Iterable[str]) -> Paper | None:
    """The registered paper of these ids (None when there is none, or several)."""
    keys = {i.split(":", 1)[0] for i in ids}
    if len(keys) != 1:
        return None
    try:
        return registry.paper(keys.pop())
    except (registry.UnknownTarget, AttributeError, ImportError):
        return None  # a user's claims file has no registered paper


def printed(r: Result) -> str:
    """The claim of ``r`` as printed, with its hypotheses (Unicode)."""
    c = r.claim
    if c is None:
        return r.description
    if c.classes is not None:  # about every function of a class: its quantifiers first
        return f"{c.classes.describe()}: {pretty(c.prop)}{c.classes.where()}"
    hyp = "; ".join(pretty(h) for h in c.hypotheses)
    return pretty(c.prop) + (f"  (under {hyp})" if hyp else "")


def corrected(r: Result) -> str | None:
    """The corrected form the encoding records for ``r`` (Unicode), or None."""
    corr = r.annotation.corrected
    if corr is None:
        return None
    if isinstance(corr, Prop):
        return pretty(corr)
    return str(corr)


def corrected_latex(r: Result) -> str:
    """The corrected form of ``r`` in LaTeX when it is a proposition (else empty)."""
    corr = r.annotation.corrected
    return latex(corr) if isinstance(corr, Prop) else ""


def _corrected_text_latex(r: Result) -> str:
    """A corrected form written as :class:`~proofs.model.Text`, in LaTeX text mode (formulas
    in ``$…$``); empty for any other form."""
    corr = r.annotation.corrected
    return corr.latex(text) if isinstance(corr, Text) else ""


_REL = {"=": "=", "<=": "≤", "<": "<", ">=": "≥", ">": ">", "⪯": "⪯"}


def result_findings(results: list[Result]) -> list[Finding]:
    """The refuted claims (a planted check aside), the conclusions a proof chain does not
    reach, and the chains that end elsewhere than their statement."""
    out = []
    for r in results:
        c, note = r.claim, r.annotation
        if r.status is Status.REFUTED and c is not None and note.finding == PLANTED:
            continue  # a planted check did its job: not a finding of the paper
        if r.status is Status.REFUTED and note.left:
            continue  # read incompletely: a candidate for the authors, never a finding
        if r.status is Status.REFUTED and c is not None:
            kind = note.finding or ("invalid-step" if c.kind == "step" else "false-statement")
            why = None
            if kind == "missing-hypothesis" and c.kind != "step":
                # refuted as printed: a false statement, whatever fixes it
                kind, why = "false-statement", "missing-hypothesis"
            out.append(Finding(
                r.id, kind, r.source, printed(r), f"{r.verdict.method}: {r.verdict.message}",
                bool(r.verdict.rigorous), latex(c.prop), corrected(r), corrected_latex(r),
                _corrected_text_latex(r), r.verdict.witness, note.note,
                {"type": "claim", "claim": r.id}, why))
        cr = r.conclusion
        if cr is not None and cr.status is Status.REFUTED and cr.claim is not None \
                and not note.left and not cr.annotation.left:  # read incompletely: no finding
            st = c.prop if c is not None else None
            reach = (f"{pretty(st.lhs)} {_REL[cr.claim.rel.value]} {pretty(cr.claim.lhs)}"
                     if st is not None else None)
            reach_tex = (f"{latex(st.lhs)} {cr.claim.rel.latex} {latex(cr.claim.lhs)}"
                         if st is not None else "")
            out.append(Finding(
                r.id, "statement-stronger-than-proof", r.source, printed(r),
                (f"the chain ends at {pretty(cr.claim.lhs)}; the needed implication "
                 f"{pretty(cr.claim.prop)} is refuted ({cr.verdict.method}: "
                 f"{cr.verdict.message})"),
                bool(cr.verdict.rigorous), latex(c.prop) if c else "",
                f"{reach}  (what the proof chain reaches)" if reach else None, reach_tex,
                witness=cr.verdict.witness,
                note=("the statement is refuted as printed too (see its false-statement "
                      "finding); its proof does not reach it either"
                      if r.status is Status.REFUTED else
                      f"the statement itself is {r.status.value}; its proof does not "
                      "reach it"),
                check={"type": "conclusion", "claim": r.id}))
        for n in r.notes:
            if "not the statement" in n and r.status is not Status.REFUTED:
                out.append(Finding(r.id, "statement-stronger-than-proof", r.source, printed(r),
                                   f"structural: {n}"))
    return out


def citation_findings(checks: Iterable[CitationCheck]) -> list[Finding]:
    """``invalid-citation`` findings: one per step whose citation does not give it (an
    ``ok``, ``relative`` or ``unchecked`` citation is no finding)."""
    return [Finding(
        c.step, "invalid-citation", c.source, f"cites {', '.join(c.cited)}",
        f"fact blackboard (z3): {c.message}",
        corrected="cite: " + "; ".join(c.needs) if c.needs else None,
        check={"type": "citation", "claim": c.step},
    ) for c in checks if c.outcome == "invalid"]


def flow_findings(items: Iterable[FlowItem]) -> list[Finding]:
    """``missing-hypothesis`` findings: the hypotheses the flow found needed, not implied by
    the listed ones (a witness where they hold and it fails)."""
    out = []
    for it in items:
        if it.status != "missing" or it.verdict is None:
            continue
        st = ("; the statement as printed (without it) is "
              f"{it.statement_status}" if it.statement_status else "")
        h = it.hypothesis
        hyp = pretty(h)
        out.append(Finding(
            it.entry, "missing-hypothesis", it.citing,
            f"needs {hyp}, which the listed hypotheses do not imply",
            (f"hypothesis flow: needed at {', '.join(it.sites)}; the listed hypotheses hold "
             f"and it fails at the witness ({it.verdict.method})" + st),
            bool(it.verdict.rigorous), corrected=f"add the hypothesis {hyp}",
            corrected_latex=rf"\text{{add the hypothesis }} {latex(h)}",
            witness=it.verdict.witness,
            check={"type": "flow", "entry": it.entry, "lhs": str(h.lhs), "rel": h.rel.value,
                   "rhs": str(h.rhs)},
            hypothesis=hyp, hypothesis_latex=latex(h)))
    return out


def use_findings(results: list[Result]) -> list[Finding]:
    """``inconsistent-use`` findings (:mod:`proofs.review.uses`: exact comparisons of the
    encoded uses and restatements) about the claims among ``results``."""
    paper = paper_of(r.id for r in results)
    if paper is None:
        return []
    ids = {r.id for r in results}
    return [f for f in inconsistent_uses(paper) if f.id in ids]


def wording_findings(results: list[Result]) -> list[Finding]:
    """``wording`` findings: the misleading prose the paper's encoding records
    (:class:`proofs.model.lemma.Wording`), for the entries among ``results``."""
    paper = paper_of(r.id for r in results)
    if paper is None:
        return []
    ids = {r.id for r in results}
    return [Finding(
        w.id, "wording", w.source, f"“{w.printed}”", f"as printed in the text: {w.why}",
        corrected=f"“{w.corrected}”", check={"type": "wording", "entry": w.id},
    ) for w in getattr(paper, "wording", []) if w.id in ids or any(
        i.startswith(w.id + ":") for i in ids)]


def remark_findings(results: list[Result]) -> list[Finding]:
    """``vacuous`` remarks (:class:`proofs.model.lemma.Remark`) of the entries among
    ``results``; the sharp constant's verdict, where the run has it, is part of the evidence."""
    paper = paper_of(r.id for r in results)
    if paper is None:
        return []
    by_id = {r.id: r for r in results}
    out = []
    for m in getattr(paper, "remarks", []):
        if m.id not in by_id:
            continue
        sharp = by_id.get(m.sharp) if m.sharp else None
        tail = (f"; that sharp form ({m.sharp}) is {sharp.status.value}"
                if sharp is not None else "")
        out.append(Finding(m.id, m.kind, m.source, m.printed, f"{m.why}{tail}",
                           corrected=m.corrected or None,
                           check={"type": "remark", "entry": m.id}))
    return out


def declared_findings(results: list[Result]) -> list[Finding]:
    """``typo`` findings for types the text prints (``Lemma.declared``) that the statement
    does not type with: the statement is rebuilt with the printed shapes, which fails (an exact
    structural check)."""
    paper = paper_of(r.id for r in results)
    if paper is None:
        return []
    out = []
    for r in results:
        entry = paper.entry(r.id)
        if entry is None or not entry.declared or not isinstance(entry.statement, Prop):
            continue
        st = entry.statement
        syms = {str(x): x for x in st.symbols}
        for name, shape in entry.declared.items():
            old = syms.get(name)
            if old is None or getattr(old, "shape", None) == tuple(shape):
                continue
            new = sp.MatrixSymbol(name, *shape)
            try:
                Prop(st.lhs.xreplace({old: new}), st.rel, st.rhs.xreplace({old: new}))
                check_expression(st.lhs.xreplace({old: new}))
                check_expression(st.rhs.xreplace({old: new}))
                continue  # types as printed: no finding
            except (ValueError, TypeError, sp.ShapeError) as exc:
                why = _type_error(str(exc), st.lhs.xreplace({old: new}),
                                  st.rhs.xreplace({old: new}))
            printed_t = "×".join(pretty(k) for k in shape)
            needed = "×".join(pretty(k) for k in old.shape if k != 1) or "1"
            out.append(Finding(
                entry.id, "typo", entry.source,
                f"{name} ∈ ℝ^{{{printed_t}}}  (in: {pretty(st)})",
                f"structural: with {name} ∈ ℝ^{{{printed_t}}} as printed the statement does "
                f"not type ({why})",
                corrected=f"{name} ∈ ℝ^{{{needed}}}", note=entry.note,
                check={"type": "declared", "entry": entry.id, "symbol": name}))
    return out


def _type_error(message: str, *sides: Any) -> str:
    """The first line of a typing error, its expressions readable; the shapes of a sum are left
    out (its terms print in another order than the message lists their shapes).

    >>> from symbolic import matrix, vector, n, d
    >>> b, x = matrix("b", n, d), vector("x", n)
    >>> _type_error(f"shape mismatch in {-b + x}: (n, d) and (n, 1)", -b + x)
    'shape mismatch in x - b'
    """
    line = expressions_in(message.splitlines()[0] if message else "", *sides)
    head, sep, shapes = line.rpartition(": ")
    if sep and head.startswith("shape mismatch in ") and " and " in shapes:
        line = head
    return clip(line, 200)
