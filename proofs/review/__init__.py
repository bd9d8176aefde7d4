"""The review of a paper's results: one pipeline (checks, hypothesis flow, citations,
corrections) on the run's executor and results store, giving a typed
:class:`~proofs.review.model.Review` (the results, their findings and root causes, the citation
checks, the derivations) that the views of :mod:`proofs.reports` render without running
anything.

- ``model.py``: the types (pure data; the only module of this package a renderer imports);
- ``pipeline.py``: :func:`review`, the pipeline;
- ``findings.py``: the findings of results, ``uses.py``: inconsistent uses of a lemma,
  ``causes.py``: root causes, ``corrections.py``: prover-checked corrections,
  ``derivations.py``: the derivations a report shows.

Example:
    >>> from proofs import registry
    >>> from proofs.review import review
    >>> rv = review(registry.paper("closeness"), [], flow=False, citations=False)
    >>> rv.findings, rv.causes
    ([], [])
"""

from proofs.review.model import Cause, CitationCheck, Correction, Finding, Review
from proofs.review.pipeline import review

__all__ = ["Cause", "CitationCheck", "Correction", "Finding", "Review", "review"]
