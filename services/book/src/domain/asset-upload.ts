import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { assetLimits, logoSizeProblem } from "./asset-limits.js";

/**
 * Editor assets (spec 000 §7 upload-file; limits of §5 and §9): images, audio and video for file settings (10 MB,
 * 10485760 bytes), download attachments (100 MB, never an exe). The type is read from the file's first bytes and
 * must agree with its extension; SVG and SWF are refused (a script or a plugin served from our host).
 */
export const assetPurposes = ["", "image", "logo", "audio", "video", "attachment"] as const;
export type AssetPurpose = (typeof assetPurposes)[number];

type Family = "image" | "audio" | "video" | "document";

interface Kind {
  extensions: string[];
  contentType: string;
  family: Family;
  matches(head: Buffer): boolean;
}

const at = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString("latin1", offset, offset + text.length) === text;

const kinds: Kind[] = [
  {
    extensions: ["jpg", "jpeg"],
    contentType: "image/jpeg",
    family: "image",
    matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  },
  { extensions: ["png"], contentType: "image/png", family: "image", matches: (h) => at(h, 0, "\x89PNG\r\n\x1a\n") },
  {
    extensions: ["gif"],
    contentType: "image/gif",
    family: "image",
    matches: (h) => at(h, 0, "GIF87a") || at(h, 0, "GIF89a"),
  },
  {
    extensions: ["webp"],
    contentType: "image/webp",
    family: "image",
    matches: (h) => at(h, 0, "RIFF") && at(h, 8, "WEBP"),
  },
  {
    extensions: ["mp3"],
    contentType: "audio/mpeg",
    family: "audio",
    matches: (h) => at(h, 0, "ID3") || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  },
  { extensions: ["ogg"], contentType: "audio/ogg", family: "audio", matches: (h) => at(h, 0, "OggS") },
  {
    extensions: ["wav"],
    contentType: "audio/wav",
    family: "audio",
    matches: (h) => at(h, 0, "RIFF") && at(h, 8, "WAVE"),
  },
  { extensions: ["flac"], contentType: "audio/flac", family: "audio", matches: (h) => at(h, 0, "fLaC") },
  {
    extensions: ["m4a", "acc", "aac"],
    contentType: "audio/mp4",
    family: "audio",
    matches: (h) => at(h, 4, "ftyp") || (h[0] === 0xff && ((h[1] ?? 0) & 0xf6) === 0xf0),
  },
  { extensions: ["mp4"], contentType: "video/mp4", family: "video", matches: (h) => at(h, 4, "ftyp") },
  {
    extensions: ["webm"],
    contentType: "video/webm",
    family: "video",
    matches: (h) => h[0] === 0x1a && h[1] === 0x45 && h[2] === 0xdf && h[3] === 0xa3,
  },
  { extensions: ["pdf"], contentType: "application/pdf", family: "document", matches: (h) => at(h, 0, "%PDF-") },
  {
    extensions: ["zip", "docx", "xlsx", "pptx"],
    contentType: "application/zip",
    family: "document",
    matches: (h) => at(h, 0, "PK\x03\x04"),
  },
  {
    extensions: ["doc", "xls", "ppt"],
    contentType: "application/x-ole-storage",
    family: "document",
    matches: (h) => at(h, 0, "\xd0\xcf\x11\xe0"),
  },
  {
    extensions: ["txt", "csv"],
    contentType: "text/plain; charset=utf-8",
    family: "document",
    matches: (h) => !h.includes(0),
  },
];

const familiesOf: Record<AssetPurpose, Family[]> = {
  "": ["image", "audio", "video"],
  image: ["image"],
  logo: ["image"],
  audio: ["audio"],
  video: ["video"],
  attachment: ["image", "audio", "video", "document"],
};

function invalid(text: CodedMessage, field = "file"): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field } });
}

/** GIF and PNG carry their size in their first bytes; other formats answer undefined. */
export function imageSize(head: Buffer): { width: number; height: number } | undefined {
  if ((at(head, 0, "GIF87a") || at(head, 0, "GIF89a")) && head.length >= 10) {
    return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  }
  if (at(head, 0, "\x89PNG\r\n\x1a\n") && at(head, 12, "IHDR") && head.length >= 24) {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  return undefined;
}

export interface AcceptedAsset {
  name: string;
  contentType: string;
  family: Family;
  maxBytes: number;
}

export function assetPurpose(value: string): AssetPurpose {
  if (!(assetPurposes as readonly string[]).includes(value)) {
    throw invalid(
      message("field.oneOf", { field: "purpose", allowed: assetPurposes.filter(Boolean).join(", ") }),
      "purpose",
    );
  }
  return value as AssetPurpose;
}

/** Checks an upload before any byte is stored: name, size, type from the head, the purpose's limits. */
export function acceptAsset(request: {
  name: string;
  size: number;
  head: Buffer;
  purpose: AssetPurpose;
  /** A video's limit when the service is configured with one (MEDIA_VIDEO_MAX_BYTES); 10 MB otherwise. */
  videoMaxBytes?: number;
}): AcceptedAsset {
  const name = request.name.trim().replace(/[\\/]/g, "_");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
  if (name === "" || name.length > assetLimits.nameLength || /[\u0000-\u001f]/.test(name)) {
    throw invalid(message("fileNameLength", { max: assetLimits.nameLength }));
  }
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  if (extension === "exe" || at(request.head, 0, "MZ")) throw invalid(message("exeFile"));
  const kind = kinds.find((candidate) => candidate.extensions.includes(extension));
  const families = familiesOf[request.purpose];
  if (!kind || !families.includes(kind.family)) {
    const allowed = kinds.filter((candidate) => families.includes(candidate.family)).flatMap((c) => c.extensions);
    throw invalid(message("fileTypeNotAllowed", { allowed: allowed.join(", ") }));
  }
  if (!kind.matches(request.head)) throw invalid(message("fileNotOfType", { type: extension }));
  if (request.purpose === "logo" && !["image/jpeg", "image/png", "image/gif"].includes(kind.contentType)) {
    throw invalid(message("logoFormat"));
  }
  const video = kind.family === "video" && request.purpose !== "attachment" && request.videoMaxBytes !== undefined;
  const maxBytes =
    request.purpose === "attachment"
      ? assetLimits.attachmentBytes
      : video
        ? (request.videoMaxBytes as number)
        : assetLimits.fileBytes;
  if (!Number.isInteger(request.size) || request.size <= 0) throw invalid(message("fileEmpty"));
  if (request.size > maxBytes) {
    throw invalid(
      request.purpose === "attachment"
        ? message("fileTooLarge", { size: "100 MB" })
        : video
          ? message("fileTooLarge", { size: `${Math.floor(maxBytes / 1048576)} MB` })
          : message("fileTooLarge", { size: "10 MB" }),
    );
  }
  if (request.purpose === "logo") checkLogoSize(request.head);
  return { name, contentType: kind.contentType, family: kind.family, maxBytes };
}

/** Spec 000 §5: a logo at most 500x500 px, wider than 2 px, as far as its first bytes tell (GIF, PNG). */
function checkLogoSize(head: Buffer): void {
  const size = imageSize(head);
  const problem = size && logoSizeProblem(size, at(head, 0, "GIF8"));
  if (problem) throw invalid(problem);
}

/** Where an asset's bytes live in the assets bucket: under its owner's folder. */
export function assetKey(ownerId: string, fileId: string): string {
  return `users/${ownerId}/files/${fileId}`;
}
