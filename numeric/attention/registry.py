"""Registry of Monte Carlo experiments from every paper (read by ``proofcheck experiment``).

Experiments register themselves with :func:`register`; :func:`experiments` imports the provider
modules in ``PROVIDERS`` first (a provider that does not exist yet is skipped), so a new paper's
experiments need only a module that calls ``register(...)`` at import (or defines
``EXPERIMENTS``) and one line in ``PROVIDERS``. Names are unique across papers.

Example:
    >>> from numeric.attention.registry import experiments
    >>> "window-scaling" in experiments()
    True
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping

from numeric.attention.experiment import Experiment

#: modules that provide experiments (imported lazily; missing ones are skipped)
PROVIDERS: list[str] = ["numeric.attention", "numeric.tensor_gd",
                        "numeric.tensor_trick.experiments"]

_REGISTRY: dict[str, Experiment] = {}


def register(experiment: Experiment, *, replace: bool = False) -> Experiment:
    """Add ``experiment`` under its name; a different experiment with the same name is an error
    unless ``replace``. Returns the experiment (usable as a decorator-like call)."""
    old = _REGISTRY.get(experiment.name)
    if old is not None and old is not experiment and not replace:
        raise ValueError(f"an experiment named {experiment.name!r} is already registered")
    _REGISTRY[experiment.name] = experiment
    return experiment


def _load(module: str) -> None:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and (module == exc.name or module.startswith(exc.name + ".")):
            return  # the provider does not exist (yet)
        raise
    found = getattr(mod, "EXPERIMENTS", None)
    items: Iterable[Experiment] = (found.values() if isinstance(found, Mapping)
                                   else found or ())
    for e in items:
        if isinstance(e, Experiment) and _REGISTRY.get(e.name) is not e:
            register(e)


def experiments() -> dict[str, Experiment]:
    """Every registered experiment by name (providers imported on first use)."""
    for module in PROVIDERS:
        _load(module)
    return dict(sorted(_REGISTRY.items()))
