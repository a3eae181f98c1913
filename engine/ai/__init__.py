"""AI seats: the levels (easy, normal, hard) and today's AI as ``reference``.

A level is a policy made from a seed, whose ``choose(view)`` takes a
:class:`~engine.seat.SeatView` and returns the seat's action (docs/ai.md).
"""

from engine.ai.heuristics import (
    Outlook,
    SegmentPreview,
    feature_value,
    option_values,
    preview,
    preview_of,
)
from engine.ai.levels import DEFAULT, LEVELS, POLICIES, Policy, choose, policy, seat_ai
from engine.ai.reference import AI, play_out

__all__ = [
    "AI",
    "DEFAULT",
    "LEVELS",
    "POLICIES",
    "Outlook",
    "Policy",
    "SegmentPreview",
    "choose",
    "feature_value",
    "option_values",
    "play_out",
    "policy",
    "preview",
    "preview_of",
    "seat_ai",
]
