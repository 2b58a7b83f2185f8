"""The storage interface: tables, seats with hashed credentials, moves in sequence, migrations."""

from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from tycoon.server.storage import (
    BACK,
    LEFT,
    OVER,
    PLAYING,
    TIMED_OUT,
    UNDONE,
    MoveRow,
    NoticeRow,
    SqlStorage,
    StorageError,
    hash_token,
)


def make_table(storage: SqlStorage) -> str:
    return storage.create_table(
        "my-city", "3", 2, {"parks": True}, 2**62 + 5, ["human", "greedy:noise=0.1"]
    )


def test_a_table_is_stored_with_its_seats_and_seed(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    row = storage.table(table_id)
    assert (row.game, row.version, row.players, row.options) == ("my-city", "3", 2, {"parks": True})
    assert row.seed == 2**62 + 5
    assert row.status == PLAYING
    assert [(s.seat, s.code, s.name, s.taken) for s in row.seats] == [
        (0, "human", None, False),
        (1, "greedy:noise=0.1", None, False),
    ]


def test_a_credential_is_stored_only_as_its_sha256(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    token = storage.take_seat(table_id, 0, "  Ann   Lee ")
    assert len(token) >= 32
    seat = storage.table(table_id).seats[0]
    assert seat.name == "Ann Lee"
    assert seat.token_hash == hash_token(token) != token
    with storage.engine.connect() as db:
        for table in ("tables", "seats", "moves"):
            for row in db.execute(sa.text(f"SELECT * FROM {table}")):
                assert token not in str(tuple(row))
    assert storage.check_token(table_id, 0, token)
    assert not storage.check_token(table_id, 0, token + "x")
    assert not storage.check_token(table_id, 1, token)
    assert not storage.check_token("nope", 0, token)


def test_a_seat_is_taken_once_and_only_a_human_seat(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    token = storage.take_seat(table_id, 0, "Ann")
    with pytest.raises(StorageError, match="already taken"):
        storage.take_seat(table_id, 0, "Bob")
    with pytest.raises(StorageError, match="bot"):
        storage.take_seat(table_id, 1, "Bob")
    with pytest.raises(StorageError, match="no seat 5"):
        storage.take_seat(table_id, 5, "Bob")
    with pytest.raises(StorageError, match="no table"):
        storage.take_seat("nope", 0, "Bob")
    with pytest.raises(StorageError, match="name"):
        storage.take_seat(table_id, 0, "   ")
    assert storage.check_token(table_id, 0, token)
    assert storage.table(table_id).seats[0].name == "Ann"


def test_moves_are_kept_in_sequence(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    storage.add_move(table_id, MoveRow(0, 0, "c3", (4, 1)), PLAYING)
    storage.add_move(table_id, MoveRow(1, 1, "pass", ()), PLAYING)
    with pytest.raises(StorageError, match="out of sequence"):
        storage.add_move(table_id, MoveRow(1, 0, "d4", ()), PLAYING)
    with pytest.raises(StorageError, match="out of sequence"):
        storage.add_move(table_id, MoveRow(5, 0, "d4", ()), PLAYING)
    storage.add_move(table_id, MoveRow(2, 0, "d4", (0,)), OVER)
    assert storage.moves(table_id) == [
        MoveRow(0, 0, "c3", (4, 1)),
        MoveRow(1, 1, "pass", ()),
        MoveRow(2, 0, "d4", (0,)),
    ]
    assert storage.table(table_id).status == OVER
    storage.remove_moves_from(table_id, 1)
    assert storage.moves(table_id) == [MoveRow(0, 0, "c3", (4, 1))]
    assert storage.table(table_id).status == PLAYING
    with pytest.raises(StorageError, match="no table"):
        storage.moves("nope")


def test_tables_are_listed_by_status(database_url: str) -> None:
    storage = SqlStorage(database_url)
    first, second = make_table(storage), make_table(storage)
    storage.add_move(second, MoveRow(0, 0, "c3", ()), OVER)
    assert {t.id for t in storage.list_tables()} == {first, second}
    assert [t.id for t in storage.list_tables(PLAYING)] == [first]
    assert [t.id for t in storage.list_tables(OVER)] == [second]
    # Changed at a moment or later: a table with no move since then is left out.
    moved = storage.table(second).updated
    assert [t.id for t in storage.list_tables(since=moved)] == [second]
    assert storage.list_tables(PLAYING, since=moved + 1) == []


def test_a_reopened_database_keeps_everything_and_is_not_migrated_twice(
    database_url: str,
) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    storage.add_move(table_id, MoveRow(0, 0, "c3", (1,)), PLAYING)
    storage.close()
    again = SqlStorage(database_url)
    assert again.moves(table_id) == [MoveRow(0, 0, "c3", (1,))]
    with again.engine.connect() as db:
        assert db.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0004"


def test_sqlite_runs_in_wal_mode(tmp_path) -> None:
    storage = SqlStorage(f"sqlite:///{tmp_path / 'sub' / 'dir' / 'x.db'}")
    with storage.engine.connect() as db:
        assert db.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"


def test_a_bad_database_url_is_a_clear_error() -> None:
    with pytest.raises(StorageError, match="not a database URL"):
        SqlStorage("no such thing")
    with pytest.raises(StorageError, match="cannot use database"):
        SqlStorage("nosuchdb://x/y")


def test_a_damaged_or_unusable_database_file_is_a_clear_error_and_is_left_alone(
    tmp_path,
) -> None:
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"not a database at all\n" * 100)
    with pytest.raises(StorageError, match=r"file is not a database \(name another file"):
        SqlStorage(f"sqlite:///{damaged}")
    assert damaged.read_bytes() == b"not a database at all\n" * 100
    (tmp_path / "plain").write_text("a file, not a folder")
    with pytest.raises(StorageError, match=r"cannot make the folder .*plain for the database"):
        SqlStorage(f"sqlite:///{tmp_path / 'plain' / 'tycoon.db'}")


def test_a_database_from_a_newer_tycoon_is_refused_with_a_clear_error(database_url: str) -> None:
    SqlStorage(database_url).close()
    from tycoon.server.storage import make_engine

    engine = make_engine(database_url)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE alembic_version SET version_num = '0999_future'"))
    engine.dispose()
    with pytest.raises(StorageError, match=r"made by a newer tycoon .*upgrade tycoon"):
        SqlStorage(database_url)


def test_a_newer_tycoon_opens_an_older_database(database_url: str) -> None:
    """A database made at migration 0001 (before move timers) is upgraded with its tables."""
    from tycoon.server.migrations import upgrade
    from tycoon.server.storage import make_engine

    engine = make_engine(database_url)
    upgrade(engine, "0001")
    with engine.begin() as db:
        db.execute(
            sa.text(
                "INSERT INTO tables (id, game, version, players, options, seed, status, created,"
                " updated) VALUES ('old', 'my-city', '3', 2, '{}', 9, 'playing', 1.0, 1.0)"
            )
        )
        db.execute(sa.text("INSERT INTO seats (table_id, seat, code) VALUES ('old', 0, 'human')"))
        db.execute(sa.text("INSERT INTO seats (table_id, seat, code) VALUES ('old', 1, 'random')"))
    engine.dispose()
    storage = SqlStorage(database_url)
    old = storage.table("old")
    assert (old.game, old.seed, old.timer, len(old.seats)) == ("my-city", 9, 0.0, 2)
    timed = storage.create_table("estates", "2", 2, {}, 1, ["human", "human"], timer=30)
    assert storage.table(timed).timer == 30


def test_a_database_at_0002_gets_revisions_and_the_bots_behind_its_moves(
    database_url: str,
) -> None:
    """Migration 0003: a table's revision starts at its number of moves, and the moves of a
    bot's seat are marked as that bot's (zombies were never stored before)."""
    from tycoon.server.migrations import upgrade
    from tycoon.server.storage import make_engine

    engine = make_engine(database_url)
    upgrade(engine, "0002")
    with engine.begin() as db:
        db.execute(
            sa.text(
                "INSERT INTO tables (id, game, version, players, options, seed, status, created,"
                " updated) VALUES ('old', 'my-city', '3', 2, '{}', 9, 'playing', 1.0, 1.0)"
            )
        )
        db.execute(sa.text("INSERT INTO seats (table_id, seat, code) VALUES ('old', 0, 'human')"))
        db.execute(sa.text("INSERT INTO seats (table_id, seat, code) VALUES ('old', 1, 'random')"))
        for idx in range(3):
            db.execute(
                sa.text(
                    "INSERT INTO moves (table_id, idx, seat, notation, outcomes) "
                    f"VALUES ('old', {idx}, {idx % 2}, 'm{idx}', '[]')"
                )
            )
    engine.dispose()
    storage = SqlStorage(database_url)
    old = storage.table("old")
    assert old.revision == 3
    assert [s.zombie for s in old.seats] == [False, False]
    assert [(m.seat, m.bot) for m in storage.moves("old")] == [(0, None), (1, "random"), (0, None)]


def test_every_change_of_the_moves_gives_the_table_a_new_revision(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    assert storage.table(table_id).revision == 0
    storage.add_move(table_id, MoveRow(0, 0, "c3", (), None), PLAYING)
    storage.add_move(table_id, MoveRow(1, 1, "pass", (), "greedy:noise=0.1"), PLAYING)
    assert storage.table(table_id).revision == 2
    storage.remove_moves_from(table_id, 1)
    storage.add_move(table_id, MoveRow(1, 1, "d4", (), None), PLAYING)
    assert storage.table(table_id).revision == 4  # not 2: the undone state is not this one
    with pytest.raises(StorageError, match="out of sequence"):
        storage.add_move(table_id, MoveRow(1, 0, "d4", ()), PLAYING)
    assert storage.table(table_id).revision == 4
    assert [m.bot for m in storage.moves(table_id)] == [None, None]


def test_zombie_seats_are_stored(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    storage.set_zombies(table_id, {0: True})
    assert [s.zombie for s in storage.table(table_id).seats] == [True, False]
    storage.set_zombies(table_id, {0: False})
    assert [s.zombie for s in storage.table(table_id).seats] == [False, False]
    with pytest.raises(StorageError, match="no table"):
        storage.set_zombies("nope", {0: True})


def test_notices_are_stored_in_order_with_the_moves_standing_then(database_url: str) -> None:
    storage = SqlStorage(database_url)
    table_id = make_table(storage)
    assert storage.notices(table_id) == []
    storage.add_move(table_id, MoveRow(0, 0, "c3", ()), PLAYING)
    storage.set_zombies(table_id, {1: True})
    storage.add_move(table_id, MoveRow(1, 1, "d4", ()), PLAYING)
    storage.set_zombies(table_id, {1: False})
    storage.set_zombies(table_id, {0: True}, TIMED_OUT)
    storage.remove_moves_from(table_id, 1, seat=1)
    storage.remove_moves_from(table_id, 0)  # no seat: no notice
    assert storage.notices(table_id) == [
        NoticeRow(1, 1, LEFT),
        NoticeRow(2, 1, BACK),
        NoticeRow(2, 0, TIMED_OUT),
        NoticeRow(1, 1, UNDONE),
    ]
    with pytest.raises(ValueError, match="left or timed-out"):
        storage.set_zombies(table_id, {0: True}, BACK)
    with pytest.raises(StorageError, match="no table"):
        storage.notices("nope")


def test_writes_queued_together_are_committed_together_and_a_refusal_costs_no_other(
    database_url: str,
) -> None:
    """Group commit: writes queued while the writer is busy go into one transaction; one the
    batch refuses is refused alone, and every other write of the batch is stored."""
    storage = SqlStorage(database_url)
    first, second = make_table(storage), make_table(storage)
    gate = threading.Event()
    blockers = [w.submit(lambda db: gate.wait(10)) for w in storage.writer.writers]  # all busy
    futures = [
        storage.submit_move(first, MoveRow(0, 0, "a", ()), PLAYING),
        storage.submit_move(second, MoveRow(0, 0, "b", ()), PLAYING),
        storage.submit_move(first, MoveRow(5, 0, "c", ()), PLAYING),  # out of sequence
        storage.submit_move(first, MoveRow(1, 1, "d", ()), OVER),
    ]
    assert not any(f.done() for f in futures)  # nothing is acknowledged before its commit
    gate.set()
    for blocker in blockers:
        blocker.result(10)
    futures[0].result(10)
    futures[1].result(10)
    with pytest.raises(StorageError, match="out of sequence"):
        futures[2].result(10)
    futures[3].result(10)
    assert [m.notation for m in storage.moves(first)] == ["a", "d"]
    assert [m.notation for m in storage.moves(second)] == ["b"]
    assert storage.table(first).status == OVER
    storage.close()
    with pytest.raises(StorageError, match="closed"):
        storage.add_move(first, MoveRow(2, 0, "e", ()), PLAYING)


def test_the_writer_commits_a_batch_once(tmp_path) -> None:
    """Writes queued while the writer is busy share one commit (one fsync)."""
    storage = SqlStorage(f"sqlite:///{tmp_path / 'x.db'}")
    tables = [make_table(storage) for _ in range(20)]
    commits: list[int] = []
    sa.event.listen(storage.engine, "commit", lambda _connection: commits.append(1))
    gate = threading.Event()
    [writer] = storage.writer.writers  # SQLite: one writer
    blocker = writer.submit(lambda db: gate.wait(10))
    futures = [storage.submit_move(t, MoveRow(0, 0, "a", ()), PLAYING) for t in tables]
    gate.set()
    blocker.result(10)
    for future in futures:
        future.result(10)
    assert len(commits) == 1
