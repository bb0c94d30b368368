/** `landunits db …`: each command's name, arguments, options and help; its action imports `db/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const dbCommands = (db: Command, cli: Cli) => {
  db.command("migrate")
    .description(
      "apply every pending schema migration (DATABASE_URL, else the embedded database in DATA_DIR)",
    )
    .action(async () => (await import("./db/migrate.ts")).dbMigrate(cli))
  db.command("status")
    .description("list the schema migrations: applied (when) or pending; changes nothing")
    .action(async () => (await import("./db/status.ts")).dbStatus(cli))
  db.command("seed")
    .description(
      "seed the site content and the demo data (demo member, prices, fees, rates, example bank accounts) where missing, and outside production a year of demo history with the demo admin",
    )
    .action(async () => (await import("./db/seed.ts")).dbSeed(cli))
  db.command("backup")
    .description(
      "a consistent snapshot of the database while the app serves, with a manifest (version, migrations, time, checksums); names the keys to keep beside it",
    )
    .requiredOption("--to <file>", "the backup file to write (must not exist yet)")
    .action(async (o: { to: string }) => (await import("./db/backup.ts")).dbBackup(cli, o))
  db.command("restore")
    .description(
      "check a backup against its manifest and restore it into an empty DATA_DIR or an empty database (DATABASE_URL); refuses a target that holds one",
    )
    .argument("<file>", "a backup written by db backup")
    .option(
      "--drill",
      "a restore drill: mark the copy so the app starts on it only with DRILL=1 (no checkpoint signed, no email sent, no job run)",
    )
    .action(async (file: string, o: { drill?: boolean }) =>
      (await import("./db/restore.ts")).dbRestore(cli, file, { drill: o.drill === true }),
    )
  db.command("reconcile")
    .description("compare the payments providers reported with the orders; print mismatches (exit 1 if any)")
    .action(async () => (await import("./db/reconcile.ts")).dbReconcile(cli))
}
