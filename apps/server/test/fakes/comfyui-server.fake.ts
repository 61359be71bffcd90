/**
 * A contract fake of a ComfyUI server (vendors CONTRACTS.md §6; issue 25) on 127.0.0.1: real
 * HTTP (node:http) and a real WebSocket (ws) in ComfyUI's protocol, every route also under /api:
 * - POST /upload/image (multipart: image, overwrite; subfolder and type are ignored: every upload
 *   lands in the input folder) → `{name, subfolder: "", type: "input"}`;
 *   a taken name becomes `name (1).ext` unless overwrite is "true"/"1"
 * - POST /prompt `{prompt, client_id?, prompt_id?, number?, front?, extra_data?}` → 200
 *   `{prompt_id, number, node_errors}`, or 400 `{error:{type,message,details,extra_info},
 *   node_errors}` after validating like execution.py (comfyui-graph.ts: known class_type,
 *   required inputs, well-formed links to an existing node's existing output of the right type,
 *   enum values incl. the installed models → value_not_in_list, number bounds, LoadImage's file,
 *   an output node → else prompt_no_outputs); GET /prompt → `{exec_info:{queue_remaining}}`
 * - GET /queue → `{queue_running, queue_pending}`; POST /queue `{delete:[ids]}` | `{clear:true}`
 * - POST /interrupt `{prompt_id?}` (only the running prompt, or any without an id)
 * - GET /history/{id} → `{}` until done, then `{id:{prompt, outputs, status, meta}}`; GET /history
 * - GET /view?filename&subfolder&type → the PNG; 404 if missing; 400 on path tricks
 * - GET /object_info[/{class}], GET /system_stats
 * - GET /ws?clientId= → `status` on connect; then for the client's prompts execution_start,
 *   execution_cached, executing, progress, executed, execution_success / execution_error /
 *   execution_interrupted, and `executing {node:null}` last.
 * Prompts really execute (comfyui-graph.ts): the outputs are PNGs made from the uploaded images.
 *
 * Knobs: `core` (installedModels, stepDelayMs, failWith "oom"|"error", hang, paused; records
 * prompts, uploads, interrupts, queueDeletes), `websocket` ("ok"; "refuse": the upgrade answers
 * 503; "drop": every socket is closed once a prompt starts), `dropRequests` (the next N HTTP
 * requests lose their connection without an answer), `requests` (method + path of each request).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import { type ComfyFakeCore, createComfyFakeCore } from "./comfyui-fake-core.ts";
import type { TInstalledModels } from "./comfyui-graph.ts";

export interface ComfyuiServerFake {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  core: ComfyFakeCore;
  websocket: "ok" | "refuse" | "drop";
  dropRequests: number;
  requests: Array<{ method: string; path: string }>;
  /** clientIds of the sockets opened so far. */
  sockets: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startComfyuiServerFake(
  options: { port?: number; installedModels?: TInstalledModels; core?: ComfyFakeCore } = {},
): Promise<ComfyuiServerFake> {
  const core = options.core ?? createComfyFakeCore({ installedModels: options.installedModels });
  const connections = new Set<Socket>();
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Map<WebSocket, string>();

  const fake = {
    core,
    websocket: "ok",
    dropRequests: 0,
    requests: [],
    sockets: [],
  } as unknown as ComfyuiServerFake;

  const unsubscribe = core.subscribe((message, clientId) => {
    const text = JSON.stringify(message);
    for (const [socket, sid] of clients) {
      if (clientId !== null && sid !== clientId) continue;
      socket.send(text);
    }
    if (message.type === "execution_start" && fake.websocket === "drop")
      for (const socket of clients.keys()) socket.terminate();
  });

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/^\/api(?=\/)/, "");
    fake.requests.push({ method: request.method ?? "GET", path });
    if (fake.dropRequests > 0) {
      fake.dropRequests -= 1;
      request.socket.destroy();
      return;
    }
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    try {
      if (path === "/upload/image" && request.method === "POST") {
        const body = await readBody(request);
        const form = await new Request("http://fake/upload", {
          method: "POST",
          headers: { "content-type": String(request.headers["content-type"] ?? "") },
          body,
        }).formData();
        const image = form.get("image");
        if (!image || typeof image === "string") return send(400, { error: "image is required" });
        const overwrite = ["true", "1"].includes(String(form.get("overwrite") ?? "").toLowerCase());
        const name = (image as File).name;
        if (!name || name.includes("/") || name.includes("\\") || name.startsWith("."))
          return send(400, { error: "bad file name" });
        return send(200, core.upload(name, Buffer.from(await (image as File).arrayBuffer()), overwrite));
      }
      if (path === "/prompt" && request.method === "POST") {
        let body: unknown;
        try {
          body = JSON.parse((await readBody(request)).toString("utf8"));
        } catch {
          return send(400, {
            error: { type: "invalid_prompt", message: "invalid JSON", details: "", extra_info: {} },
            node_errors: {},
          });
        }
        const answer = core.submit(body);
        return send(answer.status, answer.body);
      }
      if (path === "/prompt" && request.method === "GET")
        return send(200, { exec_info: { queue_remaining: core.queueRemaining() } });
      if (path === "/queue" && request.method === "GET") return send(200, core.queue());
      if (path === "/queue" && request.method === "POST") {
        const body = JSON.parse((await readBody(request)).toString("utf8") || "{}") as {
          delete?: string[];
          clear?: boolean;
        };
        if (body.clear) core.clearQueue();
        if (Array.isArray(body.delete)) core.deleteQueued(body.delete.map(String));
        response.writeHead(200);
        return response.end();
      }
      if (path === "/interrupt" && request.method === "POST") {
        const text = (await readBody(request)).toString("utf8");
        const body = text ? (JSON.parse(text) as { prompt_id?: string }) : {};
        core.interrupt(body.prompt_id ?? null);
        response.writeHead(200);
        return response.end();
      }
      const history = path.match(/^\/history\/([^/]+)$/);
      if (history && request.method === "GET") {
        const entry = core.history.get(decodeURIComponent(history[1]!));
        return send(200, entry ? { [decodeURIComponent(history[1]!)]: entry } : {});
      }
      if (path === "/history" && request.method === "GET") return send(200, Object.fromEntries(core.history));
      if (path === "/view" && request.method === "GET") {
        const filename = url.searchParams.get("filename") ?? "";
        const subfolder = url.searchParams.get("subfolder") ?? "";
        const type = url.searchParams.get("type") ?? "output";
        if (!filename || filename.includes("..") || subfolder.includes("..") || filename.startsWith("/"))
          return send(400, { error: "bad path" });
        if (!["output", "input", "temp"].includes(type)) return send(400, { error: "bad type" });
        const bytes = core.view(filename, subfolder, type);
        if (!bytes) {
          response.writeHead(404);
          return response.end();
        }
        response.writeHead(200, {
          "content-type": "image/png",
          "content-length": bytes.length,
          "content-disposition": `filename="${filename}"`,
        });
        return response.end(bytes);
      }
      if (path === "/object_info" && request.method === "GET") return send(200, core.objectInfo());
      const info = path.match(/^\/object_info\/([^/]+)$/);
      if (info && request.method === "GET") {
        const all = core.objectInfo();
        const name = decodeURIComponent(info[1]!);
        return send(200, all[name] ? { [name]: all[name] } : {});
      }
      if (path === "/system_stats" && request.method === "GET")
        return send(200, {
          system: {
            os: "posix",
            comfyui_version: "0.3.75-fake",
            python_version: "3.12",
            embedded_python: false,
          },
          devices: [{ name: "fake", type: "cuda", index: 0, vram_total: 24e9, vram_free: 20e9 }],
        });
      response.writeHead(404);
      response.end();
    } catch (error) {
      send(500, { error: String(error) });
    }
  });
  server.on("connection", (socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
  });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/^\/api(?=\/)/, "");
    if (path !== "/ws" || fake.websocket === "refuse") {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n");
      return;
    }
    const clientId = url.searchParams.get("clientId") ?? crypto.randomUUID().replace(/-/g, "");
    wss.handleUpgrade(request, socket, head, (ws) => {
      clients.set(ws, clientId);
      fake.sockets.push(clientId);
      ws.on("close", () => clients.delete(ws));
      ws.on("error", () => clients.delete(ws));
      ws.send(
        JSON.stringify({
          type: "status",
          data: { status: { exec_info: { queue_remaining: core.queueRemaining() } }, sid: clientId },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    unsubscribe();
    core.stop();
    for (const socket of clients.keys()) socket.terminate();
    wss.close();
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
