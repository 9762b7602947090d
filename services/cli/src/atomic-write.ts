/**
 * Writes a file so that a reader (or the next run after a Ctrl-C, a kill or a full disk) finds either the old
 * content or the new, never a truncated file: the bytes go to a temporary file in the same folder (same file
 * system, so the rename is atomic), are flushed to disk, and the temporary file is renamed over the target. A
 * failed write removes its temporary file and leaves the target as it was; a killed process can leave one behind
 * (`.<name>.<pid>.<random>.tmp`), never a half-written target.
 */
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export interface AtomicWriteOptions {
  encoding?: BufferEncoding;
  /** The new file's permission bits (before the umask), as writeFile's `mode`; 0o666 by default. */
  mode?: number;
}

export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temporary, "wx", options.mode ?? 0o666);
    try {
      await handle.writeFile(data, options.encoding ? { encoding: options.encoding } : {});
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
