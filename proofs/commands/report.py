"""``proofcheck report PAPER [-o FILE.pdf|.tex]``: the verification report as a LaTeX document."""

from __future__ import annotations

import argparse

NAME = "report"
HELP = "the whole verification report as a LaTeX document"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper")
    p.add_argument("-o", "--output", metavar="FILE")


def run(args: argparse.Namespace) -> int:
    from proofs.cli import UsageError

    raise UsageError("the LaTeX/PDF report is not available yet")
