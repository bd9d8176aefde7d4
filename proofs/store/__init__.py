"""Run state on disk: atomic writes, the results JSON reader/writer, provenance."""
