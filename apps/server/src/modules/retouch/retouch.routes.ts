/** POST /api/runpod-upscale and GET /api/image/status/{jobId} (spec 02 §7 "Retouch"). */

import type { OutgoingHttpHeaders } from "node:http";
import {
  type TImageStatusResponse,
  ZImageStatusResponse,
  ZUpscaleStartBody,
  ZUpscaleStartResponse,
} from "@gyeol/shared/contracts/images";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createJsonMemo } from "../../http/json-memo.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { JobsService } from "../jobs/jobs.service.ts";
import { MAINTENANCE_MESSAGE, type RetouchService } from "./retouch.service.ts";

const ZJobParams = z.object({ jobId: z.uuid() });
const ZMaintenanceResponse = z.object({
  success: z.literal(false),
  maintenance: z.literal(true),
  code: z.literal("MAINTENANCE"),
  error: z.string(),
});

/** A live stream ends after this; the page's polling (spec 02 §4.1) carries on either way. */
const EVENTS_MAX_MS = 10 * 60_000;
/** How often the stream reads the job again when no change in this process woke it. */
const EVENTS_RECHECK_MS = 1000;
/** A comment line this often keeps proxies and the idle timeout from closing a quiet stream. */
const EVENTS_KEEPALIVE_MS = 15_000;

/** What a change is: the fields the page acts on (the ETA alone counts down on the page). */
function changeKey(answer: TImageStatusResponse): string {
  return [answer.status, answer.queuePosition, answer.imageUrl, answer.code].join("|");
}

export function registerRetouchRoutes(
  app: FastifyInstance,
  {
    retouch,
    jobs,
    guards,
    isMaintenance,
  }: {
    retouch: RetouchService;
    jobs: Pick<JobsService, "waitForChange">;
    guards: AuthGuards;
    isMaintenance: boolean;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/runpod-upscale",
    {
      onRequest: guards.requireUser,
      schema: {
        body: ZUpscaleStartBody,
        response: { 200: ZUpscaleStartResponse, 503: ZMaintenanceResponse },
      },
    },
    async (request, reply) => {
      // spec 02 §8: "503 with maintenance flag, or MAINTENANCE".
      if (isMaintenance) {
        return reply.code(503).send({
          success: false as const,
          maintenance: true as const,
          code: "MAINTENANCE" as const,
          error: MAINTENANCE_MESSAGE,
        });
      }
      return retouch.start(request.user!, request.body.input);
    },
  );

  // A finished job's answer is the same object on every poll (retouch.service.ts), so its JSON is
  // made once; the schema check that fastify's serializer would do happens in the memo.
  const statusJson = createJsonMemo(ZImageStatusResponse);
  r.get(
    "/api/image/status/:jobId",
    { onRequest: guards.requireReader, schema: { params: ZJobParams } },
    async (request, reply) => {
      const answer = await retouch.status(request.user!, request.params.jobId);
      return reply.type("application/json; charset=utf-8").send(statusJson(answer));
    },
  );

  /**
   * GET /api/image/status/{jobId}/events (beyond the spec, issue 12): the same answer as the status
   * route, pushed as server-sent events whenever the job changes, so a result shows the moment it
   * is ready instead of at the next poll. Ends when the job ends; the status route stays the
   * fallback and the page keeps polling.
   */
  r.get(
    "/api/image/status/:jobId/events",
    { onRequest: guards.requireReader, schema: { params: ZJobParams } },
    async (request, reply) => {
      const user = request.user!;
      const { jobId } = request.params;
      // Someone else's or an unknown job answers 404 here, as JSON, before the stream starts.
      let answer = await retouch.status(user, jobId);
      const stop = new AbortController();
      reply.hijack();
      const raw = reply.raw;
      raw.on("close", () => stop.abort());
      // The security headers were put on the reply by the onRequest hook; a hijacked reply sends
      // only what is written here.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      });
      const until = Date.now() + EVENTS_MAX_MS;
      let lastKey = "";
      let lastWriteAt = 0;
      while (!stop.signal.aborted) {
        const key = changeKey(answer);
        if (key !== lastKey) {
          raw.write(`event: status\ndata: ${JSON.stringify(answer)}\n\n`);
          lastKey = key;
          lastWriteAt = Date.now();
        } else if (Date.now() - lastWriteAt >= EVENTS_KEEPALIVE_MS) {
          raw.write(": keep-alive\n\n");
          lastWriteAt = Date.now();
        }
        if (answer.status !== "in-progress" || Date.now() > until) break;
        await jobs.waitForChange(jobId, EVENTS_RECHECK_MS, stop.signal);
        if (stop.signal.aborted) break;
        try {
          answer = await retouch.status(user, jobId);
        } catch (error) {
          request.log.warn({ err: error, jobId }, "job events stopped");
          break;
        }
      }
      raw.end();
    },
  );
}
