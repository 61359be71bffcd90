/**
 * One fake ComfyUI process without its transport (issue 25): the input folder, the prompt queue
 * (one prompt runs at a time, lowest number first), execution through comfyui-graph.ts, history,
 * saved files and the messages ComfyUI sends a client. The HTTP + WebSocket fake
 * (comfyui-server.fake.ts) serves it; the RunPod worker-comfyui fake drives it the way handler.py
 * drives its local ComfyUI.
 *
 * Knobs tests set on the core: installedModels (the loaders' lists), stepDelayMs (per sampler
 * step), failWith ("oom" | "error": the first node of failAtClass raises), hang (the sampler stops
 * after its first step until interrupted), paused (queued prompts wait; setting it false starts them).
 * Records: prompts (every accepted POST /prompt), uploads, interrupts (with whether it hit the
 * running prompt), queueDeletes.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  DEFAULT_INSTALLED_MODELS,
  ExecutionInterrupted,
  executePrompt,
  NodeExecutionError,
  OOM_MESSAGE,
  objectInfo,
  type TInstalledModels,
  type TPrompt,
  type TSavedImage,
  validatePrompt,
} from "./comfyui-graph.ts";

export interface TComfyMessage {
  type: string;
  data: Record<string, unknown>;
}

interface QueueItem {
  number: number;
  promptId: string;
  prompt: TPrompt;
  extraData: Record<string, unknown>;
  outputs: string[];
  clientId: string | null;
}

export interface THistoryEntry {
  prompt: [number, string, TPrompt, Record<string, unknown>, string[]];
  outputs: Record<string, { images: TSavedImage[] }>;
  status: {
    status_str: "success" | "error";
    completed: boolean;
    messages: Array<[string, Record<string, unknown>]>;
  };
  meta: Record<string, unknown>;
}

export interface ComfyFakeCore {
  installedModels: TInstalledModels;
  stepDelayMs: number;
  failWith: null | "oom" | "error";
  failAtClass: string;
  hang: boolean;
  paused: boolean;
  /** The input folder: uploaded name → bytes. */
  inputs: Map<string, Buffer>;
  history: Map<string, THistoryEntry>;
  prompts: Array<{ promptId: string; clientId: string | null; prompt: TPrompt }>;
  uploads: Array<{ name: string; overwrite: boolean; bytes: number }>;
  interrupts: Array<{ promptId: string | null; hit: boolean }>;
  queueDeletes: string[];
  upload(name: string, bytes: Buffer, overwrite: boolean): { name: string; subfolder: string; type: "input" };
  /** POST /prompt's answer for a body. */
  submit(body: unknown): { status: number; body: unknown };
  interrupt(promptId: string | null): void;
  deleteQueued(ids: readonly string[]): void;
  clearQueue(): void;
  queue(): { queue_running: unknown[][]; queue_pending: unknown[][] };
  queueRemaining(): number;
  /** The running prompt's id, if any. */
  runningId(): string | null;
  objectInfo(): Record<string, unknown>;
  view(filename: string, subfolder: string, type: string): Buffer | undefined;
  /** Every message ComfyUI sends; clientId null = broadcast to every socket. */
  subscribe(listener: (message: TComfyMessage, clientId: string | null) => void): () => void;
  /** Interrupts the running prompt and drops the queue (the fake's close). */
  stop(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createComfyFakeCore(options: { installedModels?: TInstalledModels } = {}): ComfyFakeCore {
  const listeners = new Set<(message: TComfyMessage, clientId: string | null) => void>();
  const files = new Map<string, Buffer>();
  const counters = new Map<string, number>();
  let pending: QueueItem[] = [];
  let running: QueueItem | null = null;
  let interruptRequested = false;
  let stopped = false;
  let paused = false;
  let number = 0;

  const emit = (type: string, data: Record<string, unknown>, clientId: string | null) => {
    for (const listener of listeners) listener({ type, data }, clientId);
  };
  const status = () =>
    emit("status", { status: { exec_info: { queue_remaining: core.queueRemaining() } } }, null);
  const entry = (item: QueueItem): unknown[] => [
    item.number,
    item.promptId,
    item.prompt,
    item.extraData,
    item.outputs,
  ];

  const core: ComfyFakeCore = {
    installedModels: structuredClone(options.installedModels ?? DEFAULT_INSTALLED_MODELS),
    stepDelayMs: 0,
    failWith: null,
    failAtClass: "KSampler",
    hang: false,
    get paused() {
      return paused;
    },
    set paused(value: boolean) {
      paused = value;
      if (!value) queueMicrotask(pump);
    },
    inputs: new Map(),
    history: new Map(),
    prompts: [],
    uploads: [],
    interrupts: [],
    queueDeletes: [],

    upload(name, bytes, overwrite) {
      let final = name;
      const existing = core.inputs.get(name);
      if (existing && !overwrite && !existing.equals(bytes)) {
        // server.py image_upload: `name (1).ext`, `name (2).ext`, … unless overwrite is set.
        const dot = name.lastIndexOf(".");
        const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
        for (let i = 1; core.inputs.has(final); i++) final = `${stem} (${i})${ext}`;
      }
      core.inputs.set(final, bytes);
      core.uploads.push({ name: final, overwrite, bytes: bytes.length });
      return { name: final, subfolder: "", type: "input" };
    },

    submit(body) {
      const json = (body ?? {}) as Record<string, unknown>;
      const error = (
        type: string,
        message: string,
        nodeErrors: Record<string, unknown> = {},
        details = "",
      ) => ({
        status: 400,
        body: { error: { type, message, details, extra_info: {} }, node_errors: nodeErrors },
      });
      if (!("prompt" in json)) return error("no_prompt", "No prompt provided");
      const promptId = json.prompt_id === undefined ? randomUUID() : String(json.prompt_id);
      if (!UUID.test(promptId))
        return error(
          "invalid_prompt_id",
          "Invalid prompt_id: it must be a canonical lowercase UUID",
          {},
          promptId,
        );
      if (
        core.history.has(promptId) ||
        pending.some((p) => p.promptId === promptId) ||
        running?.promptId === promptId
      )
        return error("invalid_prompt_id", "prompt_id is already in use", {}, promptId);
      const validation = validatePrompt(json.prompt, core.installedModels, new Set(core.inputs.keys()));
      if (!validation.ok)
        return error(
          validation.error.type,
          validation.error.message,
          validation.nodeErrors,
          validation.error.details,
        );
      number += 1;
      const clientId = typeof json.client_id === "string" ? json.client_id : null;
      const item: QueueItem = {
        number: typeof json.number === "number" ? json.number : json.front === true ? -number : number,
        promptId,
        prompt: json.prompt as TPrompt,
        extraData: {
          ...((json.extra_data as Record<string, unknown>) ?? {}),
          ...(clientId ? { client_id: clientId } : {}),
        },
        outputs: validation.outputs,
        clientId,
      };
      pending.push(item);
      core.prompts.push({ promptId, clientId, prompt: item.prompt });
      status();
      queueMicrotask(pump);
      return {
        status: 200,
        body: { prompt_id: promptId, number: item.number, node_errors: validation.nodeErrors },
      };
    },

    interrupt(promptId) {
      const hit = running !== null && (promptId === null || running.promptId === promptId);
      core.interrupts.push({ promptId, hit });
      if (hit) interruptRequested = true;
    },
    deleteQueued(ids) {
      core.queueDeletes.push(...ids);
      pending = pending.filter((item) => !ids.includes(item.promptId));
      status();
    },
    clearQueue() {
      pending = [];
      status();
    },
    queue() {
      return {
        queue_running: running ? [entry(running)] : [],
        queue_pending: pending.map(entry),
      };
    },
    queueRemaining: () => pending.length + (running ? 1 : 0),
    runningId: () => running?.promptId ?? null,
    objectInfo: () => objectInfo(core.installedModels, [...core.inputs.keys()]),
    view(filename, subfolder, type) {
      if (type === "input" && !subfolder) return core.inputs.get(filename);
      return files.get(`${type}/${subfolder}/${filename}`);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      pending = [];
      if (running) interruptRequested = true;
    },
  };

  function save(prefix: string, png: Buffer, type: "output" | "temp"): TSavedImage {
    const slash = prefix.lastIndexOf("/");
    const subfolder = slash >= 0 ? prefix.slice(0, slash) : "";
    let base = slash >= 0 ? prefix.slice(slash + 1) : prefix;
    if (type === "temp") base = `${base}_${createHash("sha1").update(png).digest("hex").slice(0, 5)}`;
    const key = `${type}/${subfolder}/${base}`;
    const counter = (counters.get(key) ?? 0) + 1;
    counters.set(key, counter);
    const filename = `${base}_${String(counter).padStart(5, "0")}_.png`;
    files.set(`${type}/${subfolder}/${filename}`, png);
    return { filename, subfolder, type };
  }

  function pump() {
    if (running || paused || stopped || pending.length === 0) return;
    pending.sort((a, b) => a.number - b.number);
    running = pending.shift()!;
    interruptRequested = false;
    void execute(running).finally(() => {
      running = null;
      status();
      pump();
    });
  }

  async function execute(item: QueueItem) {
    const { promptId, clientId } = item;
    const messages: Array<[string, Record<string, unknown>]> = [];
    const send = (type: string, data: Record<string, unknown>, record = false) => {
      const full = { ...data, prompt_id: promptId, ...(record ? { timestamp: Date.now() } : {}) };
      if (record) messages.push([type, full]);
      emit(type, full, clientId);
    };
    const executed: string[] = [];
    const at: { current: { id: string; type: string } | null } = { current: null };
    const checkInterrupt = () => {
      if (interruptRequested) throw new ExecutionInterrupted(at.current?.id ?? "", at.current?.type ?? "");
    };
    send("execution_start", {}, true);
    send("execution_cached", { nodes: [] }, true);
    let outputs: Record<string, { images: TSavedImage[] }> = {};
    let ok = false;
    try {
      outputs = await executePrompt(item.prompt, item.outputs, {
        async executing(id, type) {
          if (at.current) executed.push(at.current.id);
          at.current = { id, type };
          checkInterrupt();
          send("executing", { node: id, display_node: id });
          if (core.failWith && type === core.failAtClass) {
            throw new NodeExecutionError(
              id,
              type,
              core.failWith === "oom" ? "torch.OutOfMemoryError" : "RuntimeError",
              core.failWith === "oom"
                ? OOM_MESSAGE
                : "mat1 and mat2 shapes cannot be multiplied (77x2048 and 768x320)",
            );
          }
        },
        async progress(id, _type, value, max) {
          checkInterrupt();
          if (core.stepDelayMs > 0) await sleep(core.stepDelayMs);
          checkInterrupt();
          send("progress", { value, max, node: id });
          while (core.hang && !interruptRequested) await sleep(10);
          checkInterrupt();
        },
        executed(id, images) {
          send("executed", { node: id, display_node: id, output: { images } });
        },
        readInput: (name) => core.inputs.get(name),
        save,
      });
      if (at.current) executed.push(at.current.id);
      ok = true;
      send("execution_success", {}, true);
    } catch (error) {
      if (error instanceof ExecutionInterrupted) {
        send(
          "execution_interrupted",
          { node_id: error.nodeId, node_type: error.nodeType, executed: [...executed] },
          true,
        );
      } else {
        const failure =
          error instanceof NodeExecutionError
            ? error
            : new NodeExecutionError(
                at.current?.id ?? "",
                at.current?.type ?? "",
                "Exception",
                String(error),
              );
        send(
          "execution_error",
          {
            node_id: failure.nodeId,
            node_type: failure.nodeType,
            executed: [...executed],
            exception_message: failure.message,
            exception_type: failure.exceptionType,
            traceback: [
              `  File "execution.py", line 496, in execute\n`,
              `${failure.exceptionType}: ${failure.message}\n`,
            ],
            current_inputs: {},
            current_outputs: {},
          },
          true,
        );
      }
    }
    core.history.set(promptId, {
      prompt: [item.number, promptId, item.prompt, item.extraData, item.outputs],
      outputs,
      status: { status_str: ok ? "success" : "error", completed: ok, messages },
      meta: Object.fromEntries(
        Object.keys(outputs).map((id) => [
          id,
          { node_id: id, display_node: id, parent_node: null, real_node_id: id },
        ]),
      ),
    });
    // main.py prompt_worker: the legacy "done" signal after every prompt.
    emit("executing", { node: null, prompt_id: promptId }, clientId);
  }

  return core;
}
