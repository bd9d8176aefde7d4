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

from numeric.budget import BUDGETS
from proofs.cli import run_options

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

    from proofs.cli import run_options
    from proofs.cli.common import parse_jobs

    # the derivations depend on the code and the paper only: stored once, and when the store
    # lacks them, computed in a forked process while the results are gathered (they are the
    # longest part of a report from stored results)
    store = run_options.store_for(args)
    pending = None

    def start_derivations() -> None:
        nonlocal pending
        if not args.no_derivations and store is not None and not store.memo_has(
                "derivations", [paper.key]):
            from proofs.executors import Forked

            pending = Forked(lambda p: latex_report.derivations_latex(
                p, jobs=parse_jobs("auto")), paper)

    if args.from_json:
        from proofs.store import results_json

        merged: dict[str, object] = {}
        budget = seed = versions = None
        for path in args.from_json:
            try:
                doc = results_json.load_document(path)
                found = results_json.read_document(doc, paper.key)
            except results_json.ResultsFileError as exc:
                msg = str(exc)
                raise UsageError(f"--from {msg}" if msg.startswith(path)
                                 else f"--from {path}: {msg}") from None
            for r in found:
                merged[r.id] = r
            if not results_json.is_experiment(doc):  # a check run: its settings head the report
                budget, seed, versions = doc.get("budget"), doc.get("seed"), doc.get("versions")
        results = list(merged.values())
        if not results:
            raise UsageError(f"{', '.join(args.from_json)}: no result of paper {paper.key!r}")
        start_derivations()
    else:
        from proofs.runner import run_entries
        from proofs.store.provenance import versions as lib_versions

        progress = Progress(args.quiet)
        start_derivations()
        latest = args.budget is None and args.seed is None
        budget = args.budget or "default"
        seed = 0 if args.seed is None else args.seed
        results = run_entries(paper.entries, budget, seed, progress, jobs=parse_jobs("auto"),
                              store=store, latest=latest,
                              certificates=run_options.certificates_for(args))
        progress.done()
        if latest and store is not None and store.used:
            # the report shows what the store held: name those settings
            budget = ", ".join(sorted({b for b, _ in store.used}))
            seeds = sorted({s for _, s in store.used})
            seed = seeds[0] if len(seeds) == 1 else ", ".join(map(str, seeds))
        versions = lib_versions()

    from proofs.executors import Forked
    from proofs.runner import using_store
    from proofs.tools.hypothesis_flow import flow_findings

    flow_seed = seed if isinstance(seed, int) else 0

    def run_flow(rs: list) -> list:
        with using_store(store):
            # while the derivations take the worker processes, the flow's checks run in one
            return flow_findings(rs, seed=flow_seed,
                                 jobs=1 if pending is not None else parse_jobs("auto"))

    # the hypothesis flow's checks run beside the document's first sections
    flow_job = Forked(run_flow, results)

    def derivations() -> bool | list:
        if args.no_derivations or store is None:
            return not args.no_derivations
        return [tuple(p) for p in store.memo("derivations", [paper.key], lambda: [
            list(p) for p in (pending.result() if pending is not None else
                              latex_report.derivations_latex(paper, jobs=parse_jobs("auto")))])]

    def citations() -> list:
        from proofs.tools.citations import stored_checks

        return stored_checks(results, store)

    tex = latex_report.document(paper, results, budget=budget, seed=seed, versions=versions,
                                figures=figures, derivations=derivations, flow=flow_job.result,
                                citations=citations, book=run_options.certificates_for(args))
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

