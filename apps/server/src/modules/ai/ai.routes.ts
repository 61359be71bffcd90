/**
 * The prompt chat and helper calls (issue 14; spec 02 §7 "Chat", "Consistency", "Image edit"):
 * - GET /api/ai/threads?limit=50&cursor&q, GET /api/ai/threads/{id}/messages?limit=100,
 *   PATCH /api/ai/threads/{id} {title} (rename), DELETE /api/ai/threads/{id}: the owner's
 *   threads only (others' answer 404); q searches titles and messages (issue 27)
 * - GET /api/ai/chat/charge-enabled: whether a message costs credits (CHAT_CHARGE_ENABLED)
 * - POST /api/ai/chat (multipart: text, threadId, image ×1–4, action, messageId): JSON {success,
 *   threadId, message}, or, with `Accept: text/event-stream`, the reply as server-sent events
 *   (start, delta…, done|error); action regenerate / continue / edit (issue 27)
 * - POST /api/ai/rewrite, POST /api/ai/extract-prompt-from-image (the image as the raw body),
 *   POST /api/seedream/auto-prompt
 * (GET/PUT /api/auth/banned-keywords live in modules/moderation, POST /api/credit/use in
 * modules/credits: issue 26.)
 * Without a model (LLM_* unset) the model calls answer 503 LLM_NOT_CONFIGURED before reading a
 * body (a rewrite first gives back a payment made ahead for it); the rest work as usual, so
 * history stays readable.
 */
import fastifyMultipart from "@fastify/multipart";
import {
  AUTO_PROMPT_MAX_IMAGES,
  CHAT_IMAGE_FIELD,
  CHAT_MAX_IMAGES,
  CHAT_TEXT_MAX,
  ZAutoPromptBody,
  ZChargeEnabledResponse,
  ZChatFields,
  ZChatReply,
  ZMessagesQuery,
  ZMessagesResponse,
  ZPromptResponse,
  ZRenameThreadBody,
  ZRenameThreadResponse,
  ZRewriteBody,
  ZRewriteResponse,
  ZThreadParams,
  ZThreadsQuery,
  ZThreadsResponse,
} from "@gyeol/shared/contracts/ai";
import { ZSuccess } from "@gyeol/shared/contracts/common";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { toHttpFailure } from "../../http/error-handler.ts";
import { readMultipart } from "../../http/read-multipart.ts";
import { openSse, type SseStream } from "../../http/sse.ts";
import { AppError } from "../../lib/app-error.ts";
import { zodValidationError } from "../../lib/validation-issues.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import { type AiService, ThreadedError } from "./ai.service.ts";

export interface AiRoutesDeps {
  ai: AiService;
  guards: AuthGuards;
  maxUploadBytes: number;
}

/** Raw image bodies of extract-prompt-from-image. */
const BINARY_TYPES = /^(?:application\/octet-stream|image\/[\w.+-]+)$/;

/** Stops the model when the person goes away (closed tab, stop button, lost connection). */
function stopOnClose(reply: FastifyReply): AbortController {
  const stop = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) stop.abort();
  });
  return stop;
}

