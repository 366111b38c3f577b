"""One package per game. Games never import each other; the registry is in lab.core.registry."""
