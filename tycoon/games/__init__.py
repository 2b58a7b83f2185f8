"""The built-in games. Importing this package imports every game package in it, and each
registers itself (and its bots) with the core registry when imported."""

from __future__ import annotations

import importlib
import pkgutil

for _module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _module.ispkg and not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
