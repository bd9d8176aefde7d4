"""Back ends: every way of evaluating an expression of the vocabulary.

- :mod:`~numeric.backends.numpy_batch`: batched float64 (a leading batch axis on every symbol);
- :mod:`~numeric.backends.logspace`: float64 where exact to rounding, else ``(sign, log|v|)``
  pairs, for values beyond float64's range (``exp(10R²)``);
- :mod:`~numeric.backends.precise`: one instance in mpmath or in rigorous python-flint arb balls;
- :mod:`~numeric.backends.arb_linalg`: rigorous linear algebra on arb balls (norms, eigenvalues);
- :mod:`~numeric.backends.xinterval`, :mod:`~numeric.backends.trig_interval`: extended-real
  intervals with ±inf and tight trigonometric enclosures, for the interval provers;
- :mod:`~numeric.backends.margins`: how far a proposition is from failing, with any of them.

May import: :mod:`symbolic`, :mod:`numeric.budget`, :mod:`numeric.layout` and this folder.
A new back end is one module here with an ``Ops`` class for :class:`symbolic.walk.Evaluator`
(copy :mod:`~numeric.backends.numpy_batch`).

Example:
    >>> from numeric.backends.precise import MpmathOps
    >>> MpmathOps().__class__.__name__
    'MpmathOps'
"""
