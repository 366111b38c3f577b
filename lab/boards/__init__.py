"""NetworkX board builders shared by the games (``*_graph(...)`` in the style of networkx)."""
