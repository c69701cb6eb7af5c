"""Pepper abilities and Hot-card targets as pure functions (mafia.md sections 0, 2.4, 2.11, 2.12, 2.14).

An ability is **active** only when the option that enables it is on, the card
carries the icon, and no other Outlaw (an active ``Pepper X*``) sits in its gang.
The checks below say why an ability does not work, in a learner's words with its
clause; the moves that use them are in ``hotplay.py``, ``bodyguard.py`` and ``gfturn.py``.
"""
from __future__ import annotations

from operator import attrgetter

from .cards import Card
from .gangs import complete, why_invalid

ATTACK_ABILITIES = ("Sidekick", "Troublemaker", "Sniper")  # MAFIA-ADV-2: at most one per attack
WHACKS = ("whack", "whackem")  # the Hot cards a Bodyguard answers (MAFIA-ADV-BODYGUARD-2)
BASE_ABILITIES = ("Sidekick", "Bodyguard", "Troublemaker", "Sniper")  # MAFIA-ADV-1: with advanced
GOODFELLAS_ABILITIES = ("Dancer", "Gambler", "Witch", "Lord", "Outlaw")  # MAFIA-GF-1 (DEC-13)
TURNCOAT_CAP = 8  # MAFIA-HOT-TURNCOAT-1
TROUBLEMAKER_CAP = 6  # MAFIA-ADV-TROUBLEMAKER-1
_ID = attrgetter("id")


def alike_once(cards) -> list[Card]:
    """The first card of each (type, icon) among ``cards``, in id order: copies alike are one choice
    (legal moves list each choice once; ``check`` accepts any copy)."""
    first: dict = {}
    for c in sorted(cards, key=_ID):
        first.setdefault((c.key, c.icon), c)
    return list(first.values())


def enabled(ability: str | None, options: dict) -> bool:
    """The options turn this ability on (MAFIA-ADV-1, MAFIA-GF-1, MAFIA-PROMO-YATSU-2)."""
    if ability in BASE_ABILITIES:
        return options["advanced"]
    if ability in GOODFELLAS_ABILITIES:
        return options["goodfellas_peppers"] and options["goodfellas_abilities"]
    if ability == "Samurai":
        return options["yatsufusa"] and options["samurai_ability"]
    return False


def silenced(card: Card, gang, options: dict) -> bool:
    """MAFIA-GF-OUTLAW-1/2: another icon Pepper X with its ability on is in this card's gang."""
    return any(o is not card and o.icon and o.ability == "Outlaw" for o in gang) and enabled("Outlaw", options)


def active(card: Card, gang, options: dict) -> bool:
    """The card's ability works now: enabled, on an icon copy, not silenced in ``gang`` (its gang, or ())."""
    return card.icon and enabled(card.ability, options) and not silenced(card, gang, options)


#: each ability's own clause, and the pepper whose icon copies carry it
ABILITY_CLAUSE = {"Sidekick": "MAFIA-ADV-SIDEKICK-1", "Bodyguard": "MAFIA-ADV-BODYGUARD-1",
                  "Troublemaker": "MAFIA-ADV-TROUBLEMAKER-1", "Sniper": "MAFIA-ADV-SNIPER-1",
                  "Dancer": "MAFIA-GF-DANCER-1", "Gambler": "MAFIA-GF-GAMBLER-1", "Witch": "MAFIA-GF-WITCH-1",
                  "Lord": "MAFIA-GF-LORD-1", "Outlaw": "MAFIA-GF-OUTLAW-1", "Samurai": "MAFIA-PROMO-YATSU-2"}
HOLDER = {"Sidekick": "Jimmy Nardello", "Bodyguard": "Poblano", "Troublemaker": "Tabasco", "Sniper": "Ghost Pepper",
          "Dancer": "De Padrón", "Gambler": "Chipotle", "Witch": "Madame Jeanette", "Lord": "Naga Viper",
          "Outlaw": "Pepper X", "Samurai": "Yatsufusa"}


