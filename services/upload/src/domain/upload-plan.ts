import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  type ConversionOptionsSchema,
  Cut,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  type BeginUploadRequest,
  type ImportSettings,
  LargeImageChoice,
  UploadChannel,
} from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { catalogueCodes, DomainError, fieldProblem, message } from "@turnleaf/kit";
import { maxSidePx, resolvePageRange, validatePageQuality } from "./import-options.js";
import { formatSize, messagesFor, uploadCodes, uploadMessages } from "./messages.js";

const megabyte = 1024 * 1024;

/** Limits of spec 000 §9 and spec 001 §5 / §9. */
export const limits = {
  maxPdfBytes: 1024 * megabyte,
  maxPdfPages: 1000,
  maxImageBytes: 10 * megabyte,
  trialMaxPages: 12,
  /** A technical bound on one task's files; the plan limits (BOOK_FILE_NUM …) are the power service's. */
  maxFiles: 200,
  maxTitleLength: 200,
  maxBleedPt: 72,
} as const;

const imageExtensions = { web: ["jpg", "jpeg", "png"], desktop: ["jpg", "jpeg", "png", "bmp"] } as const;
/** Presentations and documents the conversion worker turns into a PDF with LibreOffice (both channels). */
export const officeExtensions = ["ppt", "pptx", "pps", "ppsx", "odp", "doc", "docx", "odt"] as const;
const sha256Hex = /^[0-9a-f]{64}$/;
const numericId = /^[0-9]{1,20}$/;
const bookId = /^[A-Za-z0-9_-]{1,64}$/;

export interface PlannedFile {
  fileId: string;
  name: string;
  kind: SourceKind;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** Left out by the answer "skip" to the large-image prompt: no bytes expected. */
  skipped: boolean;
}

export type ConversionOptionsInit = MessageInitShape<typeof ConversionOptionsSchema>;

export interface UploadPlan {
  channel: UploadChannel;
  userId: string;
  teamId: string;
  folderId: string;
  /** Asked from a host outside the product's own: the power checks treat the user as type 32. */
  nonProductHost: boolean;
  title: string;
  keywords: string;
  description: string;
  /** The upload form's category (digits; "" none). */
  categoryId: string;
  /** Spec 000 folder type of a new book: 1 book (BOOK_FILE_NUM), 2 publication (PUB_BOOK_NUM). */
  folderType: 1 | 2;
  /** The book to overwrite; empty for a new book. */
  bookId: string;
  files: PlannedFile[];
  options: ConversionOptionsInit;
  /** A custom page range, checked for its format; undefined: all pages. */
  pageRange: string | undefined;
  trial: boolean;
  password: string;
  /** Insert the files' pages into bookId at this position (a page edit); 0: not an insert. */
  insertPosition: number;
  /** The revision an insert edits. */
  baseRevision: number;
}

type FieldError = { field: string; message: string };

function requestException(errors: FieldError[]): DomainError {
  return new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, { details: { errors } });
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The kind a declared file claims by its name (its bytes are checked when it is complete). */
export function declaredKind(name: string, channel: UploadChannel): SourceKind | undefined {
  const extension = extensionOf(name);
  if (extension === "pdf") return SourceKind.PDF;
  if ((officeExtensions as readonly string[]).includes(extension)) return SourceKind.OFFICE;
  const images: readonly string[] = channel === UploadChannel.DESKTOP ? imageExtensions.desktop : imageExtensions.web;
  return images.includes(extension) ? SourceKind.IMAGE : undefined;
}

const engines: Record<number, Engine> = { 1: Engine.HD_TEXT, 2: Engine.HD_IMAGE, 5: Engine.VECTOR };
const cuts: Record<number, Cut> = {
  0: Cut.NONE,
  [-1]: Cut.AUTO,
  1: Cut.VERTICAL_HALVES,
  2: Cut.HORIZONTAL_HALVES,
  3: Cut.QUARTERS,
};
/** Spec 000 §3 vector/quality options → encoding quality (definition): 1 standard, 2 standard text, 3 HD, 4 auto. */
const qualityByVectorType: Record<number, number> = { 1: 80, 2: 85, 3: 95, 4: 90 };
export const defaultDpi = 150;

