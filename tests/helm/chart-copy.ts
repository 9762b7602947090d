import { existsSync } from "node:fs";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parse, stringify } from "yaml";

const natsVendored = async (dir: string) => {
  const entries = existsSync(join(dir, "charts")) ? await readdir(join(dir, "charts")) : [];
  return entries.some((entry) => entry === "nats" || /^nats-\d.*\.tgz$/.test(entry));
};

/**
 * The chart directory Helm can render here. The NATS dependency chart cannot be fetched on machines without
 * internet access: when helm/turnleaf/charts/ lacks it, the chart is copied into `scratch` with a Chart.yaml that
 * omits the dependency (everything else as it is).
 */
export async function renderableChart(
  chartDir: string,
  scratch: string,
): Promise<{ chart: string; dependencyVendored: boolean }> {
  if (await natsVendored(chartDir)) return { chart: chartDir, dependencyVendored: true };
  const chart = join(scratch, "turnleaf");
  await cp(chartDir, chart, { recursive: true });
  const chartYaml = parse(await readFile(join(chart, "Chart.yaml"), "utf8"));
  chartYaml.dependencies = (chartYaml.dependencies ?? []).filter((dependency: { name: string }) => {
    return dependency.name !== "nats";
  });
  if (chartYaml.dependencies.length === 0) delete chartYaml.dependencies;
  await writeFile(join(chart, "Chart.yaml"), stringify(chartYaml));
  return { chart, dependencyVendored: false };
}
