import { describe, expect, it } from "vitest";
import { defaultSettings } from "../book.js";
import { settingsFromHtmlConfig } from "../preview.js";
import { readerBrand } from "./brands.js";

describe("the brands a book applies", () => {
  it("maps the served brand objects to the reader's slots; an id or junk is not a brand", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      toolBarBrand: { brandId: "b1", title: "Harbour Press", logo: "/resourceFiles/brand/x.svg", link: "", desc: "" },
      loadingBrand: "an id the server did not resolve",
      relatedBrand: { title: "", logo: "" },
    });
    expect(settings.brands).toEqual({
      toolbar: { title: "Harbour Press", logo: "/resourceFiles/brand/x.svg", link: "", desc: "" },
    });
  });

  it("never lets a script link or logo through", () => {
    expect(readerBrand({ title: "x", logo: "javascript:alert(1)", link: "javascript:alert(1)" })).toEqual({
      title: "x",
      logo: "",
      link: "",
      desc: "",
    });
    expect(readerBrand("")).toBeNull();
  });
});
