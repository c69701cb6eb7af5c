"""Chili Loco's four card colours told apart without colour (issue 22): each colour has its own symbol on
every card of that colour, at every size, where a covered card in a fanned hand still shows it.

The colours are run through the Machado, Oliveira & Fernandes (2009) simulations of full protanopia,
deuteranopia and tritanopia: pairs whose simulated colours come too close (CIE76 colour difference under
:data:`CONFUSED`) would be told apart by colour alone by nobody with that deficiency. The test asserts that
such pairs exist (the simulation is not a formality: red and green meet under deuteranopia) and that every
pair, confusable or not, differs by its symbol in the SVG.
"""
from __future__ import annotations

import itertools
import re

import pytest
from chililab.loco import new_game

from chililab.games.loco.pictures.cards import FACE, SYMBOL, card_svg
from chililab.games.loco.pictures.table import table_svg
from chililab.games.loco.rules.cards import ALL_CARDS, COLOURS

# Machado et al. 2009, severity 1.0, applied to linear RGB
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
CONFUSED = 25.0  # CIE76 difference under which two flat card colours are easily mistaken for each other
SYMBOL_AT = re.compile(r'<g class="chili-colour-symbol" data-symbol="(\w+)">')


def linear(hex_colour: str) -> tuple[float, ...]:
    c = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    return tuple(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c)


def lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear RGB colour."""
    r, g, b = (min(max(v, 0.0), 1.0) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def simulate(hex_colour: str, deficiency: str | None) -> tuple[float, float, float]:
    rgb = linear(hex_colour)
    if deficiency is not None:
        m = MACHADO[deficiency]
        rgb = tuple(sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3))
    return lab(rgb)


def difference(a: str, b: str, deficiency: str | None) -> float:
    return sum((p - q) ** 2 for p, q in zip(simulate(a, deficiency), simulate(b, deficiency))) ** 0.5


def symbols(svg: str) -> set[str]:
    return set(SYMBOL_AT.findall(svg))


def test_the_simulation_finds_colours_a_colour_blind_player_confuses():
    confused = {(d, a, b) for d in MACHADO for a, b in itertools.combinations(COLOURS, 2)
                if difference(FACE[a], FACE[b], d) < CONFUSED}
    assert ("deuteranopia", "red", "green") in confused, confused
    # with full colour vision every pair is far apart
    assert all(difference(FACE[a], FACE[b], None) > 2 * CONFUSED for a, b in itertools.combinations(COLOURS, 2))


@pytest.mark.parametrize("deficiency", sorted(MACHADO))
def test_every_pair_of_colours_differs_by_symbol_when_colour_fails(deficiency):
    for a, b in itertools.combinations(COLOURS, 2):
        card_a = next(c for c in ALL_CARDS if c.colour == a)
        card_b = next(c for c in ALL_CARDS if c.colour == b and c.name == card_a.name)  # same card, other colour
        sa, sb = symbols(card_svg(card_a)), symbols(card_svg(card_b))
        told_apart_by_colour = difference(FACE[a], FACE[b], deficiency) >= CONFUSED
        assert sa and sb and sa != sb, (deficiency, a, b, sa, sb, told_apart_by_colour)


@pytest.mark.parametrize("width", [34, 64, 70, 118])
@pytest.mark.parametrize("big", [False, True])
def test_every_coloured_card_carries_its_colours_symbol_at_every_size(width, big):
    for c in ALL_CARDS:
        found = symbols(card_svg(c, width=width, big=big, name=False))
        assert found == ({SYMBOL[c.colour]} if c.colour else set()), (c, found)
    assert len(set(SYMBOL.values())) == len(COLOURS)


def test_a_covered_card_in_a_fanned_hand_still_shows_its_symbol():
    """A fanned card shows its left 45% (the table's ``_fan``): one symbol sits there, below the corner label."""
    svg = card_svg(next(c for c in ALL_CARDS if c.colour == "green"))
    xs = [float(x) for x in re.findall(r'data-symbol="triangle"><polygon points="([\d.]+),', svg)]
    assert min(xs) < 45, xs


def test_the_tables_active_colour_shows_its_symbol():
    g = new_game(players=4, seed=7)
    view = g.view(None)
    svg = table_svg(view)
    colour = re.search(r'<g class="chili-colour" data-colour="(\w+)">(.*?)</g></g>', svg)
    assert colour and SYMBOL[colour.group(1)] in symbols(colour.group(2) + "</g>"), colour
