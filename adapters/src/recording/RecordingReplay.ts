/**
 * A recording as one self-contained HTML file (issue 24: `landunits recordings export`): rrweb-player's own
 * script and stylesheet inlined (from the installed package, no network), the events as JSON in the page, and
 * a few lines that start the player. Opened from the disk in any browser, it replays the recording and loads
 * nothing from anywhere (issue 37): the recorded page chose the addresses in its events (images, stylesheets,
 * fonts, frames), and fetching them would tell their owner the admin's address and when they looked. So:
 * - the page carries a strict Content-Security-Policy (REPLAY_CSP): nothing may load (`default-src 'none'`), but
 *   its own two scripts (by their SHA-256), inline styles, and `data:`/`blob:` images, fonts and media; the
 *   player's replay frame (about:blank) inherits it;
 * - the events' addresses are neutralised before they are written (neutraliseAddresses): URL attributes (src,
 *   href, srcset, poster, …) become `about:invalid` unless `data:` or a fragment, and CSS `url(…)` and `@import`
 *   in any string become `about:invalid`, so the replay shows no remote image, font or stylesheet (the page's
 *   layout and text stay) and makes no doomed request either.
 */
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import type { StoredRecording } from "@landunits/core/recording/RecordingModel.ts"

const playerDist = (): string => path.dirname(createRequire(import.meta.url).resolve("rrweb-player"))

let player: { readonly script: string; readonly style: string } | undefined
const playerFiles = () => {
  if (player === undefined) {
    const dist = playerDist()
    player = {
      script: fs.readFileSync(path.join(dist, "rrweb-player.umd.min.cjs"), "utf8"),
      style: fs.readFileSync(path.join(dist, "style.min.css"), "utf8"),
    }
  }
  return player
}

const escapeHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

/** Text safe inside a <script> or <style> element: no sequence there can close it or open a comment. */
const inElement = (text: string): string => text.replaceAll("<", "\\u003c")

/** JSON that stays JSON and can never end the <script> element that holds it. */
const jsonInScript = (value: unknown): string => inElement(JSON.stringify(value))

/** Attributes whose value is an address a browser may fetch or navigate to. */
const URL_ATTRIBUTES = new Set([
  "src",
  "href",
  "srcset",
  "imagesrcset",
  "poster",
  "background",
  "data",
  "action",
  "formaction",
  "xlink:href",
  "ping",
  "longdesc",
  "lowsrc",
  "manifest",
  "codebase",
  "archive",
  "icon",
  "content",
])

const NEUTRAL = "about:invalid"

/** Kept as they are: inline data and in-page fragments load nothing. */
const isHarmlessAddress = (value: string): boolean => /^\s*(?:data:|#|$)/i.test(value)

const CSS_URL = /url\(\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)]*?)\s*\)/gi
const CSS_IMPORT = /@import\b[^;]*;?/gi

/** CSS with every `url(…)` not a `data:` address, and every `@import`, made inert. */
const neutraliseCss = (css: string): string =>
  css
    .replace(CSS_IMPORT, "/* @import removed */")
    .replace(CSS_URL, (match) => (/^url\(\s*["']?\s*data:/i.test(match) ? match : `url("${NEUTRAL}")`))

const neutraliseValue = (key: string | undefined, value: string): string => {
  if (key !== undefined && URL_ATTRIBUTES.has(key.toLowerCase())) {
    if (key.toLowerCase() === "content") return /url\(|:\/\//i.test(value) ? NEUTRAL : value
    return isHarmlessAddress(value) ? value : NEUTRAL
  }
  return value.includes("url(") || value.includes("@import") ? neutraliseCss(value) : value
}

const neutralise = (value: unknown, key: string | undefined): unknown => {
  if (typeof value === "string") return neutraliseValue(key, value)
  if (Array.isArray(value)) return value.map((item) => neutralise(item, undefined))
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = neutralise(v, k)
    return out
  }
  return value
}

/**
 * The events with the addresses the recorded page chose made inert (see the header). A Meta event's `href`
 * (type 4: the recorded page's own address, which the player shows and never fetches) is kept.
 */
export const neutraliseAddresses = (events: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  events.map((event) => {
    const e = event as { type?: unknown; data?: { href?: unknown } }
    if (e.type === 4 && typeof e.data === "object" && e.data !== null) {
      const { href, ...rest } = e.data
      return { ...e, data: { ...(neutralise(rest, undefined) as object), href } }
    }
    return neutralise(event, undefined)
  })

const sha256 = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`

/** The replay page's policy: nothing loads but its own scripts (by hash) and inline data. */
export const replayCsp = (scripts: ReadonlyArray<string>): string =>
  [
    "default-src 'none'",
    `script-src ${scripts.map(sha256).join(" ")}`,
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "font-src data:",
    "media-src data: blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ")

const STARTER = `
(function () {
  var events = JSON.parse(document.getElementById("recording-events").textContent);
  var Player = rrwebPlayer.default || rrwebPlayer.Player || rrwebPlayer;
  window.landunitsReplay = new Player({
    target: document.getElementById("player"),
    props: { events: events, autoPlay: false, width: 1024, height: 576, showController: true },
  });
})();
`

export interface ReplayDetails {
  /** How the member is shown (their email), when the recording names one. */
  readonly member?: string | undefined
}

/** The HTML replay of a recording. */
export const replayHtml = (recording: StoredRecording, details: ReplayDetails = {}): string => {
  const { script, style } = playerFiles()
  const s = recording.summary
  const facts = [
    `Started ${new Date(s.startedAt).toISOString()}, last batch ${new Date(s.lastAt).toISOString()}`,
    `${s.events} events in ${s.batches} batches`,
    `Pages: ${s.paths.join(", ")}`,
    `Member: ${details.member ?? s.memberId ?? "a guest"}`,
  ]
  if (/<\/script/i.test(script) || /<\/style/i.test(style))
    throw new Error("rrweb-player's files cannot be inlined")
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(replayCsp([script, STARTER]))}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Landunits session recording ${escapeHtml(s.recordingId)}</title>
<style>${style}</style>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#1b2b22}h1{font-size:20px}ul{padding-left:18px}</style>
</head>
<body>
<h1>Session recording ${escapeHtml(s.recordingId)}</h1>
<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>
<div id="player"></div>
<script type="application/json" id="recording-events">${jsonInScript(neutraliseAddresses(recording.events))}</script>
<script>${script}</script>
<script>${STARTER}</script>
</body>
</html>
`
}
