import { describe, expect, it } from "vitest";
import { languagesForScript, linesFromTsv } from "./tesseract.js";

const header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
const word = (line: number, index: number, box: [number, number, number, number], conf: number, text: string) =>
  ["5", "1", "1", "1", String(line), String(index), ...box.map(String), String(conf), text].join("\t");

describe("linesFromTsv", () => {
  it("groups words into lines with their bounding boxes, dropping blank and unsure words", () => {
    const tsv = [
      header,
      ["4", "1", "1", "1", "1", "0", "10", "20", "300", "40", "-1", ""].join("\t"),
      word(1, 1, [10, 20, 100, 40], 95, "Zeppelin"),
      word(1, 2, [120, 22, 190, 38], 91, "harbour"),
      word(1, 3, [320, 22, 20, 38], 12, "~"),
      word(2, 1, [10, 80, 60, 40], 90, " "),
    ].join("\n");
    expect(linesFromTsv(tsv)).toEqual([{ text: "Zeppelin harbour", left: 10, top: 20, width: 300, height: 40 }]);
  });

  it("joins Chinese characters without spaces and keeps spaces next to Latin words", () => {
    const tsv = [
      header,
      word(1, 1, [0, 0, 30, 30], 90, "翻页"),
      word(1, 2, [30, 0, 30, 30], 90, "电子书"),
      word(1, 3, [70, 0, 60, 30], 90, "PDF"),
    ].join("\n");
    expect(linesFromTsv(tsv)[0]?.text).toBe("翻页电子书 PDF");
  });
});

describe("languagesForScript", () => {
  it("leads with chi_sim on Chinese pages (or an unknown script) and with the others on Latin pages", () => {
    expect(languagesForScript("chi_sim+eng", "Han")).toBe("chi_sim+eng");
    expect(languagesForScript("chi_sim+eng", undefined)).toBe("chi_sim+eng");
    expect(languagesForScript("chi_sim+eng", "Latin")).toBe("eng+chi_sim");
    expect(languagesForScript("chi_sim", "Latin")).toBe("chi_sim");
  });
});
