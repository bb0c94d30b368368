/**
 * A Markdown file with front matter: a first block between `---` lines of `key: value` pairs (values may
 * be quoted), then the body. Only that flat subset of YAML: anything else is refused with its line.
 */

export interface FrontMatterDocument {
  readonly fields: Readonly<Record<string, string>>
  readonly body: string
}

export const parseFrontMatter = (
  text: string,
): { ok: true; document: FrontMatterDocument } | { ok: false; error: string } => {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
  if (lines[0]?.trim() !== "---")
    return { ok: false, error: "The file must start with front matter (a line ---)" }
  const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---")
  if (end === -1) return { ok: false, error: "The front matter has no closing line ---" }
  const fields: Record<string, string> = {}
  for (let i = 1; i < end; i++) {
    const line = lines[i]!
    if (line.trim() === "" || line.trim().startsWith("#")) continue
    const match = /^([A-Za-z][A-Za-z0-9_]*)\s*:\s*(.*)$/.exec(line)
    if (match === null) return { ok: false, error: `Line ${i + 1} is not "key: value": ${line}` }
    const raw = match[2]!.trim()
    const quoted = /^"(.*)"$/.exec(raw) ?? /^'(.*)'$/.exec(raw)
    fields[match[1]!] = quoted === null ? raw : quoted[1]!
  }
  return {
    ok: true,
    document: {
      fields,
      body: lines
        .slice(end + 1)
        .join("\n")
        .trim(),
    },
  }
}
