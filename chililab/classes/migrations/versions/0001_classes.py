"""classes, students, and what they submit: attempts, trials, games; join tries

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _submission(name: str, *columns: sa.Column, index: str) -> None:
    op.create_table(
        name,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False),
        sa.Column("sid", sa.String(40)),
        *columns,
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("student_id", "sid", name=f"uq_{name}_sid"),
    )
    op.create_index(f"ix_{name}_class", name, ["class_id", index])


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(6), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("teacher_hash", sa.String(64), nullable=False),
        sa.Column("open", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nick_key", sa.String(96), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("joined", sa.Float, nullable=False),
        sa.UniqueConstraint("class_id", "nick_key", name="uq_students_nick"),
    )
    _submission("attempts",
                sa.Column("exercise", sa.String(120), nullable=False),
                sa.Column("answer", sa.String(200), nullable=False),
                sa.Column("correct", sa.Boolean, nullable=False),
                index="exercise")
    _submission("trials",
                sa.Column("question", sa.String(120), nullable=False),
                sa.Column("settings", sa.Text, nullable=False),
                sa.Column("samples", sa.Integer, nullable=False),
                sa.Column("successes", sa.Integer),
                sa.Column("total", sa.Float),
                sa.Column("total_sq", sa.Float),
                sa.Column("seed", sa.BigInteger),
                index="question")
    _submission("games",
                sa.Column("game", sa.String(40), nullable=False),
                sa.Column("record", sa.Text, nullable=False),
                sa.Column("summary", sa.String(200), nullable=False),
                index="game")
    op.create_table(
        "joins",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("ok", sa.Boolean, nullable=False),
    )
    op.create_index("ix_joins_at", "joins", ["at"])


def downgrade() -> None:
    for name in ("joins", "games", "trials", "attempts", "students", "classes"):
        op.drop_table(name)
