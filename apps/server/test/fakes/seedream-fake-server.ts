/**
 * `npm run dev` starts this when no image-edit provider is configured (scripts/dev.mjs): the
 * Seedream contract fake as a local stand-in whose results are the first picture recoloured, so a
 * run visibly does something. The server is told IMAGE_EDIT_TEST_PROVIDER=true, so the image-edit
 * page says "test provider". `npm start` never runs it.
 */
import { startSeedreamFake } from "./seedream-fake.ts";

const fake = await startSeedreamFake({
  port: Number(process.env.SEEDREAM_FAKE_PORT ?? 11436),
  apiKey: process.env.SEEDREAM_API_KEY ?? "dev-standin",
  results: "recolour",
});
process.stdout.write(`[dev] stand-in Seedream (test provider) at ${fake.baseUrl}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
