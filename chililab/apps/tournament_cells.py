"""A tutorial section where bots play a small tournament (:mod:`chililab.sim.tournament`), for any game's notebook.

:func:`section` gives the cells as ``(kind, id, source)`` triples (``GameSpec.tutorial``'s form): a heading,
one cell naming the game, the agents and the seats, then the bodies of :func:`bots_tournament` and
:func:`bots_chart` (functions, so they are linted and tested; their parameters are the names the earlier
cells define). It lives in the apps layer: a game's own folder imports no pandas (``.importlinter``).
"""
from __future__ import annotations

from .cells import cell_source

TEXT = """## Bots against each other: a small tournament

Which bot plays best? `chililab.sim.tournament` plays seeded games between agents, each deal once in
every seat rotation (so every bot plays every seat equally often and gets the same cards), and
`standings` gives each bot's share of the wins with a 95% interval beside the fair share, and a
Bradley–Terry rating (Elo-like: `random` is 1000; 200 points more means winning about 3 games in 4).
Here {who} play {deals} from all {players} seats: a first look only, far too few games to tell the
bots apart. The same from a terminal, with enough games:
`chililab tournament {game} --agents {agents} --players {players} --games 300`."""


def bots_tournament(bots_game, bots_agents, bots_players):
    # each deal is played once per seat rotation: games = deals x seats
    from chililab.sim.tournament import standings, tournament
    games = tournament(bots_game, bots_agents, games=bots_players, players=bots_players, seed=0, progress=False)
    print(games[["match", "seed", "agents", "winners", "steps"]].to_string(index=False))
    table = standings(games, resamples=200, seed=0)
    assert len(set(table["games"])) == 1  # every bot played as many games
    table.round(3)


def bots_chart(table, bots_agents):
    from chililab.viz import tournament_chart
    tournament_chart(table, title=bots_agents.replace(",", " vs "))


def section(game: str, agents: str, players: int, who: str, prefix: str = "bots") -> list[tuple[str, str, str]]:
    """The section's cells for ``game``: ``agents`` (comma-separated names) at ``players`` seats, one deal
    played from every seat; ``who`` says who plays in the text (e.g. "the random bot and the rule bot")."""
    text = TEXT.format(who=who, deals="one deal", players=players, game=game, agents=agents)
    return [
        ("markdown", f"{prefix}-md", text),
        ("code", f"{prefix}-settings", f"bots_game, bots_agents, bots_players = {game!r}, {agents!r}, {players}"),
        ("code", f"{prefix}-tournament", cell_source(bots_tournament)),
        ("code", f"{prefix}-chart", cell_source(bots_chart)),
    ]
