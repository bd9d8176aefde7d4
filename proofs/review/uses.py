"""``inconsistent-use`` findings: a lemma used with a constant other than its own.

Two records of the encoding feed it (data, as printed), and one exact check compares them:

- ``Link.applies``: the cited statement as a proof step applies it (the step prints
  ``… ≤ β⁻² √n · 2√n R e^{R²} ‖x_{t+1} − x_t‖₂ …`` where Lemma 5.6 states ``2√(nR) e^{R²}``);
  the form is compared with the cited statement (instantiated as the step binds it) and with
  what the cited proof's chain reaches;
- ``Paper.restatements``: an entry the text calls another one reparameterised; each bound's
  constant ``K`` in ``lhs ≤ K · scale`` is compared with the original's, part by part.

Comparisons are exact (:func:`symbolic.normal_form.same`: one normal form for every ``n``,
``d``), so a finding is rigorous; a use that agrees with the cited statement is no finding.
:func:`faithful` checks the record against the step it annotates (the step's expression is
its left side with each applied form's left side replaced by its right side).

Example:
    >>> from proofs.papers.closeness import PAPER
    >>> fs = inconsistent_uses(PAPER)
    >>> sorted({f.check["cited"] for f in fs})[:2]
    ['closeness:lemma-5.5:part-1', 'closeness:lemma-5.5:part-2']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import sympy as sp

from proofs.model import Lemma, Link, Paper
from proofs.review.model import Finding
from symbolic.claim import Prop
from symbolic.normal_form import same
from symbolic.objects import NamedMatrix, NamedScalar
from symbolic.pretty import pretty


def _instantiate(h: Prop, bind: dict[str, Any]) -> Prop:
    """``h`` with the cited entry's symbols bound as the step uses them (a named definition
    whose body changes is replaced by its body)."""
    if not bind:
        return h
    subs = {s: bind[str(s)] for s in h.symbols if str(s) in bind}

    def inst(e: Any) -> Any:
        e = e.replace(lambda x: isinstance(x, (NamedScalar, NamedMatrix))
                      and any(x.args[1].has(k) for k in subs), lambda x: x.args[1])
        return e.xreplace(subs)

    return Prop(inst(h.lhs), h.rel, inst(h.rhs))


def _bind(link: Link, cid: str) -> dict[str, Any]:
    b = link.bind.get(cid, {})
    return b[0] if isinstance(b, (list, tuple)) and b else (b or {})


def _agree(a: Prop, b: Prop) -> bool:
    return a.rel == b.rel and same(a.lhs, b.lhs) and same(a.rhs, b.rhs)


def _steps(paper: Paper) -> Iterator[tuple[Lemma, int, Any, Link]]:
    """``(entry, step number, the step's left side, link)`` for every proof step."""
    for top in paper.entries:
        for entry in top.all_entries():
            for k, prev, link in entry.steps():
                yield entry, k, prev, link


def _label(paper: Paper, cid: str) -> str:
    entry = paper.entry(cid)
    return entry.source if entry is not None else cid


def faithful(paper: Paper) -> list[str]:
    """The steps whose ``applies`` record does not reproduce the printed step (empty when every
    record is faithful): substituting each applied form into the step's left side must give
    the step's right side.

    >>> from proofs.papers.closeness import PAPER
    >>> faithful(PAPER)
    []
    """
    bad = []
    for entry, k, prev, link in _steps(paper):
        if not link.applies:
            continue
        got = prev.xreplace({f.lhs: f.rhs for f in link.applies.values()})
        if not same(got, link.expr):
            bad.append(f"{entry.id}:step-{k}")
    return bad


def use_findings(paper: Paper) -> list[Finding]:
    """One finding per step that applies a cited statement in a form other than the
    statement's (exact comparison), saying whether the form is what the cited proof reaches."""
    out = []
    for entry, k, _prev, link in _steps(paper):
        for cid, form in link.applies.items():
            cited = paper.entry(cid)
            if cited is None or not isinstance(cited.statement, Prop):
                continue
            bind = _bind(link, cid)
            stated = _instantiate(cited.statement, bind)
            if _agree(form, stated):
                continue
            reach = cited.proof.conclusion() if cited.proof is not None else None
            reached = _instantiate(reach, bind) if reach is not None else None
            by_proof = reached is not None and _agree(form, reached)
            name = _label(paper, cid)
            if by_proof:
                verdict = f"it is what the proof of {name} reaches, not its statement"
            elif reached is not None:
                verdict = (f"it is neither {name}'s statement nor what its proof reaches "
                           f"({pretty(reached.rhs)})")
            else:
                verdict = f"it is not {name}'s statement"
            sid = f"{entry.id}:step-{k}"
            out.append(Finding(
                sid, "inconsistent-use", f"{entry.source}, proof step {k}",
                f"uses {name} as {pretty(form)}",
                (f"exact symbolic comparison: the step uses {pretty(form.rhs)}; "
                 f"{name} states {pretty(stated.rhs)}; {verdict}"),
                corrected=(f"{pretty(form.lhs)} {_rel(form)} {pretty(reached.rhs)}  "
                           f"(what the proof of {name} reaches)" if reached is not None
                           and not by_proof else None),
                stated=pretty(stated.rhs),
                reached=pretty(reached.rhs) if reached is not None else None,
                used=pretty(form.rhs),
                check={"type": "use", "claim": sid, "cited": cid}))
    return out


def _rel(p: Prop) -> str:
    return {"<=": "≤", "<": "<", ">=": "≥", ">": ">", "=": "="}.get(p.rel.value, p.rel.value)


def _constant(p: Prop, scale: Any) -> sp.Expr | None:
    """``K`` of a bound ``lhs ≤ K · scale`` (None when the right side is not of that form)."""
    k = sp.cancel(sp.together(p.rhs / scale))
    return None if k.has(scale) else k


def restatement_findings(paper: Paper) -> list[Finding]:
    """One finding per bound of a restated entry whose constant differs from the original's."""
    out = []
    for rs in paper.restatements:
        mine = paper.entry(rs.id)
        if mine is None:
            continue
        pairs = [(p, paper.entry(rs.original + p.id[len(rs.id):])) for p in mine.all_entries()]
        for a, b in pairs:
            if a is None or b is None or not isinstance(a.statement, Prop) \
                    or not isinstance(b.statement, Prop):
                continue
            ka, kb = _constant(a.statement, rs.scale), _constant(b.statement, rs.original_scale)
            if ka is None or kb is None or same(ka, kb):
                continue
            out.append(Finding(
                a.id, "inconsistent-use", a.source,
                f"{pretty(a.statement)}: constant {pretty(ka)}",
                (f"exact symbolic comparison: {_label(paper, rs.id)} restates "
                 f"{_label(paper, rs.original)} reparameterised; {a.source} has "
                 f"the constant {pretty(ka)}, {b.source} has {pretty(kb)}"),
                corrected=f"{pretty(kb)} (the constant of {b.source}), or {b.source} "
                          f"restated with {pretty(ka)}",
                stated=pretty(kb), reached=None, used=pretty(ka),
                check={"type": "restatement", "claim": a.id, "cited": b.id}))
    return out


def inconsistent_uses(paper: Paper) -> list[Finding]:
    """Every ``inconsistent-use`` finding of ``paper``: steps, then restatements."""
    return use_findings(paper) + restatement_findings(paper)
