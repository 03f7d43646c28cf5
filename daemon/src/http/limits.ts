/**
 * Request limits of the HTTP server (docs/security.md "Request limits"). JSON routes need little; the few routes that
 * take big bodies say so in their own options (`bodyLimit`), and multipart uploads have their own per-file limits.
 */
const MiB = 1024 * 1024;

/** Every route unless it says otherwise: the largest JSON a route needs (100k ids in a batch) with room to spare. */
export const defaultBodyLimit = 2 * MiB;
/** Script save and debug run: content up to 20 M characters, JSON-escaped. */
export const scriptBodyLimit = 50 * MiB;
/** Config file save: content up to 5 MB of text; 3 bytes a character covers CJK text and JSON escapes. */
export const configBodyLimit = 16 * MiB;
/** Creating or importing variables as JSON (values up to 1 M characters each): as much as the env file upload. */
export const envBodyLimit = 20 * MiB;

/**
 * Slow-request protection. None of them touches a WebSocket after its upgrade, a streamed response, or a request
 * that keeps sending: only a client that stalls or dribbles.
 */
export interface ServerTimeouts {
  /** The request line and headers must arrive within this (slowloris); Node answers 408 and closes. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this: a 100 MB upload needs ~115 KB/s. */
  requestTimeoutMs: number;
  /** A socket with no traffic at all for this long is closed (not WebSockets: `ws` turns it off for them). */
  idleTimeoutMs: number;
  /** How often Node checks the two timeouts above. */
  checkIntervalMs: number;
}

export const defaultTimeouts: ServerTimeouts = {
  headersTimeoutMs: 30_000,
  requestTimeoutMs: 15 * 60_000,
  idleTimeoutMs: 5 * 60_000,
  checkIntervalMs: 5_000,
};
