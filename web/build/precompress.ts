import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; pictures, fonts and wasm are compressed already or barely shrink. */
const compressible = /\.(?:js|mjs|css|html|json|svg|txt|xml)$/;
/** Below this the headers outweigh the saving (the gateway's on-the-fly threshold too). */
const minimumBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build, so the gateway
 * serves the apps' files compressed at their best without spending CPU per request (@fastify/static preCompressed).
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const path of filesUnder(dir)) {
    if (!compressible.test(path) || (await stat(path)).size < minimumBytes) continue;
    const data = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    files += 1;
    bytes += data.length;
    brotliBytes += br.length;
  }
  return { files, bytes, brotliBytes };
}

/** The build step: precompresses the output folder once everything (other plugins' copies too) is written. */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "turnleaf-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
