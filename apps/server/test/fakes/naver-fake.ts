/**
 * A contract fake of Naver Login (developers.naver.com/docs/login/api, /profile): a real HTTP
 * server on 127.0.0.1 that serves both hosts' paths (NAVER_AUTH_BASE_URL and NAVER_API_BASE_URL
 * point at it).
 *
 *   GET  /oauth2.0/authorize  response_type=code, client_id, redirect_uri, state (required)
 *                             → 302 redirect_uri?code&state (or a consent page first)
 *   POST /oauth2.0/token      form: grant_type=authorization_code, client_id, client_secret, code, state
 *                             → 200 { access_token, refresh_token, token_type: "bearer", expires_in: "3600" }
 *                               errors also 200: { error, error_description } (Naver's way)
 *   GET  /v1/nid/me           Authorization: Bearer <token>
 *                             → 200 { resultcode: "00", message: "success", response: { id, email, nickname, name } }
 *                               401 { resultcode: "024", message: "Authentication failed" }
 */
import { randomBytes } from "node:crypto";
import {
  bearerToken,
  createConsentFlow,
  type RunningFake,
  sendJson,
  startFakeServer,
} from "./oauth-fake-server.ts";

export interface NaverFakeUser {
  id: string;
  email?: string;
  nickname?: string;
  name?: string;
}

export interface NaverFake extends RunningFake {
  /** Who signs in at the next authorization. */
  nextUser: NaverFakeUser;
  /** true: the authorize step shows a consent page with a #consent link (browser journeys). */
  isConsentPage: boolean;
  /** "deny": the user presses cancel at Naver (callback gets error=access_denied). */
  nextDecision: "allow" | "deny";
  /** Every token request's form, for assertions. */
  tokenRequests: URLSearchParams[];
}

const token = () => randomBytes(18).toString("base64url");

export async function startNaverFake(options: {
  clientId: string;
  clientSecret: string;
}): Promise<NaverFake> {
  const codes = new Map<string, { user: NaverFakeUser; state: string }>();
  const accessTokens = new Map<string, NaverFakeUser>();
  const fake = {
    nextUser: { id: "naver-1", email: "someone@naver.com", nickname: "네이버사용자" } as NaverFakeUser,
    isConsentPage: false,
    nextDecision: "allow" as "allow" | "deny",
    tokenRequests: [] as URLSearchParams[],
  };

  const consent = createConsentFlow(fake, "NAVER 로그인 (fake)");

  const running = await startFakeServer((req, res) => {
    if (req.method === "GET" && req.path === "/oauth2.0/authorize") {
      const redirectUri = req.query.get("redirect_uri");
      const state = req.query.get("state");
      if (req.query.get("client_id") !== options.clientId || req.query.get("response_type") !== "code") {
        return sendJson(res, 400, {
          error: "invalid_request",
          error_description: "bad client_id or response_type",
        });
      }
      if (!redirectUri || !state) {
        return sendJson(res, 400, {
          error: "invalid_request",
          error_description: "redirect_uri and state are required",
        });
      }
      const back = new URL(redirectUri);
      back.searchParams.set("state", state);
      if (fake.nextDecision === "deny") {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "Canceled By User");
      } else {
        const code = token();
        codes.set(code, { user: { ...fake.nextUser }, state });
        back.searchParams.set("code", code);
      }
      return consent.returnTo(res, back);
    }
    if (consent.handle(req, res)) return;
    if (req.method === "POST" && req.path === "/oauth2.0/token") {
      const form = req.form;
      fake.tokenRequests.push(form);
      const code = form.get("code") ?? "";
      const grant = codes.get(code);
      codes.delete(code);
      if (form.get("grant_type") !== "authorization_code") {
        return sendJson(res, 200, { error: "unsupported_grant_type", error_description: "grant_type" });
      }
      if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) {
        return sendJson(res, 200, {
          error: "invalid_client",
          error_description: "client authentication failed",
        });
      }
      if (!grant || grant.state !== form.get("state")) {
        return sendJson(res, 200, {
          error: "invalid_request",
          error_description: "no valid data in session",
        });
      }
      const access = token();
      accessTokens.set(access, grant.user);
      return sendJson(res, 200, {
        access_token: access,
        refresh_token: token(),
        token_type: "bearer",
        expires_in: "3600",
      });
    }
    if (req.method === "GET" && req.path === "/v1/nid/me") {
      const user = accessTokens.get(bearerToken(req) ?? "");
      if (!user) return sendJson(res, 401, { resultcode: "024", message: "Authentication failed" });
      return sendJson(res, 200, { resultcode: "00", message: "success", response: user });
    }
    return sendJson(res, 404, { error: "not_found" });
  });
  return Object.assign(fake, running);
}
