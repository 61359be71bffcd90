/**
 * What the image-edit contract fakes (seedream-fake.ts, openai-images-fake.ts) share: the scripted
 * outcomes, holding a request open until released, and the result pictures (a flat colour per
 * output index, at the asked size capped at 1024 px a side so tests stay quick).
 */
import type { IncomingMessage } from "node:http";
import sharp from "sharp";

export type TImageEditFakeOutcome =
  /** Every asked image. */
  | "ok"
  /** The second image of a group fails alone (OutputImageSensitiveContentDetected / fewer images). */
  | "partial"
  /** The whole request fails with a non-retryable error (the contract suite's "fail"). */
  | "fail"
  | "sensitive"
  | "oversize"
  | "aspect"
  | "invalid"
  /** 500 InternalServiceError every time (the driver retries, then gives up). */
  | "internal"
  /** A proxy in front answers 524 with an HTML page. */
  | "proxy524";

/** The colour of output `i` (red, green, yellow, magenta). */
export const OUTPUT_COLOURS: ReadonlyArray<{ r: number; g: number; b: number }> = [
  { r: 230, g: 20, b: 20 },
  { r: 20, g: 200, b: 40 },
  { r: 240, g: 220, b: 30 },
  { r: 200, g: 30, b: 200 },
];

export async function resultJpeg(width: number, height: number, index: number): Promise<Buffer> {
  const scale = Math.min(1, 1024 / Math.max(width, height));
  return sharp({
    create: {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
      channels: 3,
      background: OUTPUT_COLOURS[index % OUTPUT_COLOURS.length]!,
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function readBody(request: IncomingMessage, maxBytes = 200 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Requests held open while `hold` is on; released (answered) when it is turned off. */
export class Holder {
  private waiting = new Set<() => void>();
  private isHolding = false;
  get holding() {
    return this.isHolding;
  }
  set holding(value: boolean) {
    this.isHolding = value;
    if (!value) {
      for (const release of this.waiting) release();
      this.waiting.clear();
    }
  }
  /** Resolves at once, or when holding stops; rejects when the client went away. */
  wait(request: IncomingMessage): Promise<void> {
    if (!this.isHolding) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const release = () => resolve();
      this.waiting.add(release);
      request.socket.once("close", () => {
        this.waiting.delete(release);
        reject(new Error("client went away"));
      });
    });
  }
}
