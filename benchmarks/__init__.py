"""Benchmarks of the engine: ``python -m benchmarks.run`` (``make bench``); see README.md."""
