/**
 * JSON text for answers a service hands out again and again as the same object (a finished job's
 * status answer, retouch.service.ts): checked against the route's zod schema and stringified once
 * per object instead of on every poll. Answers built afresh are checked every time, as fastify's
 * zod serializer would.
 */
import type { z } from "zod";

export function createJsonMemo<Schema extends z.ZodType>(schema: Schema) {
  const texts = new WeakMap<object, string>();
  return (answer: z.output<Schema> & object): string => {
    let text = texts.get(answer);
    if (text === undefined) {
      const checked = schema.safeParse(answer);
      // A service built an answer its contract does not allow: a bug, so a 500, never a leak.
      if (!checked.success) throw new Error(`Response does not match its schema: ${checked.error.message}`);
      text = JSON.stringify(checked.data);
      texts.set(answer, text);
    }
    return text;
  };
}
