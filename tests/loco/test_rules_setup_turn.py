"""Clause tests for Chili Loco components, setup, matching, turn structure and help.

Groups of shared/rules/loco.md covered here: LOCO-COMP-*, LOCO-SETUP-*,
LOCO-MATCH-*, LOCO-TURN-*, LOCO-HELP-*. Each test follows the catalogue's
test scenario for its clause, and is built from an explicit deck (new_game
with every card listed in order) or an explicit scenario, so the position is
exact.
"""
from collections import Counter

import pytest
from chililab.loco import (
    Accept,
    AskHelp,
    ChooseColour,
    ChooseTarget,
    ConfigError,
    Draw,
    IllegalMove,
    Jump,
    Lay,
    Leave,
    Offer,
    Pass,
    StallPass,
    Touch,
)

from chililab import loco

from .helpers import card, codes, fixed, hand, held, passes, rules_of, sizes, top

rule = pytest.mark.rule

# ---------------------------------------------------------------- local helpers


def full_deck(starter, hands=None, dealer=0, players=4, draw=(), bottom=None, pr=False):
    """The whole deck as codes, top first, for ``new_game(deck=...)``.

    ``hands``: {seat: codes} dealt to that seat (missing cards are filled with
    red/green peppers, never the twin of the starter); ``starter``: the card
    flipped after the deal; ``draw``: the top of the draw pile (top first);
    ``bottom``: the very bottom card of the draw pile.
    """
    pool = list(loco.ALL_CARDS if pr else loco.STANDARD)

    def take(code):
        for i, c in enumerate(pool):
            if c.code == code:
                return pool.pop(i).code
        raise AssertionError(f"no copy of {code} left")

    hands = {s: list(h) for s, h in (hands or {}).items()}
    taken_hands = {s: [take(c) for c in h] for s, h in hands.items()}
    start = take(starter)
    head = [take(c) for c in draw]
    foot = take(bottom) if bottom is not None else None
    fillers = [c.code for c in pool if c.kind == "pepper" and c.code != starter]
    for f in fillers:
        pool.remove(next(c for c in pool if c.code == f))
    order = []
    for r in range(6):
        for k in range(1, players + 1):
            s = (dealer + k) % players
            h = taken_hands.get(s, [])
            order.append(h[r] if r < len(h) else fillers.pop(0))
    rest = fillers + [c.code for c in pool]
    out = order + [start] + head + rest + ([foot] if foot is not None else [])
    assert len(out) == len(loco.ALL_CARDS if pr else loco.STANDARD)
    return out


def game(starter, hands=None, dealer=0, players=4, draw=(), bottom=None, seed=1, **opts):
    pr = opts.get("personal_recipes", "off") != "off"
    deck = full_deck(starter, hands, dealer, players, draw, bottom, pr)
    return loco.new_game(players=players, seed=seed, dealer=dealer, deck=deck, **opts)


def refuse(g, move, clause):
    """``move`` raises IllegalMove citing ``clause`` and changes nothing."""
    fp, step = g.fingerprint(), g.step
    with pytest.raises(IllegalMove) as ei:
        g.apply(move)
    assert ei.value.rule == clause, f"{ei.value.rule} != {clause}: {ei.value}"
    assert g.fingerprint() == fp and g.step == step
    assert move not in g.legal_moves()
    return ei.value


def L(g, seat, *cs):
    """The Lay move of these card codes from ``seat``'s hand."""
    return Lay(seat, tuple(card(g, seat, c) for c in cs))


def lays(g, seat):
    """Codes of the single cards ``seat`` may legally lay now."""
    return sorted(m.cards[0].code for m in g.legal_moves(seat) if isinstance(m, Lay) and len(m.cards) == 1)


def nobody_helps(g):
    """Every player asked for help offers nothing (they are asked one at a time)."""
    assert g.phase == "HELP_OFFERS"
    while g.phase == "HELP_OFFERS":
        passes(g)


def kinds(g, seat=None):
    return Counter(type(m).__name__ for m in g.legal_moves(seat))


# six cards that never match a red Ghost (no red, no Ghost)
NO_RED_GHOST = ["G-Bell", "G-Cherry", "Y-Bell", "Y-Cherry", "P-Bell", "P-Cherry"]


# ================================================================ 2.1 components

@rule("LOCO-COMP-1")
def test_LOCO_COMP_1_default_deck_has_112_cards():
    d = loco.deck()
    assert len(d) == 112
    kinds_ = Counter(c.kind for c in d)
    assert kinds_ == {"pepper": 64, "action": 32, "wild": 16}
    actions = Counter(c.name for c in d if c.kind == "action")
    assert actions == {"Stir the Pot": 8, "Hot Sauce": 8, "Heat Stroke": 8, "Salsa Slap": 8}
    wilds = Counter(c.name for c in d if c.wild)
    assert wilds == {"New Recipe": 6, "Reaper": 4, "Blender": 1, "Taco Trade": 2, "Hot Potato": 2, "Milk Chaser": 1}
    # every pepper in every colour, two copies each
    peppers = Counter((c.name, c.colour) for c in d if c.kind == "pepper")
    assert len(peppers) == 32 and set(peppers.values()) == {2}
    assert "Personal Recipe" not in {c.name for c in d}
    assert len({c.id for c in d}) == 112


@rule("LOCO-COMP-1")
def test_LOCO_COMP_1_personal_recipes_only_when_enabled():
    g = loco.new_game(players=4, seed=3)
    assert len(g.locations()) == 112
    assert all(i < 112 for i in g.locations())
    g2 = loco.new_game(players=4, seed=3, personal_recipes=["everyone_else_draws_1", "reveal_hand"])
    where = g2.locations()
    assert len(where) == 114 and {112, 113} <= set(where)
    assert all(len(v) == 1 for v in where.values())
    assert len(loco.deck(True)) == 114
    # the Personal Recipe cards cannot be put in a standard deck
    with pytest.raises(ConfigError):
        loco.new_game(players=4, seed=3, deck=["PR1"])


@rule("LOCO-COMP-2")
def test_LOCO_COMP_2_borders_cream_72_dark_40():
    d = loco.deck()
    borders = Counter(c.border for c in d)
    assert borders == {"cream": 72, "dark": 40}
    for c in d:
        assert c.cream == (c.kind == "pepper" or c.name == "Salsa Slap"), c
    # the Personal Recipe cards are dark wilds
    assert all(c.border == "dark" for c in loco.deck(True)[112:])


# ================================================================ 2.1 setup

@rule("LOCO-SETUP-1")
@pytest.mark.parametrize("players", [1, 11, 0, -3, "4", 4.0, True, None])
def test_LOCO_SETUP_1_bad_player_count_is_a_config_error(players):
    with pytest.raises(ConfigError):
        loco.new_game(players=players, seed=1)


@rule("LOCO-SETUP-1")
@pytest.mark.parametrize("players", [2, 10])
def test_LOCO_SETUP_1_two_to_ten_players(players):
    g = loco.new_game(players=players, seed=1, dealer=0, deck=full_deck("G-Ghost", players=players))
    assert g.view(None).players == players and len(g.view(None).hands) == players
    assert sizes(g) == [6] * players
    assert g.decision.players == (1,)


