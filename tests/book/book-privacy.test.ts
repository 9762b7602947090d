import { randomUUID } from "node:crypto";
import { connectMongo, createLogger } from "@turnleaf/kit";
import { afterAll, describe, expect, inject, it } from "vitest";
import { BookRepository } from "../../services/book/src/data/book.repository.js";
import { applyPrivacyChange, publicPrivacy } from "../../services/book/src/domain/book-privacy.js";

const log = createLogger({ service: "book-test", level: "silent" });
const mongo = await connectMongo({ uri: inject("stores").mongodbUri, database: `book-test-${randomUUID()}`, log });
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
    await books.setPrivacy("b-privacy", stored);
    const book = await books.findByNumber("nprivacy");
    expect(book?.privacy).toMatchObject({ access: "password", mode: "users", fromPage: 2, hint: "h" });
    expect(book?.privacy?.users[0]?.name).toBe("ana");
    expect(book?.privacy?.users[0]?.passwordHash).toMatch(/^scrypt\$/);
  });
});
