import { randomBytes } from "node:crypto";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";

export type Beacon = MessageInitShape<typeof ReadingEventsSchema>;

export interface BeaconBatcherOptions {
  /**
   * Stores one message holding these beacons of one book; resolves once the stream has it (JetStream's
   * acknowledgement). `messageId` is the same on every attempt of one batch, so a retried publish the stream already
   * holds is dropped as a duplicate (JetStream's duplicate window) instead of counted twice.
   */
  publish(bookId: string, beacons: Beacon[], messageId: string): Promise<void>;
  /** The longest a beacon waits for others of its book (the bound on its answer's delay). */
  flushAfterMs?: number;
  /** A batch this full goes at once. */
  maxBeacons?: number;
  /** Waits between attempts of a publish that failed; one attempt more than there are waits. */
  retryDelaysMs?: number[];
}

interface Pending {
  beacons: Beacon[];
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
  timer: NodeJS.Timeout;
}

/**
 * Readers' beacons on their way to the insight service, gathered per book for up to `flushAfterMs` (or
 * `maxBeacons`) and published as one NATS message: at 1,000 beacons a second, one message per beacon cost the
 * gateway a socket write each (the NATS client's writes were its largest cost) and the NATS server a store,
 * a delivery and an acknowledgement each. `add` resolves when the beacon's batch is in the stream, so a beacon the
 * gateway answered 204 is stored: a gateway killed with a half-full batch leaves its requests unanswered, never
 * answered and lost. A publish that still fails after its retries rejects every beacon of the batch.
 */
export function beaconBatcher(options: BeaconBatcherOptions) {
  const flushAfterMs = options.flushAfterMs ?? 25;
  const maxBeacons = options.maxBeacons ?? 500;
  const retryDelaysMs = options.retryDelaysMs ?? [100, 500];
  const pending = new Map<string, Pending>();
  const inFlight = new Set<Promise<void>>();
  // A message id unique to this process and batch: <process prefix>-<counter>.
  const prefix = randomBytes(6).toString("hex");
  let counter = 0;

  const publishWithRetries = async (bookId: string, beacons: Beacon[], messageId: string) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await options.publish(bookId, beacons, messageId);
      } catch (error) {
        const wait = retryDelaysMs[attempt];
        if (wait === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };

  const flush = (bookId: string) => {
    const batch = pending.get(bookId);
    if (!batch) return;
    pending.delete(bookId);
    clearTimeout(batch.timer);
    counter += 1;
    const sending = publishWithRetries(bookId, batch.beacons, `${prefix}-${counter}`).then(
      () => {
        for (const waiter of batch.waiters) waiter.resolve();
      },
      (error: unknown) => {
        for (const waiter of batch.waiters) waiter.reject(error);
      },
    );
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  };

  return {
    /** Queues one beacon; resolves once it is stored, rejects when its batch could not be. */
    add(beacon: Beacon): Promise<void> {
      const bookId = beacon.bookId ?? "";
      return new Promise<void>((resolve, reject) => {
        let batch = pending.get(bookId);
        if (!batch) {
          batch = { beacons: [], waiters: [], timer: setTimeout(() => flush(bookId), flushAfterMs) };
          pending.set(bookId, batch);
        }
        batch.beacons.push(beacon);
        batch.waiters.push({ resolve, reject });
        if (batch.beacons.length >= maxBeacons) flush(bookId);
      });
    },
    /** Sends what is gathered now and waits for every publish (shutdown). */
    async close(): Promise<void> {
      for (const bookId of [...pending.keys()]) flush(bookId);
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type BeaconBatcher = ReturnType<typeof beaconBatcher>;