@rule("LOCO-SETUP-1")
def test_LOCO_SETUP_1_dealer_by_config_or_seeded_random():
    # explicit dealer
    for d in range(4):
        assert loco.new_game(players=4, seed=5, dealer=d).view(None).dealer == d
    with pytest.raises(ConfigError):
        loco.new_game(players=4, seed=5, dealer=4)
    with pytest.raises(ConfigError):
        loco.new_game(players=4, seed=5, dealer=-1)
    # default: seeded random, reproducible, and not always the same seat
    dealers = [loco.new_game(players=4, seed=s).view(None).dealer for s in range(30)]
    assert dealers == [loco.new_game(players=4, seed=s).view(None).dealer for s in range(30)]
    assert len(set(dealers)) > 1
    assert set(dealers) <= {0, 1, 2, 3}


@rule("LOCO-SETUP-2")
def test_LOCO_SETUP_2_six_cards_each_no_duplicates():
    g = loco.new_game(players=4, seed=11, dealer=0, deck=full_deck("G-Ghost"))
    assert sizes(g) == [6, 6, 6, 6]
    ids = [c.id for h in g.view(None).hands.values() for c in h]
    assert len(ids) == len(set(ids)) == 24
    # with a seeded shuffle too
    g = loco.new_game(players=4, seed=11)
    ids = [c.id for h in g.view(None).hands.values() for c in h]
    assert len(set(ids)) == len(ids)
    assert all(len(v) == 1 for v in g.locations().values())
    assert "LOCO-SETUP-2" in rules_of(g.events(0))


@rule("LOCO-SETUP-2")
@pytest.mark.parametrize("players,dealer", [(4, 0), (4, 2), (3, 1), (5, 4)])
def test_LOCO_SETUP_2_deal_one_at_a_time_from_dealers_left(players, dealer):
    deck = full_deck("G-Ghost", dealer=dealer, players=players)
    g = loco.new_game(players=players, seed=2, dealer=dealer, deck=deck)
    for k in range(1, players + 1):
        seat = (dealer + k) % players
        # the k-th card of each round goes to the k-th seat clockwise from the dealer's left
        expected = [deck[r * players + k - 1] for r in range(6)]
        assert codes(held(g, seat)) == expected


@rule("LOCO-SETUP-3")
def test_LOCO_SETUP_3_draw_pile_87_play_pile_1():
    deck = full_deck("G-Ghost", draw=["Y-Cayenne", "P-Habanero"], bottom="R-Jalapeno")
    g = loco.new_game(players=4, seed=1, dealer=0, deck=deck)
    v = g.view(None)
    assert v.draw_size == len(v.draw_pile) == 87 and len(v.pile) == 1
    assert top(g) == "G-Ghost" == deck[24]  # the card after the deal is flipped
    assert v.draw_pile[-1].code == "Y-Cayenne" and v.draw_pile[-2].code == "P-Habanero"  # top of the face-down pile
    assert v.draw_pile[0].code == "R-Jalapeno"
    assert g.view(1).draw_size == 87
    assert "LOCO-SETUP-3" in rules_of(g.events(0))


@rule("LOCO-SETUP-3")
@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_LOCO_SETUP_3_draw_pile_size_for_other_counts(players):
    g = loco.new_game(players=players, seed=4, dealer=0, deck=full_deck("Y-Ghost", players=players))
    assert g.view(None).draw_size == 112 - 6 * players - 1
    assert len(g.view(None).pile) == 1


@rule("LOCO-SETUP-4")
def test_LOCO_SETUP_4_heat_stroke_starter_dealer_left_loses_turn():
    g = game("R-HeatStroke", dealer=0)
    v = g.view(None)
    assert v.top_layer == 0  # counts as the dealer's play
    assert v.pending is not None and v.pending.kind == "heat_stroke" and v.pending.target == 1
    assert g.decision.players == (1,) and g.phase == "RESPONSE"
    before = hand(g, 1)
    g.apply(Accept(1))
    assert hand(g, 1) == before  # lays nothing, draws nothing
    assert g.decision.players == (2,) and g.phase == "TURN_MAIN"
    assert top(g) == "R-HeatStroke" and g.view(None).colour == "red"
    assert "LOCO-SETUP-4" in rules_of(g.events(0))


@rule("LOCO-SETUP-4")
def test_LOCO_SETUP_4_heat_stroke_starter_other_dealer():
    g = game("Y-HeatStroke", dealer=2)
    assert g.view(None).pending.target == 3 and g.decision.players == (3,)
    g.apply(Accept(3))
    assert g.decision.players == (0,)


@rule("LOCO-SETUP-4")
def test_LOCO_SETUP_4_pepper_starter_nothing_happens():
    g = game("P-Cayenne", dealer=0)
    v = g.view(None)
    assert v.pending is None and v.direction == 1 and v.colour == "purple"
    assert sizes(g) == [6, 6, 6, 6] and v.draw_size == 87
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"
    assert v.top_layer == 0
    assert [e.kind for e in g.events(0)] == ["deal", "starter", "turn"]


@rule("LOCO-SETUP-5")
def test_LOCO_SETUP_5_new_recipe_starter_takes_bottom_colour():
    g = game("NewRecipe", bottom="G-Cherry", draw=["P-Cayenne"], hands={1: ["G-Bell", "R-Bell"]})
    assert g.view(None).colour == "green"
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)
    assert all(e.kind != "colour" or "LOCO-SETUP-5" in e.rules for e in g.events(0))
    assert "LOCO-SETUP-5" in rules_of(g.events(0))
    assert not any(isinstance(m, ChooseColour) for m in g.legal_moves())
    # green matches, red does not (names never match a wild)
    assert L(g, 1, "G-Bell") in g.legal_moves()
    refuse(g, L(g, 1, "R-Bell"), "LOCO-MATCH-4")


@rule("LOCO-SETUP-5")
def test_LOCO_SETUP_5_bottom_wild_dealer_chooses():
    g = game("NewRecipe", bottom="Reaper", dealer=0)
    assert g.phase == "COLOUR" and g.decision.players == (0,) and g.decision.kind == "choice"
    assert set(g.legal_moves()) == {ChooseColour(0, c) for c in loco.COLOURS}
    refuse(g, ChooseColour(1, "red"), "LOCO-TURN-1")
    g.apply(ChooseColour(0, "purple"))
    assert g.view(None).colour == "purple"
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"


WILD_STARTERS = ["NewRecipe", "Reaper", "Blender", "Taco", "Potato", "Milk", "PR1"]


def _wild_starter(starter, bottom, dealer=0):
    opts = {"personal_recipes": ["everyone_else_draws_1", "reveal_hand"]} if starter == "PR1" else {}
    g = game(starter, bottom=bottom, dealer=dealer, **opts)
    if starter == "Taco":
        assert g.phase == "TARGET" and g.decision.players == (dealer,)
        g.apply(ChooseTarget(dealer, (dealer + 2) % 4))
    return g


@rule("LOCO-SETUP-5")
@pytest.mark.parametrize("starter", WILD_STARTERS)
def test_LOCO_SETUP_5_every_wild_starter_uses_bottom_colour(starter):
    g = _wild_starter(starter, "Y-Habanero")
    assert g.view(None).colour == "yellow"
    assert g.phase in ("TURN_MAIN", "RESPONSE") and g.decision.players == (1,)
    all_events = g.events()
    assert not any(e.kind == "colour" and "LOCO-WILD-1" in e.rules for e in all_events)
    assert "LOCO-SETUP-5" in rules_of(all_events)


@rule("LOCO-SETUP-5")
@pytest.mark.parametrize("starter", WILD_STARTERS)
def test_LOCO_SETUP_5_every_wild_starter_bottom_wild_dealer_chooses(starter):
    g = _wild_starter(starter, "NewRecipe", dealer=3)
    assert g.phase == "COLOUR" and g.decision.players == (3,)
    g.apply(ChooseColour(3, "red"))
    assert g.view(None).colour == "red" and g.decision.players == (0,)


