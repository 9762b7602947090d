import type { DescMessage } from "@bufbuild/protobuf";
import {
  type ConsumerSpec,
  type Logger,
  type NatsConnection,
  type RunningConsumer,
  runConsumer,
  type StreamSpec,
} from "@turnleaf/kit";

/** One stream's events the book service follows: the durable, the subject and the handler; the rest is policy. */
export interface BookConsumer<Schema extends DescMessage> extends Pick<ConsumerSpec<Schema>, "durable" | "handle"> {
  stream: StreamSpec;
  subject: string;
  schema: Schema;
  /** Delay before a failed event is delivered again (tests shorten it); 2 s unless given. */
  retryDelayMs?: number;
}

/**
 * Follows one stream's events with the book service's delivery policy: a durable pull consumer with explicit acks
 * (./conversion.consumer.ts, ./hosting.consumer.ts), 30 s to acknowledge an event, and after 10 failed deliveries
 * the event goes to the dead-letter subject of the stream it came from (`book.v1.>`: `book.v1.dead.<durable>`).
 */
export function runBookConsumer<Schema extends DescMessage>(
  nats: NatsConnection,
  log: Logger,
  consumer: BookConsumer<Schema>,
): Promise<RunningConsumer> {
  const { stream, subject, durable, retryDelayMs = 2_000, ...rest } = consumer;
  return runConsumer(
    nats,
    {
      ...rest,
      stream: stream.name,
      durable,
      filterSubjects: [subject],
      maxDeliver: 10,
      ackWaitMs: 30_000,
      retryDelayMs,
      deadLetterSubject: deadLetterSubject(stream, durable),
    },
    log,
  );
}

/** Where a consumer's failing events go: the dead-letter subject of their stream (`<domain>.v1.dead.<durable>`). */
export function deadLetterSubject(stream: StreamSpec, durable: string): string {
  const [events] = stream.subjects;
  if (!events?.endsWith(".v1.>")) throw new Error(`stream ${stream.name} has no <domain>.v1.> subject`);
  return `${events.slice(0, -1)}dead.${durable}`;
}
