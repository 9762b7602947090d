/**
 * What the power-gateway tests (tests/power/power-gateway-*.test.ts) share: `usePowerStack()` starts the power,
 * book and language services and the gateway in this process for one file (stopped after it), with the power
 * service on a clock the tests set (`setClock`), and the helpers that post as a user and seed users and books.
 */
import { randomBytes } from "node:crypto";
import type { BookRepository, BookRevisionRepository } from "@turnleaf/book/in-process";
import { createLogger, type NatsConnection } from "@turnleaf/kit";
import type { BookSlotRepository, PowerRepository } from "@turnleaf/power/in-process";
import { featureOfKey, gatedFeatureCodes } from "@turnleaf/resource-files";
import { afterAll, beforeAll } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";
import { plainPowerUser } from "../support/power-users.js";

// The power paths of issue #4 through the real gateway, against the power and book services in this process on the
// run's real MongoDB-wire server and NATS JetStream. The gateway knows one product host (books.example.com); a
// request to any other host acts as user type 32. One gateway per acting user (DEV_ACTOR_USER_ID).
export const stores = workerStores();
export const log = createLogger({ service: "power-gateway-test", level: "silent" });
export const suffix = randomBytes(4).toString("hex");
export const productHost = "books.example.com";
export const otherHost = "embed.other.example";
export const hour = 3_600_000;

// A label of its own for each start: the files of a worker share this module, and each file's stack gets databases
// of its own, so that no file sees another's users and books.
/** The power service (its clock the test's, its hosting events on NATS), the book service and the gateway. */
export const startStack = () =>
  startInProcessStack({
    stores,
    label: `pg-${randomBytes(4).toString("hex")}`,
    log,
    services: { power: { now: () => clock, hostingEvents: true }, book: {}, language: {} },
    gateway: { app: { productHosts: [productHost] } },
  });
export let stack: Awaited<ReturnType<typeof startStack>>;
export let nats: NatsConnection;
export let powerRepository: PowerRepository;
export let slots: BookSlotRepository;
export let books: BookRepository;
export let revisions: BookRevisionRepository;
export let sweep: () => Promise<unknown>;
export let power: PowerPart["client"];
export let admin: PowerPart["admin"];
export let accounts: PowerPart["accounts"];
const startTime = "2026-06-01T00:00:00.000Z";
/** The power service's clock: the hosting sweep runs at whatever time a test sets. */
export let clock = new Date(startTime);
/** Sets the power service's clock (an importing file cannot assign `clock`). */
export function setClock(time: Date): void {
  clock = time;
}

/** Starts the services for the calling file's tests and stops them after them. */
export function usePowerStack(): void {
  beforeAll(async () => {
    // Each file starts at the same time, whatever time the file before it in this worker set.
    clock = new Date(startTime);
    stack = await startStack();
    nats = stack.nats;
    ({ repository: powerRepository, slots, sweep } = stack.power.assembled);
    ({ client: power, admin, accounts } = stack.power);
    ({ books, revisions } = stack.book);
  }, 60_000);

  afterAll(() => stack?.stop());
}

export const gatewayFor = (userId: string) => stack.gateway.as(userId);

export interface Reply {
  code: string;
  msg: string;
  status: string;
  mess: string;
  data: Record<string, unknown> | null;
}

export async function post(
  userId: string,
  path: string,
  fields: Record<string, string>,
  host = productHost,
): Promise<Reply> {
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", host },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json() as Reply;
}

export let nextUser = 0;
/** A fresh user of the given uType (2: a plain user). */
export async function user(uType = 2): Promise<string> {
  nextUser += 1;
  const userId = `7${Number.parseInt(suffix, 16) % 100_000}${String(nextUser).padStart(3, "0")}`;
  await powerRepository.upsertUser(plainPowerUser(userId, { uType }));
  return userId;
}

export let nextBook = 0;
/** A fresh book owned by the user (in a team when teamId is given). */
export async function book(ownerId: string, teamId = "0"): Promise<string> {
  nextBook += 1;
  const bookId = `pg${suffix}${nextBook}`;
  const number = `p${suffix}${nextBook}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId,
    teamId,
    folderId: "0",
    folderType: 1,
    title: `Book ${nextBook}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  return bookId;
}

export const htmlConfigOf = async (userId: string, bookId: string) =>
  ((await post(userId, "/api/book/get-book", { bookId })).data?.htmlConfig ?? {}) as Record<string, unknown>;

export const validValues: Record<string, string> = {
  appLogoIcon: "/files/logo.png",
  backGroundImgURL: "/files/bg.jpg",
  backgroundMusic: JSON.stringify({ url: "/files/music.mp3" }),
  loadingPicture: "/files/loading.png",
  thicknessWidthType: "thin",
  languageSetting: "en",
};

/** One htmlConfig key per gated feature, and a value that switches it on. */
export const keyOfFeature: Record<string, [string, string]> = Object.fromEntries(
  gatedFeatureCodes.map((code) => {
    const key = code === "HOT_LABEL" ? "label" : code === "DOWNLOAD" ? "DownloadButtonVisible" : firstKey(code);
    const value =
      code === "HOT_LABEL" ? "2" : code === "AD_BANNER" ? JSON.stringify({ haveAd: true, data: [] }) : "Show";
    // The server checks every value against the settings catalogue: a switch takes "Show", others a valid value.
    return [code, [key, validValues[key] ?? value]];
  }),
);

export function firstKey(code: string): string {
  for (const key of ["appLogoIcon", "PhoneButtonVisible", "backGroundImgURL", "backgroundMusic", "loadingPicture"]) {
    if (featureOfKey(key) === code) return key;
  }
  const known = [
    "showShadow",
    "thicknessWidthType",
    "BookMarkButtonVisible",
    "TableOfContentButtonVisible",
    "adConfig",
    "aboutContent",
    "languageSetting",
    "publicLogo",
    "wechatShareIcon",
    "hideToolbar",
    "MessageButtonVisible",
    "autoPlayAutoStart",
    "HardPageEnable",
    "HomeButtonVisible",
    "SelectTextButtonVisible",
  ];
  const key = known.find((candidate) => featureOfKey(candidate) === code);
  if (!key) throw new Error(`no key for ${code}`);
  return key;
}