@rule("LOCO-SETUP-6")
def test_LOCO_SETUP_6_stir_starter_reverses_dealer_right_first():
    g = game("Y-Stir", dealer=0, hands={3: ["Y-Bell"]})
    assert g.view(None).direction == -1
    assert g.decision.players == (3,) and g.phase == "TURN_MAIN"
    assert "LOCO-SETUP-6" in rules_of(g.events(0))
    # play then runs anti-clockwise: P3 -> P2
    g.apply(L(g, 3, "Y-Bell"))
    assert g.decision.players == (2,)
    g2 = game("Y-Stir", dealer=2, hands={1: ["Y-Bell"]})
    assert g2.view(None).direction == -1 and g2.decision.players == (1,)
    g2.apply(L(g2, 1, "Y-Bell"))
    assert g2.decision.players == (0,)


@rule("LOCO-SETUP-6")
def test_LOCO_SETUP_6_default_first_turn_dealer_left_clockwise():
    for dealer in range(4):
        g = game("R-Ghost", dealer=dealer, hands={(dealer + 1) % 4: ["R-Bell"]})
        assert g.view(None).direction == 1 and g.decision.players == ((dealer + 1) % 4,)
        g.apply(L(g, (dealer + 1) % 4, "R-Bell"))
        assert g.decision.players == ((dealer + 2) % 4,)


@rule("LOCO-SETUP-6")
def test_LOCO_SETUP_6_reaper_starter_penalises_dealer_left():
    g = game("Reaper", dealer=0, bottom="P-Bell", draw=["R-Bell", "R-Cherry", "G-Bell", "G-Cherry", "Y-Bell"])
    assert g.view(None).pending.kind == "reaper" and g.view(None).pending.target == 1
    assert g.decision.players == (1,) and g.phase == "RESPONSE"
    g.apply(Accept(1))
    assert len(held(g, 1)) == 11
    assert g.decision.players == (2,) and g.phase == "TURN_MAIN"
    assert g.view(None).colour == "purple"


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_slap_starter_slowest_draws_play_from_dealer():
    g = game("P-Slap", dealer=0, draw=["G-Bell", "Y-Bell"], reaction_model=fixed(1, 0, 3, 2))
    assert sorted(sizes(g)) == [6, 6, 6, 8]
    assert len(held(g, 2)) == 8
    assert {"G-Bell", "Y-Bell"} <= set(hand(g, 2))
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"
    assert g.view(None).colour == "purple"
    ev = g.events(0)
    assert any(e.kind == "slap" for e in ev)


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_hot_sauce_starter_pending_on_dealer_left_stack():
    g = game("G-HotSauce", dealer=0, hands={1: ["Y-HotSauce"]})
    p = g.view(None).pending
    assert p.kind == "hot_sauce" and p.draw == 2 and p.target == 1
    assert g.decision.players == (1,) and g.phase == "RESPONSE"
    assert "LOCO-SETUP-7" in rules_of(g.events(0))
    g.apply(L(g, 1, "Y-HotSauce"))  # stack, any colour
    assert len(held(g, 1)) == 5
    assert g.view(None).pending.draw == 4 and g.view(None).pending.target == 2
    assert g.decision.players == (2,) and g.phase == "RESPONSE"


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_hot_sauce_starter_milk_chaser():
    g = game("G-HotSauce", dealer=0, hands={1: ["Milk"]})
    g.apply(L(g, 1, "Milk"))
    assert g.view(None).pending is None
    g.apply(ChooseColour(1, "yellow"))
    assert sizes(g) == [6, 5, 6, 6]
    assert g.decision.players == (2,) and g.phase == "TURN_MAIN"


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_reaper_starter_milk_cancels():
    g = game("Reaper", dealer=0, bottom="G-Cherry", hands={1: ["Milk"]})
    assert g.view(None).colour == "green"
    assert L(g, 1, "Milk") in g.legal_moves()
    g.apply(L(g, 1, "Milk"))
    g.apply(ChooseColour(1, "red"))
    assert sizes(g) == [6, 5, 6, 6]
    assert g.decision.players == (2,) and g.view(None).colour == "red"


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_taco_starter_dealer_chooses_partner():
    g = game("Taco", dealer=0, bottom="G-Cherry")
    before = [hand(g, s) for s in range(4)]
    assert g.phase == "TARGET" and g.decision.players == (0,)
    assert set(g.legal_moves()) == {ChooseTarget(0, t) for t in (1, 2, 3)}
    refuse(g, ChooseTarget(0, 0), "LOCO-CARD-TACO-1")
    g.apply(ChooseTarget(0, 2))
    assert hand(g, 0) == before[2] and hand(g, 2) == before[0]
    assert hand(g, 1) == before[1] and hand(g, 3) == before[3]
    assert g.view(None).colour == "green" and g.decision.players == (1,)


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_potato_starter_dealer_performs():
    deck = full_deck("Potato", bottom="R-Cherry")
    g = loco.new_game(players=4, seed=1, dealer=0, deck=deck)
    dealt = {s: sorted(deck[r * 4 + (s - 1) % 4] for r in range(6)) for s in range(4)}
    for s in range(4):
        assert hand(g, s) == dealt[(s - 1) % 4]  # every hand moved one seat to the left
    assert g.view(None).colour == "red" and g.decision.players == (1,)


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_blender_starter_redeals_dealers_hand_too():
    deck = full_deck("Blender", bottom="P-Cherry")
    g = loco.new_game(players=4, seed=1, dealer=0, deck=deck)
    assert sizes(g) == [6, 6, 6, 6]
    assert sorted(c for s in range(4) for c in hand(g, s)) == sorted(deck[:24])
    assert g.view(None).colour == "purple" and g.decision.players == (1,)
    assert "LOCO-CARD-BLENDER-1" in rules_of(g.events(0))


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_milk_starter_cancels_nothing():
    g = game("Milk", bottom="Y-Cherry")
    assert g.view(None).pending is None and g.view(None).colour == "yellow"
    assert sizes(g) == [6, 6, 6, 6]
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"
    assert not any(e.kind == "cancel" for e in g.events(0))


@rule("LOCO-SETUP-7")
def test_LOCO_SETUP_7_personal_recipe_starter_dealer_is_player():
    g = game("PR1", bottom="G-Bell", draw=["R-Bell", "Y-Bell", "P-Bell"],
             personal_recipes=["everyone_else_draws_1", "reveal_hand"])
    assert sizes(g) == [6, 7, 7, 7]
    assert "R-Bell" in hand(g, 1) and "Y-Bell" in hand(g, 2) and "P-Bell" in hand(g, 3)
    assert g.view(None).colour == "green" and g.decision.players == (1,)


@rule("LOCO-SETUP-8")
def test_LOCO_SETUP_8_jump_in_on_cream_starter():
    g = game("R-Bell", dealer=0, hands={2: ["R-Bell"]})
    other = card(g, 2, "R-Bell")
    assert g.phase == "TURN_MAIN" and set(g.decision.players) == {1, 2}
    assert g.decision.public == (1,)  # the jump holder is polled in secret
    assert Jump(2, (other,)) in g.legal_moves(2)
    g.apply(Jump(2, (other,)))
    g.apply(Draw(1))  # P1's answer at the same checkpoint is discarded
    assert g.view(None).pile[-1] is other and len(g.view(None).pile) == 2
    assert len(held(g, 1)) == 6 and len(held(g, 2)) == 5
    assert g.decision.players == (3,) and g.phase == "TURN_MAIN"


