import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { isEncryptedOffice, officeContainer, officeExtensionOf, zipEntry } from "./office-document.js";

/** A zip of one deflated entry. */
const zipOf = (name: string, text: string) => Buffer.from(zipSync({ [name]: strToU8(text) }, { level: 6 }));

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
