/**
 * Draws the pictures the demo content points at (core/src/content/DemoContent.ts): the three news images
 * (800×450, the news card's 16:9) and the three team portraits (400×400). Each is an SVG illustration drawn
 * here with a seeded random source, so a run always gives the same pictures, and rendered to WebP by Debian's
 * Chromium (a canvas's own WebP encoder) into web/public/images/, which Vite copies into the build. The WebP files
 * are committed; run `node web/scripts/demoImages.ts` only to change a picture.
 *
 * Why WebP and not the SVG itself: the orchard and soil drawings are thousands of shapes (140–220 KB of SVG) that a
 * phone's CPU would paint on every visit; as WebP they are 4–24 KB, about half the size of the JPEGs
 * they replace, and the pictures admins put in their place are photographs, which WebP suits too.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { chromium } from "playwright-core"

const OUT = path.join(import.meta.dirname, "..", "public", "images")

/** mulberry32: a small seeded random source, so the drawings do not change between runs. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const f1 = (n: number) => n.toFixed(1)

/** Spring at Kent Orchard: rows of young trees in blossom running towards low hills under a morning sky. */
export const orchard = (): string => {
  const random = seeded(7)
  const trees: Array<string> = []
  const horizon = 228
  const vanishX = 470
  // Far rows first so nearer trees paint over them.
  for (let depth = 20; depth >= 1; depth--) {
    const scale = 1 / (0.5 + depth * 0.42)
    const y = horizon + 235 * scale
    for (let row = -6; row <= 5; row++) {
      // Rows either side of an open alley that runs to the hills.
      const x = vanishX + (row + 0.5) * 300 * scale + (random() - 0.5) * 8 * scale
      const r = 70 * scale
      if (x < -r || x > 800 + r) continue
      const trunk = `<rect x="${f1(x - r * 0.09)}" y="${f1(y - r * 0.9)}" width="${f1(r * 0.18)}" height="${f1(r * 0.95)}" fill="#6b4a2b"/>`
      const canopy = [
        [0, -1.45, 0.78, "#4d8b3f"],
        [-0.5, -1.25, 0.55, "#3f7a36"],
        [0.5, -1.3, 0.58, "#5a9a4a"],
        [0.05, -1.8, 0.5, "#66a653"],
      ]
        .map(
          ([dx, dy, rr, c]) =>
            `<circle cx="${f1(x + (dx as number) * r)}" cy="${f1(y + (dy as number) * r)}" r="${f1((rr as number) * r)}" fill="${c}"/>`,
        )
        .join("")
      const blossom: Array<string> = []
      const count = Math.round(10 + 14 * scale)
      for (let i = 0; i < count; i++) {
        const a = random() * Math.PI * 2
        const d = Math.sqrt(random()) * r * 0.85
        const colour = random() < 0.6 ? "#fffaf3" : "#f6c9d6"
        blossom.push(
          `<circle cx="${f1(x + Math.cos(a) * d)}" cy="${f1(y - r * 1.45 + Math.sin(a) * d * 0.9)}" r="${f1(Math.max(0.8, r * 0.06))}" fill="${colour}"/>`,
        )
      }
      const shadow = `<ellipse cx="${f1(x + r * 0.25)}" cy="${f1(y)}" rx="${f1(r * 0.75)}" ry="${f1(r * 0.16)}" fill="#2f5e27" opacity="0.35"/>`
      trees.push(shadow + trunk + canopy + blossom.join(""))
    }
  }
  const stripes: Array<string> = []
  // The mown alleys between the rows, widening towards the viewer.
  for (let row = -6; row <= 6; row++) {
    const far = vanishX + row * 300 * 0.1
    const near = vanishX + row * 300 * 1.2
    stripes.push(
      `<path d="M${f1(far - 6)} ${horizon + 20} L${f1(far + 6)} ${horizon + 20} L${f1(near + 70)} 460 L${f1(near - 70)} 460 Z" fill="#b3d890" opacity="0.4"/>`,
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b9dcef"/><stop offset="0.7" stop-color="#e8f1ea"/><stop offset="1" stop-color="#fbf1d8"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.8" cy="0.22" r="0.45">
      <stop offset="0" stop-color="#fff7d6" stop-opacity="0.95"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="field" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#9cc77f"/><stop offset="1" stop-color="#4f8a3c"/>
    </linearGradient>
  </defs>
  <rect width="800" height="450" fill="url(#sky)"/>
  <rect width="800" height="450" fill="url(#sun)"/>
  <path d="M0 205 C120 170 220 196 330 184 S560 150 660 178 S780 190 800 182 L800 240 L0 240 Z" fill="#aac6b0"/>
  <path d="M0 222 C140 200 260 214 380 206 S610 196 800 214 L800 240 L0 240 Z" fill="#86b38a"/>
  <rect y="${horizon}" width="800" height="${450 - horizon}" fill="url(#field)"/>
  ${stripes.join("")}
  ${trees.join("\n")}
</svg>`
}

/** What the soil holds: a cut through a field, its layers, roots and stones, and a sampling core marked in cm. */
export const soil = (): string => {
  const random = seeded(11)
  const grains: Array<string> = []
  const layers: ReadonlyArray<readonly [number, number, ReadonlyArray<string>]> = [
    [150, 260, ["#2a1d14", "#4a3323", "#5b4330"]],
    [260, 360, ["#5a3d27", "#7a5637", "#6a4a30"]],
    [360, 450, ["#8d6a43", "#a8845a", "#7c5c3a"]],
  ]
  for (const [top, bottom, colours] of layers)
    for (let i = 0; i < 520; i++)
      grains.push(
        `<circle cx="${f1(random() * 800)}" cy="${f1(top + random() * (bottom - top))}" r="${f1(0.8 + random() * 1.6)}" fill="${colours[Math.floor(random() * colours.length)]}" opacity="0.7"/>`,
      )
  const stones: Array<string> = []
  for (let i = 0; i < 26; i++) {
    const y = 270 + random() * 175
    const rx = 5 + random() * (y > 360 ? 16 : 9)
    stones.push(
      `<ellipse cx="${f1(random() * 560)}" cy="${f1(y)}" rx="${f1(rx)}" ry="${f1(rx * (0.55 + random() * 0.3))}" fill="${random() < 0.5 ? "#b8a58a" : "#9c8b73"}" stroke="#5a4835" stroke-width="1"/>`,
    )
  }
  const roots: Array<string> = []
  for (let i = 0; i < 22; i++) {
    let x = 20 + random() * 540
    let y = 150
    let d = `M${f1(x)} ${y}`
    const length = 5 + Math.floor(random() * 7)
    for (let s = 0; s < length; s++) {
      const nx = x + (random() - 0.5) * 34
      const ny = y + 12 + random() * 20
      d += ` Q${f1((x + nx) / 2 + (random() - 0.5) * 14)} ${f1((y + ny) / 2)} ${f1(nx)} ${f1(ny)}`
      x = nx
      y = ny
    }
    roots.push(
      `<path d="${d}" fill="none" stroke="#e3d3b3" stroke-width="${f1(0.9 + random() * 1.6)}" stroke-linecap="round" opacity="0.85"/>`,
    )
  }
  const grass: Array<string> = []
  for (let i = 0; i < 240; i++) {
    const x = random() * 800
    const h = 10 + random() * 26
    const lean = (random() - 0.5) * 14
    grass.push(
      `<path d="M${f1(x - 2)} 152 Q${f1(x + lean / 2)} ${f1(152 - h / 2)} ${f1(x + lean)} ${f1(152 - h)} Q${f1(x + lean / 2 + 1)} ${f1(152 - h / 2)} ${f1(x + 2)} 152 Z" fill="${random() < 0.5 ? "#4f8a3c" : "#6aa84f"}"/>`,
    )
  }
  const ticks: Array<string> = []
  for (let cm = 0; cm <= 30; cm += 5)
    ticks.push(
      `<line x1="650" x2="${cm % 10 === 0 ? 672 : 664}" y1="${150 + cm * 9.5}" y2="${150 + cm * 9.5}" stroke="#1f2a24" stroke-width="2"/>` +
        (cm % 10 === 0
          ? `<text x="678" y="${155 + cm * 9.5}" font-family="Arial, sans-serif" font-size="15" font-weight="700" fill="#1f2a24">${cm} cm</text>`
          : ""),
    )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#cfe6f1"/><stop offset="1" stop-color="#f5f0de"/>
    </linearGradient>
    <linearGradient id="core" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#b9c2c6"/><stop offset="0.45" stop-color="#f3f6f7"/><stop offset="1" stop-color="#98a3a8"/>
    </linearGradient>
    <linearGradient id="sample" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2a1d14"/><stop offset="0.38" stop-color="#3d2a1c"/>
      <stop offset="0.42" stop-color="#6a4a30"/><stop offset="0.72" stop-color="#7a5637"/>
      <stop offset="0.76" stop-color="#9b7850"/><stop offset="1" stop-color="#a8845a"/>
    </linearGradient>
  </defs>
  <rect width="800" height="152" fill="url(#sky)"/>
  <path d="M0 120 C160 100 300 118 460 108 S700 96 800 110 L800 152 L0 152 Z" fill="#a9c9a4"/>
  <rect y="150" width="800" height="110" fill="#3a2819"/>
  <rect y="260" width="800" height="100" fill="#67472e"/>
  <rect y="360" width="800" height="90" fill="#94714a"/>
  <path d="M0 260 C200 252 420 268 800 256" stroke="#2c1e14" stroke-width="3" fill="none" opacity="0.5"/>
  <path d="M0 360 C240 368 520 350 800 362" stroke="#4a3322" stroke-width="3" fill="none" opacity="0.5"/>
  ${grains.join("")}
  ${stones.join("")}
  ${roots.join("")}
  <path d="M300 290 C312 282 326 296 338 288 S360 282 366 292" fill="none" stroke="#d98c8c" stroke-width="6" stroke-linecap="round"/>
  ${grass.join("")}
  <rect x="588" y="70" width="62" height="300" rx="6" fill="url(#core)" stroke="#5d676b" stroke-width="2"/>
  <rect x="598" y="150" width="42" height="212" rx="3" fill="url(#sample)"/>
  <rect x="580" y="60" width="78" height="16" rx="5" fill="#3d4a50"/>
  <rect x="640" y="150" width="110" height="${30 * 9.5 + 4}" fill="#fdfbf4" opacity="0.88" rx="4"/>
  ${ticks.join("")}
</svg>`
}

/** A members' vote on hedgerows: a ballot marked Yes going into a ballot box, a hedgerow across the field behind. */
export const vote = (): string => {
  const random = seeded(23)
  const hedge: Array<string> = []
  for (let x = -20; x < 820; x += 14 + random() * 10) {
    const r = 18 + random() * 16
    hedge.push(
      `<circle cx="${f1(x)}" cy="${f1(236 - random() * 12)}" r="${f1(r)}" fill="${["#2f6b34", "#3d7d3c", "#4a8b42"][Math.floor(random() * 3)]}"/>`,
    )
  }
  const flowers: Array<string> = []
  for (let i = 0; i < 60; i++)
    flowers.push(
      `<circle cx="${f1(random() * 800)}" cy="${f1(222 + random() * 26)}" r="${f1(1.6 + random() * 1.6)}" fill="${random() < 0.5 ? "#fffaf0" : "#f4d35e"}"/>`,
    )
  const trees = [90, 700]
    .map(
      (x) =>
        `<rect x="${x - 6}" y="150" width="12" height="80" fill="#5b4330"/><circle cx="${x}" cy="140" r="46" fill="#33703a"/><circle cx="${x - 24}" cy="160" r="30" fill="#3f7d3c"/><circle cx="${x + 26}" cy="156" r="32" fill="#2d6531"/>`,
    )
    .join("")
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#bcd9ea"/><stop offset="1" stop-color="#f3efdf"/>
    </linearGradient>
    <linearGradient id="field" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a6cf86"/><stop offset="1" stop-color="#6ea152"/>
    </linearGradient>
    <linearGradient id="box" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#14532d"/><stop offset="1" stop-color="#1b6b3b"/>
    </linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
      <feDropShadow dx="0" dy="8" stdDeviation="10" flood-color="#0f3d22" flood-opacity="0.3"/>
    </filter>
  </defs>
  <rect width="800" height="450" fill="url(#sky)"/>
  <path d="M0 200 C150 176 300 196 460 184 S690 170 800 186 L800 240 L0 240 Z" fill="#b4cfb2"/>
  <rect y="226" width="800" height="224" fill="url(#field)"/>
  ${trees}
  ${hedge.join("")}
  ${flowers.join("")}
  <ellipse cx="400" cy="430" rx="190" ry="18" fill="#2f5e27" opacity="0.3"/>
  <path d="M250 250 L550 250 L575 280 L225 280 Z" fill="#0f3d22" filter="url(#shadow)"/>
  <rect x="300" y="259" width="200" height="10" rx="5" fill="#06200f"/>
  <clipPath id="above-slot"><rect width="800" height="264"/></clipPath>
  <g clip-path="url(#above-slot)">
    <g transform="rotate(-4 400 190)" filter="url(#shadow)">
      <rect x="310" y="62" width="180" height="230" rx="10" fill="#ffffff"/>
      <rect x="332" y="84" width="116" height="10" rx="5" fill="#14532d"/>
      <rect x="332" y="102" width="136" height="7" rx="3.5" fill="#c6cfca"/>
      <rect x="332" y="132" width="28" height="28" rx="5" fill="none" stroke="#14532d" stroke-width="3"/>
      <path d="M338 146 L345 154 L356 136" fill="none" stroke="#15803d" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="372" y="141" width="70" height="10" rx="5" fill="#34433b"/>
      <rect x="332" y="176" width="28" height="28" rx="5" fill="none" stroke="#14532d" stroke-width="3"/>
      <rect x="372" y="185" width="56" height="10" rx="5" fill="#34433b"/>
    </g>
  </g>
  <g filter="url(#shadow)">
    <rect x="225" y="278" width="350" height="150" rx="8" fill="url(#box)"/>
  </g>
  <circle cx="400" cy="352" r="32" fill="none" stroke="#dcfce7" stroke-width="5"/>
  <path d="M384 352 C392 332 414 330 418 338 C412 352 396 362 384 352 Z" fill="#dcfce7"/>
  <path d="M384 362 L404 342" stroke="#14532d" stroke-width="3" stroke-linecap="round"/>
