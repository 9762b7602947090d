import type { BookInfo, Bookmark, CatalogNode } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BookAssets } from "../book-assets.js";
import { specBookInfo, specBookmark, specCatalogNode } from "../domain/book-info-spec.view.js";
import { chooseRevision } from "../domain/reader-book.view.js";
import type { Peers } from "../peers.js";
import { type Actor, actorOf } from "../plugins/actor.js";
import { publicOrigin } from "../plugins/public-origin.js";
import { featuresNeeded, infoFeaturesNeeded } from "../policies/feature-gates.js";
import { assertFeaturesGranted } from "../policies/features.js";
import { bookAuthorIn as teamBookAuthor } from "../policies/team-context.js";
import { bookBodySchema, bookFormSchema, revisionField, teamIdField } from "./schemas.js";

/**
 * Spec 000 §7 get-book / update-book, and the book's table of contents (catalog) and bookmark tabs: form-encoded
 * POSTs for the book's owner. The book service applies every setting-change rule and limit; this file only reads
 * forms, asks the page count of the book's newest finished revision (for page checks) and shapes the replies.
 */
const jsonField = { type: "string", maxLength: 900_000 } as const;
/** The revision a client edited when it replaces a document whole (absent: merge or replace unchecked). */
const revisionOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

type WholeListField = "catalog" | "bookmarks";
/** The form replacing a list whole: the list's JSON under its field (required by the schema). */
type WholeListForm = { bookId: string; revision?: string; teamId?: string } & Partial<Record<WholeListField, string>>;

const invalidJson = (field: string) =>
  new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field } });

function parseJsonField(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson(field);
  }
}

const maxCatalogDepth = 5;

/**
 * A page number as sent in a catalog entry or bookmark: a whole number (a digit string counts). Anything else —
 * text, fractions, numbers beyond 32 bits — becomes 0, which the book service refuses with its page rule
 * ('page must be between 1 and N') instead of the RPC failing to encode it.
 */
export function pageOf(value: unknown): number {
  const page = typeof value === "number" || typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(page) && Math.abs(page) <= 2_147_483_647 ? page : 0;
}

function catalogOf(
  value: unknown,
  depth = 1,
): { id: string; title: string; page: number; url: string; children: ReturnType<typeof catalogOf> }[] {
  if (!Array.isArray(value))
    throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field: "catalog" } });
  if (depth > maxCatalogDepth && value.length > 0) {
    throw new DomainError("INVALID_ARGUMENT", message("catalog.depth", { max: maxCatalogDepth }), {
      details: { field: "catalog" },
    });
  }
  return value.map((entry: unknown) => {
    const node = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
    // The book service checks the id's shape and the URL (http(s) only); these only keep strings strings.
    return {
      id: typeof node.id === "string" ? node.id.slice(0, 64) : "",
      title: typeof node.title === "string" ? node.title : "",
      page: pageOf(node.page),
      url: typeof node.url === "string" ? node.url : "",
      collapsed: node.collapsed === true,
      children: catalogOf(node.children ?? [], depth + 1),
    };
  });
}

function bookmarksOf(value: unknown) {
  if (!Array.isArray(value))
    throw new DomainError("INVALID_ARGUMENT", message("invalidJson"), { details: { field: "bookmarks" } });
  return value.map((entry: unknown) => {
    const bookmark = (entry && typeof entry === "object" ? entry : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof bookmark[key] === "string" ? (bookmark[key] as string) : "");
    return {
      caption: text("caption"),
      page: pageOf(bookmark.page),
      colour: text("colour"),
      fontColour: text("fontColour"),
    };
  });
}

export function catalogView(
  nodes: readonly CatalogNode[],
): { id: string; title: string; page: number; url: string; collapsed?: boolean; children: unknown[] }[] {
  return nodes.map((node) => ({
    id: node.id,
    title: node.title,
    page: node.page,
    url: node.url,
    ...(node.collapsed ? { collapsed: true } : {}),
    children: catalogView(node.children),
  }));
}

export function bookmarkView(bookmark: Bookmark) {
  return { caption: bookmark.caption, page: bookmark.page, colour: bookmark.colour, fontColour: bookmark.fontColour };
}

const parsedOr = (json: string, fallback: unknown) => (json ? (JSON.parse(json) as unknown) : fallback);

/** The book info reply of get-book and update-book (spec 000 §3 names). */
export function bookInfoView(book: BookInfo | undefined) {
  if (!book) throw new Error("book service answered without a book");
  return {
    bookId: book.bookId,
    number: book.number,
    title: book.title,
    desc: book.description,
    keyword: book.keywords,
    label: String(book.label),
    categoryId: book.categoryId,
    bStatus: book.bStatus,
    source: book.source,
    isDownload: book.isDownload ? "1" : "0",
    htmlConfig: parsedOr(book.htmlConfigJson, {}),
    plugin: parsedOr(book.pluginsJson, []),
    downloadconfig: parsedOr(book.downloadConfigJson, null),
    catalog: catalogView(book.catalog),
    bookmarks: book.bookmarks.map(bookmarkView),
    shareIcon: book.shareIcon,
    settingsRevision: book.settingsRevision,
    catalogRevision: book.catalogRevision,
    bookmarksRevision: book.bookmarksRevision,
  };
}

