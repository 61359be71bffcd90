/**
 * The saved mask as a PNG without a canvas: 8-bit greyscale, white where painted and black
 * elsewhere, at the image's own size. A canvas would premultiply, colour-manage or refuse
 * (jsdom has none); this encoder writes exactly the bytes of the mask, with the browser's own
 * zlib (CompressionStream "deflate" is the zlib format PNG asks for).
 */

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** PNG row filter "Up": a mask's rows mostly repeat, so they become runs of zeros. */
const FILTER_UP = 2;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream("deflate");
  const writer = stream.writable.getWriter();
  void writer.write(bytes as BufferSource).then(() => writer.close());
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Rows prefixed with their filter byte, filtered against the row above. */
export function filterRows(gray: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width + 1;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    out[y * stride] = FILTER_UP;
    const row = y * width;
    const above = row - width;
    for (let x = 0; x < width; x += 1) {
      const value = gray[row + x]!;
      out[y * stride + 1 + x] = y === 0 ? value : (value - gray[above + x]!) & 0xff;
    }
  }
  return out;
}

export async function encodeMaskPng(gray: Uint8Array, width: number, height: number): Promise<Blob> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  // compression, filter method and interlace stay 0
  const data = await deflate(filterRows(gray, width, height));
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", data),
    chunk("IEND", new Uint8Array(0)),
  ];
  return new Blob(parts as BlobPart[], { type: "image/png" });
}
