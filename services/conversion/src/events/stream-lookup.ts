/** Reads of single messages of the conversion stream: the last message of a subject, whether one exists. */
import { fromBinary } from "@bufbuild/protobuf";
import { jetstreamManager } from "@nats-io/jetstream";
import {
  type ConversionJobProgressed,
  ConversionJobProgressedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { eventTypeHeader, type NatsConnection } from "@turnleaf/kit/nats";

async function lastMessage(nats: NatsConnection, stream: string, subject: string) {
  const manager = await jetstreamManager(nats);
  try {
    return (await manager.streams.getMessage(stream, { last_by_subj: subject })) ?? undefined;
  } catch (error) {
    const text = String((error as Error).message ?? error);
    if (/no message found|not found/i.test(text)) return undefined;
    throw error;
  }
}

export async function subjectHasMessage(nats: NatsConnection, stream: string, subject: string): Promise<boolean> {
  return (await lastMessage(nats, stream, subject)) !== undefined;
}

/** The last progress event of a job, if any. */
export async function lastProgress(
  nats: NatsConnection,
  stream: string,
  subject: string,
): Promise<ConversionJobProgressed | undefined> {
  const message = await lastMessage(nats, stream, subject);
  if (!message || message.header?.get(eventTypeHeader) !== ConversionJobProgressedSchema.typeName) return undefined;
  return fromBinary(ConversionJobProgressedSchema, message.data);
}

export function isFinished(progress: ConversionJobProgressed | undefined): boolean {
  return progress?.state === ConversionJobState.COMPLETED || progress?.state === ConversionJobState.FAILED;
}
