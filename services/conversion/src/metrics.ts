import { Counter, Gauge, Histogram, latencyBuckets, metricsRegistry } from "@turnleaf/kit/metrics";

/** Pages whose renditions landed in the store. */
export const pagesConverted = new Counter({
  name: "turnleaf_conversion_pages_total",
  help: "Pages converted (renditions stored)",
  registers: [metricsRegistry],
});

/** Pages without a text layer handed to OCR, by outcome: read, no_words (the cheap look found none), over_budget, failed. */
export const ocrPages = new Counter({
  name: "turnleaf_conversion_ocr_pages_total",
  help: "Pages without a text layer handed to OCR, by outcome (read, no_words, over_budget, failed)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

/** PDF sources read, by the engine that draws them: pdfium, or pdfjs for a source PDFium refused. */
export const sourcesByEngine = new Counter({
  name: "turnleaf_conversion_sources_total",
  help: "PDF sources read, by engine (pdfium; pdfjs: PDFium refused the file and pdf.js draws it)",
  labelNames: ["engine"] as const,
  registers: [metricsRegistry],
});

/** Time per stage: a whole job, a work item (a range of pages), an Office document to PDF, one page's OCR. */
export const conversionStageDuration = new Histogram({
  name: "turnleaf_conversion_stage_duration_seconds",
  help: "Time of a conversion stage (job, work_item, office, ocr)",
  labelNames: ["stage"] as const,
  buckets: [...latencyBuckets, 60, 120, 300],
  registers: [metricsRegistry],
});

/** Messages taken from a work queue, by consumer and whether JetStream delivered it before (a redelivery). */
export const queueDeliveries = new Counter({
  name: "turnleaf_queue_deliveries_total",
  help: "Messages taken from a work queue, by consumer; redelivered=true when JetStream delivered it before",
  labelNames: ["consumer", "redelivered"] as const,
  registers: [metricsRegistry],
});

const depthReaders = new Map<string, () => Promise<number>>();

/** Messages waiting in a work queue's consumer, read from JetStream when metrics are scraped. */
export const queueDepth = new Gauge({
  name: "turnleaf_queue_depth",
  help: "Messages not yet delivered to a work queue's consumer (JetStream num_pending), by consumer",
  labelNames: ["consumer"] as const,
  registers: [metricsRegistry],
  async collect() {
    for (const [consumer, read] of depthReaders) {
      // A store that does not answer leaves the last value rather than failing the whole scrape.
      const depth = await read().catch(() => undefined);
      if (depth !== undefined) this.set({ consumer }, depth);
    }
  },
});

export function trackQueueDepth(consumer: string, read: () => Promise<number>): void {
  depthReaders.set(consumer, read);
}
