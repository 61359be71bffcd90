/**
 * Operator CLI: `npm run admin -- <command> [options]`. It reads the same environment as the
 * server (DATABASE_URL, DATA_DIR ...) and goes through the same services as the API, so a grant
 * here is a ledger row like any other (ARCHITECTURE "Credits are a ledger").
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ZAccountFields } from "@gyeol/shared/contracts/auth";
import { ConfigError, loadConfig } from "../config.ts";
import { migrateDatabase } from "../db/migrate.ts";
import type { TCreditBucket } from "../db/schema.ts";
import { openDatabase } from "../drivers/db/database.ts";
import { isAppError } from "../lib/app-error.ts";
import { CREDIT_BUCKETS } from "../modules/credits/credits.service.ts";
import { createServices, type Services } from "../services.ts";
import { BackupError, backup, restore } from "./backup.ts";
import { formatTable } from "./format-table.ts";

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  user:create --email E --password P [--name N] [--admin]   create a user (argon2id password)
  credits:grant --email E --amount N --reason R [--bucket onetime|subscription|bonus]
  credits:revoke --email E --amount N --reason R [--bucket onetime|subscription|bonus]
  admin:set --email E --on|--off                             give or take administrator rights
  user:list                                                  list users
  keywords:list                                              the banned prompt keywords
  keywords:add --word W                                      ban a word (Korean or English; spacing,
                                                             jamo and look-alike variants match too)
  keywords:remove --word W                                   take a word off the list
  backup --to DIR                                            copy the SQLite database and DATA_DIR/files
                                                             into a new folder, while the service runs
  restore --from DIR                                         put a backup back (stop the service first;
                                                             the current data is moved aside, not deleted)
  --help                                                     show this help

The database is the server's: DATABASE_URL, else DATA_DIR/gyeol.sqlite. PostgreSQL and S3 are
backed up with their own tools (README "Backups").`;

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

const processIO: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** A mistake in the command line: print it and the usage hint, exit 1. */
class UsageError extends Error {}

const OPTIONS = {
  email: { type: "string" },
  password: { type: "string" },
  name: { type: "string" },
  admin: { type: "boolean" },
  amount: { type: "string" },
  reason: { type: "string" },
  bucket: { type: "string" },
  on: { type: "boolean" },
  off: { type: "boolean" },
  word: { type: "string" },
  to: { type: "string" },
  from: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

function required(values: Values, key: "email" | "password" | "amount" | "reason" | "word"): string {
  const value = values[key]?.trim();
  if (!value) throw new UsageError(`--${key} is required.`);
  return value;
}

function parseAmount(raw: string): number {
  const amount = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new UsageError(`--amount must be a positive whole number, got "${raw}".`);
  }
  return amount;
}

function parseBucket(raw: string | undefined): TCreditBucket {
  if (raw === undefined) return "onetime";
  if ((CREDIT_BUCKETS as readonly string[]).includes(raw)) return raw as TCreditBucket;
  throw new UsageError(`--bucket must be one of ${CREDIT_BUCKETS.join(", ")}, got "${raw}".`);
}

