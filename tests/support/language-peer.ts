import { type Connection, type Logger, startGrpcServer } from "@turnleaf/kit";
import { assembleLanguage, buildServices as buildLanguageServices } from "@turnleaf/language/in-process";

/**
 * The language service in the test's process: the gateway renders every coded message (errors, warnings) from its
 * `messages` catalogues, so a test that reads a server text starts it and passes its address as the `language` peer.
 */
export async function serveLanguage(parts: {
  database: (name: string) => Promise<Connection>;
  serve: (services: ReturnType<typeof buildLanguageServices>) => Promise<string>;
}): Promise<string> {
  return parts.serve(buildLanguageServices(await assembleLanguage(await parts.database("language"))));
}

/** The same, on its own gRPC server, for a test that starts its servers itself; `stop` ends it. */
export async function startLanguageServer(
  mongo: Connection,
  log: Logger,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildLanguageServices(await assembleLanguage(mongo)),
    log,
  });
  server.setServing(true);
  return { address: `127.0.0.1:${server.port}`, stop: () => server.stop(1_000) };
}
