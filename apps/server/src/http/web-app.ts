/**
 * Serves the built single-page app and the fallback for client-side routes: paths in the route
 * table (packages/shared routes.ts, spec 01 §2) get index.html with 200, other paths get it with
 * 404 so the SPA shows its not-found page and crawlers see the truth. Unknown /api paths stay JSON.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isAppRoute } from "@gyeol/shared/routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { sendFailure, toHttpFailure } from "./error-handler.ts";

/** Vite puts content-hashed bundles under /assets: they never change, so cache them for a year. */
const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const SHORT_CACHE = "public, max-age=3600";
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gyeol: web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The web app has not been built yet</h1>
<p>The API is running, but there is no built web app to serve. Run <code>npm run build</code> at the
repository root, then restart the server (or set <code>WEB_DIST_DIR</code> to the built folder).</p>
</body></html>`;

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function setStaticHeaders(reply: FastifyReply, filePath: string) {
  // A pre-compressed sibling (index.html.br) is cached as the file it stands for.
  const normalized = filePath
    .split(path.sep)
    .join("/")
    .replace(/\.(br|gz)$/, "");
  if (normalized.endsWith("/index.html")) reply.header("cache-control", "no-cache");
  else if (normalized.includes("/assets/")) reply.header("cache-control", IMMUTABLE_CACHE);
  else reply.header("cache-control", SHORT_CACHE);
}

export async function registerWebApp(app: FastifyInstance, { webDistDir }: { webDistDir: string }) {
  const indexFile = path.join(webDistDir, "index.html");
  if (existsSync(webDistDir)) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: ["index.html"],
      cacheControl: false,
      // The build writes .br and .gz siblings (apps/web/scripts/compress-dist.mjs): sent by
      // Accept-Encoding with Vary, so no asset is compressed per request.
      preCompressed: true,
      setHeaders: setStaticHeaders,
    });
  } else {
    app.log.warn({ webDistDir }, "web app not built: run `npm run build` to serve it");
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (isApiPath(pathname) || (request.method !== "GET" && request.method !== "HEAD")) {
      const allowed = HTTP_METHODS.filter((method) => app.hasRoute({ method, url: pathname }));
      if (allowed.length > 0) {
        reply.header("allow", allowed.join(", "));
        return sendFailure(
          reply,
          toHttpFailure(new AppError(405, "METHOD_NOT_ALLOWED", "Method not allowed.")),
        );
      }
      return sendFailure(reply, toHttpFailure(new AppError(404, "NOT_FOUND", "Not found.")));
    }
    let html: string;
    try {
      // Read per request (it is tiny) so a rebuild is picked up without a restart.
      html = await readFile(indexFile, "utf8");
    } catch {
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(NOT_BUILT_PAGE);
    }
    return reply
      .code(isAppRoute(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(html);
  });
}
