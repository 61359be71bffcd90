/**
 * A seeded generator of hostile HTTP/1.1 requests for the fuzz suite (issue 11): the same seed
 * gives the same requests, byte for byte. Each request is built as raw bytes so it can break the
 * rules a real client library would enforce: malformed and random JSON, wrong content types,
 * huge and control-character strings, malformed multipart, bad Content-Length, chunked bodies cut
 * short, odd headers and params.
 */

import {
  CONTENT_TYPES,
  FIELD_NAMES,
  HOSTILE_STRINGS,
  MALFORMED_JSON,
  NUMBERS,
  PARAM_VALUES,
  WEIRD_METHODS,
} from "../fixtures/fuzz-corpus.ts";

export interface FuzzRoute {
  method: string;
  /** Fastify's pattern: `/api/notices/:id`, `*`. */
  url: string;
}

export type TFuzzIdentity = "visitor" | "user" | "admin" | "bogus";

export interface FuzzContext {
  host: string;
  /** Cookie header values by identity (visitor: none). */
  cookies: Record<TFuzzIdentity, string | undefined>;
  /** Ids that exist, so some params reach the handlers: a user id, a notice id. */
  knownIds: string[];
  /** The session for routes that end it (logout, account deletion), so the others keep theirs. */
  spareCookie: string;
  /** "POST /api/notices" …: routes that read multipart, which get mostly multipart bodies. */
  multipartRoutes: string[];
}

const SESSION_ENDING_ROUTES = ["/api/auth/logout", "/api/account/delete"];

export interface FuzzRequest {
  /** What was sent, for the failure report. */
  label: string;
  method: string;
  /** The request target as sent (path and query). */
  path: string;
  bytes: Buffer;
  /** After sending, end our side (the server sees the body cut short). */
  halfClose: boolean;
}

/** mulberry32: small, fast and good enough to pick cases; the seed makes runs repeatable. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
  };
}
export type Random = ReturnType<typeof createRandom>;

function randomString(random: Random): string {
  const roll = random.int(10);
  if (roll === 0)
    return random.pick(["x", "\u0000", "가", "😀"]).repeat(random.pick([1_000, 20_000, 200_000]));
  if (roll === 1)
    return Array.from({ length: random.int(40) }, () => String.fromCharCode(random.int(0x80))).join("");
  return random.pick(HOSTILE_STRINGS);
}

export function randomJson(random: Random, depth = 0): unknown {
  const roll = random.int(depth > 3 ? 6 : 9);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick(NUMBERS);
    case 3:
    case 4:
    case 5:
      return randomString(random);
    case 6:
      return Array.from({ length: random.int(5) }, () => randomJson(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(6); i > 0; i--)
        object[random.pick(FIELD_NAMES)] = randomJson(random, depth + 1);
      return object;
    }
  }
}

const BOUNDARY = "fuzzBoundary7MA4YWxk";

function multipartBody(random: Random): { type: string; body: Buffer } {
  const parts: Buffer[] = [];
  for (let i = random.int(5); i >= 0; i--) {
    const name = random.pick([
      "image",
      "files",
      "title",
      "content",
      "pinned",
      "__proto__",
      "x",
      "image\u0000",
      "",
    ]);
    const filename = random.chance(0.5)
      ? random.pick(["a.jpg", "../../x.png", "\u0000.png", "x".repeat(500), ""])
      : null;
    const type = random.chance(0.5)
      ? random.pick(["image/jpeg", "application/json", "text/plain", "image/png"])
      : null;
    const data = random.chance(0.3)
      ? Buffer.alloc(random.pick([10, 300_000, 1_200_000]), 0x61)
      : Buffer.from(randomString(random));
    const header = random.chance(0.1)
      ? "Content-Disposition form-data broken\r\n"
      : `Content-Disposition: form-data; name="${name}"${filename === null ? "" : `; filename="${filename}"`}\r\n${type ? `Content-Type: ${type}\r\n` : ""}`;
    parts.push(Buffer.from(`--${BOUNDARY}\r\n${header}\r\n`), data, Buffer.from("\r\n"));
  }
  let body = Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  // A third of them stop early: no closing boundary, or cut inside a part.
  if (random.chance(0.33)) body = body.subarray(0, random.int(body.length));
  const type = random.pick([
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary="${BOUNDARY}"`,
    `multipart/form-data; boundary=${BOUNDARY}`,
    "multipart/form-data; boundary=wrong",
    `multipart/form-data; boundary=${"b".repeat(300)}`,
    "multipart/form-data",
    "multipart/form-data; boundary=",
  ]);
  return { type, body };
}

function randomBody(random: Random): { type: string | null; body: Buffer } {
  const roll = random.int(9);
  if (roll <= 2) return { type: "application/json", body: Buffer.from(JSON.stringify(randomJson(random))) };
  if (roll === 3) return { type: "application/json", body: Buffer.from(random.pick(MALFORMED_JSON)) };
  if (roll === 4)
    return { type: random.pick(CONTENT_TYPES), body: Buffer.from(JSON.stringify(randomJson(random))) };
  if (roll === 5) return multipartBody(random);
  if (roll === 6)
    return { type: "application/json", body: Buffer.from(JSON.stringify({ email: "x".repeat(1_100_000) })) };
  if (roll === 7) return { type: random.chance(0.5) ? "application/json" : null, body: Buffer.alloc(0) };
  return { type: null, body: Buffer.from(randomString(random)) };
}

function concretePath(random: Random, pattern: string, knownIds: string[]): string {
  return pattern
    .replace(/:[A-Za-z0-9_]+/g, () =>
      random.chance(0.4) ? random.pick(knownIds) : random.pick(PARAM_VALUES),
    )
    .replace(/\*/g, () =>
      random.pick([
        "",
        "index.html",
        "assets/x.js",
        "ko/pricing",
        "en",
        "%2e%2e/%2e%2e/etc/passwd",
        "a".repeat(2_000),
      ]),
    );
}

