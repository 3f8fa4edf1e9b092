"""The games' former import path of the drafts, now :mod:`cardgames._engine.drafts`: game code
imports them from :mod:`cardgames._engine`."""

from cardgames._engine.drafts import draft_freezer, draft_loader, draft_slots

__all__ = ["draft_freezer", "draft_loader", "draft_slots"]
