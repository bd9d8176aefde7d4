"""Numeric layer: batched numpy, mpmath and arb evaluation of claims, samplers, adversarial
search, high-precision confirmation and a rigorous interval prover.

Example:
    >>> from numeric.budget import Budget
    >>> Budget.get("default").name
    'default'
"""
