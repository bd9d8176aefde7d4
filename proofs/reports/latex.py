"""A paper's verification report as a LaTeX document (``proofcheck report``), and PDF output.

Everything printed comes from a :class:`~proofs.review.model.Review` (:func:`proofs.review.review`)
and the objects the checker ran: each entry's statement and proof chain from
:mod:`proofs.model`, each verdict from a :class:`~proofs.model.results.Result`, the errata, the
citations and the derivations as the review found them; nothing here runs a check. Only
packages shipped in Debian's ``texlive-latex-base`` are used (``color`` rather than
``xcolor``; the document falls back to bold badges without it).

Example:
    >>> from proofs import registry
    >>> from proofs.review.model import Review
    >>> from proofs.reports.latex import document
    >>> tex = document(Review(registry.paper("closeness"), []))
    >>> tex.startswith(r"\\documentclass") and r"\\end{document}" in tex
    True
    >>> "closeness:lemma-3.3" in tex
    True
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from typing import Any

import sympy as sp

from proofs.model import Chain, Lemma, Paper
from proofs.model.conclusion import conclusion_claim, entry_notes
from proofs.model.results import Result
from proofs.reports import graph
from proofs.reports.errata import latex_body
from proofs.reports.tex_text import btext, text
from proofs.review.model import CitationCheck, Review, ShownDerivation, paper_order
from proofs.store.atomic import write_atomic
from symbolic.claim import Claim, Prop
from symbolic.formatting import clip, expressions_in, number, numbers_in
from symbolic.latex import latex
from symbolic.verdict import Status

NOT_CHECKED = "not checked"
STATUS_COLOURS = {  # rgb, for color.sty (xcolor is not in texlive-latex-base)
    "proved": "0.05,0.45,0.10", "refuted": "0.75,0.05,0.05", "supported": "0.05,0.30,0.65",
    "unknown": "0.80,0.45,0.00", "skipped": "0.45,0.45,0.45", "error": "0.55,0.00,0.55",
    NOT_CHECKED: "0.60,0.60,0.60",
}
KIND_ORDER = ("definition", "fact", "lemma", "claim", "theorem", "equation", "extra", "step")
FIGURE_EXTENSIONS = (".pdf", ".png", ".jpg", ".jpeg")
class LatexError(RuntimeError):
    """pdflatex is missing or could not compile the document (one-line message)."""


# -- text and numbers ---------------------------------------------------------------------------


def tid(cid: str) -> str:
    r"""An id in monospace that may break after its colons.

    >>> tid("closeness:lemma-3.3:step-1")
    '\\texttt{closeness:\\allowbreak{}lemma-3.3:\\allowbreak{}step-1}'
    """
    return r"\texttt{" + r":\allowbreak{}".join(text(p) for p in cid.split(":")) + "}"


def breakable_tt(s: str, every: int = 8) -> str:
    r"""Monospace text that may break between chunks (for long numbers and ids).

    >>> breakable_tt("abcdefghij", 4)
    '\\texttt{abcd\\allowbreak{}efgh\\allowbreak{}ij}'
    """
    chunks = [s[k:k + every] for k in range(0, len(s), every)] or [""]
    return r"\texttt{" + r"\allowbreak{}".join(text(c) for c in chunks) + "}"


_DECIMAL = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?")


def num(x: Any) -> str:
    r"""A number in math mode (:func:`symbolic.formatting.number`, 6 significant digits), e.g.
    ``1.31074 \cdot 10^{6}``; ``-`` for None, text if not numeric.

    >>> num(1310739.37), num(0.5), num(None), num("nan"), num("-2.5e-400")
    ('1.31074 \\cdot 10^{6}', '0.5', '-', '\\text{nan}', '-2.5 \\cdot 10^{-400}')
    """
    if x is None:
        return "-"
    s = number(x)
    if not _DECIMAL.fullmatch(s):
        return rf"\text{{{text(s)}}}"
    mant, _, exp = s.partition("e")
    return rf"{mant} \cdot 10^{{{int(exp)}}}" if exp else mant


def badge(status: Status | str) -> str:
    """The coloured status badge macro for ``status`` (``\\pcbadge{...}``)."""
    name = status.value if isinstance(status, Status) else str(status)
    return rf"\pcbadge{{{name}}}"


# -- expressions, chains, witnesses -------------------------------------------------------------


_W_START, _W_STEP = r"0.6\linewidth", r"0.5\linewidth"


def fit(body: str, width: str = r"\linewidth") -> str:
    """Math scaled down to ``width`` when it is wider (``\\pcfit``)."""
    return rf"\pcfit{{{width}}}{{{body}}}"


def _hypotheses(hyps: Sequence[Prop]) -> str:
    return ", ".join(f"${latex(h)}$" for h in hyps)


def _shape(v: Any) -> tuple[int, int] | None:
    if not isinstance(v, list):
        return None
    if v and all(isinstance(r, list) for r in v):
        return len(v), max(len(r) for r in v)
    return len(v), 1


def _matrix(rows: list[list[Any]], cap: int = 6) -> str:
    r, c = len(rows), max((len(row) for row in rows), default=0)
    body = []
    for row in rows[:cap]:
        cells = [num(v) for v in row[:cap]] + ([r"\cdots"] if c > cap else [])
        body.append(" & ".join(cells))
    if r > cap:
        body.append(" & ".join([r"\vdots"] * (min(c, cap) + (c > cap))))
    return r"\begin{pmatrix}" + r" \\ ".join(body) + r"\end{pmatrix}"


def _value(v: Any) -> str:
    if not isinstance(v, list):
        return num(v)
    if not v:
        return "()"
    if all(isinstance(r, list) for r in v):
        if all(len(r) == 1 for r in v) and len(v) > 1:  # column vector: print transposed
            return _matrix([[r[0] for r in v]], cap=8) + r"^{\top}"
        return _matrix(v)
    return _matrix([list(v)], cap=8)


def _flat_count(v: Any) -> int:
    return sum(_flat_count(x) for x in v) if isinstance(v, list) else 1


def witness_latex(witness: dict[str, Any] | None, exact_limit: int = 120) -> str:
    """A witness: readable values (:func:`num`, 6 significant digits) and, for small
    witnesses, the exact values (as the JSON has them).

    >>> print(witness_latex({"alpha": -78.15, "X": [[-74.0]]}).splitlines()[0])
    \\begin{center}\\small $\\alpha = -78.15$;\\quad $X = \\begin{pmatrix}-74\\end{pmatrix}$
    """
    if not witness:
        return ""
    parts = [f"${sp.latex(sp.Symbol(str(k)))} = {_value(v)}$" for k, v in witness.items()]
    out = [r"\begin{center}\small " + r";\quad ".join(parts), r"\end{center}"]
    total = sum(_flat_count(v) for v in witness.values())
    if total <= exact_limit:
        exact = json.dumps(witness, separators=(", ", ": "))
        out.append(r"{\footnotesize\raggedright Exact values (JSON): " + breakable_tt(exact, 10)
                   + r"\par}")
    else:
        out.append(rf"{{\footnotesize The witness has {total} numbers; its exact values are in "
                   r"the JSON output of \texttt{proofcheck check ID --json FILE}.\par}")
    return "\n".join(out)


# -- results ------------------------------------------------------------------------------------


def all_entries(paper: Paper) -> list[Lemma]:
    """Every entry of ``paper`` and, after each, its parts (recursively), in the paper's order."""
    out: list[Lemma] = []
    for e in paper.entries:
        out += e.all_entries() if hasattr(e, "all_entries") else [e]
    return out


