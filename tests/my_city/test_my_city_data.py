"""The counter-set data files: each loads and is playable; the classic set is the rulebook's."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tycoon.games.my_city.counters import (
    BOARD_SIZES,
    DATA,
    CounterSetError,
    _parse,
    check_counter_set,
    counter_set_names,
    load_counter_set,
)
from tycoon.games.my_city.rules import MyCity

RULEBOOK_LANDMARKS = {
    "Airport": (4, "Transportation"),
    "Seaport": (4, "Transportation"),
    "Train Station": (4, "Transportation"),
    "Subway Station": (4, "Transportation"),
    "City Hall": (3, "Civic"),
    "University": (3, "Civic"),
    "Power Plant": (3, "Services"),
    "Water Plant": (3, "Services"),
    "Fire Station": (2, "Services"),
    "Police Station": (2, "Services"),
    "Zoo": (2, "Recreation"),
    "Aquarium": (2, "Recreation"),
    "Stadium": (1, "Recreation"),
    "Cathedral": (1, "Civic"),
    "Library": (1, "Civic"),
    "Museum": (1, "Recreation"),
}


def test_every_data_file_is_a_counter_set_option() -> None:
    files = sorted(path.stem for path in DATA.glob("*.json"))
    assert sorted(counter_set_names()) == files
    assert MyCity.spec.option("counters").choices == counter_set_names()
    assert counter_set_names()[0] == "classic"
    assert len(files) >= 3


@pytest.mark.parametrize("name", counter_set_names())
def test_counter_set_is_playable_on_every_map(name: str) -> None:
    """On an N x N map 2N landmarks (two a row) and, at two players, counters for every square."""
    counter_set = load_counter_set(name)
    check_counter_set(counter_set)
    for size in BOARD_SIZES:
        assert len(counter_set.landmarks_for(size)) == 2 * size
        per_player = sum(len(zone.access_for(size)) for zone in counter_set.zones)
        assert 2 * per_player >= size * size - 2 * size
    assert counter_set.dump.value == -1
    assert counter_set.slum.access == -1
    assert counter_set.slum.penalty == 1


def test_classic_counters_are_the_rulebooks() -> None:
    """LANDMARK COUNTERS: 16 landmarks with these values; LANDMARK TYPES as listed; ZONE
    COUNTERS: each set has 24 counters, six zone types with access 4, 3, 2, 1."""
    classic = load_counter_set("classic")
    eight = classic.landmarks_for(8)
    assert {lm.name: (lm.value, lm.kind) for lm in eight} == RULEBOOK_LANDMARKS
    assert [zone.name for zone in classic.zones] == [
        "Highway Exit",
        "Commercial",
        "Residential",
        "Industrial",
        "Utilities",
        "Park",
    ]
    assert all(zone.access_for(8) == (4, 3, 2, 1) for zone in classic.zones)
    assert classic.dump.name == "City Dump"
    assert classic.slum.name == "Slum"


def test_alternate_sets_have_other_names_and_values() -> None:
    """ALTERNATE COUNTERSETS: change the names and values of the landmarks and zones."""
    classic = load_counter_set("classic")
    classic_names = {lm.name for lm in classic.landmarks} | {z.name for z in classic.zones}
    for name in counter_set_names()[1:]:
        other = load_counter_set(name)
        names = {lm.name for lm in other.landmarks} | {z.name for z in other.zones}
        assert len(names - classic_names) > len(names) // 2
        values = sorted(lm.value for lm in other.landmarks_for(8))
        access = [zone.access_for(8) for zone in other.zones]
        assert values != sorted(lm.value for lm in classic.landmarks_for(8)) or access != [
            zone.access_for(8) for zone in classic.zones
        ]


def _raw(name: str) -> dict[str, object]:
    with (DATA / f"{name}.json").open(encoding="utf-8") as handle:
        data: dict[str, object] = json.load(handle)
    return data


def test_a_malformed_file_is_refused() -> None:
    data = _raw("classic")
    del data["zones"]
    with pytest.raises(CounterSetError, match=r"broken\.json: needs 'zones'"):
        _parse(data, "broken.json")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: dataclasses.replace(s, landmarks=s.landmarks[1:]), "needs 16 landmarks"),
        (
            lambda s: dataclasses.replace(
                s, zones=(dataclasses.replace(s.zones[0], code="C"), *s.zones[1:])
            ),
            "share a code",
        ),
        (lambda s: dataclasses.replace(s, zones=s.zones[:3]), "do not fill"),
        (
            lambda s: dataclasses.replace(
                s, landmarks=(dataclasses.replace(s.landmarks[0], kind="Nope"), *s.landmarks[1:])
            ),
            "unknown type",
        ),
    ],
)
def test_an_unplayable_set_is_refused(change: object, message: str) -> None:
    counter_set = change(load_counter_set("classic"))  # type: ignore[operator]
    with pytest.raises(CounterSetError, match=message):
        check_counter_set(counter_set)


def test_unknown_set_name_is_refused() -> None:
    with pytest.raises(CounterSetError, match="no counter set"):
        load_counter_set("nonexistent")


def test_what_if_data_patches_a_counter_set() -> None:
    """--data: an Airport worth 6 in the classic set, kept in the game's options."""
    patch = json.dumps({"counters/classic.json": {"landmarks": {"0": {"value": 6}}}})
    game = MyCity(2, {"data": patch})
    airport = next(lm for lm in game.tables.counter_set.landmarks if lm.name == "Airport")
    assert airport.value == 6
    assert json.loads(str(game.options["data"])) == json.loads(patch)
    assert load_counter_set("classic").landmarks[0].value == 4  # the built-in set unchanged
    assert MyCity(2, {"data": patch, "counters": "colony"}).tables.counter_set.name == "colony"


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"landmarks": {"0": {"value": 0}}}, r"counters/classic\.json: .*Airport must be worth"),
        ({"landmarks": {"0": {"type": "Nope"}}}, r"counters/classic\.json: .*unknown type"),
        ({"zones": {"0": {"code": "C"}}}, r"counters/classic\.json: .*share a code"),
        ({"zones": {"0": {"access": {"8": [4, 3]}}}}, r"counters/classic\.json: .*do not fill"),
        ({"landmarks": [{"name": "A"}]}, r"counters/classic\.json landmarks\.0: needs 'code'"),
        ({"slum": {"penalty": -1}}, r"counters/classic\.json: .*penalty cannot be negative"),
        ({"name": "other"}, r"counters/classic\.json name: must be 'classic'"),
    ],
)
def test_a_bad_what_if_counter_set_names_file_and_field(patch: object, message: str) -> None:
    from tycoon.core import OptionError

    with pytest.raises(OptionError, match=message):
        MyCity(2, {"data": json.dumps({"counters/classic.json": patch})})
