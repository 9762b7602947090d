/**
 * What surrounds the Helm chart: its documentation (every value has an @param, the README's table is current) and
 * the images (deploy/Dockerfile, built for each service listed in deploy/docker-bake.hcl) and the compose file,
 * which must agree with the chart's components and with each service's config schema. No helm run needed.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type ProcessName, serviceArguments } from "../../scripts/src/services.js";
import { components, configSchemas, root, secretEnvNames } from "./chart-fixtures.js";
import { leafPaths, parseParams, readmePath, readmeWithTable, valueAt, valuesPath } from "./values-doc.js";

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
