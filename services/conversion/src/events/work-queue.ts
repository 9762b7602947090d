/**
 * A durable pull consumer shared by every conversion replica, with a number of attempts per message and a
 * number of messages handled at once. Each lane asks JetStream for one message at a time (nothing waits in a
 * client buffer while its ack wait runs out). While a handler runs, the message is kept with in-progress acks;
 * a failure is retried with a growing delay (2, 4, 8 … s: a store outage of several seconds is waited out);
 * a failure on the last attempt is dead-lettered.
 *
 * A worker that dies on the last attempt cannot report anything, so the consumer's max_deliver is one more
 * than the attempts: that extra delivery runs no work, it only calls `exhausted`, which records the failure
 * (the job ends `error` with its reason instead of staying `processing`).
 */
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type JsMsg, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { headers } from "@nats-io/transport-node";
import type { Logger } from "@turnleaf/kit/logger";
import {
  deadLetterReasonHeader,
  decodeEvent,
  ensureDurableConsumer,
  type NatsConnection,
  type RunningConsumer,
  withMessageTrace,
} from "@turnleaf/kit/nats";
import { queueDeliveries, trackQueueDepth } from "../metrics.js";

export interface WorkContext {
  message: JsMsg;
  /** 1-based delivery of this message. */
  attempt: number;
  /** This is the last attempt: a failure now is final. */
  last: boolean;
}

export interface WorkQueueSpec<Schema extends DescMessage> {
  stream: string;
  durable: string;
  filterSubjects: string[];
  schema: Schema;
  /** Deliveries that run the work. */
  attempts: number;
  ackWaitMs: number;
  /** Delay before the second attempt; doubled for each one after it, at most 30 s. */
  retryDelayMs: number;
  /** Messages handled at once by this replica. */
  concurrency: number;
  deadLetterSubject: string;
  handle(event: MessageShape<Schema>, context: WorkContext): Promise<void>;
  /** Every attempt was used up without an answer (the workers died): record the failure. */
  exhausted(event: MessageShape<Schema>, context: WorkContext): Promise<void>;
}

export function retryDelay(baseMs: number, attempt: number): number {
  return Math.min(30_000, baseMs * 2 ** Math.max(0, attempt - 1));
}

export async function runWorkQueue<Schema extends DescMessage>(
  connection: NatsConnection,
  spec: WorkQueueSpec<Schema>,
  log: Logger,
): Promise<RunningConsumer> {
  const manager = await jetstreamManager(connection);
  await ensureDurableConsumer(manager, { ...spec, maxDeliver: spec.attempts + 1, maxAckPending: -1 });
  const js = jetstream(connection);
  const consumer = await js.consumers.get(spec.stream, spec.durable);
  trackQueueDepth(spec.durable, async () => (await manager.consumers.info(spec.stream, spec.durable)).num_pending);
  const queueLog = log.child({ consumer: spec.durable });
  let stopped = false;

  const deadLetter = async (message: JsMsg, reason: string) => {
    const copy = headers();
    for (const [key, values] of message.headers ?? []) for (const value of values) copy.append(key, value);
    copy.set(deadLetterReasonHeader, reason.slice(0, 512));
    await js.publish(spec.deadLetterSubject, message.data, { headers: copy });
    message.term(reason);
    queueLog.error({ subject: message.subject, reason }, "message dead-lettered");
  };

  // Each message's work is a CONSUMER span, child of the span that published it (trace context in its headers).
  const work = (message: JsMsg) => withMessageTrace(message, spec.durable, () => workOn(message));
  const workOn = async (message: JsMsg) => {
    let event: MessageShape<Schema>;
    try {
      event = decodeEvent(spec.schema, message);
    } catch (error) {
      await deadLetter(message, (error as Error).message);
      return;
    }
    const attempt = message.info.deliveryCount;
    queueDeliveries.inc({ consumer: spec.durable, redelivered: String(attempt > 1) });
    const context: WorkContext = { message, attempt, last: attempt >= spec.attempts };
    const timer = setInterval(() => message.working(), Math.max(500, Math.floor(spec.ackWaitMs / 3)));
    try {
      if (attempt > spec.attempts) {
        await spec.exhausted(event, context);
        await deadLetter(message, `${spec.attempts} attempts used up without an answer`);
        return;
      }
      await spec.handle(event, context);
      message.ack();
    } catch (error) {
      if (context.last || attempt > spec.attempts) {
        await deadLetter(message, (error as Error).message ?? String(error)).catch((failure) =>
          queueLog.error({ err: failure }, "dead-lettering failed"),
        );
      } else {
        const delay = retryDelay(spec.retryDelayMs, attempt);
        queueLog.warn({ err: error, subject: message.subject, attempt, delay }, "work failed, retrying");
        message.nak(delay);
      }
    } finally {
      clearInterval(timer);
    }
  };

  const lane = async () => {
    while (!stopped) {
      let message: JsMsg | null = null;
      try {
        message = await consumer.next({ expires: 2_000 });
      } catch (error) {
        if (stopped) return;
        queueLog.warn({ err: error }, "pulling work failed");
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      if (message) await work(message);
    }
  };
  const lanes = Promise.all(Array.from({ length: Math.max(1, spec.concurrency) }, lane));

  return {
    stop: async () => {
      stopped = true;
      await lanes;
    },
  };
}
