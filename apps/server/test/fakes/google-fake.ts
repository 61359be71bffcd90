/**
 * A contract fake of Google's ID-token signing keys (developers.google.com/identity/gsi/web/guides/
 * verify-google-id-token): GET /oauth2/v1/certs answers { <kid>: <X.509 certificate PEM> } with a
 * Cache-Control max-age, like www.googleapis.com; GET /oauth2/v3/certs the same keys as a JWK set.
 * `mintIdToken` signs RS256 ID tokens with the fake's key the way Google Identity Services hands
 * them to the page; `forgeIdToken` signs with a key Google never published.
 */
import { execFileSync } from "node:child_process";
import { createSign, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningFake, sendJson, startFakeServer } from "./oauth-fake-server.ts";

export interface GoogleClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  aud?: string;
  iss?: string;
  iat?: number;
  exp?: number;
}

export interface GoogleFake extends RunningFake {
  certsUrl: string;
  mintIdToken(claims: GoogleClaims): string;
  forgeIdToken(claims: GoogleClaims): string;
}

/** A self-signed certificate for the key, as Google publishes its keys (openssl does the X.509). */
function selfSignedCertificate(privateKey: KeyObject): string {
  const dir = mkdtempSync(path.join(tmpdir(), "google-fake-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    execFileSync(
      "openssl",
      [
        "req",
        "-new",
        "-x509",
        "-key",
        keyFile,
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        "/CN=securetoken.system.gserviceaccount.com",
      ],
      { stdio: "ignore" },
    );
    return readFileSync(path.join(dir, "cert.pem"), "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function signJwt(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const header = Buffer.from(JSON.stringify({ alg: "RS256", kid, typ: "JWT" })).toString("base64url");
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(key).toString("base64url");
  return `${header}.${payload}.${signature}`;
}

export async function startGoogleFake(options: { clientId: string }): Promise<GoogleFake> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const forger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const kid = randomBytes(20).toString("hex");
  const certificate = selfSignedCertificate(privateKey);
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };

  const running = await startFakeServer((req, res) => {
    const cache = { "cache-control": "public, max-age=19000, must-revalidate, no-transform" };
    if (req.method === "GET" && req.path === "/oauth2/v1/certs")
      return sendJson(res, 200, { [kid]: certificate }, cache);
    if (req.method === "GET" && req.path === "/oauth2/v3/certs")
      return sendJson(res, 200, { keys: [jwk] }, cache);
    return sendJson(res, 404, { error: { code: 404, message: "Not Found" } });
  });

  const claimsOf = (claims: GoogleClaims) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: "https://accounts.google.com",
      azp: options.clientId,
      aud: options.clientId,
      iat: now,
      exp: now + 3600,
      email_verified: true,
      ...claims,
    };
  };
  return {
    ...running,
    certsUrl: `${running.baseUrl}/oauth2/v1/certs`,
    mintIdToken: (claims) => signJwt(privateKey, kid, claimsOf(claims)),
    forgeIdToken: (claims) => signJwt(forger, kid, claimsOf(claims)),
  };
}
