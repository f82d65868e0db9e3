// JavaScript SDK for the Vorpal game server (mirrors the Python SDK, vorpal_client).
//
// - VorpalClient: REST (games, matches, seats, moves, events, chat, accounts and keys).
// - LiveConnection: the WebSocket, with automatic reconnect and resume.
// - play: the bot runner; a strategy chooses each move from a decision (CLI: vorpal-bot --strategy).
// - playLadder: queue on a ladder and play each pairing until stopped (CLI: vorpal-bot --ladder).
// - the protocol v1 codec: encode, decodeClient, decodeServer.

export { RECENT_EVENTS, logFailure, nextState, play, untilAvailable } from "./bot.js";
export { GREEDY_WORTH, StrategyFailed, greedyStrategy, randomSource, randomStrategy, secondsLeft } from "./strategy.js";
export { POLL_MS, playLadder } from "./ladder.js";
export { NoticeFeed, QUIET_MS } from "./notices.js";
export {
  CLIENT_FRAMES,
  DecodeError,
  MAX_DEPTH,
  MAX_FRAME_BYTES,
  SERVER_FRAMES,
  SUBPROTOCOL,
  SUBPROTOCOL_V2,
  byCodePoint,
  decodeClient,
  decodeServer,
  encode,
  unpack,
} from "./codec.js";
export {
  ApiError,
  BY_CODE,
  BadMove,
  BadRequest,
  Conflict,
  Forbidden,
  IllegalMove,
  MatchOver,
  MoveRefused,
  NotFound,
  NotYourTurn,
  RateLimited,
  ServerError,
  StaleVersion,
  Unauthorized,
  Unavailable,
  UnsupportedProtocol,
  errorFrom,
} from "./errors.js";
export { FrameQueue, LiveConnection, crc32, wsUrl } from "./live.js";
export { PatchError, ViewKeeper, applyMerge, applyPatch, jsonEqual } from "./patch.js";
export { VorpalClient } from "./rest.js";
export { OriginNotAllowed } from "./origin.js";
export { myMatch, playTournament } from "./tournaments.js";
