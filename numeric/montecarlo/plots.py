"""Matplotlib figures for Monte Carlo experiments (Agg backend, imported lazily).

Example:
    >>> pyplot  # doctest: +ELLIPSIS
    <function pyplot at ...>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def pyplot() -> Any:
    """``matplotlib.pyplot`` with the Agg backend, or a clear ImportError."""
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("plotting an experiment needs matplotlib: "
                          "pip install matplotlib") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(fig: Any, path: str) -> None:
    """Save and close a figure."""
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    pyplot().close(fig)


def loglog_panels(series: Sequence[dict[str, Any]], path: str, *, xlabel: str, ylabel: str,
                  title: str = "") -> None:
    """One log-log panel per entry ``{"title", "lines": [{"x", "y", "label", "style"?}]}``."""
    plt = pyplot()
    fig, axes = plt.subplots(1, len(series), figsize=(4.2 * len(series), 3.6), squeeze=False)
    for ax, panel in zip(axes[0], series, strict=True):
        for line in panel["lines"]:
            ax.loglog(line["x"], line["y"], line.get("style", "o-"), label=line["label"], ms=3)
        ax.set_title(panel["title"])
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.legend(fontsize=7)
    if title:
        fig.suptitle(title)
    save(fig, path)
