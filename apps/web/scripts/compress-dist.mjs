/**
 * Build step (issue 17, Delivery): writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
 * sibling beside every compressible file of the built web app, so the server's static handler
 * (@fastify/static preCompressed) sends them by Accept-Encoding without compressing per request.
 * A sibling is kept only when it is smaller than the file; files under 1 KB are left alone.
 *   node apps/web/scripts/compress-dist.mjs [distDir]
 */
import { readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest|map)$/i;
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export async function compressDist(distDir) {
  let files = 0;
  let raw = 0;
  let br = 0;
  for await (const file of walk(distDir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) {
      // A sibling left by an earlier build whose source is gone (or is rewritten below).
      await unlink(file);
    }
  }
  for await (const file of walk(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = zlib.gzipSync(body, { level: 9 });
    if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
    if (gzip.length < body.length) await writeFile(`${file}.gz`, gzip);
    files += 1;
    raw += body.length;
    br += Math.min(brotli.length, body.length);
  }
  return { files, raw, br };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? path.join(here, "..", "dist"));
  const { files, raw, br } = await compressDist(dist);
  process.stdout.write(
    `compressed ${files} files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli\n`,
  );
}
