/**
 * A new replica's first page waits for the service's imports (#36): conversion imports the kit by subpath, so that
 * neither the kit's index nor what only other services use (mongoose, rate-limiter-flexible, Connect) loads. This
 * follows every import that is not type-only from main.ts through conversion's files and the kit's, as Node would.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const kitDir = join(here, "../../kit");
const kitExports = JSON.parse(readFileSync(join(kitDir, "package.json"), "utf8")).exports as Record<
  string,
  { source: string }
>;

/**
 * Specifiers a file loads when it runs: static imports and re-exports that are not `type`-only, and (unless
 * `staticOnly`) import().
 */
function loadedSpecifiers(source: string, staticOnly: boolean): string[] {
  const statements = source.matchAll(/^(import|export)\s+(type\s+)?[^;]*?\sfrom\s+"([^"]+)"/gms);
  const dynamic = staticOnly ? [] : source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g);
  return [
    ...[...statements].filter((match) => !match[2]).map((match) => match[3] as string),
    ...[...dynamic].map((match) => match[1] as string),
  ];
}

/** Every file and package that loading `entries` loads (workspace files followed, other packages listed). */
function importGraph(entries: string[], staticOnly = false): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of loadedSpecifiers(readFileSync(file, "utf8"), staticOnly)) {
      if (specifier.startsWith(".")) pending.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else if (specifier === "@turnleaf/kit" || specifier.startsWith("@turnleaf/kit/")) {
        packages.add(specifier);
        const exported = kitExports[`.${specifier.slice("@turnleaf/kit".length)}`];
        if (!exported) throw new Error(`${file}: ${specifier} is not among the kit's exports`);
        pending.push(join(kitDir, exported.source));
      } else if (!specifier.startsWith("node:")) packages.add(specifier);
    }
  }
  return { files, packages };
}

describe("the conversion service's imports", () => {
  const { files, packages } = importGraph([join(here, "main.ts")]);
  const kitFiles = [...files].filter((file) => file.startsWith(kitDir)).map((file) => file.slice(kitDir.length + 1));

  it("reach the kit's modules by subpath, never its index", () => {
    expect(packages.has("@turnleaf/kit")).toBe(false);
    expect(kitFiles).not.toContain("src/index.ts");
    // The graph is followed: the service's own wiring and the kit modules it runs on are in it.
    expect(files).toContain(join(here, "assemble.ts"));
    expect(files).toContain(join(here, "events/job-consumer.ts"));
    expect(kitFiles).toEqual(expect.arrayContaining(["src/service.ts", "src/nats.ts", "src/s3.ts", "src/grpc.ts"]));
  });

  it("load neither MongoDB's driver nor what only other services use", () => {
    expect(kitFiles).not.toContain("src/mongo.ts");
    expect(kitFiles).not.toContain("src/rate-limits.ts");
    const unwanted = [...packages].filter((name) =>
      /^(mongoose|mongodb|rate-limiter-flexible|@connectrpc\/)/.test(name),
    );
    expect(unwanted).toEqual([]);
    expect(packages).toContain("@nats-io/jetstream");
  });

  // What runs before a replica takes its first job: main.ts, then what it imports on demand (the kit's service
  // start, assemble.ts and all it imports). The gRPC server (gRPC, health, reflection, proto-loader: about a
  // third of the bundled service's import) loads on demand once assemble has started the consumer.
  it("load the gRPC server only after the service has started taking jobs", () => {
    const beforeJobs = importGraph(
      [join(here, "main.ts"), join(kitDir, "src/service.ts"), join(here, "assemble.ts")],
      true,
    );
    const beforeKitFiles = [...beforeJobs.files].filter((file) => file.startsWith(kitDir));
    expect(beforeKitFiles).not.toContain(join(kitDir, "src/grpc-server.ts"));
    const serverPackages = [...beforeJobs.packages].filter((name) =>
      /^(@grpc\/reflection|@grpc\/proto-loader|grpc-health-check)$/.test(name),
    );
    expect(serverPackages).toEqual([]);
    expect(beforeJobs.files).toContain(join(here, "events/job-consumer.ts"));
    expect(kitFiles).toContain("src/grpc-server.ts");
  });

  // What else waits until it is needed: gRPC itself (the handlers, through the kit's errors) until jobs are taken,
  // the Office checks' parsers (fflate, cfb) until an Office document comes, and sharp's ES module build never (its
  // CommonJS build through render/sharp.ts only: one build per process, the cheaper one).
  it("load neither gRPC, the Office checks' parsers nor sharp's ES module build before jobs are taken", () => {
    const beforeJobs = importGraph(
      [join(here, "main.ts"), join(here, "config.ts"), join(kitDir, "src/service.ts"), join(here, "assemble.ts")],
      true,
    );
    const late = [...beforeJobs.packages].filter((name) => /^(@grpc\/grpc-js|fflate|cfb|sharp)$/.test(name));
    expect(late).toEqual([]);
    expect(beforeJobs.files).not.toContain(join(here, "server.ts"));
    expect(beforeJobs.files).toContain(join(here, "office/soffice.ts"));
    expect([...packages]).toEqual(expect.arrayContaining(["@grpc/grpc-js", "fflate", "cfb"]));
  });

  // The first render process is forked by what main.ts imports statically: Node and the PDFium library's path only,
  // not the configuration's modules (zod).
  it("fork the first render process before the configuration's modules load", () => {
    const first = importGraph([join(here, "main.ts")], true);
    expect([...first.files].map((file) => file.slice(here.length + 1)).sort()).toEqual([
      "main.ts",
      "render/early-render-process.ts",
      "render/pdfium-native-library.ts",
      "render/render-process.ts",
    ]);
    expect([...first.packages]).toEqual([]);
  });
});
