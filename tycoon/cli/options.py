"""Turning command-line words into game options, seat lists and seeds (no printing here)."""

from __future__ import annotations

import secrets

from tycoon.core import GameSpec, OptionError
from tycoon.core.errors import UnknownBotError
from tycoon.core.spec import normalise_name

_BOOL_WORDS = {"on", "off", "true", "false", "yes", "no", "1", "0"}


def parse_game_options(spec: GameSpec, words: list[str]) -> dict[str, object]:
    """``--parks --map hex --size=10 --no-slums`` → validated option values for ``spec``."""
    options: dict[str, object] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if not word.startswith("--") or len(word) == 2:
            raise OptionError(f"unexpected argument {word!r} (game options look like --name value)")
        name, has_value, value = word[2:].partition("=")
        key = normalise_name(name)
        negated = False
        known = {o.name for o in spec.options}
        if key not in known and key.startswith("no-") and key[3:] in known:
            key, negated = key[3:], True
        if key in ("players", "seats-count") and key not in known:
            raise OptionError(
                f"--{name}: the players are the seats: give one code per seat, e.g. --seats "
                f"{','.join(['greedy'] * spec.default_players)} ({spec.name} seats "
                f"{spec.min_players} to {spec.max_players} players)"
            )
        option = spec.option(key)
        if option.kind is bool:
            if negated:
                if has_value:
                    raise OptionError(f"--no-{option.name} takes no value")
                options[option.name] = False
            elif has_value:
                options[option.name] = option.validate(value)
            elif i + 1 < len(words) and words[i + 1].lower() in _BOOL_WORDS:
                i += 1
                options[option.name] = option.validate(words[i])
            else:
                options[option.name] = True
        else:
            if not has_value:
                if i + 1 >= len(words) or words[i + 1].startswith("--"):
                    raise OptionError(
                        f"option --{option.name} needs a value ({option.describe_kind()})"
                    )
                i += 1
                value = words[i]
            options[option.name] = option.validate(value)
        i += 1
    return options


def short_form(spec: GameSpec, words: list[str]) -> list[str]:
    """A variant's options written without dashes (``parks size=10``, ``size 10``,
    ``no-slums``) as :func:`parse_game_options` reads them: a word is the value of the option
    just before it if that option takes one (written without ``=``; a switch only ``on``,
    ``off`` and the like), and any other word is an option and gets its ``--`` (so that an
    unknown one is named with the game's options)."""
    result: list[str] = []
    wants: type | None = None  # the kind of value the option just before takes, if any
    for word in words:
        if wants is not None and (wants is not bool or word.lower() in _BOOL_WORDS):
            result.append(word)
            wants = None
            continue
        result.append(f"--{word}")
        name, has_value, _ = word.partition("=")
        key = normalise_name(name)
        found = next((o for o in spec.options if o.name == key), None)
        wants = found.kind if found is not None and not has_value else None
    return result


def parse_seats(text: str) -> list[str]:
    seats = [code.strip() for code in text.split(",")]
    if any(not code for code in seats):
        raise UnknownBotError(f"--seats lists seat codes separated by commas, not {text!r}")
    return seats


def fresh_seed() -> int:
    """A seed for a game nobody asked to repeat (it is kept in the record all the same)."""
    return secrets.randbelow(2**31)
