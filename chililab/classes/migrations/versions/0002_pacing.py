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


def upgrade() -> None:
    with op.batch_alter_table("classes") as t:
        t.add_column(sa.Column("focus", sa.String(300)))
        t.add_column(sa.Column("focus_title", sa.String(120)))
        t.add_column(sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()))
        t.add_column(sa.Column("projector", sa.Boolean, nullable=False, server_default=sa.false()))
        t.add_column(sa.Column("changed", sa.Float, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("classes") as t:
        for name in ("changed", "projector", "paused", "focus_title", "focus"):
            t.drop_column(name)
