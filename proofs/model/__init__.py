"""The data model: lemmas, proof chains and papers (:mod:`proofs.model.lemma`), the bookkeeping
an entry records for each claim (:mod:`proofs.model.annotation`), results
(:mod:`proofs.model.results`), and what a proof chain owes its statement
(:mod:`proofs.model.conclusion`)."""

from proofs.model.annotation import Annotation
from proofs.model.lemma import Chain, Lemma, Link, Local, Paper, Remark, Restatement, Wording
from proofs.model.text import Text

__all__ = ["Annotation", "Chain", "Lemma", "Link", "Local", "Paper", "Remark", "Restatement",
           "Text", "Wording"]
