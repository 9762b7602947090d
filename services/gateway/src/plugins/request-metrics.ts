import { Histogram, latencyBuckets, metricsRegistry } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";

/**
 * Every answered request by method, route pattern (not the raw URL: one series per path of the route table, and
 * `unmatched` for 404s) and status code; its `_count` is the request count.
 */
const httpServerDuration = new Histogram({
  name: "turnleaf_http_server_duration_seconds",
  help: "Time to answer an HTTP request, by method, route and status code",
  labelNames: ["method", "route", "code"] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    httpServerDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
