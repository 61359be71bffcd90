/**
 * The site's font on the sandbox checkout page (issue 30: a device without a Korean system font
 * showed empty boxes there). The page is server-rendered and self-contained, so it declares
 * Pretendard itself, the same variable font cut into unicode-range slices the web app uses (npm
 * `pretendard`, OFL), served from this server: a page downloads only the slices its text needs.
 */
import { createReadStream, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../../lib/app-error.ts";

const require = createRequire(import.meta.url);
const CSS_FILE = require.resolve("pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css");
const FONT_DIR = path.join(path.dirname(CSS_FILE), "woff2-dynamic-subset");
const FONT_FILE = /^PretendardVariable\.subset\.\d{1,3}\.woff2$/;
let fontFiles: ReadonlySet<string> | undefined;
export const SANDBOX_FONT_PATH = "/sandbox/fonts";
/** The slices never change for one package version: a week, then a revalidation. */
const FONT_CACHE = "public, max-age=604800";

let faces: string | undefined;

/** The @font-face rules of "Pretendard Variable", pointing at this server (read once). */
export function sandboxFontFaces(): string {
  faces ??= readFileSync(CSS_FILE, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(
      /url\(\.\/woff2-dynamic-subset\/([^)]+)\)/g,
      (_, file: string) => `url(${SANDBOX_FONT_PATH}/${file})`,
    )
    .replace(/\s*\n\s*/g, "");
  return faces;
}

export function registerSandboxFontRoute(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(`${SANDBOX_FONT_PATH}/:file`, async (request, reply) => {
    const { file } = request.params;
    fontFiles ??= new Set(readdirSync(FONT_DIR).filter((name) => FONT_FILE.test(name)));
    if (!fontFiles.has(file)) throw new AppError(404, "NOT_FOUND", "Not found.");
    return reply
      .header("content-type", "font/woff2")
      .header("cache-control", FONT_CACHE)
      .send(createReadStream(path.join(FONT_DIR, file)));
  });
}
