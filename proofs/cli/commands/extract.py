r"""``proofcheck extract PAPER.tex [-o FILE|-] [--paper KEY] [--ids label|number]``: a paper's
theorem, lemma, fact, claim and definition environments as a Python claims file.

The reading is :mod:`proofs.tools.extract`; this module checks the input (exit 2, one line,
before any work), writes the file (``-o -`` or no ``-o``: stdout) and prints
``read N of M statements (K conditions unread)`` on stderr.

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
HELP = "a paper's .tex: its theorems, lemmas, facts, claims and definitions as a claims file"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("tex", metavar="PAPER.tex", help="the paper's LaTeX source (\\input files "
                   "are not followed)")
    p.add_argument("-o", dest="out", metavar="FILE", default="-",
                   help="the claims file to write (default, or '-': stdout)")
    p.add_argument("--paper", metavar="KEY", help="the ids' prefix (default: the file name, "
                   "lower case, e.g. my-paper for My_Paper.tex)")
    p.add_argument("--ids", choices=["label", "number"], default="label",
                   help="name each claim by its \\label (default; its number when it has "
                   "none) or by its number")


def paper_key(path: str, given: str | None) -> str:
    """The ids' prefix: ``given``, else the file name in lower case with dashes.

    >>> paper_key("papers/My_Paper v2.tex", None)
    'my-paper-v2'
    """
    from proofs.cli.common import UsageError

    key = given if given is not None else \
        re.sub(r"[^a-z0-9]+", "-", os.path.splitext(os.path.basename(path))[0].lower()).strip("-")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", key or ""):
        raise UsageError(f"--paper {key!r}: a paper key is lower-case letters, digits and "
                         "dashes (e.g. my-paper)")
    return key


def read_tex(path: str) -> str:
    """The text of ``path``, or a one-line :class:`UsageError` (missing, not ``.tex``, not
    UTF-8 or Latin-1 text)."""
    from proofs.cli.common import UsageError

    if not path.lower().endswith(".tex"):
        raise UsageError(f"{path}: not a .tex file (extract reads a paper's LaTeX source)")
    if not os.path.isfile(path):
        raise UsageError(f"{path}: no such file")
    with open(path, "rb") as f:
        data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def run(args: argparse.Namespace) -> int:
    from proofs.cli.common import UsageError, check_output_path
    from proofs.store.atomic import write_atomic
    from proofs.tools import extract

    tex = read_tex(args.tex)
    key = paper_key(args.tex, args.paper)
    if args.out != "-":
        check_output_path(args.out, "-o")
    if not [e for e in extract.environments(tex) if e.kind]:
        raise UsageError(f"{args.tex}: no theorem, lemma, fact, claim or definition "
                         "environments found (\\input files are not followed)")
    result = extract.extract(tex, args.tex, key, ids=args.ids)
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
