// The engine thread's entry (thread/engine-thread.ts). Plain JavaScript so it starts the same under
// node, tsx and vitest; it loads the TypeScript task table through tsx when no loader is active.
import { parentPort } from "node:worker_threads";

async function loadTasks() {
  try {
    return await import("./tasks.ts");
  } catch (error) {
    if (error?.code !== "ERR_UNKNOWN_FILE_EXTENSION") throw error;
    const { register } = await import("tsx/esm/api");
    register();
    // A failed import is cached by its URL: ask again under another one.
    return import("./tasks.ts?tsx");
  }
}

const { handlers } = await loadTasks();

/** An error as plain data: structured clone keeps neither the class nor `code`. */
function describe(error) {
  return {
    name: error?.name ?? "Error",
    code: typeof error?.code === "string" ? error.code : undefined,
    message: error?.message ?? String(error),
    stack: error?.stack,
  };
}

parentPort.on("message", async ({ id, task, args }) => {
  try {
    const value = await handlers[task](...args);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: describe(error) });
  }
});
parentPort.postMessage({ ready: true });
