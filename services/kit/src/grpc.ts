import { once } from "node:events";
import {
  create,
  type DescMessage,
  type DescMethod,
  type DescService,
  fromBinary,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { DomainError, fromGrpcError, toGrpcError } from "./errors.js";
import type { Logger } from "./logger.js";
import { message } from "./messages.js";
import { rpcServerDuration } from "./metrics.js";

/** What a handler knows about the call besides its request. */
export interface CallContext {
  metadata: grpc.Metadata;
  /** Aborted when the client cancels or its deadline passes. */
  signal: AbortSignal;
  log: Logger;
}

type UnaryMethod<I extends DescMessage, O extends DescMessage> = { methodKind: "unary"; input: I; output: O };
type ServerStreamingMethod<I extends DescMessage, O extends DescMessage> = {
  methodKind: "server_streaming";
  input: I;
  output: O;
};

/** Typed handlers for a protobuf-es service: async functions for unary RPCs, async generators for server streams. */
export type ServiceImplementation<S extends DescService> = {
  [K in keyof S["method"]]: S["method"][K] extends UnaryMethod<infer I, infer O>
    ? (request: MessageShape<I>, context: CallContext) => Promise<MessageInitShape<O>>
    : S["method"][K] extends ServerStreamingMethod<infer I, infer O>
      ? (request: MessageShape<I>, context: CallContext) => AsyncIterable<MessageInitShape<O>>
      : never;
};

export interface CallOptions {
  /** Milliseconds until the call fails with DEADLINE_EXCEEDED; unary calls default to the client's default. */
  deadlineMs?: number;
  signal?: AbortSignal;
  metadata?: Record<string, string>;
}

/** Typed client methods: promises for unary RPCs, async iterables for server streams. */
export type ServiceClient<S extends DescService> = {
  [K in keyof S["method"]]: S["method"][K] extends UnaryMethod<infer I, infer O>
    ? (request: MessageInitShape<I>, options?: CallOptions) => Promise<MessageShape<O>>
    : S["method"][K] extends ServerStreamingMethod<infer I, infer O>
      ? (request: MessageInitShape<I>, options?: CallOptions) => AsyncIterable<MessageShape<O>>
      : never;
};

/** Derives the grpc-js service definition from a protobuf-es descriptor; messages travel as protobuf binary. */
export function toGrpcServiceDefinition(service: DescService): grpc.ServiceDefinition {
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const method of service.methods) {
    definition[method.localName] = {
      path: `/${service.typeName}/${method.name}`,
      originalName: method.localName,
      requestStream: method.methodKind === "client_streaming" || method.methodKind === "bidi_streaming",
      responseStream: method.methodKind === "server_streaming" || method.methodKind === "bidi_streaming",
      requestSerialize: (message: unknown) => Buffer.from(toBinary(method.input, message as MessageShape<DescMessage>)),
      requestDeserialize: (bytes: Buffer) => fromBinary(method.input, bytes),
      responseSerialize: (message: unknown) =>
        Buffer.from(toBinary(method.output, message as MessageShape<DescMessage>)),
      responseDeserialize: (bytes: Buffer) => fromBinary(method.output, bytes),
    };
  }
  return definition;
}

type AnyUnaryHandler = (request: unknown, context: CallContext) => Promise<MessageInitShape<DescMessage>>;
type AnyStreamHandler = (request: unknown, context: CallContext) => AsyncIterable<MessageInitShape<DescMessage>>;

function callContext(
  call: grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>,
  log: Logger,
): CallContext {
  const controller = new AbortController();
  call.once("cancelled", () => controller.abort(new DomainError("DEADLINE_EXCEEDED", message("requestCancelled"))));
  return { metadata: call.metadata, signal: controller.signal, log };
}

function logFailure(log: Logger, method: DescMethod, error: unknown): void {
  if (error instanceof DomainError && error.kind !== "INTERNAL") {
    log.debug({ rpc: method.name, kind: error.kind, msg: error.message }, "rpc answered with a domain error");
  } else {
    log.error({ rpc: method.name, err: error }, "rpc failed");
  }
}

