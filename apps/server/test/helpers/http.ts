import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SESSION_COOKIE } from "../../src/modules/auth/session-cookie.ts";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}@example.com`;
}

export const TEST_PASSWORD = "correct horse battery";

/** `gyeol_session=<token>` from a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`no ${SESSION_COOKIE} cookie in the response`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export async function register(
  app: FastifyInstance,
  body: Partial<{ name: string; email: string; password: string }> = {},
) {
  const payload = {
    name: "Kim Gyeol",
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    ageConfirmed: true,
    ...body,
  };
  const response = await app.inject({ method: "POST", url: "/api/auth/register", payload });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { response, body: response.json(), cookie: sessionCookieFrom(response), email: payload.email };
}

export function check(app: FastifyInstance, cookie?: string) {
  return app.inject({ method: "GET", url: "/api/auth/check", headers: cookie ? { cookie } : {} });
}
