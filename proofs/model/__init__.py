"""The data model: lemmas, proof chains and papers (:mod:`proofs.model.lemma`), results
(:mod:`proofs.model.results`), and what a proof chain owes its statement
(:mod:`proofs.model.conclusion`)."""

from proofs.model.lemma import Chain, Lemma, Link, Local, Paper

__all__ = ["Chain", "Lemma", "Link", "Local", "Paper"]