def _status_name(r: Result | None) -> str:
    return NOT_CHECKED if r is None else r.status.value


def _mark(r: Result | None) -> str:
    out = badge(_status_name(r))
    if r is not None and r.unexpected:
        out += r" \pcunexpected{}"
    return out


def _verdict_line(r: Result | None) -> str:
    if r is None:
        return r"\pcbadge{not checked}"
    v = r.verdict
    bits = [_mark(r), "rigorous" if v.rigorous else "not rigorous"]
    if v.method:
        bits.append(text(v.method))
    if v.slack is not None:
        bits.append(f"slack ${num(v.slack)}$")
    if r.expect:
        bits.append(f"expected: {text(r.expect)}")
    line = r" \textperiodcentered{} ".join(bits)
    if v.message:
        line += (r"\\{\footnotesize\raggedright " + btext(clip(numbers_in(v.message), 400))
                 + r"\par}")
    return line


# -- the document -------------------------------------------------------------------------------

PREAMBLE = r"""\documentclass[10pt,a4paper]{article}
\usepackage[margin=2cm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage{graphicx}
\usepackage{longtable,array}
\IfFileExists{color.sty}{\usepackage{color}\def\pchavecolor{1}}{}
\IfFileExists{hyperref.sty}{\usepackage[hidelinks]{hyperref}}{%
  \providecommand{\hypertarget}[2]{#2}\providecommand{\hyperlink}[2]{#2}}
\allowdisplaybreaks
\setlength{\parindent}{0pt}
\sloppy
\setcounter{tocdepth}{2}
\setlength{\parskip}{0.4em}
\newsavebox{\pcbox}
\newcommand{\pcfit}[2]{\sbox{\pcbox}{$\displaystyle #2$}%
  \ifdim\wd\pcbox>#1\relax\resizebox{#1}{!}{\usebox{\pcbox}}\else\usebox{\pcbox}\fi}
\newcommand{\pcjust}[1]{\parbox[t]{0.34\linewidth}{\raggedright\footnotesize #1}}
\ifdefined\pchavecolor
%COLOURS%
  \newcommand{\pcbadge}[1]{{\setlength{\fboxsep}{1.5pt}%
    \colorbox{pc#1}{\textcolor{white}{\sffamily\bfseries\footnotesize\strut #1}}}}
  \newcommand{\pcunexpected}{\textcolor{pcrefuted}{\bfseries (unexpected)}}
\else
  \newcommand{\pcbadge}[1]{{\setlength{\fboxsep}{1.5pt}\fbox{\sffamily\bfseries\footnotesize #1}}}
  \newcommand{\pcunexpected}{\textbf{(unexpected)}}
\fi
"""


