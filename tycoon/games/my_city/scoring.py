"""END OF GAME SCORING, and the variants' bonuses, as a report that explains itself.

- Each landmark: every seat's access is the sum of the access values of its zones adjacent to the
  landmark; the seats with the most access control it and each scores its full value; a landmark
  nobody has any access to (the best total is 0 or less) has no controller.
- SLUMS: a slum counts its own access (-1); each zone adjacent to a slum loses the slum's penalty
  (1) per adjacent slum, never going below 0.
- PARKS RULE: each empty square becomes a park worth 1, controlled like a landmark (or, with
  ``park-control zones``, by the most adjacent zones).
- LANDMARK TYPE SCORING: for each landmark type, every seat tied for the most landmarks of that
  type controlled (at least one) scores 1.
- ZONE SCORING: 1 point for each maximal unbroken line of ``line-length`` (5) or more of one seat's
  zones along a row or column (the three axes of the hex map).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tycoon.games.my_city.tables import (
    LINE_BONUS,
    PARK_BY_ZONES,
    PARK_VALUE,
    TYPE_BONUS,
    Tables,
)

PARK_NAME = "Park"


@dataclass(frozen=True, slots=True)
class Control:
    """One scored landmark (or park): everyone's access and who controls it."""

    square: str
    name: str
    value: int
    kind: str | None  # landmark type (None for parks and the dump)
    access: tuple[int, ...]  # per seat (for parks with park-control zones: adjacent zones)
    controllers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TypeBonus:
    kind: str
    counts: tuple[int, ...]  # landmarks of this type each seat controls
    winners: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class LineBonus:
    seat: int
    squares: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ScoreReport:
    landmarks: tuple[Control, ...]
    parks: tuple[Control, ...]
    types: tuple[TypeBonus, ...]
    lines: tuple[LineBonus, ...]
    landmark_points: tuple[int, ...]
    park_points: tuple[int, ...]
    type_points: tuple[int, ...]
    line_points: tuple[int, ...]
    totals: tuple[int, ...]


def _control_json(control: Control) -> dict[str, Any]:
    return {
        "square": control.square,
        "name": control.name,
        "value": control.value,
        "kind": control.kind,
        "access": list(control.access),
        "controllers": list(control.controllers),
    }


def report_json(report: ScoreReport) -> dict[str, Any]:
    """The report as ``tycoon.core.views.to_jsonable`` gives it (field by field, tuples as
    lists), written out: an outcome's details, made once a game, without the generic walk
    through every dataclass's fields (two hundred microseconds a game, about half an engine
    move per move of a game). ``tests/rl/test_rl_views.py`` holds it to ``to_jsonable``."""
    return {
        "landmarks": [_control_json(control) for control in report.landmarks],
        "parks": [_control_json(control) for control in report.parks],
        "types": [
            {
                "kind": bonus.kind,
                "counts": list(bonus.counts),
                "winners": list(bonus.winners),
                "points": bonus.points,
            }
            for bonus in report.types
        ],
        "lines": [
            {"seat": line.seat, "squares": list(line.squares), "points": line.points}
            for line in report.lines
        ],
        "landmark_points": list(report.landmark_points),
        "park_points": list(report.park_points),
        "type_points": list(report.type_points),
        "line_points": list(report.line_points),
        "totals": list(report.totals),
    }


def effective_access(tables: Tables, zone_at: tuple[int, ...]) -> list[int]:
    """Per square, the access the zone there counts for (0 where there is no zone)."""
    counters = tables.counters
    access = tables.counter_access
    result = [access[zone % counters] if zone >= 0 else 0 for zone in zone_at]
    if tables.slums:
        slum_type = tables.slum_type
        kinds = tables.counter_type
        penalty = tables.slum_penalty
        neighbours = tables.board.neighbour_lists
        for square, zone in enumerate(zone_at):
            if zone >= 0 and kinds[zone % counters] == slum_type:
                for other in neighbours[square]:
                    other_zone = zone_at[other]
                    if other_zone >= 0 and kinds[other_zone % counters] != slum_type:
                        result[other] = max(0, result[other] - penalty)
    return result


