import { describe, expect, it } from "vitest";
import { machineName } from "./plugin-package.js";
import { configOf, type Project, sameConfig } from "./project.js";
import { parseAssignment } from "./projects.js";
import { checkTemplate, parseParts, templateFormat } from "./templates.js";
import { importFields } from "./upload.js";

const template = {
  format: templateFormat,
  name: "Blue",
  cover: { name: "c.png", type: "image/png", data: "iVBORw0KGgo=" },
  parts: ["settings", "toc"],
  config: { settings: { bgColor: "#00f" } },
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("templates", () => {
  it("take known parts or all, and refuse others", () => {
    expect(parseParts("settings, toc,settings")).toEqual(["settings", "toc"]);
    expect(parseParts("all")).toHaveLength(9);
    expect(parseParts(" ")).toEqual([]);
    expect(() => parseParts("settings,colours")).toThrow(
      expect.objectContaining({
        text: { key: "templatePartUnknown", values: expect.objectContaining({ part: "colours" }) },
      }),
    );
  });

  it("import only a complete template file", () => {
    expect(checkTemplate(template)).toBe(template);
    for (const broken of [
      null,
      [],
      { ...template, format: 2 },
      { ...template, name: " " },
      { ...template, cover: { ...template.cover, data: "" } },
      { ...template, parts: [] },
      { ...template, parts: ["settings", "colours"] },
      { ...template, config: { theme: {} } },
    ]) {
      expect(() => checkTemplate(broken), JSON.stringify(broken)).toThrow(
        expect.objectContaining({
          text: { key: "templateImportFailed", values: { detail: { key: "templateWrongConfiguration" } } },
        }),
      );
    }
  });
});

describe("project configuration", () => {
  const project = { settings: { a: 1, b: { c: 2, d: 3 } }, toc: [] } as unknown as Project;

  it("is the parts a project has, compared without key order", () => {
    expect(configOf(project)).toEqual({ settings: { a: 1, b: { c: 2, d: 3 } }, toc: [] });
    expect(sameConfig(configOf(project), { toc: [], settings: { b: { d: 3, c: 2 }, a: 1 } })).toBe(true);
    expect(sameConfig(configOf(project), { settings: { a: 1, b: { c: 2, d: 3 } } })).toBe(false);
  });

  it("reads settings as key=value, JSON when it parses", () => {
    expect(parseAssignment("flipTime=0.3")).toEqual(["flipTime", 0.3]);
    expect(parseAssignment("bgColor=#112233")).toEqual(["bgColor", "#112233"]);
    expect(parseAssignment("caption=a=b")).toEqual(["caption", "a=b"]);
    expect(() => parseAssignment("=x")).toThrow(
      expect.objectContaining({ text: expect.objectContaining({ key: "assignmentFormat" }) }),
    );
  });
});

describe("names and upload fields", () => {
  it("make machine names from titles", () => {
    expect(machineName("Café Harbour: Notes!", "_")).toBe("cafe_harbour_notes");
    expect(machineName("書", "-")).toBe("flipbook");
  });

  it("carry the project's import options to create-book-multi", () => {
    const fields = importFields({
      import: {
        pages: "1,5-8",
        quality: { preset: "custom", definition: 90, maxSidePx: 2000, dpi: 150 },
        engine: "image",
        cut: "auto",
        toc: false,
        links: true,
        search: false,
      },
    } as unknown as Project);
    expect(fields).toEqual({
      engineType: "2",
      cutType: "-1",
      pdfImportConfig: JSON.stringify({ importTOC: false, importLink: true, importSearch: false, r: "1,5-8" }),
      definition: "90",
      maxEdge: "2000",
      dpi: "150",
    });
  });
});
