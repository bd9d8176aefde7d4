"""Function classes: statements about every function of a class (convex, L-smooth, ...).

- :mod:`symbolic.classes.gram`: exact vectors and scalars over named leaves (the Gram form);
- :mod:`symbolic.classes.declarations`: the classes, one declaration each, with their
  interpolation conditions and where they are proved;
- :mod:`symbolic.classes.statement`: abstract functions, iterates of first-order methods and
  :class:`ClassClaim`, decided by :mod:`numeric.pep`.

Example:
    >>> import sympy as sp
    >>> f = Function("f", CLASSES["smooth-convex"].instance(L=1))
    >>> x0 = f.point("x_0")
    >>> f(x0) - f(f.minimizer()) >= 0
    f(x_0) - f(x_*) ≥ 0
"""

from symbolic.classes.declarations import CLASSES, ClassInstance, Datum, FunctionClass
from symbolic.classes.gram import Inequality, Minimum, Scalar, Vec, minimum
from symbolic.classes.statement import (
    ClassClaim,
    Condition,
    Function,
    constrained_minimizer,
    gradient_descent,
    heavy_ball,
    projected_gradient_descent,
)

__all__ = ["CLASSES", "ClassClaim", "ClassInstance", "Condition", "Datum", "Function",
           "FunctionClass", "Inequality", "Minimum", "Scalar", "Vec", "constrained_minimizer",
           "gradient_descent", "heavy_ball", "minimum", "projected_gradient_descent"]
