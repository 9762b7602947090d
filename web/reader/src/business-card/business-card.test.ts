import { describe, expect, it } from "vitest";
import { defaultSettings } from "../book.js";
import { settingsFromHtmlConfig } from "../preview.js";
import { cardStyleOf, fallbackCardStyle, readerCard } from "./business-card.js";

const styles = {
  defaultId: "classic",
  items: [
    { id: "classic", fields: ["name", "phone"], colors: { background: "#fff", text: "#000", accent: "#00f" } },
    {
      id: "modern",
      fields: ["name", "jobTitle", "script", "email"],
      colors: { background: "#0b2545", text: "url(x)", accent: "#d9ed92" },
      layout: "split",
    },
  ],
};

describe("the business card a book shows", () => {
  it("reads the served card and its style from htmlConfig; a card without a name is none", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      businessCard: { name: " Li Lei ", phone: "+86 10", website: "javascript:alert(1)", avatar: "/a.png" },
      businessCardStyle: "modern",
    });
    expect(settings.businessCard).toMatchObject({ name: "Li Lei", phone: "+86 10", website: "", avatar: "/a.png" });
    expect(settings.cardStyle).toBe("modern");
    expect(readerCard({ name: "", phone: "1" })).toBeNull();
    expect(readerCard("not a card")).toBeNull();
  });

  it("draws a style's own fields and colours, its default for an unknown id, the built-in one without a file", () => {
    const modern = cardStyleOf(styles, "modern");
    expect(modern.fields).toEqual(["name", "jobTitle", "email"]);
    expect(modern.colors).toEqual({ background: "#0b2545", text: fallbackCardStyle.colors.text, accent: "#d9ed92" });
    expect(modern.layout).toBe("split");
    expect(cardStyleOf(styles, "gone").id).toBe("classic");
    expect(cardStyleOf(undefined, "modern")).toEqual(fallbackCardStyle);
  });
});
