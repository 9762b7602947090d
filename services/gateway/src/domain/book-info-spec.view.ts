import QRCode from "qrcode";

/**
 * Spec 000 §3's names of a book's info that get-book had under other names or not at all (issue #35), given
 * beside the existing fields so current clients keep working: the reader's address (url, bLink, book_url) and its
 * QR code, the template the book records (templateId, htmlTemplate, phoneTemplate, phoneTemplateName), the
 * bookmark tabs (tabconfig), the works link (worksConfig), whether pages carry media (isMedia), and the
 * bookmark and catalog fields under the spec's names.
 */
export interface SpecBookInfoInput {
  origin: string;
  number: string;
  htmlConfig: Record<string, unknown>;
  bookmarks: readonly { caption: string; page: number; colour: string; fontColour: string }[];
  catalog: readonly SpecCatalogInput[];
  mediaCount: number;
}

interface SpecCatalogInput {
  id: string;
  title: string;
  page: number;
  url: string;
  children: readonly SpecCatalogInput[];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const flag = (value: unknown, fallback: boolean) =>
  value === undefined || value === null || value === ""
    ? fallback
    : value === true || value === 1 || /^(1|true|yes|show)$/i.test(String(value));

/** A bookmark under the spec's names (caption, pageIndex, fontColor, color) beside the current ones. */
export function specBookmark(bookmark: SpecBookInfoInput["bookmarks"][number]) {
  return {
    ...bookmark,
    pageIndex: bookmark.page,
    color: bookmark.colour,
    fontColor: bookmark.fontColour || "#ffffff",
  };
}

/** A catalog node under the spec's names (id, label, page, link, children) beside the current ones. */
export function specCatalogNode(node: SpecCatalogInput): SpecCatalogInput & { label: string; link: string } {
  return { ...node, label: node.title, link: node.url, children: node.children.map(specCatalogNode) };
}

export async function specBookInfo(input: SpecBookInfoInput) {
  const url = `${input.origin}/b/${encodeURIComponent(input.number)}`;
  const template = text(input.htmlConfig.designTemplate);
  const phoneTemplate = text(input.htmlConfig.designMobileTemplate);
  // The works link as the editor keeps it in htmlConfig (worksConfig {isVisible, url}); none by default.
  const works = (input.htmlConfig.worksConfig ?? {}) as Record<string, unknown>;
  const worksUrl = /^https?:\/\//i.test(text(works.url)) ? text(works.url) : "";
  return {
    url,
    bLink: url,
    book_url: url,
    qr_code: await QRCode.toDataURL(url, { margin: 1, width: 240 }),
    templateId: template,
    htmlTemplate: template,
    phoneTemplate: { name: phoneTemplate },
    phoneTemplateName: phoneTemplate,
    isMedia: input.mediaCount > 0,
    tabconfig: {
      tabs: input.bookmarks.map(specBookmark),
      hasTexture: flag(input.htmlConfig.bookmarkHasTexture, false),
      onSideEdge: flag(input.htmlConfig.bookmarkOnSideEdge, true),
    },
    worksConfig: { isVisible: flag(works.isVisible, false) && worksUrl !== "", url: worksUrl },
  };
}