def _preamble() -> str:
    colours = "\n".join(rf"  \definecolor{{pc{k}}}{{rgb}}{{{v}}}"
                        for k, v in STATUS_COLOURS.items())
    return PREAMBLE.replace("%COLOURS%", colours) + graph.PREAMBLE


def _summary(results: list[Result], paper: Paper) -> list[str]:
    checked = {r.id for r in results}
    missing = [c.id for c in paper.claims() if c.id not in checked]
    statuses = [s.value for s in Status] + ([NOT_CHECKED] if missing else [])
    kinds = [k for k in KIND_ORDER if any(r.kind == k for r in results)]
    kinds += sorted({r.kind for r in results} - set(kinds))
    table = [r"\begin{center}\small\begin{tabular}{l" + "r" * (len(statuses) + 1) + "}",
             r"\hline",
             "kind & " + " & ".join(badge(s) for s in statuses) + r" & total \\", r"\hline"]

    def row(label: str, rs: list[Result], extra_missing: int) -> str:
        cells = [str(sum(r.status is s for r in rs)) for s in Status]
        if missing:
            cells.append(str(extra_missing))
        return f"{label} & " + " & ".join(cells) + rf" & {len(rs) + extra_missing} \\"

    for k in kinds:
        table.append(row(text(k), [r for r in results if r.kind == k], 0))
    if missing:
        table.append(row(NOT_CHECKED, [], len(missing)))
    table += [r"\hline", row(r"\textbf{all}", results, len(missing)), r"\hline",
              r"\end{tabular}\end{center}"]
    out = [r"\section{Summary}", "\n".join(table)]
    unexpected = [r for r in results if r.unexpected]
    refuted = [r for r in results if r.status is Status.REFUTED]
    out.append(r"{\raggedright " + f"{len(results)} results; " + (
        rf"\textbf{{{len(unexpected)} unexpected}} \pcunexpected{{}}: "
        + ", ".join(rf"\hyperlink{{{r.id}}}{{{tid(r.id)}}}" for r in unexpected)
        if unexpected else "every verdict is as the encoding expects") + r".\par}")
    if refuted:
        out.append(r"{\raggedright Refuted (a witness confirmed at high precision): "
                   + ", ".join(rf"\hyperlink{{{r.id}}}{{{tid(r.id)}}}" for r in refuted)
                   + r".\par}")
    if missing:
        out.append(f"{len(missing)} claim(s) of the paper have no result in this run "
                   rf"(marked {badge(NOT_CHECKED)}).")
    out.append(
        r"\textbf{Statuses.} "
        r"\pcbadge{proved}: exact symbolic reasoning or an arb interval enclosure over the whole "
        r"stated domain. \pcbadge{refuted}: a witness violating the claim, confirmed by "
        r"high-precision re-evaluation (rigorous when arb certified it). \pcbadge{supported}: no "
        r"violation found by sampling and adversarial search: evidence, not proof. "
        r"\pcbadge{unknown}, \pcbadge{skipped} (a back end does not apply) and \pcbadge{error} "
        r"(the check itself broke) decide nothing. Slack is the worst observed $\mathrm{lhs}/"
        r"\mathrm{rhs}$ (for $\le$ with positive sides; $\mathrm{rhs}/\mathrm{lhs}$ for $\ge$), "
        r"else the worst $\mathrm{rhs}-\mathrm{lhs}$; for equalities the worst relative "
        r"difference.")
    return out


