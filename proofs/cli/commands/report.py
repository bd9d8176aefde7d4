"""``proofcheck report PAPER [-o FILE.pdf|.tex]``: the verification report as a LaTeX document.

Reads the paper's latest results from the results store (``.proofcheck/results/``) and checks
only what it lacks (``--budget``/``--seed`` ask for other settings, ``--no-cache`` re-checks
everything), or reuses the output of ``proofcheck check ... --json FILE`` (``--from FILE``, read
by :mod:`proofs.store.results_json`, the one reader of results documents), then writes the
LaTeX source (``-o X.tex``, or stdout without ``-o``) or compiles it with pdflatex
(``-o X.pdf``). Exit code 1 when a verdict
contradicts the encoding's expectation, as for ``check``.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> p.parse_args(["closeness", "-o", "r.pdf"]).budget is None  # the latest stored results
    True
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from numeric.budget import BUDGETS
from proofs.cli import run_options

NAME = "report"
HELP = "the whole verification report as a LaTeX document (or PDF with -o FILE.pdf)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper", help="paper key (see 'proofcheck list'), or a paper's .tex source "
                                 "or directory")
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
    p.add_argument("--seed", type=int, default=None,
                   help="random seed (default 0; with neither --seed nor --budget, the latest "
                        "stored results are used and only what they lack is checked)")
    p.add_argument("--budget", choices=list(BUDGETS), default=None,
                   help="budget of the checks (default: the latest stored results, checking "
                        "what they lack at the default budget)")
    p.add_argument("--no-cache", action="store_true",
                   help="neither reuse nor write the results store (.proofcheck/results/)")
    run_options.add_certificates_argument(p)
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def run(args: argparse.Namespace) -> int:
    from proofs.cli.common import Progress, UsageError, get_paper, parse_jobs, tex_paper
    from proofs.reports import latex as latex_report
    from proofs.review import review
    from proofs.store.atomic import write_atomic

    source = tex_paper(args.paper)
    paper = source.paper() if source is not None else get_paper(args.paper)
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

    progress = Progress(args.quiet)
    # the derivations depend on the code and the paper only: kept in the results store, and
    # when it lacks them, computed in a forked process while the results are gathered
    found = dict(store=run_options.store_for(args), jobs=parse_jobs("auto"), progress=progress,
                 certificates=run_options.certificates_for(args),
                 derivations=not args.no_derivations and source is None)
    if source is not None:
        # a paper nobody encoded: its statements and proof steps, and the citations of the
        # steps read completely (the hypothesis flow needs an encoding's view of which
        # hypothesis each step assumes)
        found.update(flow=False)
        progress(f"{args.paper}: {source.extraction.summary}")
    if args.from_json:
        results, budget, seed, versions = _from_files(args.from_json, paper.key)
        rv = review(paper, results, budget=budget, seed=seed, versions=versions, **found)
    else:
        # the latest stored results unless --budget/--seed ask for others (the report then
        # names the settings of the results the store held)
        rv = review(paper, budget=args.budget or "default",
                    seed=0 if args.seed is None else args.seed,
                    latest=args.budget is None and args.seed is None, **found)
    progress.done()
    tex = latex_report.document(rv, figures)
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

        print(f"{out}: {summary_line(rv.results)}")
    return 0 if rv.ok else 1


def _from_files(paths: list[str], key: str) -> tuple[list[Any], Any, Any, Any]:
    """``--from``: the results of paper ``key`` in the files (a later file's result for an
    id replaces an earlier one's), and the budget, seed and versions of the last check run
    among them (an experiment's file has none)."""
    from proofs.cli.common import UsageError
    from proofs.store import results_json

    merged: dict[str, Any] = {}
    budget = seed = versions = None
    for path in paths:
        try:
            doc = results_json.load_document(path)
            found = results_json.read_document(doc, key)
        except results_json.ResultsFileError as exc:
            msg = str(exc)
            raise UsageError(f"--from {msg}" if msg.startswith(path)
                             else f"--from {path}: {msg}") from None
        for r in found:
            merged[r.id] = r
        if not results_json.is_experiment(doc):  # a check run: its settings head the report
            budget, seed, versions = doc.get("budget"), doc.get("seed"), doc.get("versions")
    if not merged:
        raise UsageError(f"{', '.join(paths)}: no result of paper {key!r}")
    return list(merged.values()), budget, seed, versions
