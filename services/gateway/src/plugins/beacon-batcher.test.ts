import { describe, expect, it } from "vitest";
import { type Beacon, beaconBatcher } from "./beacon-batcher.js";

const beacon = (bookId: string, page: number): Beacon => ({ bookId, events: [{ page }] });
const pagesOf = (beacons: Beacon[]) => beacons.map((one) => one.events?.[0]?.page);

describe("the gateway's beacon batcher", () => {
  it("sends one message per book, full batches at once, and resolves each beacon only after its publish", async () => {
    const published: { bookId: string; pages: unknown[]; messageId: string }[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batcher = beaconBatcher({
      flushAfterMs: 30_000,
      maxBeacons: 3,
      publish: async (bookId, beacons, messageId) => {
        await gate;
        published.push({ bookId, pages: pagesOf(beacons), messageId });
      },
    });
    const settled: number[] = [];
    const adds = [beacon("a", 1), beacon("b", 1), beacon("a", 2), beacon("a", 3), beacon("a", 4)].map((one, index) =>
      batcher.add(one).then(() => settled.push(index)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toEqual([]);
    release();
    await Promise.all(adds.slice(0, 1).concat(adds.slice(2, 4)));
    expect(published).toEqual([{ bookId: "a", pages: [1, 2, 3], messageId: expect.any(String) }]);
    // The rest goes on close (shutdown), one message per book.
    await batcher.close();
    await Promise.all(adds);
    expect(published.slice(1).sort((x, y) => x.bookId.localeCompare(y.bookId))).toEqual([
      { bookId: "a", pages: [4], messageId: expect.any(String) },
      { bookId: "b", pages: [1], messageId: expect.any(String) },
    ]);
    expect(new Set(published.map((one) => one.messageId)).size).toBe(3);
  });

  it("retries a failed publish under the same message id, then refuses every beacon of the batch", async () => {
    const attempts: string[] = [];
    let failures = 1;
    const batcher = beaconBatcher({
      flushAfterMs: 1,
      retryDelaysMs: [1, 1],
      publish: async (_bookId, _beacons, messageId) => {
        attempts.push(messageId);
        if (failures-- > 0) throw new Error("no responders");
      },
    });
    await batcher.add(beacon("a", 1));
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toBe(attempts[1]);

    failures = 10;
    const refused = await Promise.allSettled([batcher.add(beacon("a", 2)), batcher.add(beacon("a", 3))]);
    expect(refused.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(attempts).toHaveLength(5);
  });
});
