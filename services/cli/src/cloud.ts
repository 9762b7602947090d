/**
 * The cloud side through the gateway's REST paths: the envelope `{code, data, msg}`, the session cookie kept in the
 * state folder (session.json), and failures as the spec 001 §8 upload texts: request exception (the server cannot
 * be reached or refused the request), login timeout (no or an expired session), invalid signature (a file's
 * checksum did not match), unknown error (a reply that is not the envelope), upload task failed (the server's
 * message).
 */
import type { Context } from "./context.js";
import { CliError, exitCodes } from "./errors.js";
import { type Text, text } from "./i18n/text.js";
import { serverUrl } from "./server.js";

/** Exit statuses of cloud failures: 75 (temporary: retry), 77 (log in), 65 (refused input). */
export const cloudExitCodes = { unreachable: 75, login: 77 } as const;

export interface Session {
  server: string;
  cookie: string;
  email: string;
  userId: string;
  expiresAt: string;
}

export interface Envelope<T = Record<string, unknown>> {
  code: string;
  msg: string;
  data: T;
}

/** A refusal the server answered in its envelope (code other than OK). */
export class CloudRefusal extends CliError {
  constructor(
    readonly code: string,
    message: Text,
    readonly data: unknown,
    exitCode: number = exitCodes.invalidInput,
  ) {
    super(message, exitCode);
    this.name = "CloudRefusal";
  }
}

const timeoutMs = 60_000;

export class Cloud {
  constructor(
    readonly server: string,
    private cookie: string | undefined,
    /** The language the server's own messages come back in (the tool's interface language). */
    private readonly language = "zh-CN",
  ) {}

  static async open(context: Context, server: string | undefined): Promise<Cloud> {
    const session = await readSession(context);
    // --server, else $TURNLEAF_SERVER, else the server of the saved session, else the local default.
    const url = serverUrl(server || context.env.TURNLEAF_SERVER || session?.server, {});
    return new Cloud(url, session && session.server === url ? session.cookie : undefined, context.language);
  }

  get loggedIn(): boolean {
    return this.cookie !== undefined;
  }

  useCookie(cookie: string): void {
    this.cookie = cookie;
  }

  /** One HTTP exchange; a transport failure is a request exception. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("cookie", this.cookie);
    // The server's coded messages come back in the tool's interface language.
    if (!headers.has("accept-language")) headers.set("accept-language", this.language);
    try {
      return await fetch(`${this.server}${path}`, {
        ...init,
        headers,
        signal: init.signal ?? AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new CliError(text("networkFailure", { server: this.server, detail: cause }), cloudExitCodes.unreachable);
    }
  }

  /** The envelope of a reply; anything else is an unknown error. */
  async envelope<T>(response: Response): Promise<Envelope<T>> {
    const body = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(body) as Envelope<T>;
    } catch {
      throw new CliError(
        text("unknownError", { detail: `HTTP ${response.status} ${body.slice(0, 200)}` }),
        exitCodes.internal,
      );
    }
    if (typeof envelope?.code !== "string") {
      throw new CliError(text("unknownError", { detail: `HTTP ${response.status}` }), exitCodes.internal);
    }
    if (envelope.code === "LOGIN_SIGNOUT" || envelope.code === "LOGIN_TIMEOUT") {
      throw new CloudRefusal(envelope.code, text("loginTimeout"), envelope.data, cloudExitCodes.login);
    }
    if (response.status === 404 && envelope.code !== "OK") {
      const detail = envelope.msg ? text("serverSaid", { message: envelope.msg }) : text("pathNotFound");
      throw new CloudRefusal(envelope.code, text("requestException", { detail }), envelope.data);
    }
    if (envelope.code !== "OK") {
      throw new CloudRefusal(
        envelope.code,
        text("serverSaid", { message: envelope.msg || envelope.code }),
        envelope.data,
      );
    }
    return envelope;
  }

  /** A form POST answered with the envelope's data. */
  async post<T = Record<string, unknown>>(path: string, fields: Record<string, string>): Promise<T> {
    const response = await this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return (await this.envelope<T>(response)).data;
  }
}

export async function readSession(context: Context): Promise<Session | undefined> {
  return context.state.readJson<Session>("session");
}

/** Logs in with email and password (client=desktop texts) and keeps the session cookie. */
export async function logIn(context: Context, cloud: Cloud, email: string, password: string): Promise<Session> {
  const response = await cloud.fetch("/api/user/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, client: "desktop" }).toString(),
  });
  let user: { userId?: string; email?: string; sessionExpiresAt?: string };
  try {
    user = (await cloud.envelope<typeof user>(response)).data;
  } catch (error) {
    if (error instanceof CloudRefusal) {
      const reason = (error.data as { reason?: string } | null)?.reason;
      if (reason === "WRONG_CREDENTIALS") throw new CliError(text("wrongCredentials"), cloudExitCodes.login);
      throw new CliError(text("loginFailed", { detail: error.text }), cloudExitCodes.login);
    }
    throw error;
  }
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = /^(tl_session=[^;]+)/.exec(setCookie)?.[1];
  if (!cookie) throw new CliError(text("loginFailed", { detail: text("noSession") }), exitCodes.internal);
  cloud.useCookie(cookie);
  const session: Session = {
    server: cloud.server,
    cookie,
    email: user.email ?? email,
    userId: user.userId ?? "",
    expiresAt: user.sessionExpiresAt ?? "",
  };
  await context.state.writeJson("session", session);
  return session;
}
