"""Undo by Board Game Arena's rule: a seat takes back its own last move while no other seat has
acted since, no chance was drawn and nothing hidden was revealed; the record keeps what stands."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tycoon.core import Match, SeededRng, make
from tycoon.server.app import create_app
from tycoon.server.master import reveals


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_workers=0)) as test_client:
        yield test_client


def test_a_seat_takes_back_its_own_last_move_and_the_record_forgets_it(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/tables", json={"game": "sealed-auction", "seats": [{"name": "A"}, {"name": "B"}]}
    ).json()
    table_id, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    storage = client.app.state.master.storage  # type: ignore[attr-defined]

    def view(seat: int) -> dict[str, Any]:
        url = f"/api/tables/{table_id}/view"
        seen: dict[str, Any] = client.get(url, params={"seat": seat, "token": tokens[seat]}).json()
        return seen

    def bid(seat: int, amount: int) -> Any:
        move = {"seat": seat, "token": tokens[seat], "choice": 0, "amount": amount}
        return client.post(f"/api/tables/{table_id}/moves", json=move)

    def undo(seat: int, token: str | None = None) -> Any:
        body = {"seat": seat, "token": token or tokens[seat]}
        return client.post(f"/api/tables/{table_id}/undo", json=body)

    first = view(1)
    assert undo(1).json() == {"error": "cannot undo: no move has been made"}
    assert bid(0, 3).status_code == 200
    assert view(0)["can_undo"] and not view(1)["can_undo"]
    assert view(1)["view"]["bids"]["committed"] == [0]
    assert undo(0, "guess").status_code == 403
    assert undo(0).json() == {"ok": True, "version": 2}  # a new version, not 0 again
    assert storage.moves(table_id) == []
    assert view(1)["view"] == first["view"]
    assert view(0)["view"]["bids"]["own"] is None
    assert "takes back the last move" in view(1)["log"][-1]
    assert bid(0, 2).status_code == 200
    assert undo(1).json() == {"error": "cannot undo: another seat has acted since your last move"}
    assert bid(1, 5).status_code == 200  # resolves the round and draws the next values
    assert undo(1).json() == {
        "error": "cannot undo: your last move drew chance (dice or cards): it stands"
    }
    assert [m.notation for m in storage.moves(table_id)] == ["bid 2", "bid 5"]


def bid_text(amount: int) -> str:
    return f"bid {amount}"


def test_a_move_that_reveals_sealed_values_is_told_apart_from_one_that_does_not() -> None:
    game = make("sealed-auction", 2)
    match: Match[Any, Any, Any] = Match(game, 4)
    for _ in range(2):  # two rounds, distinct bids: no tie to break
        match.play_text(bid_text(1), 0)
        match.play_text(bid_text(0), 1)
    before = match.state
    commit = game.parse_action(bid_text(1), 0)
    match.play(commit)
    assert not reveals(game, before, commit, match.state, SeededRng(1))
    before = match.state
    last = game.parse_action(bid_text(2), 1)
    outcomes = match.play(last)  # the last round: resolved with no chance drawn
    assert outcomes == ()
    assert reveals(game, before, last, match.state, SeededRng(1))


def test_a_version_seen_before_an_undo_is_never_valid_again(client: TestClient) -> None:
    """Seat 1 holds the table at version V (after seat 0's bid); seat 0 takes the bid back and
    bids again. The table is at a different position: seat 1's move chosen at V is stale."""
    made = client.post(
        "/api/tables", json={"game": "sealed-auction", "seats": [{"name": "A"}, {"name": "B"}]}
    ).json()
    table_id, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    storage = client.app.state.master.storage  # type: ignore[attr-defined]

    def view(seat: int) -> dict[str, Any]:
        url = f"/api/tables/{table_id}/view"
        seen: dict[str, Any] = client.get(url, params={"seat": seat, "token": tokens[seat]}).json()
        return seen

    def bid(seat: int, amount: int, version: int | None = None) -> Any:
        move = {"seat": seat, "token": tokens[seat], "choice": 0, "amount": amount}
        if version is not None:
            move["version"] = version
        return client.post(f"/api/tables/{table_id}/moves", json=move)

    assert bid(0, 3).status_code == 200
    held = view(1)["version"]  # seat 1 chooses from here...
    undone = client.post(f"/api/tables/{table_id}/undo", json={"seat": 0, "token": tokens[0]})
    assert undone.status_code == 200 and undone.json()["version"] > held
    again = bid(0, 1)
    assert again.status_code == 200 and again.json()["version"] > held
    late = bid(1, 4, version=held)  # ...but the table has moved past it
    assert late.status_code == 409 and "moved on" in late.json()["error"]
    assert [m.notation for m in storage.moves(table_id)] == ["bid 1"]
    assert bid(1, 4, version=view(1)["version"]).status_code == 200


def test_the_version_survives_a_restart_after_an_undo(tmp_path: Path) -> None:
    """The revision is stored: a version from before an undo stays stale after a restart."""
    url = f"sqlite:///{tmp_path / 'x.db'}"
    with TestClient(create_app(url, bot_workers=0)) as first:
        made = first.post(
            "/api/tables",
            json={"game": "sealed-auction", "seats": [{"name": "A"}, {"name": "B"}]},
        ).json()
        table_id, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
        move = {"seat": 0, "token": tokens[0], "choice": 0, "amount": 3}
        held = first.post(f"/api/tables/{table_id}/moves", json=move).json()["version"]
        first.post(f"/api/tables/{table_id}/undo", json={"seat": 0, "token": tokens[0]})
        move["amount"] = 1
        first.post(f"/api/tables/{table_id}/moves", json=move)
    with TestClient(create_app(url, bot_workers=0)) as second:
        seen = second.get(
            f"/api/tables/{table_id}/view", params={"seat": 1, "token": tokens[1]}
        ).json()
        assert seen["version"] == 3 != held
        late = {"seat": 1, "token": tokens[1], "choice": 0, "amount": 4, "version": held}
        assert second.post(f"/api/tables/{table_id}/moves", json=late).status_code == 409
