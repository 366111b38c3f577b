"""Test tooling: golden-record maker (``python -m tests.tools.make_golden``), per-game probes
(secrets and component counts) and a small hidden-information toy game used to show that the
reliability checks can fail."""
