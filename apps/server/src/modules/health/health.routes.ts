import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import type { HealthService } from "./health.service.ts";

/**
 * GET /healthz: liveness for load balancers, 200 when the process and its DB answer.
 * GET /readyz (issue 28): readiness, each of the database, Redis (when REDIS_URL is set) and the
 * file store checked within 2 s; 503 DEPENDENCY_UNAVAILABLE naming those that did not answer.
 */
export function registerHealthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const isUp = await health.isDatabaseUp();
    return reply.code(isUp ? 200 : 503).send({ status: isUp ? "ok" : "error", db: isUp ? "ok" : "error" });
  });

  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { checks, down, errors } = await health.readiness();
    if (down.length === 0) return { status: "ok", checks };
    request.log.warn({ down, errors }, "not ready");
    throw new AppError(
      503,
      "DEPENDENCY_UNAVAILABLE",
      `Not ready: ${down.join(", ")} ${down.length === 1 ? "does" : "do"} not answer.`,
      { down, checks },
    );
  });
}
