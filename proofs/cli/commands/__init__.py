"""Sub-commands beyond list/check/errata, one module each.

Each module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``, and
raises :class:`proofs.cli.UsageError` for user mistakes (exit code 2).
"""

MODULES = ["derive", "report", "experiment", "mutate", "extract", "certify"]
