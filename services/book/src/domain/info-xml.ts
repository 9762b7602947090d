/**
 * The about/contact info of spec 001 "Client data", serialized as an info XML: a title, a description, a logo and
 * typed entries (Logo, Author, Email, Link, Phone, Address, Description). The editor's about panel and the reader
 * exchange it as text; these are the pure serializer and parser.
 *
 *   <info><title>…</title><desc>…</desc><logo>…</logo><items><item type="Email">…</item></items></info>
 */
export const infoItemTypes = ["Logo", "Author", "Email", "Link", "Phone", "Address", "Description"] as const;
export type InfoItemType = (typeof infoItemTypes)[number];

export interface InfoItem {
  type: InfoItemType;
  value: string;
}

export interface AboutInfo {
  title: string;
  desc: string;
  logo: string;
  items: InfoItem[];
}

export const infoLimits = { textLength: 5000, items: 100, xmlLength: 200_000 } as const;

// XML 1.0 forbids these characters even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(forbidden, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (entity.startsWith("#")) {
      const code = entity[1] === "x" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return named[entity] ?? whole;
  });
}

const clip = (text: string) => text.slice(0, infoLimits.textLength);

export function serializeInfo(info: AboutInfo): string {
  const items = info.items
    .slice(0, infoLimits.items)
    .map((item) => `<item type="${escapeXml(item.type)}">${escapeXml(clip(item.value))}</item>`)
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?><info><title>${escapeXml(clip(info.title))}</title>` +
    `<desc>${escapeXml(clip(info.desc))}</desc><logo>${escapeXml(clip(info.logo))}</logo><items>${items}</items></info>`
  );
}

export class InfoXmlError extends Error {}

function element(xml: string, name: string): string {
  const match = new RegExp(`<${name}>([^<]*)</${name}>|<${name}\\s*/>`).exec(xml);
  return match ? unescapeXml(match[1] ?? "") : "";
}

const tagPattern = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;

/** Elements must nest and close, attributes be quoted, and no "<" or "&" stand bare (a light well-formedness check). */
function checkWellFormed(body: string): void {
  const open: string[] = [];
  let at = 0;
  while (at < body.length) {
    const next = body.indexOf("<", at);
    const text = body.slice(at, next === -1 ? body.length : next);
    if (/&(?!(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][\w.-]*);)/.test(text)) {
      throw new InfoXmlError("a bare '&' in the text");
    }
    if (next === -1) break;
    tagPattern.lastIndex = next;
    const tag = tagPattern.exec(body);
    if (!tag) throw new InfoXmlError(`a broken tag at character ${next}`);
    const [, closing, name, , selfClosing] = tag;
    if (closing) {
      if (open.pop() !== name) throw new InfoXmlError(`</${name}> closes nothing open`);
    } else if (!selfClosing) {
      open.push(name ?? "");
    }
    at = tagPattern.lastIndex;
  }
  if (open.length > 0) throw new InfoXmlError(`<${open[open.length - 1]}> is not closed`);
}

/**
 * Parses what serializeInfo writes (and the same shape written by hand): unknown item types and anything outside
 * the known elements are dropped; a text that is not a well-formed info document throws InfoXmlError.
 */
export function parseInfo(xml: string): AboutInfo {
  if (xml.length > infoLimits.xmlLength) throw new InfoXmlError("info XML too long");
  const body = xml.replace(/^\s*<\?xml[^>]*\?>/, "").trim();
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new InfoXmlError("info XML may not declare a DOCTYPE or entities");
  checkWellFormed(body);
  const root = /^<info>([\s\S]*)<\/info>$/.exec(body);
  if (!root) throw new InfoXmlError("not an info XML document");
  const inner = root[1] ?? "";
  const items: InfoItem[] = [];
  for (const match of inner.matchAll(/<item type="([^"]*)">([^<]*)<\/item>/g)) {
    const type = unescapeXml(match[1] ?? "");
    if (!(infoItemTypes as readonly string[]).includes(type)) continue;
    if (items.length >= infoLimits.items) break;
    items.push({ type: type as InfoItemType, value: clip(unescapeXml(match[2] ?? "")) });
  }
  return {
    title: clip(element(inner, "title")),
    desc: clip(element(inner, "desc")),
    logo: clip(element(inner, "logo")),
    items,
  };
}
