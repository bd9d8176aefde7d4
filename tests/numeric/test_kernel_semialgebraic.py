"""Signs over the parameters' set, decided exactly (numeric/kernel/semialgebraic.py)."""

import sympy as sp

from numeric.kernel.semialgebraic import defined, holds, nonnegative

L, mu, h = sp.symbols("L mu h", positive=True)
N = sp.Symbol("N", integer=True, positive=True)
STEP = [sp.Lt(mu, L), sp.Le(h, 2 / (L + mu))]
RATE = 1 - 2 * h * L * mu / (L + mu)


def test_the_rate_of_gradient_descent_is_nonnegative_for_every_allowed_step():
    assert nonnegative(RATE, STEP)
    assert holds(sp.Gt(RATE, 0), STEP)  # (L - μ)²/(L + μ)² > 0 at the largest step
    assert not nonnegative(RATE, [sp.Lt(mu, L), sp.Le(h, 2 / L)])  # too large a step
    assert not nonnegative(1 - h * L, STEP)  # h L reaches 2L/(L + μ) > 1


def test_a_power_with_a_symbolic_exponent_takes_its_base_sign():
    assert nonnegative(RATE ** (N / 2), STEP)
    assert nonnegative(((L - mu) / (L + mu)) ** (2 * N), [])
    assert not nonnegative((1 - 2 / (1 + L / mu)) ** N, [])  # μ > L is allowed here
    assert nonnegative((1 - 2 / (1 + L / mu)) ** N, STEP)


def test_a_denominator_that_may_vanish_shows_nothing():
    assert not nonnegative(1 / (L - mu), [])  # L = μ is allowed
    assert nonnegative(1 / (L - mu), STEP)
    assert not defined(1 / (L - mu), [])
    assert defined(1 / (L - mu), STEP)
    x = sp.Symbol("x")
    assert not nonnegative(x**2 / x, [])  # together: x, negative for x < 0


def test_strict_and_reversed_relations():
    assert holds(sp.Le(h * (L + mu), 2), STEP)
    assert not holds(sp.Lt(h * (L + mu), 2), STEP)  # equality is allowed
    assert not holds(sp.Eq(h, 1), STEP)  # only orders are decided