async function runCommand(command: string, values: Values, services: Services, io: CliIO): Promise<void> {
  switch (command) {
    case "user:create": {
      const email = required(values, "email");
      const parsed = ZAccountFields.safeParse({
        email,
        password: values.password ?? "",
        name: values.name ?? email.split("@")[0],
      });
      if (!parsed.success) {
        throw new UsageError(
          parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"),
        );
      }
      const user = await services.users.create({ ...parsed.data, isAdmin: values.admin === true });
      io.out(`Created user ${user.id} ${user.email} (${user.role}).`);
      return;
    }
    case "credits:grant":
    case "credits:revoke": {
      const amount = parseAmount(required(values, "amount"));
      const reason = required(values, "reason");
      const bucket = parseBucket(values.bucket);
      const user = await services.users.getByEmail(required(values, "email"));
      const change = {
        amount,
        bucket,
        kind: "admin" as const,
        reason,
        idempotencyKey: `admin:${randomUUID()}`,
      };
      const isGrant = command === "credits:grant";
      const { entry } = isGrant
        ? await services.credits.grant(user.id, change)
        : await services.credits.revoke(user.id, change);
      io.out(
        `${isGrant ? "Granted" : "Revoked"} ${amount} ${bucket} credits ${isGrant ? "to" : "from"} ${user.email}; ` +
          `${bucket} balance is now ${entry.balance_after}.`,
      );
      return;
    }
    case "admin:set": {
      if (values.on === values.off) throw new UsageError("Give exactly one of --on or --off.");
      const user = await services.users.getByEmail(required(values, "email"));
      const updated = await services.users.setAdmin(user.id, values.on === true);
      io.out(`${updated.email} is now ${updated.role === "admin" ? "an administrator" : "a regular user"}.`);
      return;
    }
    case "user:list": {
      const users = await services.users.list();
      const rows = users.map((u) => [
        String(u.id),
        u.email,
        u.role,
        u.plan,
        String(u.onetime_credits + u.subscription_credits),
        String(u.bonus_credits),
        u.created_at.slice(0, 19).replace("T", " "),
      ]);
      io.out(formatTable(["id", "email", "role", "plan", "credits", "bonus", "created (UTC)"], rows));
      return;
    }
    case "keywords:list": {
      io.out((await services.bannedKeywords.list()).join("\n"));
      return;
    }
    case "keywords:add":
    case "keywords:remove": {
      const word = required(values, "word").toLowerCase();
      const now = await services.bannedKeywords.list();
      const next = command === "keywords:add" ? [...now, word] : now.filter((k) => k !== word);
      if (command === "keywords:remove" && next.length === now.length)
        throw new UsageError(`"${word}" is not on the list.`);
      await services.bannedKeywords.set(next);
      io.out(`${command === "keywords:add" ? "Banned" : "Allowed"} "${word}" (${next.length} keywords).`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

/** Runs the CLI and returns the exit code; tests call it in-process with their own env. */
export async function main(
  argv: readonly string[],
  { env = process.env, io = processIO }: { env?: Record<string, string | undefined>; io?: CliIO } = {},
): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const [command, ...extra] = parsed.positionals;
  if (parsed.values.help || command === undefined || command === "help") {
    (command === undefined && !parsed.values.help ? io.err : io.out)(USAGE);
    return command === undefined && !parsed.values.help ? 1 : 0;
  }
  if (extra.length > 0) {
    io.err(`Unexpected argument(s): ${extra.join(" ")}\n\n${USAGE}`);
    return 1;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  if (command === "backup" || command === "restore")
    return runBackupCommand(command, parsed.values, config, io);
  const db = openDatabase(config.database);
  let services: Services | undefined;
  try {
    await migrateDatabase(db);
    services = createServices({ db, config });
    await runCommand(command, parsed.values, services, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\nRun with --help for the commands.`);
    else if (isAppError(error)) io.err(`Error: ${error.message}`);
    else io.err(`Unexpected error: ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    // The BullMQ driver connects to Redis as soon as it is made (REDIS_URL), and an open
    // connection keeps Node running after the command is done: close what the services opened.
    await services?.queue
      .close()
      .catch((error: unknown) => io.err(`Could not close the queue: ${String(error)}`));
    await db.destroy();
  }
}

/** backup and restore work on the files themselves: no migrations, no services, no queue. */
async function runBackupCommand(
  command: "backup" | "restore",
  values: Values,
  config: ReturnType<typeof loadConfig>,
  io: CliIO,
): Promise<number> {
  try {
    if (command === "backup") {
      const to = values.to?.trim();
      if (!to) throw new UsageError("--to DIR is required: a new or empty folder for the backup.");
      const started = Date.now();
      const manifest = await backup(config, to);
      io.out(
        `Backed up the database (${manifest.database.bytes} bytes, migration ${manifest.database.migration ?? "none"})` +
          (manifest.files
            ? ` and ${manifest.files.count} files (${manifest.files.bytes} bytes)`
            : '; files are in the S3 bucket (back it up with versioning, README "Backups")') +
          ` to ${path.resolve(to)} in ${Date.now() - started} ms.`,
      );
      return 0;
    }
    const from = values.from?.trim();
    if (!from) throw new UsageError("--from DIR is required: a folder made by backup --to.");
    const { manifest, movedAside } = await restore(config, from);
    io.out(
      `Restored the backup of ${manifest.createdAt}` +
        (manifest.files ? ` (${manifest.files.count} files)` : "") +
        "." +
        (movedAside.length > 0 ? ` The data it replaced was moved aside:\n  ${movedAside.join("\n  ")}` : ""),
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\nRun with --help for the commands.`);
    else if (error instanceof BackupError) io.err(`Error: ${error.message}`);
    else io.err(`Unexpected error: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