def _chain_block(chain: Chain, step_results: list[Result | None], label: str,
                 heading: str, listed: Sequence[Prop] = (), offset: int = 0) -> list[str]:
    extra: list[Prop] = []
    for link in chain.links:
        extra += [h for h in link.extra_hypotheses if h not in extra and h not in listed]
    head = heading
    if extra:
        head += (r" The steps also assume "
                 + ", ".join(f"(H{k}) ${latex(h)}$" for k, h in enumerate(extra, start=1))
                 + r"; each step lists those it uses.")
    rows = [head, r"\begin{align*}", "&" + fit(latex(chain.start), _W_START) + r" \\"]
    for k, (link, r) in enumerate(zip(chain.links, step_results), start=1):
        why = [rf"\textbf{{[{label} {k + offset}]}} {_mark(r)}"]
        if link.justification:
            why.append(text(link.justification))
        if link.cites:
            why.append("cites " + ", ".join(_cite(c) + _bind(getattr(link, "bind", {}), c)
                                            for c in link.cites))
        used = [f"H{extra.index(h) + 1}" for h in link.extra_hypotheses if h in extra]
        if used:
            why.append("assuming " + ", ".join(used))
        if r is not None and r.verdict.slack is not None:
            why.append(f"slack ${num(r.verdict.slack)}$")
        row = (rf"&\quad {link.rel.latex}\ " + fit(latex(link.expr), _W_STEP)
               + rf" && \pcjust{{{'; '.join(why)}}}")
        rows.append(row + (r" \\" if k < len(chain.links) else ""))
    rows.append(r"\end{align*}")
    out = ["\n".join(rows)]
    for k, (link, r) in enumerate(zip(chain.links, step_results), start=1 + offset):
        if link.note:
            out.append(rf"{{\footnotesize \emph{{{label} {k}, reading:}} {btext(link.note)}\par}}")
        if r is not None and r.status is Status.REFUTED:
            out.append(rf"\textbf{{Witness refuting {label} {k}}} "
                       rf"({tid(r.id)}):")
            out.append(witness_latex(r.verdict.witness))
        if link.corrected is not None:
            out.append(rf"\emph{{{label} {k}, corrected form:}} {_corrected(link.corrected)}")
    return out


def _bind(bind: dict[str, Any], cid: str) -> str:
    r"""`` with $x \mapsto x_1$`` for a citation's instantiation (or several, joined by
    ``and``), or ``""``.

    >>> import sympy as sp
    >>> _bind({"c:fact-1": [{"x": sp.Symbol("a")}, {"x": sp.Symbol("b")}]}, "c:fact-1")
    ' with $x \\mapsto a$ and $x \\mapsto b$'
    """
    subs = (bind or {}).get(cid)
    if not subs:
        return ""
    insts = subs if isinstance(subs, (list, tuple)) else [subs]

    def one(inst: Any) -> str:
        if not isinstance(inst, dict):
            return text(str(inst))
        return ", ".join(f"${sp.latex(sp.Symbol(str(k)))} \\mapsto {latex(v)}$"
                         for k, v in inst.items())

    return " with " + " and ".join(one(i) for i in insts)


