/**
 * GET /api/credits/history?limit=&offset= — My Page credit history, newest first (spec 02 §2.5);
 * POST /api/credit/use {amount: 3} — the rewrite's payment ahead (spec 02 §7; credit-holds.service.ts).
 */
import { ZCreditUseBody, ZCreditUseResponse } from "@gyeol/shared/contracts/ai";
import { ZCreditHistoryQuery, ZCreditHistoryResponse } from "@gyeol/shared/contracts/payment";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { CreditHoldsService } from "./credit-holds.service.ts";
import type { CreditsService } from "./credits.service.ts";

export interface CreditsRoutesDeps {
  credits: CreditsService;
  holds: Pick<CreditHoldsService, "payAhead">;
  /** Throws when what a payment ahead pays for cannot run (no language model: 503 LLM_NOT_CONFIGURED). */
  assertPayAheadOpen: () => void;
  guards: AuthGuards;
}

export function registerCreditsRoutes(
  app: FastifyInstance,
  { credits, holds, assertPayAheadOpen, guards }: CreditsRoutesDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/credit/use",
    {
      onRequest: guards.requireUser,
      schema: { body: ZCreditUseBody, response: { 200: ZCreditUseResponse } },
    },
    async (request) => {
      assertPayAheadOpen();
      return holds.payAhead(request.user!.id, request.body.amount);
    },
  );
  r.get(
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
