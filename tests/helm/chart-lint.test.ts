/**
 * The Helm chart (helm/turnleaf) without a cluster: `helm lint --strict` for every values file in helm/turnleaf/ci,
 * the NATS dependency, and the values the chart's checks refuse before anything is deployed (chart-fixtures.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cases, chart, dependencyVendored, helmResult, release, useChart } from "./chart-fixtures.js";
import { chartDir, valuesPath } from "./values-doc.js";

useChart({ render: false });

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
