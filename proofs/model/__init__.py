"""The data model: lemmas, proof chains and papers (:mod:`proofs.model.lemma`), the bookkeeping
an entry records for each claim (:mod:`proofs.model.annotation`), results
(:mod:`proofs.model.results`), and what a proof chain owes its statement
(:mod:`proofs.model.conclusion`)."""

from proofs.model.annotation import Annotation
from proofs.model.lemma import Chain, Lemma, Link, Local, Paper, Remark, Wording

__all__ = ["Annotation", "Chain", "Lemma", "Link", "Local", "Paper", "Remark", "Wording"]
