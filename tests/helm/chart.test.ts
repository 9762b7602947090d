/**
 * The Helm chart (helm/turnleaf), checked without a cluster: `helm lint --strict` and `helm template` for every
 * values file in helm/turnleaf/ci, then invariants over the rendered manifests. The environment each
 * Deployment gets is fed to the real config schema of its service (services/<name>/src/config.ts), so the
 * chart cannot drift from what the services require. Also the images (deploy/Dockerfile, built for each service
 * listed in deploy/docker-bake.hcl) and the compose file agree with the chart and the schemas.
 *
 * The helm binary comes from scripts/install-servers.sh (TURNLEAF_TOOLS_DIR or ~/.cache/turnleaf/bin). The
 * NATS dependency chart cannot be fetched on machines without internet access: when helm/turnleaf/charts/
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
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments, stringify } from "yaml";
import { type ProcessName, serviceArguments } from "../../scripts/src/services.js";
import { renderableChart } from "./chart-copy.js";
import { chartDir, leafPaths, parseParams, readmePath, readmeWithTable, valueAt, valuesPath } from "./values-doc.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const toolsDir = process.env.TURNLEAF_TOOLS_DIR || join(process.env.HOME || homedir(), ".cache", "turnleaf", "bin");
const helmBinary = join(toolsDir, "helm");
const manifestcheckSource = join(root, "tests", "helm", "manifestcheck");
const manifestcheck = join(toolsDir, "manifestcheck");
const release = "tl";
const namespace = "turnleaf";

type Env = Record<string, string | undefined>;
/** Each component's config schema: the chart's env for it must satisfy it. */
const configSchemas: Record<string, (env: Env) => unknown> = {
  gateway: gatewayConfig,
  book: bookConfig,
  power: powerConfig,
  upload: uploadConfig,
  conversion: conversionConfig,
  licence: licenceConfig,
  language: languageConfig,
  insight: insightConfig,
};
const components = Object.keys(configSchemas);

/** The kit's config blocks a service may spread into its schema (`...s3Env`), by name. */
const kitEnvBlocks: Record<string, Record<string, unknown>> = { s3Env };

/**
 * The variable names a service's config schema reads: the keys of the object its readConfig passes on, and those
 * of every kit block it spreads in.
 */
async function schemaEnvNames(component: string): Promise<Set<string>> {
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
const secretEnvNames = [
  "MONGODB_URI",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "LICENCE_SIGNING_KEY_PEM",
  "LICENCE_CODE_PEPPER",
];

/** Stand-ins for values that live in Secrets the platform team creates (the chart only references them). */
const placeholders: Record<string, string> = {
  MONGODB_URI: "mongodb://turnleaf:secret@mongodb.example.net:27017/?authSource=admin",
  NATS_URL: "nats://nats.example.net:4222",
  LICENCE_SIGNING_KEY_PEM: "-----BEGIN PRIVATE KEY-----\nplaceholder\n-----END PRIVATE KEY-----",
  LICENCE_CODE_PEPPER: "placeholder-pepper-of-at-least-32-characters",
};

interface ValuesCase {
  file: string;
  /** Secrets the values file expects to exist already (name → keys the chart reads). */
  externalSecrets: Record<string, string[]>;
}

const cases: ValuesCase[] = [
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
type Manifest = any;

/** Runs a command with `input` on stdin. */
function runWithInput(command: string, args: string[], input: string): Promise<{ code: number; output: string }> {
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

async function helm(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(helmBinary, args, { maxBuffer: 32 * 1024 * 1024 });
}

/** helm's output, or its error text when it fails. */
async function helmResult(args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await helm(args);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message };
  }
}

function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw new Error(document.errors.map(String).join("\n"));
      return document.toJS();
    })
    .filter((manifest) => manifest !== null && manifest !== undefined);
}

let scratch: string;
/** The chart directory that helm lint --strict and helm template run on. */
let chart: string;
let dependencyVendored: boolean;
const renders = new Map<string, Manifest[]>();
const renderedText = new Map<string, string>();

beforeAll(async () => {
  if (!existsSync(helmBinary)) {
    throw new Error(`no helm at ${helmBinary}: run scripts/install-servers.sh (npm test runs it through setup.sh)`);
  }
  scratch = await mkdtemp(join(tmpdir(), "turnleaf-helm-"));
  ({ chart, dependencyVendored } = await renderableChart(chartDir, scratch));
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
    throw new Error(`${manifestcheck} is missing or older than ${manifestcheckSource}: run scripts/install-servers.sh`);
  }
}, 120_000);

/** The stamp install-servers.sh gives manifestcheck: sha256 of go.mod, go.sum and the .go files (C order). */
async function manifestcheckSourceHash(): Promise<string> {
  const goFiles = (await readdir(manifestcheckSource)).filter((entry) => entry.endsWith(".go")).sort();
  const hash = createHash("sha256");
  for (const file of ["go.mod", "go.sum", ...goFiles]) hash.update(await readFile(join(manifestcheckSource, file)));
  return hash.digest("hex");
}

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const kind = (manifests: Manifest[], name: string) => manifests.filter((manifest) => manifest.kind === name);
const deployments = (file: string) => kind(renders.get(file) ?? [], "Deployment");
const componentOf = (manifest: Manifest): string => manifest.metadata.labels["app.kubernetes.io/component"];
const matches = (selector: Record<string, string>, labels: Record<string, string> | undefined) =>
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);
const podContainers = (spec: Manifest): Manifest[] => [...(spec.initContainers ?? []), ...spec.containers];
const decode = (value: string) => Buffer.from(value, "base64").toString("utf8");

