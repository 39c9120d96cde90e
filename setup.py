"""Build hook: the engine's hot modules and the solver's search compiled to C by mypyc, when that can be done.

Random deals and the bots' simulations spend their time in a few engine
modules (cards, dealing, tricks, the auction, the deal state, the profiles and
the rule index, seat views and the explanations of a step); the verdict ("Could
it have been made?") and the expert bot in the exact solver's search, a
bitboard alpha-beta. They are fully typed (mypy strict), so mypyc compiles them
as they are: the same source, about 1.7 times as many random deals a second and
several times as many solver nodes (benchmarks/README.md, "Compiled by mypyc").
Everything else in ``pyproject.toml``.

The compiled engine is an option, never a requirement. The package stays pure
Python, and the same code, when

- ``NAP_TEACH_PURE=1`` is set (the static site's wheel for Pyodide, which cannot
  load a Linux extension; a quick editable install);
- mypyc is not importable (a build without the build requirements);
- the compilation fails anywhere (no C compiler, a platform mypyc does not
  build for): then no module is compiled, not some of them, since the compiled
  modules share one library and call each other directly.

``nap_teach.engine.COMPILED`` says which engine a process runs.
"""
from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED_MODULES = tuple(f"nap_teach/engine/{name}.py" for name in (
    "cards", "dealing", "tricks", "auction", "state", "profiles", "rules", "views", "narrate")) + (
    "nap_teach/ai/solver/position.py", "nap_teach/ai/solver/search.py")
"""The modules compiled: the engine's hot ones and the exact solver's search; the rest of the package stays Python."""


class OptionalBuildExt(build_ext):
    """Build the compiled engine if the C compiler can; otherwise leave the pure package, with a warning."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any failure of the C build (compiler missing, headers, errors): stay pure
            self._give_up(error)

    def build_extensions(self) -> None:
        """Compile the C files of each extension side by side, one per core: mypyc writes a file per compiled
        module (``multi_file``), where the whole library was one file that one core compiled while the others
        waited (figures: benchmarks/README.md, "Test suite time")."""
        compile_one = self.compiler.compile

        def compile_side_by_side(sources, *args, **kwargs):
            if len(sources) < 2:
                return compile_one(sources, *args, **kwargs)
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                objects = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for batch in objects for obj in batch]

        self.compiler.compile = compile_side_by_side
        super().build_extensions()

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as error:  # as above, per extension: one failure drops them all (they share a library)
            self._give_up(error)
            raise _Dropped from error

    def _give_up(self, error: BaseException) -> None:
        if isinstance(error, _Dropped):
            return
        print(f"nap_teach: the engine is not compiled ({error}); the package stays pure Python", file=sys.stderr)
        for ext in self.extensions:  # what was built already, before the failure
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.remove(path)
        self.extensions = []
        self.distribution.ext_modules = []


class _Dropped(Exception):
    """Raised once the compiled engine has been given up, to stop building the other extensions."""


def engine_extensions() -> list:
    """The mypyc extensions, or none (see the module's docstring)."""
    if os.environ.get("NAP_TEACH_PURE", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("nap_teach: mypyc is not installed; the engine stays pure Python", file=sys.stderr)
        return []
    try:
        # mypy reads the modules the compiled ones import (the package's __init__ reaches the words layer and
        # babel), in the build's own environment, where the app's dependencies may not be installed yet: their
        # errors are not the compiled modules' and must not stop the build (pip's first install of a fresh clone)
        return mypycify(["--follow-imports=silent", *COMPILED_MODULES], opt_level="3",
                        group_name="nap_teach_compiled", multi_file=True)
    except (Exception, SystemExit) as error:  # mypy's type errors end in SystemExit: stay pure
        print(f"nap_teach: mypyc could not compile the engine ({error}); it stays pure Python", file=sys.stderr)
        return []


setup(ext_modules=engine_extensions(), cmdclass={"build_ext": OptionalBuildExt})
