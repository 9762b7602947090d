/**
 * What the chart tests (tests/helm/chart-*.test.ts) share: the helm binary and manifestcheck from
 * scripts/install-servers.sh (TURNLEAF_TOOLS_DIR or ~/.cache/turnleaf/bin), the values files in helm/turnleaf/ci
 * with the Secrets each expects, each service's real config schema, and `useChart()`, which prepares a renderable
 * copy of the chart (and, when asked, renders every values file) before a file's tests.
 *
 * The NATS dependency chart cannot be fetched on machines without internet access: when helm/turnleaf/charts/
 * lacks it, the chart is checked from a copy whose Chart.yaml omits the dependency (everything else strict),
 * and the real chart's lint may then only complain about that missing dependency.
 *
 * Field-level validity (no misspelt or misplaced field, right types) is checked by tests/helm/manifestcheck, a
 * small Go program that strictly decodes every rendered manifest into the k8s.io/api types. Its Go modules come
 * from the module proxy, so scripts/install-servers.sh builds it into the tools folder beforehand (stamped with a
 * hash of its sources): nothing is downloaded while the tests run.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { readConfig as bookConfig } from "@turnleaf/book/in-process";
import { readConfig as conversionConfig } from "@turnleaf/conversion/in-process";
import { readConfig as gatewayConfig } from "@turnleaf/gateway/in-process";
import { readConfig as insightConfig } from "@turnleaf/insight/in-process";
import { s3Env } from "@turnleaf/kit/config";
import { readConfig as languageConfig } from "@turnleaf/language/in-process";
import { readConfig as licenceConfig } from "@turnleaf/licence/in-process";
import { readConfig as powerConfig } from "@turnleaf/power/in-process";
import { readConfig as uploadConfig } from "@turnleaf/upload/in-process";
import { afterAll, beforeAll } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { renderableChart } from "./chart-copy.js";
import { chartDir } from "./values-doc.js";

export const run = promisify(execFile);
export const root = fileURLToPath(new URL("../..", import.meta.url));
export const toolsDir =
  process.env.TURNLEAF_TOOLS_DIR || join(process.env.HOME || homedir(), ".cache", "turnleaf", "bin");
export const helmBinary = join(toolsDir, "helm");
export const manifestcheckSource = join(root, "tests", "helm", "manifestcheck");
export const manifestcheck = join(toolsDir, "manifestcheck");
export const release = "tl";
export const namespace = "turnleaf";

export type Env = Record<string, string | undefined>;
/** Each component's config schema: the chart's env for it must satisfy it. */
export const configSchemas: Record<string, (env: Env) => unknown> = {
  gateway: gatewayConfig,
  book: bookConfig,
  power: powerConfig,
  upload: uploadConfig,
  conversion: conversionConfig,
  licence: licenceConfig,
  language: languageConfig,
  insight: insightConfig,
};
export const components = Object.keys(configSchemas);

/** The kit's config blocks a service may spread into its schema (`...s3Env`), by name. */
export const kitEnvBlocks: Record<string, Record<string, unknown>> = { s3Env };

/**
 * The variable names a service's config schema reads: the keys of the object its readConfig passes on, and those
 * of every kit block it spreads in.
 */
export async function schemaEnvNames(component: string): Promise<Set<string>> {
  const source = await readFile(join(root, "services", component, "src", "config.ts"), "utf8");
  const start = source.indexOf("export function readConfig(");
  const end = source.indexOf("\nexport ", start + 1);
  const body = source.slice(start, end === -1 ? undefined : end);
  const spread = [...body.matchAll(/^\s+\.\.\.(\w+),$/gm)].map((match) => {
    const block = kitEnvBlocks[match[1] as string];
    if (!block) throw new Error(`services/${component}/src/config.ts spreads ${match[1]}, no kit config block`);
    return Object.keys(block);
  });
  return new Set([...body.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] as string).concat(...spread));
}

/** Env names whose values are credentials (or may carry them): never inline, always a Secret reference. */
export const secretEnvNames = [
  "MONGODB_URI",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "LICENCE_SIGNING_KEY_PEM",
  "LICENCE_CODE_PEPPER",
];

/** Stand-ins for values that live in Secrets the platform team creates (the chart only references them). */
export const placeholders: Record<string, string> = {
  MONGODB_URI: "mongodb://turnleaf:secret@mongodb.example.net:27017/?authSource=admin",
  NATS_URL: "nats://nats.example.net:4222",
  LICENCE_SIGNING_KEY_PEM: "-----BEGIN PRIVATE KEY-----\nplaceholder\n-----END PRIVATE KEY-----",
  LICENCE_CODE_PEPPER: "placeholder-pepper-of-at-least-32-characters",
};

export interface ValuesCase {
  file: string;
  /** Secrets the values file expects to exist already (name → keys the chart reads). */
  externalSecrets: Record<string, string[]>;
}

export const cases: ValuesCase[] = [
  {
    file: "default-values.yaml",
    externalSecrets: { "turnleaf-mongodb": ["mongodb-uri"], "turnleaf-s3": ["access-key-id", "secret-access-key"] },
  },
  {
    file: "external-stores-values.yaml",
    externalSecrets: {
      [`${release}-mongodb`]: ["uri"],
      "turnleaf-object-store": ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"],
      "turnleaf-nats": ["url"],
      "turnleaf-licence-secrets": ["signing-key.pem", "code-pepper"],
    },
  },
  { file: "minimal-values.yaml", externalSecrets: {} },
];

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are untyped YAML
export type Manifest = any;

/** Runs a command with `input` on stdin. */
export function runWithInput(
  command: string,
  args: string[],
  input: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, output }));
    child.stdin.end(input);
  });
}

