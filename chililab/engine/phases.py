"""The phases one rulebook section runs, and the one place a rules state's tables are assembled from them.

A rules state (:class:`~chililab.engine.machine.RulesBase`) names its phase methods in five tables
(``AUTOMATIC``, ``WINDOWS``, ``ACTIONS``, ``LEGAL``, ``REFUSALS``) and the clause a refusal cites per phase
(``PHASE_RULES``). A game built of one mixin per rulebook section lets each section declare its own share
as a :class:`Phases` (``SECTION_PHASES``); :func:`compose` joins them once. An expansion takes over a phase
of the base game only by naming it in its ``wraps`` (its method then calls the base one): no table entry is
swapped behind the base game's back.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TABLES = ("automatic", "windows", "actions", "legal", "refusals", "clauses")


@dataclass(frozen=True)
class Phases:
    """The phases one rulebook section runs, as method names (the kernel's tables)."""

    automatic: dict[str, str] = field(default_factory=dict)  # phases that run by themselves
    windows: dict[str, str] = field(default_factory=dict)  # phases whose answers are collected, then resolved
    actions: dict[str, str] = field(default_factory=dict)  # phases where the one move is applied at once
    legal: dict[str, str] = field(default_factory=dict)  # a deciding seat's legal moves
    refusals: dict[str, str] = field(default_factory=dict)  # why a move is refused (None: it is not)
    #: phases whose refusal method is the full check (None: accepted), because their moves are too many to list
    open_check: frozenset[str] = frozenset()
    #: open-check phases whose refusal method also accepts every listed move
    refusal_is_full: frozenset[str] = frozenset()
    #: the clause a refusal cites when a seat has no decision in the phase
    clauses: dict[str, str] = field(default_factory=dict)
    #: phases of earlier sections this one takes over (its methods call theirs)
    wraps: frozenset[str] = frozenset()


def compose(sections) -> Phases:
    """Every section's ``SECTION_PHASES`` (declared on the class itself) joined, in ``sections`` order.

    Two sections naming the same phase in the same table is an error unless the later one names that phase
    in its ``wraps``: an expansion plugs into a base phase only where it declares so.
    """
    tables: dict[str, dict[str, str]] = {k: {} for k in TABLES}
    owner: dict[tuple[str, str], type] = {}
    open_check: set[str] = set()
    full: set[str] = set()
    for sec in sections:
        ph = sec.__dict__.get("SECTION_PHASES")
        if ph is None:
            continue
        for table, entries in tables.items():
            for phase, name in getattr(ph, table).items():
                first = owner.get((table, phase))
                if first is not None and phase not in ph.wraps:
                    raise TypeError(f"{sec.__name__} declares {table}[{phase!r}], which {first.__name__} "
                                    "declares already: name it in wraps to take it over")
                owner[table, phase] = sec
                entries[phase] = name
        open_check |= ph.open_check
        full |= ph.refusal_is_full
    return Phases(automatic=tables["automatic"], windows=tables["windows"], actions=tables["actions"],
                  legal=tables["legal"], refusals=tables["refusals"], clauses=tables["clauses"],
                  open_check=frozenset(open_check), refusal_is_full=frozenset(full))
