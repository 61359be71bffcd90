/**
 * A bare HTTP/1.1 client on a real socket (node:net), for what fetch and inject cannot do: send
 * malformed requests, trickle a body, reuse one keep-alive connection after a refusal, and see
 * whether the server answered, closed the socket, or left it hanging.
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

/** What became of a request: an answer, a socket closed without one, or neither in time. */
export type RawOutcome = RawResponse | "closed" | "timeout";

export function isResponse(outcome: RawOutcome): outcome is RawResponse {
  return typeof outcome === "object";
}

const HEADER_END = Buffer.from("\r\n\r\n");

interface Parsed {
  response: RawResponse;
  consumed: number;
}

function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? Number.NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status, headers };
}

/** Decodes a chunked body from `start`; null while incomplete. */
function parseChunked(buffer: Buffer, start: number): { body: Buffer; end: number } | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size)) throw new Error("bad chunk size in response");
    at = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = buffer.indexOf("\r\n", at);
      if (trailerEnd < 0) return null;
      return { body: Buffer.concat(parts), end: trailerEnd + 2 };
    }
    if (buffer.length < at + size + 2) return null;
    parts.push(buffer.subarray(at, at + size));
    at += size + 2;
  }
}

/** One complete response at the start of `buffer`, skipping 1xx interim answers; null if incomplete. */
function parseResponse(buffer: Buffer, method: string, isClosed: boolean): Parsed | null {
  let offset = 0;
  for (;;) {
    const headEnd = buffer.indexOf(HEADER_END, offset);
    if (headEnd < 0) return null;
    const { status, headers } = parseHead(buffer.subarray(offset, headEnd).toString("latin1"));
    const bodyStart = headEnd + HEADER_END.length;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    if (method === "HEAD" || status === 204 || status === 304) {
      return { response: { status, headers, body: "" }, consumed: bodyStart };
    }
    if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
      const chunked = parseChunked(buffer, bodyStart);
      if (!chunked) return null;
      return { response: { status, headers, body: chunked.body.toString("utf8") }, consumed: chunked.end };
    }
    if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      if (buffer.length < bodyStart + length) return null;
      const body = buffer.subarray(bodyStart, bodyStart + length).toString("utf8");
      return { response: { status, headers, body }, consumed: bodyStart + length };
    }
    // No length: the body runs to the end of the connection.
    if (!isClosed) return null;
    return {
      response: { status, headers, body: buffer.subarray(bodyStart).toString("utf8") },
      consumed: buffer.length,
    };
  }
}

export class RawConnection {
  readonly socket: net.Socket;
  /** Resolves when the socket has closed, for whatever reason. */
  readonly closed: Promise<void>;
  isClosed = false;
  private buffer = Buffer.alloc(0);
  private waiters = new Set<() => void>();

  private constructor(socket: net.Socket) {
    this.socket = socket;
    // The server may reset a socket it refuses; that is an outcome, not a test error.
    socket.on("error", () => {});
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.isClosed = true;
        this.wake();
        resolve();
      }),
    );
  }

  static open(port: number, host = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host);
      socket.once("connect", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  private wake() {
    for (const waiter of this.waiters) waiter();
  }

  /** Writes and resolves once the bytes are handed to the kernel (or the socket is gone). */
  write(data: string | Buffer): Promise<void> {
    if (this.socket.destroyed || this.socket.writableEnded) return Promise.resolve();
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  /** Half-closes: the server sees the end of what we send. */
  end() {
    if (!this.socket.destroyed) this.socket.end();
  }

  destroy() {
    this.socket.destroy();
  }

  /** Waits until `check` returns a value, the socket closes (check gets one last try) or time is up. */
  private waitFor<T>(check: () => T | null, timeoutMs: number): Promise<T | "closed" | "timeout"> {
    return new Promise((resolve) => {
      const finish = (value: T | "closed" | "timeout") => {
        clearTimeout(timer);
        this.waiters.delete(poll);
        resolve(value);
      };
      const poll = () => {
        const value = check();
        if (value !== null) finish(value);
        else if (this.isClosed) finish("closed");
      };
      const timer = setTimeout(() => finish("timeout"), timeoutMs);
      this.waiters.add(poll);
      poll();
    });
  }

  /** The next response on this connection. */
  readResponse(timeoutMs: number, method = "GET"): Promise<RawOutcome> {
    return this.waitFor(() => {
      const parsed = parseResponse(this.buffer, method, this.isClosed);
      if (!parsed) return null;
      this.buffer = this.buffer.subarray(parsed.consumed);
      return parsed.response;
    }, timeoutMs);
  }

  /** True when the socket closed within the time. */
  async waitForClose(timeoutMs: number): Promise<boolean> {
    const outcome = await this.waitFor<never>(() => null, timeoutMs);
    return outcome === "closed";
  }
}

/** A request head with CRLF line ends; `headers` are written as given (tests send odd ones). */
export function requestHead(method: string, path: string, headers: Array<[string, string]>): string {
  return `${method} ${path} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n`;
}
