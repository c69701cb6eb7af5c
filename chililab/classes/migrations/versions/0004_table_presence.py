"""tables with people: a pause per table, the seconds a seat has to answer, a prepared position (a lesson's),
seats whose student is away (a bot plays them), and the table's own notes (who left, who came back, a pause)

Revision ID: 0004
Revises: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# Plain ADD/DROP COLUMN, never a batch operation (see 0002).


def upgrade() -> None:
    op.add_column("tables", sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("answer_secs", sa.Integer))
    op.add_column("tables", sa.Column("setup", sa.Text))
    op.add_column("table_seats", sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "table_notes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_table_notes_table", "table_notes", ["table_id", "id"])


def downgrade() -> None:
    op.drop_table("table_notes")
    op.drop_column("table_seats", "away")
    op.drop_column("tables", "setup")
    op.drop_column("tables", "answer_secs")
    op.drop_column("tables", "paused")
