/**
 * The about/contact panel's value (setting `aboutContent`): plain text, or spec 001's info XML — a title, a
 * description, a logo and typed entries. The form edits the structure; this writes and reads the XML the book
 * service validates (the same shape as its domain/info-xml.ts, which re-serializes what it stores).
 *
 *   <info><title>…</title><desc>…</desc><logo>…</logo><items><item type="Email">…</item></items></info>
 */
export const infoItemTypes = ["Logo", "Author", "Email", "Link", "Phone", "Address", "Description"] as const;
export type InfoItemType = (typeof infoItemTypes)[number];

export interface AboutInfo {
  title: string;
  desc: string;
  logo: string;
  items: { type: InfoItemType; value: string }[];
}

export const emptyAbout: AboutInfo = { title: "", desc: "", logo: "", items: [] };

// XML 1.0 forbids these characters even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const escapeXml = (text: string) =>
  text
    .replace(forbidden, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (!entity.startsWith("#")) return entities[entity] ?? whole;
    const code = entity[1] === "x" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
    return code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });

/** The info XML of a form; entries without a value are left out. */
export function serializeAbout(info: AboutInfo): string {
  const items = info.items
    .filter((item) => item.value.trim())
    .map((item) => `<item type="${item.type}">${escapeXml(item.value.trim())}</item>`)
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?><info><title>${escapeXml(info.title.trim())}</title>` +
    `<desc>${escapeXml(info.desc.trim())}</desc><logo>${escapeXml(info.logo.trim())}</logo><items>${items}</items></info>`
  );
}

const element = (xml: string, name: string) =>
  unescapeXml(new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? "");

/**
 * The form of a stored value: an info XML's fields (unknown entry types dropped), or plain text as the
 * description, so an owner moving from text to the form keeps what was written.
 */
export function parseAbout(value: unknown): AboutInfo {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { ...emptyAbout, items: [] };
  const root = /<info>([\s\S]*)<\/info>/.exec(text);
  if (!text.startsWith("<") || !root) return { ...emptyAbout, desc: text, items: [] };
  const inner = root[1] ?? "";
  const items: AboutInfo["items"] = [];
  for (const match of inner.matchAll(/<item type="([^"]*)">([^<]*)<\/item>/g)) {
    const type = match[1] as InfoItemType;
    if (infoItemTypes.includes(type)) items.push({ type, value: unescapeXml(match[2] ?? "") });
  }
  return { title: element(inner, "title"), desc: element(inner, "desc"), logo: element(inner, "logo"), items };
}
