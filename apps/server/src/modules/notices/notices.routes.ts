/**
 * The notice board API (spec 01 §7): everyone reads; writes are for administrators, checked here
 * on the server (spec 01 §6). GET list/detail, POST multipart, PUT JSON, DELETE.
 */
import { MAX_NOTICE_ATTACHMENTS } from "@gyeol/shared/constants";
import {
  NOTICE_CONTENT_MAX,
  NOTICE_FILES_FIELD,
  NOTICE_IMAGE_MAX_BYTES,
  ZNoticeCreateResponse,
  ZNoticeDetailResponse,
  ZNoticeFields,
  ZNoticeIdParams,
  ZNoticeListQuery,
  ZNoticeListResponse,
  ZNoticeMutationResponse,
  ZNoticeUpdateBody,
} from "@gyeol/shared/contracts/notices";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readMultipart } from "../../http/read-multipart.ts";
import { zodValidationError } from "../../lib/validation-issues.ts";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { NoticesService } from "./notices.service.ts";

export interface NoticesRoutesDeps {
  notices: NoticesService;
  guards: AuthGuards;
}

export function registerNoticesRoutes(app: FastifyInstance, { notices, guards }: NoticesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notices",
    { schema: { querystring: ZNoticeListQuery, response: { 200: ZNoticeListResponse } } },
    async (request) => ({ success: true as const, ...(await notices.list(request.query.page)) }),
  );

  r.get(
    "/api/notices/:id",
    { schema: { params: ZNoticeIdParams, response: { 200: ZNoticeDetailResponse } } },
    async (request) => ({ success: true as const, ...(await notices.get(request.params.id)) }),
  );

  r.post(
    "/api/notices",
    { onRequest: guards.requireAdmin, schema: { response: { 200: ZNoticeCreateResponse } } },
    async (request) => {
      const { fields, files } = await readMultipart(request, {
        fileField: NOTICE_FILES_FIELD,
        maxFiles: MAX_NOTICE_ATTACHMENTS,
        maxFileBytes: NOTICE_IMAGE_MAX_BYTES,
        maxFieldBytes: NOTICE_CONTENT_MAX * 4,
        tooManyFilesMessage: `At most ${MAX_NOTICE_ATTACHMENTS} files can be attached.`,
      });
      const parsed = ZNoticeFields.safeParse(fields);
      if (!parsed.success) throw zodValidationError(parsed.error.issues, "body", fields);
      const id = await notices.create(parsed.data, files, request.user!.id);
      return { success: true as const, id };
    },
  );

  r.put(
    "/api/notices/:id",
    {
      onRequest: guards.requireAdmin,
      schema: {
        params: ZNoticeIdParams,
        body: ZNoticeUpdateBody,
        response: { 200: ZNoticeMutationResponse },
      },
    },
    async (request) => {
      await notices.update(request.params.id, request.body);
      return { success: true as const };
    },
  );

  r.delete(
    "/api/notices/:id",
    {
      onRequest: guards.requireAdmin,
      schema: { params: ZNoticeIdParams, response: { 200: ZNoticeMutationResponse } },
    },
    async (request) => {
      await notices.delete(request.params.id);
      return { success: true as const };
    },
  );
}
