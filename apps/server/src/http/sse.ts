/**
 * The one server-sent-events writer (issue 26): the chat's streamed reply (modules/ai) and the job
 * status events (modules/jobs) both answer through it. Events are the spec's one-line form —
 * `event: <name>` and one `data:` line of JSON — which the web's reader (lib/sse) parses.
 */
import type { OutgoingHttpHeaders } from "node:http";
import type { FastifyReply } from "fastify";

export interface SseStream {
  /** Sends one event (nothing once the connection is gone). */
  event(name: string, data: unknown): void;
  /** Sends a comment line, which keeps proxies from closing a quiet stream. */
  comment(text: string): void;
  /** Ends the response (idempotent); `onEnded` runs once the last bytes are out. */
  end(onEnded?: () => void): void;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

/**
 * Takes the response over from fastify (reply.hijack) and starts the stream: 200 with the headers
 * the reply carries already (the onRequest hooks' security headers: a hijacked reply sends only
 * what is written here), no caching and no proxy buffering, and any `headers` of the caller's.
 */
export function openSse(reply: FastifyReply, headers: OutgoingHttpHeaders = {}): SseStream {
  reply.hijack();
  const raw = reply.raw;
  const closed = new AbortController();
  raw.on("close", () => closed.abort());
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
    ...headers,
  });
  const writable = () => !raw.writableEnded && !raw.destroyed;
  return {
    event(name, data) {
      if (writable()) raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      if (writable()) raw.write(`: ${text}\n\n`);
    },
    end(onEnded) {
      if (!raw.writableEnded) raw.end(onEnded);
    },
    signal: closed.signal,
  };
}
