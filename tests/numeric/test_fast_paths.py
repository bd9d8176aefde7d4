"""Fast paths of the float64 back ends agree with the general routines they replace."""

import numpy as np
import pytest

from numeric.numpy_backend import spectral_norm


@pytest.mark.parametrize("shape", [(1, 1), (1, 5), (5, 1), (2, 2), (2, 7), (7, 2), (3, 3), (4, 6), (1000, 4), (3, 8)])
def test_spectral_norm_matches_svd(shape):
    rng = np.random.default_rng(0)
    m = rng.standard_normal((200, *shape))
    m *= 10.0 ** rng.uniform(-120, 120, 200)[:, None, None]
    m[:5] = 0.0
    m[5:10, 0, :] = 0.0  # rank-deficient
    ref = np.linalg.norm(m, 2, axis=(-2, -1))
    got = spectral_norm(m)
    assert np.allclose(got, ref, rtol=1e-13, atol=0.0)


def test_spectral_norm_nonfinite():
    m = np.array([[[np.inf, 1.0], [0.0, 1.0]], [[np.nan, 1.0], [0.0, 1.0]],
                  [[1e308, 1e308], [1e308, 1e308]]])
    got = spectral_norm(m)
    assert got[0] == np.inf and np.isnan(got[1]) and got[2] == np.inf
    m3 = np.zeros((3, 3, 3))
    m3[0, 0, 0], m3[1, 1, 1], m3[2] = np.inf, np.nan, 1e308
    got = spectral_norm(m3)
    assert got[0] == np.inf and np.isnan(got[1]) and got[2] == np.inf
    v = np.array([[[np.inf], [1.0]], [[np.nan], [1.0]]])
    got = spectral_norm(v)  # as norm2: never a finite number
    assert not np.isfinite(got).any()
