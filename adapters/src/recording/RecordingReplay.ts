/**
 * A recording as one self-contained HTML file (issue 24: `landunits recordings export`): rrweb-player's own
 * script and stylesheet inlined (from the installed package, no network), the events as JSON in the page, and
 * a few lines that start the player. Opened from the disk in any browser, it replays the recording; nothing in
 * it calls a third party. (Images the recorded page showed are named by their absolute address on the site, as
 * rrweb records them, and load from there when the site is reachable.)
 */
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
<script type="application/json" id="recording-events">${jsonInScript(recording.events)}</script>
<script>${script}</script>
<script>
(function () {
  var events = JSON.parse(document.getElementById("recording-events").textContent);
  var Player = rrwebPlayer.default || rrwebPlayer.Player || rrwebPlayer;
  window.landunitsReplay = new Player({
    target: document.getElementById("player"),
    props: { events: events, autoPlay: false, width: 1024, height: 576, showController: true },
  });
})();
</script>
</body>
</html>
`
}
