/**
 * What an Office package's parts may hold before LibreOffice opens it (#33 findings 2 and 5): no reference to a
 * file or address outside the package (ODF `xlink:href` on pictures, objects, sections and fills; OOXML
 * relationships with TargetMode="External" other than hyperlinks; INCLUDEPICTURE / INCLUDETEXT / LINK / DDE
 * fields; DDE links), no DTD (entities could spell any of these), and no EPS or PostScript picture (LibreOffice
 * hands those to Ghostscript). Hyperlinks stay: LibreOffice writes them into the PDF and never opens them.
 */

/** Elements whose href is a link the reader may follow, never something LibreOffice loads. */
const linkElements = new Set(["a", "event-listener", "hyperlink"]);

/** Attributes that name something to load (`xlink:href`, SVG `href`, VML `o:href` and `src`). */
const loadingAttribute = /(?:^|\s)(?:[\w.-]+:)?(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** A start tag: its name and its attributes (quoted values may hold ">"). */
const tag = /<([A-Za-z_][\w.:-]*)((?:"[^"]*"|'[^']*'|[^>"'])*)>/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Whether a reference (as written in the markup) points outside the package: a scheme, a root, or "..". */
export function isExternalReference(written: string): boolean {
  let value = decodeEntities(written).trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    // Not percent-encoded text: checked as written.
  }
  if (value === "" || value.startsWith("#")) return false;
  if (/^data:/i.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return true;
  if (value.startsWith("/") || value.startsWith("\\")) return true;
  return value.split(/[/\\]/).some((segment) => segment === "..");
}

const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1);

function attribute(attributes: string, name: string): string | undefined {
  const found = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return found ? decodeEntities(found[1] ?? found[2] ?? "") : undefined;
}

/** Field codes that make Word or LibreOffice read another file or program. */
const loadingField = /(?:^|[\s{])(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|LINK|DDE|DDEAUTO|IMPORT)\s/i;

/** Why a markup part (XML, relationships, SVG) may not reach LibreOffice, or undefined. */
export function markupProblem(text: string): string | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return "a document type declaration";
  if (/<(?:[\w.-]+:)?(?:dde-connection-decl|dde-source|dde-link)\b/.test(text)) return "a DDE link";
  for (const match of text.matchAll(tag)) {
    const element = localName(match[1] ?? "");
    const attributes = match[2] ?? "";
    if (element === "Relationship") {
      const mode = attribute(attributes, "TargetMode");
      const type = attribute(attributes, "Type") ?? "";
      if (mode?.toLowerCase() === "external" && !type.endsWith("/hyperlink")) {
        return `an external relationship to ${attribute(attributes, "Target") ?? "?"}`;
      }
      continue;
    }
    if (linkElements.has(element)) continue;
    for (const reference of attributes.matchAll(loadingAttribute)) {
      const value = reference[2] ?? reference[3] ?? "";
      if (isExternalReference(value)) return `<${match[1]}> loading ${decodeEntities(value)}`;
    }
    if (element === "fldSimple") {
      const instruction = attribute(attributes, "w:instr") ?? "";
      if (loadingField.test(` ${instruction} `)) return `a field ${instruction.trim()}`;
    }
  }
  const instructions = [...text.matchAll(/<w:instrText\b[^>]*>([^<]*)<\/w:instrText>/g)]
    .map((match) => decodeEntities(match[1] ?? ""))
    .join("");
  const field = loadingField.exec(` ${instructions} `);
  if (field) return `a field ${field[1]}`;
  return undefined;
}

/** A part's markup as text: UTF-8, or UTF-16 with its byte order mark; undefined when it is neither. */
export function markupText(bytes: Uint8Array): string | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string;
  if (data[0] === 0xff && data[1] === 0xfe) text = data.subarray(2).toString("utf16le");
  else if (data[0] === 0xfe && data[1] === 0xff) {
    const swapped = Buffer.from(data.subarray(2));
    swapped.swap16();
    text = swapped.toString("utf16le");
  } else text = data.toString("utf8");
  return text.includes("\u0000") ? undefined : text;
}

/**
 * Whether a part's bytes are markup whatever its name says (LibreOffice knows a picture by its content: an SVG
 * named `.png` is read as SVG, with its links): a byte order mark or whitespace, then `<`.
 */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  let index = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) index = 3;
  else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  while (index < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[index] as number)) index += 1;
  return bytes[index] === 0x3c;
}

/** Whether a part is markup the rules above read (by name; anything else is checked as a picture). */
export function isMarkupPart(name: string): boolean {
  return /\.(xml|rels|svg|xcu|rdf)$/i.test(name) || name === "mimetype";
}

/** EPS or PostScript, by the bytes (text PostScript or the DOS EPS binary header) or the name. */
export function isPostScript(name: string, head: Uint8Array): boolean {
  if (/\.(eps|epsf|epsi|ps)$/i.test(name)) return true;
  const data = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 4));
  return data.toString("latin1") === "%!PS" || data.equals(Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]));
}

/** Pictures embedded in ODF markup (`office:binary-data`, base64). */
export function embeddedPictures(text: string): Buffer[] {
  return [...text.matchAll(/<office:binary-data>([^<]*)<\/office:binary-data>/g)].map((match) =>
    Buffer.from((match[1] ?? "").replace(/\s+/g, ""), "base64"),
  );
}
