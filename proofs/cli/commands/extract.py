r"""``proofcheck extract PAPER.tex [-o FILE|-] [--paper KEY] [--ids label|number] [--explain]``:
a paper's theorem-like environments as a Python claims file.

The source is read as its authors keep it (:mod:`proofs.tex.paper`: ``\\input`` followed, a
directory's root found, macros expanded) and its statements by :mod:`proofs.tools.extract`;
this module checks the input (exit 2, one line, before any work), writes the file (``-o -`` or
no ``-o``: stdout) and prints ``read N of M statements, K completely (J conditions unread)``
on stderr. ``--explain`` prints instead, per environment, each formula's role and what became
of it, and what the reading left.

Example:
    >>> import argparse
    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> p.parse_args(["paper.tex", "-o", "-"]).ids
    'label'
"""

from __future__ import annotations

import argparse
import os
import re
import sys

NAME = "extract"
HELP = ("a paper's .tex (or directory): its theorems, lemmas, propositions, corollaries, "
        "facts and claims as a claims file")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("tex", metavar="PAPER.tex", help="the paper's LaTeX source: its root .tex "
                   "(\\input, \\include and \\subfile followed) or its directory")
    p.add_argument("-o", dest="out", metavar="FILE", default="-",
                   help="the claims file to write (default, or '-': stdout)")
    p.add_argument("--paper", metavar="KEY", help="the ids' prefix (default: the file name, "
                   "lower case, e.g. my-paper for My_Paper.tex)")
    p.add_argument("--ids", choices=["label", "number"], default="label",
                   help="name each claim by its \\label (default; its number when it has "
                   "none) or by its number")
    p.add_argument("--explain", action="store_true", help="print, per environment, what was "
                   "read as what, what was not and why (instead of the claims file, unless "
                   "-o FILE is given too)")


def paper_key(path: str, given: str | None) -> str:
    """The ids' prefix: ``given``, else the one ``check`` gives the source
    (:func:`proofs.tex.paper.paper_key`: the file name in lower case with dashes).

    >>> paper_key("papers/My_Paper v2.tex", None)
    'my-paper-v2'
    """
    from proofs.cli.common import UsageError
    from proofs.tex.paper import paper_key as default_key

    key = given if given is not None else default_key(path)
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", key or ""):
        raise UsageError(f"--paper {key!r}: a paper key is lower-case letters, digits and "
                         "dashes (e.g. my-paper)")
    return key


def run(args: argparse.Namespace) -> int:
    from proofs.cli.common import UsageError, check_output_path
    from proofs.store.atomic import write_atomic
    from proofs.tex.paper import SourceError, is_source, read_paper
    from proofs.tools import extract

    if not is_source(args.tex):
        raise UsageError(f"{args.tex}: not a .tex file or a directory (extract reads a "
                         "paper's LaTeX source)")
    if not os.path.exists(args.tex):
        raise UsageError(f"{args.tex}: no such file")
    key = paper_key(args.tex, args.paper)
    if args.out != "-":
        check_output_path(args.out, "-o")
    try:
        paper = read_paper(args.tex, key, ids=args.ids)
    except SourceError as exc:
        raise UsageError(str(exc)) from None
    for w in paper.warnings():
        print(f"proofcheck: warning: {w}", file=sys.stderr)
    result = paper.extraction
    if not result.environments:
        raise UsageError(f"{args.tex}: no theorem-like environments found (theorem, lemma, "
                         "proposition, corollary, claim, fact, definition)")
    if args.explain:
        sys.stdout.write(extract.explain(result))
        if args.out == "-":
            return 0
    command = ["proofcheck", "extract", args.tex, "-o", args.out]
    command += ["--paper", args.paper] if args.paper is not None else []
    command += ["--ids", args.ids] if args.ids != "label" else []
    text = extract.claims_file(result, args.tex, command)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        write_atomic(args.out, text)
    print(result.summary, file=sys.stderr)
    return 0