@rule("LOCO-SETUP-8")
def test_LOCO_SETUP_8_jump_window_after_slap_starter():
    g = game("Y-Slap", dealer=0, hands={3: ["Y-Slap"]}, reaction_model=fixed(0, 1, 3, 2))
    # the slap is over (P2 drew 2), then the window on the starter is open
    assert len(held(g, 2)) == 8
    assert set(g.decision.players) == {1, 3}
    g.apply(Jump(3, (card(g, 3, "Y-Slap"),)))
    g.apply(Draw(1))
    assert top(g) == "Y-Slap" and len(g.view(None).pile) == 2
    assert g.decision.players == (0,)


@rule("LOCO-SETUP-8")
def test_LOCO_SETUP_8_no_window_when_nobody_holds_the_twin_or_dark_starter():
    g = game("R-Bell", dealer=0)  # the other R-Bell stays in the draw pile
    assert g.decision.players == (1,)
    g = game("R-HotSauce", dealer=0, hands={2: ["R-HotSauce"]})
    assert g.decision.players == (1,)


# ================================================================ 2.2 matching

def _matching(top_codes, p1, colour=None, **kw):
    return loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], p1 + ["P-Habanero"], ["Y-Cayenne", "P-Cayenne"],
                                ["R-Habanero", "G-Habanero"]],
                         pile=top_codes, current=1, draw=["Y-Habanero", "Y-Jalapeno"], colour=colour, **kw)


@rule("LOCO-MATCH-1")
def test_LOCO_MATCH_1_pepper_by_colour_or_pepper_name():
    g = _matching(["R-Bell"], ["G-Bell", "R-Ghost", "G-Ghost"])
    legal = g.legal_moves()
    assert L(g, 1, "G-Bell") in legal  # same pepper
    assert L(g, 1, "R-Ghost") in legal  # same colour
    refuse(g, L(g, 1, "G-Ghost"), "LOCO-MATCH-1")
    g.apply(L(g, 1, "G-Bell"))
    assert top(g) == "G-Bell" and g.view(None).colour == "green"


@rule("LOCO-MATCH-1")
def test_LOCO_MATCH_1_pepper_name_needs_pepper_top():
    # a pepper on a coloured action: colour only
    g = _matching(["G-HotSauce"], ["Y-Bell", "G-Ghost"])
    assert lays(g, 1) == ["G-Ghost"]
    refuse(g, L(g, 1, "Y-Bell"), "LOCO-MATCH-1")


@rule("LOCO-MATCH-2")
def test_LOCO_MATCH_2_action_by_colour_or_same_card():
    g = _matching(["G-HotSauce"], ["Y-HotSauce", "Y-HeatStroke", "G-Bell"])
    legal = g.legal_moves()
    assert L(g, 1, "Y-HotSauce") in legal
    assert L(g, 1, "G-Bell") in legal
    refuse(g, L(g, 1, "Y-HeatStroke"), "LOCO-MATCH-2")
    assert lays(g, 1) == ["G-Bell", "Y-HotSauce"]


@rule("LOCO-MATCH-2")
@pytest.mark.parametrize("top_code,same,other", [
    ("R-Stir", "Y-Stir", "Y-HotSauce"),
    ("P-HeatStroke", "G-HeatStroke", "G-Stir"),
    ("Y-Slap", "R-Slap", "R-HeatStroke"),
    ("R-Bell", "R-Slap", "G-Slap"),   # Salsa Slap on a pepper: colour only
])
def test_LOCO_MATCH_2_every_coloured_action(top_code, same, other):
    g = _matching([top_code], [same, other])
    assert L(g, 1, same) in g.legal_moves()
    refuse(g, L(g, 1, other), "LOCO-MATCH-2")


@rule("LOCO-MATCH-3")
def test_LOCO_MATCH_3_wild_on_anything():
    g = loco.scenario(hands=[["R-Cayenne"], ["Taco", "R-Bell"], ["Y-Cayenne"], ["G-Habanero"]],
                      pile=["P-Ghost"], current=1, draw=["Y-Habanero"])
    assert lays(g, 1) == ["Taco"]
    refuse(g, L(g, 1, "R-Bell"), "LOCO-MATCH-1")
    g.apply(L(g, 1, "Taco"))
    assert top(g) == "Taco" and g.phase == "TARGET"


@rule("LOCO-MATCH-3")
@pytest.mark.parametrize("top_code,colour", [("P-Ghost", None), ("G-HotSauce", None), ("Y-Slap", None),
                                             ("NewRecipe", "red"), ("Reaper", "green")])
def test_LOCO_MATCH_3_every_wild_on_any_top(top_code, colour):
    wilds = ["NewRecipe", "Reaper", "Blender", "Taco", "Potato", "Milk"]
    g = _matching([top_code], wilds, colour=colour)
    assert set(wilds) <= set(lays(g, 1))


@rule("LOCO-MATCH-3")
def test_LOCO_MATCH_3_only_limits_milk_last_card_and_response_window():
    # LOCO-CARD-MILK-2: Milk Chaser can't be the last card
    g = loco.scenario(hands=[["R-Cayenne"], ["Milk"], ["Y-Cayenne"], ["G-Habanero"]],
                      pile=["P-Ghost"], current=1, draw=["Y-Habanero"])
    refuse(g, L(g, 1, "Milk"), "LOCO-CARD-MILK-2")
    # LOCO-TURN-8: in a Hot Sauce response window a New Recipe is not an answer
    g = loco.scenario(hands=[["R-Cayenne"], ["NewRecipe", "R-Bell"], ["Y-Cayenne"], ["G-Habanero"]],
                      pile=["P-HotSauce"], current=1, draw=["Y-Habanero"],
                      pending={"kind": "hot_sauce", "draw": 2, "skip": False})
    refuse(g, L(g, 1, "NewRecipe"), "LOCO-CARD-HOTSAUCE-3")


@rule("LOCO-MATCH-4")
def test_LOCO_MATCH_4_wild_top_only_chosen_colour():
    g = _matching(["NewRecipe"], ["R-Bell", "G-Bell", "G-HotSauce", "Potato"], colour="red")
    legal = g.legal_moves()
    assert L(g, 1, "R-Bell") in legal
    assert L(g, 1, "Potato") in legal
    refuse(g, L(g, 1, "G-Bell"), "LOCO-MATCH-4")
    refuse(g, L(g, 1, "G-HotSauce"), "LOCO-MATCH-4")


@rule("LOCO-MATCH-4")
def test_LOCO_MATCH_4_names_never_match_a_wild_after_play():
    # P0 lays a Reaper and names yellow; P1 takes the penalty and is skipped; P2 must match yellow.
    g = loco.scenario(hands=[["Reaper", "R-Bell", "Y-Bell"], ["G-Bell"], ["R-Carolina", "Y-Ghost", "G-Ghost"], ["G-Cherry"]],
                      pile=["R-Ghost"], current=0, draw=["P-Cherry", "P-Bell", "P-Ghost", "P-Cayenne", "P-Habanero"])
    g.apply(L(g, 0, "Reaper"))
    g.apply(ChooseColour(0, "yellow"))
    g.apply(Accept(1))
    assert g.decision.players == (2,)
    assert lays(g, 2) == ["Y-Ghost"]
    refuse(g, L(g, 2, "R-Carolina"), "LOCO-MATCH-4")  # Carolina Reaper pepper: no name match with the wild
    refuse(g, L(g, 2, "G-Ghost"), "LOCO-MATCH-4")


