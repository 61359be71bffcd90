/**
 * A fault-injecting TCP proxy for dependency tests (issue 28): the app talks to a dependency
 * (S3, Redis, PostgreSQL, a vendor) through it, and the test decides what the connection does:
 *   pass    forward both ways (the dependency is there)
 *   refuse  new connections are reset at once (nothing listens); open ones are cut
 *   hang    new connections are accepted and never answered (a dependency that froze); open ones
 *           stop forwarding too; back to pass, those accepted while hanging are reset
 *   cut()   destroys every open connection once, whatever the mode (a restart or failover)
 */
import { connect, createServer, type Server, type Socket } from "node:net";

export type TFaultMode = "pass" | "refuse" | "hang";

export interface FaultProxy {
  /** host:port the app should use instead of the dependency's. */
  readonly port: number;
  readonly url: (scheme: string, path?: string) => string;
  mode: TFaultMode;
  /** Sets the mode; "refuse" and "hang" also act on the connections already open. */
  set(mode: TFaultMode): void;
  cut(): void;
  /** Connections accepted so far (to see that the app came back by itself). */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const open = new Set<{ client: Socket; upstream: Socket | null }>();
  let mode: TFaultMode = "pass";
  let accepted = 0;

  const drop = (pair: { client: Socket; upstream: Socket | null }) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    open.delete(pair);
  };

  const server: Server = createServer((client) => {
    accepted += 1;
    const pair = { client, upstream: null as Socket | null };
    client.on("error", () => drop(pair));
    client.on("close", () => drop(pair));
    if (mode === "refuse") {
      client.resetAndDestroy();
      return;
    }
    open.add(pair);
    if (mode === "hang") return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", () => drop(pair));
    upstream.on("close", () => drop(pair));
    upstream.on("data", (chunk) => {
      if (mode === "pass") client.write(chunk);
    });
    client.on("data", (chunk) => {
      if (mode === "pass") upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  const proxy: FaultProxy = {
    port,
    url: (scheme, path = "") => `${scheme}://127.0.0.1:${port}${path}`,
    get mode() {
      return mode;
    },
    set mode(next: TFaultMode) {
      proxy.set(next);
    },
    set(next) {
      mode = next;
      if (next === "refuse") for (const pair of [...open]) drop(pair);
      // A dependency that comes back resets the connections it accepted while frozen and never
      // served (a restarted process, a load balancer's reset). Left open they would hang forever:
      // an HTTP client connects again the moment an aborted request's socket closes, so the next
      // request would otherwise go to a connection accepted during the hang.
      if (next === "pass") for (const pair of [...open]) if (!pair.upstream) drop(pair);
    },
    cut() {
      for (const pair of [...open]) drop(pair);
    },
    get accepted() {
      return accepted;
    },
    async close() {
      for (const pair of [...open]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
