/**
 * A process that writes without pause, the way the service does, to the database and data folder
 * its environment names: each round stores a file, then records a ledger line naming it (a grant
 * of 1 credit whose reason is the file's key). It prints `line <n> <key>` after each commit, so
 * the backup test knows which lines were committed before its backup began.
 */
import { loadConfig } from "../../src/config.ts";
import { migrateDatabase } from "../../src/db/migrate.ts";
import { openDatabase } from "../../src/drivers/db/database.ts";
import { createServices } from "../../src/services.ts";
import { allowAll } from "./retouch.ts";

const config = loadConfig(process.env);
const db = openDatabase(config.database);
await migrateDatabase(db);
const services = createServices({ db, config, drivers: { moderation: allowAll } });
const email = "ledger-writer@example.com";
const user = await services.users
  .getByEmail(email)
  .catch(() => services.users.create({ email, password: "correct horse battery", name: "writer" }));

for (let n = 1; ; n++) {
  const key = await services.storage.put({
    visibility: "private",
    folder: "uploads",
    extension: "png",
    contentType: "image/png",
    bytes: Buffer.from(`file ${n}`),
  });
  await services.credits.grant(user.id, { amount: 1, reason: key, idempotencyKey: `writer:${n}` });
  process.stdout.write(`line ${n} ${key}\n`);
}