# ================================================================ 2.3 turn structure

def _four(p1, top_code="R-Ghost", current=1, draw=("Y-Habanero", "Y-Jalapeno", "Y-Cayenne"), dir=1, **kw):
    p1 = list(p1) + ["Y-Carolina", "G-Carolina"][:max(0, 4 - len(p1))]  # never down to one card here
    hands = [["P-Cayenne", "P-Habanero", "P-Jalapeno"], p1, ["G-Cayenne", "G-Habanero", "G-Jalapeno"],
             ["Y-Bell", "Y-Cherry", "Y-Ghost"]]
    if current != 1:
        hands[1], hands[current] = hands[current], hands[1]
    return loco.scenario(hands=hands, pile=[top_code], current=current, draw=list(draw), dir=dir, **kw)


@rule("LOCO-TURN-1")
def test_LOCO_TURN_1_next_clockwise():
    g = _four(["R-Bell", "G-Bell"])
    assert g.view(None).direction == 1
    g.apply(L(g, 1, "R-Bell"))
    assert g.decision.players == (2,) and g.view(None).current == 2


@rule("LOCO-TURN-1")
def test_LOCO_TURN_1_direction_and_wrap():
    g = _four(["R-Bell", "G-Bell"], dir=-1)
    g.apply(L(g, 1, "R-Bell"))
    assert g.decision.players == (0,)
    g = _four(["R-Bell", "G-Bell"], current=3)
    g.apply(L(g, 3, "R-Bell"))
    assert g.decision.players == (0,)
    # new games start clockwise
    assert game("G-Ghost").view(None).direction == 1


@rule("LOCO-TURN-1")
def test_LOCO_TURN_1_not_your_turn_refused():
    g = _four(["R-Bell", "G-Bell"])
    refuse(g, L(g, 2, "G-Cayenne"), "LOCO-TURN-1")
    refuse(g, Draw(3), "LOCO-TURN-1")


@rule("LOCO-TURN-2")
def test_LOCO_TURN_2_no_pass_while_player_can_draw():
    g = _four(NO_RED_GHOST)
    k = kinds(g)
    assert "StallPass" not in k and "Pass" not in k and "Accept" not in k
    assert k["Draw"] == 1 and k["AskHelp"] == 1 and k.get("Lay", 0) == 0
    refuse(g, StallPass(1), "LOCO-TURN-2")
    refuse(g, Pass(1), "LOCO-TURN-2")
    # drawing does not end the turn
    g.apply(Draw(1))
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"
    refuse(g, StallPass(1), "LOCO-TURN-2")
    # nor does a help request nobody answers
    g.apply(AskHelp(1))
    nobody_helps(g)
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"
    # holding a legal card is no reason to pass either
    g = _four(["R-Bell", "G-Bell"])
    refuse(g, StallPass(1), "LOCO-TURN-2")


@rule("LOCO-TURN-2")
def test_LOCO_TURN_2_turn_ends_with_one_card_or_one_twin():
    g = _four(["G-Ghost", "G-Ghost", "R-Bell", "R-Cherry"])
    twin = Lay(1, tuple(c for c in held(g, 1) if c.code == "G-Ghost"))
    assert twin in g.legal_moves()
    # three cards or an unrelated pair are not one play
    refuse(g, Lay(1, tuple(card(g, 1, c) for c in ("R-Bell", "R-Cherry"))), "LOCO-TWIN-1")
    refuse(g, Lay(1, tuple(held(g, 1)[:3])), "LOCO-TURN-2")
    g.apply(twin)
    assert len(held(g, 1)) == 2 and g.decision.players == (2,)


@rule("LOCO-TURN-3")
def test_LOCO_TURN_3_draw_three_then_lay_third():
    g = _four(NO_RED_GHOST, draw=("G-Jalapeno", "Y-Cayenne", "R-Habanero", "P-Ghost"))
    assert lays(g, 1) == []
    g.apply(Draw(1))
    assert lays(g, 1) == [] and g.decision.players == (1,)
    g.apply(Draw(1))
    assert lays(g, 1) == [] and g.decision.players == (1,)
    g.apply(Draw(1))
    assert lays(g, 1) == ["R-Habanero"]
    g.apply(L(g, 1, "R-Habanero"))
    assert len(held(g, 1)) == 6 + 3 - 1 == 8
    assert top(g) == "R-Habanero" and g.decision.players == (2,)
    assert "LOCO-TURN-3" in rules_of(g.events(1))


@rule("LOCO-TURN-3")
def test_LOCO_TURN_3_draw_and_help_in_any_order():
    g = _four(NO_RED_GHOST, draw=("G-Jalapeno", "Y-Cayenne", "R-Habanero"))
    g.apply(AskHelp(1))
    nobody_helps(g)
    g.apply(Draw(1))
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Offer(3, card(g, 3, "Y-Bell")))
    g.apply(Pass(0))
    g.apply(Touch(1))
    g.apply(Draw(1))
    g.apply(AskHelp(1))
    nobody_helps(g)
    g.apply(Draw(1))
    assert g.decision.players == (1,) and len(held(g, 1)) == 6 + 3 + 1
    assert g.view(None).help_count == 3
    g.apply(L(g, 1, "R-Habanero"))
    assert g.decision.players == (2,)


@rule("LOCO-TURN-4")
def test_LOCO_TURN_4_draw_and_help_with_a_legal_card():
    g = _four(["R-Bell", "G-Bell"])
    assert L(g, 1, "R-Bell") in g.legal_moves()
    assert Draw(1) in g.legal_moves() and AskHelp(1) in g.legal_moves()
    ev = g.apply(Draw(1))
    assert len(held(g, 1)) == 5 and "R-Bell" in hand(g, 1)
    assert not any("could" in e.text.lower() or "playable" in e.text.lower() for e in ev)
    g.apply(AskHelp(1))
    nobody_helps(g)
    assert g.decision.players == (1,)
    assert L(g, 1, "R-Bell") in g.legal_moves()


@rule("LOCO-TURN-5")
def test_LOCO_TURN_5_stir_resolved_before_next_player():
    g = _four(["P-Stir", "G-Bell"], top_code="P-Bell")
    ev = g.apply(L(g, 1, "P-Stir"))
    assert g.view(None).direction == -1
    assert g.decision.players == (0,) and g.view(None).current == 0
    kinds_ = [e.kind for e in ev]
    assert kinds_.index("reverse") < kinds_.index("turn")


@rule("LOCO-TURN-5")
def test_LOCO_TURN_5_effect_before_jump_window():
    # P1 lays Y-Slap; the slap (P2 slowest) is over before P3 is polled to jump in with the other Y-Slap.
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], ["Y-Slap", "G-Bell", "R-Bell"], ["R-Habanero", "G-Habanero"],
                             ["Y-Slap", "P-Cayenne"]],
                      pile=["Y-Bell"], current=1, draw=["P-Bell", "P-Cherry", "P-Ghost"],
                      reaction_model=fixed(1, 0, 3, 2))
    ev = g.apply(L(g, 1, "Y-Slap"))
    kinds_ = [e.kind for e in ev]
    assert kinds_.index("slap") < kinds_.index("turn")
    assert len(held(g, 2)) == 4
    assert set(g.decision.players) == {2, 3}  # P2's turn, P3 polled for the jump
    # Hot Sauce: the pending effect exists before the next turn begins
    g = _four(["R-HotSauce", "G-Bell"])
    ev = g.apply(L(g, 1, "R-HotSauce"))
    kinds_ = [e.kind for e in ev]
    assert kinds_.index("pending") < kinds_.index("turn")
    assert g.phase == "RESPONSE" and g.decision.players == (2,)


