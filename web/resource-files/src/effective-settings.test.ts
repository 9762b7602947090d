import { describe, expect, it } from "vitest";
import { effectiveSettings, offValue } from "./effective-settings.js";
import { gatedFeatureCodes } from "./feature-gates.js";

const everything = new Set(gatedFeatureCodes);
const without = (...codes: string[]) => new Set(gatedFeatureCodes.filter((code) => !codes.includes(code)));

describe("effectiveSettings", () => {
  it("serves the stored settings unchanged while the owner has every feature", () => {
    const stored = { SelectTextButtonVisible: "Show", appLogoIcon: "https://x.example/logo.png", flippingTime: 0.6 };
    expect(effectiveSettings(stored, everything)).toEqual({ htmlConfig: stored, withheld: [] });
  });

  it("switches off copy text for an owner without it, also when the book never set it (the reader's default is on)", () => {
    expect(effectiveSettings({}, without("COPY_TEXT"))).toEqual({
      htmlConfig: { SelectTextButtonVisible: "Hide" },
      withheld: ["COPY_TEXT"],
    });
    expect(effectiveSettings({ selectTextButtonVisible: "Show" }, without("COPY_TEXT")).htmlConfig).toEqual({
      selectTextButtonVisible: "Hide",
    });
  });

  it("switches off what was stored while the owner had it: logo, download, phone, ads, music", () => {
    const stored = {
      appLogoIcon: "https://x.example/logo.png",
      logoHeight: 40,
      DownloadButtonVisible: "Yes",
      PhoneButtonVisible: "show",
      adConfig: { haveAd: true, data: [{ url: "https://ad.example" }] },
      backgroundMusic: { url: "https://x.example/a.mp3", loops: -1 },
      flippingTime: 0.6,
    };
    const { htmlConfig, withheld } = effectiveSettings(
      stored,
      without("LOGO", "DOWNLOAD", "PHONE_BUTTON", "AD_BANNER", "BACKGROUND_MUSIC"),
    );
    expect(htmlConfig).toEqual({
      appLogoIcon: "",
      logoHeight: 0,
      DownloadButtonVisible: "No",
      PhoneButtonVisible: "hide",
      adConfig: { haveAd: false, data: [{ url: "https://ad.example" }] },
      backgroundMusic: {},
      flippingTime: 0.6,
    });
    expect(withheld).toEqual(["AD_BANNER", "BACKGROUND_MUSIC", "DOWNLOAD", "LOGO", "PHONE_BUTTON"]);
  });

  it("leaves what is already off alone and never touches a label of none", () => {
    expect(effectiveSettings({ DownloadButtonVisible: "Hide", label: "0" }, new Set()).htmlConfig).toMatchObject({
      DownloadButtonVisible: "Hide",
      label: "0",
    });
    expect(offValue("No")).toBe("No");
    expect(offValue(true)).toBe(false);
    expect(offValue(["a"])).toEqual([]);
  });
});
