"""The engine core: state API, parameters, actions, chance, save/replay, errors, registry."""
