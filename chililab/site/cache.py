"""The package cache: pinned wheels from PyPI and the Pyodide runtime from npm, checked by sha256.

Online, a missing file is fetched with the registries' own clients (``pip download``,
``npm pack``; without npm, the npm registry's tarball address); offline (``--offline``) a missing file is an error that names it. Either way
every file is checked against its pin before use, so an offline build is the tested build.

Layout::

    <cache>/pypi/<wheel files>        pinned wheels (build tools and browser packages)
    <cache>/npm/pyodide-<v>.tgz       the runtime tarball
    <cache>/tools-<digest>/           the build tools installed from those wheels
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

from chililab.site import pins

NPM_REGISTRY = "https://registry.npmjs.org"


class CacheError(RuntimeError):
    """A file the build needs is missing (offline) or is not the pinned file."""


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _download(url: str, path: Path) -> None:
    part = path.with_suffix(".part")
    try:
        with urllib.request.urlopen(url, timeout=120) as r, open(part, "wb") as fh:
            shutil.copyfileobj(r, fh)
    except OSError as e:
        part.unlink(missing_ok=True)
        raise CacheError(f"could not fetch {url}: {e}") from None
    part.replace(path)


def pip_env() -> dict:
    """The environment for pip: the pins are exact, so no site-wide constraints file may move them."""
    return {**os.environ, "PIP_CONSTRAINT": "", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


class Cache:
    """Pinned files under ``root``; ``offline`` forbids fetching anything."""

    def __init__(self, root: str | Path = pins.DEFAULT_CACHE, offline: bool = False):
        self.root = Path(root).expanduser().resolve()
        self.offline = offline
        self.pypi = self.root / "pypi"
        self.npm = self.root / "npm"

    # ------------------------------------------------------------ wheels
    def wheels(self, wanted) -> list[Path]:
        """The cached files of the pinned wheels ``wanted`` (fetched first when online)."""
        wanted = list(wanted)
        missing = [w for w in wanted if not (self.pypi / w.filename).exists()]
        if missing:
            if self.offline:
                raise CacheError(f"offline and not in the cache {self.pypi}: "
                                 + ", ".join(w.filename for w in missing))
            self._pip_download(missing)
        return [self._checked(self.pypi / w.filename, w.sha256) for w in wanted]

    def _pip_download(self, missing) -> None:
        self.pypi.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--platform", "any", "--python-version", "3.13", "--implementation", "py", "--abi", "none",
               "--dest", str(self.pypi), *(w.requirement for w in missing)]
        done = subprocess.run(cmd, env=pip_env(), capture_output=True, text=True)
        if done.returncode:
            raise CacheError(f"pip download failed:\n{done.stderr.strip()[-2000:]}")
        for w in missing:
            if not (self.pypi / w.filename).exists():
                raise CacheError(f"pip download did not produce {w.filename}")

    # ------------------------------------------------------------ npm
    def npm_package(self, pkg: pins.NpmPackage = pins.PYODIDE) -> Path:
        """The cached npm tarball of ``pkg`` (``npm pack`` first when online)."""
        path = self.npm / pkg.filename
        if not path.exists():
            if self.offline:
                raise CacheError(f"offline and not in the cache: {path}")
            self.npm.mkdir(parents=True, exist_ok=True)
            if shutil.which("npm"):
                done = subprocess.run(["npm", "pack", "--silent", pkg.spec, "--pack-destination", str(self.npm)],
                                      capture_output=True, text=True)
                if done.returncode or not path.exists():
                    raise CacheError(f"npm pack {pkg.spec} failed:\n{done.stderr.strip()[-2000:]}")
            else:  # no npm here: the registry's tarball address, the same file npm pack fetches
                _download(f"{NPM_REGISTRY}/{pkg.name}/-/{pkg.filename}", path)
        return self._checked(path, pkg.sha256)

    # ------------------------------------------------------------ build tools
    def tools(self) -> Path:
        """A folder with the build tools installed (from the cached wheels; reused while the pins hold)."""
        digest = hashlib.sha256("".join(w.sha256 for w in pins.BUILD_TOOLS).encode()).hexdigest()[:12]
        target = self.root / f"tools-{digest}"
        if (target / ".complete").exists():
            return target
        files = self.wheels(pins.BUILD_TOOLS)
        shutil.rmtree(target, ignore_errors=True)
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
               "--target", str(target), *map(str, files)]
        done = subprocess.run(cmd, env=pip_env(), capture_output=True, text=True)
        if done.returncode:
            raise CacheError(f"installing the build tools failed:\n{done.stderr.strip()[-2000:]}")
        (target / ".complete").write_text("\n".join(w.requirement for w in pins.BUILD_TOOLS) + "\n")
        return target

    @staticmethod
    def _checked(path: Path, expected: str) -> Path:
        got = sha256(path)
        if got != expected:
            raise CacheError(f"{path} has sha256 {got}, the pin says {expected}: delete it and build online")
        return path
