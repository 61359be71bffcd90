/**
 * Early refusals must not strand a keep-alive connection (issue 11). When the API answers before
 * it has read the whole request body (401/403 from a guard, 413, 415, a refused multipart field),
 * the unread bytes stay on the socket. Node's http server throws them away only when nobody ever
 * started reading the body (`resOnFinish` calls `req._dump()` when `!req._consuming`); a body a
 * parser began and then dropped (busboy unpiped, Fastify's JSON limit) stops the socket instead:
 * the next request on that connection is never parsed and the client waits until the socket dies.
 *
 * So every reply checks, before its headers go out, whether the request body is still arriving:
 * - a body of known length up to `maxDrainBytes` is read and thrown away after the answer, and the
 *   connection stays usable;
 * - a longer or chunked one gets `Connection: close`, and the socket is closed gently: the answer
 *   is flushed, our side is shut, and the rest of the body is read and discarded for a short while
 *   so the client sees the answer rather than a reset (closing with unread data sends a TCP RST,
 *   which can discard the answer on the client before it reads it).
 * Both are bounded in time by the server's request timeout (config HTTP_REQUEST_TIMEOUT_MS).
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** How long a closing connection keeps reading (and discarding) before it is destroyed. */
export const CLOSE_LINGER_MS = 2_000;

/**
 * The request's body has not been fully received yet (the parser has not seen its end). Only a
 * request read from a socket can be in that state; fastify.inject's has no `complete` at all.
 */
function isBodyPending(raw: IncomingMessage): boolean {
  return raw.complete === false;
}

const isFromSocket = (raw: IncomingMessage) => typeof raw.complete === "boolean";

function canDrain(raw: IncomingMessage, maxDrainBytes: number): boolean {
  if (raw.headers["transfer-encoding"] !== undefined) return false;
  const declared = Number(raw.headers["content-length"]);
  return Number.isSafeInteger(declared) && declared <= maxDrainBytes;
}

/**
 * Shuts our side of the connection once what was written is flushed, then waits up to `lingerMs`
 * for the client to finish sending before destroying the socket.
 */
export function closeGently(socket: Socket, lingerMs = CLOSE_LINGER_MS) {
  if (socket.destroyed) return;
  const destroy = () => socket.destroy();
  const timer = setTimeout(destroy, lingerMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // The client has sent everything: nothing is left unread, a plain close loses no answer.
  socket.once("end", destroy);
  if (!socket.writableEnded) socket.end();
}

/** Reads the rest of the body and throws it away; more than `maxBytes` ends the connection. */
function discardBody(raw: IncomingMessage, maxBytes: number) {
  let discarded = 0;
  // A parser that gave up may still be piped or listening; it must not see the rest.
  raw.unpipe();
  raw.removeAllListeners("data");
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) raw.socket?.destroy();
  });
  raw.resume();
}

export function registerBodyDrain(app: FastifyInstance, { maxDrainBytes }: { maxDrainBytes: number }) {
  app.addHook("onSend", (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const raw = request.raw;
    if (!isBodyPending(raw)) return done(null, payload);
    if (!canDrain(raw, maxDrainBytes)) reply.header("connection", "close");
    // However this connection comes to end after the reply (our Connection: close, Fastify's
    // after a body error, the client's, HTTP/1.0), Node calls socket.destroySoon(), which
    // destroys the socket as soon as the answer is flushed, unread body and all: linger instead.
    const socket = raw.socket;
    if (socket) socket.destroySoon = () => closeGently(socket);
    done(null, payload);
  });
  app.addHook("onResponse", (request: FastifyRequest, _reply: FastifyReply, done) => {
    const raw = request.raw;
    // A body still arriving, or complete but left unread in the buffer (which can hold the socket
    // paused), is thrown away; a body someone read to the end needs nothing.
    if (isBodyPending(raw) || (isFromSocket(raw) && raw.readableLength > 0)) discardBody(raw, maxDrainBytes);
    done();
  });
}
