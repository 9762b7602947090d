/**
 * The Helm chart's NOTES.txt (rendered through a copy of the chart, as helm template does not print it) and its
 * credentials: given inline they move into the chart's own Secret; none ships in the values files.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readConfig as licenceConfig } from "@turnleaf/licence/in-process";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  cases,
  chart,
  componentOf,
  components,
  configSchemas,
  decode,
  helm,
  helmResult,
  kind,
  namespace,
  parseManifests,
  release,
  resolveEnv,
  scratch,
  useChart,
} from "./chart-fixtures.js";
import { chartDir, leafPaths, valueAt, valuesPath } from "./values-doc.js";

useChart({ render: false });

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
