import { describe, expect, it } from "vitest";
import { columnsOf, defaultForm, nextFieldKey } from "./model.js";

describe("lead screen model", () => {
  it("starts a form with name, email and phone, and names new fields without clashes", () => {
    const form = defaultForm({ leadsKindName: "Name", leadsKindEmail: "Email", leadsKindPhone: "Phone" });
    expect(form.fields.map((field) => [field.key, field.required])).toEqual([
      ["name", true],
      ["email", true],
      ["phone", false],
    ]);
    expect(nextFieldKey(form.fields)).toBe("field1");
    expect(nextFieldKey([...form.fields, { key: "field1", label: "", kind: "text", required: false }])).toBe("field2");
  });

  it("lists the form's columns first, then keys only older submissions hold", () => {
    expect(
      columnsOf(
        [{ key: "name", label: "Name" }],
        [
          {
            leadId: "a",
            values: { name: "Ada", company: "X" },
            consent: true,
            createdAt: "",
            page: 1,
            delivery: "none",
            deliveryAttempts: 0,
          },
        ],
      ),
    ).toEqual([
      { key: "name", label: "Name" },
      { key: "company", label: "company" },
    ]);
  });
});
