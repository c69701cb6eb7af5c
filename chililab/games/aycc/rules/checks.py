"""Inferno Mode's checks as pure functions (aycc.md section 2.9, DEC-18..24, DEC-29).

Each ``*_problem`` function says why an ability use is not allowed, as ``(clause, learner sentence)``,
or returns None when it is; the ``*_choices`` functions list what may be chosen. They take plain
values (characters, seats, numbers), so the rules (``inferno.py``) and the tests share them:
characters are compared as given (``cards.Character`` objects in the rules, their keys in the tests).
"Your own" is the character of the player using the ability, also when Go Chu Jang copies another
one (DEC-24).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

C = TypeVar("C")  # a character, as the caller names it

HABI, PIRI, FUEGO, VASCO, NAGA, AL, GO = ("habi_wasabi", "piri_piri", "fuego_fred", "vasco_tabasco",
                                          "king_naga", "al_apeno", "go_chu_jang")
#: the clause of each character's ability (its name: ``cards.CHARACTER_TABLE``)
ABILITY_CLAUSE = {HABI: "AYCC-INFERNO-HABI-1", PIRI: "AYCC-INFERNO-PIRI-1", FUEGO: "AYCC-INFERNO-FUEGO-1",
                  VASCO: "AYCC-INFERNO-VASCO-1", NAGA: "AYCC-INFERNO-KINGNAGA-1", AL: "AYCC-INFERNO-ALAPENO-1",
                  GO: "AYCC-INFERNO-GOCHUJANG-1"}
FRENZY_DISHES = 3  # AYCC-INFERNO-HABI-1: up to 3 dishes
ENDURE_LOOK = 3  # AYCC-INFERNO-FUEGO-1: the top 3 undealt tolerance cards


def reveal_problem(inferno: bool, hidden: bool, acted: bool) -> tuple[str, str] | None:
    """AYCC-INFERNO-1/2 (DEC-18): a reveal happens in Inferno Mode, at the start of your turn, while your
    identity is hidden (so once per round, and never after a withdrawal or burn-out)."""
    if not inferno:
        return "AYCC-INFERNO-1", "abilities are used only in Inferno Mode, and this game is played without it"
    if not hidden:
        return "AYCC-INFERNO-2", ("your Secret Identity is already known this round (revealed, withdrawn or burnt "
                                  "out): each identity may be revealed only once per round")
    if acted:
        return "AYCC-INFERNO-1", "an ability is used at the start of your turn, before you serve or withdraw"
    return None


def copy_choices(row: Iterable[C], own: C, revealed) -> list[C]:
    """AYCC-INFERNO-GOCHUJANG-1 (DEC-24): the characters Go Chu Jang may copy, in row order: in this round's
    row, not your own, not revealed (the Neutral is never revealed, so it is always among them)."""
    return [c for c in row if c != own and c not in revealed]


def copy_problem(character, row, own, revealed, name=str) -> tuple[str, str] | None:
    """Why Go Chu Jang may not copy ``character`` (AYCC-INFERNO-GOCHUJANG-1, DEC-24); ``name(c)`` names a
    character of the row."""
    clause = "AYCC-INFERNO-GOCHUJANG-1"
    if character not in row:
        return clause, f"{character!r} is not in this round's row: only characters in play may be copied"
    if character == own:
        return clause, "Mastery copies another character's ability, not your own"
    if character in revealed:
        return clause, f"{name(character)} has been revealed this round: Mastery copies only a character not yet revealed"
    return None


def frenzy_target_problem(target, own, active, served, name=str) -> tuple[str, str] | None:
    """AYCC-INFERNO-HABI-1 (DEC-19): a frenzy dish goes to an active character other than your own, each to a
    different one (``served``: the characters served so far in this frenzy). The serving rules (Last Target,
    Siesta) are checked as for any serve."""
    clause = "AYCC-INFERNO-HABI-1"
    if target == own:
        return clause, "Green Frenzy serves the other characters (the Neutral too), never your own"
    if target not in active:
        return "AYCC-SERVE-3", f"{name(target)} is out of the round: only active characters can be served"
    if target in served:
        return clause, f"{name(target)} has had a dish in this frenzy already: each frenzy dish goes to a different character"
    return None


def sleeper(character, seat: int, siestas: dict) -> int | None:
    """AYCC-INFERNO-ALAPENO-1: the player whose Siesta keeps ``seat`` from giving ``character`` a dish, or None
    (``siestas``: {seat in a Siesta: the character it protects}; nobody is kept from their own character)."""
    return next((s for s, c in siestas.items() if s != seat and c == character), None)


def withdraw_blocker(seat: int, siestas: dict) -> int | None:
    """AYCC-INFERNO-ALAPENO-1: the opponent whose Siesta forbids ``seat``'s voluntary withdrawal, or None."""
    return next((s for s in siestas if s != seat), None)


