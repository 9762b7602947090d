/**
 * The per-user state of the tool: $TURNLEAF_HOME, else $XDG_STATE_HOME/turnleaf, else ~/.local/state/turnleaf.
 *
 *   licence.tllic        the last verified licence answer (TLLIC1…, exact bytes): the licence file
 *   registration.json    the licence code and server it was registered with (status and deactivation need them)
 *   trusted-time         the latest time this tool trusted (ISO 8601): a clock set earlier is a rollback
 *   public-key.pem       the licence server's public key, pinned on first use or by --public-key
 *   offline-request.json the pending offline request (its nonce), until its verification file is imported
 *   session.json         the cloud login: server, session cookie, email (turnleaf login / upload / books)
 *   templates/           saved templates (turnleaf template)
 *
 * The folder is created 0700 and the files 0600: the licence code is a secret.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";

export function stateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TURNLEAF_HOME) return env.TURNLEAF_HOME;
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, "turnleaf");
  return join(homedir(), ".local", "state", "turnleaf");
}

export interface Registration {
  licenceCode: string;
  server: string;
  licenceId: string;
  channel: "online" | "offline";
  registeredAt: string;
}

export interface PendingOfflineRequest {
  licenceCode: string;
  terminalCode: string;
  nonce: string;
  requestFile: string;
  server: string;
  createdAt: string;
}

const fileNames = {
  licence: "licence.tllic",
  registration: "registration.json",
  trustedTime: "trusted-time",
  publicKey: "public-key.pem",
  offlineRequest: "offline-request.json",
  session: "session.json",
} as const;

type JsonFile = "session";

async function readOptional(path: string, encoding: BufferEncoding = "utf8"): Promise<string | undefined> {
  try {
    return await readFile(path, encoding);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function parseJson<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export class StateStore {
  constructor(readonly dir: string) {}

  path(name: keyof typeof fileNames): string {
    return join(this.dir, fileNames[name]);
  }

  private async write(name: keyof typeof fileNames, text: string, encoding: BufferEncoding = "utf8"): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.path(name), text, { encoding, mode: 0o600 });
  }

  /** The licence file is exact bytes (no trailing newline), or its signature would not verify. */
  writeLicence(signed: string): Promise<void> {
    return this.write("licence", signed, "latin1");
  }

  async readRegistration(): Promise<Registration | undefined> {
    return parseJson<Registration>(await readOptional(this.path("registration")));
  }

  writeRegistration(registration: Registration): Promise<void> {
    return this.write("registration", `${JSON.stringify(registration, null, 2)}\n`);
  }

  /** Back to the trial edition: the licence file and the registration go. */
  async forgetRegistration(): Promise<void> {
    await rm(this.path("licence"), { force: true });
    await rm(this.path("registration"), { force: true });
  }

  async readTrustedTime(): Promise<Date | undefined> {
    const text = (await readOptional(this.path("trustedTime")))?.trim();
    const time = text ? new Date(text) : undefined;
    return time && !Number.isNaN(time.getTime()) ? time : undefined;
  }

  /** Only ever moves forward. */
  async writeTrustedTime(time: Date): Promise<void> {
    const previous = await this.readTrustedTime();
    if (previous && previous.getTime() >= time.getTime()) return;
    await this.write("trustedTime", `${time.toISOString()}\n`);
  }

  readPublicKey(): Promise<string | undefined> {
    return readOptional(this.path("publicKey"));
  }

  writePublicKey(pem: string): Promise<void> {
    return this.write("publicKey", pem.endsWith("\n") ? pem : `${pem}\n`);
  }

  async readOfflineRequest(): Promise<PendingOfflineRequest | undefined> {
    return parseJson<PendingOfflineRequest>(await readOptional(this.path("offlineRequest")));
  }

  writeOfflineRequest(request: PendingOfflineRequest): Promise<void> {
    return this.write("offlineRequest", `${JSON.stringify(request, null, 2)}\n`);
  }

  async forgetOfflineRequest(): Promise<void> {
    await rm(this.path("offlineRequest"), { force: true });
  }

  async readJson<T>(name: JsonFile): Promise<T | undefined> {
    return parseJson<T>(await readOptional(this.path(name)));
  }

  writeJson(name: JsonFile, value: unknown): Promise<void> {
    return this.write(name, `${JSON.stringify(value, null, 2)}\n`);
  }

  async remove(name: JsonFile): Promise<void> {
    await rm(this.path(name), { force: true });
  }

  /** A folder of the state folder (templates/), created 0700. */
  async folder(name: string): Promise<string> {
    const dir = join(this.dir, name);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }
}