def inactive(card: Card, ability: str, gang, options: dict) -> tuple[str, str] | None:
    """Why ``card`` cannot use ``ability`` now, as (clause, learner sentence); None when it can.

    Another pepper: the ability's clause; a copy without the icon, or the mode that enables it off:
    MAFIA-ADV-1 for the base abilities, else the ability's clause; an Outlaw in ``gang``: MAFIA-GF-OUTLAW-1.
    """
    own = ABILITY_CLAUSE[ability]
    mode = "MAFIA-ADV-1" if ability in BASE_ABILITIES else own
    if card.ability != ability:
        return own, f"{card} has no {ability} ability: only an icon {HOLDER[ability]} ({HOLDER[ability]}*) has it"
    if not card.icon:
        return mode, f"this {card.name} has no ability icon: only icon copies ({card.name}*) are a {ability}"
    if not enabled(ability, options):
        switch = ("advanced mode is off" if ability in BASE_ABILITIES else
                  "the Yatsufusa promo's Samurai is switched off" if ability == "Samurai" else
                  "the Goodfellas abilities are switched off")
        return mode, f"the {ability} does not work in this game: {switch}"
    if silenced(card, gang, options):
        return "MAFIA-GF-OUTLAW-1", f"the Outlaw (Pepper X*) in its gang silences {card}'s {ability} ability"
    return None


def attack_strength(attacker: Card, partner: Card | None = None) -> int:
    """The attacker's strength, or with a Sidekick the pair's joint strength (MAFIA-ADV-SIDEKICK-1).

    ``partner`` teams up with a ``Jimmy*`` attacker (strength 2): the attack strength is
    2 + the partner's strength. :func:`sidekick_problem` says when they may not team up.
    """
    return attacker.power + partner.power if partner is not None else attacker.power


def sidekick_problem(attacker: Card, partner: Card, gang, options: dict) -> tuple[str, str] | None:
    """Why ``attacker`` cannot team up with ``partner`` as a Sidekick, as (clause, reason); None when it can."""
    why = inactive(attacker, "Sidekick", gang, options)
    if why:
        return ("MAFIA-ADV-1", why[1]) if why[0] == "MAFIA-ADV-SIDEKICK-1" else why
    if partner is attacker or partner not in gang:
        return "MAFIA-ADV-SIDEKICK-1", "the Sidekick teams up with another pepper of his own gang"
    return None


def target_problem(hot: str, strength: int, target: Card, target_gang, options: dict,
                   troublemaker: bool = False) -> tuple[str, str] | None:
    """Why ``target`` in ``target_gang`` may not be attacked by Hot card ``hot`` at ``strength``; None when it may.

    MAFIA-SWEET-2: never a Sweet Chili; MAFIA-HOT-3: strength at most the attack strength;
    MAFIA-HOT-TURNCOAT-1: a Turncoat takes strength 8 at most; MAFIA-PROMO-YATSU-2: no Turncoat
    against a gang with an active Samurai; MAFIA-ADV-TROUBLEMAKER-1: Troublemaker targets 6 at most.
    """
    if target.sweet:
        return "MAFIA-SWEET-2", "a Hot card may never target a Sweet Chili"
    if target.power > strength:
        return "MAFIA-HOT-3", f"{target} (strength {target.strength}) is stronger than the attack ({strength})"
    if hot == "turncoat":
        if target.power > TURNCOAT_CAP:
            return "MAFIA-HOT-TURNCOAT-1", f"a Turncoat takes a pepper of strength {TURNCOAT_CAP} at most"
        if any(c.ability == "Samurai" and active(c, target_gang, options) for c in target_gang):
            return "MAFIA-PROMO-YATSU-2", "the Samurai's gang cannot be attacked with a Turncoat"
    if troublemaker and target.power > TROUBLEMAKER_CAP:
        return "MAFIA-ADV-TROUBLEMAKER-1", f"the Troublemaker targets peppers of strength {TROUBLEMAKER_CAP} at most"
    return None


