/** GET /api/credits/history?limit=&offset= — My Page credit history, newest first (spec 02 §2.5). */
import { ZCreditHistoryQuery, ZCreditHistoryResponse } from "@gyeol/shared/contracts/payment";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { CreditsService } from "./credits.service.ts";

export interface CreditsRoutesDeps {
  credits: CreditsService;
  guards: AuthGuards;
}

export function registerCreditsRoutes(app: FastifyInstance, { credits, guards }: CreditsRoutesDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/credits/history",
    {
      onRequest: guards.requireUser,
      schema: { querystring: ZCreditHistoryQuery, response: { 200: ZCreditHistoryResponse } },
    },
    async (request) => ({
      success: true as const,
      ...(await credits.history(request.user!.id, request.query)),
    }),
  );
}
