import type { TOperatorInfo } from "@gyeol/shared/operator";
import type { FastifyInstance } from "fastify";

/**
 * GET /api/site/operator: who runs the service (issue 30), the same details every page carries in
 * its head. The built app reads them from the page; Vite's dev server sends its own HTML, so the app
 * asks here instead. Straight from the validated config: no service behind it.
 */
export function registerSiteRoutes(app: FastifyInstance, { operator }: { operator: TOperatorInfo }) {
  app.get("/api/site/operator", async () => operator);
}
