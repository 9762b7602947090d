import { randomUUID } from "node:crypto";
import { applyPrivacyChange, BookRepository, publicPrivacy } from "@turnleaf/book/in-process";
import { connectMongo, createLogger } from "@turnleaf/kit";
import { afterAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

const log = createLogger({ service: "book-test", level: "silent" });
const mongo = await connectMongo({ uri: workerStores().mongodbUri, database: `book-test-${randomUUID()}`, log });
const books = new BookRepository(mongo);

afterAll(async () => {
  await mongo.dropDatabase();
  await mongo.close();
});

describe("book privacy in MongoDB", () => {
  it("round-trips the stored settings with their hashes", async () => {
    await books.ensureIndexes();
    await books.insertIfAbsent({
      bookId: "b-privacy",
      number: "nprivacy",
      ownerId: "1",
      teamId: "0",
      folderId: "0",
      folderType: 1,
      title: "t",
      html5Tem: "",
      html5Theme: "",
      html5PhoneTem: "",
      bStatus: 1,
    });
    const stored = await applyPrivacyChange(publicPrivacy, {
      access: "password",
      mode: "users",
      hint: "h",
      fromPage: 2,
      password: "",
      users: [{ name: "ana", password: "ana-pass1" }],
    });
    expect(await books.setPrivacyAt("b-privacy", { whole: stored }, 0)).toBe(1);
    const book = await books.findByNumber("nprivacy");
    expect(book?.privacy).toMatchObject({ access: "password", mode: "users", fromPage: 2, hint: "h", revision: 1 });
    expect(book?.privacy?.users[0]?.name).toBe("ana");
    expect(book?.privacy?.users[0]?.passwordHash).toMatch(/^scrypt\$/);
    // A change derived from revision 1 sets only its fields; one derived from a revision since replaced changes nothing.
    expect(await books.setPrivacyAt("b-privacy", { fields: { hint: "new hint" } }, 1)).toBe(2);
    expect(await books.setPrivacyAt("b-privacy", { fields: { hint: "stale" } }, 1)).toBeNull();
    const changed = await books.findByNumber("nprivacy");
    expect(changed?.privacy).toMatchObject({ hint: "new hint", fromPage: 2, revision: 2 });
    expect(changed?.privacy?.users[0]?.passwordHash).toBe(book?.privacy?.users[0]?.passwordHash);
  });
});
