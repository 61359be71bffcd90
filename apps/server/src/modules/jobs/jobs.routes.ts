/**
 * The job routes every tool shares (spec 02 §7):
 * - GET /api/image/status/{jobId}[?source=face_edit]: upscale, face edit and Kling jobs;
 * - GET /api/image/status/{jobId}/events (beyond the spec): the same answer pushed as server-sent
 *   events whenever the job changes; ends with the job, or at once when the process is stopping
 *   (a queued job's stream would otherwise hold a SIGTERM'd process until its hard exit), and the
 *   page keeps polling as the fallback;
 * - GET /api/seedream/status/{taskId}: image edit's answer shape;
 * - POST /api/jobs/{jobId}/cancel (beyond the spec): the owner stops a queued or running job of any
 *   tool and gets its credits back once. 404 for someone else's job, 409 once it ended.
 */

import {
  IMAGE_SOURCES,
  type TImageStatusResponse,
  ZImageStatusResponse,
} from "@gyeol/shared/contracts/images";
import { ZSeedreamStatusResponse } from "@gyeol/shared/contracts/jobs";
import { TOOLS } from "@gyeol/shared/tools";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createJsonMemo } from "../../http/json-memo.ts";
import { pollRouteLogging } from "../../http/poll-log-level.ts";
import { openSse } from "../../http/sse.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import { presentImageStatus, presentSeedreamStatus } from "./job-presenters.ts";
import type { JobStatusService } from "./job-status.service.ts";
import type { JobsService } from "./jobs.service.ts";

const ZJobParams = z.object({ jobId: z.uuid() });
const ZTaskParams = z.object({ taskId: z.uuid() });
const ZStatusQuery = z.object({ source: z.enum(IMAGE_SOURCES).optional() });
const ZCancelResponse = z.object({
  success: z.literal(true),
  status: z.literal("failed"),
  code: z.literal("JOB_CANCELLED"),
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

export function registerJobsRoutes(
  app: FastifyInstance,
  {
    jobs,
    jobStatus,
    guards,
  }: { jobs: Pick<JobsService, "cancel" | "waitForChange">; jobStatus: JobStatusService; guards: AuthGuards },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Open event streams, ended when the server starts closing (preClose): their connections are
  // then closed as soon as the last event is out, so a stopping process is not held by them.
  const streams = new Set<AbortController>();
  let isClosing = false;
  app.addHook("preClose", (done) => {
    isClosing = true;
    for (const stream of streams) stream.abort();
    done();
  });

  // A finished job's answer is the same object on every poll (job-presenters.ts), so its JSON is
  // made once; the schema check that fastify's serializer would do happens in the memo.
  const statusJson = createJsonMemo(ZImageStatusResponse);
  // Polled every second or two while a job runs: request lines only at debug (poll-log-level.ts).
  const pollLogging = pollRouteLogging(app);
  r.get(
    "/api/image/status/:jobId",
    {
      ...pollLogging,
      onRequest: guards.requireReader,
      schema: { params: ZJobParams, querystring: ZStatusQuery },
    },
    async (request, reply) => {
      const view = await jobStatus.status(request.user!, request.params.jobId, request.query.source);
      return reply.type("application/json; charset=utf-8").send(statusJson(presentImageStatus(view)));
    },
  );

  const seedreamJson = createJsonMemo(ZSeedreamStatusResponse);
  r.get(
    "/api/seedream/status/:taskId",
    { ...pollLogging, onRequest: guards.requireReader, schema: { params: ZTaskParams } },
    async (request, reply) => {
      const view = await jobStatus.status(
        request.user!,
        request.params.taskId,
        TOOLS.imageEdit.historySource,
      );
      return reply.type("application/json; charset=utf-8").send(seedreamJson(presentSeedreamStatus(view)));
    },
  );

  r.get(
    "/api/image/status/:jobId/events",
    { onRequest: guards.requireReader, schema: { params: ZJobParams, querystring: ZStatusQuery } },
    async (request, reply) => {
      const user = request.user!;
      const { jobId } = request.params;
      const { source } = request.query;
      const answerNow = async () => presentImageStatus(await jobStatus.status(user, jobId, source));
      // Someone else's or an unknown job answers 404 here, as JSON, before the stream starts.
      let answer = await answerNow();
      const stop = new AbortController();
      if (isClosing) stop.abort();
      streams.add(stop);
      const stream = openSse(reply, isClosing ? { connection: "close" } : {});
      stream.signal.addEventListener("abort", () => {
        stop.abort();
        streams.delete(stop);
      });
      const until = Date.now() + EVENTS_MAX_MS;
      let lastKey = "";
      let lastWriteAt = 0;
      // A stream asked for while the server is closing still gets the job's answer once.
      while (!stream.signal.aborted) {
        const key = changeKey(answer);
        if (key !== lastKey) {
          stream.event("status", answer);
          lastKey = key;
          lastWriteAt = Date.now();
        } else if (Date.now() - lastWriteAt >= EVENTS_KEEPALIVE_MS) {
          stream.comment("keep-alive");
          lastWriteAt = Date.now();
        }
        if (stop.signal.aborted || answer.status !== "in-progress" || Date.now() > until) break;
        await jobs.waitForChange(jobId, EVENTS_RECHECK_MS, stop.signal);
        if (stop.signal.aborted) break;
        try {
          answer = await answerNow();
        } catch (error) {
          request.log.warn({ err: error, jobId }, "job events stopped");
          break;
        }
      }
      // A hijacked answer skips the onResponse hook that closes connections once the server is
      // closing (http/server-limits.ts): close this one when its last event is out.
      stream.end(() => {
        if (isClosing) reply.raw.socket?.destroy();
      });
    },
  );

  r.post(
    "/api/jobs/:jobId/cancel",
    { onRequest: guards.requireUser, schema: { params: ZJobParams, response: { 200: ZCancelResponse } } },
    async (request) => ({
      success: true as const,
      ...(await jobs.cancel(request.user!.id, request.params.jobId)),
    }),
  );
}