/** encodeURIComponent, except that a lone surrogate (which it throws on) goes out as raw bytes. */
function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

function randomQuery(random: Random): string {
  if (random.chance(0.5)) return "";
  const pairs = Array.from({ length: 1 + random.int(4) }, () => {
    const key = random.pick([
      "page",
      "limit",
      "offset",
      "url",
      "ref",
      "code",
      "state",
      "returnTo",
      "a[b]",
      "__proto__[x]",
      "%ZZ",
    ]);
    return `${key}=${encodeQueryValue(randomString(random)).slice(0, 4_000)}`;
  });
  return `?${random.chance(0.1) ? "%ZZ&" : ""}${pairs.join("&")}`;
}

function oddHeaders(random: Random, context: FuzzContext): Array<[string, string]> {
  const all: Array<() => [string, string]> = [
    () => ["Origin", random.pick(["null", "https://evil.example", "garbage", `http://${context.host}`])],
    () => ["Referer", random.pick(["javascript:alert(1)", `http://${context.host}/x`, "%%%"])],
    () => [
      "Cookie",
      random.pick(["gyeol_session=", "gyeol_session=x; gyeol_session=y", "=;=;", "a".repeat(8_000)]),
    ],
    () => ["X-Forwarded-For", random.pick(["999.1.1.1", "::1, garbage", "1.2.3.4, 5.6.7.8"])],
    () => ["Expect", random.pick(["100-continue", "200-ok", "garbage"])],
    () => ["Accept", random.pick(["*/*", "text/html", "application/json;q=x", ""])],
    () => ["Accept-Language", random.pick(["ko", "en;q=0.5", "zz-ZZ", "x".repeat(1_000)])],
    () => ["Content-Encoding", random.pick(["gzip", "br", "identity", "x"])],
    () => ["X-Long", "y".repeat(random.pick([4_000, 20_000]))],
    () => ["Connection", random.pick(["close", "keep-alive", "upgrade"])],
    () => ["Upgrade", "websocket"],
    () => ["Range", "bytes=0-1,5-9"],
    () => ["If-None-Match", '"x"'],
  ];
  return Array.from({ length: random.int(3) }, () => random.pick(all)());
}

type TFraming =
  | "length"
  | "chunked"
  | "bad-length"
  | "short-then-end"
  | "short-then-wait"
  | "chunked-cut"
  | "both";