/**
 * The conversion options of the create-meta settings (defaults of spec 000 §9: engine 2, vector type 2, max side
 * option 2, TOC, search and links on, bleed 0, all pages). Custom quality (definition, max edge, DPI) wins over the
 * options and is held to spec 001 §5's bounds; a custom page range is checked for its format here and against
 * the page count at completion.
 */
export function conversionOptionsFrom(settings: ImportSettings | undefined): {
  options: ConversionOptionsInit;
  pageRange: string | undefined;
} {
  const errors: FieldError[] = [];
  const engineType = settings?.engineType ?? 2;
  const vectorType = settings?.vectorType ?? 2;
  const cutType = settings?.cutType ?? 0;
  const engine = engines[engineType];
  if (engine === undefined)
    errors.push(fieldProblem("engineType", message("field.oneOf", { field: "engineType", allowed: "1, 2, 5" })));
  const cut = cuts[cutType];
  if (cut === undefined)
    errors.push(fieldProblem("cutType", message("field.oneOf", { field: "cutType", allowed: "0, -1, 1, 2, 3" })));
  if (qualityByVectorType[vectorType] === undefined)
    errors.push(fieldProblem("vectorType", message("field.oneOf", { field: "vectorType", allowed: "1, 2, 3, 4" })));
  const bleed = settings?.bleedPt ?? 0;
  if (!Number.isFinite(bleed) || bleed < 0 || bleed > limits.maxBleedPt) {
    errors.push(
      fieldProblem("pdfBleed", message("field.range", { field: "pdfBleed", min: 0, max: limits.maxBleedPt })),
    );
  }
  if (errors.length > 0) throw requestException(errors);

  const quality = validatePageQuality({
    definition: settings?.definition ?? qualityByVectorType[vectorType] ?? 85,
    maxEdgePx: settings?.maxEdgePx ?? maxSidePx(settings?.qualityDpi ?? 2),
    dpi: settings?.dpi ?? defaultDpi,
  });
  const pageRange = settings?.pageRange;
  // The format is all that can be checked before the pages are counted; no document passes the page limit.
  if (pageRange !== undefined) resolvePageRange(pageRange, limits.maxPdfPages);
  return {
    options: {
      engine,
      maxSidePx: quality.maxEdgePx,
      quality: quality.definition,
      dpi: quality.dpi,
      cut,
      importToc: settings?.importToc ?? true,
      importLinks: settings?.importLinks ?? true,
      importSearch: settings?.importSearch ?? true,
      textToLink: settings?.textToLink ?? false,
      imageInPdf: settings?.imageInPdf ?? false,
      pageRange: pageRange?.trim() ?? "",
      bleedPt: bleed,
    },
    pageRange: pageRange?.trim(),
  };
}

function checkIdentity(request: BeginUploadRequest): FieldError[] {
  const errors: FieldError[] = [];
  if (!numericId.test(request.userId))
    errors.push(fieldProblem("userId", message("field.wholeNumber", { field: "userId" })));
  if (request.teamId !== "" && !numericId.test(request.teamId)) {
    errors.push(fieldProblem("teamId", message("field.wholeNumber", { field: "teamId" })));
  }
  if (request.folderId !== "" && !numericId.test(request.folderId)) {
    errors.push(fieldProblem("folderId", message("field.wholeNumber", { field: "folderId" })));
  }
  if (request.bookId !== "" && !bookId.test(request.bookId)) {
    errors.push(fieldProblem("bookId", message("field.invalid", { field: "bookId" })));
  }
  if (request.categoryId !== "" && !numericId.test(request.categoryId)) {
    errors.push(fieldProblem("categoryId", message("field.wholeNumber", { field: "categoryId" })));
  }
  if (![0, 1, 2].includes(request.folderType))
    errors.push(fieldProblem("folderType", message("field.oneOf", { field: "folderType", allowed: "1, 2" })));
  return errors;
}

