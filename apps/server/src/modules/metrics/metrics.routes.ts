/**
 * GET /metrics on the API port (issue 28): Prometheus text for `Authorization: Bearer
 * <METRICS_TOKEN>`, 401 AUTH_REQUIRED for anything else; 404 when METRICS_TOKEN is unset (the
 * METRICS_PORT listener, process.ts, serves the same text on its own port without a token).
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import type { Metrics } from "./metrics.ts";

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function registerMetricsRoute(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics; token: string | undefined },
) {
  app.get("/metrics", async (request, reply) => {
    const registry = metrics.registry;
    if (!token || !registry) throw new AppError(404, "NOT_FOUND", "Not found.");
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!sameText(given, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, "AUTH_REQUIRED", "The metrics need the METRICS_TOKEN bearer token.");
    }
    reply.header("cache-control", "no-store").type(registry.contentType);
    return registry.metrics();
  });
}

/** Counts every answer by method, route pattern and status, with its latency. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  if (!metrics.registry) return;
  app.addHook("onResponse", (request, reply, done) => {
    // The route's pattern (/api/jobs/:id), never the raw URL: one series per route.
    const route = request.routeOptions.url ?? "unmatched";
    metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** The METRICS_PORT listener: GET /metrics and nothing else, no token (bind it privately). */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const registry = metrics.registry;
  if (!registry) throw new Error("metrics are off");
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
