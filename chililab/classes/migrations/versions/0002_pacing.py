"""pacing: the page everyone is sent to, a pause, and the projector switch, per class

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


# Plain ALTER TABLE ADD/DROP COLUMN (SQLite 3.35 and later has both), never a batch operation: on SQLite a batch
# copies the table and drops the old one, and with foreign keys on, dropping ``classes`` deletes every student
# (ON DELETE CASCADE). tests/classes/test_migrations.py upgrades a class with students and answers.


def upgrade() -> None:
    op.add_column("classes", sa.Column("focus", sa.String(300)))
    op.add_column("classes", sa.Column("focus_title", sa.String(120)))
    op.add_column("classes", sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("classes", sa.Column("projector", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("classes", sa.Column("changed", sa.Float, nullable=False, server_default="0"))


def downgrade() -> None:
    for name in ("changed", "projector", "paused", "focus_title", "focus"):
        op.drop_column("classes", name)