def _cite(cid: str) -> str:
    return rf"\hyperlink{{{cid}}}{{\texttt{{{text(cid)}}}}}"


def _corrected(corr: Any) -> str:
    if hasattr(corr, "latex") and hasattr(corr, "pieces"):  # proofs.model.Text
        return corr.latex(text)
    if isinstance(corr, (Prop, Claim)):
        return "$" + latex(corr) + "$"
    if isinstance(corr, sp.Basic):
        return "$" + latex(corr) + "$"
    return text(corr)


def _entry(entry: Lemma, by_id: dict[str, Result], part: bool = False) -> list[str]:
    r = by_id.get(entry.id)
    level = "subsubsection" if part else "subsection"
    title = text(entry.source or entry.id)
    parts = getattr(entry, "parts", [])
    line = rf"{tid(entry.id)}\quad " + (_verdict_line(r) if r is not None or not parts else
                                        "(the parts below are checked one by one)")
    out = [rf"\{level}*{{\hypertarget{{{entry.id}}}{{}}{title}}}",
           rf"\addcontentsline{{toc}}{{{level}}}{{{title}}}", line]
    if entry.description:
        out.append(r"{\small\emph{" + btext(entry.description) + r"}\par}")
    if entry.hypotheses:
        out.append(r"\textbf{Hypotheses:} " + _hypotheses(entry.hypotheses) + ".")
    chain_results = [by_id.get(cid) for cid in entry.claim_ids()
                     if cid.startswith(f"{entry.id}:step-")]
    if isinstance(entry.statement, Prop):
        out.append(r"\textbf{Statement} (as printed):" + "\n" + r"\begin{center}"
                   + fit(latex(entry.statement)) + r"\end{center}")
    elif isinstance(entry.statement, Chain):
        out += _chain_block(entry.statement, chain_results, "link",
                            r"\textbf{Statement} (as printed, a chain; each link is checked):",
                            entry.hypotheses)
    elif not parts:
        out.append(r"\emph{No checkable statement is encoded for this entry.}")
    if entry.printed:
        out.append(r"{\small Printed text: " + breakable_tt(entry.printed, 12) + r"\par}")
    if entry.cites:
        out.append("Cites " + ", ".join(_cite(c) for c in entry.cites) + ".")
    if entry.note:
        out.append(r"{\footnotesize \emph{Reading of the source:} " + btext(entry.note)
                   + r"\par}")
    if r is not None and r.status is Status.REFUTED and r.verdict.witness:
        out += [r"\textbf{Witness} (the statement fails here):", witness_latex(r.verdict.witness)]
    if entry.corrected is not None:
        out.append(r"\textbf{Corrected form} (not applied to the check): "
                   + _corrected(entry.corrected))
    first = 0
    for k, chain in enumerate(entry.chains(), start=1):
        many = len(entry.chains()) > 1
        title = (rf"\textbf{{Proof, chain {k}}} (as printed, step by step)."
                 + (" It concludes the statement." if chain is entry.proof else "")
                 if many else r"\textbf{Proof chain} (as printed, step by step).")
        out += _chain_block(chain, chain_results[first:first + len(chain.links)], "step",
                            title, entry.hypotheses, first)
        first += len(chain.links)
    if r is not None:
        out += [_structure(entry, n) for n in r.notes]
    else:  # not run: the structural check needs no sampling, so show it anyway
        out += [_structure(entry, n) for n in entry_notes(entry)]
    return out


def _structure(entry: Lemma, note: str) -> str:
    """A runner note on the proof's structure, with the chain's conclusion typeset."""
    concl = entry.proof.conclusion() if entry.proof is not None else None
    if concl is not None and "not the statement" in note and isinstance(entry.statement, Prop):
        return (r"\textbf{Structure:} the proof chain concludes $" + latex(concl)
                + r"$, not the statement $" + latex(entry.statement) + r"$ (a "
                r"\emph{statement-stronger-than-proof} finding unless the statement is refuted).")
    owed = conclusion_claim(entry)  # what a runner's note on the chain's end printed
    shown = [x for x in (owed, concl, entry.statement) if x is not None]
    return r"{\small \emph{Structure:} " + btext(expressions_in(note, *shown)) + r".\par}"


