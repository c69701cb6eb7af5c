"""Example positions of All You Can Chili as one player knows them (tests, benchmarks, explorers).

Default composition (table 1.2): flames 1..5 have 7 cards each, flames 6 and 7 have 6 each. The tests
in ``tests/prob`` work out these positions' probabilities by hand.
"""
from .knowledge import Knowledge, kinds


def two_players() -> Knowledge:
    """Seat 0 is King Naga (tolerance 18, pile 6 3 4, hand 1 2 3 4); Piri Piri stands heat 22, Fuego 0.

    Seen flames: 7 7 6 2 (Piri), 6 3 4 (Naga), 1 2 3 4 (hand); so the 36 unseen dishes have flames
    1: 6, 2: 5, 3: 5, 4: 5, 5: 7, 6: 4, 7: 4.
    """
    return Knowledge(seat=0, character="king_naga", tolerance=18, row=("king_naga", "piri_piri", "fuego_fred"),
                     piles={"king_naga": kinds("6 3 4"), "piri_piri": kinds("7 7 6 2")}, hand=kinds("1 2 3 4"),
                     hand_sizes={1: 4}, deck_size=32)


def three_players_eye() -> Knowledge:
    """Seat 0 is Vasco (tolerance 20) and saw seat 1's tolerance 17 with the Eye; King Naga stands heat 18."""
    return Knowledge(seat=0, character="vasco_tabasco", tolerance=20,
                     row=("vasco_tabasco", "king_naga", "piri_piri", "fuego_fred"),
                     piles={"king_naga": kinds("6 5 7"), "vasco_tabasco": kinds("2")}, hand=kinds("1 3 5 7"),
                     tolerances={1: 17})


def four_players() -> Knowledge:
    """A 4-player table in the middle of a round: seat 1 is Habi Wasabi (tolerance 19, heat 12); Al Apeno
    withdrew (seat 2, tolerance 21); Piri Piri stands heat 18, Fuego Fred 14, King Naga 20 (the Reaper counts 7).
    The Chili is on Fuego Fred, the Lock on Piri Piri."""
    return Knowledge(seat=1, character="habi_wasabi", tolerance=19,
                     row=("habi_wasabi", "piri_piri", "fuego_fred", "al_apeno", "king_naga"),
                     piles={"habi_wasabi": kinds("4 3C 5"), "piri_piri": kinds("7 6L 5"),
                            "fuego_fred": kinds("2C Latte 6 5"), "al_apeno": kinds("7 7 3"),
                            "king_naga": kinds("Reaper 4 6 3")},
                     active={"habi_wasabi", "piri_piri", "fuego_fred", "king_naga"},
                     hand=kinds("1 2 5 6"), identities={2: "al_apeno"}, tolerances={2: 21},
                     hand_sizes={0: 4, 2: 4, 3: 4}, deck_size=14, chili="fuego_fred", lock="piri_piri",
                     last_target="king_naga")


def six_players() -> Knowledge:
    """A 6-player table: seat 3 burnt out as Go Chu Jang (tolerance 16, heat 18); seat 4's tolerance was seen (23)."""
    row = ("go_chu_jang", "piri_piri", "fuego_fred", "al_apeno", "king_naga", "vasco_tabasco", "habi_wasabi")
    return Knowledge(seat=0, character="vasco_tabasco", tolerance=22, row=row,
                     piles={"go_chu_jang": kinds("7 5 6"), "piri_piri": kinds("6 7 7 2"), "fuego_fred": kinds("5 5 4 4"),
                            "al_apeno": kinds("3"), "king_naga": kinds("7 6 6"), "vasco_tabasco": kinds("4 4 3"),
                            "habi_wasabi": kinds("1 1")},
                     active=set(row) - {"go_chu_jang"}, hand=kinds("2 3 5 1"),
                     identities={3: "go_chu_jang"}, tolerances={3: 16, 4: 23})


def six_players_hidden() -> Knowledge:
    """The most work for the exact count: 6 players, nothing revealed, five other characters standing
    heats 8 to 20 (6! = 720 ways to give the five other seats their characters)."""
    row = ("go_chu_jang", "piri_piri", "fuego_fred", "al_apeno", "king_naga", "vasco_tabasco", "habi_wasabi")
    return Knowledge(seat=0, character="vasco_tabasco", tolerance=22, row=row,
                     piles={"go_chu_jang": kinds("7 5 6"), "piri_piri": kinds("6 7 7"), "fuego_fred": kinds("5 5 4 4"),
                            "al_apeno": kinds("3 2"), "king_naga": kinds("7 6 6 1"), "vasco_tabasco": kinds("4 4 3"),
                            "habi_wasabi": kinds("1 1 2 3")},
                     hand=kinds("2 3 5 1E"), hand_sizes={s: 4 for s in range(1, 6)}, deck_size=0)


#: the examples by name
POSITIONS = {"two": two_players, "three_eye": three_players_eye, "four": four_players, "six": six_players,
             "six_hidden": six_players_hidden}
