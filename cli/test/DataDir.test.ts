/**
 * Which embedded database the CLI works on without DATABASE_URL (issue 38): DATA_DIR when set; else ./data here
 * when it holds one, else the project's data folder, where `npm start` keeps it; and when there is none, the words
 * that say where it looked and how to point it at the data.
 */
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { chooseDataDir, noDatabaseMessage, PROJECT_DATA_DIR } from "../src/support/DataDir.ts"

const PROJECT = "/srv/landunits/data"
const holding =
  (...dirs: ReadonlyArray<string>) =>
  (dir: string) =>
    dirs.includes(dir)

describe("the CLI's database without DATABASE_URL", () => {
  it("DATABASE_URL wins: no folder is looked at", () => {
    expect(
      chooseDataDir({ DATABASE_URL: "postgres://db/landunits", DATA_DIR: "/x" }, "/tmp", PROJECT),
    ).toEqual({
      kind: "server",
    })
  })

  it("DATA_DIR set: that folder, resolved from the working folder, whether or not it holds a database", () => {
    expect(
      chooseDataDir({ DATA_DIR: "mine" }, "/home/ada", PROJECT, holding("/home/ada/mine")),
    ).toMatchObject({
      dataDir: "/home/ada/mine",
      source: "DATA_DIR",
      hasDatabase: true,
    })
    expect(chooseDataDir({ DATA_DIR: "/empty" }, "/home/ada", PROJECT, holding(PROJECT))).toMatchObject({
      dataDir: "/empty",
      source: "DATA_DIR",
      hasDatabase: false,
      looked: ["/empty"],
    })
  })

  it("unset: ./data here when it holds a database, else the project's, where npm start keeps it", () => {
    expect(chooseDataDir({}, "/home/ada", PROJECT, holding("/home/ada/data", PROJECT))).toMatchObject({
      dataDir: "/home/ada/data",
      source: "here",
    })
    expect(chooseDataDir({ DATA_DIR: " " }, "/home/ada", PROJECT, holding(PROJECT))).toMatchObject({
      dataDir: PROJECT,
      source: "project",
      hasDatabase: true,
      looked: ["/home/ada/data", PROJECT],
    })
    expect(chooseDataDir({}, "/srv/landunits", PROJECT, holding(PROJECT))).toMatchObject({
      dataDir: PROJECT,
      source: "project",
      looked: [PROJECT],
    })
  })

  it("unset and nowhere: the project's folder (where a db migrate would make it), named as not holding one", () => {
    const none = chooseDataDir({}, "/home/ada", PROJECT, holding())
    expect(none).toMatchObject({ dataDir: PROJECT, hasDatabase: false, looked: ["/home/ada/data", PROJECT] })
    if (none.kind !== "embedded") throw new Error("embedded expected")
    const message = noDatabaseMessage(none, "orders list")
    expect(message).toContain(
      `There is no Landunits database in /home/ada/data or in ${PROJECT} (DATA_DIR is not set)`,
    )
    expect(message).toContain("`orders list` has nothing to work on; nothing was created")
    expect(message).toContain("`npm start`")
    expect(message).toContain("DATA_DIR=/path/to/data")
    expect(message).toContain("DATABASE_URL")
  })

  it("the project's data folder is the repository's ./data, beside cli/", () => {
    expect(PROJECT_DATA_DIR.replace(/\/$/, "")).toBe(
      path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../data"),
    )
  })
})
