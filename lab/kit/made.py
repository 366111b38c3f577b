"""Where the classes made by :func:`lab.define_game` live (one attribute per definition).

A made class is found here by module and name in this process (and in forked workers). To ship
a game to a spawned worker or a Dask cluster, ``cloudpickle`` sends these classes by value (the
module is registered with ``cloudpickle.register_pickle_by_value``): the definition's functions
travel with them, by reference when they live in an importable module, by value when they were
written in a notebook.
"""

from __future__ import annotations
