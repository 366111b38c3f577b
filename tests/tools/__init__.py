"""Maintenance tools run by make targets (golden records, notebooks)."""
