/**
 * Reads a multipart request into memory with limits enforced while it streams (ARCHITECTURE
 * "byte limits are enforced before decoding"): a file larger than `maxFileBytes` stops at that
 * size and answers 413, a file beyond `maxFiles` answers 400 before its bytes are read.
 *
 * Everything the multipart parser can throw is the client's doing (no boundary, a body that ends
 * mid-part, a part header that is not one, too many parts), so it all answers 4xx with a code
 * (issue 11), never 500. What this reader leaves unread when it refuses early is discarded by
 * drain-body.ts, so the connection stays usable.
 *
 * Text that is not UTF-8 answers 400 TEXT_NOT_UTF8 and a named file of zero bytes 400 IMAGE_EMPTY
 * (issue 27), so neither is stored garbled nor dropped without a word.
 */
import type { Readable } from "node:stream";
import type { TErrorCode } from "@gyeol/shared/contracts/common";
import type { FastifyRequest } from "fastify";
import { AppError, isAppError } from "../lib/app-error.ts";
import { fieldError } from "../lib/validation-issues.ts";
import { toHttpFailure } from "./error-handler.ts";

export interface MultipartLimits {
  /** The field name the files must arrive under. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Longest text field (bytes). */
  maxFieldBytes: number;
  /** Message for the 400 when more than maxFiles files arrive. */
  tooManyFilesMessage: string;
}

export interface UploadedFile {
  /** The name the browser sent, for display only: never a path. */
  filename: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const MAX_TEXT_FIELDS = 20;

export async function readMultipart(
  request: FastifyRequest,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send this request as multipart/form-data.");
  }
  try {
    return await collectParts(request, limits);
  } catch (error) {
    throw toMultipartError(error, limits);
  }
}

async function collectParts(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts({
    limits: {
      // One more than allowed, so the extra file is seen and refused with a clear message.
      files: limits.maxFiles + 1,
      fileSize: limits.maxFileBytes,
      fields: MAX_TEXT_FIELDS,
      fieldSize: limits.maxFieldBytes,
    },
  });
  for await (const part of parts) {
    if (part.type === "field") {
      if (part.valueTruncated)
        throw new AppError(413, "PAYLOAD_TOO_LARGE", `The field "${part.fieldname}" is too long.`);
      if (typeof part.value === "string") {
        // The parser reads bytes that are not UTF-8 as U+FFFD: such text is refused, not stored
        // garbled (issue 27).
        if (part.value.includes("\ufffd"))
          throw new AppError(400, "TEXT_NOT_UTF8", `The field "${part.fieldname}" is not valid UTF-8 text.`);
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (part.fieldname !== limits.fileField) {
      throw fieldError(part.fieldname, "unrecognized_keys", `Send files in the "${limits.fileField}" field.`);
    }
    if (files.length >= limits.maxFiles) {
      throw fieldError(limits.fileField, "too_big", limits.tooManyFilesMessage, {
        origin: "file",
        maximum: limits.maxFiles,
      });
    }
    const bytes = await readFile(part.file, limits.maxFileBytes);
    // A file input left empty sends a part with no name and no bytes: nothing was chosen. A
    // named file of zero bytes is a picture that is not there (issue 27): refused, not dropped.
    if (bytes.length === 0) {
      if (!part.filename) continue;
      throw new AppError(400, "IMAGE_EMPTY", `The file "${part.filename}" is empty (0 bytes).`);
    }
    files.push({ filename: part.filename ?? "", bytes });
  }
  return { fields, files };
}

/**
 * A file's bytes, refused (413) the moment it passes `maxBytes`. part.toBuffer() would wait for
 * the end of the part, that is for every byte the client cares to send, before saying so.
 */
async function readFile(file: Readable & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  // Destroying the stream with our error ends the loop below with it; iterating (rather than
  // listening for "end") also settles for a part that ended or failed before we got to it.
  file.once("limit", () => file.destroy(fileTooLarge(maxBytes)));
  if (file.truncated) throw fileTooLarge(maxBytes);
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function fileTooLarge(maxBytes: number): AppError {
  const mb = maxBytes / (1024 * 1024);
  const size = Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
  return new AppError(413, "PAYLOAD_TOO_LARGE", `A file is larger than ${size} MB.`, { maxBytes });
}

/**
 * Our own refusals pass through; @fastify/multipart's coded errors get the error handler's
 * mapping (413 limits, 400 premature close ...); busboy's plain Errors ("Multipart: Boundary not
 * found", "Unexpected end of multipart data", a boundary too long to search for) are malformed
 * bodies.
 */
function toMultipartError(error: unknown, limits: MultipartLimits): AppError {
  if (isAppError(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge(limits.maxFileBytes);
  if (typeof code === "string" && code.startsWith("FST_")) {
    const failure = toHttpFailure(error);
    if (failure.status < 500 && failure.body.code !== "VALIDATION_ERROR")
      return new AppError(failure.status, failure.body.code as TErrorCode, failure.body.error);
    if (failure.status < 500) return fieldError("", "invalid", failure.body.error);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return fieldError("", "invalid", `The multipart form is malformed: ${reason}`);
}
