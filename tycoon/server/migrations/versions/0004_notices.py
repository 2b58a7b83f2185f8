"""Notices: what the narration tells between moves (a person left, ran out of time, came back,
took a move back), kept so that a table read again from storage tells them too.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("at", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
    )
    op.create_index("ix_notices_table_id", "notices", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_notices_table_id", "notices")
    op.drop_table("notices")
