import { type Connection, connectMongo, type Logger, type RunningGrpcServer, startGrpcServer } from "@turnleaf/kit";
import type { TestStores } from "../setup/stores.global.js";

/**
 * Services in the test's own process on the run's real stores: a database per service (named
 * `turnleaf-<name>-<label>`, dropped at the end) and gRPC servers on free loopback ports.
 */
export function inProcessParts(stores: TestStores, label: string, log: Logger) {
  const databases: Connection[] = [];
  const servers: RunningGrpcServer[] = [];
  return {
    async database(name: string): Promise<Connection> {
      const mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-${name}-${label}`, log });
      databases.push(mongo);
      return mongo;
    },
    /** Starts and marks serving a gRPC server with these services; answers its address. */
    async serve(services: Parameters<typeof startGrpcServer>[0]["services"]): Promise<string> {
      const server = await startGrpcServer({ host: "127.0.0.1", port: 0, services, log });
      server.setServing(true);
      servers.push(server);
      return `127.0.0.1:${server.port}`;
    },
    async stopServers(): Promise<void> {
      for (const server of servers) await server.stop(1_000);
    },
    async dropDatabases(): Promise<void> {
      for (const mongo of databases) {
        await mongo.dropDatabase();
        await mongo.close();
      }
    },
  };
}
