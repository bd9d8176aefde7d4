"""The errata report: every finding of a paper, with witness, evidence and corrected form.

A finding comes from a check result, never from a hard-coded verdict: a refuted claim (its kind
from the claim's ``finding`` tag, else ``false-statement`` for statements and ``invalid-step``
for proof steps) or a structural note (a proof chain that does not conclude its statement).

Example:
    >>> from symbolic import Status, Verdict, Claim, scalar
    >>> from proofs.model.results import Result
    >>> from proofs.reports.errata import findings
    >>> x = scalar("x")
    >>> c = Claim("t:lemma-1", x, "<=", 0, finding="false-statement")
    >>> rs = [Result.of(c, Verdict(Status.REFUTED, "sampling"))]
    >>> [f["kind"] for f in findings(rs)]
    ['false-statement']
"""

from __future__ import annotations

import json
from typing import Any

from proofs.model.results import Result
from symbolic.claim import Prop
from symbolic.latex import escape_text, latex
from symbolic.verdict import Status

KINDS = ("formula-mismatch", "false-statement", "statement-stronger-than-proof",
         "missing-hypothesis", "invalid-step", "typo")
#: ``finding`` of a planted check (a claim the encoding adds, expected refuted by construction,
#: e.g. a wrong convention): its refutation shows the checker works and is not a paper finding.
PLANTED = "planted"


def _printed(r: Result) -> str:
    c = r.claim
    if c is None:
        return r.description
    hyp = "; ".join(str(h) for h in c.hypotheses)
    return f"{c.prop}" + (f"  (under {hyp})" if hyp else "")


def _corrected(r: Result) -> str | None:
    c = r.claim
    if c is None or c.corrected is None:
        return None
    if isinstance(c.corrected, Prop):
        return str(c.corrected)
    return str(c.corrected)


def findings(results: list[Result], flow: list[dict[str, Any]] | None = None
             ) -> list[dict[str, Any]]:
    """Findings from check results, plus the missing-hypothesis findings ``flow`` that
    :func:`proofs.tools.hypothesis_flow.flow_findings` established (computed by the caller:
    rendering never runs a check)."""
    return _result_findings(results) + list(flow or [])


def _result_findings(results: list[Result]) -> list[dict[str, Any]]:
    out = []
    for r in results:
        c = r.claim
        if r.status is Status.REFUTED and c is not None and c.finding == PLANTED:
            continue  # a planted check did its job: not a finding of the paper
        if r.status is Status.REFUTED and c is not None:
            kind = c.finding or ("invalid-step" if c.kind == "step" else "false-statement")
            out.append({
                "id": r.id, "kind": kind, "source": r.source, "printed": _printed(r),
                "printed_latex": latex(c.prop), "corrected": _corrected(r),
                "witness": r.verdict.witness,
                "evidence": f"{r.verdict.method}: {r.verdict.message}",
                "rigorous": bool(r.verdict.rigorous), "note": c.note,
            })
        if c is not None and r.status is Status.REFUTED:
            out[-1]["check"] = {"type": "claim", "claim": r.id}
        cr = r.conclusion
        if cr is not None and cr.status is Status.REFUTED and cr.claim is not None:
            st = c.prop if c is not None else None
            reach = f"{st.lhs} {cr.claim.rel.value} {cr.claim.lhs}" if st is not None else None
            out.append({
                "id": r.id, "kind": "statement-stronger-than-proof", "source": r.source,
                "printed": _printed(r), "printed_latex": latex(c.prop) if c else "",
                "corrected": f"{reach}  (what the proof chain reaches)" if reach else None,
                "witness": cr.verdict.witness,
                "evidence": (f"the chain ends at {cr.claim.lhs}; the needed implication "
                             f"{cr.claim.prop} is refuted ({cr.verdict.method}: "
                             f"{cr.verdict.message})"),
                "rigorous": bool(cr.verdict.rigorous),
                "note": "the statement may still hold (see its own verdict: "
                        f"{r.status.value}); its proof does not reach it",
                "check": {"type": "conclusion", "claim": r.id},
            })
        for note in r.notes:
            if "not the statement" in note and r.status is not Status.REFUTED:
                out.append({
                    "id": r.id, "kind": "statement-stronger-than-proof",
                    "source": r.source, "printed": _printed(r), "printed_latex": "",
                    "corrected": None, "witness": None,
                    "evidence": f"structural: {note}", "rigorous": True,
                    "note": "",
                })
    return out


def to_json(paper: str, items: list[dict[str, Any]]) -> str:
    return json.dumps({"paper": paper, "findings": items}, indent=2)


def to_markdown(paper: str, items: list[dict[str, Any]]) -> str:
    lines = [f"# Errata: `{paper}`", "", f"{len(items)} finding(s).", ""]
    for k, f in enumerate(items, 1):
        lines += [f"## {k}. `{f['id']}` ({f['source']}): {f['kind']}", "",
                  f"- printed: `{f['printed']}`",
                  f"- corrected: `{f['corrected']}`" if f["corrected"] else
                  "- corrected: (none known)",
                  f"- evidence: {f['evidence']}",
                  f"- rigorous: {'yes' if f['rigorous'] else 'no'}"]
        if f["witness"] is not None:
            lines.append(f"- witness: `{json.dumps(f['witness'])}`")
        if f.get("note"):
            lines.append(f"- reading: {f['note']}")
        lines.append("")
    return "\n".join(lines)


def to_latex(paper: str, items: list[dict[str, Any]]) -> str:
    lines = [r"\documentclass{article}", r"\usepackage{amsmath,amssymb}",
             r"\begin{document}", rf"\section*{{Errata: {escape_text(paper)}}}",
             r"\begin{enumerate}"]
    for f in items:
        lines.append(rf"\item \texttt{{{escape_text(f['id'])}}} ({escape_text(f['source'])}): "
                     rf"\textbf{{{escape_text(f['kind'])}}}.")
        if f["printed_latex"]:
            lines.append(rf"Printed: $ {f['printed_latex']} $.")
        if f["corrected"]:
            lines.append(rf"Corrected: \texttt{{{escape_text(f['corrected'])}}}.")
        lines.append(rf"Evidence: {escape_text(f['evidence'])}"
                     + (" (rigorous)." if f["rigorous"] else " (not rigorous)."))
        if f["witness"] is not None:
            w = json.dumps(f["witness"])
            lines.append(rf"Witness: \texttt{{{escape_text(w[:300])}}}.")
    lines += [r"\end{enumerate}", r"\end{document}", ""]
    return "\n".join(lines)


def results_from_json(data: dict[str, Any]) -> list[Result]:
    """Rebuild check results from ``proofcheck check --json`` output (registered papers only),
    so that errata can be written from a finished run without re-checking; see
    :func:`proofs.reports.results_from_json`.

    >>> results_from_json({"results": []})
    []
    """
    from proofs.store.results_json import results_from_json as from_json

    return from_json(data)
