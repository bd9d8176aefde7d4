from proofs.papers.tensor_trick import load_experiments
from proofs.papers.tensor_trick.experiments.tensor_gd import planted, run


def test_descent_decreases_both_losses_and_recovers_the_planted_x():
    out = run(n=8, d=4, steps=300, seed=0)
    for loss in ("normalized", "rescaled"):
        r = out[loss]
        assert r["monotone"]
        assert r["loss_final"] < 1e-8 * r["loss_initial"]
        assert r["relative_error_X"] < 1e-3


def test_planted_instance_has_row_stochastic_targets():
    inst = planted(5, 3, seed=1)
    assert abs(inst["B"].sum(axis=-1) - 1).max() < 1e-12


def test_registered_as_an_experiment_with_claims():
    exp = load_experiments()["tensor-trick-gd"]
    res = exp.run(seed=0, budget="tiny")
    assert [c["status"] for c in res["claims"]] == ["supported", "supported"]
    assert res["params"]["steps"] == 200 and exp.claims[0].startswith("tensor-trick:")