def controllers_of(access: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The seats with the most access, if that is more than 0."""
    best = max(access)
    if best <= 0:
        return ()
    return tuple(seat for seat, value in enumerate(access) if value == best)


def access_around(
    tables: Tables, zone_at: tuple[int, ...], effective: list[int], square: int
) -> list[int]:
    """Each seat's total access to ``square`` from the adjacent zones."""
    counters = tables.counters
    totals = [0] * tables.players
    for other in tables.board.neighbour_lists[square]:
        zone = zone_at[other]
        if zone >= 0:
            totals[zone // counters] += effective[other]
    return totals


def zones_around(tables: Tables, zone_at: tuple[int, ...], square: int) -> list[int]:
    """Each seat's number of zones adjacent to ``square``."""
    counters = tables.counters
    totals = [0] * tables.players
    for other in tables.board.neighbour_lists[square]:
        zone = zone_at[other]
        if zone >= 0:
            totals[zone // counters] += 1
    return totals


def zone_lines(tables: Tables, zone_at: tuple[int, ...]) -> list[LineBonus]:
    """Every maximal line of ``line_length`` or more zones of one seat."""
    counters = tables.counters
    names = tables.board.names
    found: list[LineBonus] = []
    for line in tables.board.lines:
        run: list[int] = []
        run_owner = -1
        for square in (*line, -1):
            zone = zone_at[square] if square >= 0 else -1
            owner = zone // counters if zone >= 0 else -1
            if owner >= 0 and owner == run_owner:
                run.append(square)
                continue
            if run_owner >= 0 and len(run) >= tables.line_length:
                found.append(LineBonus(run_owner, tuple(names[s] for s in run), LINE_BONUS))
            run, run_owner = ([square], owner) if owner >= 0 else ([], -1)
    return found


def score_position(
    tables: Tables, landmark_at: tuple[int, ...], zone_at: tuple[int, ...]
) -> ScoreReport:
    """The score of the position as if the game ended now, with every bonus in play."""
    players = tables.players
    names = tables.board.names
    effective = effective_access(tables, zone_at)

    landmarks: list[Control] = []
    landmark_points = [0] * players
    for square, index in enumerate(landmark_at):
        if index < 0:
            continue
        landmark = tables.cup[index]
        access = access_around(tables, zone_at, effective, square)
        controllers = controllers_of(access)
        for seat in controllers:
            landmark_points[seat] += landmark.value
        landmarks.append(
            Control(
                names[square],
                landmark.name,
                landmark.value,
                landmark.kind,
                tuple(access),
                controllers,
            )
        )

    parks: list[Control] = []
    park_points = [0] * players
    if tables.parks:
        for square in range(tables.board.squares):
            if landmark_at[square] >= 0 or zone_at[square] >= 0:
                continue
            if tables.park_control == PARK_BY_ZONES:
                access = zones_around(tables, zone_at, square)
            else:
                access = access_around(tables, zone_at, effective, square)
            controllers = controllers_of(access)
            for seat in controllers:
                park_points[seat] += PARK_VALUE
            parks.append(
                Control(names[square], PARK_NAME, PARK_VALUE, None, tuple(access), controllers)
            )

    types: list[TypeBonus] = []
    type_points = [0] * players
    if tables.landmark_types:
        for kind in tables.counter_set.landmark_types:
            counts = [0] * players
            for control in landmarks:
                if control.kind == kind:
                    for seat in control.controllers:
                        counts[seat] += 1
            winners = controllers_of(counts)
            for seat in winners:
                type_points[seat] += TYPE_BONUS
            types.append(TypeBonus(kind, tuple(counts), winners, TYPE_BONUS if winners else 0))

    lines: list[LineBonus] = []
    line_points = [0] * players
    if tables.zone_lines:
        lines = zone_lines(tables, zone_at)
        for line in lines:
            line_points[line.seat] += line.points

    totals = tuple(
        landmark_points[s] + park_points[s] + type_points[s] + line_points[s]
        for s in range(players)
    )
    return ScoreReport(
        landmarks=tuple(landmarks),
        parks=tuple(parks),
        types=tuple(types),
        lines=tuple(lines),
        landmark_points=tuple(landmark_points),
        park_points=tuple(park_points),
        type_points=tuple(type_points),
        line_points=tuple(line_points),
        totals=totals,
    )
