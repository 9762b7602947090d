import { describe, expect, it } from "vitest";
import { pageEditRefusal } from "./role-gate.js";

describe("pageEditRefusal", () => {
  it("refuses in a team a role with neither book-edit code, and leaves the rest to the server", () => {
    expect(pageEditRefusal("42", ["BOOK_VIEW_OTHER"])).toMatchObject({
      source: "role",
      messageKey: "featureBlocked",
      messageParams: { feature: { key: "feature.editBookSettings" } },
    });
    expect(pageEditRefusal("42", [])).toBeDefined();
    expect(pageEditRefusal("42", ["BOOK_EDIT_SELF"])).toBeUndefined();
    expect(pageEditRefusal("42", ["BOOK_EDIT_OTHER"])).toBeUndefined();
    // Outside a team, or before the role is known: nothing to judge here.
    expect(pageEditRefusal("0", [])).toBeUndefined();
    expect(pageEditRefusal("42", undefined)).toBeUndefined();
  });
});
