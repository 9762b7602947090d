/**
 * The REST envelope of spec 000 §7/§8: every call is a form-encoded POST to the same origin answering
 * `{code, data, msg, status, mess}`. `call` resolves with `data` on OK and rejects with an ApiError otherwise.
 */
export interface Envelope<T = unknown> {
  code?: string;
  data: T;
  msg?: string;
  status?: string;
  mess?: string;
}

export const networkErrorMessage = "network error, refresh and retry or contact support";

/** The editor's own texts a reply may need (spec 000 §8 fallbacks), in the interface language: set by the app. */
export interface ApiTexts {
  errorOccurred: string;
  /** With a {code} placeholder. */
  errorOccurredCode: string;
  pleaseLogIn: string;
  networkError: string;
}

let apiTexts: ApiTexts = {
  errorOccurred: "an error occurred",
  errorOccurredCode: "an error occurred! {code}",
  pleaseLogIn: "please log in",
  networkError: networkErrorMessage,
};

export function setApiTexts(texts: ApiTexts): void {
  apiTexts = texts;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Spec 000 §8: the outcome of one reply; `undefined` message means nothing to show. */
export function settle<T>(reply: Envelope<T>): { ok: true; data: T } | { ok: false; error: ApiError } {
  if (reply.code === "OK") return { ok: true, data: reply.data };
  if (reply.code) {
    if (reply.code === "LOGIN_TIMEOUT" || reply.code === "LOGIN_SIGNOUT")
      return { ok: false, error: new ApiError("LOGIN_SIGNOUT", reply.msg || apiTexts.pleaseLogIn, reply.data) };
    const fallback = apiTexts.errorOccurredCode.replace("{code}", reply.code);
    return { ok: false, error: new ApiError(reply.code, reply.msg || fallback, reply.data) };
  }
  if (reply.status !== undefined && reply.status !== "1")
    return { ok: false, error: new ApiError(String(reply.status), reply.mess || apiTexts.errorOccurred, reply.data) };
  return { ok: true, data: reply.data };
}

export type Fields = Record<string, string | number | boolean | undefined>;

export function formBody(fields: Fields): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, String(value));
  return body.toString();
}

/**
 * The interface language every call names in Accept-Language: the server answers its messages (codes with
 * parameters, rendered from the language service's catalogues) in it. Chinese unless the editor says otherwise.
 */
let requestLanguage = "zh-CN";

export function setRequestLanguage(lang: string): void {
  requestLanguage = lang;
}

/** The interface language calls name (the Connect streams send it too, so their texts come in it). */
export function currentRequestLanguage(): string {
  return requestLanguage;
}

/** The network error of spec 000 §8, in the interface language. */
export const networkFailure = () => new ApiError("NETWORK", apiTexts.networkError);

/** One request of this origin; a failure to reach the server is the network error of spec 000 §8. */
async function request(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("accept-language", requestLanguage);
  try {
    return await fetch(url, { credentials: "same-origin", ...init, headers });
  } catch {
    throw networkFailure();
  }
}

/** The envelope of a reply: `data` on OK, otherwise the ApiError. */
async function envelopeOf<T>(response: Response): Promise<T> {
  let reply: Envelope<T>;
  try {
    reply = (await response.json()) as Envelope<T>;
  } catch {
    throw networkFailure();
  }
  const outcome = settle(reply);
  if (outcome.ok) return outcome.data;
  throw outcome.error;
}

const formInit = (fields: Fields): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: formBody(fields),
});

/** A form-encoded POST to /api/… of this origin. */
export async function call<T>(path: string, fields: Fields = {}): Promise<T> {
  return envelopeOf<T>(await request(path, formInit(fields)));
}

/** A POST to a path another part of the platform may not serve yet: `undefined` when the gateway has no such path. */
export async function callOptional<T>(path: string, fields: Fields = {}): Promise<T | undefined> {
  const response = await request(path, formInit(fields));
  return response.status === 404 ? undefined : envelopeOf<T>(response);
}

