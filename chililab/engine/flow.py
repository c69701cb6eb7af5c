"""Flow declarations: the phases of a game and the transitions between them.

A game declares its flow once, as data. The engine refuses to take a
transition that is not declared (so the picture cannot drift from the rules),
and :meth:`Flow.graph` turns the same declaration into a ``networkx.DiGraph``
whose edges carry the rule clause IDs.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """One phase: its code ``name`` (what the engine and its records say), a sentence ``text`` of what happens
    in it, the ``decision`` people make there (if any) and its ``label``: the short name a learner reads (the
    flow picture's box, the stepper's "now"; see :func:`chililab.engine.words.phase_label`)."""

    name: str
    text: str
    decision: str | None = None  # "turn" | "choice" | "window" when people choose here
    label: str = ""


@dataclass(frozen=True)
class Transition:
    src: str
    dst: str
    label: str
    rules: tuple[str, ...]


class Flow:
    def __init__(self, game: str, phases: list[Phase], transitions: list[Transition], start: str):
        self.game = game
        self.phases = {p.name: p for p in phases}
        self.transitions = tuple(transitions)
        self.start = start
        self._edges: dict[tuple[str, str], Transition] = {}
        for t in transitions:
            if t.src not in self.phases or t.dst not in self.phases:
                raise ValueError(f"transition {t.src}->{t.dst} names an undeclared phase")
            if (t.src, t.dst) in self._edges:
                raise ValueError(f"transition {t.src}->{t.dst} declared twice")
            self._edges[(t.src, t.dst)] = t
        if start not in self.phases:
            raise ValueError(f"start phase {start} is not declared")
        #: every transition as (src, dst), in declaration order: the order of a rules state's edge counts
        self.edges: tuple[tuple[str, str], ...] = tuple(self._edges)
        #: edge_ids[src][dst]: the index of that transition in :attr:`edges`
        self.edge_ids: dict[str, dict[str, int]] = {p: {} for p in self.phases}
        for i, (a, b) in enumerate(self.edges):
            self.edge_ids[a][b] = i

    def edge(self, src: str, dst: str) -> Transition:
        try:
            return self._edges[(src, dst)]
        except KeyError:
            raise RuntimeError(f"{self.game}: undeclared transition {src} -> {dst}") from None

    def has_edge(self, src: str, dst: str) -> bool:
        return (src, dst) in self._edges

    def counts(self, edge_counts) -> dict:
        """``{(src, dst): n}`` for each transition taken, from counts in :attr:`edges` order."""
        return {e: c for e, c in zip(self.edges, edge_counts) if c}

    def graph(self, counts: dict | None = None):
        """The flow as a ``networkx.DiGraph``.

        Nodes carry ``text`` and ``decision``; edges carry ``label``, ``rules``
        (tuple of clause IDs) and, when ``counts`` maps ``(src, dst)`` to a
        number, ``count``.
        """
        from chililab.extras import require

        nx = require("networkx", "Flow.graph()")
        g = nx.DiGraph(game=self.game, start=self.start)
        for p in self.phases.values():
            g.add_node(p.name, text=p.text, decision=p.decision, label=p.label or p.name)
        for t in self.transitions:
            g.add_edge(t.src, t.dst, label=t.label, rules=t.rules,
                       count=(counts or {}).get((t.src, t.dst), 0))
        return g
