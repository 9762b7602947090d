import { randomUUID } from "node:crypto";
import { jetstream } from "@nats-io/jetstream";
import {
  ConversionJobProgressedSchema,
  ConversionJobRequestedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  type ConsumerSpec,
  connectNats,
  createLogger,
  deadLetterReasonHeader,
  decodeEvent,
  ensureStreams,
  eventTypeHeader,
  followSubject,
  publishEvent,
  runConsumer,
} from "@turnleaf/kit";
import { afterAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

const log = createLogger({ service: "test", level: "silent" });
const nats = await connectNats({ url: workerStores().natsUrl, name: "test", log });
// A stream of its own per run, so tests never see another run's messages.
const prefix = `t${randomUUID().replace(/-/g, "").slice(0, 10)}`;
const stream = { name: prefix.toUpperCase(), subjects: [`${prefix}.>`], maxAgeMs: 60_000 };
await ensureStreams(nats, [stream]);

afterAll(async () => {
  await nats.drain();
});

/** A consumer of ConversionJobRequested on this run's stream; tests vary only what they name. */
function jobConsumer(
  name: string,
  filterSubjects: string[],
  handle: ConsumerSpec<typeof ConversionJobRequestedSchema>["handle"],
  maxDeliver = 3,
): ConsumerSpec<typeof ConversionJobRequestedSchema> {
  return {
    stream: stream.name,
    durable: `${prefix}-${name}`,
    filterSubjects,
    schema: ConversionJobRequestedSchema,
    maxDeliver,
    ackWaitMs: 5_000,
    retryDelayMs: 50,
    deadLetterSubject: `${prefix}.dead.${name}`,
    handle,
  };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("JetStream helpers against the real NATS server", () => {
  it("creates streams idempotently", async () => {
    await expect(ensureStreams(nats, [stream])).resolves.toBeUndefined();
  });

  it("publishes a protobuf event with its type header and consumes it with an ack", async () => {
    const subject = `${prefix}.job.a1.requested`;
    const ack = await publishEvent(nats, subject, ConversionJobRequestedSchema, {
      jobId: "a1",
      bookId: "b1",
      sources: [{ key: "k1" }],
    });
    expect(ack.stream).toBe(stream.name);

    const handled: string[] = [];
    const consumer = await runConsumer(
      nats,
      jobConsumer("ack", [subject], async (event, message) => {
        expect(message.headers?.get(eventTypeHeader)).toBe("turnleaf.conversion.v1.ConversionJobRequested");
        handled.push(`${event.jobId}:${event.sources.map((source) => source.key).join(",")}`);
      }),
      log,
    );
    await until(() => handled.length === 1);
    await consumer.stop();
    expect(handled).toEqual(["a1:k1"]);

    // Acked: a consumer started again under the same durable name gets nothing new.
    const again: string[] = [];
    const restarted = await runConsumer(
      nats,
      jobConsumer("ack", [subject], async (event) => {
        again.push(event.jobId);
      }),
      log,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await restarted.stop();
    expect(again).toEqual([]);
  });

  it("redelivers a message whose handler failed, and dead-letters one that keeps failing", async () => {
    const flaky = `${prefix}.job.flaky.requested`;
    const broken = `${prefix}.job.broken.requested`;
    await publishEvent(nats, flaky, ConversionJobRequestedSchema, { jobId: "flaky" });
    await publishEvent(nats, broken, ConversionJobRequestedSchema, { jobId: "broken" });

    const deliveries = new Map<string, number>();
    const consumer = await runConsumer(
      nats,
      jobConsumer("retry", [flaky, broken], async (event, message) => {
        deliveries.set(event.jobId, message.info.deliveryCount);
        if (event.jobId === "broken" || message.info.deliveryCount < 2)
          throw new Error(`render of ${event.jobId} failed`);
      }),
      log,
    );
    const dead = await jetstream(nats).consumers.get(stream.name, { filter_subjects: [`${prefix}.dead.retry`] });
    const deadMessage = await dead.next({ expires: 10_000 });
    await until(() => deliveries.get("flaky") === 2);
    await consumer.stop();

    expect(deliveries.get("flaky")).toBe(2);
    expect(deliveries.get("broken")).toBe(3);
    expect(deadMessage).not.toBeNull();
    expect(decodeEvent(ConversionJobRequestedSchema, deadMessage as NonNullable<typeof deadMessage>).jobId).toBe(
      "broken",
    );
    expect(deadMessage?.headers?.get(deadLetterReasonHeader)).toBe("render of broken failed");
  });

  it("dead-letters a payload of the wrong type at once instead of misreading it", async () => {
    const subject = `${prefix}.job.poison.requested`;
    await publishEvent(nats, subject, ConversionJobProgressedSchema, { jobId: "poison" });
    const handled: string[] = [];
    const consumer = await runConsumer(
      nats,
      jobConsumer(
        "poison",
        [subject],
        async (event) => {
          handled.push(event.jobId);
        },
        5,
      ),
      log,
    );
    const dead = await jetstream(nats).consumers.get(stream.name, { filter_subjects: [`${prefix}.dead.poison`] });
    const deadMessage = await dead.next({ expires: 10_000 });
    await consumer.stop();
    expect(handled).toEqual([]);
    expect(deadMessage?.headers?.get(deadLetterReasonHeader)).toMatch(
      /expected turnleaf.conversion.v1.ConversionJobRequested/,
    );
  });

  it("follows a subject from the start, then live", async () => {
    const subject = `${prefix}.job.w1.progress`;
    await publishEvent(nats, subject, ConversionJobProgressedSchema, {
      jobId: "w1",
      state: ConversionJobState.CONVERTING,
    });
    const controller = new AbortController();
    const seen: ConversionJobState[] = [];
    const following = (async () => {
      for await (const message of followSubject(nats, stream.name, subject, controller.signal)) {
        const event = decodeEvent(ConversionJobProgressedSchema, message);
        seen.push(event.state);
        if (event.state === ConversionJobState.COMPLETED) return;
      }
    })();
    await until(() => seen.length === 1);
    await publishEvent(nats, subject, ConversionJobProgressedSchema, {
      jobId: "w1",
      state: ConversionJobState.COMPLETED,
    });
    await following;
    controller.abort();
    expect(seen).toEqual([ConversionJobState.CONVERTING, ConversionJobState.COMPLETED]);
  });
});
