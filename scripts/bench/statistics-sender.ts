/**
 * The beacon sender of `npm run bench:statistics`, run as a process of its own (started under `nice` by the bench,
 * so it does not share an event loop with the reader's load and yields the CPU to the system it measures). It sends
 * exactly `count` POSTs at `rate` per second, spaced evenly (readers' beacons arrive one by one, not in bursts at each
 * second), on up to `connections` keep-alive connections, waits for every answer and prints one JSON line: how many
 * were sent, answered 2xx, answered otherwise or failed, their latency and the CPU this process used.
 * Input: one JSON argument {url, body, headers, rate, count, connections}.
 */
import { Agent, request } from "node:http";

interface SenderInput {
  url: string;
  body: string;
  headers: Record<string, string>;
  rate: number;
  count: number;
  connections: number;
}

export interface SenderReport {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  /** From the first request to the last answer. */
  wallMs: number;
  cpuMs: number;
}

const input = JSON.parse(process.argv[2] ?? "{}") as SenderInput;
const agent = new Agent({ keepAlive: true, maxSockets: input.connections });
const target = new URL(input.url);
const body = Buffer.from(input.body);
const headers = { ...input.headers, "content-length": String(body.length) };

const latencies: number[] = [];
let sent = 0;
let ok = 0;
let non2xx = 0;
let errors = 0;
let answered = 0;
const cpuStart = process.cpuUsage();
const started = performance.now();

const finished = new Promise<void>((resolve) => {
  const settle = () => {
    answered += 1;
    if (answered === input.count) resolve();
  };
  const send = () => {
    sent += 1;
    const at = performance.now();
    const call = request(
      { agent, host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers },
      (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - at);
          if (response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300) ok += 1;
          else non2xx += 1;
          settle();
        });
      },
    );
    call.on("error", () => {
      errors += 1;
      settle();
    });
    call.end(body);
  };
  // Every request goes at its own time (start + index / rate); a late timer sends what is due at once.
  const tick = () => {
    const due = Math.min(input.count, Math.floor(((performance.now() - started) * input.rate) / 1000) + 1);
    while (sent < due) send();
    if (sent < input.count) setTimeout(tick, 2);
  };
  tick();
});

await finished;
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuStart);
latencies.sort((a, b) => a - b);
const at = (share: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
const report: SenderReport = {
  sent,
  ok,
  non2xx,
  errors,
  p50: at(0.5),
  p99: at(0.99),
  wallMs: Math.round(wallMs),
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
agent.destroy();
