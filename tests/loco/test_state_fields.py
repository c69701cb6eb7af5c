"""clone() and key() of Loco's rules state are derived from FIELDS: every attribute it holds is declared."""
import random

from chililab import loco
from tests.harness import check_fields_declared


def test_every_state_attribute_is_declared_and_cloned():
    for seed in range(6):
        g = loco.new_game(players=2 + seed, seed=seed, personal_recipes=["reveal_hand", "terrible_accent"])
        check_fields_declared(g, random.Random(seed), 400)
