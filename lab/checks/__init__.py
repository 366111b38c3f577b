"""The engine's contracts checked on a whole game by playing it: :mod:`~lab.checks.conformance`
(``check_game``: every State API contract, replay, saves, clones, aliasing) and
:mod:`~lab.checks.probes` (no view shows a seat what it may not know).

Above the driver (:mod:`lab.sim`, which plays the games they check) and below the games and the
kit, whose own checks (``KitGame.check``) call them.
"""
