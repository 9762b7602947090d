/**
 * Prometheus metrics on every process: each of the eight answers `GET /metrics` on its own port (never on the
 * gateway's public one), and a request counts where it was answered — by route and status at the gateway, by
 * method and gRPC status in the service the gateway called. A system of its own: the counts it checks are the whole
 * process's, which other files' uploads on the shared system would move at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import type { OwnSystem } from "../setup/shared-system.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";

const processes = ["gateway", "book", "power", "upload", "conversion", "licence", "language", "insight"] as const;
let system: OwnSystem;

beforeAll(async () => {
  system = await startSystem(workerStores(), "metrics", 120_000);
}, 180_000);

afterAll(() => system?.stopAll());

async function scrape(name: (typeof processes)[number]): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`http://127.0.0.1:${system.metricsPorts[name]}/metrics`);
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

/** The value of the sample whose name and labels contain every given piece (0 when there is none yet). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split("\n")
    .find(
      (row) =>
        (row.startsWith(`${name}{`) || row.startsWith(`${name} `)) &&
        Object.entries(labels).every(([key, value]) => row.includes(`${key}="${value}"`)),
    );
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("metrics", () => {
  it.each(processes)("%s answers GET /metrics in the Prometheus text format", async (name) => {
    const { status, type, text } = await scrape(name);
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("counts a request at the gateway by route and status, and the RPC it made in the language service", async () => {
    const route = { method: "GET", route: "/api/language/labels", code: "200" };
    const rpc = { rpc_service: "InterfaceLabelService", rpc_method: "GetInterfaceLabels", code: "OK" };
    const gatewayBefore = sample((await scrape("gateway")).text, "turnleaf_http_server_duration_seconds_count", route);
    const languageBefore = sample((await scrape("language")).text, "turnleaf_rpc_server_duration_seconds_count", rpc);

    for (const lang of ["de", "fr", "ja"]) {
      const response = await fetch(`${system.gatewayUrl}/api/language/labels?lang=${lang}&scope=editor`);
      expect(response.status).toBe(200);
    }

    // The gateway counts a request once its response has been sent, so the third may land just after the scrape.
    await expect
      .poll(async () => sample((await scrape("gateway")).text, "turnleaf_http_server_duration_seconds_count", route))
      .toBe(gatewayBefore + 3);
    expect(
      sample((await scrape("language")).text, "turnleaf_rpc_server_duration_seconds_count", rpc),
    ).toBeGreaterThanOrEqual(languageBefore + 3);
  });

  it("counts an upload's bytes, its converted pages and its conversion stages, and shows the work queues' depth", async () => {
    const metric = async (name: (typeof processes)[number], series: string, labels: Record<string, string> = {}) =>
      sample((await scrape(name)).text, series, labels);
    const bytesBefore = await metric("upload", "turnleaf_upload_bytes_total");
    const pagesBefore = await metric("conversion", "turnleaf_conversion_pages_total");
    const jobsBefore = await metric("conversion", "turnleaf_conversion_stage_duration_seconds_count", { stage: "job" });
    const pdf = await labelledPdf("Metrics", 3);
    await uploadPdf(system.gatewayUrl, pdf, { title: "Metrics" });
    expect(await metric("upload", "turnleaf_upload_bytes_total")).toBe(bytesBefore + pdf.length);
    // Pages and the job's stage land before (or as) the book turns ready.
    await expect.poll(() => metric("conversion", "turnleaf_conversion_pages_total")).toBe(pagesBefore + 3);
    await expect
      .poll(() => metric("conversion", "turnleaf_conversion_stage_duration_seconds_count", { stage: "job" }))
      .toBe(jobsBefore + 1);
    const conversion = (await scrape("conversion")).text;
    expect(conversion).toMatch(/^turnleaf_queue_depth\{consumer="[^"]+"\} \d+$/m);
    expect(conversion).toMatch(/^turnleaf_queue_deliveries_total\{consumer="[^"]+",redelivered="false"\} [1-9]/m);
  });

  it("is not served on the gateway's public port", async () => {
    const response = await fetch(`${system.gatewayUrl}/metrics`);
    expect(response.status).not.toBe(200);
    expect(await response.text()).not.toContain("process_cpu_user_seconds_total");
  });
});
