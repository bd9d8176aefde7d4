"""Views of a run, rendered from a :class:`~proofs.review.model.Review` (:mod:`proofs.review`)
or from results, never running a check: the terminal table and JUnit
(:mod:`~proofs.reports.table`), the errata, LaTeX/PDF, HTML, Jupyter display, slack."""
