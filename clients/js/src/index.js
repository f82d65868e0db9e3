// JavaScript SDK for the Vorpal game server (mirrors the Python SDK, vorpal_client).
//
// - VorpalClient: REST (games, matches, seats, moves, events, chat).
// - LiveConnection: the WebSocket, with automatic reconnect and resume.
// - play: a bot that plays random legal moves (CLI: vorpal-bot).
// - the protocol v1 codec: encode, decodeClient, decodeServer.

export { play, nextState, randomSource } from "./bot.js";
export {
  CLIENT_FRAMES,
  DecodeError,
  MAX_DEPTH,
  MAX_FRAME_BYTES,
  SERVER_FRAMES,
  SUBPROTOCOL,
  byCodePoint,
  decodeClient,
  decodeServer,
  encode,
  unpack,
} from "./codec.js";
export {
  ApiError,
  IllegalMove,
  MatchOver,
  NotFound,
  NotYourTurn,
  StaleVersion,
  Unauthorized,
  Unavailable,
  errorFrom,
} from "./errors.js";
export { FrameQueue, LiveConnection, wsUrl } from "./live.js";
export { VorpalClient } from "./rest.js";
