/**
 * The page's entry (index.html): on a page the server rendered, the app's code is fetched and run only once the
 * browser has painted what the server sent. A public page arrives rendered (entry-server.tsx) and is read before
 * any script runs; if the app's ~130 KB of modules arrived and ran before that first paint (a fast network, a fast
 * machine), the paint waited for them, and Lighthouse counted the whole script into the first and largest paint
 * (2.4 s on a simulated phone instead of 0.9 s). A page the browser renders (the dashboard) has nothing to paint
 * before the app, which is fetched at once. The style sheets are static imports, every page's: the built
 * index.html links them as one file, which the server inlines into each page it renders, so a page's first paint
 * (a member's dashboard, its order forms) has every rule it uses, with nothing restyled when its route's code
 * arrives (~9 KB compressed in all).
 */
import { RENDERED_PAGE_ID } from "./lib/renderedPage.ts"
import "./styles/app.css"
import "./styles/home.css"
import "./styles/orders.css"
import "./styles/chart.css"
import "./styles/community.css"
import "./styles/kyc.css"

const serverRendered = document.getElementById(RENDERED_PAGE_ID) !== null
const painted = new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
void (serverRendered ? painted : Promise.resolve()).then(() => import("./main.tsx"))
