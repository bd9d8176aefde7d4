"""``python -m proofs``: the proofcheck command line."""

from proofs.cli import entry_point

if __name__ == "__main__":  # importing this module (e.g. for docs) runs nothing
    entry_point()
