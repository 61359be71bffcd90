import { crc32, inflateSync } from "node:zlib";
import { expect } from "vitest";

/** Test helper: reads back the masks the editor writes (greyscale PNG, filter None or Up). */

export interface TDecodedPng {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  pixels: Uint8Array;
}

/** jsdom's Blob has no arrayBuffer(); its FileReader does the same job. */
export function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A reader for exactly what the encoder promises, checking every chunk's CRC on the way. */
export async function decodePng(blob: Blob): Promise<TDecodedPng> {
  const bytes = await readBlob(blob);
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(bytes.buffer);
  let offset = 8;
  let header: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(view.getUint32(offset + 8 + length)).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    if (type === "IHDR") header = data;
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const head = new DataView(header!.buffer, header!.byteOffset);
  const width = head.getUint32(0);
  const height = head.getUint32(4);
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (width + 1)];
    for (let x = 0; x < width; x += 1) {
      const value = raw[y * (width + 1) + 1 + x]!;
      const up = y > 0 ? pixels[(y - 1) * width + x]! : 0;
      pixels[y * width + x] = filter === 2 ? (value + up) & 0xff : value;
    }
  }
  return { width, height, bitDepth: header![8]!, colourType: header![9]!, pixels };
}