def witch_swap_problem(witch: Card, rival_gang, taken: Card, options: dict) -> tuple[str, str] | None:
    """MAFIA-GF-WITCH-2 (DEC-11): why an icon Madame Jeanette may not swap into ``rival_gang`` for ``taken``.

    She needs her ability active, the rival gang must stay valid with her in place of the taken
    pepper, and she never swaps into a gang with an active Outlaw. (Whether the taken pepper has
    somewhere to go is :func:`~.gangs.placements`.)
    """
    if witch.ability != "Witch" or not active(witch, (), options):
        return "MAFIA-GF-WITCH-1", f"{witch} has no active Witch ability (an icon Madame Jeanette with Goodfellas)"
    if taken not in rival_gang:
        return "MAFIA-GF-WITCH-1", f"{taken} is not in that gang"
    if any(c.ability == "Outlaw" and c.icon for c in rival_gang) and enabled("Outlaw", options):
        return "MAFIA-GF-WITCH-2", "the Witch cannot swap into a gang with the Outlaw"
    why = why_invalid([witch if c is taken else c for c in rival_gang])
    if why:
        return "MAFIA-GF-WITCH-2", f"the rival gang would break the gang rules: {why}"
    return None


def declared_abilities_problem(abilities) -> tuple[str, str] | None:
    """MAFIA-ADV-2: one attack may use at most one attacker ability (Sidekick, Troublemaker or Sniper)."""
    used = [a for a in abilities if a in ATTACK_ABILITIES]
    if len(used) > 1:
        return "MAFIA-ADV-2", f"one attack may use only 1 pepper ability, not {' and '.join(used)}"
    return None


def bodyguards(hot: str, targets, gang, options: dict, sniper: bool = False) -> list[Card]:
    """MAFIA-ADV-BODYGUARD-1/2, MAFIA-ADV-SNIPER-1 (DEC-23): the Poblanos that may die in a target's place.

    Only against a Whack or Whack 'Em (a Troublemaker attack is a Whack), not against a Sniper;
    an active icon Poblano of the targeted gang that is not itself a target. Each saves one target.
    """
    if hot not in WHACKS or sniper:
        return []
    return [c for c in gang if c.ability == "Bodyguard" and c not in targets and active(c, gang, options)]


def lord_draws(card: Card, gang, by_hot_card: bool, options: dict) -> bool:
    """MAFIA-GF-LORD-1: losing this card to a Hot card draws its owner 1 card (an active Lord in ``gang``).

    The deck and final-round conditions (DEC-44, MAFIA-END-2) belong to the draw itself.
    """
    return by_hot_card and card.ability == "Lord" and active(card, gang, options)


def dancer_problem(dancer: Card, source, destination, options: dict) -> tuple[str, str] | None:
    """MAFIA-GF-DANCER-1 (DEC-33): an active De Padrón moves into another existing gang that stays valid.

    The source may be left incomplete. Once per turn per Dancer is the turn's bookkeeping.
    """
    if dancer.ability != "Dancer" or not active(dancer, source, options):
        return "MAFIA-GF-DANCER-1", f"{dancer} has no active Dancer ability here"
    if not destination or destination is source:
        return "MAFIA-GF-DANCER-1", "the Dancer moves into another gang already on the table"
    why = why_invalid([*destination, dancer])
    return ("MAFIA-GF-DANCER-1", why) if why else None


def gambler_problem(gambler: Card, gang, options: dict) -> tuple[str, str] | None:
    """MAFIA-GF-GAMBLER-1 (DEC-34): an active Chipotle discarded from a gang must leave it complete.

    ``gang`` is his gang, or None when he is discarded from the hand. Once per turn, not in the
    final round and not with an empty deck are the turn's bookkeeping.
    """
    if gambler.ability != "Gambler" or not active(gambler, gang or (), options):
        return "MAFIA-GF-GAMBLER-1", f"{gambler} has no active Gambler ability here"
    if gang is not None and not complete([c for c in gang if c is not gambler]):
        return "MAFIA-GF-GAMBLER-1", "discarding the Gambler would leave an incomplete gang behind"
    return None
