"""A match at a past version, as the caller saw it then: ``GET /v1/matches/{id}/versions/{v}``.

What a frontend's debug panel steps back through (boardgame.io's log, for this server), after a reload
too: the domain replays the match from its seed and logged moves and redacts it for the caller's seat
as the live view was (:meth:`server.domain.matches.Matches.state_at`), so no version shows more than
that seat saw then; a spectator of a delayed match reaches no version its delay still hides.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from vorpal_protocol import MatchState

from server.errors import Unavailable, VersionNotFound

from .auth import bearer
from .openapi import Auth, operation
from .params import parse_int
from .responses import answer
from .rest import match_id
from .services import services


@operation(
    "getMatchAt",
    "The match as the caller saw it at a past version (no token: as a spectator), replayed and redacted",
    tag="matches",
    answer=MatchState,
    auth=Auth.SEAT_OPTIONAL,
    errors=[VersionNotFound, Unavailable],
)
async def match_at(request: Request) -> Response:
    version = parse_int(request.path_params["version"], "version")
    return answer(MatchState, await services(request).matches.state_at(match_id(request), bearer(request), version))


routes = [Route("/v1/matches/{match_id}/versions/{version}", match_at, methods=["GET"])]