@rule("LOCO-TURN-6")
def test_LOCO_TURN_6_heat_stroke_turn_lost_without_card():
    g = _four(["G-HeatStroke", "R-Bell"], top_code="G-Bell")
    g.apply(L(g, 1, "G-HeatStroke"))
    assert g.decision.players == (2,) and g.phase == "RESPONSE"
    assert set(g.legal_moves()) == {AskHelp(2), Accept(2)}
    refuse(g, L(g, 2, "G-Cayenne"), "LOCO-CARD-HEATSTROKE-1")
    before, pile = hand(g, 2), len(g.view(None).pile)
    ev = g.apply(Accept(2))
    assert hand(g, 2) == before and len(g.view(None).pile) == pile
    assert top(g) == "G-HeatStroke"
    assert g.decision.players == (3,) and g.phase == "TURN_MAIN"
    assert "LOCO-TURN-6" in rules_of(ev)


@rule("LOCO-TURN-6")
def test_LOCO_TURN_6_reaper_turn_lost_after_drawing():
    g = _four(["Reaper", "R-Bell"], draw=("R-Cherry", "G-Cherry", "Y-Cherry", "P-Cherry", "Y-Jalapeno", "P-Ghost"))
    g.apply(L(g, 1, "Reaper"))
    g.apply(ChooseColour(1, "purple"))
    pile = len(g.view(None).pile)
    ev = g.apply(Accept(2))
    assert len(held(g, 2)) == 3 + 5 and len(g.view(None).pile) == pile
    assert g.decision.players == (3,)
    assert "LOCO-TURN-6" in rules_of(ev)


@rule("LOCO-TURN-7")
def test_LOCO_TURN_7_jump_in_next_is_after_jumper():
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], ["G-Bell", "P-Bell"], ["R-Habanero", "G-Habanero"],
                             ["P-Cherry", "Y-Cayenne", "Y-Ghost"]],
                      pile=["P-Cherry"], current=1, draw=["Y-Bell", "R-Ghost"])
    assert set(g.decision.players) == {1, 3}
    g.apply(Jump(3, (card(g, 3, "P-Cherry"),)))
    g.apply(Draw(1))
    assert top(g) == "P-Cherry" and g.view(None).top_layer == 3
    assert g.decision.players == (0,)
    assert len(held(g, 1)) == 2  # P1's draw at that checkpoint was not performed


@rule("LOCO-TURN-7")
def test_LOCO_TURN_7_next_after_jumper_anticlockwise():
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], ["G-Bell", "P-Bell"], ["R-Habanero", "G-Habanero"],
                             ["P-Cherry", "Y-Cayenne", "Y-Ghost"]],
                      pile=["P-Cherry"], current=1, draw=["Y-Bell", "R-Ghost"], dir=-1)
    g.apply(Jump(3, (card(g, 3, "P-Cherry"),)))
    g.apply(Draw(1))
    assert g.decision.players == (2,)


@rule("LOCO-TURN-7")
def test_LOCO_TURN_7_next_computed_after_effect():
    # P0 lays a Stir with dir=-1: the direction becomes +1 first, so P1 (not P3) is next.
    g = loco.scenario(hands=[["G-Stir", "R-Bell", "Y-Cherry"], ["Y-Bell"], ["R-Habanero"], ["Y-Cayenne"]],
                      pile=["G-Ghost"], current=0, draw=["Y-Ghost"], dir=-1)
    g.apply(L(g, 0, "G-Stir"))
    assert g.view(None).direction == 1 and g.decision.players == (1,)


def _pending_on_p2(p2, kind="hot_sauce", draw=2, skip=False, top_code="G-HotSauce", colour=None, **kw):
    return loco.scenario(hands=[["R-Cayenne", "G-Cayenne", "Y-Cayenne"], ["G-Bell", "P-Bell"], list(p2),
                                ["P-Cherry", "Y-Bell", "Y-Ghost"]],
                         pile=["G-Ghost", top_code], current=2, colour=colour,
                         draw=["R-Cherry", "G-Cherry", "Y-Cherry", "P-Ghost", "R-Jalapeno", "G-Jalapeno"],
                         pending={"kind": kind, "draw": draw, "skip": skip}, **kw)


@rule("LOCO-TURN-8")
def test_LOCO_TURN_8_hot_sauce_response_window_moves():
    g = _pending_on_p2(["Y-HotSauce", "Milk", "R-Bell", "NewRecipe", "G-Bell"])
    assert g.phase == "RESPONSE" and g.decision.players == (2,)
    assert set(g.legal_moves()) == {L(g, 2, "Y-HotSauce"), L(g, 2, "Milk"), AskHelp(2), Accept(2)}
    refuse(g, Draw(2), "LOCO-TURN-8")  # no voluntary draw before accepting
    refuse(g, L(g, 2, "G-Bell"), "LOCO-CARD-HOTSAUCE-3")  # even a colour match is no answer
    refuse(g, L(g, 2, "NewRecipe"), "LOCO-CARD-HOTSAUCE-3")
    refuse(g, StallPass(2), "LOCO-TURN-8")
    # without Hot Sauce or Milk only help and accept are left
    g = _pending_on_p2(["R-Bell", "NewRecipe"])
    assert set(g.legal_moves()) == {AskHelp(2), Accept(2)}
    # Milk Chaser needs a hand of at least two
    g = _pending_on_p2(["Milk"])
    assert set(g.legal_moves()) == {AskHelp(2), Accept(2)}
    refuse(g, L(g, 2, "Milk"), "LOCO-CARD-MILK-2")


@rule("LOCO-TURN-8")
def test_LOCO_TURN_8a_stack_hot_sauce():
    g = _pending_on_p2(["Y-HotSauce", "R-Bell", "P-Jalapeno"])
    g.apply(L(g, 2, "Y-HotSauce"))
    assert len(held(g, 2)) == 2  # drew nothing
    p = g.view(None).pending
    assert p.kind == "hot_sauce" and p.draw == 4 and p.target == 3
    assert g.decision.players == (3,) and g.phase == "RESPONSE"


@rule("LOCO-TURN-8")
def test_LOCO_TURN_8b_milk_chaser():
    for kind, draw, skip, top_code in (("hot_sauce", 2, False, "G-HotSauce"), ("heat_stroke", 0, True, "G-HeatStroke"),
                                       ("reaper", 5, True, "Reaper")):
        g = _pending_on_p2(["Milk", "R-Bell", "Reaper"], kind=kind, draw=draw, skip=skip, top_code=top_code,
                           colour="green" if top_code == "Reaper" else None)
        assert set(g.legal_moves()) == {L(g, 2, "Milk"), AskHelp(2), Accept(2)}
        g.apply(L(g, 2, "Milk"))
        g.apply(ChooseColour(2, "red"))
        assert g.view(None).pending is None and len(held(g, 2)) == 2
        assert g.decision.players == (3,)


@rule("LOCO-TURN-8")
def test_LOCO_TURN_8c_any_wild_against_wild_or_draw3():
    g = _pending_on_p2(["NewRecipe", "Taco", "R-HotSauce", "G-Bell"], kind="pr_wild_or_draw3", draw=3,
                       top_code="NewRecipe", colour="green")
    assert set(g.legal_moves()) == {L(g, 2, "NewRecipe"), L(g, 2, "Taco"), AskHelp(2), Accept(2)}
    refuse(g, L(g, 2, "G-Bell"), "LOCO-HOUSE-6")
    refuse(g, L(g, 2, "R-HotSauce"), "LOCO-HOUSE-6")
    refuse(g, Draw(2), "LOCO-TURN-8")
    g.apply(L(g, 2, "NewRecipe"))
    g.apply(ChooseColour(2, "yellow"))
    assert g.view(None).pending is None and len(held(g, 2)) == 3 and g.decision.players == (3,)


