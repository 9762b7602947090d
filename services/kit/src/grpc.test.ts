import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { ConversionJobState } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { ConversionService } from "@turnleaf/contracts/conversion/v1/conversion_service_pb";
import { LanguageService } from "@turnleaf/contracts/language/v1/language_service_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "./errors.js";
import { createClient } from "./grpc.js";
import { createHealthChecker, type RunningGrpcServer, serve, startGrpcServer } from "./grpc-server.js";
import { createLogger } from "./logger.js";

const log = createLogger({ service: "kit-test", level: "silent" });

// Test handlers written against real descriptors: they exercise the adapter, not the services.
const languageImplementation = {
  async listInterfaceLanguages() {
    return { languages: [{ code: "zh-CN", nativeName: "中文", englishName: "Chinese", isDefault: true }] };
  },
};

const conversionImplementation = {
  async *watchJob(request: { jobId: string }) {
    if (request.jobId === "missing")
      throw new DomainError("NOT_FOUND", "job not found", { details: { jobId: "missing" } });
    for (let done = 1; done <= 3; done++) {
      yield {
        progress: {
          jobId: request.jobId,
          state: done === 3 ? ConversionJobState.COMPLETED : ConversionJobState.CONVERTING,
          pages: { done: BigInt(done), total: 3n },
        },
      };
    }
    if (request.jobId === "fails-late") throw new DomainError("INTERNAL", "renderer crashed");
  },
};

let server: RunningGrpcServer;
let address: string;

beforeAll(async () => {
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: [serve(LanguageService, languageImplementation), serve(ConversionService, conversionImplementation)],
    log,
  });
  address = `127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.stop(1_000);
});

describe("grpc adapter", () => {
  it("calls a unary RPC with typed request and response", async () => {
    const client = createClient(LanguageService, address, { peer: "language" });
    const response = await client.listInterfaceLanguages({});
    expect(response.languages).toHaveLength(1);
    expect(response.languages[0]?.nativeName).toBe("中文");
    client.close();
  });

  it("streams a server-streaming RPC as an async iterable", async () => {
    const client = createClient(ConversionService, address, { peer: "conversion" });
    const seen: bigint[] = [];
    for await (const message of client.watchJob({ jobId: "job-1" })) seen.push(message.progress?.pages?.done ?? -1n);
    expect(seen).toEqual([1n, 2n, 3n]);
    client.close();
  });

  it("delivers a handler's domain error to the client with kind and details", async () => {
    const client = createClient(ConversionService, address, { peer: "conversion" });
    const consume = async () => {
      for await (const _ of client.watchJob({ jobId: "missing" })) {
        // the handler fails before its first message
      }
    };
    await expect(consume()).rejects.toMatchObject({
      kind: "NOT_FOUND",
      message: "job not found",
      details: { jobId: "missing" },
    });
    client.close();
  });

  it("delivers messages sent before a stream fails, then the failure", async () => {
    const client = createClient(ConversionService, address, { peer: "conversion" });
    const seen: bigint[] = [];
    const consume = async () => {
      for await (const message of client.watchJob({ jobId: "fails-late" }))
        seen.push(message.progress?.pages?.done ?? -1n);
    };
    await expect(consume()).rejects.toBeInstanceOf(DomainError);
    expect(seen).toEqual([1n, 2n, 3n]);
    client.close();
  });

  it("answers health for the server and each service", async () => {
    const health = createHealthChecker(address);
    expect(await health.check("")).toBe("NOT_SERVING");
    server.setServing(true);
    expect(await health.check("")).toBe("SERVING");
    expect(await health.check("turnleaf.language.v1.LanguageService")).toBe("SERVING");
    expect(await health.check("turnleaf.nope.v1.Nothing")).toBe("SERVICE_UNKNOWN");
    health.close();
  });

  it("reports an unreachable peer instead of hanging", async () => {
    const health = createHealthChecker("127.0.0.1:1");
    expect(await health.check("", 500)).toBe("UNREACHABLE");
    health.close();
  });

  it("answers server reflection with our services and their descriptors", async () => {
    const reflectionProto = fileURLToPath(
      new URL(
        "../../../node_modules/@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto",
        import.meta.url,
      ),
    );
    const definition = protoLoader.loadSync(reflectionProto, { keepCase: true });
    const Reflection = grpc.makeClientConstructor(
      definition["grpc.reflection.v1.ServerReflection"] as grpc.ServiceDefinition,
      "ServerReflection",
    );
    const client = new Reflection(address, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
      ServerReflectionInfo(): grpc.ClientDuplexStream<Record<string, unknown>, Record<string, unknown>>;
    };
    const ask = (request: Record<string, unknown>) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const call = client.ServerReflectionInfo();
        call.on("data", (response) => {
          resolve(response);
          call.end();
        });
        call.on("error", reject);
        call.write(request);
      });

    const listed = (await ask({ list_services: "*" })) as { list_services_response: { service: { name: string }[] } };
    const names = listed.list_services_response.service.map((service) => service.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "turnleaf.language.v1.LanguageService",
        "turnleaf.conversion.v1.ConversionService",
        "grpc.health.v1.Health",
      ]),
    );

    const symbol = (await ask({ file_containing_symbol: "turnleaf.conversion.v1.ConversionService" })) as {
      file_descriptor_response: { file_descriptor_proto: Buffer[] };
    };
    const files = symbol.file_descriptor_response.file_descriptor_proto.map((bytes) => bytes.toString("latin1"));
    expect(files.some((file) => file.includes("turnleaf/conversion/v1/conversion_service.proto"))).toBe(true);
    expect(files.some((file) => file.includes("turnleaf/common/v1/progress.proto"))).toBe(true);
    client.close();
  });
});
