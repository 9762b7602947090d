/**
 * One user's upload is one trace in a real OpenTelemetry Collector (tests/support/otel-collector.ts): the whole
 * stack exports OTLP to it through the standard OTEL_* variables, a PDF goes through the gateway as the editor sends
 * it, and the spans the collector wrote are followed from the gateway's end-upload request over gRPC into the upload
 * service, across NATS (the trace context travels in the message headers) into the conversion worker, and across
 * NATS again into the book service that switches the book to its new revision. A system of its own (it exports).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { type ExportedSpan, type RunningCollector, spanKind, startCollector } from "../support/otel-collector.js";
import { uploadPdf } from "../support/system.js";

let collector: RunningCollector;
let services: RunningServices;

beforeAll(async () => {
  collector = await startCollector();
  services = await startSystem(workerStores(), "trace", 120_000, {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
    OTEL_TRACES_SAMPLER: "always_on",
    // Spans leave each process within a fifth of a second instead of five.
    OTEL_BSP_SCHEDULE_DELAY: "200",
    OTEL_METRICS_EXPORTER: "none",
    OTEL_LOGS_EXPORTER: "none",
  });
}, 180_000);

afterAll(async () => {
  await services?.stopAll();
  await collector?.stop();
});

const jobRequested = "turnleaf.conversion.v1.ConversionJobRequested";
const bookReady = "turnleaf.book.v1.BookReady";

/** The span's chain of parents within its trace, nearest first. */
function ancestors(span: ExportedSpan, trace: ExportedSpan[]): ExportedSpan[] {
  const byId = new Map(trace.map((each) => [each.spanId, each]));
  const chain: ExportedSpan[] = [];
  for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) chain.push(parent);
  return chain;
}

function only(spans: ExportedSpan[], what: string, test: (span: ExportedSpan) => boolean): ExportedSpan {
  const found = spans.filter(test);
  if (found.length !== 1) {
    const seen = spans.map((span) => `${span.service} ${span.kind} ${span.name}`).join("\n");
    throw new Error(`expected one ${what}, found ${found.length} among:\n${seen}`);
  }
  return found[0] as ExportedSpan;
}

describe("one upload, one trace", () => {
  it("follows the upload from the gateway through upload, NATS and conversion into the book service", {
    timeout: 240_000,
  }, async () => {
    const { bookId } = await uploadPdf(services.gatewayUrl, await labelledPdf("Trace", 2), { title: "Trace" });

    // The request that hands the upload over to conversion: the gateway's HTTP server span of end-upload.
    const endUpload = async () =>
      (await collector.spans()).find(
        (span) =>
          span.service === "turnleaf-gateway" &&
          span.kind === spanKind.server &&
          String(span.attributes["url.path"] ?? span.attributes["http.target"] ?? "").startsWith(
            "/api/book/end-upload",
          ),
      );
    await expect.poll(endUpload, { timeout: 30_000 }).toBeDefined();
    const root = (await endUpload()) as ExportedSpan;
    const traceOf = async () => (await collector.spans()).filter((span) => span.traceId === root.traceId);
    // The book service's handling of BookReady is the last hop, and the conversion's job span ends only when the whole
    // job has: each is exported once its work returns, in either order.
    const ended = (trace: ExportedSpan[]) =>
      trace.some((span) => span.service === "turnleaf-book" && span.name.endsWith(bookReady)) &&
      trace.some((span) => span.service === "turnleaf-conversion" && span.name === `process ${jobRequested}`);
    await expect.poll(async () => ended(await traceOf()), { timeout: 60_000 }).toBe(true);
    const trace = await traceOf();
    const reaches = (span: ExportedSpan, ancestor: ExportedSpan) =>
      ancestors(span, trace).some((each) => each.spanId === ancestor.spanId);

    // gateway → upload over gRPC: the upload service's server span is the child of the gateway's client span.
    const uploadServer = only(
      trace,
      "upload CompleteUpload server span",
      (span) =>
        span.service === "turnleaf-upload" && span.kind === spanKind.server && span.name.endsWith("CompleteUpload"),
    );
    const gatewayClient = only(trace, "gateway client span of it", (span) => span.spanId === uploadServer.parentSpanId);
    expect(gatewayClient.service).toBe("turnleaf-gateway");
    expect(gatewayClient.kind).toBe(spanKind.client);
    expect(reaches(gatewayClient, root)).toBe(true);

    // upload → NATS → conversion: the job's publish in the upload service, its processing in the conversion worker.
    const jobSent = only(
      trace,
      "publish of the conversion job",
      (span) => span.kind === spanKind.producer && span.name === `send ${jobRequested}`,
    );
    expect(jobSent.service).toBe("turnleaf-upload");
    expect(jobSent.attributes["messaging.system"]).toBe("nats");
    expect(String(jobSent.attributes["messaging.destination.name"])).toMatch(/^conversion\.v1\.job\..+\.requested$/);
    expect(reaches(jobSent, uploadServer)).toBe(true);
    const jobProcessed = only(
      trace,
      "processing of the conversion job",
      (span) => span.kind === spanKind.consumer && span.name === `process ${jobRequested}`,
    );
    expect(jobProcessed.service).toBe("turnleaf-conversion");
    expect(jobProcessed.parentSpanId).toBe(jobSent.spanId);
    expect(jobProcessed.attributes["messaging.consumer.group.name"]).toBe("conversion-jobs");

    // conversion → NATS → book: BookReady published while the job ran, processed by the book service.
    const readySent = only(
      trace,
      "publish of BookReady",
      (span) => span.kind === spanKind.producer && span.name === `send ${bookReady}`,
    );
    expect(readySent.service).toBe("turnleaf-conversion");
    expect(readySent.attributes["messaging.destination.name"]).toBe(`book.v1.book.${bookId}.ready`);
    expect(reaches(readySent, jobProcessed)).toBe(true);
    const readyProcessed = only(
      trace,
      "processing of BookReady",
      (span) => span.kind === spanKind.consumer && span.name === `process ${bookReady}`,
    );
    expect(readyProcessed.service).toBe("turnleaf-book");
    expect(readyProcessed.parentSpanId).toBe(readySent.spanId);

    // Every span of the trace hangs from the gateway's request: no hop started a trace of its own.
    const exporting = new Set(trace.map((span) => span.service));
    for (const name of ["gateway", "upload", "conversion", "book"]) expect(exporting).toContain(`turnleaf-${name}`);
    const orphans = trace.filter((span) => span.spanId !== root.spanId && !reaches(span, root));
    expect(orphans.map((span) => `${span.service} ${span.name}`)).toEqual([]);
  });
});
