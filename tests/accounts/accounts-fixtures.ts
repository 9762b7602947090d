/**
 * What the accounts tests share (accounts-sessions.test.ts, accounts-boundaries.test.ts): each file's own stack —
 * the power, book and upload services in its process (so the power clock can move) on the run's real MongoDB-wire
 * server, NATS and MinIO, with the real gateway in front: one without a dev actor (as deployed), one with
 * DEV_ACTOR_USER_ID and allowed origins (as the local stack runs it) — and the requests and accounts its tests make.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { BookRepository, BookRevisionRepository } from "@turnleaf/book/in-process";
import { type Connection, createLogger } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";

export const hour = 3_600_000;
export const failureLimit = 3;
export const accountCheckLimit = 4;

export interface Reply {
  code: string;
  msg: string;
  status: string;
  data: Record<string, unknown> | null;
}

export interface PostOptions {
  cookie?: string;
  headers?: Record<string, string>;
  app?: FastifyInstance;
  remoteAddress?: string;
}

/** The `tl_session=<token>` pair of a reply's Set-Cookie, for the next request's Cookie header. */
export function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers["set-cookie"] ?? "");
  const pair = header.split(";")[0] ?? "";
  expect(pair).toMatch(/^tl_session=[A-Za-z0-9_-]{43}$/);
  return pair;
}

/** A Set-Cookie header's attributes, sorted (their order carries no meaning). */
export function attributesOf(setCookie: string): string[] {
  return setCookie.split("; ").slice(1).sort();
}

/**
 * A test file's stack and helpers: `start` in its beforeAll, `stop` in its afterAll. Nothing is kept between files
 * (each harness has its own suffix for emails and books, its own clock and power log).
 */
export function accountsHarness(name: string) {
  const stores = workerStores();
  const log = createLogger({ service: name, level: "silent" });
  const suffix = randomBytes(4).toString("hex");
  /** Moves the power service's clock (tests set it back in `finally`). */
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  /** Every line the power service logs (level info): no password or token may appear in them. */
  const powerLogLines: string[] = [];
  const powerLog = createLogger(
    { service: "power", level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        powerLogLines.push(String(chunk));
        done();
      },
    }),
  );
  const startStack = () =>
    startInProcessStack({
      stores,
      label: `accounts-${suffix}`,
      log,
      services: {
        power: {
          log: powerLog,
          demoSeed: true,
          now,
          accountSettings: {
            loginFailureLimit: failureLimit,
            loginFailureWindowMs: 15 * 60_000,
            accountCheckLimit,
            accountCheckWindowMs: 5 * 60_000,
          },
        },
        book: {},
        upload: { settings: { ttlMs: hour, partSizeBytes: 5 * 1024 * 1024 }, now: () => new Date() },
        language: {},
      },
      gateway: { env: { ALLOWED_ORIGINS: "https://editor.example.com" } },
    });
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  let gateway: FastifyInstance;

  async function start(): Promise<{
    gateway: FastifyInstance;
    devGateway: FastifyInstance;
    admin: PowerPart["admin"];
    powerMongo: Connection;
    books: BookRepository;
    revisions: BookRevisionRepository;
  }> {
    stack = await startStack();
    gateway = await stack.gateway.as(undefined);
    const devGateway = await stack.gateway.app({
      devActorUserId: "10001",
      allowedOrigins: stack.gateway.config.ALLOWED_ORIGINS,
      trustProxy: 1,
    });
    const { mongo: powerMongo, admin } = stack.power;
    const { books, revisions } = stack.book;
    return { gateway, devGateway, admin, powerMongo, books, revisions };
  }

  const stop = () => stack?.stop();

  async function send(path: string, fields: Record<string, string>, options: PostOptions = {}) {
    return (options.app ?? gateway).inject({
      method: "POST",
      url: path,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      payload: new URLSearchParams(fields).toString(),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }

  async function post(path: string, fields: Record<string, string>, options: PostOptions = {}): Promise<Reply> {
    return (await send(path, fields, options)).json() as Reply;
  }

  let nextEmail = 0;
  function freshEmail(): string {
    nextEmail += 1;
    return `user${nextEmail}-${suffix}@turnleaf.test`;
  }

  /** Registers an account through the gateway and answers its session cookie and user id. */
  async function account(password = "a good password"): Promise<{ email: string; cookie: string; userId: string }> {
    const email = freshEmail();
    const response = await send("/api/user/register", { email, password });
    const reply = response.json() as Reply;
    expect(reply, reply.msg).toMatchObject({ code: "OK" });
    return { email, cookie: cookieOf(response), userId: String(reply.data?.userId) };
  }

  return { suffix, clock, powerLogLines, start, stop, send, post, freshEmail, account };
}
