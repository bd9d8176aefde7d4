"""``proofcheck derive ID [--latex]``: the symbolic derivation behind a formula."""

from __future__ import annotations

import argparse

NAME = "derive"
HELP = "the symbolic derivation behind a formula"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("id")
    p.add_argument("--latex", action="store_true", help="a LaTeX align* block")


def run(args: argparse.Namespace) -> int:
    from proofs.cli import UsageError

    raise UsageError(f"no derivation is recorded for {args.id!r}")
