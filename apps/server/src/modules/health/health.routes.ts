import type { FastifyInstance } from "fastify";
import type { HealthService } from "./health.service.ts";

/** GET /healthz for load balancers and the operator: 200 when the process and its DB answer. */
export function registerHealthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const isUp = await health.isDatabaseUp();
    return reply.code(isUp ? 200 : 503).send({ status: isUp ? "ok" : "error", db: isUp ? "ok" : "error" });
  });
}