def swap_problem(a, b, active, seat: int, siestas: dict, siesta_blocks_swap: bool,
                 name=str) -> tuple[str, str] | None:
    """AYCC-INFERNO-PIRI-1 (DEC-20, DEC-23): two different active characters swap piles; with
    ``siesta_blocks_swap`` not one under an opponent's Siesta."""
    clause = "AYCC-INFERNO-PIRI-1"
    if a == b:
        return clause, "Fiery Dance swaps the piles of two different characters"
    for c in (a, b):
        if c not in active:
            return "AYCC-SERVE-3", f"{name(c)} is out of the round: an out character's pile cannot be swapped"
    for c in (a, b):
        if siesta_blocks_swap and sleeper(c, seat, siestas) is not None:
            return "AYCC-INFERNO-ALAPENO-1", f"{name(c)} is taking a Siesta: nobody may give it a new pile until its next turn"
    return None


def swap_choices(active, seat: int, siestas: dict, siesta_blocks_swap: bool) -> list[tuple]:
    """Every pair Fiery Dance may swap, each pair once, in the order of ``active``."""
    act = list(active)
    return [(a, b) for i, a in enumerate(act) for b in act[i + 1:]
            if swap_problem(a, b, act, seat, siestas, siesta_blocks_swap) is None]


def endure_look(undealt) -> list:
    """AYCC-INFERNO-FUEGO-1 (DEC-21): the undealt tolerance cards looked at: the top 3 (all if fewer);
    ``undealt`` lists the deck top first."""
    return list(undealt[:ENDURE_LOOK])


def endure_after(undealt, old, take):
    """AYCC-INFERNO-FUEGO-1 (DEC-21): Fuego takes ``take``, one of the cards looked at, for his tolerance ``old``.

    Returns (new tolerance, new undealt deck, discarded card): the cards not chosen stay on top in their
    order; the old card leaves the round. (Keeping the old tolerance changes nothing.)"""
    i = endure_look(undealt).index(take)
    return take, list(undealt[:i]) + list(undealt[i + 1:]), old


def endure_problem(take, undealt) -> tuple[str, str] | None:
    """Why Fuego may not take ``take`` for his tolerance (keeping his own is always allowed)."""
    if take in endure_look(undealt):
        return None
    return "AYCC-INFERNO-FUEGO-1", (f"{take} is not among the undealt tolerance cards you looked at "
                                    f"({', '.join(map(str, endure_look(undealt))) or 'none'})")


def diss_targets(seat: int, hidden_seats) -> list[int]:
    """AYCC-INFERNO-KINGNAGA-1: the players Savage Diss may name: every other player whose identity is hidden."""
    return [s for s in hidden_seats if s != seat]


def diss_guesses(row: Iterable[C], own: C) -> list[C]:
    """AYCC-INFERNO-KINGNAGA-1: the characters that may be named: the row's, except your own (King Naga's;
    a Go Chu Jang copying Savage Diss names any but Go Chu Jang, DEC-24)."""
    return [c for c in row if c != own]


def diss_problem(target, guess, seat: int, hidden_seats, row, own) -> tuple[str, str] | None:
    """Why this Savage Diss may not be made (AYCC-INFERNO-KINGNAGA-1)."""
    clause = "AYCC-INFERNO-KINGNAGA-1"
    if target == seat:
        return clause, "Savage Diss names another player, not yourself"
    if target not in hidden_seats:
        return clause, f"P{target}'s identity is not hidden: Savage Diss names a player whose identity is still secret"
    if guess not in diss_guesses(row, own):
        return clause, f"{guess!r} cannot be named: name a character of this round's row other than your own"
    return None
