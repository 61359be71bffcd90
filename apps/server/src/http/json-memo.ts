/**
 * JSON (as UTF-8 bytes) for answers a service hands out again and again as the same object (a
 * finished job's status answer, job-status.service.ts; an unchanged history page,
 * images.service.ts): checked against the route's zod schema and stringified once
 * per object instead of on every poll. Answers built afresh are checked every time, as fastify's
 * zod serializer would.
 */
import type { z } from "zod";

export function createJsonMemo<Schema extends z.ZodType>(schema: Schema) {
  // UTF-8 bytes, not the string: a kept answer (a history page is ~20 KB) is then neither
  // measured nor encoded again on each send.
  const texts = new WeakMap<object, Buffer>();
  return (answer: z.output<Schema> & object): Buffer => {
    let text = texts.get(answer);
    if (text === undefined) {
      const checked = schema.safeParse(answer);
      // A service built an answer its contract does not allow: a bug, so a 500, never a leak.
      if (!checked.success) throw new Error(`Response does not match its schema: ${checked.error.message}`);
      text = Buffer.from(JSON.stringify(checked.data));
      texts.set(answer, text);
    }
    return text;
  };
}
