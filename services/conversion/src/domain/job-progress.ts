import { ConversionJobState } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";

const jobId = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidJobId(value: string): boolean {
  return jobId.test(value);
}

/** A watcher stops after the event that ends the job. */
export function isFinalState(state: ConversionJobState): boolean {
  return state === ConversionJobState.COMPLETED || state === ConversionJobState.FAILED;
}
