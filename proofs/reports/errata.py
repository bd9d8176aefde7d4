"""The errata report: every finding of a paper, with witness, evidence and corrected form.

A finding comes from a check result, never from a hard-coded verdict: a refuted claim (its kind
from the ``finding`` its entry records, else ``false-statement`` for statements and ``invalid-step``
for proof steps) or a structural note (a proof chain that does not conclude its statement).

Example:
    >>> from symbolic import Status, Verdict, Claim, scalar
    >>> from proofs.model import Annotation
    >>> from proofs.model.results import Result
    >>> from proofs.reports.errata import findings
    >>> x = scalar("x")
    >>> c = Claim("t:lemma-1", x, "<=", 0)
    >>> rs = [Result.of(c, Verdict(Status.REFUTED, "sampling"),
    ...                 Annotation(expect="refuted", finding="false-statement"))]
    >>> [f["kind"] for f in findings(rs)]
    ['false-statement']
"""

from __future__ import annotations

import json
from typing import Any

import sympy as sp

from proofs import registry
from proofs.model import Text
from proofs.model.lemma import PLANTED
from proofs.model.results import Result, refuted_forms
from proofs.reports import errata_corrections
from proofs.reports.errata_uses import inconsistent_uses
from proofs.reports.tex_text import btext, text
from symbolic.claim import Prop
from symbolic.formatting import clip, expressions_in, numbers_in, witness
from symbolic.latex import latex
from symbolic.pretty import pretty
from symbolic.prop import check_expression
from symbolic.verdict import Status

KINDS = ("formula-mismatch", "false-statement", "statement-stronger-than-proof",
         "missing-hypothesis", "invalid-step", "inconsistent-use", "invalid-citation", "typo",
         "wording", "vacuous")


#: severity, most severe first: causes are listed in this order
SEVERITY = ("false-statement", "formula-mismatch", "statement-stronger-than-proof",
            "invalid-step", "inconsistent-use", "missing-hypothesis", "invalid-citation", "typo",
            "wording", "vacuous")
#: kinds that are remarks, not errors: listed after the errata, in their own section
REMARKS = ("vacuous",)


def _printed(r: Result) -> str:
    c = r.claim
    if c is None:
        return r.description
    hyp = "; ".join(pretty(h) for h in c.hypotheses)
    return pretty(c.prop) + (f"  (under {hyp})" if hyp else "")


def _corrected(r: Result) -> str | None:
    corr = r.annotation.corrected
    if corr is None:
        return None
    if isinstance(corr, Prop):
        return pretty(corr)
    return str(corr)


def _corrected_latex(r: Result) -> str:
    corr = r.annotation.corrected
    return latex(corr) if isinstance(corr, Prop) else ""


def _corrected_text_latex(r: Result) -> str:
    """A corrected form written as :class:`~proofs.model.Text`, in LaTeX text mode (formulas
    in ``$…$``); empty for any other form."""
    corr = r.annotation.corrected
    return corr.latex(text) if isinstance(corr, Text) else ""


def findings(results: list[Result], flow: list[dict[str, Any]] | None = None,
             citations: list[dict[str, Any]] | None = None,
             jobs: int = 1, book: Any = None) -> list[dict[str, Any]]:
    """Findings from check results, plus the missing-hypothesis findings ``flow`` that
    :func:`proofs.tools.hypothesis_flow.flow_findings` established and the invalid-citation
    findings of :func:`proofs.tools.citations.citation_findings` (both computed by the caller:
    rendering never runs a check), plus the typing findings of printed types
    (:func:`declared_findings`). ``book``: the certificates (see :func:`with_corrections`)."""
    return _result_findings(results) + declared_findings(results) \
        + with_corrections(list(flow or []), results, jobs, book) + use_findings(results) \
        + list(citations or []) + wording_findings(results) \
        + remark_findings(results)


def with_corrections(flow: list[dict[str, Any]], results: list[Result] = (), jobs: int = 1,
                     book: Any = None) -> list[dict[str, Any]]:
    """``flow`` with the checked correction of each entry (:func:`errata_corrections.minimal`:
    the fewest needed hypotheses under which the prover proves the statement) on the entry's
    first finding, as ``"correction"``; a correction the prover does not prove names the
    check among ``results`` of the same statement under the same hypotheses (``support``).
    The corrections not stored yet are computed in ``jobs`` worker processes, without the
    proofs that ``book`` (the certificates, :class:`~proofs.store.certificates.Book`) says
    this prover does not find."""
    work = correction_work(flow)
    errata_corrections.prefetch([(e, n) for e, n, _ in work], jobs=jobs,
                                refuted=refuted_forms(results), book=book)
    for entry, needs, fs in work:
        rec = errata_corrections.minimal(entry, needs)
        if not rec["proved"]:
            rec = dict(rec, support=_support(entry, needs, results))
        fs[0]["correction"] = rec
    return flow