export async function helm(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(helmBinary, args, { maxBuffer: 32 * 1024 * 1024 });
}

/** helm's output, or its error text when it fails. */
export async function helmResult(args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await helm(args);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message };
  }
}

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(document.errors.map(String).join("\n"));
      return document.toJS();
    })
    .filter((manifest) => manifest !== null && manifest !== undefined);
}

export let scratch: string;
/** The chart directory that helm lint --strict and helm template run on. */
export let chart: string;
export let dependencyVendored: boolean;
export const renders = new Map<string, Manifest[]>();
export const renderedText = new Map<string, string>();

/**
 * Before a file's tests: a renderable copy of the chart in a scratch folder (removed after them) and, with
 * `render`, every values file rendered (`renders`, `renderedText`) and manifestcheck checked to be current.
 */
export function useChart({ render }: { render: boolean }): void {
  beforeAll(async () => {
    if (!existsSync(helmBinary)) {
      throw new Error(`no helm at ${helmBinary}: run scripts/install-servers.sh (npm test runs it through setup.sh)`);
    }
    scratch = await mkdtemp(join(tmpdir(), "turnleaf-helm-"));
    ({ chart, dependencyVendored } = await renderableChart(chartDir, scratch));
    renders.clear();
    renderedText.clear();
    if (!render) return;
    for (const { file } of cases) {
      const { stdout } = await helm([
        "template",
        release,
        chart,
        "--namespace",
        namespace,
        "--values",
        join(chartDir, "ci", file),
      ]);
      renders.set(file, parseManifests(stdout));
      renderedText.set(file, stdout);
    }
    // Built by install-servers.sh with the same stamp: a stale binary would check with an old program.
    const stamp = existsSync(`${manifestcheck}.version`)
      ? (await readFile(`${manifestcheck}.version`, "utf8")).trim()
      : "";
    if (!existsSync(manifestcheck) || stamp !== (await manifestcheckSourceHash())) {
      throw new Error(
        `${manifestcheck} is missing or older than ${manifestcheckSource}: run scripts/install-servers.sh`,
      );
    }
  }, 120_000);

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });
}

/** The stamp install-servers.sh gives manifestcheck: sha256 of go.mod, go.sum and the .go files (C order). */
export async function manifestcheckSourceHash(): Promise<string> {
  const goFiles = (await readdir(manifestcheckSource)).filter((entry) => entry.endsWith(".go")).sort();
  const hash = createHash("sha256");
  for (const file of ["go.mod", "go.sum", ...goFiles]) hash.update(await readFile(join(manifestcheckSource, file)));
  return hash.digest("hex");
}

export const kind = (manifests: Manifest[], name: string) => manifests.filter((manifest) => manifest.kind === name);
export const deployments = (file: string) => kind(renders.get(file) ?? [], "Deployment");
export const componentOf = (manifest: Manifest): string => manifest.metadata.labels["app.kubernetes.io/component"];
export const matches = (selector: Record<string, string>, labels: Record<string, string> | undefined) =>
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);
export const podContainers = (spec: Manifest): Manifest[] => [...(spec.initContainers ?? []), ...spec.containers];
export const decode = (value: string) => Buffer.from(value, "base64").toString("utf8");

/** A container's environment as its process would see it (Secret and ConfigMap references resolved). */
export function resolveEnv(container: Manifest, manifests: Manifest[], externalSecrets: Record<string, string[]>): Env {
  const env: Env = {};
  for (const entry of container.env ?? []) {
    if ("value" in entry) {
      env[entry.name] = String(entry.value);
      continue;
    }
    const secretRef = entry.valueFrom?.secretKeyRef;
    const configMapRef = entry.valueFrom?.configMapKeyRef;
    const ref = secretRef ?? configMapRef;
    if (!ref) throw new Error(`${entry.name}: unsupported valueFrom ${JSON.stringify(entry.valueFrom)}`);
    const rendered = manifests.find(
      (manifest) => manifest.kind === (secretRef ? "Secret" : "ConfigMap") && manifest.metadata.name === ref.name,
    );
    if (rendered) {
      const data = rendered.stringData?.[ref.key] ?? (rendered.data?.[ref.key] as string | undefined);
      if (data === undefined) throw new Error(`${entry.name}: ${ref.name} has no key ${ref.key}`);
      const fromStringData = rendered.stringData?.[ref.key] !== undefined || !secretRef;
      env[entry.name] = fromStringData ? data : decode(data);
    } else {
      if (!secretRef || !externalSecrets[ref.name]?.includes(ref.key)) {
        throw new Error(`${entry.name}: ${ref.name}/${ref.key} is neither rendered nor an expected existing Secret`);
      }
      env[entry.name] = placeholders[entry.name] ?? "placeholder";
    }
  }
  return env;
}
/** The chart rendered with the CI defaults and these values on top. */
export const withValues = async (extra: Record<string, unknown>, args: string[] = []) => {
  const file = join(
    scratch,
    `values-${createHash("sha256")
      .update(JSON.stringify([extra, args]))
      .digest("hex")}.yaml`,
  );
  await writeFile(file, stringify(extra));
  return helmResult([
    "template",
    release,
    chart,
    "--namespace",
    namespace,
    "--values",
    join(chartDir, "ci", "default-values.yaml"),
    "--values",
    file,
    ...args,
  ]);
};
/** A component's container environment in a rendering, secrets resolved. */
export const envOf = (rendered: string, component: string) => {
  const manifests = parseManifests(rendered);
  const deployment = kind(manifests, "Deployment").find((manifest) => componentOf(manifest) === component);
  const container = deployment?.spec.template.spec.containers[0];
  return resolveEnv(
    container,
    manifests,
    cases.find((entry) => entry.file === "default-values.yaml")?.externalSecrets ?? {},
  );
};