@rule("LOCO-TURN-8")
def test_LOCO_TURN_8d_help_any_number_of_times_in_window():
    g = _pending_on_p2(["R-Bell", "Y-Ghost"], kind="reaper", draw=5, skip=True, top_code="Reaper", colour="green")
    for i in range(3):
        g.apply(AskHelp(2))
        assert g.phase == "HELP_OFFERS" and g.decision.players == (3,)  # asker's left first
        nobody_helps(g)
        assert g.phase == "RESPONSE" and g.decision.players == (2,)
        assert g.view(None).pending is not None and g.view(None).help_count == i + 1
    # a helper slides a Milk Chaser; P2 touches and lays it in the same window
    g = loco.scenario(hands=[["Milk", "G-Cayenne", "Y-Cayenne"], ["G-Bell", "P-Bell"], ["R-Bell", "Y-Ghost"], ["P-Cherry"]],
                      pile=["Reaper"], colour="green", current=2, draw=["R-Cherry"],
                      pending={"kind": "reaper", "draw": 5, "skip": True})
    g.apply(AskHelp(2))
    g.apply(Pass(3))
    g.apply(Offer(0, card(g, 0, "Milk")))
    g.apply(Pass(1))
    g.apply(Touch(2))
    assert g.phase == "RESPONSE" and L(g, 2, "Milk") in g.legal_moves()


@rule("LOCO-TURN-8")
def test_LOCO_TURN_8e_accept():
    g = _pending_on_p2(["R-Bell", "Y-Ghost"])
    assert Accept(2) in g.legal_moves()
    g.apply(Accept(2))
    assert g.view(None).pending is None and len(held(g, 2)) == 4


@rule("LOCO-TURN-9")
def test_LOCO_TURN_9_accept_hot_sauce_then_normal_turn():
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], ["G-Bell", "P-Bell"], ["R-Habanero", "G-Habanero"],
                             ["R-Bell", "Y-Ghost", "G-Cherry"]],
                      pile=["G-Bell", "G-HotSauce", "G-HotSauce"], current=3,
                      draw=["Y-Bell", "P-Ghost", "Y-Cherry", "P-Cherry", "R-Ghost"],
                      pending={"kind": "hot_sauce", "draw": 4, "skip": False})
    ev = g.apply(Accept(3))
    assert len(held(g, 3)) == 3 + 4
    assert {"Y-Bell", "P-Ghost", "Y-Cherry", "P-Cherry"} <= set(hand(g, 3))
    assert "LOCO-TURN-9" in rules_of(ev)
    # same player, normal turn, same top card
    assert g.decision.players == (3,) and g.phase == "TURN_MAIN" and top(g) == "G-HotSauce"
    assert g.view(None).pending is None
    assert lays(g, 3) == ["G-Cherry"]
    refuse(g, L(g, 3, "R-Bell"), "LOCO-MATCH-1")
    assert Draw(3) in g.legal_moves()  # LOCO-TURN-3 applies again
    g.apply(Draw(3))
    g.apply(L(g, 3, "G-Cherry"))
    assert g.decision.players == (0,)


@rule("LOCO-TURN-9")
def test_LOCO_TURN_9_accept_with_skip_ends_turn():
    g = _pending_on_p2(["R-Bell", "Y-Ghost"], kind="heat_stroke", draw=0, skip=True, top_code="G-HeatStroke")
    g.apply(Accept(2))
    assert len(held(g, 2)) == 2 and g.decision.players == (3,)
    g = _pending_on_p2(["R-Bell", "Y-Ghost"], kind="reaper", draw=5, skip=True, top_code="Reaper", colour="green")
    g.apply(Accept(2))
    assert hand(g, 2) == sorted(["R-Bell", "Y-Ghost", "R-Cherry", "G-Cherry", "Y-Cherry", "P-Ghost", "R-Jalapeno"])
    assert g.decision.players == (3,)
    assert g.view(None).colour == "green"


# ================================================================ 2.4 help

def _help_game(dir=1, **kw):
    return loco.scenario(hands=[["G-Bell", "R-Cayenne", "Y-Cayenne"], ["R-Ghost", "G-Ghost", "P-Ghost"],
                                ["Milk", "Y-Ghost", "Y-Habanero"], ["P-Cayenne", "P-Habanero", "G-Jalapeno"]],
                         pile=["Y-Bell"], current=1, draw=["R-Cherry", "G-Cherry"], dir=dir, **kw)


@rule("LOCO-HELP-1")
def test_LOCO_HELP_1_only_on_turn_player_asks():
    g = _help_game()
    assert AskHelp(1) in g.legal_moves()
    for p in (0, 2, 3):
        refuse(g, AskHelp(p), "LOCO-HELP-1")


@rule("LOCO-HELP-1")
def test_LOCO_HELP_1_jump_holder_cannot_ask():
    # P3 is polled in secret for a jump-in during P1's turn; still not their turn to ask
    g = loco.scenario(hands=[["R-Cayenne"], ["G-Bell", "P-Bell"], ["R-Habanero"], ["P-Cherry", "Y-Cayenne"]],
                      pile=["P-Cherry"], current=1, draw=["Y-Bell"])
    assert set(g.decision.players) == {1, 3}
    refuse(g, AskHelp(3), "LOCO-HELP-1")


@rule("LOCO-HELP-1")
def test_LOCO_HELP_1_help_in_response_window():
    g = _pending_on_p2(["R-Bell", "Y-Ghost"])
    assert AskHelp(2) in g.legal_moves()
    refuse(g, AskHelp(3), "LOCO-HELP-1")
    g.apply(AskHelp(2))
    assert g.phase == "HELP_OFFERS"


@rule("LOCO-HELP-2")
@pytest.mark.parametrize("dir", [1, -1])
def test_LOCO_HELP_2_offers_asked_clockwise_from_askers_left(dir):
    g = _help_game(dir=dir)
    g.apply(AskHelp(1))
    order = []
    assert g.phase == "HELP_OFFERS"
    order.append(g.decision.players)
    # anything may be offered, including Milk Chaser and a card that does not fit
    offers = {Offer(2, card(g, 2, "Milk")), Offer(2, card(g, 2, "Y-Ghost")), Offer(2, card(g, 2, "Y-Habanero")),
              Pass(2)}
    assert set(g.legal_moves()) == offers
    g.apply(Offer(2, card(g, 2, "Milk")))
    order.append(g.decision.players)
    g.apply(Pass(3))
    order.append(g.decision.players)
    g.apply(Offer(0, card(g, 0, "G-Bell")))
    assert order == [(2,), (3,), (0,)]
    assert g.phase == "HELP_ACCEPT" and g.decision.players == (1,)
    assert [(giver, c.code) for giver, c in g.view(None).offers] == [(2, "Milk"), (0, "G-Bell")]
    assert "Milk" not in hand(g, 2) and "G-Bell" not in hand(g, 0)  # slid face down
    # face down: only the offerer sees the card
    assert g.view(1).offers == ((2, None), (0, None))
    assert g.view(2).offers[0][1].code == "Milk" and g.view(2).offers[1] == (0, None)
    assert g.view(3).offers == ((2, None), (0, None))


