"""Performance estimation: deciding claims about every function of a class.

- :mod:`numeric.pep.sdp`: the semidefinite programs (CVXPY) of a class claim: a proof's
  multipliers, a counterexample's Gram matrix, the worst case of a rate;
- :mod:`numeric.pep.exact`: the solver's floats made exact rationals (certificates, data);
- :mod:`numeric.pep.decide`: the verdict, admitted by :mod:`numeric.kernel.classes`.

May import :mod:`numeric.kernel` and :mod:`numeric.budget` (``tests/test_layering.py``).
"""
