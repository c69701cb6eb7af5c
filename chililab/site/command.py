"""``chililab site build`` and ``chililab site serve`` (the argument parsing; work in :mod:`.build`, :mod:`.serve`).

    chililab site build --out DIR [--cache DIR] [--offline]
    chililab site serve DIR [--port 8000]

A failed build (Voila not installed: ``chililab[server]``; a file missing from the cache when
offline, a registry not answering, a file that is not the pinned one; a wheel, chililab's
included, requiring a package the site does not ship) prints what failed and exits with status 1.
"""
from __future__ import annotations

import sys
from pathlib import Path

from chililab.site import pins


def add_parser(sub) -> None:
    """Add ``site`` with its ``build`` and ``serve`` subcommands to the ``chililab`` subparsers."""
    p = sub.add_parser("site", help="a static website of the dashboards: Python runs in each visitor's browser",
                       description="Build or preview the static site (no server: the games run in the browser).")
    site_sub = p.add_subparsers(dest="site_command", metavar="{build,serve}", parser_class=type(p))
    b = site_sub.add_parser("build", help="build the site into a folder")
    b.add_argument("--out", required=True, type=Path, help="the folder to write (replaced)")
    b.add_argument("--cache", default=pins.DEFAULT_CACHE, type=Path,
                   help=f"package cache (default {pins.DEFAULT_CACHE})")
    b.add_argument("--offline", action="store_true", help="use only the cache; fetch nothing")
    b.set_defaults(func=_build)
    s = site_sub.add_parser("serve", help="preview a built site on localhost")
    s.add_argument("dir", type=Path, help="the built site")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default localhost only)")
    s.set_defaults(func=_serve)
    p.set_defaults(func=_need_subcommand)


def _need_subcommand(args) -> int:
    print("chililab site: error: choose build or serve (see 'chililab site --help')", file=sys.stderr)
    return 2


def _build(args) -> int:
    from chililab import extras

    try:  # voici builds the pages with Voila's templates
        extras.require("voila", "chililab site build")
    except extras.MissingExtra as e:
        print(f"chililab site build: error: {e}", file=sys.stderr)
        return 1
    from chililab.site.build import BuildError, build
    from chililab.site.cache import Cache, CacheError
    from chililab.site.runtime import UnmetDependency

    try:
        build(args.out, Cache(args.cache, offline=args.offline), log=lambda line: print(line, flush=True))
    except (CacheError, BuildError, UnmetDependency) as e:
        print(f"chililab site build: error: {e}", file=sys.stderr)
        return 1
    return 0


def _serve(args) -> int:
    from chililab.site.serve import make_server

    try:
        server = make_server(args.dir, args.port, args.host, verbose=True)
    except (FileNotFoundError, OSError) as e:
        print(f"chililab site serve: error: {e}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    assert isinstance(host, str)  # an IPv4/IPv6 server's address is (host, port, ...), the host a str
    print(f"serving {args.dir} at http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
