"""The ``proofcheck`` command line (also ``python -m proofs``).

Exit codes: 0 ran and met expectations, 1 a claim failed unexpectedly, 2 usage or input error.

Example:
    >>> from proofs.cli.main import main
    >>> main(["list", "closeness"]) == 0  # doctest: +ELLIPSIS
    closeness:definition-1.1 ...
    True
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from numeric.budget import BUDGETS
from proofs import __version__, registry
from proofs.cli import run_options
from proofs.cli.commands import MODULES
from proofs.cli.common import (
    Progress,
    UsageError,
    _Parser,
    check_arguments,
    get_paper,
    parse_jobs,
    resolve_targets,
    tex_paper,
)
from proofs.store.atomic import write_atomic
from proofs.userfile import UserFileError


def cmd_list(args: argparse.Namespace) -> int:
    keys = [args.paper] if args.paper else registry.paper_keys()
    for key in keys:
        paper = get_paper(key)
        for e in paper.entries:
            print(f"{e.id:44s} {e.description or e.source}")
            for c, note in e.annotated():
                if c.id != e.id:
                    print(f"  {c.id:42s} {note.justification or note.description}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from proofs.reports import table
    from proofs.runner import run_entries
    from proofs.store import results_json
    from proofs.tex.paper import is_source

    jobs = parse_jobs(args.jobs)
    run_options.validate(args)
    entries = resolve_targets(args.targets)
    progress = Progress(args.quiet)
    store = run_options.store_for(args)
    if args.lf:
        entries = run_options.last_failed(entries, store, progress)
    with run_options.executor_for(args, jobs) as executor:
        results = run_entries(entries, args.budget, args.seed, progress, executor=executor,
                              store=store, witnesses=_witnesses_for(args),
                              certificates=run_options.certificates_for(args))
    run_options.record(results, store)
    progress.done()
    # a user's claims or a paper's source: show the reading
    own = any(str(t).endswith(".py") or is_source(t) for t in args.targets)
    print(table.terminal_table(results, read_as=own))
    unchecked = _not_checked(args.targets)
    if unchecked:
        print(table.not_checked_table([(u["id"], u["where"], u["why"]) for u in unchecked],
                                      written=sum("read_as" in u for u in unchecked)))
    if args.json:
        write_atomic(args.json, results_json.to_json(results, args.seed, args.budget,
                                                     unchecked) + "\n")
    if args.junit:
        write_atomic(args.junit, table.to_junit(results))
    return 1 if any(r.unexpected for r in results) else 0


def _not_checked(targets: Sequence[str]) -> list[dict[str, Any]]:
    """The statements of the LaTeX sources among ``targets`` that were found and not
    checked: ``id``, ``where``, ``why``, and what a statement read as written was read as
    (``read_as``, ``reading``, ``left``); the reading is cached: nothing is read twice."""
    from proofs.tex.paper import is_source, read_paper

    rows: list[dict[str, Any]] = []
    for t in targets:
        if is_source(t):
            for u in read_paper(t).extraction.unread:
                why = u.category or "not read: " + u.error.split(": ", 1)[-1]
                row: dict[str, Any] = {"id": u.claim_id, "where": u.source.split(", ")[-1],
                                       "why": why}
                if u.read_as:
                    row.update(read_as=u.read_as, reading=u.reading, left=list(u.left))
                rows.append(row)
    return rows


def _witnesses_for(args: argparse.Namespace) -> Any:
    """The witness database of the working directory (replayed first, new witnesses
    recorded), or None with ``--no-replay``, with ``--no-cache`` (a cold run reads nothing
    an earlier run left) and with ``PROOFCHECK_CACHE=off``."""
    from proofs.store.cache import enabled_by_env

    if getattr(args, "no_replay", False) or getattr(args, "no_cache", False) \
            or not enabled_by_env():
        return None
    from proofs.store.witnesses import WitnessDB

    return WitnessDB(".")


def cmd_errata(args: argparse.Namespace) -> int:
    from proofs.reports import errata
    from proofs.review import review

    source = tex_paper(args.paper)
    paper = source.paper() if source is not None else get_paper(args.paper)
    progress = Progress(args.quiet)
    if source is not None:
        # a paper nobody encoded: its statements' and its proofs' steps, and the citations
        # of the steps read completely (no hypothesis flow: it needs an encoding's view of
        # which hypothesis each step assumes)
        args.no_flow = True
        progress(f"{args.paper}: {source.extraction.summary}")
    store = run_options.store_for(args)
    found = dict(store=store, jobs=parse_jobs("auto"), progress=progress,
                 certificates=run_options.certificates_for(args), flow=not args.no_flow,
                 citations=not args.no_citations)
    if args.from_json:
        results, seed = _errata_results_from_json(args, paper.key, progress)
        rv = review(paper, results, seed=seed, **found)
    else:
        # the latest stored results of the paper (any budget) unless --budget/--seed ask for
        # others; only what the store lacks is checked
        rv = review(paper, budget=args.budget or "default", seed=args.seed,
                    latest=args.budget is None and args.seed is None, **found)
    progress.done()
    text = errata.RENDER[args.format](paper.key, rv.findings, rv.causes)
    if args.output:
        write_atomic(args.output, text)
    else:
        print(text)
    return 0


def _errata_results_from_json(args: argparse.Namespace, key: str,
                              progress: Progress) -> tuple[list, int]:
    """``errata --from-json FILE``: the results of a finished ``check --json`` run, and the
    seed for the hypothesis-flow checks (``--seed``, else the run's)."""
    from proofs.store import results_json

    if args.budget is not None:
        raise UsageError("--budget applies when errata runs the checks; --from-json reuses "
                         "a finished run (the hypothesis-flow checks run at the quick budget)")
    try:
        doc = results_json.load_results_json(args.from_json)
        results = results_json.results_from_json(doc, key)
    except results_json.ResultsFileError as exc:
        msg = str(exc)
        raise UsageError(msg if msg.startswith(args.from_json) else
                         f"{args.from_json}: {msg}") from None
    seed = args.seed if args.seed is not None else doc.get("seed")
    seed = seed if isinstance(seed, int) else 0
    missing = results_json.missing_results(results, key)
    progress(f"{args.from_json}: {len(results)} results of {key} (budget "
             f"{doc.get('budget', '?')}, seed {doc.get('seed', '?')})"
             + (f"; {len(missing)} claims have none and are left out" if missing else ""))
    return results, seed


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="proofcheck", description="Verify the mathematics of ML-theory papers, "
                "claim by claim and proof step by proof step.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    s = sub.add_parser("list", help="ids with a one-line description")
    s.add_argument("paper", nargs="?", help="paper key (default: all papers)")
    s.set_defaults(func=cmd_list)
    s = sub.add_parser("check", help="check claims: ids, id prefixes, paper keys, 'all', a "
                       "path to a Python file of claims, or a paper's LaTeX source (a .tex "
                       "root, its \\input files followed, or a directory)")
    s.add_argument("targets", nargs="+")
    s.add_argument("--json", metavar="FILE", help="write results as JSON (schema_version 1)")
    s.add_argument("--junit", metavar="FILE", help="write results as JUnit XML")
    s.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    s.add_argument("--budget", choices=list(BUDGETS), default="default")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    s.add_argument("-j", "--jobs", default="auto", metavar="N",
                   help="worker processes (default auto: one per CPU, at most 8); results "
                   "do not depend on it")
    run_options.add_arguments(s, last_failed=True)
    s.add_argument("--no-replay", action="store_true",
                   help="neither replay nor record the witness database "
                   "(.proofcheck/witnesses/)")
    s.set_defaults(func=cmd_check)
    s = sub.add_parser("errata", help="every finding of a paper, with witnesses")
    s.add_argument("paper", help="a paper key, or a paper's LaTeX source (.tex or directory)")
    s.add_argument("--format", choices=["md", "json", "tex"], default="md")
    s.add_argument("-o", "--output", metavar="FILE")
    s.add_argument("--from-json", metavar="FILE", help="build the errata from the results "
                   "'proofcheck check PAPER --json FILE' wrote instead of re-running the "
                   "checks (only the hypothesis-flow implications are checked again)")
    run_options.add_certificates_argument(s)
    s.add_argument("--no-flow", action="store_true", help="leave out the hypothesis-flow "
                   "findings (missing hypotheses), which need checks of their own")
    s.add_argument("--no-citations", action="store_true", help="leave out the citation "
                   "findings (a step its citation does not give), which need proofs of their "
                   "own")
    s.add_argument("--seed", type=int, default=None,
                   help="random seed (default 0, or the seed of the --from-json run)")
    s.add_argument("--budget", choices=list(BUDGETS), default=None,
                   help="budget of the checks (default: the latest stored results, checking "
                   "what they lack at the default budget; not with --from-json)")
    s.add_argument("--no-cache", action="store_true",
                   help="neither reuse nor write the results store (.proofcheck/results/)")
    s.add_argument("-q", "--quiet", action="store_true")
    s.set_defaults(func=cmd_errata)
    for name in MODULES:
        mod = importlib.import_module(f"proofs.cli.commands.{name}")
        s = sub.add_parser(mod.NAME, help=mod.HELP)
        mod.add_arguments(s)
        s.set_defaults(func=mod.run)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.version:
            print(f"proofcheck {__version__}")
            return 0
        if not getattr(args, "command", None):
            parser.print_help()
            return 2
        check_arguments(args)  # --seed, output paths: before any work
        return args.func(args)
    except (UsageError, UserFileError, registry.PaperLoadError) as exc:
        print(f"proofcheck: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. 'proofcheck list | head'
        sys.stdout = open(os.devnull, "w")
        return 0
    except KeyboardInterrupt:
        print("proofcheck: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"proofcheck: error: {exc}", file=sys.stderr)
        return 2


def entry_point() -> None:
    """Console-script entry point."""
    sys.exit(main())