function frame(
  random: Random,
  body: Buffer,
  framing: TFraming,
): { headers: Array<[string, string]>; bytes: Buffer } {
  switch (framing) {
    case "chunked":
    case "chunked-cut": {
      const size = body.length === 0 ? 0 : 1 + random.int(body.length);
      const chunked = Buffer.concat([
        Buffer.from(`${size.toString(16)}\r\n`),
        body.subarray(0, size),
        Buffer.from("\r\n"),
        ...(size < body.length
          ? [
              Buffer.from(`${(body.length - size).toString(16)}\r\n`),
              body.subarray(size),
              Buffer.from("\r\n"),
            ]
          : []),
        Buffer.from("0\r\n\r\n"),
      ]);
      const bytes =
        framing === "chunked"
          ? chunked
          : chunked.subarray(0, Math.max(1, chunked.length - 5 - random.int(20)));
      return { headers: [["Transfer-Encoding", "chunked"]], bytes };
    }
    case "bad-length": {
      const value = random.pick(["abc", "-1", "5, 6", " 12 ", "99999999999999999999", "0x10", "1.5"]);
      // " 12 " is a valid length (a field value's surrounding spaces are not part of it, and Node
      // reads 12): send exactly 12 bytes, or the server rightly waits for the rest of the body and
      // takes the next request on the connection for it.
      const bytes = value === " 12 " ? Buffer.concat([body, Buffer.alloc(12, 0x20)]).subarray(0, 12) : body;
      return { headers: [["Content-Length", value]], bytes };
    }
    case "short-then-end":
    case "short-then-wait":
      return { headers: [["Content-Length", String(body.length + 1 + random.int(5_000))]], bytes: body };
    case "both":
      return {
        headers: [
          ["Content-Length", String(body.length)],
          ["Transfer-Encoding", "chunked"],
        ],
        bytes: body,
      };
    default:
      return { headers: [["Content-Length", String(body.length)]], bytes: body };
  }
}

/**
 * `count` requests over the routes. Rare framings are rationed: a body cut short without ending
 * our side waits for the server's request timeout, so only a few of those are made.
 */
export function generateRequests(
  seed: number,
  count: number,
  routes: FuzzRoute[],
  context: FuzzContext,
): FuzzRequest[] {
  const random = createRandom(seed);
  const requests: FuzzRequest[] = [];
  let waits = 0;
  for (let i = 0; i < count; i++) {
    const route = routes[i % routes.length] as FuzzRoute;
    const method = random.chance(0.05) ? random.pick(WEIRD_METHODS) : route.method;
    const isMultipartRoute = context.multipartRoutes.includes(`${route.method} ${route.url}`);
    // Guards answer visitors before the body is read: multipart routes are mostly signed in.
    const identity = isMultipartRoute
      ? random.pick(["user", "admin", "user", "admin", "visitor", "bogus"] as const)
      : random.pick(["visitor", "user", "admin", "bogus"] as const);
    const path = concretePath(random, route.url, context.knownIds) + randomQuery(random);
    const hasBody = !["GET", "HEAD"].includes(method) || random.chance(0.1);
    let framing: TFraming = random.pick([
      "length",
      "length",
      "length",
      "length",
      "chunked",
      "bad-length",
      "short-then-end",
      "chunked-cut",
      "both",
      "short-then-wait",
    ]);
    if (framing === "short-then-wait" && waits++ >= 8) framing = "length";
    const { type, body } = !hasBody
      ? { type: null, body: Buffer.alloc(0) }
      : isMultipartRoute && random.chance(0.7)
        ? multipartBody(random)
        : randomBody(random);
    const framed = hasBody ? frame(random, body, framing) : { headers: [], bytes: Buffer.alloc(0) };
    const isSigningOut = SESSION_ENDING_ROUTES.includes(route.url) && identity !== "visitor";
    const cookie = isSigningOut ? context.spareCookie : context.cookies[identity];
    const headers: Array<[string, string]> = [
      ...(random.chance(0.03)
        ? []
        : ([["Host", random.chance(0.05) ? "evil.example" : context.host]] as Array<[string, string]>)),
      ...(["POST", "PUT", "PATCH", "DELETE"].includes(method) && random.chance(0.9)
        ? ([["Origin", `http://${context.host}`]] as Array<[string, string]>)
        : []),
      ...(cookie ? ([["Cookie", cookie]] as Array<[string, string]>) : []),
      ...(type !== null ? ([["Content-Type", type]] as Array<[string, string]>) : []),
      ...framed.headers,
      ...oddHeaders(random, context),
    ];
    const version = random.chance(0.03) ? "HTTP/1.0" : "HTTP/1.1";
    const head = `${method} ${path} ${version}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`;
    const halfClose = framing === "short-then-end" || framing === "chunked-cut";
    requests.push({
      label: `#${i} ${method} ${path.slice(0, 120)} as ${identity}, ${type ?? "no type"}, ${hasBody ? `${body.length} B ${framing}` : "no body"}; headers ${headers.map(([n, v]) => `${n}=${v.slice(0, 40)}`).join(" ")}`,
      method,
      path,
      bytes: Buffer.concat([Buffer.from(head, "latin1"), framed.bytes]),
      halfClose,
    });
  }
  return requests;
}
