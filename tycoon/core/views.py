"""Views are typed, frozen values; this turns any of them into plain JSON data."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import Enum
from typing import Any


def to_jsonable(value: Any) -> Any:
    """Dataclasses become objects, tuples and frozensets lists, enums their values; other
    values that know their JSON form give it through ``to_json()``."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return value.value
    to_json = getattr(value, "to_json", None)
    if callable(to_json) and not dataclasses.is_dataclass(value):
        return to_jsonable(to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):  # a named tuple
        return {str(k): to_jsonable(v) for k, v in value._asdict().items()}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(to_jsonable(v) for v in value)
    if isinstance(value, list | tuple):
        return [to_jsonable(v) for v in value]
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")
