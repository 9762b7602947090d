import { describe, expect, it } from "vitest";
import { BookLanguages, linesFromTsv } from "./tesseract.js";

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

describe("BookLanguages", () => {
  const line = (text: string) => ({ text, left: 0, top: 0, width: 1, height: 1 });

  it("reads with every model until a page shows an English book, then without chi_sim", () => {
    const languages = new BookLanguages("chi_sim+eng");
    languages.learn([line("too short")]);
    expect(languages.current).toBe("chi_sim+eng");
    languages.learn([line("harbour lighthouse orchard ".repeat(10))]);
    expect(languages.current).toBe("eng");
  });

  it("keeps chi_sim for a Chinese book, and with it the Chinese of a mixed page", () => {
    const languages = new BookLanguages("chi_sim+eng");
    languages.learn([line("翻页电子书把文档变成可以翻阅的书".repeat(10)), line("harbour lighthouse ".repeat(5))]);
    expect(languages.current).toBe("chi_sim+eng");
    languages.learn([line("harbour lighthouse orchard ".repeat(10))]);
    expect(languages.current).toBe("chi_sim+eng");
  });
});
