import { readFileSync } from "node:fs";
import { create } from "@bufbuild/protobuf";
import { Cut, Engine, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  BeginUploadRequestSchema,
  LargeImageChoice,
  UploadChannel,
} from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { DomainError, renderMessage } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { checkCompletedSources } from "./completion-rules.js";
import { sniff } from "./file-signature.js";
import { formatSize } from "./messages.js";
import { conversionOptionsFrom, planUpload } from "./upload-plan.js";

const request = (fields: Parameters<typeof create<typeof BeginUploadRequestSchema>>[1] = {}) =>
  create(BeginUploadRequestSchema, {
    userId: "10001",
    title: "Book",
    channel: UploadChannel.WEB,
    files: [{ name: "a.pdf", sizeBytes: 10n }],
    ...fields,
  });

/** The English catalogue (the specs' wording): a coded refusal reads as the owner would read it in English. */
const english = JSON.parse(
  readFileSync(new URL("../../../language/src/labels/messages/en.json", import.meta.url), "utf8"),
) as Record<string, string>;

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.coded ? renderMessage(english, error.coded) : error.message;
    throw error;
  }
  return "";
}

describe("planUpload", () => {
  it("plans the declared files with server ids and the defaults of spec 000 §9", () => {
    const plan = planUpload(request({ files: [{ name: "a.PDF", sizeBytes: 10n, sha256: "A".repeat(64) }] }));
    expect(plan.files).toEqual([
      {
        fileId: "f1",
        name: "a.PDF",
        kind: SourceKind.PDF,
        contentType: "",
        sizeBytes: 10,
        sha256: "a".repeat(64),
        skipped: false,
      },
    ]);
    expect(plan.options).toEqual({
      engine: Engine.HD_IMAGE,
      maxSidePx: 2200,
      quality: 85,
      dpi: 150,
      cut: Cut.NONE,
      importToc: true,
      importLinks: true,
      importSearch: true,
      textToLink: false,
      imageInPdf: false,
      pageRange: "",
      bleedPt: 0,
    });
    expect(plan.pageRange).toBeUndefined();
  });

  it("skips or keeps images over 10 MB as the client answered", () => {
    const files = [
      { name: "a.png", sizeBytes: 10n },
      { name: "b.jpeg", sizeBytes: BigInt(10 * 1024 * 1024 + 1) },
    ];
    expect(messageOf(() => planUpload(request({ files })))).toBe(
      "images over 10 MB: skip them, or continue with them?",
    );
    const skipped = planUpload(request({ files, largeImages: LargeImageChoice.SKIP }));
    expect(skipped.files.map((file) => file.skipped)).toEqual([false, true]);
  });

  it("keeps the form's category (digits or none) and refuses anything else", () => {
    expect(planUpload(request({ categoryId: "42" })).categoryId).toBe("42");
    expect(planUpload(request()).categoryId).toBe("");
    expect(messageOf(() => planUpload(request({ categoryId: "travel" })))).toBe("request exception");
  });

  it("plans a book unless a publication (folder type 2) is asked for; other types are refused", () => {
    expect(planUpload(request()).folderType).toBe(1);
    expect(planUpload(request({ folderType: 1 })).folderType).toBe(1);
    expect(planUpload(request({ folderType: 2 })).folderType).toBe(2);
    for (const folderType of [3, -1]) {
      expect(messageOf(() => planUpload(request({ folderType })))).toBe("request exception");
    }
  });

  it("checks the sha256's form and the sizes", () => {
    expect(messageOf(() => planUpload(request({ files: [{ name: "a.pdf", sizeBytes: 0n, sha256: "xyz" }] })))).toBe(
      "request exception",
    );
  });
});

describe("conversionOptionsFrom", () => {
  it("maps the create-meta options", () => {
    const { options } = conversionOptionsFrom(
      create(BeginUploadRequestSchema, {
        settings: {
          engineType: 5,
          vectorType: 3,
          qualityDpi: 4,
          cutType: -1,
          pageRange: " 1,5-8 ",
          bleedPt: 3,
          imageInPdf: true,
        },
      }).settings,
    );
    expect(options).toMatchObject({
      imageInPdf: true,
      engine: Engine.VECTOR,
      quality: 95,
      maxSidePx: 1280,
      cut: Cut.AUTO,
      pageRange: "1,5-8",
      bleedPt: 3,
    });
  });
});

describe("checkCompletedSources", () => {
  const base = { channel: UploadChannel.WEB, imageCount: 0, pageRange: undefined, trial: false };

  it("counts merged pages and applies the range", () => {
    expect(
      checkCompletedSources({
        ...base,
        pdfs: [
          { name: "a", pages: 10, protected: false },
          { name: "b", pages: 5, protected: false },
        ],
        pageRange: "1,12-15",
      }),
    ).toEqual({ pageCount: 15, selectedPages: 5 });
  });

  it("speaks the desktop text for the page limit", () => {
    expect(
      messageOf(() =>
        checkCompletedSources({
          ...base,
          channel: UploadChannel.DESKTOP,
          pdfs: [{ name: "a", pages: 1001, protected: false }],
        }),
      ),
    ).toBe("PDF must be within 1000 pages");
  });
});

describe("sniff and sizes", () => {
  it("knows files by their first bytes", () => {
    expect(sniff(Buffer.from("%PDF-1.7"))).toBe("pdf");
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toBe("jpeg");
    expect(sniff(Buffer.from("GIF89a"))).toBeUndefined();
    expect(sniff(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toBe("zip");
    expect(sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("ole");
  });

  it("takes presentations and documents as Office sources, held to the PDF limits, never mixed with images", () => {
    const names = ["a.ppt", "b.PPTX", "c.pps", "d.ppsx", "e.odp", "f.doc", "g.docx", "h.odt"];
    const plan = planUpload(request({ files: names.map((name) => ({ name, sizeBytes: 10n })) }));
    expect(plan.files.map((file) => file.kind)).toEqual(names.map(() => SourceKind.OFFICE));
    expect(
      planUpload(
        request({
          files: [
            { name: "a.pdf", sizeBytes: 10n },
            { name: "b.pptx", sizeBytes: 10n },
          ],
        }),
      ).files.map((file) => file.kind),
    ).toEqual([SourceKind.PDF, SourceKind.OFFICE]);
    // The same refusals as a PDF gets.
    const refusal = (files: { name: string; sizeBytes: bigint }[]) => messageOf(() => planUpload(request({ files })));
    const mixed = refusal([
      { name: "b.pptx", sizeBytes: 10n },
      { name: "c.png", sizeBytes: 10n },
    ]);
    expect(mixed).not.toBe("");
    expect(mixed).toBe(
      refusal([
        { name: "b.pdf", sizeBytes: 10n },
        { name: "c.png", sizeBytes: 10n },
      ]),
    );
    const big = refusal([{ name: "big.pptx", sizeBytes: BigInt(1024 ** 3) }]);
    expect(big).not.toBe("");
    expect(big).toBe(refusal([{ name: "big.pdf", sizeBytes: BigInt(1024 ** 3) }]));
    expect(refusal([{ name: "a.key", sizeBytes: 10n }])).not.toBe("");
  });

  it("formats limits as the messages show them", () => {
    expect([formatSize(1024 ** 3), formatSize(10 * 1024 * 1024), formatSize(1500)]).toEqual([
      "1 GB",
      "10 MB",
      "1500 bytes",
    ]);
  });
});
