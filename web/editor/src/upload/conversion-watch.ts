import { ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { UploadProgressService, WatchPhase } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { type ApiError, currentRequestLanguage, networkFailure, settle } from "../api.js";
import { type RetryPolicy, reconnectPolicy, waitToRetry } from "../retry.js";

/**
 * The metadata key of the gateway's refusals (services/gateway/src/routes/upload-progress.routes.ts): the REST
 * envelope code of a refusal the route worded. An error without it never reached the route.
 */
const refusalCodeHeader = "turnleaf-code";

/** The route's refusal (signed out, no such task …) as the ApiError a REST path answers; undefined for anything else. */
function refusalOf(error: unknown): ApiError | undefined {
  const connectError = ConnectError.from(error);
  const code = connectError.metadata.get(refusalCodeHeader);
  if (!code) return undefined;
  const outcome = settle({ code, msg: connectError.rawMessage, data: null });
  return outcome.ok ? undefined : outcome.error;
}

/** A pages count that never goes back: a watch replayed from its start sends again the counts already shown. */
export function forwardOnly(onPages: (done: number, total: number) => void): (done: number, total: number) => void {
  let shown = -1;
  return (done, total) => {
    if (done < shown) return;
    shown = done;
    onPages(done, total);
  };
}

/**
 * The conversion's pages from the Connect stream WatchUpload until the book is ready (true) or failed (false, with
 * the server's reason, in the interface language). The server replays a task's events from its start to every
 * watcher, so a stream that breaks (a gateway restarting, a dropped connection) is watched again while the
 * conversion goes on: the screen ends where the server ends, never on a broken stream's error. Replayed pages
 * never move the count back. A refusal of the route is thrown as its REST twin (LOGIN_SIGNOUT goes to the login
 * page); `retry.attempts` broken streams in a row throw the network error of spec 000 §8.
 */
export async function watchConversion(
  taskId: string,
  onPages: (done: number, total: number) => void,
  retry: RetryPolicy = reconnectPolicy,
): Promise<{ ready: boolean; message: string }> {
  const transport = createConnectTransport({
    baseUrl: window.location.origin,
    interceptors: [
      (next) => (request) => {
        request.header.set("accept-language", currentRequestLanguage());
        return next(request);
      },
    ],
  });
  const client = createClient(UploadProgressService, transport);
  const showPages = forwardOnly(onPages);
  let broken = 0;
  for (;;) {
    try {
      for await (const update of client.watchUpload({ taskId })) {
        broken = 0;
        if (update.pages) showPages(Number(update.pages.done), Number(update.pages.total));
        if (update.phase === WatchPhase.READY) return { ready: true, message: "" };
        if (update.phase === WatchPhase.FAILED) return { ready: false, message: update.message };
      }
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) throw refusal;
    }
    // The stream broke, or ended without an outcome (a gateway shutting down): watch again.
    broken++;
    if (broken > retry.attempts) throw networkFailure();
    await waitToRetry(retry, broken);
  }
}
