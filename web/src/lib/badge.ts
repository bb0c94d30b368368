/**
 * Status badges keep the spec's colours (§4) as their background; the text is black or white, whichever
 * contrasts more with that colour (WCAG 2 relative luminance), so every badge stays readable.
 */

const channel = (hex: string, at: number): number => {
  const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of a #rrggbb colour. */
export const luminance = (hex: string): number => {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new RangeError(`Not a #rrggbb colour: ${hex}`)
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5)
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The text colour for a badge of this background: black or white, whichever contrasts more. */
export const badgeText = (background: string): "#000000" | "#ffffff" =>
  contrast(background, "#000000") >= contrast(background, "#ffffff") ? "#000000" : "#ffffff"
