"""``proofcheck experiment NAME``: Monte Carlo experiments reproducing a paper's claims."""

from __future__ import annotations

import argparse

NAME = "experiment"
HELP = "run a Monte Carlo experiment (see 'proofcheck experiment --list')"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?")
    p.add_argument("--list", action="store_true")


def run(args: argparse.Namespace) -> int:
    from proofs.cli import UsageError

    raise UsageError("experiments are not wired to the command line yet")
