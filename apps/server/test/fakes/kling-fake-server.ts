/**
 * `npm run dev` starts this when Kling is not configured (scripts/dev.mjs): the Kling contract
 * fake as a local stand-in. Each result is the run's reference (or first character) image tinted
 * a different hue per index, or a soft gradient for a prompt alone, so the page shows something
 * that moves with the input. The server is told KLING_TEST_PROVIDER=true, so the page says "test
 * provider". `npm start` never runs it.
 */
import { renderTinted, startKlingFake } from "./kling-fake.ts";

const port = Number(process.env.KLING_FAKE_PORT ?? 11437);
const fake = await startKlingFake(Buffer.alloc(0), { port, render: renderTinted });
fake.accessKey = process.env.KLING_ACCESS_KEY ?? "dev-standin";
fake.secretKey = process.env.KLING_SECRET_KEY ?? "dev-standin-secret";
process.stdout.write(`[dev] stand-in Kling image API (test provider) at ${fake.baseUrl}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
