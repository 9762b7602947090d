import type { DescFile, DescService } from "@bufbuild/protobuf";
import { toBinary } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { ReflectionService } from "@grpc/reflection";
import { HealthImplementation, protoPath as healthProtoPath } from "grpc-health-check";
import { channelOptions, toGrpcHandlers, toGrpcServiceDefinition } from "./grpc.js";
import type { ServiceRegistration } from "./grpc-registration.js";
import type { Logger } from "./logger.js";

export { type GrpcAdapters, type ServiceRegistration, serve } from "./grpc-registration.js";

export interface RunningGrpcServer {
  port: number;
  /** Reports SERVING or NOT_SERVING for the whole server and every registered service. */
  setServing(serving: boolean): void;
  /** Stops accepting calls, lets running calls finish within graceMs, then cancels the rest. */
  stop(graceMs: number): Promise<void>;
}

function filesWithDependencies(file: DescFile, into: Map<string, DescFile>): void {
  for (const dependency of file.dependencies) filesWithDependencies(dependency, into);
  into.set(file.name, file);
}

/** The package definition @grpc/reflection reads: our files from protobuf-es descriptors, plus the health proto. */
function reflectionPackageDefinition(services: DescService[]): protoLoader.PackageDefinition {
  const files = new Map<string, DescFile>();
  for (const service of services) filesWithDependencies(service.file, files);
  const fileDescriptorProtos = [...files.values()].map((file) =>
    Buffer.from(toBinary(FileDescriptorProtoSchema, file.proto)),
  );
  const definition: protoLoader.PackageDefinition = protoLoader.loadSync(healthProtoPath);
  // Reflection reads only the descriptors of an entry (proto-loader 0.8 types a message entry with codecs it never uses).
  for (const service of services) {
    definition[service.typeName] = {
      format: "Protocol Buffer 3 DescriptorProto",
      type: {},
      fileDescriptorProtos,
    } as protoLoader.MessageTypeDefinition<object, object>;
  }
  return definition;
}

export async function startGrpcServer(options: {
  host: string;
  port: number;
  services: ServiceRegistration[];
  log: Logger;
}): Promise<RunningGrpcServer> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 16 * 1024 * 1024 });
  const adapters = { toGrpcServiceDefinition, toGrpcHandlers };
  for (const registration of options.services) registration.register(server, options.log, adapters);

  const serviceNames = options.services.map((registration) => registration.service.typeName);
  const health = new HealthImplementation({ "": "NOT_SERVING" });
  health.addToServer(server);
  new ReflectionService(
    reflectionPackageDefinition(options.services.map((registration) => registration.service)),
  ).addToServer(server);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${options.host}:${options.port}`, grpc.ServerCredentials.createInsecure(), (error, boundPort) =>
      error ? reject(error) : resolve(boundPort),
    ),
  );

  const setServing = (serving: boolean) => {
    const status = serving ? "SERVING" : "NOT_SERVING";
    for (const name of ["", ...serviceNames]) health.setStatus(name, status);
  };
  options.log.info({ port, services: serviceNames }, "grpc server listening");

  return {
    port,
    setServing,
    stop: (graceMs) =>
      new Promise<void>((resolve) => {
        setServing(false);
        const force = setTimeout(() => {
          options.log.warn({ graceMs }, "grace period over, cancelling running calls");
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

type HealthClient = grpc.Client & {
  check(
    request: { service: string },
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response?: { status: string | number }) => void,
  ): void;
};

const HealthClientConstructor = grpc.makeClientConstructor(
  protoLoader.loadSync(healthProtoPath, { enums: String })["grpc.health.v1.Health"] as grpc.ServiceDefinition,
  "grpc.health.v1.Health",
) as unknown as new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options: grpc.ChannelOptions,
) => HealthClient;

export type HealthStatus = "SERVING" | "NOT_SERVING" | "UNKNOWN" | "SERVICE_UNKNOWN" | "UNREACHABLE";

/** A long-lived client of a peer's grpc.health.v1 service, for readiness reports. */
export function createHealthChecker(address: string) {
  const client = new HealthClientConstructor(address, grpc.credentials.createInsecure(), channelOptions);
  return {
    check: (service = "", deadlineMs = 1_000) =>
      new Promise<HealthStatus>((resolve) => {
        client.check({ service }, { deadline: Date.now() + deadlineMs }, (error, response) => {
          if (error) resolve(error.code === grpc.status.NOT_FOUND ? "SERVICE_UNKNOWN" : "UNREACHABLE");
          else resolve(String(response?.status ?? "UNKNOWN") as HealthStatus);
        });
      }),
    close: () => client.close(),
  };
}