def _longtable(columns: str, header: str, rows: list[str]) -> str:
    """A small-print ``longtable`` (the first column ragged right) with ``header`` and ``rows``."""
    return "\n".join([r"{\footnotesize\begin{longtable}{>{\raggedright\arraybackslash}" + columns
                      + "}", r"\hline", header + r" \\ \hline\endhead", *rows, r"\hline",
                      r"\end{longtable}}"])


def _slack_table(results: list[Result]) -> list[str]:
    rows = [r for r in results if r.verdict.slack is not None and r.claim is not None
            and r.claim.rel.direction != 0]
    out = [r"\section{Slack of the inequalities}",
           r"For each inequality: the worst observed slack (see the Summary for its meaning), "
           r"the worst float margin the search saw, and the evaluations spent. A slack near 1 "
           r"(or near 0 for differences) means the inequality is tight where the search looked."]
    if not rows:
        return [*out, r"\emph{No inequality has a recorded slack.}"]
    lines = [rf"\hyperlink{{{r.id}}}{{{tid(r.id)}}} & ${r.claim.rel.latex}$ & {_mark(r)} "
             rf"& ${num(r.verdict.slack)}$ & ${num(r.verdict.worst_margin)}$ & "
             rf"{r.verdict.evaluations} \\" for r in rows]
    return [*out, _longtable(r"p{0.38\linewidth}llrrr",
                             "id & rel. & status & slack & worst margin & evaluations", lines)]


def _errata(rv: Review) -> list[str]:
    """The errata section: root causes first, most severe first, instances folded below
    (:func:`proofs.reports.errata.latex_body`)."""
    out = [r"\section{Errata}"]
    if not rv.findings:
        return [*out, r"No finding: no claim was refuted and every proof chain concludes its "
                      r"statement."]
    return [*out, *latex_body(rv.findings, rv.causes, witnesses="first")]


def _graphs(paper: Paper, by_id: dict[str, Result]) -> list[str]:
    """One claim graph per theorem (:mod:`proofs.reports.graph`)."""
    graphs = graph.claim_graph(paper, by_id)
    if not graphs:
        return []
    out = [r"\section{Claim graphs}",
           r"Each theorem and, below it, what its proof cites, transitively. Green: proved; "
           r"orange: proved relative to a refuted statement it rests on; red: refuted as printed; "
           r"grey: supported by evidence only."]
    for g in graphs:
        out.append(rf"\subsection*{{{text(next(n['label'] for n in g['nodes']))}}}")
        out.append(graph.latex_graph(g))
    return out


def _citations(checks: Sequence[CitationCheck]) -> list[str]:
    """Every citation the prover checked, with its outcome."""
    if not checks:
        return []
    words = {"ok": "follows from what it cites", "invalid": "\\textbf{does not follow from "
             "what it cites}", "relative": "follows, relative to a refuted statement",
             "unchecked": "not decided by the prover"}
    rows = [rf"\hyperlink{{{c.step}}}{{{tid(c.step)}}} & {text(', '.join(c.cited))} & "
            rf"{words[c.outcome]}"
            rf"{(': ' + text(c.message)) if c.outcome != 'ok' else ''} \\"
            for c in checks]
    return [r"\section{Citations}",
            r"Each proof step that cites a fact, a lemma or a hypothesis, proved by the fact "
            r"blackboard from what it cites and routine facts alone.",
            _longtable(r"p{0.25\linewidth}p{0.22\linewidth}p{0.43\linewidth}",
                       "step & cites & outcome", rows)]


