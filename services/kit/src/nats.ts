import {
  create,
  type DescMessage,
  fromBinary,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
  type PubAck,
  RetentionPolicy,
  type StreamConfig,
} from "@nats-io/jetstream";
import { connect, headers, type MsgHdrs, type NatsConnection, nanos } from "@nats-io/transport-node";
import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import type { Logger } from "./logger.js";

export type { JsMsg } from "@nats-io/jetstream";
export type { NatsConnection } from "@nats-io/transport-node";

/** Header naming the protobuf message type of an event payload. */
export const eventTypeHeader = "Turnleaf-Type";
/** Header a dead-lettered message carries with the reason its last delivery failed. */
export const deadLetterReasonHeader = "Turnleaf-Dead-Letter-Reason";

export async function connectNats(options: { url: string; name: string; log: Logger }): Promise<NatsConnection> {
  const connection = await connect({
    servers: options.url,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === "disconnect" || status.type === "reconnect")
        options.log.warn({ status: status.type }, "nats connection");
    }
  })();
  options.log.info({ server: connection.getServer() }, "nats connected");
  return connection;
}

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** Messages older than this are removed; consumers keep their own acknowledged position. */
  maxAgeMs: number;
}

/** Creates or updates each stream so its subjects match the spec. */
export async function ensureStreams(connection: NatsConnection, specs: StreamSpec[]): Promise<void> {
  const manager = await jetstreamManager(connection);
  for (const spec of specs) {
    const config: Partial<StreamConfig> & { name: string } = {
      name: spec.name,
      subjects: spec.subjects,
      retention: RetentionPolicy.Limits,
      max_age: nanos(spec.maxAgeMs),
    };
    try {
      await manager.streams.info(spec.name);
      await manager.streams.update(spec.name, config);
    } catch (error) {
      if ((error as { name?: string }).name !== "StreamNotFoundError") throw error;
      await manager.streams.add(config);
    }
  }
}

const tracer = trace.getTracer("@turnleaf/kit/nats");

/** The messaging attributes of OpenTelemetry's semantic conventions for a NATS message. */
function messagingAttributes(subject: string, typeName: string, operation: "send" | "process") {
  return {
    "messaging.system": "nats",
    "messaging.destination.name": subject,
    "messaging.operation.type": operation,
    "turnleaf.event.type": typeName,
  };
}

/** Ends a span with the outcome of `work`, recording a failure's exception. */
async function endWith<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** The event's type header and the trace context of `sending` (the PRODUCER span), W3C `traceparent`. */
function traceHeaders(typeName: string, sending: Context): MsgHdrs {
  const messageHeaders = headers();
  messageHeaders.set(eventTypeHeader, typeName);
  propagation.inject(sending, messageHeaders, { set: (carrier, key, value) => carrier.set(key, value) });
  return messageHeaders;
}

/** A PRODUCER span `send <type>`, child of the caller's active span, for one published message. */
function sendSpan(subject: string, typeName: string): { span: Span; sending: Context } {
  const span = tracer.startSpan(`send ${typeName}`, {
    kind: SpanKind.PRODUCER,
    attributes: messagingAttributes(subject, typeName, "send"),
  });
  return { span, sending: trace.setSpan(context.active(), span) };
}

/**
 * Runs a consumer's handler for one message inside a CONSUMER span `process <type>` whose parent is the span that
 * published it (the trace context in the message's headers), so one user's request is one trace across NATS.
 * A message without trace headers starts a trace of its own.
 */
