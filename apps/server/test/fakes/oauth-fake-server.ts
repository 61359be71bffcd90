/** The small HTTP plumbing the sign-in provider fakes share: a server on 127.0.0.1, bodies, JSON. */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  form: URLSearchParams;
  body: string;
}

export type FakeHandler = (request: FakeRequest, response: ServerResponse) => void | Promise<void>;

export interface RunningFake {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startFakeServer(handle: FakeHandler): Promise<RunningFake> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const request: FakeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
        body: Buffer.concat(chunks).toString("utf8"),
      };
      Promise.resolve(handle(request, res)).catch((error: unknown) => {
        sendJson(res, 500, { error: "fake_failure", error_description: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json;charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location });
  res.end();
}

/** The provider's consent screen: one button that continues to the callback (browser journeys click it). */
export function sendConsentPage(res: ServerResponse, title: string, continueUrl: string) {
  res.writeHead(200, { "content-type": "text/html;charset=UTF-8" });
  const href = continueUrl.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  res.end(
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>${title}</title></head>` +
      `<body><h1>${title}</h1><p>결(Gyeol)에 로그인합니다.</p>` +
      `<a id="consent" href="${href}">동의하고 계속하기</a></body></html>`,
  );
}

/**
 * What the redirect sign-in fakes share besides their own endpoints: the way back to our callback
 * (at once, or through a consent page the browser journeys click), and the test-only control of
 * who signs in next. `handle` answers the shared endpoints and says whether it did.
 */
export function createConsentFlow<TUser>(fake: { nextUser: TUser; isConsentPage: boolean }, title: string) {
  const consents = new Map<string, string>();
  return {
    /** Sends the browser back to the callback, through the consent page when the test asked for it. */
    returnTo(res: ServerResponse, back: URL) {
      if (!fake.isConsentPage) return redirect(res, back.toString());
      const ticket = randomBytes(12).toString("hex");
      consents.set(ticket, back.toString());
      return sendConsentPage(res, title, `/__consent?ticket=${ticket}`);
    },
    handle(req: FakeRequest, res: ServerResponse): boolean {
      // Test control (not the provider's API): who signs in next, and whether a consent page shows.
      if (req.method === "POST" && req.path === "/__test/next-user") {
        const control = JSON.parse(req.body) as { user: TUser; isConsentPage?: boolean };
        fake.nextUser = control.user;
        if (control.isConsentPage !== undefined) fake.isConsentPage = control.isConsentPage;
        sendJson(res, 200, { ok: true });
        return true;
      }
      if (req.method === "GET" && req.path === "/__consent") {
        const target = consents.get(req.query.get("ticket") ?? "");
        if (target) redirect(res, target);
        else sendJson(res, 404, { error: "no such consent" });
        return true;
      }
      return false;
    },
  };
}

export function bearerToken(request: FakeRequest): string | null {
  const header = request.headers.authorization;
  return typeof header === "string" && header.startsWith("Bearer ") ? header.slice(7) : null;
}
