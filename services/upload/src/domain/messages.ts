import { UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";

/** Texts of spec 000 §5 (the online editor). */
const web = {
  titleRequired: "please enter a title",
  overwriteBookRequired: "please choose the book to overwrite",
  pdfPages: (pages: number) => `imported PDF may not exceed ${pages} pages`,
  pdfSize: (size: string) => `may not exceed ${size}`,
  imageTypes: "only jpg, jpeg, png images are supported",
};

/** Texts of spec 001 §5 and §8 (the desktop tool). */
const desktop = {
  titleRequired: "Please enter book title!",
  overwriteBookRequired: "Please select the online book to overwrite",
  pdfPages: (pages: number) => `PDF must be within ${pages} pages`,
  pdfSize: (size: string) => `PDF must be less than ${size}`,
  imageTypes: "Only JPG/JPEG/PNG/BMP supported",
};

export type ChannelMessages = typeof web;

export function messagesFor(channel: UploadChannel): ChannelMessages {
  return channel === UploadChannel.DESKTOP ? desktop : web;
}

/** Texts shared by both channels (specs 000 §5, 001 §5 and §8). */
export const uploadMessages = {
  noFiles: "please upload a file",
  incorrectFileFormat: "Incorrect file format",
  incorrectPassword: "Incorrect Password!",
  passwordNeeded: "this PDF is protected by a password: please enter it",
  protectedMerge: "password-protected PDFs cannot be merged",
  mixedKinds: "PDFs and images cannot be merged into one book",
  largeImages: "images over 10 MB: skip them, or continue with them?",
  trial: (count: number, limit: number) =>
    `trial version only ${limit} pages or images: this upload has ${count}, please choose again`,
  checksum: (name: string) => `${name} does not match the SHA-256 sent with it: upload it again`,
  incomplete: (name: string, received: number, size: number) =>
    `${name} is incomplete: ${received} of ${size} bytes received`,
  tooLarge: (name: string, size: number) => `${name} is larger than the ${size} bytes declared`,
  offsetConflict: (offset: number) => `the upload continues at byte ${offset}`,
  expired: "the upload expired: start it again",
  unreadablePdf: (name: string) => `PDF conversion failed: ${name} cannot be read`,
  tooManyOpen: (limit: number) => `at most ${limit} unfinished uploads at a time: finish or cancel one first`,
  tooManyBytes: (size: string) => `unfinished uploads may hold at most ${size}: finish or cancel one first`,
  notYourBook: "book not found",
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
