/**
 * The recorder itself (issue 24, spec §9): rrweb, self-hosted, loaded only by a dynamic import from
 * sessionRecording.ts once recording will run, so no page's first load carries it. Privacy by default, in the
 * browser, before anything is sent (docs/web.md, "Session recording"):
 * - every input, textarea and select is masked (`maskAllInputs`, each value sent as "***", never its length);
 * - the text of any element marked `data-private` (and everything inside it) is masked;
 * - iframes (the card providers' fields) and anything marked `data-recording-block` are blocked: replaced by an
 *   empty box of the same size, their content never read; cross-origin frames are never recorded at all;
 * - no canvas, no fonts, no images inlined; scripts and comments are left out of the snapshot.
 * Events are sent in batches to POST /api/recordings: every 5 seconds, at a page change, when the tab is hidden
 * and when recording stops; one batch in flight at a time, in order.
 */
import { type eventWithTime, record } from "rrweb"

/** What a batch carries; the caller (sessionRecording.ts) sends it. */
export interface RecordingBatchToSend {
  readonly recordingId: string
  readonly sequence: number
  readonly path: string
  readonly events: ReadonlyArray<eventWithTime>
}

/** The answer to a batch: sent; refused for good (stop recording); or dropped (a 429, the network). */
export type SendOutcome = "sent" | "stop" | "dropped"

export type SendBatch = (batch: RecordingBatchToSend, keepalive: boolean) => Promise<SendOutcome>

export interface RecorderHandle {
  /** The visitor moved to another recorded page: what was recorded so far is sent with the old path. */
  readonly navigate: (path: string) => void
  /** Stops recording; `discard` drops what is not sent yet (consent withdrawn), otherwise it is sent. */
  readonly stop: (discard: boolean) => void
}

export const FLUSH_EVERY_MS = 5_000
/** A batch's JSON is kept under the server's 1 MiB limit, with room for the batch's own fields. */
const MAX_BATCH_CHARS = 900_000
const MAX_BATCH_EVENTS = 2000

/** Splits events into batches the server takes; an event too large to send alone is left out. */
export const chunkEvents = <E>(
  events: ReadonlyArray<E>,
  size: (e: E) => number,
): ReadonlyArray<ReadonlyArray<E>> => {
  const chunks: Array<Array<E>> = []
  let current: Array<E> = []
  let chars = 0
  for (const event of events) {
    const n = size(event)
    if (n > MAX_BATCH_CHARS) continue
    if (current.length > 0 && (chars + n > MAX_BATCH_CHARS || current.length >= MAX_BATCH_EVENTS)) {
      chunks.push(current)
      current = []
      chars = 0
    }
    current.push(event)
    chars += n + 1
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

export const PRIVATE_SELECTOR = "[data-private]"
export const BLOCK_SELECTOR = "iframe, [data-recording-block]"

export const startRecorder = (initialPath: string, send: SendBatch): RecorderHandle => {
  const recordingId = crypto.randomUUID()
  let path = initialPath
  let buffer: Array<eventWithTime> = []
  let sequence = 0
  let stopped = false
  let chain: Promise<unknown> = Promise.resolve()

  const flush = (keepalive = false) => {
    if (buffer.length === 0) return
    const events = buffer
    const at = path
    buffer = []
    for (const chunk of chunkEvents(events, (e) => JSON.stringify(e).length)) {
      const batch: RecordingBatchToSend = { recordingId, sequence: sequence++, path: at, events: chunk }
      chain = chain.then(async () => {
        if (stopped && !keepalive) return
        const outcome = await send(batch, keepalive).catch((): SendOutcome => "dropped")
        if (outcome === "stop") end(true)
      })
    }
  }

  const stopRecording = record<eventWithTime>({
    emit: (event) => {
      if (!stopped) buffer.push(event)
    },
    maskAllInputs: true,
    maskInputFn: () => "***",
    maskTextSelector: PRIVATE_SELECTOR,
    blockSelector: BLOCK_SELECTOR,
    recordCanvas: false,
    recordCrossOriginIframes: false,
    collectFonts: false,
    inlineImages: false,
    slimDOMOptions: "all",
    sampling: { mousemove: 100, scroll: 150, media: 800, input: "last" },
  })

  const timer = window.setInterval(() => flush(), FLUSH_EVERY_MS)
  const onHidden = () => {
    if (document.visibilityState === "hidden") flush(true)
  }
  const onPageHide = () => flush(true)
  document.addEventListener("visibilitychange", onHidden)
  window.addEventListener("pagehide", onPageHide)

  function end(discard: boolean) {
    if (stopped) return
    stopRecording?.()
    window.clearInterval(timer)
    document.removeEventListener("visibilitychange", onHidden)
    window.removeEventListener("pagehide", onPageHide)
    if (discard) buffer = []
    else flush()
    stopped = true
  }

  return {
    navigate: (next) => {
      if (stopped || next === path) return
      flush()
      path = next
    },
    stop: end,
  }
}