interface UpdateBookFields {
  bookId: string;
  /** The team the editor acts in ("0" or absent: none); its role powers and the team's features apply. */
  teamId?: string;
  bookConfig?: string;
  isDownload?: string;
  plugin?: string;
  downloadconfig?: string;
  /** The book's own info (spec 000 §3 names); absent: unchanged. */
  title?: string;
  desc?: string;
  keyword?: string;
  label?: string;
  categoryId?: string;
  /** The settings revision edited: checked when plugin or downloadconfig replace theirs whole. */
  settingsRevision?: string;
  /** "1": a changed page display mode may clear every page audio (spec 001 §4, after the editor's confirmation). */
  clearPageAudio?: string;
}

export function registerBookSettingsRoutes(app: FastifyInstance, peers: Peers, assets?: BookAssets): void {
  const baseUrl = publicOrigin;

  /** The page count of the owner's book (its newest finished revision); 0 when unknown. */
  const pageCountOf = async (userId: string, bookId: string): Promise<number> => {
    const { book } = await peers.book.getBook({ userId, bookId, baseUrl: "" });
    if (!assets || !book) return 0;
    const manifests = await Promise.all(
      book.revisions.map(async (revision) => ({ revision, manifest: await assets.manifest(book.bookId, revision) })),
    );
    return chooseRevision(manifests)?.manifest.pageCount ?? 0;
  };

  const bookAuthorIn = (actor: Actor, bookId: string, teamId: string | undefined) =>
    teamBookAuthor(peers, actor, bookId, teamId);

  /**
   * Before a change to one of the book's page-linked lists (TOC, bookmarks): the page count its entries are checked
   * against, once the actor may use `features` on the book in `teamId`'s context (for the book's author there).
   */
  const pageCountWhenGranted = async (
    request: FastifyRequest,
    actor: Actor,
    bookId: string,
    teamId: string | undefined,
    features: readonly string[],
  ): Promise<number> => {
    const pageCount = await pageCountOf(actor.userId, bookId);
    await assertFeaturesGranted(request, peers, actor, features, teamId, await bookAuthorIn(actor, bookId, teamId));
    return pageCount;
  };

  /**
   * A page-linked list the editor replaces whole (the TOC, the bookmarks), answered with the list saved and its
   * revision. The list is a gated feature (spec 000 §6), asked once the book is known to be the actor's; clearing
   * the list needs nothing, as switching a setting off. In a team the member acts as type 13 with the team's
   * overrides, and the role's book power is asked even to clear the list (a team owner's own book included).
   */
  const saveWholeList = <List extends unknown[]>(
    path: string,
    field: WholeListField,
    feature: string,
    listOf: (json: unknown) => List,
    save: (change: {
      userId: string;
      bookId: string;
      list: List;
      pageCount: number;
      revision: number | undefined;
    }) => Promise<{ list: unknown; revision: number }>,
  ) =>
    app.post<{ Body: WholeListForm }>(
      path,
      { schema: bookFormSchema({ [field]: jsonField, revision: revisionField, teamId: teamIdField }, [field]) },
      async (request) => {
        const actor = actorOf(request);
        const { bookId, teamId } = request.body;
        const list = listOf(parseJsonField(request.body[field] ?? "", field));
        const pageCount = await pageCountWhenGranted(request, actor, bookId, teamId, list.length > 0 ? [feature] : []);
        const saved = await save({
          userId: actor.userId,
          bookId,
          list,
          pageCount,
          revision: revisionOf(request.body.revision),
        });
        return okEnvelope({ [field]: saved.list, revision: saved.revision });
      },
    );

  app.post<{ Body: { bookId: string } }>("/api/book/get-book", { schema: bookBodySchema }, async (request) => {
    const actor = actorOf(request);
    const { book } = await peers.book.getBook({
      userId: actor.userId,
      bookId: request.body.bookId,
      baseUrl: baseUrl(request),
    });
    const info = bookInfoView(book);
    // Spec 000 §3's names beside the current ones (domain/book-info-spec.view.ts).
    const media = await peers.book.listPageMedia({ userId: actor.userId, bookId: info.bookId });
    const spec = await specBookInfo({
      origin: baseUrl(request),
      number: info.number,
      htmlConfig: (info.htmlConfig ?? {}) as Record<string, unknown>,
      bookmarks: info.bookmarks,
      catalog: info.catalog as Parameters<typeof specBookInfo>[0]["catalog"],
      mediaCount: media.items.length,
    });
    return okEnvelope({
      ...info,
      ...spec,
      bookmarks: info.bookmarks.map(specBookmark),
      catalog: (info.catalog as Parameters<typeof specBookInfo>[0]["catalog"]).map(specCatalogNode),
    });
  });

  app.post<{ Body: UpdateBookFields }>(
    "/api/book/update-book",
    {
      schema: bookFormSchema({
        teamId: teamIdField,
        bookConfig: jsonField,
        isDownload: { type: "string", enum: ["", "0", "1"] },
        plugin: jsonField,
        downloadconfig: jsonField,
        // Lengths and shapes are checked by the book service (its catalogue texts); these bound the form only.
        title: { type: "string", maxLength: 10_000 },
        desc: { type: "string", maxLength: 100_000 },
        keyword: { type: "string", maxLength: 100_000 },
        label: { type: "string", maxLength: 100 },
        categoryId: { type: "string", maxLength: 100 },
        settingsRevision: revisionField,
        clearPageAudio: { type: "string", enum: ["", "0", "1"] },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const fields = request.body;
      // Gated features (spec 000 §6) are checked before anything is saved; a refusal saves nothing.
      const jsonOf = (text: string | undefined, field: string) => (text ? parseJsonField(text, field) : undefined);
      const bookConfig = jsonOf(fields.bookConfig, "bookConfig");
      const needed = featuresNeeded({
        bookConfig:
          bookConfig && typeof bookConfig === "object" && !Array.isArray(bookConfig)
            ? (bookConfig as Record<string, unknown>)
            : undefined,
        isDownload: fields.isDownload,
        plugin: jsonOf(fields.plugin, "plugin"),
        downloadconfig: jsonOf(fields.downloadconfig, "downloadconfig"),
      });
      for (const code of infoFeaturesNeeded({ desc: fields.desc, label: fields.label })) {
        if (!needed.includes(code)) needed.push(code);
      }
      await assertFeaturesGranted(
        request,
        peers,
        actor,
        needed,
        fields.teamId,
        await bookAuthorIn(actor, fields.bookId, fields.teamId),
      );
      const { book } = await peers.book.updateBook({
        userId: actor.userId,
        bookId: fields.bookId,
        bookConfigJson: fields.bookConfig ?? "",
        isDownload: fields.isDownload ?? "",
        pluginJson: fields.plugin ?? "",
        downloadConfigJson: fields.downloadconfig ?? "",
        title: fields.title,
        description: fields.desc,
        keywords: fields.keyword,
        label: fields.label,
        categoryId: fields.categoryId,
        settingsRevision: revisionOf(fields.settingsRevision),
        clearPageAudio: fields.clearPageAudio === "1",
        baseUrl: baseUrl(request),
      });
      return okEnvelope(bookInfoView(book));
    },
  );

  app.post<{ Body: { bookId: string } }>("/api/book/get-book-catalog", { schema: bookBodySchema }, async (request) => {
    const actor = actorOf(request);
    const { catalog, catalogRevision } = await peers.book.getBookCatalog({
      userId: actor.userId,
      bookId: request.body.bookId,
    });
    return okEnvelope({ catalog: catalogView(catalog), revision: catalogRevision });
  });

  saveWholeList("/api/book/save-book-catalog", "catalog", "TOC", catalogOf, async ({ list, revision, ...book }) => {
    const saved = await peers.book.saveBookCatalog({ ...book, catalog: list, catalogRevision: revision });
    return { list: catalogView(saved.catalog), revision: saved.catalogRevision };
  });

  app.post<{ Body: { bookId: string } }>("/api/book/get-book-bookmark", { schema: bookBodySchema }, async (request) => {
    const actor = actorOf(request);
    const { bookmarks, bookmarksRevision } = await peers.book.getBookBookmarks({
      userId: actor.userId,
      bookId: request.body.bookId,
    });
    return okEnvelope({ bookmarks: bookmarks.map(bookmarkView), revision: bookmarksRevision });
  });

  saveWholeList(
    "/api/book/save-book-bookmark",
    "bookmarks",
    "BOOKMARK",
    bookmarksOf,
    async ({ list, revision, ...book }) => {
      const saved = await peers.book.saveBookBookmarks({ ...book, bookmarks: list, bookmarksRevision: revision });
      return { list: saved.bookmarks.map(bookmarkView), revision: saved.bookmarksRevision };
    },
  );

  app.post<{ Body: { bookId: string; caption?: string; sharedColour?: string; teamId?: string } }>(
    "/api/book/add-book-bookmark",
    {
      schema: bookFormSchema({
        caption: { type: "string", maxLength: 1000 },
        sharedColour: { type: "string", enum: ["", "0", "1"] },
        teamId: teamIdField,
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const pageCount = await pageCountWhenGranted(request, actor, request.body.bookId, request.body.teamId, [
        "BOOKMARK",
      ]);
      const added = await peers.book.addBookBookmark({
        userId: actor.userId,
        bookId: request.body.bookId,
        caption: request.body.caption ?? "",
        sharedColour: request.body.sharedColour === "1",
        pageCount,
      });
      if (!added.bookmark) throw new Error("book service answered without the bookmark");
      return okEnvelope({
        bookmark: bookmarkView(added.bookmark),
        bookmarks: added.bookmarks.map(bookmarkView),
        revision: added.bookmarksRevision,
      });
    },
  );
}
