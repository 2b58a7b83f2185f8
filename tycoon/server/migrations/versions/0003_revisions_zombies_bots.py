"""A table's revision (never reused, not even after an undo), zombie seats, and which bot chose
each move (so a bot's memory is rebuilt from its own history after a restart).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as table:
        table.add_column(sa.Column("revision", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("zombie", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("moves") as moves:
        moves.add_column(sa.Column("bot", sa.String(200)))
    # A table's revision was its number of moves (before this, undone ones were forgotten).
    op.execute(
        "UPDATE tables SET revision = (SELECT count(*) FROM moves WHERE moves.table_id = tables.id)"
    )
    # Before this, every move of a bot's seat was its bot's (zombies were never stored).
    op.execute(
        "UPDATE moves SET bot = (SELECT seats.code FROM seats WHERE seats.table_id = "
        "moves.table_id AND seats.seat = moves.seat AND seats.code <> 'human')"
    )


def downgrade() -> None:
    with op.batch_alter_table("moves") as moves:
        moves.drop_column("bot")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("zombie")
    with op.batch_alter_table("tables") as table:
        table.drop_column("revision")
