"""Numeric layer: every way of evaluating a claim's expressions and of deciding a claim.

Folders by role (each ``__init__`` says what lives there and what it may import):

- :mod:`numeric.backends`: ways of evaluating an expression (batched float64 numpy, log space,
  mpmath, arb balls, extended-real and trigonometric intervals) and margins computed with them;
- :mod:`numeric.search`: looking for violations: sampling instances that satisfy the
  hypotheses, adversarial moves, high-precision confirmation and shrinking of witnesses;
- :mod:`numeric.kernel`: the trusted kernel, which re-checks every ``proved`` and ``refuted``
  verdict whatever stage made it (arb at a refutation's witness; a proof's definedness
  obligations shown under its hypotheses);
- :mod:`numeric.stages`: the ways a claim is decided, one stage each behind one protocol, run
  cheapest first by :mod:`numeric.stages.cascade`;
- :mod:`numeric.pep`: performance estimation: claims about every function of a class
  (convex, L-smooth, ...) decided by semidefinite programs made exact for the kernel;
- :mod:`numeric.montecarlo`: the paper-agnostic Monte Carlo experiment engine.

Two modules every folder shares: :mod:`numeric.budget` (effort levels, resolved once where a
run starts) and :mod:`numeric.layout` (a claim's symbols and their shapes). Imports point one
way: ``stages -> search -> backends -> (budget, layout)``, ``stages -> kernel -> (prover,
backends)``, ``pep -> kernel``, all of them onto :mod:`symbolic`;
``montecarlo`` stands alone; nothing here imports :mod:`proofs` (``tests/test_layering.py``
pins all of this).

Example:
    >>> from numeric.budget import Budget
    >>> Budget.get("default").name
    'default'
"""