@rule("LOCO-HELP-2")
def test_LOCO_HELP_2_at_most_one_card_and_only_own_cards():
    g = _help_game()
    g.apply(AskHelp(1))
    refuse(g, Offer(2, card(g, 0, "G-Bell")), "LOCO-HELP-2")  # not P2's card
    refuse(g, Offer(1, card(g, 1, "R-Ghost")), "LOCO-HELP-2")  # the asker does not offer
    refuse(g, Offer(3, card(g, 3, "P-Cayenne")), "LOCO-HELP-2")  # not P3's turn to answer yet
    g.apply(Offer(2, card(g, 2, "Y-Ghost")))
    refuse(g, Offer(2, card(g, 2, "Y-Habanero")), "LOCO-HELP-2")  # asked once: one card at most
    assert g.decision.players == (3,)
    refuse(g, Lay(3, (card(g, 3, "P-Cayenne"),)), "LOCO-HELP-2")
    # nobody has to help: all pass and no offer is pending
    g = _help_game()
    g.apply(AskHelp(1))
    nobody_helps(g)
    assert g.view(None).offers == () and g.phase == "TURN_MAIN" and g.decision.players == (1,)


@rule("LOCO-HELP-3")
def test_LOCO_HELP_3_touch_first_leave_second():
    g = _help_game()
    p0_before, p2_before, p1_before = hand(g, 0), hand(g, 2), hand(g, 1)
    g.apply(AskHelp(1))
    g.apply(Offer(2, card(g, 2, "Milk")))
    g.apply(Pass(3))
    g.apply(Offer(0, card(g, 0, "G-Bell")))
    # offer order: P2's card first
    assert g.view(None).offers[g.view(None).current_offer][0] == 2
    assert set(g.legal_moves()) == {Touch(1), Leave(1)}
    refuse(g, Touch(0), "LOCO-HELP-3")
    refuse(g, Draw(1), "LOCO-HELP-3")
    ev = g.apply(Touch(1))
    assert "LOCO-HELP-3" in rules_of(ev)
    assert "Milk" in hand(g, 1) and "Milk" not in hand(g, 2)
    assert hand(g, 2) == sorted(c for c in p2_before if c != "Milk")
    # now P0's card
    assert g.decision.players == (1,) and g.view(None).offers[g.view(None).current_offer][0] == 0
    g.apply(Leave(1))
    assert hand(g, 0) == p0_before
    assert hand(g, 1) == sorted(p1_before + ["Milk"])
    assert g.phase == "TURN_MAIN" and g.decision.players == (1,)
    assert g.view(None).offers == ()
    # the touched card is known only to the asker and the giver
    touch = next(e for e in g.events(g.step - 1) if e.kind == "touch")
    assert touch.audience == frozenset({1, 2})
    assert all("Milk" not in e.text for e in g.events(g.step - 1, viewer=3))


@rule("LOCO-HELP-4")
def test_LOCO_HELP_4_cap_on_requests_per_turn():
    g = _help_game(help_requests_per_turn_cap=2)
    for _ in range(2):
        assert AskHelp(1) in g.legal_moves()
        g.apply(AskHelp(1))
        nobody_helps(g)
    assert g.decision.players == (1,) and g.phase == "TURN_MAIN"
    assert AskHelp(1) not in g.legal_moves()
    refuse(g, AskHelp(1), "LOCO-HELP-4")
    # drawing is still possible
    assert Draw(1) in g.legal_moves()
    g.apply(Draw(1))
    assert g.decision.players == (1,) and AskHelp(1) not in g.legal_moves()


@rule("LOCO-HELP-4")
def test_LOCO_HELP_4_cap_resets_next_turn_and_default_is_ten():
    g = loco.scenario(hands=[["R-Cayenne"], ["Y-Ghost", "P-Bell", "G-Bell"], ["R-Habanero", "Y-Cayenne"], ["G-Cherry"]],
                      pile=["Y-Bell"], current=1, draw=["R-Cherry"], help_requests_per_turn_cap=1)
    g.apply(AskHelp(1))
    nobody_helps(g)
    refuse(g, AskHelp(1), "LOCO-HELP-4")
    g.apply(L(g, 1, "Y-Ghost"))
    assert g.decision.players == (2,) and AskHelp(2) in g.legal_moves()
    # the cap counts help asked in a response window too
    g = _pending_on_p2(["R-Bell", "Y-Ghost"], help_requests_per_turn_cap=1)
    g.apply(AskHelp(2))
    nobody_helps(g)
    assert g.phase == "RESPONSE"
    refuse(g, AskHelp(2), "LOCO-HELP-4")
    # default cap 10
    g = _help_game()
    for _ in range(10):
        g.apply(AskHelp(1))
        nobody_helps(g)
    refuse(g, AskHelp(1), "LOCO-HELP-4")


@rule("LOCO-HELP-5")
def test_LOCO_HELP_5_helper_down_to_one_card_opens_loco():
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne", "Y-Cayenne"], ["R-Ghost", "G-Ghost", "P-Ghost"],
                             ["Y-Ghost", "Y-Habanero", "P-Jalapeno"], ["R-Bell", "G-Jalapeno"]],
                      pile=["Y-Bell"], current=1, draw=["R-Cherry", "G-Cherry"])
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Offer(3, card(g, 3, "R-Bell")))
    assert 3 not in g.view(None).loco_open  # still holds the slid card until it is touched
    g.apply(Pass(0))
    ev = g.apply(Touch(1))
    assert hand(g, 3) == ["G-Jalapeno"]
    assert 3 in g.view(None).loco_open
    opened = [e for e in ev if e.kind == "loco_open"]
    assert opened and "LOCO-SHOUT-1" in opened[0].rules
    # the LOCO! window asks every seat
    assert g.phase == "CHECKPOINT" and set(g.decision.players) == {0, 1, 2, 3}


@rule("LOCO-HELP-5")
def test_LOCO_HELP_5_leaving_the_card_opens_nothing():
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], ["R-Ghost", "G-Ghost"], ["Y-Ghost", "Y-Habanero"],
                             ["R-Bell", "G-Jalapeno"]],
                      pile=["Y-Bell"], current=1, draw=["R-Cherry", "G-Cherry"])
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Offer(3, card(g, 3, "R-Bell")))
    g.apply(Pass(0))
    g.apply(Leave(1))
    assert hand(g, 3) == ["G-Jalapeno", "R-Bell"] and g.view(None).loco_open == ()
    assert g.phase == "TURN_MAIN"


@rule("LOCO-HELP-5")
def test_LOCO_HELP_5_helper_down_to_zero_cards_wins():
    # P3 is on one card and has already shouted (no open obligation)
    g = loco.scenario(hands=[["R-Cayenne", "G-Cayenne"], ["R-Ghost", "G-Ghost"], ["Y-Ghost", "Y-Habanero"],
                             ["Milk"]],
                      pile=["Y-Bell"], current=1, draw=["R-Cherry", "G-Cherry"])
    g.apply(AskHelp(1))
    g.apply(Pass(2))
    g.apply(Offer(3, card(g, 3, "Milk")))
    g.apply(Pass(0))
    assert g.decision.players == (1,) and g.decision.kind == "choice"
    milk = g.view(None).offers[0][1]
    ev = g.apply(Touch(1))
    r = g.result
    assert r is not None and r.winner == 3 and r.how == "gave"
    assert r.winning_cards == (milk.id,)
    assert "LOCO-WIN-4" in rules_of(ev)
    assert "Milk" in hand(g, 1) and hand(g, 3) == []
    assert g.legal_moves() == []
