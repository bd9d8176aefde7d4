"""``python -m proofs``: the proofcheck command line."""

from proofs.cli import entry_point

entry_point()
