import { Readable } from "node:stream";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import {
  type ConversionJobProgressed,
  ConversionJobState,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { UploadTaskState } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import {
  type ImportSettings,
  LargeImageChoice,
  UploadChannel,
  UploadOperation,
  type UploadTask,
} from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { catalogueCodes, DomainError, fieldProblem, internalFault, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BookAssets } from "../book-assets.js";
import { searchState } from "../domain/search-state.js";
import type { Peers } from "../peers.js";
import { type Actor, actorOf } from "../plugins/actor.js";
import { nonProductHost } from "../policies/features.js";

// ---------------------------------------------------------------------------------------------------------------
// Replies

const stateNames: Record<UploadTaskState, string> = {
  [UploadTaskState.UNSPECIFIED]: "",
  [UploadTaskState.CREATING]: "creating",
  [UploadTaskState.CREATED]: "created",
  [UploadTaskState.CHECKING]: "checking",
  [UploadTaskState.CHECKED]: "checked",
  [UploadTaskState.STARTING]: "starting",
  [UploadTaskState.UPLOADING]: "uploading",
  [UploadTaskState.PAUSED]: "paused",
  [UploadTaskState.COMPLETING]: "completing",
  [UploadTaskState.COMPLETED]: "completed",
  [UploadTaskState.FAILED]: "failed",
  [UploadTaskState.CANCELLED]: "cancelled",
};

const conversionStateNames: Record<ConversionJobState, string> = {
  [ConversionJobState.UNSPECIFIED]: "",
  [ConversionJobState.QUEUED]: "queued",
  [ConversionJobState.CONVERTING]: "converting",
  [ConversionJobState.COMPLETED]: "completed",
  [ConversionJobState.FAILED]: "failed",
};

/** The `data` describing an upload task (every reply of the upload paths carries it). */
export function uploadTaskView(task: UploadTask) {
  return {
    taskId: task.taskId,
    state: stateNames[task.state],
    message: task.message,
    title: task.title,
    bookId: task.bookId,
    number: task.bookNumber,
    revision: task.revision,
    files: task.files.map((file) => ({
      fileId: file.fileId,
      name: file.name,
      kind: file.kind === SourceKind.PDF ? "pdf" : "image",
      size: Number(file.sizeBytes),
      received: Number(file.receivedBytes),
      skipped: file.skipped,
      pages: file.pages,
    })),
    bytes: { done: Number(task.bytes?.done ?? 0n), total: Number(task.bytes?.total ?? 0n) },
    expiresAt: task.expiresAt ? timestampDate(task.expiresAt).toISOString() : "",
    partSize: Number(task.partSizeBytes),
  };
}

function conversionView(progress: ConversionJobProgressed | undefined) {
  if (!progress) return null;
  return {
    state: conversionStateNames[progress.state],
    pagesDone: Number(progress.pages?.done ?? 0n),
    pagesTotal: Number(progress.pages?.total ?? 0n),
    message: progress.message,
    revision: progress.revision,
    manifestKey: progress.manifestKey,
  };
}

/** One word for where a task stands: upload, conversion, ready or failed. */
function phaseOf(task: UploadTask, progress: ConversionJobProgressed | undefined): string {
  if (task.state === UploadTaskState.FAILED || task.state === UploadTaskState.CANCELLED) return "failed";
  if (task.state !== UploadTaskState.COMPLETED) return "upload";
  if (progress?.state === ConversionJobState.COMPLETED) return "ready";
  if (progress?.state === ConversionJobState.FAILED) return "failed";
  return "conversion";
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
const wholeNumber = { type: "string", pattern: "^[0-9]{1,20}$" } as const;
const taskId = { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } as const;
const bookId = { type: "string", pattern: "^[A-Za-z0-9_-]{0,64}$" } as const;
const smallInteger = { type: "string", pattern: "^-?[0-9]{1,4}$" } as const;
const byteOffset = { type: "string", pattern: "^[0-9]{1,15}$" } as const;

/** A chunk sent with another content type than application/octet-stream (a form, JSON) or none: HTTP 415. */
export function chunkBody(body: unknown): Readable {
  if (body instanceof Readable) return body;
  throw Object.assign(new Error("upload-book-files takes the chunk as application/octet-stream"), { statusCode: 415 });
}

const beginFields = {
  title: text(1000),
  keywords: text(1000),
  description: text(5000),
  // The upload form's category: the editor sends categoryId, the CLI (services/cli upload.ts) category.
  categoryId: { type: "string", pattern: "^[0-9]{0,20}$" },
  category: { type: "string", pattern: "^[0-9]{0,20}$" },
  // Spec 000 folder type of a new book: 1 book (BOOK_FILE_NUM), 2 publication (PUB_BOOK_NUM); absent: book.
  folderType: { type: "string", enum: ["", "1", "2"] },
  teamId: wholeNumber,
  folderId: wholeNumber,
  overwrite: text(8),
  bookId,
  files: text(100_000),
  engineType: smallInteger,
  vectorType: smallInteger,
  qualityDpi: smallInteger,
  cutType: smallInteger,
  pdfImportConfig: text(4000),
  definition: smallInteger,
  maxEdge: smallInteger,
  dpi: smallInteger,
  largeImages: { type: "string", enum: ["", "skip", "continue"] },
  trial: text(8),
  password: text(1000),
} as const;

type BeginFields = Partial<Record<keyof typeof beginFields, string>>;

const formSchema = (properties: Record<string, unknown>, required: string[] = []) =>
  ({ body: { type: "object", required, properties } }) as const;

type FieldError = { field: string; message: string };

function requestException(errors: FieldError[]): DomainError {
  return new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, { details: { errors } });
}

/** Spec 000 §5 boolean parsing: yes, show, true (and 1, on) mean true; anything else false. */
function flag(value: unknown): boolean {
  return typeof value === "boolean" ? value : ["1", "yes", "show", "true", "on"].includes(String(value).toLowerCase());
}

function optionalInteger(value: string | undefined): number | undefined {
  return value === undefined || value === "" ? undefined : Number(value);
}

interface DeclaredFileField {
  name?: unknown;
  size?: unknown;
  type?: unknown;
  sha256?: unknown;
}

function parseFiles(json: string | undefined) {
  if (json === undefined || json.trim() === "") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw requestException([fieldProblem("files", message("field.jsonList", { field: "files" }))]);
  }
  if (!Array.isArray(parsed))
    throw requestException([fieldProblem("files", message("field.jsonList", { field: "files" }))]);
  return parsed.map((entry: DeclaredFileField, index) => {
    const size = typeof entry?.size === "string" ? Number(entry.size) : entry?.size;
    if (typeof entry?.name !== "string" || typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
      throw requestException([fieldProblem(`files[${index}]`, message("field.invalid", { field: `files[${index}]` }))]);
    }
    return {
      name: entry.name,
      sizeBytes: BigInt(size),
      contentType: typeof entry.type === "string" ? entry.type : "",
      sha256: typeof entry.sha256 === "string" ? entry.sha256 : "",
    };
  });
}

