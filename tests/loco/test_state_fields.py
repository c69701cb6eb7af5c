"""clone() and key() of Loco's rules state are derived from FIELDS: every attribute it holds is declared."""
import random

from chililab import loco
from chililab.engine.fields import undeclared


def test_every_state_attribute_is_declared_and_cloned():
    for seed in range(6):
        g = loco.new_game(players=2 + seed, seed=seed, personal_recipes=["reveal_hand", "terrible_accent"])
        rng = random.Random(seed)
        while not g.over and g.step < 400:
            st = g.state
            assert undeclared(st) == set(), undeclared(st)
            c = st.clone()
            assert c.key() == st.key()
            assert all(a is not b for a, b in zip(c.hands, st.hands))
            g.apply(rng.choice(g.legal_moves()))
