"""Stages: the ways a claim is decided, behind one protocol (:mod:`numeric.stages.protocol`)."""
