import type { BookDocument } from "../data/book.schema.js";

/** The demo book the local stack seeds, owned by the power service's demo user. */
export const demoBook: BookDocument = {
  bookId: "6650c0ffee0000000000d001",
  number: "demo0001",
  ownerId: "10001",
  teamId: "0",
  folderId: "0",
  folderType: 1,
  title: "Turnleaf demo book",
  html5Tem: "classic",
  html5Theme: "default",
  html5PhoneTem: "phone-classic",
  bStatus: 1,
};
