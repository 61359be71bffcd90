/** GET /api/auth/banned-keywords (anyone) and PUT of it (the administrator): spec 02 §5. */
import { ZBannedKeywordsBody, ZBannedKeywordsResponse } from "@gyeol/shared/contracts/ai";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { BannedKeywordsService } from "./banned-keywords.service.ts";

export function registerModerationRoutes(
  app: FastifyInstance,
  { bannedKeywords, guards }: { bannedKeywords: BannedKeywordsService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/auth/banned-keywords",
    { schema: { response: { 200: ZBannedKeywordsResponse } } },
    async () => ({ success: true as const, keywords: await bannedKeywords.list() }),
  );
  r.put(
    "/api/auth/banned-keywords",
    {
      onRequest: guards.requireAdmin,
      schema: { body: ZBannedKeywordsBody, response: { 200: ZBannedKeywordsResponse } },
    },
    async (request) => ({
      success: true as const,
      keywords: await bannedKeywords.set(request.body.keywords),
    }),
  );
}
