/**
 * The beacon side of `npm run bench:statistics`: the sender process (statistics-sender.ts, under `nice`) and the
 * count of what the gateway published on NATS, read back from the INSIGHT stream (every message of the book's
 * subject from a sequence on, decoded, its events added up).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fromBinary } from "@bufbuild/protobuf";
import { DeliverPolicy, jetstream } from "@nats-io/jetstream";
import { ReadingEventsBatchSchema, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { eventTypeHeader, type NatsConnection } from "@turnleaf/kit";
import type { SenderReport } from "./statistics-sender.js";

const senderPath = fileURLToPath(new URL("./statistics-sender.ts", import.meta.url));
/** The sender's niceness: it competes for the same cores as the system it measures, so it yields to it. */
export const senderNice = Number(process.env.BENCH_SENDER_NICE ?? 10);

export function sendBeacons(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  rate: number;
  count: number;
  connections: number;
}): Promise<SenderReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "nice",
      ["-n", String(senderNice), process.execPath, "--import", "tsx", senderPath, JSON.stringify(input)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`beacon sender exited with ${code}`));
      resolve(JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as SenderReport);
    });
  });
}

/** The messages on `subject` from `firstSeq` to `lastSeq` of the INSIGHT stream, the beacons and events they carry. */
export async function publishedEvents(nats: NatsConnection, subject: string, firstSeq: number, lastSeq: number) {
  const total = { messages: 0, beacons: 0, events: 0 };
  if (lastSeq < firstSeq) return total;
  const consumer = await jetstream(nats).consumers.get("INSIGHT", {
    filter_subjects: [subject],
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: firstSeq,
  });
  for (;;) {
    const messages = await consumer.fetch({ max_messages: 1000, expires: 2_000 });
    let seen = 0;
    let last = 0;
    for await (const message of messages) {
      seen += 1;
      last = message.seq;
      const type = message.headers?.get(eventTypeHeader);
      const beacons =
        type === ReadingEventsBatchSchema.typeName
          ? fromBinary(ReadingEventsBatchSchema, message.data).beacons
          : type === ReadingEventsSchema.typeName
            ? [fromBinary(ReadingEventsSchema, message.data)]
            : [];
      total.messages += 1;
      total.beacons += beacons.length;
      total.events += beacons.reduce((sum, beacon) => sum + beacon.events.length, 0);
    }
    if (seen === 0 || last >= lastSeq) break;
  }
  await consumer.delete().catch(() => undefined);
  return total;
}
