/**
 * Reads a multipart request into memory with limits enforced while it streams (ARCHITECTURE
 * "byte limits are enforced before decoding"): a file larger than `maxFileBytes` stops at that
 * size and answers 413, a file beyond `maxFiles` answers 400 before its bytes are read.
 */
import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { fieldError } from "../lib/validation-issues.ts";

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
      if (typeof part.value === "string") fields[part.fieldname] = part.value;
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
    // toBuffer stops at fileSize and throws FST_REQ_FILE_TOO_LARGE (413).
    const bytes = await part.toBuffer();
    if (bytes.length === 0) continue;
    files.push({ filename: part.filename ?? "", bytes });
  }
  return { fields, files };
}
