"""game tables students share: tables, their seats, and their moves in order

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("opened_by", sa.Integer, sa.ForeignKey("students.id", ondelete="SET NULL")),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_tables_class", "tables", ["class_id", "status"])
    op.create_table(
        "table_seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="SET NULL")),
        sa.Column("bot", sa.String(40), nullable=False),
    )
    op.create_table(
        "table_moves",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "step", name="uq_table_moves_step"),
    )


def downgrade() -> None:
    for name in ("table_moves", "table_seats", "tables"):
        op.drop_table(name)
