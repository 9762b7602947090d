/**
 * A signature's keystore: made by the JDK's keytool as PKCS12 (an RSA 2048 key and a self-signed certificate
 * valid for the chosen years, alias "turnleaf"), protected by the user's password, which is never stored; opening
 * it with a password is the check that the password is right. Passwords reach keytool through the environment.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SignatureForm } from "@turnleaf/kit/signature-form";
import { distinguishedName } from "./signature-rules.js";

export const keystoreAlias = "turnleaf";

function keytool(args: string[], password: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      "keytool",
      args,
      { env: { ...process.env, TURNLEAF_KS_PASS: password }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
          return reject(new Error("keytool is not installed (Debian: default-jdk-headless)"));
        }
        resolve({ ok: !error, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** The PKCS12 keystore in `file`, its store password from the environment keytool is given (never on its command line). */
const storeArgs = (file: string) => ["-storetype", "PKCS12", "-keystore", file, "-storepass:env", "TURNLEAF_KS_PASS"];

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-keystore-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Key generations run one at a time per process: a burst of requests queues instead of taking every core. */
let generating: Promise<unknown> = Promise.resolve();

/** Makes the keystore; answers its bytes and the certificate's end of validity. */
export function createKeystore(form: SignatureForm, now: Date): Promise<{ keystore: Buffer; validUntil: Date }> {
  const made = generating.then(() => generateKeystore(form, now));
  generating = made.catch(() => undefined);
  return made;
}

function generateKeystore(form: SignatureForm, now: Date): Promise<{ keystore: Buffer; validUntil: Date }> {
  return withTempDir(async (dir) => {
    const file = join(dir, "signature.p12");
    const days = Math.round(form.validityYears * 365.25);
    const result = await keytool(
      [
        "-genkeypair",
        "-noprompt",
        "-alias",
        keystoreAlias,
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-sigalg",
        "SHA256withRSA",
        "-validity",
        String(days),
        "-dname",
        distinguishedName(form),
        ...storeArgs(file),
        "-keypass:env",
        "TURNLEAF_KS_PASS",
      ],
      form.password,
    );
    if (!result.ok) throw new Error(`keytool could not make the keystore: ${result.output.trim()}`);
    return { keystore: await readFile(file), validUntil: new Date(now.getTime() + days * 86_400_000) };
  });
}

/** Whether `password` opens the keystore. */
export function keystoreOpens(keystore: Buffer, password: string): Promise<boolean> {
  return withTempDir(async (dir) => {
    const file = join(dir, "signature.p12");
    await writeFile(file, keystore, { mode: 0o600 });
    const result = await keytool(["-list", ...storeArgs(file), "-alias", keystoreAlias], password);
    return result.ok;
  });
}
