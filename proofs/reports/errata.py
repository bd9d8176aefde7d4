"""The errata of a paper, rendered: every finding of a :class:`~proofs.review.model.Review`
with its witness, evidence and corrected form, grouped by root cause, as Markdown, JSON or
LaTeX. The findings and causes come computed (:func:`proofs.review.review`); nothing here
runs a check.

Example:
    >>> from proofs.review.model import Cause, Finding
    >>> f = Finding("t:lemma-1", "false-statement", "Lemma 1", "x ≤ 0", "sampling: 1 > 0 at x = 1",
    ...             witness={"x": 1.0})
    >>> md = to_markdown("t", [f], [Cause("cause-1", "false-statement", "Lemma 1: false", "x ≤ 0",
    ...                                   None, [0])])
    >>> md.splitlines()[4], "witness: `x=1`" in md
    ('## 1. Lemma 1: false', True)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from proofs.model.lemma import PLANTED
from proofs.model.results import Result
from proofs.reports.tex_text import btext, text
from proofs.review.model import KINDS, REMARKS, SEVERITY, Cause, Finding
from symbolic.formatting import clip, numbers_in, witness

__all__ = ["KINDS", "PLANTED", "RENDER", "SEVERITY", "latex_body", "results_from_json",
           "to_json", "to_latex", "to_markdown"]


def to_json(paper: str, findings: Sequence[Finding], causes: Sequence[Cause]) -> str:
    """``{"paper", "findings", "causes"}``: each finding's record and each cause's, whose
    ``findings`` index the findings."""
    return json.dumps({"paper": paper, "findings": [f.to_json() for f in findings],
                       "causes": [c.to_json() for c in causes]}, indent=2, ensure_ascii=False)


def _short_witness(w: Any, limit: int = 240) -> str:
    """A finding's witness on one line (:func:`symbolic.formatting.witness`), cut to ``limit``.

    >>> _short_witness({"n": 1, "alpha": -78.15629677910984, "X": [[-74.00614915857662]]})
    'n=1, alpha=-78.1563, X=[[-74.0061]]'
    """
    return clip(witness(w), limit)


def to_markdown(paper: str, items: Sequence[Finding], cs: Sequence[Cause]) -> str:
    """The errata in Markdown: causes first, most severe first, each with its instances in a
    fold-out list."""
    lines = [f"# Errata: `{paper}`", "",
             f"{len(cs)} cause(s), {len(items)} finding(s). Causes come first, most severe "
             "first (false statements, of theorems first, then of the lemmas theorems use; "
             "formula mismatches, statements stronger than their proofs, invalid steps, "
             "inconsistent uses of a lemma, missing hypotheses, invalid citations, typos, "
             "wording); remarks that are not errors come last. Each cause folds its "
             "instances.", ""]
    for k, c in enumerate(cs, 1):
        if c.kind in REMARKS and (k == 1 or cs[k - 2].kind not in REMARKS):
            lines += ["# Remarks (not errors)", ""]
        lines += [f"## {k}. {c.title}", "",
                  f"- kind: {c.kind}; {len(c.findings)} instance(s)",
                  f"- summary: {c.summary}"]
        readings = list(dict.fromkeys(items[i].note for i in c.findings if items[i].note))
        for r in readings[:2]:
            lines.append(f"- reading: {r}")
        lines.append(f"- corrected: {c.corrected}" if c.corrected else
                     "- corrected: (none known)")
        lines += ["", "<details><summary>instances</summary>", ""]
        for i in c.findings:
            f = items[i]
            why = f", for want of: {f.why}" if f.why else ""
            lines.append(f"- `{f.id}` ({f.kind}{why}, {f.source}): {f.printed}")
            lines.append(f"  - evidence ({'rigorous' if f.rigorous else 'not rigorous'}): "
                         f"{clip(numbers_in(f.evidence), 400)}")
            if f.witness is not None:
                lines.append(f"  - witness: `{_short_witness(f.witness)}`")
        lines += ["", "</details>", ""]
    return numbers_in("\n".join(lines))


def to_latex(paper: str, items: Sequence[Finding], cs: Sequence[Cause]) -> str:
    """A standalone LaTeX document (amsmath, amssymb) that pdflatex compiles."""
    lines = [r"\documentclass{article}", r"\usepackage{amsmath,amssymb}",
             r"\begin{document}", rf"\section*{{Errata: {text(paper)}}}"]
    lines += latex_body(items, cs)
    lines += [r"\end{document}", ""]
    return "\n".join(x for x in lines if x)


def latex_body(items: Sequence[Finding], cs: Sequence[Cause],
               witnesses: bool | str = True) -> list[str]:
    """Causes first (most severe first), each with its instances folded below it in small
    type: the errata section of a document (used by the report too); ``witnesses`` is
    ``True`` (every instance's), ``"first"`` (each cause's first instance) or ``False``."""
    out = [text(f"{len(cs)} cause(s), {len(items)} finding(s); causes most severe first, "
                "each followed by its instances.")]
    for k, c in enumerate(cs, 1):
        if c.kind in REMARKS and (k == 1 or cs[k - 2].kind not in REMARKS):
            out.append(r"\subsection*{Remarks (not errors)}")
            out.append(text("Bounds that hold but say less than a trivial bound wherever they "
                            "could say something, with the sharp form where one is known."))
        out.append(rf"\subsection*{{{k}. {text(c.title)}}}")
        out.append(rf"\textbf{{{text(c.kind)}}}, {len(c.findings)} instance(s). "
                   + btext(clip(numbers_in(c.summary), 1200)))
        lead = items[c.findings[0]]
        if lead.printed_latex:
            out.append(r"\begin{small}Printed: $" + lead.printed_latex + r"$\end{small}")
        # a finding's own LaTeX form, when the cause's corrected form is that finding's
        own = next((items[i] for i in c.findings if c.corrected is not None
                    and items[i].corrected == c.corrected), None)
        if own is not None and own.corrected_latex:
            out.append(r"\par Corrected: $" + own.corrected_latex + "$")
        elif own is not None and own.corrected_tex:
            out.append(r"\par Corrected: " + own.corrected_tex)
        elif c.corrected:
            out.append(r"\par Corrected: " + btext(clip(numbers_in(c.corrected), 1500)))
        notes = list(dict.fromkeys(items[i].note for i in c.findings if items[i].note))
        if notes:
            out.append(r"\par{\footnotesize Reading: " + btext(clip(numbers_in(notes[0]), 700))
                       + r"\par}")
        out.append(r"{\footnotesize\begin{itemize}\setlength{\itemsep}{0pt}")
        for i in c.findings:
            f = items[i]
            line = (rf"\item \texttt{{{btext(f.id)}}} ({text(f.kind)}"
                    + (f", {text(f.why)}" if f.why else "")
                    + (", rigorous" if f.rigorous else "") + "): ")
            line += btext(clip(f.printed, 300)) if not f.hypothesis else (
                "needs " + btext(f.hypothesis) + " (" + btext(f.source) + ")")
            if f.witness is not None and (witnesses is True or (
                    witnesses == "first" and i == c.findings[0])):
                line += r"; witness \texttt{" + btext(_short_witness(f.witness, 160)) + "}"
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


#: the renderer of each ``proofcheck errata --format``
RENDER = {"md": to_markdown, "json": to_json, "tex": to_latex}
