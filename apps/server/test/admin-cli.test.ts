import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliIO, main } from "../src/cli/admin.ts";
import { createTestDatabase, TEST_DATABASES } from "./helpers/databases.ts";
import { check, register, TEST_PASSWORD } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

function captureIO() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t) };
  return { io, out, err };
}

describe.each(TEST_DATABASES)("admin CLI on $name", (database) => {
  let t: TestApp;
  const run = async (...args: string[]) => {
    const capture = captureIO();
    const code = await main(args, { env: t.env, io: capture.io });
    return { code, out: capture.out.join("\n"), err: capture.err.join("\n") };
  };

  beforeEach(async () => {
    t = await createTestApp({ database });
  });
  afterEach(async () => {
    await t.close();
  });

  it("grants credits that the user then sees through the auth check", async () => {
    const { email, cookie } = await register(t.app);
    const granted = await run("credits:grant", "--email", email, "--amount", "1234", "--reason", "welcome");
    expect(granted).toMatchObject({ code: 0, err: "" });
    expect(granted.out).toContain("1234");
    const bonus = await run(
      "credits:grant",
      "--email",
      email,
      "--amount",
      "10",
      "--reason",
      "gift",
      "--bucket",
      "bonus",
    );
    expect(bonus.code).toBe(0);

    const checked = (await check(t.app, cookie)).json();
    expect(checked.user).toMatchObject({ credits: 1234, bonus_credits: 10 });
    const ledger = await t.services.credits.listLedger(checked.user.id);
    expect(ledger.map((e) => [e.kind, e.delta, e.idempotency_key.startsWith("admin:")])).toEqual([
      ["admin", 1234, true],
      ["admin", 10, true],
    ]);

    const revoked = await run(
      "credits:revoke",
      "--email",
      email,
      "--amount",
      "234",
      "--reason",
      "correction",
    );
    expect(revoked.code).toBe(0);
    expect((await check(t.app, cookie)).json().user.credits).toBe(1000);
    const tooMuch = await run("credits:revoke", "--email", email, "--amount", "5000", "--reason", "oops");
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.err).toContain("Not enough credits");
  });

  it("lists, adds and removes banned prompt keywords, which the API then applies (issue 27)", async () => {
    const listed = await run("keywords:list");
    expect(listed.code).toBe(0);
    expect(listed.out.split("\n")).toEqual(expect.arrayContaining(["bikini", "비키니"]));
    expect((await run("keywords:add", "--word", "수영복")).code).toBe(0);
    expect(await t.services.bannedKeywords.list()).toContain("수영복");
    const removed = await run("keywords:remove", "--word", "비키니");
    expect(removed).toMatchObject({ code: 0 });
    expect(await t.services.bannedKeywords.list()).not.toContain("비키니");
    const missing = await run("keywords:remove", "--word", "없는말");
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("not on the list");
    expect((await run("keywords:add")).err).toContain("--word is required");
  });

  it("creates users, toggles admin rights and lists them", async () => {
    const created = await run(
      "user:create",
      "--email",
      "Ops@Example.com",
      "--password",
      TEST_PASSWORD,
      "--admin",
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain("ops@example.com (admin)");
    const second = await run(
      "user:create",
      "--email",
      "two@example.com",
      "--password",
      TEST_PASSWORD,
      "--name",
      "Two",
    );
    expect(second.out).toContain("(user)");
    expect((await run("admin:set", "--email", "two@example.com", "--on")).code).toBe(0);
    expect((await t.services.users.findByEmail("two@example.com"))?.role).toBe("admin");
    expect((await run("admin:set", "--email", "ops@example.com", "--off")).code).toBe(0);

    const list = await run("user:list");
    expect(list.code).toBe(0);
    const lines = list.out.split("\n");
    expect(lines[0]).toMatch(/^id\s+email\s+role\s+plan\s+credits\s+bonus\s+created/);
    expect(lines[2]).toMatch(/^1\s+ops@example\.com\s+user\s+free\s+0\s+0\s/);
    expect(lines[3]).toMatch(/^2\s+two@example\.com\s+admin\s/);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "two@example.com", password: TEST_PASSWORD },
    });
    expect(login.json().user.isAdmin).toBe(true);
  });

  it("exits 1 with a clear message on bad input or an unknown user", async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ["credits:grant", "--email", "ghost@example.com", "--amount", "5", "--reason", "x"],
        /No user with the e-mail/,
      ],
      [
        ["credits:grant", "--email", "a@example.com", "--amount", "2.5", "--reason", "x"],
        /positive whole number/,
      ],
      [
        ["credits:grant", "--email", "a@example.com", "--amount=-5", "--reason", "x"],
        /positive whole number/,
      ],
      [["credits:grant", "--email", "a@example.com", "--amount", "5"], /--reason is required/],
      [
        ["credits:grant", "--email", "a@example.com", "--amount", "5", "--reason", "x", "--bucket", "gold"],
        /--bucket/,
      ],
      [["admin:set", "--email", "a@example.com"], /exactly one of --on or --off/],
      [["user:create", "--email", "bad", "--password", "short"], /e-mail|characters/],
      [["nonsense"], /Unknown command/],
      [["user:list", "--wat"], /Unknown option/],
      [[], /Usage/],
    ];
    for (const [args, message] of cases) {
      const result = await run(...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.err, args.join(" ")).toMatch(message);
    }
    const help = await run("--help");
    expect(help.code).toBe(0);
    expect(help.out).toContain("credits:grant");
  });

  it("refuses an e-mail that is already registered", async () => {
    const { email } = await register(t.app);
    const result = await run("user:create", "--email", email, "--password", TEST_PASSWORD);
    expect(result.code).toBe(1);
    expect(result.err).toContain("already registered");
  });
});

const CLI_PATH = fileURLToPath(new URL("../src/cli/admin.ts", import.meta.url));
/** A hung CLI never exits; a healthy one takes a few seconds, more on a loaded machine. */
const CLI_EXIT_BOUND_MS = 120_000;

/** Runs `npm run admin`'s command line in its own process; its exit code, or "hung" past the bound. */
function spawnCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | "hung"; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI_PATH, ...args], {
      cwd: path.resolve(path.dirname(CLI_PATH), "../../../.."),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve({ code: "hung", out, err });
    }, CLI_EXIT_BOUND_MS);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, out, err });
    });
  });
}

describe.each(TEST_DATABASES)("the admin CLI process on $name", (database) => {
  it(
    "exits with 0 once the command is done, also with REDIS_URL set (BullMQ)",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "gyeol-cli-"));
      const testDb = await createTestDatabase(database, dir);
      try {
        const result = await spawnCli(["user:list"], {
          DATA_DIR: dir,
          DATABASE_URL: testDb.url,
          LOG_LEVEL: "silent",
          // The queue driver the server would use: BullMQ connects to Redis as it is made.
          ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
        });
        expect(result.code, result.err).toBe(0);
        expect(result.out).toMatch(/^id\s+email\s+role/);
      } finally {
        await testDb.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    CLI_EXIT_BOUND_MS + 30_000,
  );
});
