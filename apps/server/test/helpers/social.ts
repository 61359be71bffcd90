/** Drives a redirect sign-in (Naver, Kakao) through the app and a provider fake, step by step. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie?.value ? `${name}=${cookie.value}` : undefined;
}

export interface RedirectRun {
  start: LightMyRequestResponse;
  /** The callback URL the provider sent the browser to. */
  callbackUrl: URL;
  /** The state cookie the start set (a browser would send it back to the callback). */
  stateCookie: string;
}

/** GET /api/auth/<provider>?next=… and the provider's authorize step (the fake consents at once). */
export async function beginRedirect(
  app: FastifyInstance,
  provider: "naver" | "kakao",
  next?: string,
): Promise<RedirectRun> {
  const url =
    next === undefined ? `/api/auth/${provider}` : `/api/auth/${provider}?next=${encodeURIComponent(next)}`;
  const start = await app.inject({ method: "GET", url });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode} ${start.body}`);
  const stateCookie = cookieFrom(start, "gyeol_oauth");
  if (!stateCookie) throw new Error("no state cookie");
  const authorize = await fetch(String(start.headers.location), { redirect: "manual" });
  if (authorize.status !== 302)
    throw new Error(`authorize answered ${authorize.status} ${await authorize.text()}`);
  return { start, callbackUrl: new URL(String(authorize.headers.get("location"))), stateCookie };
}

export function callback(
  app: FastifyInstance,
  run: RedirectRun,
  cookie: string | undefined = run.stateCookie,
) {
  return app.inject({
    method: "GET",
    url: `${run.callbackUrl.pathname}${run.callbackUrl.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** The whole redirect sign-in: start, consent, callback. */
export async function redirectSignIn(app: FastifyInstance, provider: "naver" | "kakao", next?: string) {
  return callback(app, await beginRedirect(app, provider, next));
}
