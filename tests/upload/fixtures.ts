import { createHash, randomBytes } from "node:crypto";
import PDFDocument from "pdfkit";

export interface PdfOptions {
  pages?: number;
  /** Incompressible bytes in an unreferenced stream, to make the file large (multipart tests). */
  paddingBytes?: number;
  userPassword?: string;
}

/** A real PDF made by pdfkit: numbered text pages, optionally padded and password-protected. */
export function makePdf(options: PdfOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      compress: false,
      autoFirstPage: false,
      ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: "1.7" as const } : {}),
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (let page = 1; page <= (options.pages ?? 3); page++) {
      doc.addPage({ size: "A5" });
      doc.text(`Turnleaf upload test page ${page}`);
    }
    if (options.paddingBytes) {
      const padding = doc.ref({ Type: "XObject", Subtype: "Form", BBox: [0, 0, 1, 1] });
      padding.write(randomBytes(options.paddingBytes));
      // pdfkit's types want the last chunk; there is none left to write.
      padding.end(undefined);
    }
    doc.end();
  });
}

/** Bytes that start like a PNG or JPEG (the upload service checks magic bytes; it never decodes images). */
export function fakeImage(kind: "png" | "jpeg" | "bmp", size = 2048): Buffer {
  const magic = {
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    bmp: Buffer.from("BM"),
  }[kind];
  return Buffer.concat([magic, randomBytes(size - magic.length)]);
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
