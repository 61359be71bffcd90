/**
 * The ComfyUI contract fake as a process of its own (issue 25), for a dev stand-in: a ComfyUI
 * server at 127.0.0.1:$COMFYUI_FAKE_PORT (default 18188) whose installed models are
 * DEFAULT_INSTALLED_MODELS (comfyui-graph.ts) and whose sampler takes COMFYUI_FAKE_STEP_MS (default
 * 150 ms) a step, so a page shows the queue and the progress move. Results are the inputs run
 * through the graph (edits tinted, upscales resized). Point COMFYUI_URL at the address it prints.
 * `npm start` never runs it.
 */
import { startComfyuiServerFake } from "./comfyui-server.fake.ts";

const port = Number(process.env.COMFYUI_FAKE_PORT ?? 18188);
const fake = await startComfyuiServerFake({ port });
fake.core.stepDelayMs = Number(process.env.COMFYUI_FAKE_STEP_MS ?? 150);
process.stdout.write(`[dev] stand-in ComfyUI server (test provider) at ${fake.baseUrl}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
