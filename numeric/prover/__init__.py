"""The referee's prover: claims about norms, inner products, exponentials and softmax proved for
every ``n`` and ``d``, from facts that are theorems.

- :mod:`~numeric.prover.translate`: SymPy to z3 over the reals, with side conditions;
- :mod:`~numeric.prover.atoms`: each non-polynomial scalar subterm, in the normal form of
  :mod:`symbolic.normal_form`, as one z3 real (so ``‖Ax − Ay‖`` and ``‖A(x − y)‖`` are one atom);
- :mod:`~numeric.prover.facts`: the library of facts (one ``@fact`` entry per theorem), each
  instantiated on the atoms present;
- :mod:`~numeric.prover.engine`: hypotheses ∧ facts ∧ ¬claim handed to z3, with a deterministic
  resource limit, and the library entries a proof needs.

The stages :mod:`numeric.stages.identity` and :mod:`numeric.stages.blackboard` put it behind the
stage protocol. May import: :mod:`symbolic` and :mod:`numeric.budget`. A new library fact is one
``@fact`` function in :mod:`~numeric.prover.facts` (copy ``_cauchy_schwarz``) and a claim in the
public catalogue (``tests/proofs/catalogue``) that checks it on random instances.
"""
