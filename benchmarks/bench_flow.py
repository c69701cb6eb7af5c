"""What the flow picture costs: one dot layout, one step of a FlowView, the bytes sent.

    python3 benchmarks/bench_flow.py [--game loco] [--steps 200] [--rounds 5]

Reported (medians over ``--rounds``):

- layout: ``flow_svg(flow)`` with the cache cleared (the layout shipped in
  ``chililab/data/flows`` read, then the SVG annotated), and the same call once cached;
- highlight: building the ``<style>`` of one step (``highlight_style``) and a
  whole ``FlowView.update`` per step of a random game (caption, highlight and
  line widths; the SVG is not touched);
- bytes: the SVG (sent once per view) and the style sent per step.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time


def timed(fn, n=1):
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="loco")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)

    import pygraphviz

    from chililab.engine.registry import get
    from chililab.viz import flow as F
    from chililab.widgets import FlowView

    spec = get(args.game)
    flow = spec.flow
    F.flow_svg(flow)  # import and font set-up outside the timings
    phases = list(flow.phases)

    def cold():
        F._template.cache_clear()
        F.flow_svg(flow)

    layout = [timed(cold) for _ in range(args.rounds)]
    cached = [timed(lambda: F.flow_svg(flow), 100) for _ in range(args.rounds)]
    style = [timed(lambda: [F.highlight_style(p, ".v") for p in phases]) / len(phases) for _ in range(args.rounds)]

    per_step, style_bytes = [], []
    for r in range(args.rounds):
        game = spec.new_game(players=4, seed=r)
        view = FlowView(game)
        rng = random.Random(r)
        total, n = 0.0, 0
        for _ in range(args.steps):
            if game.result is not None:
                break
            game.apply(rng.choice(game.legal_moves()))
            t = time.perf_counter()
            view.update(game)
            total += time.perf_counter() - t
            n += 1
            style_bytes.append(len(view.w_style.value))
        per_step.append(total / max(n, 1))
    svg = F.flow_svg(flow)
    ms = 1e3
    print(f"{spec.title} flow: {len(flow.phases)} phases, {len(flow.transitions)} transitions; "
          f"pygraphviz {pygraphviz.__version__}, Graphviz {pygraphviz.__graphviz_version__}")
    print(f"  layout once (read + annotate, cold cache): {statistics.median(layout) * ms:8.1f} ms")
    print(f"  flow_svg again (cached layout):           {statistics.median(cached) * ms:8.3f} ms")
    print(f"  highlight_style (one phase):              {statistics.median(style) * ms:8.3f} ms")
    print(f"  FlowView.update per step (style+caption): {statistics.median(per_step) * ms:8.3f} ms")
    print(f"  SVG sent once per view:                   {len(svg):8,d} bytes ({len(svg.encode()):,} UTF-8)")
    print(f"  style sent per step (median):             {int(statistics.median(style_bytes)):8,d} bytes")


if __name__ == "__main__":
    main()
