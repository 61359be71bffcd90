import { createHash } from "node:crypto";
import type { HelmetOptions } from "helmet";
import type { Config } from "../config.ts";

/** Google Identity Services (spec 01 §2 Login page: Google sign-in) loads script, frame and XHR from here. */
const GOOGLE_ACCOUNTS = "https://accounts.google.com";

/**
 * Permissions-Policy (helmet does not set one): every powerful browser feature is off for this
 * site and anything it frames, except what the app uses: the clipboard write of the affiliate
 * share link, and FedCM for Google sign-in (its button frame may ask, so that origin is named).
 * payment=() because neither checkout uses the Payment Request API: the sandbox page is a plain
 * form and Paddle's checkout is its own page. interest-cohort and browsing-topics opt the site out
 * of ad-interest tracking. Only features Chromium recognises are listed (others log a warning).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
  "compute-pressure=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "gamepad=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  `identity-credentials-get=(self "${GOOGLE_ACCOUNTS}")`,
  "idle-detection=()",
  "interest-cohort=()",
  "local-fonts=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "otp-credentials=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-create=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "speaker-selection=()",
  "usb=()",
  "window-management=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * Security headers with a CSP the SPA can live with: its own scripts only, inline styles (the
 * UI libraries set style attributes), images from anywhere over https plus data:/blob: (previews,
 * results on a CDN), and Google sign-in. HSTS (and upgrade-insecure-requests) only when
 * PUBLIC_ORIGIN is https: on plain http (one machine, a LAN) HSTS would pin a host to an https
 * nobody serves. COOKIE_SECURE=auto follows the same setting (config.ts).
 */
export function buildHelmetOptions(config: Pick<Config, "publicOrigin" | "cookieSecure">): HelmetOptions {
  const isHttps = config.publicOrigin?.startsWith("https://") ?? false;
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", GOOGLE_ACCOUNTS],
        styleSrc: ["'self'", "'unsafe-inline'", GOOGLE_ACCOUNTS],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", GOOGLE_ACCOUNTS],
        frameSrc: ["'self'", GOOGLE_ACCOUNTS],
        mediaSrc: ["'self'", "data:", "blob:"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // On plain http (local use) upgrading would break every request.
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    // Helmet's default, no-referrer, breaks two same-site flows: Chrome sends `Origin: null` on a
    // plain form POST from a no-referrer page, so the sandbox checkout's form was refused by the
    // Origin check; and checkout reads the Referer to open its page in the buyer's language
    // (billing.routes.ts). same-origin keeps both and still sends nothing to other sites.
    referrerPolicy: { policy: "same-origin" },
    // The Google sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * The CSP with each inline script allowed by its SHA-256 in script-src (CSP level 2 hash sources).
 * A prerendered page carries one from its build (apps/web/scripts/fallback-faces.js), which must run
 * before its first paint; only scripts of the build's own file are passed here, never text a
 * request could shape.
 */
export function allowInlineScripts(csp: string, scripts: readonly string[]): string {
  const hashes = scripts.map((script) => ` 'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  return csp.replace(/(script-src [^;]*)/, (directive) => `${directive}${hashes.join("")}`);
}
