/**
 * What the HTTP server allows a slow or broken client (issue 11). Fastify's defaults leave a
 * connection whose headers never finish open for ever (its requestTimeout 0 also turns Node's
 * headersTimeout off), so the deadlines come from config (HTTP_*_TIMEOUT_MS):
 * - headers must be complete within `headersTimeoutMs` and the whole request within
 *   `requestTimeoutMs` (Node answers 408 and closes);
 * - an idle keep-alive connection is closed after `keepAliveTimeoutMs`;
 * - a connection with no traffic either way for `idleTimeoutMs` while a request is in progress
 *   (a client that stops reading its answer) is destroyed.
 * Errors Node finds before Fastify sees a request (a malformed request line, a bad
 * Content-Length, headers too large, the timeouts above) answer in the API's error shape.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { TErrorCode } from "@gyeol/shared/contracts/common";
import type { FastifyInstance } from "fastify";
import type { THttpTimeouts } from "../config.ts";
import { AppError } from "../lib/app-error.ts";
import { closeGently } from "./drain-body.ts";

/**
 * Node checks the header and request deadlines on an interval (30 s by default), so a deadline is
 * only as sharp as that interval: check four times per headers timeout, at most every 5 s.
 */
function checkingIntervalMs(headersTimeoutMs: number): number {
  return Math.min(5_000, Math.max(25, Math.floor(headersTimeoutMs / 4)));
}

/** Fastify server options for the timeouts and the connection-level error answers. */
export function buildServerLimitOptions(timeouts: THttpTimeouts) {
  return {
    connectionTimeout: timeouts.idleTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(timeouts.headersTimeoutMs),
      // Node's own answer to a missing Host is a bare 400 with no body; registerHostCheck gives it ours.
      requireHostHeader: false,
    },
    clientErrorHandler: answerClientError,
  };
}

const CLIENT_ERRORS: Record<string, { status: number; code: TErrorCode; error: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: "REQUEST_TIMEOUT",
    error: "The request took too long to arrive.",
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: "PAYLOAD_TOO_LARGE",
    error: "The request headers are too large.",
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    error: "The request's chunk extensions are too large.",
  },
};
const NOT_HTTP = {
  status: 400,
  code: "VALIDATION_ERROR" as TErrorCode,
  error: "The request is not valid HTTP.",
};

/** The reply Node has started on this socket, if any (the same check Node's own handler makes). */
function hasAnswerStarted(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return inFlight?.headersSent === true;
}

/**
 * Fastify's clientErrorHandler: Node hands over connection-level failures here. The answer goes
 * out with `Connection: close` and the socket closes gently (drain-body.ts), so the client reads
 * the answer instead of a reset. Called again for the same socket while it closes: ignored.
 */
function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writableEnded) return;
  if (!socket.writable || hasAnswerStarted(socket)) {
    socket.destroy();
    return;
  }
  const failure = (error.code && CLIENT_ERRORS[error.code]) || NOT_HTTP;
  this.log.debug({ code: error.code, status: failure.status }, "client error");
  const body = JSON.stringify({ success: false, error: failure.error, code: failure.code });
  socket.write(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      "Connection: close\r\n" +
      "Content-Type: application/json; charset=utf-8\r\n" +
      "Cache-Control: no-store\r\n" +
      "X-Content-Type-Options: nosniff\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  closeGently(socket);
}

/** RFC 9112 §3.2: an HTTP/1.1 request without Host is refused with 400 (Node's check, in our shape). */
export function registerHostCheck(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    const raw = request.raw;
    const isHttp11 = raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1;
    if (isHttp11 && raw.headers.host === undefined) {
      return done(new AppError(400, "VALIDATION_ERROR", "The request has no Host header."));
    }
    done();
  });
}

/**
 * `Expect` with anything but 100-continue makes Node answer a bare 417 itself; RFC 9110 §10.1.1
 * lets a server ignore it instead, so such requests go through the API like any other.
 */
export function registerExpectationPassThrough(app: FastifyInstance) {
  const server = app.server;
  server.on("checkExpectation", (request, response) => server.emit("request", request, response));
}

/**
 * Graceful shutdown (issue 28): once app.close() has begun, the answers to requests still in
 * flight say `Connection: close`, and any connection that falls idle is closed, so close() ends
 * when the last answer is out instead of waiting out a client's keep-alive (Fastify closes only
 * the connections that are idle at the moment close() starts).
 */
export function registerCloseOnShutdown(app: FastifyInstance) {
  let isClosing = false;
  app.addHook("preClose", (done) => {
    isClosing = true;
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (isClosing) reply.header("connection", "close");
    done(null, payload);
  });
  app.addHook("onResponse", (_request, _reply, done) => {
    if (isClosing) app.server.closeIdleConnections();
    done();
  });
}
