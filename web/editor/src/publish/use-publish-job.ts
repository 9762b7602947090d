import { useEffect, useRef, useState } from "react";
import { call, type Fields } from "../api.js";
import type { Labels } from "../labels.js";
import type { Job } from "./publish-request.js";

const pollMs = 1000;

/** A package's build: create-package, then get-package every second until it is ready or failed. */
export function usePublishJob(labels: Labels) {
  const [job, setJob] = useState<Job | undefined>();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  // The job is followed until the dialog closes, not until the editor re-renders (a new onClose each render).
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const follow = (jobId: string) => {
    timer.current = window.setTimeout(async () => {
      try {
        const reply = await call<{ job: Job }>("/api/publish/get-package", { jobId });
        setJob(reply.job);
        if (reply.job.state === "queued" || reply.job.state === "building") follow(jobId);
        else setBusy(false);
        if (reply.job.state === "failed") setError(reply.job.error ?? labels.publishFailed);
      } catch (caught) {
        setBusy(false);
        setError((caught as Error).message);
      }
    }, pollMs);
  };

  const build = async (request: Fields) => {
    setError("");
    setJob(undefined);
    setBusy(true);
    try {
      const reply = await call<{ job: Job }>("/api/publish/create-package", request);
      setJob(reply.job);
      follow(reply.job.jobId);
    } catch (caught) {
      setBusy(false);
      setError((caught as Error).message);
    }
  };

  const forget = () => {
    setJob(undefined);
    setError("");
  };

  return { job, error, setError, busy, build, forget };
}
