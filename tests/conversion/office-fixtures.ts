/**
 * Office documents made on demand (nothing binary is committed): a flat ODF file (one XML file) written here is
 * saved as PPTX, DOCX or ODP by LibreOffice itself; a password-protected ODT is a zip whose manifest declares
 * its content encrypted, as LibreOffice writes one; a damaged PPTX is a real one cut short.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { crc32 } from "node:zlib";

const ns = {
  office: "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
  draw: "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
  text: "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
  svg: "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
};

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A flat ODF presentation with one slide per text. */
export function flatPresentation(slides: string[]): string {
  const pages = slides
    .map(
      (text, index) =>
        `<draw:page draw:name="s${index + 1}"><draw:frame svg:x="2cm" svg:y="3cm" svg:width="22cm" svg:height="4cm">` +
        `<draw:text-box><text:p>${escapeXml(text)}</text:p></draw:text-box></draw:frame></draw:page>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="${ns.office}" xmlns:draw="${ns.draw}" xmlns:text="${ns.text}" xmlns:svg="${ns.svg}" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`;
}

/** A flat ODF text document with one paragraph per text. */
export function flatText(paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<text:p>${escapeXml(text)}</text:p>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="${ns.office}" xmlns:text="${ns.text}" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text>${body}</office:text></office:body></office:document>`;
}

/** Saves a flat ODF document as `format` (pptx, docx, odp …) with LibreOffice; answers the file's bytes. */
export async function saveAs(flat: string, flatExtension: "fodp" | "fodt", format: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-office-fixture-"));
  try {
    const source = join(dir, `document.${flatExtension}`);
    await writeFile(source, flat);
    const result = spawnSync(
      "soffice",
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
        "--headless",
        "--convert-to",
        format,
        "--outdir",
        dir,
        source,
      ],
      { encoding: "utf8", timeout: 120_000 },
    );
    if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
    return await readFile(join(dir, `document.${format}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A zip of stored (uncompressed) entries. */
export function storedZip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An ODT whose content is encrypted (manifest:encryption-data), as a password-protected one is stored. */
export function protectedOdt(): Buffer {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
 <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="1024">
  <manifest:encryption-data manifest:checksum-type="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0#sha256-1k" manifest:checksum="AAAA">
   <manifest:algorithm manifest:algorithm-name="http://www.w3.org/2001/04/xmlenc#aes256-cbc" manifest:initialisation-vector="AAAA"/>
   <manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:key-size="32" manifest:iteration-count="100000" manifest:salt="AAAA"/>
  </manifest:encryption-data>
 </manifest:file-entry>
</manifest:manifest>`;
  return storedZip([
    { name: "mimetype", data: Buffer.from("application/vnd.oasis.opendocument.text") },
    { name: "content.xml", data: Buffer.alloc(1024, 0x5a) },
    { name: "META-INF/manifest.xml", data: Buffer.from(manifest) },
  ]);
}
