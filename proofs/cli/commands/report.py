"""``proofcheck report PAPER [-o FILE.pdf|.tex]``: the verification report as a LaTeX document.

Runs the paper's checks (``--budget``, ``--seed``, ``-q``) or reuses the output of
``proofcheck check ... --json FILE`` (``--from FILE``), then writes the LaTeX source (``-o X.tex``,
or stdout without ``-o``) or compiles it with pdflatex (``-o X.pdf``). Exit code 1 when a verdict
contradicts the encoding's expectation, as for ``check``.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> p.parse_args(["closeness", "-o", "r.pdf"]).budget
    'default'
"""

from __future__ import annotations

import argparse
import json
import os

from numeric.budget import BUDGETS

NAME = "report"
HELP = "the whole verification report as a LaTeX document (or PDF with -o FILE.pdf)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper", help="paper key (see 'proofcheck list')")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="FILE.pdf (compiled with pdflatex) or FILE.tex; default: LaTeX on stdout")
    p.add_argument("--from", dest="from_json", metavar="JSON", action="append",
                   help="reuse results written by 'proofcheck check ... --json JSON' (or "
                        "'proofcheck experiment ... --json JSON') instead of running the checks; "
                        "repeatable, a later file's result for an id replaces an earlier one")
    p.add_argument("--figures", metavar="DIR",
                   help="include the images (pdf, png, jpg) in DIR, e.g. experiment plots")
    p.add_argument("--no-derivations", action="store_true",
                   help="leave out the symbolic derivations section")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--budget", choices=list(BUDGETS), default="default")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def run(args: argparse.Namespace) -> int:
    from proofs.cli.common import Progress, UsageError, get_paper
    from proofs.reports import latex as latex_report
    from proofs.store.atomic import write_atomic

    paper = get_paper(args.paper)
    out = args.output
    if out and not out.lower().endswith((".pdf", ".tex")):
        raise UsageError(f"-o {out!r}: the report is written as .pdf or .tex")
    if out and out.lower().endswith(".pdf") and latex_report.pdflatex() is None:
        raise UsageError("pdflatex not found (install Debian's texlive-latex-base); "
                         f"write the LaTeX source instead with -o {os.path.splitext(out)[0]}.tex")
    try:
        figures = latex_report.figure_files(args.figures)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None

    if args.from_json:
        merged: dict[str, object] = {}
        budget = seed = versions = None
        for path in args.from_json:
            doc = _load(path)
            try:
                for r in latex_report.results_from_json(paper, doc):
                    merged[r.id] = r
            except ValueError as exc:
                raise UsageError(f"{path}: {exc}") from None
            if isinstance(doc.get("results"), list):  # a check run: its settings head the report
                budget, seed, versions = doc.get("budget"), doc.get("seed"), doc.get("versions")
        results = list(merged.values())
        if not results:
            raise UsageError(f"{', '.join(args.from_json)}: no result of paper {paper.key!r}")
    else:
        from proofs.runner import run_entries
        from proofs.store.provenance import versions as lib_versions

        progress = Progress(args.quiet)
        results = run_entries(paper.entries, args.budget, args.seed, progress)
        progress.done()
        budget, seed, versions = args.budget, args.seed, lib_versions()

    from proofs.tools.hypothesis_flow import flow_findings

    flow = flow_findings(results, seed=seed if isinstance(seed, int) else 0)
    tex = latex_report.document(paper, results, budget=budget, seed=seed, versions=versions,
                                figures=figures, derivations=not args.no_derivations, flow=flow)
    if not out:
        print(tex)
    elif out.lower().endswith(".tex"):
        write_atomic(out, tex)
    else:
        try:
            latex_report.compile_pdf(tex, out)
        except latex_report.LatexError as exc:
            raise UsageError(str(exc)) from None
    if out and not args.quiet:
        from proofs.reports.table import summary_line

        print(f"{out}: {summary_line(results)}")
    return 1 if any(r.unexpected for r in results) else 0


def _load(path: str) -> dict:
    from proofs.cli.common import UsageError

    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        raise UsageError(f"--from {path!r}: no such file") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"--from {path!r}: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(doc, dict) or not (isinstance(doc.get("results"), list)
                                         or isinstance(doc.get("claims"), list)):
        raise UsageError(f"--from {path!r}: not a 'proofcheck check --json' document")
    return doc
