"""``proofcheck mutate PAPER``: mutation testing of the checker on a paper's formulas."""

from __future__ import annotations

import argparse

NAME = "mutate"
HELP = "mutation testing of the checker"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paper")


def run(args: argparse.Namespace) -> int:
    from proofs.cli import UsageError

    raise UsageError("mutation testing is not available yet")
