"""proofcheck: papers encoded as lemmas and proof chains, checked claim by claim.

Example:
    >>> from proofs import registry
    >>> "closeness" in registry.paper_keys()
    True
"""

__version__ = "0.1.0"

from proofs.reports import display as _display  # noqa: F401 (Jupyter display of lemmas)
