/**
 * A real OpenTelemetry Collector on loopback for the trace test: the OTLP/HTTP receiver and the file exporter, so
 * what the services export is read back as the collector wrote it (OTLP JSON, one export request a line). The
 * binary is tests/system/otelcol, built from the Go module proxy by scripts/install-servers.sh into
 * TURNLEAF_TOOLS_DIR (~/.cache/turnleaf/bin).
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { freePort, startProcess, waitForTcp } from "../../scripts/src/index.js";

const toolsDir = process.env.TURNLEAF_TOOLS_DIR || join(process.env.HOME || homedir(), ".cache", "turnleaf", "bin");

/** One span as the collector's file exporter writes it (OTLP JSON: ids in hex, times as strings). */
export interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

export const spanKind = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export interface RunningCollector {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP receiver. */
  endpoint: string;
  /** Every span the collector has written so far. */
  spans(): Promise<ExportedSpan[]>;
  /** The collector's own log (its errors, if any). */
  logFile: string;
  stop(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value: AnyValue;
}
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: KeyValue[];
      }[];
    }[];
  }[];
}

const plain = (value: AnyValue) =>
  value.stringValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue)) ??
  value.boolValue ??
  value.doubleValue ??
  "";

function attributesOf(list: KeyValue[] = []): Record<string, string | number | boolean> {
  return Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));
}

/**
 * Reads the file exporter's lines into flat spans, each with its resource's service.name. The collector may be
 * writing a line as the file is read (a full run once read half of one): only lines ended by a newline are whole.
 */
export function parseExport(text: string): ExportedSpan[] {
  const spans: ExportedSpan[] = [];
  for (const line of text.split("\n").slice(0, -1)) {
    if (!line.trim()) continue;
    const request = JSON.parse(line) as ExportRequest;
    for (const resourceSpans of request.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"] ?? "");
      for (const scope of resourceSpans.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? "",
            name: span.name,
            kind: span.kind ?? 0,
            attributes: attributesOf(span.attributes),
          });
    }
  }
  return spans;
}

export async function startCollector(): Promise<RunningCollector> {
  const binary = join(toolsDir, "otelcol");
  if (!existsSync(binary)) throw new Error(`missing ${binary}: run scripts/install-servers.sh (npm test does)`);
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-otelcol-"));
  const port = await freePort();
  const output = join(dir, "traces.jsonl");
  const logFile = join(dir, "otelcol.log");
  // Only the receiver listens: the collector's own metrics (port 8888 by default) are off, so runs do not collide.
  await writeFile(
    join(dir, "config.yaml"),
    [
      "receivers:",
      "  otlp:",
      "    protocols:",
      "      http:",
      `        endpoint: 127.0.0.1:${port}`,
      "exporters:",
      "  file:",
      `    path: ${output}`,
      "    flush_interval: 100ms",
      "service:",
      "  telemetry:",
      "    metrics:",
      "      level: none",
      "  pipelines:",
      "    traces:",
      "      receivers: [otlp]",
      "      exporters: [file]",
      "",
    ].join("\n"),
  );
  const handle = await startProcess({
    name: "otelcol",
    command: binary,
    args: ["--config", join(dir, "config.yaml")],
    cwd: dir,
    log: pino({ level: "warn" }),
    logFile,
  });
  // A collector that refuses its configuration exits at once: say so with its log instead of waiting out the port.
  const exited = handle.exited.then(async (code) => {
    throw new Error(`otelcol exited (${code}) before listening:\n${await readFile(logFile, "utf8")}`);
  });
  await Promise.race([waitForTcp("127.0.0.1", port, 30_000), exited]);
  exited.catch(() => undefined);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    logFile,
    spans: async () => (existsSync(output) ? parseExport(await readFile(output, "utf8")) : []),
    stop: () => handle.stop(),
  };
}
