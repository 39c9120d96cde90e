"""Players and judges built on the engine: the solver, the bots, simulations, the odds and the post-mortem.

A bot sees a seat's view, never the whole deal; the solver and the post-mortem
read whole deals because they judge with open hands, after the fact.
"""
