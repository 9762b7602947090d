import type {
  Asset,
  BookEditLock,
  BookSummary,
  Brand,
  BusinessCard,
  CustomEntry,
} from "@turnleaf/contracts/book/v1/book_content_pb";

/**
 * The REST shapes of the book-content paths (services/gateway/rest/book-content.md): the book service's messages
 * mapped to the editor's field names. Pure mapping, no I/O.
 */
const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export function customEntryView(entry: CustomEntry, valueName: "config" | "content" | "theme", keyName: string) {
  return { [keyName]: entry.key, [valueName]: parsedJson(entry.json), updatedAt: entry.updatedAt };
}

export function cardView(card: BusinessCard | undefined) {
  if (!card) return null;
  return {
    cardId: card.cardId,
    name: card.name,
    title: card.title,
    company: card.company,
    phone: card.phone,
    email: card.email,
    website: card.website,
    address: card.address,
    avatar: card.avatar,
    desc: card.description,
  };
}

export function brandView(brand: Brand | undefined) {
  if (!brand) return null;
  return {
    brandId: brand.brandId,
    type: brand.kind,
    title: brand.title,
    logo: brand.logo,
    link: brand.link,
    desc: brand.description,
  };
}

export function lockView(lock: BookEditLock | undefined) {
  return {
    locked: lock?.heldByOther ?? false,
    mine: Boolean(lock && !lock.heldByOther && lock.holderSessionId !== ""),
    holderUserId: lock?.holderUserId ?? "",
    since: lock?.since ?? "",
    expiresAt: lock?.expiresAt ?? "",
  };
}

/** A bookcase row (spec 001 "Online book"); `link` is the hosted reader's absolute URL. */
export function bookSummaryView(book: BookSummary, origin: string) {
  return {
    bookId: book.bookId,
    number: book.number,
    title: book.title,
    status: book.status,
    link: `${origin}/b/${book.number}`,
    pageCount: book.pageCount,
    createdAt: book.createdAt,
    updatedAt: book.updatedAt,
    folderType: book.folderType === 2 ? 2 : 1,
    cover: book.readyRevision > 0 ? `${origin}${bookCoverPath(book.bookId, book.readyRevision)}` : "",
    errorReason: book.errorReason,
    locked: book.passwordProtected,
  };
}

/** Where the owner's bookcase finds a book's cover: the first page's thumbnail of a finished revision. */
export function bookCoverPath(bookId: string, revision: number): string {
  return `/api/book/book-cover?bookId=${encodeURIComponent(bookId)}&revision=${revision}`;
}

export function assetView(asset: Asset | undefined, origin: string) {
  if (!asset) return null;
  return {
    fileId: asset.fileId,
    name: asset.name,
    size: Number(asset.size),
    contentType: asset.contentType,
    url: `${origin}${assetPath(asset.fileId, asset.name)}`,
  };
}

/** Where the gateway serves an uploaded asset (GET /api/common/file/<fileId>/<name>). */
export function assetPath(fileId: string, name: string): string {
  return `/api/common/file/${fileId}/${encodeURIComponent(name)}`;
}

/** How a served asset is shown: pictures, sound and video inline, anything else downloads. */
export function assetDisposition(contentType: string, name: string): string {
  const inline = /^(image|audio|video)\//.test(contentType);
  const safe = name.replace(/[^\w.-]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** get-code-info: what the share dialog and the desktop tool show of a book's public link. */
export function codeInfoView(book: { bookId: string; number: string; title: string; bStatus: number }, origin: string) {
  const link = `${origin}/b/${book.number}`;
  return {
    bookId: book.bookId,
    number: book.number,
    title: book.title,
    link,
    qrText: link,
    embedCode: `<iframe src="${link}" width="800" height="600" style="border:0" allowfullscreen></iframe>`,
    published: book.bStatus === 1,
  };
}

/** add-upload-log: the form's fields (strings only, at most 50, each clipped) as the stored log object. */
export function uploadLogOf(body: unknown): Record<string, string> {
  const fields = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const log: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields).slice(0, 50)) {
    if (typeof value === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(key)) log[key] = value.slice(0, 4000);
  }
  return log;
}
