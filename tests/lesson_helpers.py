"""Helpers for tests that play lessons in a stepper without a browser (a game's teaching tests share them)."""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest


@pytest.fixture(autouse=True)
def fresh_widgets():
    """Close every widget before and after each test of a module that imports this fixture."""
    W.Widget.close_all()
    yield
    W.Widget.close_all()


def text_of(value: str) -> str:
    """The words of a widget's HTML value: tags and style blocks removed, spaces collapsed, entities read."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<style>.*?</style>|<[^>]+>", " ", value, flags=re.S)).strip())


def follow_hint(stepper, limit: int = 20) -> None:
    """Play a lesson's script for the learner (the bots answer by themselves) while it is "playing"."""
    for _ in range(limit):
        if stepper.ctl.lesson_state() != "playing":
            break
        hit = stepper.ctl.scripted(stepper.ctl.you)
        stepper.click(hit[1]) if hit is not None else stepper.forward()