def _ledger(results: list[Result]) -> list[str]:
    lines = [rf"\hyperlink{{{r.id}}}{{{tid(r.id)}}} & {_mark(r)} & "
             rf"{'yes' if r.verdict.rigorous else 'no'} & ${num(r.verdict.slack)}$ & "
             rf"{text(clip(r.verdict.method, 90))} \\" for r in results]
    return [r"\section{Every result}",
            _longtable(r"p{0.40\linewidth}lll>{\raggedright\arraybackslash}p{0.24\linewidth}",
                       "id & status & rigorous & slack & method", lines)]


def _derivations(ders: Sequence[ShownDerivation]) -> list[str]:
    """The symbolic derivations section: each derivative formula's steps in ``align*``, each
    marked proved (for every size) or not shown."""
    if not ders:
        return []
    out = [r"\section{Symbolic derivations}",
           r"Each derivative formula, rewritten one rule at a time by "
           r"\texttt{proofcheck derive} (definitions, linearity, product and chain rules); "
           r"each step is checked by the "
           r"dimension-generic engine: \pcbadge{proved} means proved for all sizes $n, d$."]
    for d in ders:
        out.append(rf"\subsection*{{\hyperlink{{{d.id}}}{{{tid(d.id)}}}}}" + "\n"
                   + derivation_latex(d))
    return out


def derivation_latex(d: ShownDerivation) -> str:
    r"""One derivation as an ``align*`` block, or the reason it has none.

    >>> from proofs.review.model import ShownStep
    >>> print(derivation_latex(ShownDerivation("t:extra-1", "a", [ShownStep("b", True, "r")])))
    \begin{align*}
    &\pcfit{0.6\linewidth}{a} \\
    &\quad =\ \pcfit{0.5\linewidth}{b} && \pcjust{\textbf{[1]} \pcbadge{proved}; r}
    \end{align*}
    """
    if d.error is not None:
        return r"{\small\emph{No derivation: }" + btext(d.error) + r"\par}"
    rows = [r"\begin{align*}", "&" + fit(d.start, _W_START) + r" \\"]
    for k, st in enumerate(d.steps, start=1):
        mark = r"\pcbadge{proved}" if st.holds else r"\pcbadge{unknown} not shown"
        rel = "=" if st.holds else r"\overset{?}{=}"
        row = (rf"&\quad {rel}\ " + fit(st.latex, _W_STEP)
               + rf" && \pcjust{{\textbf{{[{k}]}} {mark}; {btext(st.rule)}}}")
        rows.append(row + (r" \\" if k < len(d.steps) else ""))
    rows.append(r"\end{align*}")
    return "\n".join(rows)


def _figures(figures: Iterable[str]) -> list[str]:
    paths = [os.path.abspath(p) for p in figures]
    if not paths:
        return []
    out = [r"\section{Experiment figures}",
           r"Figures written by \texttt{proofcheck experiment NAME --plot FILE}: Monte Carlo "
           r"evidence, never proof."]
    for k, p in enumerate(paths, start=1):
        name = os.path.basename(p)
        out.append(r"\begin{center}" + "\n"
                   + r"\includegraphics[width=0.9\linewidth,height=0.38\textheight,"
                   + rf"keepaspectratio]{{{p}}}\\[2pt]" + "\n"
                   + rf"{{\small Figure {k}: \texttt{{{text(name)}}}}}" + "\n" + r"\end{center}")
    return out


def figure_files(directory: str | None) -> list[str]:
    """Image files (pdf, png, jpg) in ``directory`` (absolute paths, sorted); ``[]`` for None.

    Raises FileNotFoundError for a missing directory or a path pdflatex cannot read.
    """
    if not directory:
        return []
    if not os.path.isdir(directory):
        raise FileNotFoundError(f"no figure directory {directory!r}")
    names = sorted(os.listdir(directory))
    paths = [os.path.abspath(os.path.join(directory, n)) for n in names
             if n.lower().endswith(FIGURE_EXTENSIONS)]
    bad = [p for p in paths if re.search(r"[\s%#{}\\$&^~]", p)]
    if bad:
        raise FileNotFoundError(f"figure path {bad[0]!r} has a space or a TeX special character; "
                                "rename it or use another directory")
    return paths