function planFiles(request: BeginUploadRequest): PlannedFile[] {
  const text = messagesFor(request.channel);
  if (request.files.length === 0) throw new DomainError("INVALID_ARGUMENT", uploadMessages.noFiles);
  if (request.files.length > limits.maxFiles) {
    throw requestException([fieldProblem("files", message("field.atMost", { field: "files", max: limits.maxFiles }))]);
  }
  const errors: FieldError[] = [];
  const files = request.files.map((declared, index): PlannedFile => {
    const field = `files[${index}]`;
    const name = declared.name.trim();
    const size = Number(declared.sizeBytes);
    const sha256 = declared.sha256.trim().toLowerCase();
    if (name === "" || name.length > 255)
      errors.push(fieldProblem(`${field}.name`, message("field.invalid", { field: `${field}.name` })));
    if (!Number.isSafeInteger(size) || size < 1)
      errors.push(fieldProblem(`${field}.size`, message("field.atLeast", { field: `${field}.size`, min: 1 })));
    if (sha256 !== "" && !sha256Hex.test(sha256)) {
      errors.push(fieldProblem(`${field}.sha256`, message("field.invalid", { field: `${field}.sha256` })));
    }
    const kind = declaredKind(name, request.channel) ?? SourceKind.UNSPECIFIED;
    return {
      fileId: `f${index + 1}`,
      name,
      kind,
      contentType: declared.contentType,
      sizeBytes: size,
      sha256,
      skipped: false,
    };
  });
  if (errors.length > 0) throw requestException(errors);

  const unknown = files.filter((file) => file.kind === SourceKind.UNSPECIFIED);
  if (unknown.length > 0) {
    const anyPdf = files.some((file) => file.kind === SourceKind.PDF || file.kind === SourceKind.OFFICE);
    throw new DomainError("INVALID_ARGUMENT", anyPdf ? uploadMessages.incorrectFileFormat : text.imageTypes, {
      details: { files: unknown.map((file) => file.name) },
    });
  }
  // Office documents count as PDFs: they become one before they are converted, held to the same limits.
  const pdfs = files.filter((file) => file.kind === SourceKind.PDF || file.kind === SourceKind.OFFICE);
  const images = files.filter((file) => file.kind === SourceKind.IMAGE);
  if (pdfs.length > 0 && images.length > 0) throw new DomainError("INVALID_ARGUMENT", uploadMessages.mixedKinds);

  if (pdfs.reduce((total, file) => total + file.sizeBytes, 0) >= limits.maxPdfBytes) {
    throw new DomainError("INVALID_ARGUMENT", text.pdfSize(formatSize(limits.maxPdfBytes)), {
      details: { maxBytes: limits.maxPdfBytes },
    });
  }
  if (pdfs.length > 1 && request.password !== "")
    throw new DomainError("INVALID_ARGUMENT", uploadMessages.protectedMerge);

  const large = images.filter((file) => file.sizeBytes > limits.maxImageBytes);
  if (large.length > 0) {
    if (request.largeImages === LargeImageChoice.UNSPECIFIED) {
      throw new DomainError("INVALID_ARGUMENT", uploadMessages.largeImages, {
        restCode: uploadCodes.largeImages,
        details: {
          files: large.map((file) => ({ name: file.name, size: file.sizeBytes })),
          choices: ["skip", "continue"],
        },
      });
    }
    if (request.largeImages === LargeImageChoice.SKIP) for (const file of large) file.skipped = true;
  }
  const kept = files.filter((file) => !file.skipped);
  if (kept.length === 0) throw new DomainError("INVALID_ARGUMENT", uploadMessages.noFiles);
  if (request.trial && images.length > 0 && kept.length > limits.trialMaxPages) {
    throw new DomainError("INVALID_ARGUMENT", uploadMessages.trial(kept.length, limits.trialMaxPages), {
      details: { count: kept.length, limit: limits.trialMaxPages },
    });
  }
  return files;
}

