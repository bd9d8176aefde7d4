"""Search for violations: sampling instances that satisfy the hypotheses
(:mod:`~numeric.search.sampler`), adversarial moves over values and orders of magnitude
(:mod:`~numeric.search.adversarial`), high-precision confirmation of a float64 witness, mpmath
then arb (:mod:`~numeric.search.confirm`), and shrinking a confirmed witness
(:mod:`~numeric.search.shrink`).

May import: :mod:`symbolic`, :mod:`numeric.backends`, :mod:`numeric.budget`,
:mod:`numeric.layout` and this folder (never a stage). A new search move goes into
:mod:`~numeric.search.adversarial` (copy ``scale_search``) or, if it is a way of drawing
instances, into :mod:`~numeric.search.sampler`.

Example:
    >>> from numeric.search.shrink import simple_values
    >>> simple_values(2.7)[:3]
    [0.0, 1.0, -1.0]
"""
