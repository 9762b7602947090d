import { fromBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { jetstreamManager } from "@nats-io/jetstream";
import {
  type ConversionJobProgressed,
  ConversionJobProgressedSchema,
  ConversionJobRequestedSchema,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { UploadTaskStateChangedSchema } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { eventTypeHeader, type NatsConnection, publishEvent, streams, subjects } from "@turnleaf/kit";

export type TaskStateEvent = MessageInitShape<typeof UploadTaskStateChangedSchema>;
export type ConversionJob = MessageInitShape<typeof ConversionJobRequestedSchema>;

/** The events the upload service publishes and the one it reads back. */
export class UploadEvents {
  constructor(private readonly nats: NatsConnection) {}

  async taskState(event: TaskStateEvent & { taskId: string }): Promise<void> {
    await publishEvent(this.nats, subjects.uploadTaskState(event.taskId), UploadTaskStateChangedSchema, event);
  }

  /** The job's id is the task's: JetStream drops a republished job (same message id) within its window. */
  async conversionRequested(job: ConversionJob & { jobId: string }): Promise<void> {
    await publishEvent(this.nats, subjects.conversionJobRequested(job.jobId), ConversionJobRequestedSchema, job, {
      messageId: job.jobId,
    });
  }

  /** The last progress event of a conversion job (the subject's last message), if any arrived. */
  async lastConversionProgress(jobId: string): Promise<ConversionJobProgressed | undefined> {
    const manager = await jetstreamManager(this.nats);
    try {
      const message = await manager.streams.getMessage(streams.conversion.name, {
        last_by_subj: subjects.conversionJobProgress(jobId),
      });
      if (!message || message.header.get(eventTypeHeader) !== ConversionJobProgressedSchema.typeName) return undefined;
      return fromBinary(ConversionJobProgressedSchema, message.data);
    } catch (error) {
      const text = String((error as Error).message ?? error);
      if (/no message found|not found/i.test(text)) return undefined;
      throw error;
    }
  }
}
