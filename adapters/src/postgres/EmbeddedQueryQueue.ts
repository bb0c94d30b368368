/**
 * The order in which the embedded socket hands its clients' protocol messages to PGlite's one backend.
 *
 * PGlite is a single backend; pglite-socket serves several client connections by queueing their messages and
 * running them one at a time. Its own queue (0.2.17) keeps a client's messages together only inside an explicit
 * transaction (BEGIN ... COMMIT). Between two messages of one extended-protocol query (Parse, Bind, Describe,
 * Execute, ... Sync) it lets another client's messages in: that client's Bind replaces the unnamed portal, its
 * Sync ends the first one's implicit transaction, and the first client is answered `portal "" does not exist` or
 * rows that are not its own (both seen when the CLI and the app shared the owner's socket).
 *
 * This queue holds the backend for one client from its first message until its batch ends: until a message that
 * closes it (Sync, simple Query, Terminate, ...) has run outside a transaction block. A client that goes away
 * while holding it has its batch synced and its transaction rolled back, so the next client starts clean.
 */
import type { PGlite } from "@electric-sql/pglite"

interface Queued {
  readonly handlerId: number
  readonly message: Uint8Array
  readonly onData: (data: Uint8Array) => void
  readonly resolve: (bytes: number) => void
  readonly reject: (error: unknown) => void
}

/**
 * Client messages after which the backend waits for more of the same batch (Parse, Bind, Describe, Execute,
 * Close, Flush, CopyData): after any of them, only the same client's messages may run.
 */
const OPENS_OR_CONTINUES_BATCH = new Set(["P", "B", "D", "E", "C", "H", "d"].map((c) => c.charCodeAt(0)))

/** A Sync message: ends an extended-protocol batch, whatever state the client left it in. */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4])

export class EmbeddedQueryQueue {
  private readonly queue: Array<Queued> = []
  private processing = false
  /** The client whose batch or transaction block is open: only its messages run until it ends. */
  private holder: number | null = null

  private readonly db: PGlite

  constructor(db: PGlite) {
    this.db = db
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject })
      void this.process()
    })
  }

  getQueueLength(): number {
    return this.queue.length
  }

  /** Called when a client disconnects: its queued messages are dropped (their promises refused). */
  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const queued = this.queue[i]
      if (queued?.handlerId !== handlerId) continue
      this.queue.splice(i, 1)
      queued.reject(new Error("Handler disconnected"))
    }
  }

  /** Called after clearQueueForHandler: a client that held the backend leaves it clean, and the others go on. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId) return
    await this.db.runExclusive(async () => {
      await this.db.execProtocolRaw(SYNC).catch(() => undefined)
      if (this.db.isInTransaction()) await this.db.exec("ROLLBACK").catch(() => undefined)
    })
    this.holder = null
    await this.process()
  }

  private next(): Queued | undefined {
    const index = this.holder === null ? 0 : this.queue.findIndex((q) => q.handlerId === this.holder)
    return index === -1 ? undefined : this.queue.splice(index, 1)[0]
  }

  private async process(): Promise<void> {
    if (this.processing) return
    this.processing = true
    try {
      for (let queued = this.next(); queued !== undefined; queued = this.next()) {
        const { message, onData } = queued
        let bytes = 0
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(message, {
              onRawData: (data) => {
                bytes += data.length
                onData(data)
              },
            }),
          )
        } catch (error) {
          queued.reject(error)
          continue
        } finally {
          const type = message[0] ?? 0
          this.holder =
            OPENS_OR_CONTINUES_BATCH.has(type) || this.db.isInTransaction() ? queued.handlerId : null
        }
        queued.resolve(bytes)
      }
    } finally {
      this.processing = false
    }
  }
}
