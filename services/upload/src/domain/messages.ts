import { UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { type MessageParams, message, messageText } from "@turnleaf/kit";

/**
 * The upload texts are coded messages (keys of the language service's messages catalogue, `upload.*`): the
 * gateway shows them in the interface language. Each value is a string (kit messageText) so it can be both a
 * DomainError's text and a task's stored message. English: spec 000 §5 for the online editor, spec 001 §5/§8 for
 * the desktop tool.
 */
const coded = (key: string, params: MessageParams = {}) => messageText(message(key, params));

/** Texts of spec 000 §5 (the online editor). */
const web = {
  titleRequired: coded("upload.titleRequired"),
  overwriteBookRequired: coded("upload.overwriteBookRequired"),
  pdfPages: (pages: number) => coded("upload.pdfPages", { pages }),
  pdfSize: (size: string) => coded("upload.pdfSize", { size }),
  imageTypes: coded("upload.imageTypes"),
};

/** Texts of spec 001 §5 and §8 (the desktop tool). */
const desktop: typeof web = {
  titleRequired: coded("upload.desktop.titleRequired"),
  overwriteBookRequired: coded("upload.desktop.overwriteBookRequired"),
  pdfPages: (pages: number) => coded("upload.desktop.pdfPages", { pages }),
  pdfSize: (size: string) => coded("upload.desktop.pdfSize", { size }),
  imageTypes: coded("upload.desktop.imageTypes"),
};

export type ChannelMessages = typeof web;

export function messagesFor(channel: UploadChannel): ChannelMessages {
  return channel === UploadChannel.DESKTOP ? desktop : web;
}

/** Texts shared by both channels (specs 000 §5, 001 §5 and §8). */
export const uploadMessages = {
  noFiles: coded("upload.noFiles"),
  incorrectFileFormat: coded("upload.incorrectFileFormat"),
  incorrectPassword: coded("upload.incorrectPassword"),
  passwordNeeded: coded("upload.passwordNeeded"),
  protectedMerge: coded("upload.protectedMerge"),
  mixedKinds: coded("upload.mixedKinds"),
  largeImages: coded("upload.largeImages"),
  trial: (count: number, limit: number) => coded("upload.trial", { count, limit }),
  checksum: (name: string) => coded("upload.checksum", { name }),
  incomplete: (name: string, received: number, size: number) => coded("upload.incomplete", { name, received, size }),
  tooLarge: (name: string, size: number) => coded("upload.tooLarge", { name, size }),
  offsetConflict: (offset: number) => coded("upload.offsetConflict", { offset }),
  expired: coded("upload.expired"),
  unreadablePdf: (name: string) => coded("upload.unreadablePdf", { name }),
  tooManyOpen: (limit: number) => coded("upload.tooManyOpen", { limit }),
  tooManyBytes: (size: string) => coded("upload.tooManyBytes", { size }),
  notYourBook: coded("bookNotFound"),
  taskNotFound: coded("upload.taskNotFound"),
  noSuchFile: coded("upload.noSuchFile"),
  fileSkipped: (name: string) => coded("upload.fileSkipped", { name }),
  sendAgain: (name: string) => coded("upload.sendAgain", { name }),
  paused: coded("upload.paused"),
  alreadyComplete: coded("upload.alreadyComplete"),
  cancelled: coded("upload.cancelled"),
  failed: coded("upload.failed"),
  notReady: (state: string) => coded("upload.notReady", { state }),
  cannotMove: (from: string, to: string) => coded("upload.cannotMove", { from, to }),
} as const;

/** Catalogue codes (REST `code`) of refusals a client acts on in a specific way. */
export const uploadCodes = {
  offsetConflict: "UPLOAD_OFFSET_CONFLICT",
  passwordRequired: "PDF_PASSWORD_REQUIRED",
  passwordIncorrect: "PDF_PASSWORD_INCORRECT",
  largeImages: "IMAGE_OVER_SIZE",
} as const;

/** "1 GB", "10 MB": sizes as the messages show them. */
export function formatSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}
