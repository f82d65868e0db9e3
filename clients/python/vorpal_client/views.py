"""Protocol v2's views, kept whole for the application (PROTOCOL.md, "Protocol v2").

In v2 an event carries a patch of the recipient's view against the version before (a JSON Patch,
RFC 6902, or a merge patch, RFC 7386: :mod:`vorpal_protocol.patch` applies both), and no view
holds the public part's constant fields (a printed board), which the catalogue lists once per game.
:class:`ViewKeeper` holds each subscribed match's view as sent, applies each patch to it, and hands
every state and event on with the whole view, constant fields put back, as protocol v1 sends it: the
application, the bot runner and the strategies never see a patch. (The JavaScript SDK's
``src/patch.js`` does the same.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from vorpal_protocol.patch import PatchError, apply, merge_apply

__all__ = ["PatchError", "ViewKeeper"]

FetchConstants = Callable[[str], Awaitable[dict[str, Any]]]


class ViewKeeper:
    """The view each subscribed match is at, as v2 sent it; whole views for the application."""

    def __init__(self, fetch_constants: FetchConstants) -> None:
        self.fetch_constants = fetch_constants
        #: match -> (version, the view as sent: without the constant fields).
        self.views: dict[str, tuple[int, dict[str, Any]]] = {}
        #: match -> its game's constant fields (the catalogue's ``constants``).
        self.constants: dict[str, dict[str, Any]] = {}
        self._games: dict[str, asyncio.Task[dict[str, Any]]] = {}

    def need(self, match: str, game: str) -> asyncio.Task[dict[str, Any]] | None:
        """The fetch of ``game``'s constant fields while they are not known for ``match`` (once per game)."""
        if match in self.constants:
            return None
        task = self._games.get(game)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = self._games[game] = asyncio.ensure_future(self.fetch_constants(game))
        if task.done() and task.exception() is None:
            self.constants[match] = task.result()
            return None

        def known(done: asyncio.Task[dict[str, Any]]) -> None:
            if not done.cancelled() and done.exception() is None:
                self.constants[match] = done.result()

        task.add_done_callback(known)
        return task

    def state(self, match: str, state: dict[str, Any]) -> dict[str, Any]:
        """A subscription's match state: its view kept, the state handed on with the whole view."""
        view = state.get("view")
        if not view:
            return state
        self.views[match] = (state["version"], view)
        return {**state, "view": self.whole(match, view)}

    def event(self, frame: dict[str, Any]) -> dict[str, Any]:
        """An event frame with the whole view, as v1 sends it; raises :class:`PatchError` when its patch is not
        for the view held (the caller re-syncs the match)."""
        match, view = frame["match"], frame.get("view")
        patch, merge = frame.get("patch"), frame.get("merge")
        if view is None and patch is None and merge is None:
            return frame
        if view is None:
            held = self.views.get(match)
            if held is None or held[0] != frame["version"] - 1:
                at = None if held is None else held[0]
                raise PatchError(f"a patch for version {frame['version'] - 1}, the view held is at {at}")
            view = apply(held[1], patch) if patch is not None else merge_apply(held[1], merge)
        self.views[match] = (frame["version"], view)
        out = {k: v for k, v in frame.items() if k not in ("patch", "merge")}
        out["view"] = self.whole(match, view)
        return out

    def whole(self, match: str, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with its public part's constant fields put back (once they are known)."""
        constants = self.constants.get(match)
        if not constants or "public" not in view:
            return view
        return {**view, "public": {**view["public"], **constants}}

    def forget(self, match: str) -> None:
        self.views.pop(match, None)
