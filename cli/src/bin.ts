#!/usr/bin/env node
/** The admin CLI: `npm run cli -- <group> <command>` (or `landunits` once linked). One file per command. */
import { Command } from "commander"
import { migrateCommand } from "./commands/db/migrate.ts"

const program = new Command()
  .name("landunits")
  .description("Landunits administration: the same core as the app, on the same database")
  .showHelpAfterError()

const db = program.command("db").description("the database: schema migrations")
migrateCommand(db)

await program.parseAsync(process.argv)
