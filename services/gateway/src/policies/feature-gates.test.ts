import { describe, expect, it } from "vitest";
import {
  effectiveUserType,
  featureOfKey,
  featuresNeeded,
  gatedFeatureCodes,
  infoFeaturesNeeded,
  isNonProductHost,
  switchesOff,
} from "./feature-gates.js";

describe("feature gates of update-book", () => {
  it("names the 22 codes and maps both spellings of a key, case-insensitively", () => {
    expect(gatedFeatureCodes).toHaveLength(22);
    expect(featureOfKey("DownloadButtonVisible")).toBe("DOWNLOAD");
    expect(featureOfKey("hardcover")).toBe("HARD_COVER");
    expect(featureOfKey("HardPageEnable")).toBe("HARD_COVER");
    expect(featureOfKey("bgColor")).toBeUndefined();
  });

  it("needs a feature for switching it on or setting it, not for switching it off or clearing it", () => {
    expect(featuresNeeded({ bookConfig: { showShadow: "Show", appLogoIcon: "/logo.png", bgColor: "#fff" } })).toEqual([
      "SHADOW",
      "LOGO",
    ]);
    expect(
      featuresNeeded({ bookConfig: { showShadow: "Hide", appLogoIcon: "", adConfig: { haveAd: false } } }),
    ).toEqual([]);
    expect(switchesOff("no")).toBe(true);
    expect(switchesOff("yes")).toBe(false);
  });

  it("gates update-book's own desc (BOOK_DESCRIPTION) and any label but none (HOT_LABEL); clearing is free", () => {
    expect(infoFeaturesNeeded({ desc: "About", label: "3" })).toEqual(["BOOK_DESCRIPTION", "HOT_LABEL"]);
    expect(infoFeaturesNeeded({ label: "1" })).toEqual(["HOT_LABEL"]);
    expect(infoFeaturesNeeded({ desc: "  ", label: "0" })).toEqual([]);
    expect(infoFeaturesNeeded({})).toEqual([]);
  });

  it("gates isDownload 1, a download config and the leave-message plugin; any label but none", () => {
    expect(featuresNeeded({ isDownload: "1" })).toEqual(["DOWNLOAD"]);
    expect(featuresNeeded({ isDownload: "0" })).toEqual([]);
    expect(featuresNeeded({ downloadconfig: { isDownloadProject: true } })).toEqual(["DOWNLOAD"]);
    expect(featuresNeeded({ plugin: [{ name: "BookLeaveMessage" }] })).toEqual(["READER_MESSAGE"]);
    expect(featuresNeeded({ bookConfig: { label: "2" } })).toEqual(["HOT_LABEL"]);
    expect(featuresNeeded({ bookConfig: { label: "3" } })).toEqual(["HOT_LABEL"]);
    expect(featuresNeeded({ bookConfig: { label: "0" } })).toEqual([]);
  });

  it("treats every host as the product's without a list, and others as outside with one", () => {
    expect(isNonProductHost("anything.example", undefined)).toBe(false);
    expect(isNonProductHost("Books.Example.com", ["books.example.com"])).toBe(false);
    expect(isNonProductHost("embed.other.net", ["books.example.com"])).toBe(true);
  });

  it("answers the user type in force: 32 off the product's host, 13 in a team, else the stored one", () => {
    expect(effectiveUserType(2, "0", false)).toBe(2);
    expect(effectiveUserType(1, "", false)).toBe(1);
    expect(effectiveUserType(2, "77", false)).toBe(13);
    expect(effectiveUserType(2, "77", true)).toBe(32);
    expect(effectiveUserType(13, "0", true)).toBe(32);
  });
});
