"""The database schema's Alembic migrations, shipped in the package and run at start-up."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database at ``engine`` up to ``revision`` (an older tycoon's database too)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