interface PdfImportConfigField {
  importTOC?: unknown;
  importSearch?: unknown;
  importLink?: unknown;
  textToLink?: unknown;
  IMAGEINPDF?: unknown;
  r?: unknown;
  pdfBleed?: unknown;
}

/** The create-meta fields of spec 000 §3 (pdfImportConfig is a JSON string) and the desktop custom quality. */
function parseSettings(fields: BeginFields): Partial<ImportSettings> {
  let config: PdfImportConfigField = {};
  if (fields.pdfImportConfig !== undefined && fields.pdfImportConfig.trim() !== "") {
    try {
      config = JSON.parse(fields.pdfImportConfig) as PdfImportConfigField;
    } catch {
      throw requestException([
        fieldProblem("pdfImportConfig", message("field.jsonObject", { field: "pdfImportConfig" })),
      ]);
    }
    if (typeof config !== "object" || config === null) {
      throw requestException([
        fieldProblem("pdfImportConfig", message("field.jsonObject", { field: "pdfImportConfig" })),
      ]);
    }
  }
  const bleed = config.pdfBleed === undefined || config.pdfBleed === "" ? undefined : Number(config.pdfBleed);
  if (bleed !== undefined && !Number.isFinite(bleed)) {
    throw requestException([
      fieldProblem("pdfImportConfig.pdfBleed", message("field.invalid", { field: "pdfImportConfig.pdfBleed" })),
    ]);
  }
  if (config.r !== undefined && typeof config.r !== "string") {
    throw requestException([
      fieldProblem("pdfImportConfig.r", message("field.invalid", { field: "pdfImportConfig.r" })),
    ]);
  }
  const settings: Partial<ImportSettings> = {
    engineType: optionalInteger(fields.engineType),
    vectorType: optionalInteger(fields.vectorType),
    qualityDpi: optionalInteger(fields.qualityDpi),
    cutType: optionalInteger(fields.cutType),
    importToc: config.importTOC === undefined ? undefined : flag(config.importTOC),
    importLinks: config.importLink === undefined ? undefined : flag(config.importLink),
    importSearch: config.importSearch === undefined ? undefined : flag(config.importSearch),
    textToLink: config.textToLink === undefined ? undefined : flag(config.textToLink),
    imageInPdf: config.IMAGEINPDF === undefined ? undefined : flag(config.IMAGEINPDF),
    pageRange: config.r,
    bleedPt: bleed,
    definition: optionalInteger(fields.definition),
    maxEdgePx: optionalInteger(fields.maxEdge),
    dpi: optionalInteger(fields.dpi),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

const largeImageChoices: Record<string, LargeImageChoice> = {
  skip: LargeImageChoice.SKIP,
  continue: LargeImageChoice.CONTINUE,
};

const operations: Record<string, UploadOperation> = {
  pause: UploadOperation.PAUSE,
  continue: UploadOperation.CONTINUE,
  cancel: UploadOperation.CANCEL,
};

// ---------------------------------------------------------------------------------------------------------------

/**
 * The batch upload flow of spec 000 §7 (begin-upload, upload-book-files, end-upload, operate-book,
 * reconvert-book-multi, get-progress), the desktop paths of spec 001 §7 (create-book-multi, replace-book-multi,
 * get-book-progress). The Connect stream UploadProgressService.WatchUpload is upload-progress.routes.ts.
 */
export async function registerUploadRoutes(app: FastifyInstance, peers: Peers, assets?: BookAssets): Promise<void> {
  const begin = (channel: UploadChannel, overwrite: boolean) => async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const fields = (request.body ?? {}) as BeginFields;
    const { task } = await peers.upload.beginUpload({
      userId: actor.userId,
      teamId: fields.teamId ?? "0",
      folderId: fields.folderId ?? "0",
      channel,
      title: fields.title ?? "",
      keywords: fields.keywords ?? "",
      description: fields.description ?? "",
      categoryId: fields.categoryId || fields.category || "",
      folderType: Number(fields.folderType || 1),
      overwrite: overwrite || flag(fields.overwrite ?? ""),
      bookId: fields.bookId ?? "",
      files: parseFiles(fields.files),
      settings: parseSettings(fields),
      largeImages: largeImageChoices[fields.largeImages ?? ""] ?? LargeImageChoice.UNSPECIFIED,
      trial: flag(fields.trial ?? ""),
      password: fields.password ?? "",
      nonProductHost: nonProductHost(request),
    });
    if (!task) throw internalFault("upload service answered without a task");
    return okEnvelope(uploadTaskView(task));
  };
  const beginSchema = formSchema(beginFields);
  app.post("/api/book/begin-upload", { schema: beginSchema }, begin(UploadChannel.WEB, false));
  app.post("/api/book/create-book-multi", { schema: beginSchema }, begin(UploadChannel.DESKTOP, false));
  app.post("/api/book/replace-book-multi", { schema: beginSchema }, begin(UploadChannel.DESKTOP, true));

  app.post<{ Body: { taskId: string; password?: string } }>(
    "/api/book/end-upload",
    { schema: formSchema({ taskId, password: text(1000) }, ["taskId"]) },
    async (request) => {
      const actor = actorOf(request);
      const { task } = await peers.upload.completeUpload({
        userId: actor.userId,
        taskId: request.body.taskId,
        password: request.body.password ?? "",
      });
      if (!task) throw internalFault("upload service answered without a task");
      return okEnvelope(uploadTaskView(task));
    },
  );

  app.post<{ Body: { taskId: string; operate: string } }>(
    "/api/book/operate-book",
    {
      schema: formSchema({ taskId, operate: { type: "string", enum: ["pause", "continue", "cancel"] } }, [
        "taskId",
        "operate",
      ]),
    },
    async (request) => {
      const actor = actorOf(request);
      const { task } = await peers.upload.operateUpload({
        userId: actor.userId,
        taskId: request.body.taskId,
        operation: operations[request.body.operate] ?? UploadOperation.UNSPECIFIED,
      });
      if (!task) throw internalFault("upload service answered without a task");
      return okEnvelope(uploadTaskView(task));
    },
  );

  app.post<{ Body: { bookId: string; teamId?: string } }>(
    "/api/book/reconvert-book-multi",
    { schema: formSchema({ bookId, teamId: wholeNumber }, ["bookId"]) },
    async (request) => {
      const actor = actorOf(request);
      const { task } = await peers.upload.reconvertBook({
        userId: actor.userId,
        teamId: request.body.teamId ?? "0",
        bookId: request.body.bookId,
      });
      if (!task) throw internalFault("upload service answered without a task");
      return okEnvelope(uploadTaskView(task));
    },
  );

  const progress = async (request: FastifyRequest<{ Body: { taskId?: string; bookId?: string } }>) => {
    const actor = actorOf(request);
    const body = request.body ?? {};
    if (!body.taskId && !body.bookId)
      throw requestException([fieldProblem("taskId", message("field.required", { field: "taskId" }))]);
    const { task, conversion } = await peers.upload.getUpload({
      userId: actor.userId,
      taskId: body.taskId ?? "",
      bookId: body.bookId ?? "",
    });
    if (!task) throw internalFault("upload service answered without a task");
    const phase = phaseOf(task, conversion);
    // A ready book whose scanned pages OCR still reads: search finds their words once it is done.
    const manifest =
      phase === "ready" && conversion && assets
        ? await assets.manifest(conversion.bookId, conversion.revision).catch(() => null)
        : null;
    return okEnvelope({
      phase,
      task: uploadTaskView(task),
      conversion: conversionView(conversion),
      search: searchState(manifest),
    });
  };
  const progressSchema = formSchema({ taskId, bookId });
  app.post("/api/book/get-progress", { schema: progressSchema }, progress);
  app.post("/api/book/get-book-progress", { schema: progressSchema }, progress);

  // Raw chunks: the body streams to the upload service in pieces that end on part boundaries, so neither the
  // gateway nor the service ever holds more than one part of it.
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));
    const chunkQuery = {
      querystring: {
        type: "object",
        required: ["taskId", "fileId"],
        // offset: at most 15 digits, so it stays an exact number (a file is far smaller than 10^15 bytes).
        properties: { taskId, fileId: { type: "string", pattern: "^[A-Za-z0-9_-]{1,32}$" }, offset: byteOffset },
      },
    } as const;
    type ChunkQuery = { taskId: string; fileId: string; offset?: string };

    const fileOf = async (actor: Actor, query: ChunkQuery) => {
      const { task } = await peers.upload.getUpload({ userId: actor.userId, taskId: query.taskId, bookId: "" });
      const file = task?.files.find((candidate) => candidate.fileId === query.fileId);
      if (!task || !file) throw new DomainError("NOT_FOUND", message("upload.noSuchFile"), { details: query });
      return { task, file };
    };

    scope.head<{ Querystring: ChunkQuery }>(
      "/api/book/upload-book-files",
      { schema: chunkQuery },
      async (request, reply) => {
        const { file } = await fileOf(actorOf(request), request.query);
        return reply
          .header("Upload-Offset", String(file.receivedBytes))
          .header("Upload-Length", String(file.sizeBytes))
          .header("Cache-Control", "no-store")
          .send();
      },
    );

    scope.post<{ Querystring: ChunkQuery }>(
      "/api/book/upload-book-files",
      {
        schema: { ...chunkQuery, querystring: { ...chunkQuery.querystring, required: ["taskId", "fileId", "offset"] } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const body = chunkBody(request.body);
        const { task, file } = await fileOf(actor, request.query);
        const partSize = Number(task.partSizeBytes);
        let position = Number(request.query.offset);
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const write = async (data: Buffer) => {
          const answer = await peers.upload.writeChunk({
            userId: actor.userId,
            taskId: request.query.taskId,
            fileId: request.query.fileId,
            offset: BigInt(position),
            data,
          });
          position = Number(answer.offset);
        };
        const flush = async () => {
          if (pendingBytes === 0) return;
          const data = Buffer.concat(pending, pendingBytes);
          pending = [];
          pendingBytes = 0;
          await write(data);
        };
        try {
          // An empty write first: the service judges the offset before any byte is read.
          await write(Buffer.alloc(0));
          for await (const chunk of body.iterator({ destroyOnReturn: false })) {
            let rest = chunk as Buffer;
            while (rest.length > 0) {
              const room = partSize - ((position + pendingBytes) % partSize);
              const take = Math.min(room, rest.length);
              pending.push(rest.subarray(0, take));
              pendingBytes += take;
              rest = rest.subarray(take);
              if (take === room) await flush();
            }
          }
          await flush();
        } catch (error) {
          if (error instanceof DomainError) {
            const offset = error.details?.offset;
            if (typeof offset === "number") reply.header("Upload-Offset", String(offset));
            body.resume();
            throw error;
          }
          // The client went away mid-chunk: keep what arrived, so that it resumes from there.
          await flush().catch(() => undefined);
          throw error;
        }
        reply.header("Upload-Offset", String(position));
        return okEnvelope({
          taskId: request.query.taskId,
          fileId: request.query.fileId,
          offset: position,
          size: Number(file.sizeBytes),
          complete: position === Number(file.sizeBytes),
        });
      },
    );
  });
}
