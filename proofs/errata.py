"""The errata report: every finding of a paper, with witness, evidence and corrected form.

A finding comes from a check result, never from a hard-coded verdict: a refuted claim (its kind
from the claim's ``finding`` tag, else ``false-statement`` for statements and ``invalid-step``
for proof steps) or a structural note (a proof chain that does not conclude its statement).

Example:
    >>> from symbolic import Status, Verdict, Claim, scalar
    >>> from proofs.results import Result
    >>> from proofs.errata import findings
    >>> x = scalar("x")
    >>> c = Claim("t:lemma-1", x, "<=", 0, finding="false-statement")
    >>> [f["kind"] for f in findings([Result.of(c, Verdict(Status.REFUTED, "sampling"))])]
    ['false-statement']
"""

from __future__ import annotations

import json
from typing import Any

from proofs.results import Result
from symbolic.claim import Prop
from symbolic.latex import escape_text, latex
from symbolic.verdict import Status

KINDS = ("formula-mismatch", "false-statement", "statement-stronger-than-proof",
         "missing-hypothesis", "invalid-step", "typo")


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


def findings(results: list[Result]) -> list[dict[str, Any]]:
    """Findings from check results."""
    out = []
    for r in results:
        c = r.claim
        if r.status is Status.REFUTED and c is not None:
            kind = c.finding or ("invalid-step" if c.kind == "step" else "false-statement")
            out.append({
                "id": r.id, "kind": kind, "source": r.source, "printed": _printed(r),
                "printed_latex": latex(c.prop), "corrected": _corrected(r),
                "witness": r.verdict.witness,
                "evidence": f"{r.verdict.method}: {r.verdict.message}",
                "rigorous": bool(r.verdict.rigorous), "note": c.note,
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
