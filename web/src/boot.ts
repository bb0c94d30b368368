/**
 * The page's entry (index.html): on a page the server rendered, the app's code is fetched and run only once the
 * browser has painted what the server sent. A public page arrives rendered (entry-server.tsx) and is read before
 * any script runs; if the app's ~130 KB of modules arrived and ran before that first paint (a fast network, a fast
 * machine), the paint waited for them, and Lighthouse counted the whole script into the first and largest paint
 * (2.4 s on a simulated phone instead of 0.9 s). A page the browser renders (the dashboard) has nothing to paint
 * before the app, which is fetched at once. The style sheet stays a static import, so the built index.html links
 * it (and the server inlines it) for the first paint.
 */
import { RENDERED_PAGE_ID } from "./lib/renderedPage.ts"
import "./styles/app.css"

const serverRendered = document.getElementById(RENDERED_PAGE_ID) !== null
const painted = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
void (serverRendered ? painted : Promise.resolve()).then(() => import("./main.tsx"))