def correction_work(flow: list[dict[str, Any]]) -> list[tuple[Any, list[Any],
                                                               list[dict[str, Any]]]]:
    """The ``(entry, needed hypotheses, its flow findings)`` of each entry whose statement
    the ``flow`` findings (not corrected yet) say lacks hypotheses its proof uses."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for f in flow:
        chk = f.get("check") or {}
        if chk.get("type") == "flow" and "correction" not in f:
            groups.setdefault(chk["entry"], []).append(f)
    paper = _paper_of(groups)
    if paper is None:
        return []
    from proofs.tools.hypothesis_flow import needed

    work: list[tuple[Any, list[Any], list[dict[str, Any]]]] = []
    for eid, fs in groups.items():
        entry = paper.entry(eid)
        if entry is None or entry.statement_claim() is None:
            continue
        props = [h for _, _, h in needed(paper, entry)]
        needs = []
        for f in fs:
            chk = f["check"]
            h = next((h for h in props if str(h.lhs) == chk["lhs"] and h.rel.value == chk["rel"]
                      and str(h.rhs) == chk["rhs"]), None)
            if h is not None and h not in needs:
                needs.append(h)
        if needs:
            work.append((entry, needs, fs))
    return work


def _support(entry: Any, needs: list[Any], results: list[Result]) -> str:
    """The verdict of the run's check of ``entry``'s statement under its listed hypotheses and
    ``needs`` (an encoding's ``extra`` claim), as words; empty when the run has none."""
    want = {str(h) for h in (*entry.hypotheses, *needs)}
    for r in results:
        c = r.claim
        if c is not None and r.id != entry.id and str(c.prop) == str(entry.statement) \
                and {str(h) for h in c.hypotheses} == want:
            return f"{r.status.value} by the run's check of this form ({r.verdict.method})"
    return ""


def use_findings(results: list[Result]) -> list[dict[str, Any]]:
    """``inconsistent-use`` findings (:mod:`proofs.reports.errata_uses`: exact comparisons of
    the encoded uses and restatements) about the claims among ``results``."""
    paper = _paper_of(r.id for r in results)
    if paper is None:
        return []
    ids = {r.id for r in results}
    return [f for f in inconsistent_uses(paper) if f["id"] in ids]


def _result_findings(results: list[Result]) -> list[dict[str, Any]]:
    out = []
    for r in results:
        c, note = r.claim, r.annotation
        if r.status is Status.REFUTED and c is not None and note.finding == PLANTED:
            continue  # a planted check did its job: not a finding of the paper
        if r.status is Status.REFUTED and c is not None:
            kind = note.finding or ("invalid-step" if c.kind == "step" else "false-statement")
            why = None
            if kind == "missing-hypothesis" and c.kind != "step":
                # refuted as printed: a false statement, whatever fixes it
                kind, why = "false-statement", "missing-hypothesis"
            out.append({
                "id": r.id, "kind": kind, "source": r.source, "printed": _printed(r),
                "printed_latex": latex(c.prop), "corrected": _corrected(r),
                "corrected_latex": _corrected_latex(r),
                **({"corrected_tex": t} if (t := _corrected_text_latex(r)) else {}),
                "witness": r.verdict.witness,
                "evidence": f"{r.verdict.method}: {r.verdict.message}",
                "rigorous": bool(r.verdict.rigorous), "note": note.note,
                "check": {"type": "claim", "claim": r.id},
                **({"why": why} if why else {}),
            })
        cr = r.conclusion
        if cr is not None and cr.status is Status.REFUTED and cr.claim is not None:
            st = c.prop if c is not None else None
            reach = (f"{pretty(st.lhs)} {_REL[cr.claim.rel.value]} {pretty(cr.claim.lhs)}"
                     if st is not None else None)
            reach_tex = (f"{latex(st.lhs)} {cr.claim.rel.latex} {latex(cr.claim.lhs)}"
                         if st is not None else "")
            out.append({
                "id": r.id, "kind": "statement-stronger-than-proof", "source": r.source,
                "printed": _printed(r), "printed_latex": latex(c.prop) if c else "",
                "corrected": f"{reach}  (what the proof chain reaches)" if reach else None,
                "corrected_latex": reach_tex,
                "witness": cr.verdict.witness,
                "evidence": (f"the chain ends at {pretty(cr.claim.lhs)}; the needed implication "
                             f"{pretty(cr.claim.prop)} is refuted ({cr.verdict.method}: "
                             f"{cr.verdict.message})"),
                "rigorous": bool(cr.verdict.rigorous),
                "note": ("the statement is refuted as printed too (see its false-statement "
                         "finding); its proof does not reach it either"
                         if r.status is Status.REFUTED else
                         f"the statement itself is {r.status.value}; its proof does not "
                         "reach it"),
                "check": {"type": "conclusion", "claim": r.id},
            })
        for note in r.notes:
            if "not the statement" in note and r.status is not Status.REFUTED:
                out.append({
                    "id": r.id, "kind": "statement-stronger-than-proof",
                    "source": r.source, "printed": _printed(r), "printed_latex": "",
                    "corrected": None, "corrected_latex": "", "witness": None,
                    "evidence": f"structural: {note}", "rigorous": True,
                    "note": "",
                })
    return out


def citation_items(checks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``invalid-citation`` findings from citation checks (``Citation.to_json()`` records of
    :mod:`proofs.tools.citations`): one per step whose citation does not give it."""
    return [{
        "id": c["step"], "kind": "invalid-citation", "source": c["source"],
        "printed": f"cites {', '.join(c['cited'])}", "printed_latex": "",
        "corrected": "cite: " + "; ".join(c["needs"]) if c["needs"] else None,
        "corrected_latex": "", "witness": None,
        "evidence": f"fact blackboard (z3): {c['message']}", "rigorous": True,
        "note": "", "check": {"type": "citation", "claim": c["step"]},
    } for c in checks if c["outcome"] == "invalid"]


_REL = {"=": "=", "<=": "≤", "<": "<", ">=": "≥", ">": ">", "⪯": "⪯"}


def _paper_of(ids: Any) -> Any:
    """The registered paper of these ids (None when there is none)."""
    keys = {i.split(":", 1)[0] for i in ids}
    if len(keys) != 1:
        return None
    try:
        return registry.paper(keys.pop())
    except (registry.UnknownTarget, AttributeError, ImportError):
        return None  # a user's claims file has no registered paper


def wording_findings(results: list[Result]) -> list[dict[str, Any]]:
    """``wording`` findings: the misleading prose the paper's encoding records
    (:class:`proofs.model.lemma.Wording`), for the entries among ``results``."""
    paper = _paper_of(r.id for r in results)
    if paper is None:
        return []
    ids = {r.id for r in results}
    return [{
        "id": w.id, "kind": "wording", "source": w.source, "printed": f"“{w.printed}”",
        "printed_latex": "", "corrected": f"“{w.corrected}”", "corrected_latex": "",
        "witness": None, "evidence": f"as printed in the text: {w.why}", "rigorous": True,
        "note": "", "check": {"type": "wording", "entry": w.id},
    } for w in getattr(paper, "wording", []) if w.id in ids or any(
        i.startswith(w.id + ":") for i in ids)]


def remark_findings(results: list[Result]) -> list[dict[str, Any]]:
    """``vacuous`` remarks (:class:`proofs.model.lemma.Remark`) of the entries among
    ``results``; the sharp constant's verdict, where the run has it, is part of the evidence."""
    paper = _paper_of(r.id for r in results)
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
        out.append({
            "id": m.id, "kind": m.kind, "source": m.source, "printed": m.printed,
            "printed_latex": "", "corrected": m.corrected or None, "corrected_latex": "",
            "witness": None,
            "evidence": f"{m.why}{tail}", "rigorous": True, "note": "",
            "check": {"type": "remark", "entry": m.id},
        })
    return out


def declared_findings(results: list[Result]) -> list[dict[str, Any]]:
    """``typo`` findings for types the text prints (``Lemma.declared``) that the statement
    does not type with: the statement is rebuilt with the printed shapes, which fails (an exact
    structural check)."""
    paper = _paper_of(r.id for r in results)
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
            out.append({
                "id": entry.id, "kind": "typo", "source": entry.source,
                "printed": f"{name} ∈ ℝ^{{{printed_t}}}  (in: {pretty(st)})",
                "printed_latex": "", "corrected": f"{name} ∈ ℝ^{{{needed}}}",
                "corrected_latex": "", "witness": None,
                "evidence": f"structural: with {name} ∈ ℝ^{{{printed_t}}} as printed the "
                            f"statement does not type ({why})",
                "rigorous": True, "note": entry.note,
                "check": {"type": "declared", "entry": entry.id, "symbol": name},
            })
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


# -- root causes -------------------------------------------------------------------------------


def _top(cid: str) -> str:
    """The entry of an id: ``closeness:lemma-5.5:part-1:step-3`` -> ``closeness:lemma-5.5``."""
    return ":".join(cid.split(":")[:2])


def _label(cid: str, paper: Any = None) -> str:
    """``closeness:lemma-5.5:part-1`` -> ``Lemma 5.5 Part 1``; a check the encoding adds
    (``extra-…``) by the paper's words for it (its source, else its description)."""
    head = cid.split(":")[1] if ":" in cid else cid
    if head.startswith("extra-") and paper is not None:
        entry = paper.entry(_top(cid))
        if entry is not None and (entry.source or entry.description):
            return (entry.source or entry.description).split(" (")[0]
    out = []
    for piece in cid.split(":")[1:]:
        kind, _, num = piece.partition("-")
        out.append(f"{kind.capitalize()} {num}" if num else kind)
    return " ".join(out).replace("Extra ", "a check of ")


def _explicit_cause(paper: Any, cid: str) -> str | None:
    """``cause`` an encoding sets on the entry (or the proof step) of ``cid``."""
    if paper is None:
        return None
    base, _, step = cid.partition(":step-")
    entry = paper.entry(base)
    if entry is None:
        return None
    if step.isdigit():
        chain = entry.proof if entry.proof is not None else (
            entry.statement if not isinstance(entry.statement, Prop) else None)
        links = chain.links if chain is not None else []
        k = int(step) - 1
        if 0 <= k < len(links) and links[k].cause:
            return links[k].cause
    return entry.cause


def _cites(paper: Any, cid: str) -> tuple[str, ...]:
    base, _, step = cid.partition(":step-")
    entry = paper.entry(base) if paper is not None else None
    if entry is None:
        return ()
    if step.isdigit() and entry.proof is not None and int(step) <= len(entry.proof.links):
        return entry.proof.links[int(step) - 1].cites
    return entry.cites


def cause_keys(f: dict[str, Any], paper: Any = None) -> list[tuple]:
    """The keys that tie a finding to others of the same cause:

    * an explicit ``cause`` the encoding sets on the entry or step;
    * a missing hypothesis: the entry (parts and steps folded, a mirrored section read as its
      original), since one omitted list of hypotheses shows at every part and step;
    * otherwise the claim itself, a mirrored claim read as its original (a false statement and
      its proof not reaching it are one problem of one printed formula).

    >>> cause_keys({"id": "t:lemma-1:part-2", "kind": "missing-hypothesis"})
    [('missing', 't:lemma-1')]
    """
    mirror = paper.mirror_of if paper is not None else (lambda c: c)
    cid = (f.get("check") or {}).get("claim") or f["id"]
    keys: list[tuple] = []
    explicit = _explicit_cause(paper, cid)
    if explicit:
        keys.append(("cause", explicit))
    if f["kind"] == "missing-hypothesis" or f.get("why") == "missing-hypothesis":
        # a statement refuted for want of a hypothesis joins its entry's omissions
        keys.append(("missing", _top(mirror(f["id"]))))
    elif f["kind"] == "inconsistent-use":
        # every use of one lemma (and of its mirror) with another constant: one cause
        keys.append(("inconsistent-use", mirror((f.get("check") or {}).get("cited", cid))))
    elif f["kind"] in ("invalid-step", "invalid-citation", "typo", "wording", "vacuous"):
        keys.append((f["kind"], mirror(cid)))
    else:
        keys.append(("statement", mirror(cid)))
    return keys


def causes(items: list[dict[str, Any]], paper: Any = None) -> list[dict[str, Any]]:
    """Group findings into root causes (every finding in exactly one), most severe first.

    Findings sharing a key of :func:`cause_keys` are one cause; so are an invalid step and a
    false statement of the entry the step cites (the step inherits the error).

    >>> fs = [{"id": "t:lemma-1:part-1", "kind": "missing-hypothesis", "printed": "a",
    ...        "corrected": "add x > 0", "source": "t:lemma-1:part-1:step-1"},
    ...       {"id": "t:lemma-1:part-2", "kind": "missing-hypothesis", "printed": "b",
    ...        "corrected": "add x > 0", "source": "t:lemma-1:part-2:step-1"}]
    >>> [c["findings"] for c in causes(fs)]
    [[0, 1]]
    """
    if paper is None:
        paper = _paper_of(f["id"] for f in items)
    parent = list(range(len(items)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[tuple, int] = {}
    for i, f in enumerate(items):
        for k in cause_keys(f, paper):
            if k in first:
                parent[find(i)] = find(first[k])
            else:
                first[k] = i
    false_at = {(paper.mirror_of(f["id"]) if paper else f["id"]): i
                for i, f in enumerate(items) if f["kind"] == "false-statement"}
    for i, f in enumerate(items):
        if f["kind"] == "invalid-step":
            cid = (f.get("check") or {}).get("claim") or f["id"]
            for cited in _cites(paper, cid):
                j = false_at.get(paper.mirror_of(cited) if paper else cited)
                if j is not None:
                    parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(items)):
        groups.setdefault(find(i), []).append(i)
    out = [_cause(items, idx, paper) for idx in groups.values()]
    used = _used_by_theorems(paper)
    out.sort(key=lambda c: (SEVERITY.index(c["kind"]) if c["kind"] in SEVERITY else 99,
                            min(_rank(_entry_top(paper, items[i]["id"]), used)
                                for i in c["findings"] if items[i]["kind"] == c["kind"]),
                            c["findings"][0]))
    for k, c in enumerate(out, 1):
        c["id"] = f"cause-{k}"
    return out


def _entry_top(paper: Any, cid: str) -> str:
    """The paper's top-level entry holding ``cid`` (``…:fact-3.2:item-5`` is its own entry)."""
    for e in (paper.entries if paper is not None else []):
        if cid == e.id or cid.startswith(e.id + ":"):
            return e.id
    return _top(cid)


def _used_by_theorems(paper: Any) -> set[str]:
    """The entries a theorem's proof cites, transitively (top-level ids)."""
    if paper is None:
        return set()
    cites: dict[str, set[str]] = {}
    for e in paper.entries:
        cites[e.id] = {_entry_top(paper, c) for q in e.all_entries() if q.proof is not None
                       for link in q.proof.links for c in link.cites}
    out: set[str] = set()
    stack = [c for e in paper.entries if e.kind == "theorem" for c in cites[e.id]]
    while stack:
        c = stack.pop()
        if c not in out:
            out.add(c)
            stack += list(cites.get(c, ()))
    return out


def _rank(top: str, used: set[str]) -> int:
    """Theorems first, then the lemmas and facts theorems use, then other lemmas and facts,
    then definitions, then the checks an encoding adds (``top``: a top-level entry id)."""
    kind = top.split(":")[1].split("-")[0] if ":" in top else ""
    if kind == "theorem":
        return 0
    if top in used:
        return 1
    if kind in ("lemma", "fact", "claim", "corollary", "proposition"):
        return 2
    if kind == "extra":
        return 4
    return 3


def _cause(items: list[dict[str, Any]], idx: list[int], paper: Any) -> dict[str, Any]:
    fs = [items[i] for i in idx]
    kind = min((f["kind"] for f in fs),
               key=lambda k: SEVERITY.index(k) if k in SEVERITY else 99)
    ids = list(dict.fromkeys(f["id"] for f in fs))
    tops = list(dict.fromkeys(_top(i) for i in ids))
    where = ", ".join(_label(t, paper) for t in tops)
    explicit = next((e for f in fs if (e := _explicit_cause(
        paper, (f.get("check") or {}).get("claim") or f["id"]))), None)
    info = (paper.causes.get(explicit, {}) if paper is not None and explicit else {})
    lead = next(f for f in fs if f["kind"] == kind)
    if info:
        title, summary, corrected = info.get("title"), info.get("summary"), info.get("corrected")
    elif kind == "inconsistent-use":
        title, summary, corrected = _use_cause([f for f in fs if f["kind"] == kind], paper)
    elif kind == "missing-hypothesis" or (kind == "false-statement" and any(
            f.get("why") == "missing-hypothesis" for f in fs)):
        hyps = list(dict.fromkeys(f["hypothesis"] for f in fs if f.get("hypothesis")))
        parts = sorted({_label(i, paper) for i in ids if i not in tops}) or [
            _label(t, paper) for t in tops]
        false_at = list(dict.fromkeys(_top(f["id"]) for f in fs
                                      if f["kind"] == "false-statement"))
        others = [t for t in tops if t not in false_at]
        title = (f"{where}: hypotheses the proof uses are not listed"
                 if kind == "missing-hypothesis" else
                 f"{', '.join(_label(t, paper) for t in false_at)}: false as printed, for want "
                 "of hypotheses the proof uses" + (
                     f" ({', '.join(_label(t, paper) for t in others)}: the proof uses them "
                     "too)" if others else ""))
        summary = (f"{len(fs)} instance(s) over {', '.join(parts)}"
                   + (f"; needed and not implied by the listed hypotheses: "
                      f"{'; '.join(hyps)}" if hyps else "")
                   + ("" if len(tops) == 1 else
                      f" (a mirrored section repeats the omission: {where})"))
        own = [f["hypothesis"] for f in fs if f.get("hypothesis") and _top(f["id"]) == tops[0]]
        corrected = ("add to " + _label(tops[0], paper) + ": " + "; ".join(dict.fromkeys(own))
                     if own else next((f["corrected"] for f in fs if f.get("corrected")), None))
        recs = [f["correction"] for f in fs if f.get("correction")]
        if recs:
            corrected = _checked_correction(recs, paper)
    else:
        labels = list(dict.fromkeys(
            f["source"].split(",")[0] if f["kind"] == "wording" else _label(f["id"], paper)
            for f in fs))
        title = f"{', '.join(labels)}: {kind.replace('-', ' ')}"
        summary = f"{_label(lead['id'], paper)}: {lead['printed']}"
        if len(fs) > 1:
            summary += f" ({len(fs)} instances: " + ", ".join(
                f"{_label(f['id'], paper)} ({f['kind'].replace('-', ' ')})" for f in fs) + ")"
        corrected = next((f["corrected"] for f in fs if f.get("corrected")), None)
    return {"id": "", "kind": kind, "title": title, "summary": summary,
            "corrected": corrected, "findings": idx}


def _checked_correction(recs: list[dict[str, Any]], paper: Any) -> str:
    """One corrected form for a cause of omitted hypotheses, from the prover-checked records of
    :func:`errata_corrections.minimal` (entries in paper order, originals before mirrors)."""
    mirror = paper.mirror_of if paper is not None else (lambda c: c)
    recs = sorted(recs, key=lambda r: (mirror(r["entry"]) != r["entry"], r["entry"]))
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for r in recs:
        groups.setdefault((tuple(r["added"]), tuple(r["dropped"]), r["proved"],
                           tuple(r.get("proof_needs") or ())), []).append(r)
    out = []
    for (added, dropped, proved, proof_needs), rs in groups.items():
        names = ", ".join(_label(r["entry"], paper) for r in rs)
        if not added and proved:
            out.append(f"{names}: true as printed (proved); its proof as written uses "
                       f"{'; '.join(proof_needs or rs[0]['needed'])}, which it should list")
            continue
        line = f"{names}: add {'; '.join(added)}"
        if proved:
            line += " (proved" + (f"; not needed: {'; '.join(dropped)}" if dropped else "") + ")"
        elif (rs[0].get("support") or "").startswith("proved"):
            line += (f" ({rs[0]['support']}; the errata's quick proof attempt does not decide "
                     "it, so none is dropped)")
        else:
            why = rs[0].get("support") or (
                "the prover does not decide it: " + (rs[0].get("reason") or "no proof found"))
            line += f" (not proved; {clip(why, 160)})"
        out.append(line)
    used = sorted({e for r in recs if r["proved"] for e in r["relies_on"]})
    tail = f". Proofs: fact blackboard ({', '.join(used)})" if used else ""
    return "; ".join(out) + tail


def _use_cause(fs: list[dict[str, Any]], paper: Any) -> tuple[str, str, str | None]:
    """Title, summary and corrected form of a cause of ``inconsistent-use`` findings: the
    cited statement's constant, its proof's, and each use's, originals before mirrors."""
    mirror = paper.mirror_of if paper is not None else (lambda c: c)
    cited = list(dict.fromkeys(f["check"]["cited"] for f in fs))
    cited.sort(key=lambda c: (mirror(c) != c, c))
    names = list(dict.fromkeys(_label(c, paper) for c in cited))
    title = f"{', '.join(names)}: used with constants other than the statement's"
    parts = []
    for c in cited:
        mine = [f for f in fs if f["check"]["cited"] == c]
        head = f"{_label(c, paper)} states {mine[0]['stated']}"
        if mine[0].get("reached"):
            head += f" and its proof reaches {mine[0]['reached']}"
        uses = []
        for f in mine:
            how = ("the proof's" if f.get("reached") == f["used"] else "neither")
            where = _label(f["id"], paper)
            if f["check"]["type"] == "restatement":
                uses.append(f"{where}, which restates it, has {f['used']}")
            else:
                uses.append(f"{where} uses {f['used']} ({how})")
        parts.append(head + "; " + "; ".join(uses))
    summary = ("One lemma is quoted with different constants, so the chain of bounds does not "
               "follow from the statements as printed: " + ". ".join(parts) + ".")
    first = {c: next(f for f in fs if f["check"]["cited"] == c) for c in cited}
    fixes = [f"{_label(c, paper)}: {f['reached']}" for c, f in first.items() if f.get("reached")]
    fixed = ("quote each lemma in one form, the one its proof reaches, in its statement and at "
             "every use: " + "; ".join(fixes)) if fixes else ""
    rest = [f for f in fs if f["check"]["type"] == "restatement"]
    fixes = [fixed] if fixed else []
    fixes += [f"{_label(f['id'], paper)} restates {_label(f['check']['cited'], paper)}: give "
              f"both one constant (now {f['used']} and {f['stated']})" for f in rest]
    return title, summary, "; ".join(dict.fromkeys(fixes)) or None


# -- rendering ---------------------------------------------------------------------------------


def to_json(paper: str, items: list[dict[str, Any]],
            cause_list: list[dict[str, Any]] | None = None) -> str:
    cs = causes(items) if cause_list is None else cause_list
    return json.dumps({"paper": paper, "findings": items, "causes": cs}, indent=2,
                      ensure_ascii=False)


def _short_witness(w: Any, limit: int = 240) -> str:
    """A finding's witness on one line (:func:`symbolic.formatting.witness`), cut to ``limit``.

    >>> _short_witness({"n": 1, "alpha": -78.15629677910984, "X": [[-74.00614915857662]]})
    'n=1, alpha=-78.1563, X=[[-74.0061]]'
    """
    return clip(witness(w), limit)


def to_markdown(paper: str, items: list[dict[str, Any]],
                cause_list: list[dict[str, Any]] | None = None) -> str:
    cs = causes(items) if cause_list is None else cause_list
    lines = [f"# Errata: `{paper}`", "",
             f"{len(cs)} cause(s), {len(items)} finding(s). Causes come first, most severe "
             "first (false statements, of theorems first, then of the lemmas theorems use; "
             "formula mismatches, statements stronger than their proofs, invalid steps, "
             "inconsistent uses of a lemma, missing hypotheses, invalid citations, typos, "
             "wording); remarks that are not errors come last. Each cause folds its "
             "instances.", ""]
    for k, c in enumerate(cs, 1):
        if c["kind"] in REMARKS and (k == 1 or cs[k - 2]["kind"] not in REMARKS):
            lines += ["# Remarks (not errors)", ""]
        lines += [f"## {k}. {c['title']}", "",
                  f"- kind: {c['kind']}; {len(c['findings'])} instance(s)",
                  f"- summary: {c['summary']}"]
        readings = list(dict.fromkeys(items[i]["note"] for i in c["findings"]
                                      if items[i].get("note")))
        for r in readings[:2]:
            lines.append(f"- reading: {r}")
        lines.append(f"- corrected: {c['corrected']}" if c["corrected"] else
                     "- corrected: (none known)")
        lines += ["", "<details><summary>instances</summary>", ""]
        for i in c["findings"]:
            f = items[i]
            why = f", for want of: {f['why']}" if f.get("why") else ""
            lines.append(f"- `{f['id']}` ({f['kind']}{why}, {f['source']}): {f['printed']}")
            lines.append(f"  - evidence ({'rigorous' if f['rigorous'] else 'not rigorous'}): "
                         f"{clip(numbers_in(f['evidence']), 400)}")
            if f["witness"] is not None:
                lines.append(f"  - witness: `{_short_witness(f['witness'])}`")
        lines += ["", "</details>", ""]
    return numbers_in("\n".join(lines))


def to_latex(paper: str, items: list[dict[str, Any]],
             cause_list: list[dict[str, Any]] | None = None) -> str:
    """A standalone LaTeX document (amsmath, amssymb) that pdflatex compiles."""
    lines = [r"\documentclass{article}", r"\usepackage{amsmath,amssymb}",
             r"\begin{document}", rf"\section*{{Errata: {text(paper)}}}"]
    lines += latex_body(items, cause_list)
    lines += [r"\end{document}", ""]
    return "\n".join(x for x in lines if x)


def latex_body(items: list[dict[str, Any]], cause_list: list[dict[str, Any]] | None = None,
               witnesses: bool | str = True) -> list[str]:
    """Causes first (most severe first), each with its instances folded below it in small
    type: the errata section of a document (used by the report too); ``witnesses`` is
    ``True`` (every instance's), ``"first"`` (each cause's first instance) or ``False``."""
    cs = causes(items) if cause_list is None else cause_list
    out = [text(f"{len(cs)} cause(s), {len(items)} finding(s); causes most severe first, "
                "each followed by its instances.")]
    for k, c in enumerate(cs, 1):
        if c["kind"] in REMARKS and (k == 1 or cs[k - 2]["kind"] not in REMARKS):
            out.append(r"\subsection*{Remarks (not errors)}")
            out.append(text("Bounds that hold but say less than a trivial bound wherever they "
                            "could say something, with the sharp form where one is known."))
        out.append(rf"\subsection*{{{k}. {text(c['title'])}}}")
        out.append(rf"\textbf{{{text(c['kind'])}}}, {len(c['findings'])} instance(s). "
                   + btext(clip(numbers_in(c["summary"]), 1200)))
        lead = items[c["findings"][0]]
        if lead.get("printed_latex"):
            out.append(r"\begin{small}Printed: $" + lead["printed_latex"] + r"$\end{small}")
        # a finding's own LaTeX form, when the cause's corrected form is that finding's
        own = next((items[i] for i in c["findings"] if c["corrected"] is not None
                    and items[i].get("corrected") == c["corrected"]), {})
        if own.get("corrected_latex"):
            out.append(r"\par Corrected: $" + own["corrected_latex"] + "$")
        elif own.get("corrected_tex"):
            out.append(r"\par Corrected: " + own["corrected_tex"])
        elif c["corrected"]:
            out.append(r"\par Corrected: " + btext(clip(numbers_in(c["corrected"]), 1500)))
        notes = list(dict.fromkeys(items[i]["note"] for i in c["findings"]
                                   if items[i].get("note")))
        if notes:
            out.append(r"\par{\footnotesize Reading: " + btext(clip(numbers_in(notes[0]), 700))
                       + r"\par}")
        out.append(r"{\footnotesize\begin{itemize}\setlength{\itemsep}{0pt}")
        for i in c["findings"]:
            f = items[i]
            line = (rf"\item \texttt{{{btext(f['id'])}}} ({text(f['kind'])}"
                    + (f", {text(f['why'])}" if f.get("why") else "")
                    + (", rigorous" if f["rigorous"] else "") + "): ")
            line += btext(clip(f["printed"], 300)) if not f.get("hypothesis") else (
                "needs " + btext(f["hypothesis"]) + " (" + btext(f["source"]) + ")")
            if f["witness"] is not None and (witnesses is True or (
                    witnesses == "first" and i == c["findings"][0])):
                line += r"; witness \texttt{" + btext(_short_witness(f["witness"], 160)) + "}"
            out.append(line)
        out.append(r"\end{itemize}}")
    return out


def results_from_json(data: dict[str, Any]) -> list[Result]:
    """Rebuild check results from ``proofcheck check --json`` output (registered papers only),
    so that errata can be written from a finished run without re-checking; see
    :func:`proofs.reports.results_from_json`.

    >>> results_from_json({"results": []})
    []
    """
    from proofs.store.results_json import results_from_json as from_json

    return from_json(data)