def document(rv: Review, figures: Sequence[str] = ()) -> str:
    """The verification report of the review ``rv`` of a paper (its results, findings,
    citation checks and derivations, :func:`proofs.review.review`) as a complete LaTeX
    document; ``figures``: image files to include (:func:`figure_files`)."""
    paper = rv.paper
    assert paper is not None, "a report is the report of a paper"
    results = sorted(rv.results, key=paper_order(paper))  # as a review has them already
    by_id = {r.id: r for r in results}
    out = [_preamble(), r"\begin{document}",
           rf"\title{{Verification report: {text(paper.title)}}}",
           rf"\author{{{text(paper.citation)}}}",
           r"\date{proofcheck " + _run_line(rv.budget, rv.seed) + "}", r"\maketitle",
           r"{\small This report was generated by \texttt{proofcheck report "
           + text(paper.key) + r"}. Every statement and proof step below is printed from the "
           r"same claim objects the checker ran; every verdict from the checker's results. "
           r"A wrong formula is shown as printed, with its finding, never corrected silently.\par}"]
    if paper.notes:
        out.append(r"{\small " + text(paper.notes) + r"\par}")
    out.append(r"\tableofcontents")
    out += _summary(results, paper)
    out += _graphs(paper, by_id)
    out.append(r"\section{Definitions, facts, lemmas and theorems}")
    for entry in paper.entries:
        top = entry.id
        for q in (entry.all_entries() if hasattr(entry, "all_entries") else [entry]):
            out += _entry(q, by_id, part=q.id != top)
    entry_ids = {e.id for e in all_entries(paper)} | {c.id for c in paper.claims()}
    others = [r for r in results if r.id not in entry_ids]
    if others:
        out.append(r"\subsection*{Other results in this run}")
        out += [rf"\texttt{{{text(r.id)}}}\quad " + _verdict_line(r) + r"\par" for r in others]
    out += _slack_table(results)
    out += _errata(rv)
    out += _citations(rv.citations)
    out += _derivations(rv.derivations)
    out += _figures(figures)
    out += _ledger(results)
    if rv.versions:
        out.append(r"\section*{Versions}")
        out.append(", ".join(f"{text(k)} {text(v)}" for k, v in rv.versions.items()) + ".")
    out += [r"\end{document}", ""]
    return "\n\n".join(out)


def _run_line(budget: str | None, seed: int | None) -> str:
    bits = []
    if budget:
        bits.append(f"budget {text(budget)}")
    if seed is not None:
        bits.append(f"seed {seed}")
    return ", ".join(bits) if bits else ""


# -- compilation --------------------------------------------------------------------------------


def pdflatex() -> str | None:
    """The ``pdflatex`` executable, or None."""
    return shutil.which("pdflatex")


def compile_pdf(tex: str, output: str, timeout: float = 180.0) -> None:
    """Compile ``tex`` with pdflatex in a temporary directory and write the PDF atomically."""
    exe = pdflatex()
    if exe is None:
        raise LatexError("pdflatex not found (install Debian's texlive-latex-base), "
                         "or write the LaTeX source with -o FILE.tex")
    with tempfile.TemporaryDirectory(prefix="proofcheck-tex-") as tmp:
        src = os.path.join(tmp, "report.tex")
        with open(src, "w", encoding="utf-8") as f:
            f.write(tex)
        for _ in range(3):  # table widths and the table of contents settle over reruns
            try:
                proc = subprocess.run(
                    [exe, "-interaction=nonstopmode", "-halt-on-error", "report.tex"],
                    cwd=tmp, capture_output=True, timeout=timeout, check=False,
                    stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                raise LatexError(f"pdflatex ran past {timeout:.0f} s") from None
            log = _read(os.path.join(tmp, "report.log")) or proc.stdout.decode("utf-8", "replace")
            if proc.returncode != 0:
                raise LatexError("pdflatex failed: " + _first_error(log)
                                 + " (write the source with -o FILE.tex to inspect it)")
            if not re.search(r"Rerun|rerun to get", log):
                break
        with open(os.path.join(tmp, "report.pdf"), "rb") as f:
            write_atomic(output, f.read())


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _first_error(log: str) -> str:
    lines = log.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("!"):
            ctx = " ".join(s.strip() for s in lines[k:k + 3] if s.strip())
            return clip(ctx, 300)
    return "no error line in the log"