/**
 * Begin-upload's checks, in the order a user fixes them: the title, the book to overwrite, the declared files
 * (type by name, sizes, merge rules, the large-image prompt, the trial limit) and the conversion settings.
 */
export function planUpload(request: BeginUploadRequest): UploadPlan {
  const identityErrors = checkIdentity(request);
  if (identityErrors.length > 0) throw requestException(identityErrors);
  if (request.insertPosition !== 0) return planInsert(request);
  const text = messagesFor(request.channel);
  const title = request.title.trim();
  if (title === "") throw new DomainError("INVALID_ARGUMENT", text.titleRequired, { details: { field: "title" } });
  if (title.length > limits.maxTitleLength) {
    throw requestException([
      fieldProblem("title", message("textTooLong", { field: "title", max: limits.maxTitleLength })),
    ]);
  }
  if (request.overwrite && request.bookId === "") {
    throw new DomainError("INVALID_ARGUMENT", text.overwriteBookRequired, { details: { field: "bookId" } });
  }
  const files = planFiles(request);
  const { options, pageRange } = conversionOptionsFrom(request.settings);
  return {
    ...requester(request),
    title,
    keywords: request.keywords.trim(),
    description: request.description.trim(),
    categoryId: request.categoryId,
    folderType: request.folderType === 2 ? 2 : 1,
    bookId: request.overwrite ? request.bookId : "",
    files,
    options,
    pageRange,
    trial: request.trial,
    password: request.password,
    insertPosition: 0,
    baseRevision: 0,
  };
}

/** Who uploads, and where to: the channel, the user, the team and folder ("0" when not given), the host kind. */
const requester = (request: BeginUploadRequest) => ({
  channel: request.channel === UploadChannel.DESKTOP ? UploadChannel.DESKTOP : UploadChannel.WEB,
  userId: request.userId,
  teamId: request.teamId || "0",
  folderId: request.folderId || "0",
  nonProductHost: request.nonProductHost,
});

/**
 * Pages inserted into a book (spec 001 'add-new-page dialog with an insert position'): a PDF or images, no title,
 * every page of the file uncut, so the pages converted are the pages counted. The position's upper bound, the
 * book's 1000 pages and the revision are the book service's to judge (EditBookPages at completion).
 */
function planInsert(request: BeginUploadRequest): UploadPlan {
  if (request.bookId === "") {
    throw new DomainError("INVALID_ARGUMENT", messagesFor(request.channel).overwriteBookRequired, {
      details: { field: "bookId" },
    });
  }
  if (!Number.isInteger(request.insertPosition) || request.insertPosition < 1) {
    throw new DomainError("INVALID_ARGUMENT", message("pages.positionRequired"), { details: { field: "position" } });
  }
  const files = planFiles(request);
  if (files.some((file) => file.kind === SourceKind.OFFICE)) {
    throw new DomainError("INVALID_ARGUMENT", message("pages.insertKinds"), {
      details: { files: files.filter((file) => file.kind === SourceKind.OFFICE).map((file) => file.name) },
    });
  }
  const { options } = conversionOptionsFrom(request.settings);
  return {
    ...requester(request),
    // The task's name in lists: the book's title is not touched by an insert.
    title: (request.title.trim() || files[0]?.name || "pages").slice(0, limits.maxTitleLength),
    keywords: "",
    description: "",
    categoryId: "",
    folderType: 1,
    bookId: request.bookId,
    files,
    options: { ...options, pageRange: "", cut: Cut.NONE },
    pageRange: undefined,
    trial: request.trial,
    password: request.password,
    insertPosition: request.insertPosition,
    baseRevision: request.baseRevision,
  };
}
