"""The ``proofcheck`` command line: :mod:`proofs.cli.main` (parser, list/check/errata),
:mod:`proofs.cli.commands` (one module per further sub-command), :mod:`proofs.cli.common`."""

from proofs.cli.main import entry_point, main

__all__ = ["entry_point", "main"]