/** A multipart POST (upload-file); `undefined` when the gateway has no such path. */
export async function callMultipart<T>(path: string, form: FormData): Promise<T | undefined> {
  const response = await request(path, { method: "POST", body: form });
  return response.status === 404 ? undefined : envelopeOf<T>(response);
}

/**
 * A resource file (GET, plain JSON, no envelope), e.g. /resourceFiles/manage/power/powerConfig.json; `undefined`
 * when it is not there (404), so a missing optional file does not stop the editor.
 */
export async function getJson<T>(path: string): Promise<T | undefined> {
  const response = await request(path);
  if (response.status === 404) return undefined;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw networkFailure();
  }
  if (!response.ok) {
    const outcome = settle(body as Envelope<T>);
    throw outcome.ok ? networkFailure() : outcome.error;
  }
  return body as T;
}

/** A chunk of a file's bytes to upload-book-files (application/octet-stream). */
export async function sendChunk<T>(path: string, bytes: Blob): Promise<T> {
  return envelopeOf<T>(
    await request(path, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: bytes }),
  );
}

/** Where LOGIN_SIGNOUT sends the user: the login page, coming back to where they were (a path on this site). */
export function loginUrl(location: { pathname: string; search: string; hash: string }): string {
  return `/login.php?back=${encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)}`;
}

/** Spec 000 §3 "Ready config" (the fields the editor reads). */
export interface ReadyConfig {
  bookId: string;
  number: string;
  userId: string;
  teamId: string;
  folderId: string;
  folderType: number;
  uLink: string;
  uType: number;
  website?: string;
  /** The account's book logo (update-user-book-logo). */
  bookLogo?: string;
}

export interface Bookmark {
  caption: string;
  page: number;
  colour: string;
  fontColour: string;
}

export interface CatalogNode {
  /** Given by the server (an entry sent without one gets one). */
  id?: string;
  title: string;
  page: number;
  /** Spec 001 link kinds: empty or absent, the entry links to its page; else an http(s) URL. */
  url?: string;
  children: CatalogNode[];
}

export interface BookInfo {
  bookId: string;
  number: string;
  title: string;
  desc: string;
  keyword: string;
  /** '0'..'3': none, fresh, hot, featured (update-book's label). */
  label?: string;
  categoryId?: string;
  htmlConfig: Record<string, unknown>;
  /** 1 normal; the replace list also shows disabled, processing and error. */
  bStatus?: number;
  isDownload?: string;
  downloadconfig?: DownloadConfig | null;
  catalog: CatalogNode[];
  bookmarks: Bookmark[];
  /** The WeChat share icon (set-book-sare-icon); "" when none. */
  shareIcon?: string;
  /** The stored revisions of the settings, the catalog and the bookmarks: a whole-document save sends the one edited. */
  settingsRevision?: number;
  catalogRevision?: number;
  bookmarksRevision?: number;
}

/** The replace list's status of a book (spec 000 §4: bStatus 1 is normal). */
export function bookStatusOf(bStatus: number | undefined): "normal" | "disabled" | "processing" | "error" {
  if (bStatus === undefined || bStatus === 1) return "normal";
  if (bStatus === 0) return "disabled";
  if (bStatus === 2) return "processing";
  return "error";
}

/** A get-book-list status (spec 001 "Online book") as the replace list shows it (spec 000 §2). */
export function replaceStatusOf(online: string): "normal" | "disabled" | "processing" | "error" {
  if (online === "enabled") return "normal";
  if (online === "uploading") return "processing";
  if (online === "error") return "error";
  return "disabled";
}

/** Spec 000 §3 downloadconfig. */
export interface DownloadConfig {
  pdf?: { isOriginPath?: boolean; url?: string; urlOnlink?: string };
  isDownloadProject?: boolean;
  isDownloadAttach?: boolean;
  attachments?: { name: string; url: string; size?: number }[];
  hideDownloadSinglePage?: boolean;
}

export interface Privacy {
  access: "public" | "password" | "private";
  mode: "single" | "users";
  hint: string;
  fromPage: number;
  hasPassword: boolean;
  /** The stored settings' revision: set-book-privacy sends the one the panel edited (SAVE_CONFLICT otherwise). */
  revision: number;
}