/** A container's environment as its process would see it (Secret and ConfigMap references resolved). */
function resolveEnv(container: Manifest, manifests: Manifest[], externalSecrets: Record<string, string[]>): Env {
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

describe("helm chart: lint", () => {
  it.each(cases.map(({ file }) => file))("passes helm lint --strict with ci/%s", async (file) => {
    const result = await helmResult(["lint", "--strict", chart, "--values", join(chartDir, "ci", file)]);
    expect(result.output).toContain("1 chart(s) linted, 0 chart(s) failed");
    expect(result.ok, result.output).toBe(true);
  });

  it("lints the real chart with only the missing NATS dependency to report when it is not vendored", async () => {
    const result = await helmResult(["lint", chartDir, "--values", join(chartDir, "ci", "default-values.yaml")]);
    expect(result.ok, result.output).toBe(true);
    const findings = result.output.split("\n").filter((line) => /^\[(WARNING|ERROR)\]/.test(line));
    if (dependencyVendored) expect(findings).toEqual([]);
    else expect(findings).toEqual([expect.stringContaining("chart directory is missing these dependencies: nats")]);
  });

  it("declares NATS as a conditional dependency on the official chart", async () => {
    const chartYaml = parse(await readFile(join(chartDir, "Chart.yaml"), "utf8"));
    expect(chartYaml.dependencies).toEqual([
      expect.objectContaining({
        name: "nats",
        repository: "https://nats-io.github.io/k8s/helm/charts/",
        condition: "nats.enabled",
      }),
    ]);
    const values = parse(await readFile(valuesPath, "utf8"));
    expect(values.nats.enabled).toBe(true);
    expect(values.nats.config.jetstream.enabled).toBe(true);
  });

  it("refuses bare defaults, listing every missing store setting at once", async () => {
    const result = await helmResult(["template", release, chart]);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("turnleaf: invalid values");
    expect(result.output).toContain("MongoDB: set externalMongodb.existingSecret");
    expect(result.output).toContain("S3: set externalS3.endpoint");
    expect(result.output).toContain("S3: set externalS3.existingSecret");
  });

  it("rejects values the schema does not know", async () => {
    const values = join(chartDir, "ci", "default-values.yaml");
    const typo = await helmResult(["template", release, chart, "-f", values, "--set", "components.gatway.port=1"]);
    expect(typo.ok).toBe(false);
    expect(typo.output).toContain("additional properties 'gatway' not allowed");
    const wrongType = await helmResult([
      "template",
      release,
      chart,
      "-f",
      values,
      "--set-string",
      "default.replicas=x",
    ]);
    expect(wrongType.ok).toBe(false);
    expect(wrongType.output).toContain("/default/replicas");
  });

  it("refuses a chart-managed env name in a component's env", async () => {
    const values = join(chartDir, "ci", "default-values.yaml");
    const result = await helmResult([
      "template",
      release,
      chart,
      "-f",
      values,
      "--set",
      "components.book.env.MONGODB_URI=mongodb://x:27017/",
    ]);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("components.book: MONGODB_URI is set by the chart");
  });

  it("refuses more than one replica, or autoscaling, of any component using the embedded store", async () => {
    const values = join(chartDir, "ci", "default-values.yaml");
    const embedded = ["--set", "externalMongodb.singleWriter=true"];
    const twoReplicas = await helmResult(["template", release, chart, "-f", values, ...embedded]);
    expect(twoReplicas.ok).toBe(false);
    expect(twoReplicas.output).toContain(
      "components.book: externalMongodb.singleWriter (the embedded store) allows one replica",
    );
    const minimal = join(chartDir, "ci", "minimal-values.yaml");
    const one = await helmResult(["template", release, chart, "-f", minimal, ...embedded]);
    expect(one.ok, one.output).toBe(true);
    const scaled = await helmResult([
      "template",
      release,
      chart,
      "-f",
      minimal,
      ...embedded,
      "--set",
      "components.insight.autoscaling.enabled=true",
    ]);
    expect(scaled.ok).toBe(false);
    expect(scaled.output).toContain("components.insight: externalMongodb.singleWriter");
    // The conversion workers use no MongoDB: they scale on the embedded store too.
    const workers = await helmResult([
      "template",
      release,
      chart,
      "-f",
      minimal,
      ...embedded,
      "--set",
      "components.conversion.autoscaling.enabled=true",
    ]);
    expect(workers.ok, workers.output).toBe(true);
    expect(workers.output).toContain("kind: HorizontalPodAutoscaler");
  });
});

describe.each(cases)("helm chart rendered with ci/$file", ({ file, externalSecrets }) => {
  const manifests = () => renders.get(file) ?? [];

  it("renders manifests that decode strictly into the Kubernetes API types", async () => {
    const result = await runWithInput(manifestcheck, [], renderedText.get(file) ?? "");
    expect(result.output).toMatch(/manifestcheck: \d+ manifests decode strictly/);
    expect(result.code, result.output).toBe(0);
  });

  it("deploys every component as one Deployment, named after it", () => {
    expect(deployments(file).map(componentOf).sort()).toEqual([...components].sort());
    for (const deployment of deployments(file)) {
      expect(deployment.metadata.name).toBe(`${release}-turnleaf-${componentOf(deployment)}`);
      expect(deployment.metadata.namespace).toBe(namespace);
      expect(matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
    }
  });

  it("gives every container probes on the health service, resources and a hardened security context", () => {
    const workloads = [...deployments(file), ...kind(manifests(), "StatefulSet")];
    for (const workload of workloads) {
      const where = `${workload.kind}/${workload.metadata.name}`;
      const pod = workload.spec.template.spec;
      expect(pod.securityContext?.runAsNonRoot, where).toBe(true);
      expect(pod.securityContext?.seccompProfile?.type, where).toBe("RuntimeDefault");
      expect(pod.automountServiceAccountToken, where).toBe(false);
      for (const container of podContainers(pod)) {
        const at = `${where} ${container.name}`;
        expect(container.livenessProbe, at).toBeDefined();
        expect(container.readinessProbe, at).toBeDefined();
        for (const resource of ["cpu", "memory"]) {
          expect(container.resources?.requests?.[resource], `${at} requests.${resource}`).toBeDefined();
          expect(container.resources?.limits?.[resource], `${at} limits.${resource}`).toBeDefined();
        }
        const security = container.securityContext ?? {};
        expect(security.allowPrivilegeEscalation, at).toBe(false);
        expect(security.readOnlyRootFilesystem, at).toBe(true);
        expect(security.privileged ?? false, at).toBe(false);
        expect(security.capabilities?.drop, at).toContain("ALL");
        expect(security.capabilities?.add ?? [], at).toEqual([]);
        const user = security.runAsUser ?? pod.securityContext?.runAsUser;
        expect(Number.isInteger(user) && user > 0, `${at} runs as a numeric non-root user`).toBe(true);
        // The only writable place is an emptyDir at /tmp (or the store's data volume).
        const writable = (container.volumeMounts ?? []).map((mount: Manifest) => mount.mountPath);
        expect(writable, at).toContain("/tmp");
      }
    }
  });

  // upload-file writes each attachment (up to 100 MB) to /tmp before it stores it: an emptyDir past its sizeLimit gets
  // the pod evicted, so the gateway's must hold ten at once beside its package builds.
  it("gives the gateway a /tmp that holds ten attachments in flight", () => {
    const gateway = deployments(file).find((deployment) => componentOf(deployment) === "gateway");
    const tmp = (gateway?.spec.template.spec.volumes ?? []).find((volume: Manifest) => volume.name === "tmp");
    const limit = String(tmp?.emptyDir?.sizeLimit ?? "");
    const match = /^(\d+)(Mi|Gi)$/.exec(limit);
    expect(match, `gateway /tmp sizeLimit ${limit}`).not.toBeNull();
    const mebibytes = Number(match?.[1]) * (match?.[2] === "Gi" ? 1024 : 1);
    expect(mebibytes).toBeGreaterThanOrEqual(10 * 100);
  });

  it("probes the gRPC services on grpc.health.v1 at their port, the gateway over HTTP", () => {
    for (const deployment of deployments(file)) {
      const name = componentOf(deployment);
      const [container] = deployment.spec.template.spec.containers;
      const port = container.ports[0].containerPort;
      const env = Object.fromEntries(container.env.map((entry: Manifest) => [entry.name, entry.value]));
      for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
        if (name === "gateway") {
          expect(probe.httpGet.path).toBe("/livez");
          expect(probe.httpGet.port).toBe("http");
        } else {
          expect(probe.grpc, `${name} probe`).toEqual({ port });
        }
      }
      expect(Number(env[name === "gateway" ? "PORT" : "GRPC_PORT"])).toBe(port);
    }
  });

  it("gives every Deployment the environment its service's config schema requires", () => {
    for (const deployment of deployments(file)) {
      const name = componentOf(deployment);
      const [container] = deployment.spec.template.spec.containers;
      const names = container.env.map((entry: Manifest) => entry.name);
      expect(new Set(names).size, `${name}: duplicate env names ${names}`).toBe(names.length);
      const env = resolveEnv(container, manifests(), externalSecrets);
      const readConfig = configSchemas[name];
      expect(readConfig, `no config schema for ${name}`).toBeDefined();
      expect(() => readConfig?.(env), `${name} config`).not.toThrow();
    }
  });

  it("sets no env name that its service's config schema or the OpenTelemetry SDK does not read", async () => {
    for (const deployment of deployments(file)) {
      const name = componentOf(deployment);
      const known = await schemaEnvNames(name);
      expect(known.size, `${name}: no schema keys found`).toBeGreaterThan(3);
      for (const entry of deployment.spec.template.spec.containers[0].env) {
        if (/^OTEL_/.test(entry.name)) continue; // the SDK reads OTEL_* itself (kit/telemetry-preload)
        expect(known.has(entry.name), `${name}: ${entry.name} is not in services/${name}/src/config.ts`).toBe(true);
      }
    }
  });

  it("gives the licence service its signing key and code pepper from a Secret, and nobody else", () => {
    for (const deployment of deployments(file)) {
      const env = deployment.spec.template.spec.containers[0].env as Manifest[];
      const licenceSecrets = env.filter((entry) => /^LICENCE_(SIGNING_KEY_PEM|CODE_PEPPER)$/.test(entry.name));
      if (componentOf(deployment) !== "licence") {
        expect(licenceSecrets).toEqual([]);
        continue;
      }
      if (file !== "external-stores-values.yaml") {
        expect(licenceSecrets, "unset: the service generates them and keeps them in MongoDB").toEqual([]);
        continue;
      }
      expect(licenceSecrets.map((entry) => [entry.name, entry.valueFrom.secretKeyRef])).toEqual([
        ["LICENCE_SIGNING_KEY_PEM", { name: "turnleaf-licence-secrets", key: "signing-key.pem" }],
        ["LICENCE_CODE_PEPPER", { name: "turnleaf-licence-secrets", key: "code-pepper" }],
      ]);
    }
  });

  it("points every peer address at the peer's Service and port", () => {
    const services = kind(manifests(), "Service");
    for (const deployment of deployments(file)) {
      for (const entry of deployment.spec.template.spec.containers[0].env) {
        if (!entry.name.endsWith("_SERVICE_ADDR")) continue;
        const [host, port] = String(entry.value).split(":");
        const service = services.find((candidate) => candidate.metadata.name === host);
        expect(service, `${entry.name}=${entry.value}`).toBeDefined();
        expect(service.spec.ports.map((servicePort: Manifest) => servicePort.port)).toContain(Number(port));
        expect(componentOf(service)).toBe(entry.name.replace(/_SERVICE_ADDR$/, "").toLowerCase());
      }
    }
  });

  it("never puts a credential inline: they come from Secrets", () => {
    for (const deployment of deployments(file)) {
      for (const entry of deployment.spec.template.spec.containers[0].env) {
        if (secretEnvNames.includes(entry.name)) {
          expect(entry.valueFrom?.secretKeyRef, `${componentOf(deployment)} ${entry.name}`).toBeDefined();
        }
        if ("value" in entry) expect(String(entry.value)).not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/);
      }
    }
  });

  it("has every Service select exactly one workload and target a port it exposes", () => {
    const workloads = [...deployments(file), ...kind(manifests(), "StatefulSet")];
    for (const service of kind(manifests(), "Service")) {
      const selected = workloads.filter((workload) =>
        matches(service.spec.selector, workload.spec.template.metadata.labels),
      );
      expect(
        selected.map((workload) => workload.metadata.name),
        `Service/${service.metadata.name}`,
      ).toHaveLength(1);
      const [workload] = selected;
      if (components.includes(componentOf(service))) expect(workload.kind).toBe("Deployment");
      const ports = workload.spec.template.spec.containers.flatMap((container: Manifest) => container.ports ?? []);
      for (const port of service.spec.ports) {
        const target = ports.find(
          (containerPort: Manifest) =>
            containerPort.name === port.targetPort || containerPort.containerPort === port.targetPort,
        );
        expect(target, `Service/${service.metadata.name} targetPort ${port.targetPort}`).toBeDefined();
      }
    }
    expect(kind(manifests(), "Service").map(componentOf)).toEqual(expect.arrayContaining(components));
  });

  it("scales the conversion workers, and only them, with an HPA that owns their replica count", () => {
    const hpas = kind(manifests(), "HorizontalPodAutoscaler");
    const conversion = deployments(file).find((deployment) => componentOf(deployment) === "conversion");
    if (file === "minimal-values.yaml") {
      expect(hpas).toEqual([]);
      expect(conversion.spec.replicas).toBe(1);
      return;
    }
    expect(hpas).toHaveLength(1);
    const [hpa] = hpas;
    expect(hpa.apiVersion).toBe("autoscaling/v2");
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: "apps/v1",
      kind: "Deployment",
      name: conversion.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    expect(hpa.spec.metrics.map((metric: Manifest) => metric.resource.name)).toContain("cpu");
    // Utilisation is relative to requests, and Helm must not reset the HPA's replica count on upgrade.
    expect(conversion.spec.template.spec.containers[0].resources.requests.cpu).toBeDefined();
    expect(conversion.spec).not.toHaveProperty("replicas");
  });

  it("has every PodDisruptionBudget select one Deployment", () => {
    const pdbs = kind(manifests(), "PodDisruptionBudget");
    if (file === "minimal-values.yaml") expect(pdbs).toEqual([]);
    else expect(pdbs.map(componentOf).sort()).toEqual([...components].sort());
    for (const pdb of pdbs) {
      const selected = deployments(file).filter((deployment) =>
        matches(pdb.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
      );
      expect(selected, `PodDisruptionBudget/${pdb.metadata.name}`).toHaveLength(1);
    }
  });

  it("routes the Ingress, when there is one, to the gateway's HTTP port", () => {
    const ingresses = kind(manifests(), "Ingress");
    const gateway = kind(manifests(), "Service").find((service) => componentOf(service) === "gateway");
    expect(ingresses).toHaveLength(file === "external-stores-values.yaml" ? 1 : 0);
    for (const ingress of ingresses) {
      for (const rule of ingress.spec.rules) {
        for (const path of rule.http.paths) {
          expect(path.backend.service.name).toBe(gateway.metadata.name);
          expect(gateway.spec.ports.map((port: Manifest) => port.name)).toContain(path.backend.service.port.name);
        }
      }
    }
  });

  it("wires NATS to the dependency chart's Service, or to the external NATS", () => {
    const natsUrls = deployments(file).flatMap((deployment) =>
      deployment.spec.template.spec.containers[0].env.filter((entry: Manifest) => entry.name === "NATS_URL"),
    );
    // gateway, upload and conversion use NATS; power publishes hosting events, the book service consumes them; the
    // insight service consumes readers' events.
    expect(natsUrls).toHaveLength(6);
    for (const entry of natsUrls) {
      if (file === "external-stores-values.yaml") {
        expect(entry.valueFrom.secretKeyRef).toEqual({ name: "turnleaf-nats", key: "url" });
        continue;
      }
      expect(entry.value).toBe(`nats://${release}-nats.${namespace}.svc.cluster.local:4222`);
      if (dependencyVendored) {
        const service = kind(manifests(), "Service").find((candidate) => candidate.metadata.name === `${release}-nats`);
        expect(service, "the NATS dependency renders the Service the URL names").toBeDefined();
      }
    }
  });

  it("has a helm test hook that checks the gateway's /healthz", () => {
    const hooks = kind(manifests(), "Pod").filter((pod) => pod.metadata.annotations?.["helm.sh/hook"] === "test");
    expect(hooks).toHaveLength(1);
    const [pod] = hooks;
    const [container] = pod.spec.containers;
    const url = container.env.find((entry: Manifest) => entry.name === "HEALTHZ_URL").value;
    expect(url).toBe(`http://${release}-turnleaf-gateway:8080/healthz`);
    expect(pod.spec.restartPolicy).toBe("Never");
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
  });

  it("keeps the bundled development store out unless asked for", () => {
    const devStore = kind(manifests(), "StatefulSet").filter((set) => set.metadata.name.includes("devstore"));
    expect(devStore.length).toBe(file === "minimal-values.yaml" ? 2 : 0);
  });
});

/** The chart rendered with the CI defaults and these values on top. */
const withValues = async (extra: Record<string, unknown>, args: string[] = []) => {
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
const envOf = (rendered: string, component: string) => {
  const manifests = parseManifests(rendered);
  const deployment = kind(manifests, "Deployment").find((manifest) => componentOf(manifest) === component);
  const container = deployment?.spec.template.spec.containers[0];
  return resolveEnv(
    container,
    manifests,
    cases.find((entry) => entry.file === "default-values.yaml")?.externalSecrets ?? {},
  );
};

describe("helm chart: support contact", () => {
  // The value `supportContact` is the gateway's SUPPORT_CONTACT (the link the editor's support QR code encodes).
  it.each([
    "mailto:help@books.example.com",
    "tel:+49 (30) 1234-5678",
    "https://help.example.com/support?topic=limits&lang=zh-CN#contact",
  ])("gives the gateway, and only it, SUPPORT_CONTACT=%s, which its config accepts", async (contact) => {
    const result = await withValues({ supportContact: contact });
    expect(result.ok, result.output).toBe(true);
    const env = envOf(result.output, "gateway");
    expect(env.SUPPORT_CONTACT).toBe(contact);
    expect(gatewayConfig(env).SUPPORT_CONTACT).toBe(contact);
    for (const component of components.filter((name) => name !== "gateway")) {
      expect(envOf(result.output, component).SUPPORT_CONTACT, component).toBeUndefined();
    }
  });

  it("leaves the gateway's placeholder without the value", async () => {
    const result = await withValues({});
    expect(result.ok, result.output).toBe(true);
    const env = envOf(result.output, "gateway");
    expect(env.SUPPORT_CONTACT).toBeUndefined();
    expect(gatewayConfig(env).SUPPORT_CONTACT).toBe("mailto:support@turnleaf.local");
  });

  it("refuses a contact that is not a mailto:, tel: or http(s) link before anything is deployed", async () => {
    for (const contact of ["javascript:alert(1)", "support@example.com", "https://help example.com", "x".repeat(501)]) {
      const result = await withValues({ supportContact: contact });
      expect(result.ok, contact).toBe(false);
      expect(result.output, contact).toContain("supportContact");
    }
  });

  it("takes the contact only from the checked value: a component env may neither set nor blank it", async () => {
    for (const contact of ["javascript:alert(1)", ""]) {
      const result = await withValues({
        supportContact: "mailto:help@books.example.com",
        components: { gateway: { env: { SUPPORT_CONTACT: contact } } },
      });
      expect(result.ok, contact).toBe(false);
      expect(result.output).toContain(
        "components.gateway: SUPPORT_CONTACT is set by the chart and may not be overridden",
      );
    }
    const viaDefault = await withValues({ default: { env: { SUPPORT_CONTACT: "mailto:a@b.example" } } });
    expect(viaDefault.ok).toBe(false);
    expect(viaDefault.output).toContain("default.env: SUPPORT_CONTACT is set by the chart");
  });
});

describe("helm chart: pictures on other sites", () => {
  it("gives the book service the allowed private networks, which its config accepts; none by default", async () => {
    const allowed = await withValues({ remotePictures: { privateNetworks: ["10.20.0.0/16", "fd00::/8"] } });
    expect(allowed.ok, allowed.output).toBe(true);
    const env = envOf(allowed.output, "book");
    expect(env.REMOTE_PICTURE_PRIVATE_NETWORKS).toBe("10.20.0.0/16,fd00::/8");
    expect(bookConfig(env).REMOTE_PICTURE_PRIVATE_NETWORKS?.check("10.20.3.4", "ipv4")).toBe(true);
    expect(bookConfig(env).REMOTE_PICTURE_PRIVATE_NETWORKS?.check("10.21.3.4", "ipv4")).toBe(false);
    const none = await withValues({});
    expect(none.ok, none.output).toBe(true);
    expect(envOf(none.output, "book").REMOTE_PICTURE_PRIVATE_NETWORKS).toBeUndefined();
  });

  it("refuses a value that is not a network block before anything is deployed", async () => {
    for (const block of ["10.0.0.0", "internal.example.com/8", "10.0.0.0/8,192.168.0.0/16"]) {
      const result = await withValues({ remotePictures: { privateNetworks: [block] } });
      expect(result.ok, block).toBe(false);
      expect(result.output, block).toContain("remotePictures");
    }
  });
});

describe("helm chart: metrics", () => {
  /** The metric names the processes define (services/kit and each service's own metrics modules). */
  const definedMetrics = async () => {
    const names = new Set<string>();
    for (const dir of await readdir(join(root, "services"))) {
      const src = join(root, "services", dir, "src");
      if (!existsSync(src)) continue;
      for (const entry of await readdir(src, { recursive: true })) {
        if (!String(entry).endsWith(".ts")) continue;
        const text = await readFile(join(src, String(entry)), "utf8");
        for (const match of text.matchAll(/name: "(turnleaf_[a-z0-9_]+)"/g)) names.add(match[1] as string);
      }
    }
    return names;
  };
  /** Every `turnleaf_…` series an expression reads, without the histogram suffixes. */
  const seriesIn = (expression: string) =>
    [...expression.matchAll(/\b(turnleaf_[a-z0-9_]+)/g)].map((match) =>
      (match[1] as string).replace(/_(bucket|count|sum)$/, ""),
    );

  it("gives every component a metrics port on its Pod and Service and tells the process to serve it there", async () => {
    const rendered = await withValues({});
    expect(rendered.ok, rendered.output).toBe(true);
    const manifests = parseManifests(rendered.output);
    for (const component of components) {
      const deployment = kind(manifests, "Deployment").find((manifest) => componentOf(manifest) === component);
      const container = deployment?.spec.template.spec.containers[0];
      expect(container.ports, component).toContainEqual({ name: "metrics", containerPort: 9464, protocol: "TCP" });
      expect(envOf(rendered.output, component).METRICS_PORT, component).toBe("9464");
      const service = kind(manifests, "Service").find((manifest) => componentOf(manifest) === component);
      expect(
        service.spec.ports.map((port: { name: string }) => port.name),
        component,
      ).toContain("metrics");
    }
    const off = await withValues({ metrics: { enabled: false } });
    expect(envOf(off.output, "book").METRICS_PORT).toBeUndefined();
  });

  it("renders the ServiceMonitor, alert rules and dashboard on request, reading only metrics the services define", async () => {
    const rendered = await withValues({
      metrics: { serviceMonitor: { enabled: true }, prometheusRule: { enabled: true }, dashboard: { enabled: true } },
    });
    expect(rendered.ok, rendered.output).toBe(true);
    const manifests = parseManifests(rendered.output);
    const [monitor] = kind(manifests, "ServiceMonitor");
    const services = kind(manifests, "Service").filter((manifest) => componentOf(manifest));
    for (const service of services) {
      for (const [key, value] of Object.entries(monitor.spec.selector.matchLabels)) {
        expect(service.metadata.labels[key], `${service.metadata.name} ${key}`).toBe(value);
      }
    }
    expect(monitor.spec.endpoints[0].port).toBe("metrics");
    const defined = await definedMetrics();
    expect(defined.size).toBeGreaterThan(1);
    const [rule] = kind(manifests, "PrometheusRule");
    const expressions: string[] = rule.spec.groups.flatMap((group: { rules: { expr: string }[] }) =>
      group.rules.map((entry) => entry.expr),
    );
    const [dashboard] = kind(manifests, "ConfigMap").filter((manifest) => manifest.data?.["turnleaf.json"]);
    const panels = JSON.parse(dashboard.data["turnleaf.json"]).panels as { targets: { expr: string }[] }[];
    expressions.push(...panels.flatMap((panel) => panel.targets.map((target) => target.expr)));
    for (const series of expressions.flatMap(seriesIn)) expect(defined, series).toContain(series);
    const none = parseManifests((await withValues({})).output);
    expect(kind(none, "ServiceMonitor")).toEqual([]);
    expect(kind(none, "PrometheusRule")).toEqual([]);
  });
});

describe("helm chart: payments", () => {
  const powerEnv = (rendered: string) => {
    const deployment = kind(parseManifests(rendered), "Deployment").find(
      (manifest) => componentOf(manifest) === "power",
    );
    return deployment?.spec.template.spec.containers[0].env as Manifest[];
  };

  it("gives the power service the prices and, with Stripe, its keys from the named Secret; its config accepts them", async () => {
    const none = await withValues({});
    expect(none.ok, none.output).toBe(true);
    const plain = Object.fromEntries(
      powerEnv(none.output)
        .filter((entry) => "value" in entry)
        .map((entry) => [entry.name, entry.value]),
    );
    expect(plain).toMatchObject({
      PAYMENT_PROVIDER: "none",
      POINT_PACKS: "10:0,50:10,100:20",
      VIP_MONTHLY_PRICE: "999",
      VIP_YEARLY_PRICE: "9900",
    });
    expect(powerEnv(none.output).some((entry) => entry.name.startsWith("STRIPE_"))).toBe(false);

    const stripe = await withValues({
      payments: { provider: "stripe", pointPacks: "20:0,200:15", stripe: { existingSecret: "turnleaf-stripe" } },
    });
    expect(stripe.ok, stripe.output).toBe(true);
    const env = powerEnv(stripe.output);
    expect(
      env
        .filter((entry) => entry.name.startsWith("STRIPE_"))
        .map((entry) => [entry.name, entry.valueFrom?.secretKeyRef]),
    ).toEqual([
      ["STRIPE_SECRET_KEY", { name: "turnleaf-stripe", key: "secret-key" }],
      ["STRIPE_WEBHOOK_SECRET", { name: "turnleaf-stripe", key: "webhook-secret" }],
    ]);
    const values = Object.fromEntries(env.map((entry) => [entry.name, entry.value ?? "from-secret"]));
    const config = powerConfig({ ...values, MONGODB_URI: "mongodb://db:27017" });
    expect(config).toMatchObject({ PAYMENT_PROVIDER: "stripe", POINT_PACKS: "20:0,200:15", VIP_YEARLY_PRICE: 9900 });
  });

  it("refuses Stripe without its Secret, and prices or packs of the wrong shape, before anything is deployed", async () => {
    const missing = await withValues({ payments: { provider: "stripe" } });
    expect(missing.ok).toBe(false);
    expect(missing.output).toContain("payments.stripe.existingSecret");
    for (const payments of [
      { pointPacks: "ten" },
      { vipMonthlyPrice: 0 },
      { provider: "paypal" },
      { currency: "USD" },
    ]) {
      const result = await withValues({ payments });
      expect(result.ok, JSON.stringify(payments)).toBe(false);
      expect(result.output, JSON.stringify(payments)).toContain("payments");
    }
  });
});

describe("helm chart: NOTES.txt", () => {
  // helm template does not print NOTES.txt and helm install needs a cluster: render it through a copy of the
  // chart that also renders NOTES.txt (as YAML comments) into a manifest.
  let notesChart: string;
  beforeAll(async () => {
    notesChart = join(scratch, "notes", "turnleaf");
    await cp(chart, notesChart, { recursive: true });
    await cp(join(notesChart, "templates", "NOTES.txt"), join(notesChart, "notes-preview.txt"));
    await writeFile(
      join(notesChart, "templates", "zz-notes-preview.yaml"),
      '# {{ tpl (.Files.Get "notes-preview.txt") . | replace "\\n" "\\n# " }}\n',
    );
  });

  const notes = async (file: string) => {
    const { stdout } = await helm([
      "template",
      release,
      notesChart,
      "--namespace",
      namespace,
      "--values",
      join(chartDir, "ci", file),
      "--show-only",
      "templates/zz-notes-preview.yaml",
    ]);
    return stdout.replace(/^# ?/gm, "");
  };

  it("tells how to reach the editor through a port-forward without an Ingress", async () => {
    const text = await notes("default-values.yaml");
    expect(text).toContain(`port-forward service/${release}-turnleaf-gateway 8080:8080`);
    expect(text).toContain("http://localhost:8080/book_edit2/");
    expect(text).toContain(`helm test ${release}`);
  });

  it("tells the editor's URL behind the Ingress, and warns about the trial store", async () => {
    expect(await notes("external-stores-values.yaml")).toContain("https://books.example.com/book_edit2/");
    expect(await notes("minimal-values.yaml")).toContain("TRIAL store");
  });
});

describe("helm chart: credentials", () => {
  it("moves credentials given inline into the chart's own Secret", async () => {
    const { stdout } = await helm([
      "template",
      release,
      chart,
      "--namespace",
      namespace,
      "--set",
      "externalMongodb.uri=mongodb://app:hunter2@db.example.net:27017/",
      "--set",
      "externalS3.endpoint=https://s3.example.net",
      "--set",
      "externalS3.accessKeyId=AKIAEXAMPLE",
      "--set",
      "externalS3.secretAccessKey=verysecret",
    ]);
    expect(stdout.match(/hunter2|verysecret/g) ?? []).toEqual([]);
    const manifests = parseManifests(stdout);
    const secret = kind(manifests, "Secret").find(
      (candidate) => candidate.metadata.name === `${release}-turnleaf-stores`,
    );
    expect(decode(secret.data["mongodb-uri"])).toBe("mongodb://app:hunter2@db.example.net:27017/");
    expect(decode(secret.data["s3-secret-access-key"])).toBe("verysecret");
    const { components: componentValues } = parse(await readFile(valuesPath, "utf8"));
    const deployed = kind(manifests, "Deployment");
    expect(deployed.map(componentOf).sort()).toEqual([...components].sort());
    for (const deployment of deployed) {
      const name = componentOf(deployment);
      const env = resolveEnv(deployment.spec.template.spec.containers[0], manifests, {});
      expect(() => configSchemas[name]?.(env)).not.toThrow();
      // Only the components wired to MongoDB get its URI; the others (the conversion workers) get none at all.
      if (componentValues[name].stores.mongodb)
        expect(env.MONGODB_URI, name).toBe("mongodb://app:hunter2@db.example.net:27017/");
      else
        expect(
          Object.keys(env).filter((key) => key.startsWith("MONGODB_")),
          name,
        ).toEqual([]);
    }
    expect(componentValues.conversion.stores.mongodb).toBe(false);
  });

  it("moves licence secrets given inline into the chart's own Secret, checked before rendering", async () => {
    const values = join(chartDir, "ci", "default-values.yaml");
    const pem =
      "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIPlaceholderPlaceholderPlaceholder00\n-----END PRIVATE KEY-----\n";
    const pepper = "a-pepper-of-at-least-thirty-two-characters";
    const pemFile = join(scratch, "signing-key.pem");
    await writeFile(pemFile, pem);
    const args = ["template", release, chart, "--namespace", namespace, "-f", values];
    const { stdout } = await helm([
      ...args,
      "--set-file",
      `licenceSecrets.signingKeyPem=${pemFile}`,
      "--set",
      `licenceSecrets.codePepper=${pepper}`,
    ]);
    expect(stdout).not.toContain(pepper);
    const manifests = parseManifests(stdout);
    const secret = kind(manifests, "Secret").find(
      (candidate) => candidate.metadata.name === `${release}-turnleaf-licence`,
    );
    expect(decode(secret.data["signing-key.pem"])).toBe(pem);
    const licence = kind(manifests, "Deployment").find((deployment) => componentOf(deployment) === "licence");
    const env = resolveEnv(licence.spec.template.spec.containers[0], manifests, cases[0]?.externalSecrets ?? {});
    expect(env.LICENCE_SIGNING_KEY_PEM).toBe(pem);
    expect(env.LICENCE_CODE_PEPPER).toBe(pepper);
    expect(licenceConfig(env)).toMatchObject({ LICENCE_CODE_PEPPER: pepper });
    expect(licence.spec.template.metadata.annotations["checksum/licence"]).toMatch(/^[0-9a-f]{64}$/);

    const short = await helmResult([...args, "--set", "licenceSecrets.codePepper=short"]);
    expect(short.ok).toBe(false);
    expect(short.output).toMatch(/licenceSecrets.codePepper/); // the schema refuses it ("/licenceSecrets/codePepper")
    const both = await helmResult([
      ...args,
      "--set",
      "licenceSecrets.existingSecret=x",
      "--set",
      `licenceSecrets.codePepper=${pepper}`,
    ]);
    expect(both.ok).toBe(false);
    expect(both.output).toContain("licenceSecrets: existingSecret and inline");
    const inEnv = await helmResult([...args, "--set", `components.licence.env.LICENCE_CODE_PEPPER=${pepper}`]);
    expect(inEnv.ok).toBe(false);
    expect(inEnv.output).toContain("components.licence: LICENCE_CODE_PEPPER is set by the chart");
  });

  it("ships no credential in values.yaml or the ci values files", async () => {
    const credentialKey = /(password|secret(AccessKey)?|accessKeyId|token|uri|url|pem|pepper)$/i;
    for (const path of [valuesPath, ...cases.map(({ file }) => join(chartDir, "ci", file))]) {
      const values = parse(await readFile(path, "utf8")) ?? {};
      for (const leaf of leafPaths(values)) {
        const key = leaf.split(".").at(-1) ?? "";
        if (!credentialKey.test(key) || /^existingSecret/.test(key)) continue;
        const { value } = valueAt(values, leaf);
        if (typeof value === "string") expect(value, `${path}: ${leaf}`).toBe("");
      }
    }
  });
});

describe("helm chart: documentation", () => {
  it("documents every value with an @param comment, and every @param names a value", async () => {
    const text = await readFile(valuesPath, "utf8");
    const values = parse(text);
    const params = parseParams(text).flatMap((section) => section.params.map((param) => param.path));
    for (const param of params) expect(valueAt(values, param).found, `@param ${param}`).toBe(true);
    for (const leaf of leafPaths(values)) {
      const documented = params.some((param) => leaf === param || leaf.startsWith(`${param}.`));
      expect(documented, `${leaf} has no @param`).toBe(true);
    }
  });

  it("has a current values table in the chart README (npx tsx tests/helm/values-doc.ts --write)", async () => {
    const readme = await readFile(readmePath, "utf8");
    expect(readme).toBe(readmeWithTable(readme, await readFile(valuesPath, "utf8")));
  });
});

describe("images and compose file", () => {
  const values = async () => parse(await readFile(valuesPath, "utf8"));

  /** The Dockerfile's stages: name → the stage it builds on and its instructions. */
  const dockerfileStages = async () => {
    const dockerfile = await readFile(join(root, "deploy", "Dockerfile"), "utf8");
    const stages = new Map<string, { from: string; text: string }>();
    for (const part of dockerfile.split(/^(?=FROM )/m).slice(1)) {
      const [, from, name] = part.match(/^FROM (\S+) AS (\S+)/) ?? [];
      if (from && name) stages.set(name, { from, text: part });
    }
    /** A stage's instructions after those of the stages it builds on, as the image gets them. */
    const image = (name: string): string => {
      const stage = stages.get(name);
      return stage ? `${image(stage.from)}\n${stage.text}` : "";
    };
    return { dockerfile, stages, image };
  };
  /** deploy/docker-bake.hcl's list of images. */
  const bakeImages = async () => {
    const bake = await readFile(join(root, "deploy", "docker-bake.hcl"), "utf8");
    return [...bake.matchAll(/\{ name = "(\w+)", stage = "(\w+)", port = "(\d+)", description = "([^"]+)" \}/g)].map(
      ([, name, stage, port, description]) => ({ name, stage, port: Number(port), description }),
    );
  };
  /** The Dockerfile's final stage for a service: its own (gateway, conversion) or the shared gRPC one. */
  const stageOf = (name: string) => (name === "gateway" || name === "conversion" ? name : "grpc");

  it("builds every image from deploy/Dockerfile, built the way every service needs", async () => {
    const { dockerfile, stages } = await dockerfileStages();
    expect([...stages.keys()].sort()).toEqual(["build", "conversion", "gateway", "grpc", "pdfium", "runtime"]);
    expect(dockerfile).toContain("npm install --no-audit --no-fund");
    expect(dockerfile).not.toMatch(/^(?!\s*#).*\bnpm ci\b/m); // the lockfile has Linux platform packages only
    const build = stages.get("build")?.text ?? "";
    expect(build).toContain(`npx tsc -b "services/\${SERVICE}"`);
    expect(build).toContain("npm run build -w web/reader && npm run build -w web/editor");
    // The image keeps only the files its service runs (tests/deploy/image-files.test.ts starts each from them).
    expect(build).toContain(`node scripts/image-files.mjs "\${SERVICE}" /out`);
    expect(build).not.toContain("npm prune");
    // The old per-service Dockerfiles are gone: one recipe.
    const deployEntries = await readdir(join(root, "deploy"), { withFileTypes: true });
    for (const entry of deployEntries) {
      if (entry.isDirectory())
        expect(existsSync(join(root, "deploy", entry.name, "Dockerfile")), entry.name).toBe(false);
    }
    const conversion = stages.get("conversion")?.text ?? "";
    for (const needed of [
      "libreoffice-writer",
      "tesseract-ocr-chi-sim",
      "CONVERSION_PDFIUM_LIBRARY=",
      "--from=pdfium",
    ]) {
      expect(conversion).toContain(needed);
    }
  });

  it.each(components)("deploy/Dockerfile's %s image agrees with the chart", async (name) => {
    const { stages, image } = await dockerfileStages();
    const { components: chartComponents, default: defaults } = await values();
    const port = chartComponents[name].port;
    // The list of images names the service once, with the chart's port and the stage its kind needs.
    const listed = (await bakeImages()).filter((entry) => entry.name === name);
    expect(listed).toEqual([{ name, stage: stageOf(name), port, description: expect.any(String) }]);
    expect(stages.has(stageOf(name))).toBe(true);
    const stage = image(stageOf(name));
    expect(stage).toContain(`EXPOSE \${PORT}`);
    expect(stage).toContain(name === "gateway" ? ` PORT=\${PORT}` : `GRPC_PORT=\${PORT}`);
    expect(stage).toContain(`OTEL_SERVICE_NAME=turnleaf-\${SERVICE}`);
    expect(stage).toContain(`TURNLEAF_SERVICE=\${SERVICE}`);
    // A numeric user, so that runAsNonRoot can be verified, and the same one the chart runs as.
    expect(stage).toContain(`USER ${defaults.securityContext.runAsUser}:${defaults.securityContext.runAsGroup}`);
    expect(stage).toMatch(/^HEALTHCHECK /m);
    // exec: node, not the shell, is PID 1 and gets SIGTERM.
    expect(stage).toMatch(/^CMD exec node .*"services\/\$\{TURNLEAF_SERVICE\}\/dist\/main\.bundle\.mjs"$/m);
    // The same command line the local system and the image-files test start a service with.
    const [, cmd] = /^CMD exec node (.*)$/m.exec(stage) ?? [];
    const local = serviceArguments(name as ProcessName).map((argument) =>
      argument.replace(`services/${name}/`, `services/\${TURNLEAF_SERVICE}/`),
    );
    expect(cmd?.split(" ").map((argument) => argument.replace(/^"|"$/g, ""))).toEqual(local);
    expect(existsSync(join(root, "services", name, "src", "main.ts"))).toBe(true);
  });

  it("lists every image once in deploy/docker-bake.hcl, as the chart's components", async () => {
    expect((await bakeImages()).map((entry) => entry.name).sort()).toEqual([...components].sort());
  });

  it("runs every service in compose with the environment its config schema requires", async () => {
    const compose = parse(await readFile(join(root, "deploy", "compose.yaml"), "utf8"), { merge: true });
    const interpolate = (value: unknown) =>
      String(value).replace(
        /\$\{(\w+)(?::?([-?])([^}]*))?\}/g,
        (_match, _name: string, operator?: string, rest = "") => (operator === "-" ? rest : "compose-secret-value"),
      );
    for (const name of components) {
      const service = compose.services[name];
      expect(service, `compose service ${name}`).toBeDefined();
      expect(existsSync(join(root, "deploy", service.build.context, service.build.dockerfile))).toBe(true);
      // The same image deploy/docker-bake.hcl builds: stage and build arguments.
      const listed = (await bakeImages()).find((entry) => entry.name === name);
      expect(service.build.dockerfile).toBe("deploy/Dockerfile");
      expect(service.build.target).toBe(listed?.stage);
      expect(service.build.args.SERVICE).toBe(name);
      expect(Number(service.build.args.PORT)).toBe(listed?.port);
      expect(service.build.args.DESCRIPTION ?? `the ${name} service`).toBe(listed?.description);
      expect(service.read_only).toBe(true);
      expect(service.cap_drop).toEqual(["ALL"]);
      expect(service.user).toBe("1000:1000");
      const env = Object.fromEntries(
        Object.entries(service.environment as Record<string, unknown>).map(([key, value]) => [key, interpolate(value)]),
      );
      expect(() => configSchemas[name]?.(env), `compose ${name}`).not.toThrow();
      for (const [key, value] of Object.entries(service.environment as Record<string, unknown>)) {
        if (secretEnvNames.includes(key) && key !== "MONGODB_URI") expect(String(value)).toMatch(/^\$\{/);
      }
    }
    expect(Object.keys(compose.services).sort()).toEqual([...components, "minio", "mongodb", "nats"].sort());
  });
});
