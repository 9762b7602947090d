import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on a loopback port standing in for an owner's webhook: it records every delivery and answers
 * with the next status of `statuses` (then 200), so a test can make the first attempts fail. On 127.0.0.1 unless
 * `host` says otherwise.
 */
export async function startWebhookReceiver(statuses: number[] = [], host = "127.0.0.1") {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = statuses.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hooks/turnleaf`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
