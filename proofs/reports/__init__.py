"""Reports of a run, rendered from results (never running a check): the terminal table and
JUnit (:mod:`~proofs.reports.table`), errata, LaTeX/PDF, HTML, notebook display, slack."""
