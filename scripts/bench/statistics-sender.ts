/**
 * The beacon sender of `npm run bench:statistics`, run as a process of its own (started under `nice` by the bench,
 * so it does not share an event loop with the reader's load and yields the CPU to the system it measures). It sends
 * exactly `count` POSTs at `rate` per second, spaced evenly (readers' beacons arrive one by one, not in bursts at each
 * second), on up to `connections` keep-alive connections (one request at a time on each), waits for every answer and prints one JSON line: how many
 * were sent, answered 2xx, answered otherwise or failed, their latency and the CPU this process used.
 * Input: one JSON argument {url, body, headers, rate, count, connections}.
 */
import { connect, type Socket } from "node:net";

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
const target = new URL(input.url);
// One request, built once and written as it is (like autocannon): node's HTTP client cost this process several
// times the CPU the gateway spent on the same requests.
const body = Buffer.from(input.body);
const request = Buffer.concat([
  Buffer.from(
    `POST ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n` +
      Object.entries(input.headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      `content-length: ${body.length}\r\n\r\n`,
  ),
  body,
]);

const latencies: number[] = [];
let sent = 0;
let ok = 0;
let non2xx = 0;
let errors = 0;
let answered = 0;
let opened = 0;
const cpuStart = process.cpuUsage();
const started = performance.now();

/** A keep-alive connection carrying one request at a time; answers are read as status line, headers, body. */
interface Connection {
  socket: Socket;
  sentAt: number;
  buffered: Buffer;
  busy: boolean;
}
const idle: Connection[] = [];
let waiting = 0;

const finished = new Promise<void>((resolve) => {
  const settle = () => {
    answered += 1;
    if (answered === input.count) resolve();
  };
  const release = (connection: Connection) => {
    if (waiting > 0) {
      waiting -= 1;
      write(connection);
    } else idle.push(connection);
  };
  const write = (connection: Connection) => {
    connection.sentAt = performance.now();
    connection.busy = true;
    connection.socket.write(request);
  };
  const open = () => {
    opened += 1;
    const connection: Connection = {
      socket: connect(Number(target.port), target.hostname),
      sentAt: 0,
      buffered: Buffer.alloc(0),
      busy: true,
    };
    connection.socket.setNoDelay(true);
    connection.socket.on("data", (chunk: Buffer) => {
      connection.buffered = connection.buffered.length ? Buffer.concat([connection.buffered, chunk]) : chunk;
      const end = connection.buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = connection.buffered.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (connection.buffered.length < end + 4 + length) return;
      connection.buffered = connection.buffered.subarray(end + 4 + length);
      const status = Number(head.slice(9, 12));
      latencies.push(performance.now() - connection.sentAt);
      if (status >= 200 && status < 300) ok += 1;
      else non2xx += 1;
      connection.busy = false;
      settle();
      release(connection);
    });
    connection.socket.on("error", () => undefined);
    connection.socket.on("close", () => {
      opened -= 1;
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      if (connection.busy) {
        errors += 1;
        settle();
      }
      if (waiting > 0) {
        waiting -= 1;
        open();
      }
    });
    write(connection);
  };
  const send = () => {
    sent += 1;
    const connection = idle.pop();
    if (connection) write(connection);
    else if (opened < input.connections) open();
    else waiting += 1;
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
for (const connection of idle) connection.socket.destroy();
