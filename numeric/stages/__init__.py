"""Stages: every way of deciding a claim, one stage each, behind one protocol
(:mod:`~numeric.stages.protocol`: ``name``, ``rigorous``, ``applies``, ``run``), run cheapest
first by :mod:`~numeric.stages.cascade`: replay of stored witnesses, claims without variables
(:mod:`~numeric.stages.ground`, arb at once), the numeric probe, exact
identities (:mod:`~numeric.stages.exact`), lemma schemas, real algebra by z3
(:mod:`~numeric.stages.real_algebra`), the fact blackboard (:mod:`~numeric.stages.blackboard`,
z3 on atoms and library facts, after :mod:`~numeric.stages.unfold`), the interval and Taylor provers
(:mod:`~numeric.stages.interval`, :mod:`~numeric.stages.taylor`), and sampling with
adversarial search (:mod:`~numeric.stages.sampling`).

May import: :mod:`symbolic`, :mod:`numeric.backends`, :mod:`numeric.search`,
:mod:`numeric.budget`, :mod:`numeric.layout` and this folder. A new stage is one module here
(copy :mod:`~numeric.stages.interval`'s ``IntervalStage``) and one entry in
:data:`numeric.stages.cascade.STAGES`, at its place by cost.
"""