export function withMessageTrace<T>(message: JsMsg, consumer: string, handle: () => Promise<T>): Promise<T> {
  const typeName = message.headers?.get(eventTypeHeader) || "unknown";
  const parent = propagation.extract(ROOT_CONTEXT, message.headers, {
    get: (carrier, key) => carrier?.get(key) || undefined,
    keys: (carrier) => (carrier ? [...carrier.keys()] : []),
  });
  const span = tracer.startSpan(
    `process ${typeName}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...messagingAttributes(message.subject, typeName, "process"),
        "messaging.consumer.group.name": consumer,
        "messaging.message.delivery_count": message.info.deliveryCount,
      },
    },
    parent,
  );
  return endWith(span, () => context.with(trace.setSpan(parent, span), handle));
}

/** Publishes a protobuf event with its type and the trace context of a PRODUCER span in headers. */
export async function publishEvent<Schema extends DescMessage>(
  connection: NatsConnection,
  subject: string,
  schema: Schema,
  event: MessageInitShape<Schema>,
  options: { messageId?: string } = {},
): Promise<PubAck> {
  const { span, sending } = sendSpan(subject, schema.typeName);
  return endWith(span, () =>
    jetstream(connection).publish(subject, toBinary(schema, create(schema, event)), {
      headers: traceHeaders(schema.typeName, sending),
      ...(options.messageId ? { msgID: options.messageId } : {}),
    }),
  );
}

/**
 * Publishes a protobuf event without waiting for JetStream's acknowledgement (a stream whose subjects match still
 * stores it): for high-volume, loss-tolerant events such as readers' statistics beacons, where a round trip per
 * event would cost more than the event is worth. Nothing is published while the connection is down.
 */
export function emitEvent<Schema extends DescMessage>(
  connection: NatsConnection,
  subject: string,
  schema: Schema,
  event: MessageInitShape<Schema>,
): void {
  const { span, sending } = sendSpan(subject, schema.typeName);
  try {
    connection.publish(subject, toBinary(schema, create(schema, event)), {
      headers: traceHeaders(schema.typeName, sending),
    });
  } finally {
    span.end();
  }
}

/** Decodes an event; a payload of another type is a poison message, never silently misread. */
export function decodeEvent<Schema extends DescMessage>(schema: Schema, message: JsMsg): MessageShape<Schema> {
  const sentType = message.headers?.get(eventTypeHeader);
  if (sentType !== schema.typeName) {
    throw new Error(`expected ${schema.typeName} on ${message.subject}, got ${sentType || "no type header"}`);
  }
  return fromBinary(schema, message.data);
}

export interface ConsumerSpec<Schema extends DescMessage> {
  stream: string;
  durable: string;
  filterSubjects: string[];
  schema: Schema;
  /** Deliveries before a failing message goes to the dead-letter subject. */
  maxDeliver: number;
  ackWaitMs: number;
  /** Delay before a failed message is delivered again. */
  retryDelayMs: number;
  deadLetterSubject: string;
  handle(event: MessageShape<Schema>, message: JsMsg): Promise<void>;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

export interface DurableConsumerSettings {
  stream: string;
  durable: string;
  filterSubjects: string[];
  maxDeliver: number;
  ackWaitMs: number;
  /** Messages delivered and not yet acknowledged at once (-1: no limit; unset: JetStream's default). */
  maxAckPending?: number;
}

/**
 * Creates a durable pull consumer with explicit acks from the start of its stream, or brings the existing one to
 * these settings (a new release may change its subjects, deliveries or ack wait).
 */
export async function ensureDurableConsumer(manager: JetStreamManager, settings: DurableConsumerSettings) {
  const config = {
    durable_name: settings.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subjects: settings.filterSubjects,
    max_deliver: settings.maxDeliver,
    ack_wait: nanos(settings.ackWaitMs),
    ...(settings.maxAckPending === undefined ? {} : { max_ack_pending: settings.maxAckPending }),
  };
  try {
    await manager.consumers.info(settings.stream, settings.durable);
    await manager.consumers.update(settings.stream, settings.durable, config);
  } catch (error) {
    if ((error as { name?: string }).name !== "ConsumerNotFoundError") throw error;
    await manager.consumers.add(settings.stream, config);
  }
}

/**
 * Runs a durable pull consumer with explicit acks: success acks, failure is redelivered after a delay,
 * and after maxDeliver attempts (or at once for an undecodable payload) the message is copied to the
 * dead-letter subject and terminated. Handlers must be idempotent: a redelivery repeats the event.
 */
export async function runConsumer<Schema extends DescMessage>(
  connection: NatsConnection,
  spec: ConsumerSpec<Schema>,
  log: Logger,
): Promise<RunningConsumer> {
  await ensureDurableConsumer(await jetstreamManager(connection), spec);
  const consumer = await jetstream(connection).consumers.get(spec.stream, spec.durable);
  const messages = await consumer.consume({ max_messages: 1 });
  const consumerLog = log.child({ consumer: spec.durable });

  const deadLetter = async (message: JsMsg, reason: string) => {
    const copy = headers();
    for (const [key, values] of message.headers ?? []) for (const value of values) copy.append(key, value);
    copy.set(deadLetterReasonHeader, reason.slice(0, 512));
    await jetstream(connection).publish(spec.deadLetterSubject, message.data, { headers: copy });
    message.term(reason);
    consumerLog.error({ subject: message.subject, reason }, "message dead-lettered");
  };

  const loop = (async () => {
    for await (const message of messages) {
      let event: MessageShape<Schema>;
      try {
        event = decodeEvent(spec.schema, message);
      } catch (error) {
        await deadLetter(message, (error as Error).message);
        continue;
      }
      try {
        await withMessageTrace(message, spec.durable, () => spec.handle(event, message));
        message.ack();
      } catch (error) {
        if (message.info.deliveryCount >= spec.maxDeliver) {
          await deadLetter(message, (error as Error).message ?? String(error));
        } else {
          consumerLog.warn(
            { err: error, subject: message.subject, delivery: message.info.deliveryCount },
            "handler failed, retrying",
          );
          message.nak(spec.retryDelayMs);
        }
      }
    }
  })();

  return {
    stop: async () => {
      await messages.close();
      await loop;
    },
  };
}

/**
 * Follows every message on one subject from the start of the stream (an ordered, ephemeral consumer):
 * used to replay and then tail progress events for a watcher.
 */
export async function* followSubject(
  connection: NatsConnection,
  stream: string,
  subject: string,
  signal: AbortSignal,
): AsyncGenerator<JsMsg> {
  const consumer = await jetstream(connection).consumers.get(stream, {
    filter_subjects: [subject],
    deliver_policy: DeliverPolicy.All,
  });
  const messages = await consumer.consume();
  const close = () => void messages.close();
  signal.addEventListener("abort", close, { once: true });
  try {
    for await (const message of messages) yield message;
  } finally {
    signal.removeEventListener("abort", close);
    await messages.close();
  }
}

/** followSubject's messages decoded as the subject's event (a message of another type throws, as decodeEvent). */
export async function* followEvents<Schema extends DescMessage>(
  connection: NatsConnection,
  stream: string,
  subject: string,
  schema: Schema,
  signal: AbortSignal,
): AsyncGenerator<MessageShape<Schema>> {
  for await (const message of followSubject(connection, stream, subject, signal)) yield decodeEvent(schema, message);
}
