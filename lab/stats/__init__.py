"""Metrics and comparisons over simulation tables."""
