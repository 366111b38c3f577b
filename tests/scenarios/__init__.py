"""The seed-scenario suite (issue #39): for every clause of the four games' rules, at least one
scenario that sets up the situation the clause speaks about and checks its outcome.

One data module per game (``memcel``, ``fiemme_cembra``, ``space_station``, ``memm``) holds
the game's clause list (every clause ID of RULES.md for it) and its table of rows, each quoting
the seed; :mod:`tests.scenarios.table` holds the vocabulary and the generic runner;
``test_scenarios.py`` runs every row; ``python -m tests.scenarios`` prints the coverage per game.
"""