export async function registerAiRoutes(app: FastifyInstance, { ai, guards, maxUploadBytes }: AiRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: guards.requireUser };
  const requireModel = () => {
    if (!ai.isEnabled()) {
      throw new AppError(
        503,
        "LLM_NOT_CONFIGURED",
        "No language model is connected: the operator sets LLM_BASE_URL and LLM_MODEL.",
      );
    }
  };

  r.get(
    "/api/ai/threads",
    { ...auth, schema: { querystring: ZThreadsQuery, response: { 200: ZThreadsResponse } } },
    async (request) => ai.listThreads(request.user!, request.query),
  );

  r.get(
    "/api/ai/threads/:threadId/messages",
    {
      ...auth,
      schema: { params: ZThreadParams, querystring: ZMessagesQuery, response: { 200: ZMessagesResponse } },
    },
    async (request) => ai.messages(request.user!, request.params.threadId, request.query.limit),
  );

  r.patch(
    "/api/ai/threads/:threadId",
    {
      ...auth,
      schema: { params: ZThreadParams, body: ZRenameThreadBody, response: { 200: ZRenameThreadResponse } },
    },
    async (request) => ai.renameThread(request.user!, request.params.threadId, request.body.title),
  );

  r.delete(
    "/api/ai/threads/:threadId",
    { ...auth, schema: { params: ZThreadParams, response: { 200: ZSuccess } } },
    async (request) => {
      await ai.deleteThread(request.user!, request.params.threadId);
      return { success: true as const };
    },
  );

  r.get(
    "/api/ai/chat/charge-enabled",
    { schema: { response: { 200: ZChargeEnabledResponse } } },
    async () => ({ success: true as const, ...ai.chargeInfo() }),
  );

  r.post(
    "/api/ai/rewrite",
    { ...auth, schema: { body: ZRewriteBody, response: { 200: ZRewriteResponse } } },
    // No model check here: the rewrite first gives back a payment made ahead for it.
    async (request) => ai.rewrite(request.user!, request.body),
  );

  r.post(
    "/api/seedream/auto-prompt",
    {
      ...auth,
      // Up to 4 images as data URLs (base64 is 4/3 of the bytes) besides the notes.
      bodyLimit: AUTO_PROMPT_MAX_IMAGES * Math.ceil((maxUploadBytes * 4) / 3) + 64 * 1024,
      schema: { body: ZAutoPromptBody, response: { 200: ZPromptResponse } },
    },
    async (request) => {
      requireModel();
      return ai.autoPrompt(request.user!, request.body);
    },
  );

  // Multipart and raw image bodies are parsed only in this scope (app.ts keeps them off the rest).
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
    scope.addContentTypeParser(
      BINARY_TYPES,
      { parseAs: "buffer", bodyLimit: maxUploadBytes },
      (_r, body, done) => done(null, body),
    );
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/ai/extract-prompt-from-image",
      { ...auth, preValidation: async () => requireModel(), schema: { response: { 200: ZPromptResponse } } },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new AppError(
            415,
            "UNSUPPORTED_MEDIA_TYPE",
            "Send the image itself as the body (image/* or octet-stream).",
          );
        }
        return ai.extractPrompt(request.user!, request.body);
      },
    );

    s.post("/api/ai/chat", { ...auth }, async (request, reply) => {
      requireModel();
      const { fields, files } = await readMultipart(request, {
        fileField: CHAT_IMAGE_FIELD,
        maxFiles: CHAT_MAX_IMAGES,
        maxFileBytes: maxUploadBytes,
        maxFieldBytes: CHAT_TEXT_MAX * 4,
        tooManyFilesMessage: `Send at most ${CHAT_MAX_IMAGES} images with a message.`,
      });
      const parsed = ZChatFields.safeParse(fields);
      if (!parsed.success) throw zodValidationError(parsed.error.issues, "body", fields);
      const input = {
        text: parsed.data.text,
        threadId: parsed.data.threadId,
        images: files.map((file) => file.bytes),
        action: parsed.data.action,
        messageId: parsed.data.messageId,
      };
      const stop = stopOnClose(reply);
      const wantsStream = (request.headers.accept ?? "").includes("text/event-stream");

      if (!wantsStream) {
        try {
          const answer = await ai.chat(request.user!, input, { signal: stop.signal });
          return reply.send(ZChatReply.parse(answer));
        } catch (error) {
          if (!(error instanceof ThreadedError)) throw error;
          const failure = toHttpFailure(error.error);
          return reply
            .code(failure.status)
            .header("cache-control", "no-store")
            .send({
              ...failure.body,
              threadId: error.threadId,
              ...(error.reply ? { message: error.reply } : {}),
            });
        }
      }

      // Streamed: errors before the message is stored answer as JSON with their status; from the
      // `start` event on, the outcome is an event of the stream.
      let stream: SseStream | undefined;
      const send = (event: string, data: unknown) => stream?.event(event, data);
      try {
        const answer = await ai.chat(request.user!, input, {
          signal: stop.signal,
          onStart: (start) => {
            stream = openSse(reply);
            send("start", start);
          },
          onDelta: (text) => send("delta", { text }),
        });
        send("done", answer);
      } catch (error) {
        if (!stream) throw error;
        const threaded = error instanceof ThreadedError ? error : undefined;
        const failure = toHttpFailure(threaded?.error ?? error);
        if (!threaded) request.log.error({ err: error }, "chat stream failed");
        send("error", {
          ...failure.body,
          ...(threaded ? { threadId: threaded.threadId } : {}),
          ...(threaded?.reply ? { message: threaded.reply } : {}),
        });
      }
      stream?.end();
      return reply;
    });
  });
}
