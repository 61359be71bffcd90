/**
 * A contract fake of Kakao Login's REST API (developers.kakao.com/docs/latest/kakaologin/rest-api):
 * a real HTTP server on 127.0.0.1 serving both kauth and kapi paths (KAKAO_AUTH_BASE_URL and
 * KAKAO_API_BASE_URL point at it).
 *
 *   GET  /oauth/authorize  response_type=code, client_id, redirect_uri, state, code_challenge(+_method=S256)
 *                          → 302 redirect_uri?code&state (or a consent page first)
 *   POST /oauth/token      form: grant_type, client_id, redirect_uri, code, client_secret?, code_verifier
 *                          → 200 { token_type: "bearer", access_token, expires_in, refresh_token, ... }
 *                            400 { error: "invalid_grant", error_description, error_code: "KOE320" }
 *   GET  /v2/user/me       Authorization: Bearer <token>
 *                          → 200 { id, connected_at, properties, kakao_account: { profile, has_email,
 *                            email_needs_agreement, is_email_valid, is_email_verified, email } }
 *                            401 { msg: "this access token does not exist", code: -401 }
 */
import { createHash, randomBytes } from "node:crypto";
import {
  bearerToken,
  createConsentFlow,
  type RunningFake,
  sendJson,
  startFakeServer,
} from "./oauth-fake-server.ts";

export interface KakaoFakeUser {
  id: number;
  nickname: string;
  /** Absent: the user did not agree to share the e-mail (Kakao withholds it). */
  email?: string;
  isEmailValid?: boolean;
  isEmailVerified?: boolean;
}

export interface KakaoFake extends RunningFake {
  nextUser: KakaoFakeUser;
  isConsentPage: boolean;
  tokenRequests: URLSearchParams[];
}

interface Grant {
  user: KakaoFakeUser;
  redirectUri: string;
  challenge: string | null;
}

const token = () => randomBytes(24).toString("base64url");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function toUserMe(user: KakaoFakeUser) {
  const hasEmail = user.email !== undefined;
  return {
    id: user.id,
    connected_at: "2026-01-01T00:00:00Z",
    properties: { nickname: user.nickname },
    kakao_account: {
      profile_nickname_needs_agreement: false,
      profile: { nickname: user.nickname, is_default_nickname: false },
      has_email: true,
      email_needs_agreement: !hasEmail,
      ...(hasEmail
        ? {
            is_email_valid: user.isEmailValid ?? true,
            is_email_verified: user.isEmailVerified ?? true,
            email: user.email,
          }
        : {}),
    },
  };
}

export async function startKakaoFake(options: {
  clientId: string;
  clientSecret?: string;
}): Promise<KakaoFake> {
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, KakaoFakeUser>();
  const fake = {
    nextUser: { id: 4_100_000_001, nickname: "카카오사용자", email: "someone@kakao.com" } as KakaoFakeUser,
    isConsentPage: false,
    tokenRequests: [] as URLSearchParams[],
  };
  const invalidGrant = (description: string) => ({
    error: "invalid_grant",
    error_description: description,
    error_code: "KOE320",
  });

  const consent = createConsentFlow(fake, "카카오계정 로그인 (fake)");

  const running = await startFakeServer((req, res) => {
    if (req.method === "GET" && req.path === "/oauth/authorize") {
      const redirectUri = req.query.get("redirect_uri");
      if (
        req.query.get("client_id") !== options.clientId ||
        req.query.get("response_type") !== "code" ||
        !redirectUri
      ) {
        return sendJson(res, 400, { error: "invalid_request", error_code: "KOE101" });
      }
      const method = req.query.get("code_challenge_method");
      if (req.query.get("code_challenge") && method !== "S256") {
        return sendJson(res, 400, { error: "invalid_request", error_description: "code_challenge_method" });
      }
      const code = token();
      codes.set(code, {
        user: { ...fake.nextUser },
        redirectUri,
        challenge: req.query.get("code_challenge"),
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const state = req.query.get("state");
      if (state) back.searchParams.set("state", state);
      return consent.returnTo(res, back);
    }
    if (consent.handle(req, res)) return;
    if (req.method === "POST" && req.path === "/oauth/token") {
      const form = req.form;
      fake.tokenRequests.push(form);
      if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
        return sendJson(res, 400, { error: "invalid_request", error_description: "content type" });
      }
      const code = form.get("code") ?? "";
      const grant = codes.get(code);
      codes.delete(code);
      if (form.get("grant_type") !== "authorization_code")
        return sendJson(res, 400, invalidGrant("grant_type"));
      if (form.get("client_id") !== options.clientId) {
        return sendJson(res, 401, {
          error: "invalid_client",
          error_description: "Bad client credentials",
          error_code: "KOE010",
        });
      }
      if (options.clientSecret && form.get("client_secret") !== options.clientSecret) {
        return sendJson(res, 401, {
          error: "invalid_client",
          error_description: "Bad client credentials",
          error_code: "KOE010",
        });
      }
      if (!grant) return sendJson(res, 400, invalidGrant(`authorization code not found for code=${code}`));
      if (grant.redirectUri !== form.get("redirect_uri"))
        return sendJson(res, 400, invalidGrant("redirect_uri mismatch"));
      if (grant.challenge && s256(form.get("code_verifier") ?? "") !== grant.challenge) {
        return sendJson(res, 400, invalidGrant("code_verifier does not match code_challenge"));
      }
      const access = token();
      accessTokens.set(access, grant.user);
      return sendJson(res, 200, {
        token_type: "bearer",
        access_token: access,
        expires_in: 21599,
        refresh_token: token(),
        refresh_token_expires_in: 5183999,
        scope: "profile_nickname account_email",
      });
    }
    if (req.method === "GET" && req.path === "/v2/user/me") {
      const user = accessTokens.get(bearerToken(req) ?? "");
      if (!user) return sendJson(res, 401, { msg: "this access token does not exist", code: -401 });
      return sendJson(res, 200, toUserMe(user));
    }
    return sendJson(res, 404, { msg: "not found", code: -404 });
  });
  return Object.assign(fake, running);
}
