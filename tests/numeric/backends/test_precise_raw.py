"""mpmath's matrix arithmetic on raw tuples and the direct float conversions give the very
numbers of the generic object-array path they replace (bit for bit, specials included)."""

import flint
import mpmath
import numpy as np
import pytest

from numeric.backends.precise import ArbOps, MpmathOps, _mp_matmul, _ObjectOps, mp_workdps

SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, 1.7976931348623157e308, 0.1]


def _floats(rng: np.random.Generator, shape: tuple[int, ...], special: float) -> np.ndarray:
    a = rng.standard_normal(shape) * 10.0 ** rng.integers(-40, 40, shape)
    mask = rng.random(shape) < special
    a[mask] = rng.choice(SPECIAL, int(mask.sum()))
    return a


def _bits(v: object) -> object:
    """An mpf (or an array of them) as its exact raw tuples, the type checked."""
    if isinstance(v, np.ndarray):
        return v.shape, [_bits(x) for x in v.ravel()]
    assert type(v) is mpmath.mpf
    return v._mpf_


@pytest.mark.parametrize("dps", [50, 100])
@pytest.mark.parametrize("special", [0.0, 0.2])
def test_raw_arithmetic_is_the_object_arithmetic(dps, special):
    rng = np.random.default_rng(dps + int(10 * special))
    ops = MpmathOps()
    with mp_workdps(dps):
        for _ in range(60):
            r, k, c = (int(v) for v in rng.integers(1, 6, 3))
            a = ops.array(_floats(rng, (r, k), special))
            b = ops.array(_floats(rng, (k, c), special))
            a2 = ops.array(_floats(rng, (r, k), special))
            s = mpmath.mpf(1) / 3
            assert _bits(ops.matmul([a, b, b.T])) == _bits(_ObjectOps.matmul(ops, [a, b, b.T]))
            assert _bits(ops.scale(s, a)) == _bits(_ObjectOps.scale(ops, s, a))
            assert _bits(ops.matadd([a, a2, a])) == _bits(_ObjectOps.matadd(ops, [a, a2, a]))
            items = list(a.ravel())
            assert _bits(ops._sum(items)) == _bits(_ObjectOps._sum(ops, items))
            for name in ("euclidean",):
                assert _bits(ops.reduce(name, a, None)) == _bits(
                    _ObjectOps.reduce(ops, name, a, None))
            # the Gram products of the spectral norm: the mirrored entries are the computed ones
            assert _bits(_mp_matmul(a.T, a, True)) == _bits(np.matmul(a.T, a))
            assert _bits(_mp_matmul(a, a.T, True)) == _bits(np.matmul(a, a.T))


def test_opnorm_value_unchanged():
    m = np.array([[mpmath.mpf(3), mpmath.mpf(0)], [mpmath.mpf(4), mpmath.mpf(5)]], dtype=object)
    with mp_workdps(50):
        got = MpmathOps()._opnorm(m)
        ref = mpmath.sqrt(max(mpmath.eigsy(mpmath.matrix(m.T.dot(m).tolist()),
                                           eigvals_only=True)))
    assert got == ref and mpmath.nstr(got, 15) == "6.70820393249937"


def test_mixed_entries_take_the_object_path():
    ops = MpmathOps()
    a = np.array([[mpmath.mpf(2), 3]], dtype=object)  # an int entry: numpy's own product
    b = np.array([[mpmath.mpf(1)], [mpmath.mpf(1)]], dtype=object)
    with mp_workdps(50):
        assert ops.matmul([a, b])[0, 0] == 5
        assert ops.scale(2, b)[1, 0] == 2  # an int scale factor


@pytest.mark.parametrize("dps", [16, 50, 100])
def test_float_conversions_are_exact_and_the_same(dps):
    x = np.concatenate([_floats(np.random.default_rng(3), (200,), 0.0), SPECIAL])
    with mp_workdps(dps):
        got = MpmathOps().array(x.reshape(-1, 1))
        assert _bits(got) == ((len(x), 1), [mpmath.mpf(float(v))._mpf_ for v in x])
    balls = ArbOps().array(x)
    for ball, v in zip(balls, x):
        ref = flint.arb(float(v))
        assert ball.is_exact() == ref.is_exact()
        assert ball.str(30) == ref.str(30)


@pytest.mark.parametrize("ops", [MpmathOps(), ArbOps()])
def test_special_matrices(ops):
    with mp_workdps(50):
        eye = ops.special("identity", 3, 2)
        assert [[str(v) for v in row] for row in eye.tolist()] == [
            [str(ops.number(1)), str(ops.number(0))], [str(ops.number(0)), str(ops.number(1))],
            [str(ops.number(0)), str(ops.number(0))]]
        assert all(str(v) == str(ops.number(1)) for v in ops.special("ones", 2, 3).ravel())
