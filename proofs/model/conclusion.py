"""What a proof chain owes its statement: does it conclude it structurally, and if not, which
implication is left to check.

Example:
    >>> from symbolic import Prop, scalar
    >>> from proofs.model import Chain, Lemma, Link
    >>> t = scalar("t")
    >>> e = Lemma("t:lemma-1", "toy", Prop(t**2, "<=", 1),
    ...           proof=Chain(t**2, [Link("<=", 1)]))
    >>> entry_notes(e)
    ['the proof chain concludes the statement']
"""

from __future__ import annotations

from proofs.model.annotation import Annotation
from proofs.model.lemma import Lemma
from symbolic.claim import Claim, Prop
from symbolic.formatting import expression
from symbolic.objects import unwrap
from symbolic.relation import Relation


def _same(a: Prop, b: Prop) -> bool:
    """Structurally equal sides (definitions unfolded) and a relation that implies ``b``'s."""
    return (unwrap(a.lhs) == unwrap(b.lhs) and unwrap(a.rhs) == unwrap(b.rhs)
            and a.rel.implies(b.rel))


def _needed_relation(chain_rel: Relation, stated: Relation) -> Relation | None:
    """``R`` such that ``a chain_rel e`` and ``e R s`` give ``a stated s`` (None: impossible)."""
    if stated is Relation.EQ:
        return Relation.EQ if chain_rel is Relation.EQ else None
    if stated is Relation.PSD_LE:
        return Relation.PSD_LE if chain_rel in (Relation.EQ, Relation.PSD_LE) else None
    if chain_rel is not Relation.EQ and chain_rel.direction != stated.direction:
        return None
    if stated.strict and not chain_rel.strict:
        return Relation.LT if stated.direction < 0 else Relation.GT
    return Relation.LE if stated.direction < 0 else Relation.GE


def conclusion_claim(entry: Lemma) -> Claim | None:
    """The implication the proof chain still owes its statement: ``chain_end REL stated_rhs``
    under the hypotheses the proof runs under, or None when the chain concludes the statement
    structurally (or cannot conclude it at all).

    >>> from symbolic import Prop, scalar
    >>> from proofs.model import Chain, Lemma, Link
    >>> t = scalar("t")
    >>> e = Lemma("t:lemma-1", "toy", Prop(t**2, "<=", 1), hypotheses=(Prop(t**2, "<=", 1),),
    ...           proof=Chain(t**2, [Link("<=", 1 + t**2)]))
    >>> str(conclusion_claim(e).prop)
    't**2 + 1 <= 1'
    """
    if entry.proof is None or not isinstance(entry.statement, Prop):
        return None
    concl = entry.proof.conclusion()
    st = entry.statement
    if concl is None or _same(concl, st) or unwrap(concl.lhs) != unwrap(st.lhs):
        return None
    rel = _needed_relation(concl.rel, st.rel)
    if rel is None:
        return None
    given = [h for link in entry.proof.links for h in link.given]
    hyps = entry.proof_hypotheses()
    return Claim(entry.id, concl.rhs, rel, st.rhs,
                 hypotheses=hyps + tuple(h for h in dict.fromkeys(given) if h not in hyps),
                 source=f"{entry.source}: proof chain's end vs the statement",
                 dims=entry.dims, ranges=entry.ranges)


def conclusion_annotation(claim: Claim, entry: Lemma | None = None) -> Annotation:
    """The annotation of the implication :func:`conclusion_claim` returns (with what reading
    the ``entry`` and its proof chain from a source left: a conclusion read incompletely is
    never a finding).

    >>> conclusion_annotation(Claim("t:lemma-1", 1, "<=", 2)).kind
    'implication'
    """
    left = () if entry is None else tuple(dict.fromkeys(
        (*entry.left, *(w for link in (entry.proof.links if entry.proof else [])
                        for w in link.left))))
    return Annotation(kind="implication",
                      description=f"end of the proof chain of {claim.id} {claim.rel.value} "
                                  "the stated bound", left=left)


def entry_notes(entry: Lemma) -> list[str]:
    """Structural notes: does the proof chain compose, and does it conclude the statement?"""
    notes = []
    if entry.proof is None or not isinstance(entry.statement, Prop):
        return notes
    concl = entry.proof.conclusion()
    if concl is None:
        notes.append("the proof chain's relations do not compose into one conclusion")
        return notes
    st = entry.statement
    if _same(concl, st):
        notes.append("the proof chain concludes the statement")
    elif unwrap(concl.lhs) != unwrap(st.lhs):
        notes.append(f"the proof chain starts at {expression(concl.lhs)}, not at the "
                     f"statement's left side {expression(st.lhs)}")
    elif _needed_relation(concl.rel, st.rel) is None:
        notes.append(f"the proof chain concludes {expression(concl)}, whose relation cannot "
                     f"give the statement {expression(st)}")
    return notes
