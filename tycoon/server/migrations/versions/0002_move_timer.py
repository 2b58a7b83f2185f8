"""A table's move timer: seconds a person has before a bot plays for them (0: none).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as table:
        table.add_column(sa.Column("timer", sa.Float, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as table:
        table.drop_column("timer")