/** Wraps typed handlers into grpc-js handlers that map errors through the one error table. */
export function toGrpcHandlers<S extends DescService>(
  service: S,
  implementation: ServiceImplementation<S>,
  log: Logger,
): grpc.UntypedServiceImplementation {
  const handlers: grpc.UntypedServiceImplementation = {};
  const handlerByName = implementation as unknown as Record<string, AnyUnaryHandler | AnyStreamHandler>;
  for (const method of service.methods) {
    const handler = handlerByName[method.localName];
    if (!handler) throw new Error(`${service.typeName}: no handler for ${method.name}`);
    const methodLog = log.child({ rpc: `${service.name}.${method.name}` });
    if (method.methodKind === "unary") {
      handlers[method.localName] = (
        call: grpc.ServerUnaryCall<unknown, unknown>,
        callback: grpc.sendUnaryData<unknown>,
      ) => {
        const observe = rpcServerDuration.startTimer({ rpc_service: service.name, rpc_method: method.name });
        (handler as AnyUnaryHandler)(call.request, callContext(call, methodLog))
          .then((response) => {
            observe({ code: grpc.status[grpc.status.OK] });
            callback(null, create(method.output, response));
          })
          .catch((error: unknown) => {
            logFailure(methodLog, method, error);
            const failure = toGrpcError(error);
            observe({ code: grpc.status[failure.code ?? grpc.status.UNKNOWN] });
            callback(failure);
          });
      };
    } else if (method.methodKind === "server_streaming") {
      handlers[method.localName] = (call: grpc.ServerWritableStream<unknown, unknown>) => {
        const context = callContext(call, methodLog);
        const observe = rpcServerDuration.startTimer({ rpc_service: service.name, rpc_method: method.name });
        const pump = async () => {
          for await (const response of (handler as AnyStreamHandler)(call.request, context)) {
            if (context.signal.aborted) return observe({ code: grpc.status[grpc.status.CANCELLED] });
            if (!call.write(create(method.output, response))) await once(call, "drain");
          }
          call.end();
          observe({ code: grpc.status[grpc.status.OK] });
        };
        pump().catch((error: unknown) => {
          if (context.signal.aborted) return observe({ code: grpc.status[grpc.status.CANCELLED] });
          logFailure(methodLog, method, error);
          const failure = toGrpcError(error);
          observe({ code: grpc.status[failure.code ?? grpc.status.UNKNOWN] });
          call.emit("error", failure);
        });
      };
    } else {
      throw new Error(`${service.typeName}.${method.name}: ${method.methodKind} RPCs are not supported by the adapter`);
    }
  }
  return handlers;
}

function toMetadata(options: CallOptions | undefined): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(options?.metadata ?? {})) metadata.set(key, value);
  return metadata;
}

function deadlineFrom(deadlineMs: number | undefined): grpc.CallOptions {
  return deadlineMs === undefined ? {} : { deadline: Date.now() + deadlineMs };
}

/**
 * A restarted peer is found again within seconds (grpc-js backs off up to two minutes by default). Clients and
 * health checkers use the same options so they share one subchannel per peer: healthy means reachable.
 */
export const channelOptions: grpc.ChannelOptions = {
  "grpc.initial_reconnect_backoff_ms": 200,
  "grpc.max_reconnect_backoff_ms": 2_000,
  "grpc.keepalive_time_ms": 30_000,
};

export interface ClientOptions {
  /** Name used in error messages when the peer cannot be reached. */
  peer: string;
  /** Deadline for unary calls without one of their own. */
  defaultDeadlineMs?: number;
}

export type TypedClient<S extends DescService> = ServiceClient<S> & { close(): void };

/** A typed client for a protobuf-es service over a grpc-js channel. Errors arrive as DomainError. */
export function createClient<S extends DescService>(
  service: S,
  address: string,
  options: ClientOptions,
): TypedClient<S> {
  const Client = grpc.makeGenericClientConstructor(toGrpcServiceDefinition(service), service.typeName);
  const channel = new Client(address, grpc.credentials.createInsecure(), channelOptions) as unknown as grpc.Client &
    Record<string, (...args: unknown[]) => unknown>;
  const typed: Record<string, unknown> = { close: () => channel.close() };

  for (const method of service.methods) {
    const invoke = channel[method.localName];
    if (!invoke) throw new Error(`${service.typeName}: grpc-js client lacks ${method.localName}`);
    if (method.methodKind === "unary") {
      typed[method.localName] = (request: MessageInitShape<DescMessage>, callOptions?: CallOptions) =>
        new Promise((resolve, reject) => {
          const call = invoke.call(
            channel,
            create(method.input, request),
            toMetadata(callOptions),
            deadlineFrom(callOptions?.deadlineMs ?? options.defaultDeadlineMs),
            (error: grpc.ServiceError | null, response: unknown) =>
              error ? reject(fromGrpcError(error, options.peer)) : resolve(response),
          ) as grpc.ClientUnaryCall;
          callOptions?.signal?.addEventListener("abort", () => call.cancel(), { once: true });
        });
    } else if (method.methodKind === "server_streaming") {
      typed[method.localName] = (request: MessageInitShape<DescMessage>, callOptions?: CallOptions) => ({
        async *[Symbol.asyncIterator]() {
          const call = invoke.call(
            channel,
            create(method.input, request),
            toMetadata(callOptions),
            deadlineFrom(callOptions?.deadlineMs),
          ) as grpc.ClientReadableStream<unknown>;
          const cancel = () => call.cancel();
          callOptions?.signal?.addEventListener("abort", cancel, { once: true });
          try {
            for await (const response of call) yield response;
          } catch (error) {
            throw fromGrpcError(error, options.peer);
          } finally {
            callOptions?.signal?.removeEventListener("abort", cancel);
            call.cancel();
          }
        },
      });
    }
  }
  return typed as TypedClient<S>;
}
