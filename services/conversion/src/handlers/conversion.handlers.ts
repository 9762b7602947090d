import { ConversionJobProgressedSchema } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { ConversionService } from "@turnleaf/contracts/conversion/v1/conversion_service_pb";
import { DomainError } from "@turnleaf/kit/errors";
import { streams, subjects } from "@turnleaf/kit/event-streams";
import type { ServiceImplementation } from "@turnleaf/kit/grpc";
import { message } from "@turnleaf/kit/messages";
import { followEvents, type NatsConnection } from "@turnleaf/kit/nats";
import { isFinalState, isValidJobId } from "../domain/job-progress.js";

export function conversionHandlers(nats: NatsConnection): ServiceImplementation<typeof ConversionService> {
  return {
    async *watchJob(request, context) {
      if (!isValidJobId(request.jobId)) {
        throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "jobId" }), {
          details: { field: "jobId" },
        });
      }
      const subject = subjects.conversionJobProgress(request.jobId);
      const events = followEvents(
        nats,
        streams.conversion.name,
        subject,
        ConversionJobProgressedSchema,
        context.signal,
      );
      for await (const progress of events) {
        yield { progress };
        if (isFinalState(progress.state)) return;
      }
    },
  };
}
