import { drawOp, renderInto, type TMaskDoc, type TMaskOp } from "./model.ts";
import type { TRaster } from "./raster.ts";

interface TCheckpoint {
  length: number;
  lastOp: TMaskOp | undefined;
  alpha: Uint8Array;
}

/**
 * Copies of the on-screen raster from before the latest operations, so undo shows the previous
 * mask at once instead of redrawing every stroke (a long session has thousands of segments).
 * An operation keeps its index for life (undo and redo move it at the end of the list; a new
 * action drops it for good), so a checkpoint still belongs to a document whose operation at
 * length − 1 is the very same object.
 */
export class Checkpoints {
  #items: TCheckpoint[] = [];

  constructor(private readonly limit = 4) {}

  /** Records the raster as it is: it must show exactly the first ops.length operations. */
  take(raster: TRaster, ops: readonly TMaskOp[]): void {
    this.#items = this.#items.filter((item) => item.length !== ops.length || item.lastOp !== ops.at(-1));
    this.#items.push({ length: ops.length, lastOp: ops.at(-1), alpha: raster.alpha.slice() });
    if (this.#items.length > this.limit) this.#items.shift();
  }

  clear(): void {
    this.#items = [];
  }

  /** Draws the document from the newest checkpoint it starts with, or from nothing. */
  render(raster: TRaster, doc: TMaskDoc, scale: number): void {
    let best: TCheckpoint | null = null;
    for (const item of this.#items) {
      const isPrefix =
        item.length <= doc.ops.length && (item.length === 0 || doc.ops[item.length - 1] === item.lastOp);
      if (isPrefix && item.alpha.length === raster.alpha.length && (!best || item.length > best.length))
        best = item;
    }
    if (!best) {
      renderInto(raster, doc);
      return;
    }
    raster.alpha.set(best.alpha);
    for (const op of doc.ops.slice(best.length)) drawOp(raster, op, scale, scale);
  }
}
