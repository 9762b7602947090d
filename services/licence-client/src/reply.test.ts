import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { clientCodes, LicenceError, serverCodes } from "./codes.js";
import { licenceReplyData, transportFailure } from "./reply.js";

function thrown(run: () => unknown): LicenceError {
  try {
    run();
  } catch (error) {
    if (error instanceof LicenceError) return error;
    throw error;
  }
  throw new Error("expected a LicenceError");
}

async function fetchFailure(url: string): Promise<LicenceError> {
  try {
    await fetch(url, { method: "POST" });
  } catch (error) {
    return transportFailure(error);
  }
  throw new Error("expected fetch to fail");
}

describe("a licence reply", () => {
  it("gives its data when the envelope says OK", () => {
    expect(licenceReplyData(200, JSON.stringify({ code: "OK", data: { licence: "x" }, msg: "" }))).toEqual({
      licence: "x",
    });
  });

  it("throws the server's licence code with its message and details", () => {
    const error = thrown(() =>
      licenceReplyData(
        200,
        JSON.stringify({ code: "404", data: { activations: [] }, msg: "activation limit reached", status: "0" }),
      ),
    );
    expect(error.code).toBe(serverCodes.activationLimitReached);
    expect(error.message).toBe("activation limit reached");
    expect(error.details).toEqual({ activations: [] });
  });

  it("is a network error (9) when it is not an envelope or not a licence answer", () => {
    expect(thrown(() => licenceReplyData(502, "<html>Bad Gateway</html>")).code).toBe(clientCodes.networkError);
    expect(thrown(() => licenceReplyData(200, JSON.stringify({ code: "ERROR", msg: "x", data: null }))).code).toBe(
      clientCodes.networkError,
    );
  });
});

describe("a failed exchange", () => {
  it("is 10 when no server listens, 9 when the server breaks the exchange", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await fetchFailure(`http://127.0.0.1:${closedPort}/api/licence/register`)).code).toBe(
      clientCodes.serverConnectionFailed,
    );

    const broken = createServer((socket) => socket.end("NOT HTTP\r\n\r\n", () => socket.destroy()));
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    const brokenPort = (broken.address() as { port: number }).port;
    const failure = await fetchFailure(`http://127.0.0.1:${brokenPort}/api/licence/register`);
    await new Promise((resolve) => broken.close(resolve));
    expect(failure.code).toBe(clientCodes.networkError);
  });
});
