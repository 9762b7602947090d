import { status as GrpcStatus, Metadata, type ServiceError } from "@grpc/grpc-js";
import { describe, expect, it } from "vitest";
import {
  DomainError,
  errorEnvelope,
  errorTable,
  fromGrpcError,
  internalFault,
  notConfigured,
  okEnvelope,
  toGrpcError,
} from "./errors.js";
import { message, ref } from "./messages.js";

function asServiceError(sent: Partial<ServiceError>): ServiceError {
  return Object.assign(new Error(sent.details), {
    code: sent.code ?? GrpcStatus.UNKNOWN,
    details: sent.details ?? "",
    metadata: sent.metadata ?? new Metadata(),
  }) as ServiceError;
}

describe("error table", () => {
  it.each(Object.entries(errorTable))("%s travels over gRPC and back unchanged", (kind, row) => {
    const original = new DomainError(kind as keyof typeof errorTable, `failure of kind ${kind}`, {
      details: { field: "teamId" },
    });
    const sent = toGrpcError(original);
    expect(sent.code).toBe(row.grpc);
    const received = fromGrpcError(asServiceError(sent), "book");
    expect(received.kind).toBe(kind);
    expect(received.restCode).toBe(row.rest);
    expect(received.message).toBe(`failure of kind ${kind}`);
    expect(received.details).toEqual({ field: "teamId" });
  });

  it("keeps a catalogue code that overrides the kind's REST code", () => {
    const sent = toGrpcError(new DomainError("PERMISSION_DENIED", "activation limit reached", { restCode: "404" }));
    expect(fromGrpcError(asServiceError(sent), "licence").restCode).toBe("404");
  });

  it("hides the message of an unexpected error", () => {
    const sent = toGrpcError(new TypeError("cannot read properties of undefined (secret internals)"));
    expect(sent.code).toBe(GrpcStatus.INTERNAL);
    expect(sent.details).toBe("unknown error");
  });

  it("names the peer when the transport fails", () => {
    const received = fromGrpcError(
      asServiceError({ code: GrpcStatus.UNAVAILABLE, details: "No connection established" }),
      "book",
    );
    expect(received.kind).toBe("UNAVAILABLE");
    expect(received.coded).toEqual({ key: "serviceUnavailable", params: { peer: "book" } });
  });

  it("words any other transport failure with the generic coded text, never grpc-js's English", () => {
    const received = fromGrpcError(
      asServiceError({ code: GrpcStatus.RESOURCE_EXHAUSTED, details: "Received message larger than max" }),
      "book",
    );
    expect(received.coded).toEqual({ key: "unknownError", params: {} });
  });

  it("carries a coded message's key and parameters across gRPC", () => {
    const coded = message("featureBlocked", { feature: ref("feature.LOGO") });
    const sent = toGrpcError(new DomainError("PERMISSION_DENIED", coded, { details: { feature: "LOGO" } }));
    const received = fromGrpcError(asServiceError(sent), "power");
    expect(received.coded).toEqual(coded);
    expect(received.messageKey).toBe("featureBlocked");
    expect(received.message).toBe("featureBlocked (feature=@feature.LOGO)");
    expect(received.details).toEqual({ feature: "LOGO" });
  });

  it("answers an unexpected error's coded unknown-error message", () => {
    const received = fromGrpcError(asServiceError(toGrpcError(new Error("internals"))), "book");
    expect(received.kind).toBe("INTERNAL");
    expect(received.messageKey).toBe("unknownError");
  });
});

describe("internal faults and missing parts", () => {
  const catalogue = { unknownError: "未知错误", notConfigured: "此功能在本服务器上未启用" };

  it("show the client the generic coded text and keep the detail for the logs, also across gRPC", () => {
    const fault = internalFault("upload service answered without a task");
    expect(fault.details).toEqual({ fault: "upload service answered without a task" });
    const envelope = errorEnvelope(fault, catalogue);
    expect(envelope).toMatchObject({ code: "ERROR", msg: "未知错误", data: { messageKey: "unknownError" } });
    expect(JSON.stringify(envelope)).not.toContain("upload service");
    const relayed = fromGrpcError(Object.assign(new Error("x"), toGrpcError(fault)), "upload");
    expect(relayed.kind).toBe("INTERNAL");
    expect(errorEnvelope(relayed, catalogue).msg).toBe("未知错误");
  });

  it("name a part this deployment does not run with a coded text, the part only in details", () => {
    expect(errorEnvelope(notConfigured("file storage"), catalogue)).toMatchObject({
      msg: "此功能在本服务器上未启用",
      data: { part: "file storage", messageKey: "notConfigured" },
    });
  });
});

describe("envelope", () => {
  it("wraps data in an OK envelope", () => {
    expect(okEnvelope({ a: 1 })).toEqual({ code: "OK", data: { a: 1 }, msg: "", status: "1", mess: "" });
  });

  it("maps domain errors to their REST code and message", () => {
    expect(
      errorEnvelope(new DomainError("QUOTA_EXCEEDED", "over the book limit", { details: { power: "BOOK_FILE_NUM" } })),
    ).toEqual({
      code: "BOOK_UPLOAD_OVER_LIMIT",
      data: { power: "BOOK_FILE_NUM" },
      msg: "over the book limit",
      status: "0",
      mess: "over the book limit",
    });
    expect(errorEnvelope(new DomainError("UNAUTHENTICATED", "please log in")).code).toBe("LOGIN_SIGNOUT");
    expect(errorEnvelope(new DomainError("SESSION_EXPIRED", "login timeout")).code).toBe("LOGIN_TIMEOUT");
  });

  it("never leaks an internal error's message", () => {
    const envelope = errorEnvelope(new Error("ECONNREFUSED 10.0.0.3:27017 stack..."), { unknownError: "未知错误" });
    expect(envelope).toEqual({
      code: "ERROR",
      data: { messageKey: "unknownError", messageParams: {} },
      msg: "未知错误",
      status: "0",
      mess: "未知错误",
    });
  });

  it("renders a coded message from the catalogue it is given, its key and parameters beside the details", () => {
    const catalogue = {
      featureBlocked: "没有{feature}功能的权限，请联系客服开通",
      "feature.LOGO": "标志",
    };
    const error = new DomainError("PERMISSION_DENIED", message("featureBlocked", { feature: ref("feature.LOGO") }), {
      details: { feature: "LOGO" },
    });
    expect(errorEnvelope(error, catalogue)).toEqual({
      code: "ERROR",
      data: { feature: "LOGO", messageKey: "featureBlocked", messageParams: { feature: { key: "feature.LOGO" } } },
      msg: "没有标志功能的权限，请联系客服开通",
      status: "0",
      mess: "没有标志功能的权限，请联系客服开通",
    });
    // No catalogue (the language service did not answer): the key and parameters, never an empty text.
    expect(errorEnvelope(error).msg).toBe("featureBlocked (feature=@feature.LOGO)");
  });
});
