"""The version of rules-lab (read by run records and saves; ``lab.__version__``)."""

VERSION = "0.1.0"
