import { describe, expect, it } from "vitest";
import type { SettingsTree } from "./types.js";
import { withKnownTypes } from "./unknown-types.js";

const text = { zh: "设置", en: "Setting" };
const leaf = (key: string, type: string) => ({
  key,
  title: text,
  desc: text,
  visible: true,
  isShow: true,
  disabled: false,
  type,
  defaultValue: 1,
  value: 1,
});

const tree = {
  version: 1,
  groups: [
    {
      id: "a",
      tab: "setup",
      title: text,
      desc: text,
      children: [
        leaf("colour", "color"),
        leaf("dial", "dial"),
        { ...leaf("group", "composite"), children: [leaf("knob", "knob")] },
        { ...leaf("card", "form"), fields: [leaf("name", "text"), leaf("wheel", "wheel")] },
      ],
    },
    { id: "b", tab: "config", title: text, desc: text, children: [leaf("only", "gauge")] },
  ],
} as unknown as SettingsTree;

describe("settings of a type no code knows (spec 000 §5: only logged)", () => {
  it("are left out and named, wherever they sit; emptied composites and groups go too", () => {
    const { tree: known, unknown } = withKnownTypes(tree);
    expect(unknown).toEqual([
      { key: "dial", type: "dial" },
      { key: "knob", type: "knob" },
      { key: "wheel", type: "wheel" },
      { key: "only", type: "gauge" },
    ]);
    expect(known.groups.map((group) => group.id)).toEqual(["a"]);
    const children = known.groups[0]?.children ?? [];
    expect(children.map((node) => node.key)).toEqual(["colour", "card"]);
    expect((children[1] as { fields: { key: string }[] }).fields.map((field) => field.key)).toEqual(["name"]);
  });

  it("leaves a tree of known types as it is", () => {
    const plain = { version: 1, groups: [{ ...tree.groups[0], children: [leaf("colour", "color")] }] } as SettingsTree;
    expect(withKnownTypes(plain)).toEqual({ tree: plain, unknown: [] });
  });
});
