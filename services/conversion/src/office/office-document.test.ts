import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isEncryptedOffice, officeContainer, officeExtensionOf, zipEntry } from "./office-document.js";

/** A zip of one deflated entry (local header, central directory, end record). */
function zipOf(name: string, text: string): Buffer {
  const data = deflateRawSync(Buffer.from(text));
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(text.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(text.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

describe("office documents", () => {
  it("knows the extensions it converts, in any case", () => {
    expect(["a.PPTX", "b.pps", "c.odt", "d.doc"].map(officeExtensionOf)).toEqual(["pptx", "pps", "odt", "doc"]);
    expect(officeExtensionOf("e.key")).toBeUndefined();
    expect(officeExtensionOf("pptx")).toBeUndefined();
  });

  it("tells zip, OLE2 and anything else apart by the first bytes", () => {
    expect(officeContainer(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe("zip");
    expect(officeContainer(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("ole");
    expect(officeContainer(Buffer.from("%PDF-1.7"))).toBe("unknown");
  });

  it("reads a deflated zip entry and finds an encrypted ODF manifest", () => {
    const manifest = '<manifest:file-entry><manifest:encryption-data manifest:checksum="x"/></manifest:file-entry>';
    const encrypted = zipOf("META-INF/manifest.xml", manifest);
    expect(zipEntry(encrypted, "META-INF/manifest.xml")).toBe(manifest);
    expect(zipEntry(encrypted, "content.xml")).toBeUndefined();
    expect(isEncryptedOffice(encrypted)).toBe(true);
    expect(isEncryptedOffice(zipOf("META-INF/manifest.xml", "<manifest:file-entry/>"))).toBe(false);
  });

  it("finds the EncryptedPackage stream of a password-protected OOXML file (an OLE2 container)", () => {
    const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const directory = Buffer.from("EncryptedPackage", "utf16le");
    expect(isEncryptedOffice(Buffer.concat([header, Buffer.alloc(512), directory]))).toBe(true);
    expect(
      isEncryptedOffice(Buffer.concat([header, Buffer.alloc(512), Buffer.from("PowerPoint Document", "utf16le")])),
    ).toBe(false);
  });
});
