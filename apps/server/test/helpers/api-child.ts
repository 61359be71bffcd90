/**
 * A bare API process for crash tests: the real app on the database and data folder its
 * environment names (DATABASE_URL, DATA_DIR …), an allow-all upload classifier, no worker and no
 * cron. It prints `listening <port>` once it serves; the test kills it with SIGKILL mid-request,
 * the way a crashed server stops: no shutdown hook, no catch block, no refund runs.
 */
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { openDatabase } from "../../src/drivers/db/database.ts";
import { createServices } from "../../src/services.ts";
import { allowAll } from "./retouch.ts";

const config = loadConfig(process.env);
const db = openDatabase(config.database);
await migrateToLatest(db.kysely, db.dialect);
const services = createServices({ db, config, drivers: { moderation: allowAll } });
const app = await buildApp({ config, db, services });
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