</svg>`
}

interface Person {
  readonly background: readonly [string, string]
  readonly skin: string
  readonly hair: string
  readonly clothes: string
  readonly style: "long" | "short" | "bun"
}

/** A team portrait as a flat illustration: head and shoulders on a soft ground. */
export const portrait = (p: Person): string => {
  const hairBack =
    p.style === "long"
      ? `<path d="M130 180 C120 110 160 70 200 70 C246 70 282 108 272 186 C268 236 282 270 292 300 L108 300 C122 266 134 236 130 180 Z" fill="${p.hair}"/>`
      : p.style === "bun"
        ? `<circle cx="200" cy="76" r="34" fill="${p.hair}"/>`
        : ""
  const hairFront =
    p.style === "short"
      ? `<path d="M142 168 C136 112 170 88 204 90 C240 90 266 114 258 170 C250 140 232 124 200 124 C170 124 150 138 142 168 Z" fill="${p.hair}"/>`
      : `<path d="M140 176 C134 120 168 92 202 92 C238 92 268 122 260 178 C246 136 214 120 186 128 C164 134 148 150 140 176 Z" fill="${p.hair}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.background[0]}"/><stop offset="1" stop-color="${p.background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <path d="M0 330 C90 300 170 318 250 304 S360 296 400 310 L400 400 L0 400 Z" fill="#ffffff" opacity="0.25"/>
  ${hairBack}
  <path d="M60 400 C70 320 120 286 200 286 C280 286 330 320 340 400 Z" fill="${p.clothes}"/>
  <path d="M176 244 L224 244 L228 300 C214 316 186 316 172 300 Z" fill="${p.skin}"/>
  <path d="M172 300 C186 316 214 316 228 300 L236 292 C222 330 178 330 164 292 Z" fill="#000000" opacity="0.12"/>
  <ellipse cx="200" cy="180" rx="62" ry="76" fill="${p.skin}"/>
  <ellipse cx="138" cy="186" rx="10" ry="16" fill="${p.skin}"/>
  <ellipse cx="262" cy="186" rx="10" ry="16" fill="${p.skin}"/>
  ${hairFront}
  <ellipse cx="178" cy="186" rx="5" ry="6" fill="#2b211c"/>
  <ellipse cx="222" cy="186" rx="5" ry="6" fill="#2b211c"/>
  <path d="M168 170 Q178 164 188 170 M212 170 Q222 164 232 170" stroke="#2b211c" stroke-width="3" fill="none" stroke-linecap="round"/>
  <path d="M198 194 Q194 210 202 214" stroke="#000000" stroke-opacity="0.18" stroke-width="3" fill="none" stroke-linecap="round"/>
  <path d="M182 226 Q200 240 218 226" stroke="#7a3b34" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`
}

interface Picture {
  readonly file: string
  readonly svg: string
  readonly width: number
  readonly height: number
}

const news = (file: string, svg: string): Picture => ({ file, svg, width: 800, height: 450 })
const team = (file: string, person: Person): Picture => ({
  file,
  svg: portrait(person),
  width: 400,
  height: 400,
})

export const PICTURES: ReadonlyArray<Picture> = [
  news("news/orchard.webp", orchard()),
  news("news/soil.webp", soil()),
  news("news/vote.webp", vote()),
  team("team/amelia.webp", {
    background: ["#dcfce7", "#f4f1e8"],
    skin: "#f1c7a8",
    hair: "#8a4b2a",
    clothes: "#14532d",
    style: "long",
  }),
  team("team/luc.webp", {
    background: ["#e0ecf7", "#f4f1e8"],
    skin: "#e5b48f",
    hair: "#2e2620",
    clothes: "#1d4f91",
    style: "short",
  }),
  team("team/priya.webp", {
    background: ["#fdf0d5", "#f4f1e8"],
    skin: "#b57a55",
    hair: "#1c1512",
    clothes: "#8a5a00",
    style: "bun",
  }),
]

/** WebP quality: the drawings' soft gradients show no artefacts at this setting. */
const QUALITY = 0.8

if (import.meta.main) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  })
  try {
    const page = await browser.newPage()
    for (const { file, svg, width, height } of PICTURES) {
      // The SVG drawn on a canvas of the picture's size and encoded by Chromium's WebP encoder.
      const dataUrl = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const image = new Image(width, height)
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
          await image.decode()
          const canvas = document.createElement("canvas")
          canvas.width = width
          canvas.height = height
          const context = canvas.getContext("2d")
          if (context === null) throw new Error("no 2d canvas")
          context.drawImage(image, 0, 0, width, height)
          return canvas.toDataURL("image/webp", quality)
        },
        { svg, width, height, quality: QUALITY },
      )
      if (!dataUrl.startsWith("data:image/webp;base64,")) throw new Error(`${file}: Chromium gave no WebP`)
      const target = path.join(OUT, file)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"))
      console.log(`${file}: ${fs.statSync(target).size} bytes`)
    }
  } finally {
    await browser.close()
  }
}
