import { inflateRawSync } from "node:zlib";

/**
 * What an Office source is, read from its bytes (never trusted from the name): an OOXML/ODF zip, a legacy
 * OLE2 compound file (PPT, DOC), or an encrypted one. Password-protected documents are recognised here so the
 * user is told to remove the password instead of being told the file is damaged.
 */

/** The file name extensions the worker converts with LibreOffice. */
export const officeExtensions = ["ppt", "pptx", "pps", "ppsx", "odp", "doc", "docx", "odt"] as const;

export type OfficeExtension = (typeof officeExtensions)[number];

export function officeExtensionOf(name: string): OfficeExtension | undefined {
  const dot = name.lastIndexOf(".");
  const extension = dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
  return (officeExtensions as readonly string[]).includes(extension) ? (extension as OfficeExtension) : undefined;
}

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, index) => bytes[index] === value);
}

export type OfficeContainer = "zip" | "ole" | "unknown";

export function officeContainer(head: Uint8Array): OfficeContainer {
  if (startsWith(head, zipMagic)) return "zip";
  if (startsWith(head, oleMagic)) return "ole";
  return "unknown";
}

/**
 * Whether the document is encrypted: an encrypted OOXML file is an OLE2 container holding an "EncryptedPackage"
 * stream; an encrypted ODF file lists encryption-data in its manifest; legacy PPT/DOC with a password carry
 * the "EncryptedSummary" stream or an RC4 header LibreOffice refuses without a password (reported as damaged).
 */
export function isEncryptedOffice(bytes: Uint8Array): boolean {
  const container = officeContainer(bytes);
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (container === "ole") {
    return (
      data.indexOf(Buffer.from("EncryptedPackage", "utf16le")) >= 0 ||
      data.indexOf(Buffer.from("EncryptedSummary", "utf16le")) >= 0
    );
  }
  if (container === "zip") {
    const manifest = zipEntry(data, "META-INF/manifest.xml");
    return manifest?.includes("encryption-data") ?? false;
  }
  return false;
}

/** One entry of a zip file as text (stored or deflated), found through the central directory. */
export function zipEntry(zip: Buffer, name: string): string | undefined {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) return undefined;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < entries && at + 46 <= zip.length; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) return undefined;
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entryName = zip.toString("utf8", at + 46, at + 46 + nameLength);
    if (entryName === name && local + 30 <= zip.length) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const body = zip.subarray(start, start + compressed);
      try {
        return (method === 0 ? body : inflateRawSync(body)).toString("utf8");
      } catch {
        return undefined;
      }
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}
