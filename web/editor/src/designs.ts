/**
 * Templates, themes and scenes of the design tab (spec 000 §2): named bundles of htmlConfig values applied as
 * one change. Until the resource files serve their lists, the editor knows two themes of its own.
 */
export interface Design {
  id: string;
  name: { zh: string; en: string };
  /** Other names the assistant accepts ("dark", "深色"). */
  aliases: string[];
  values: Record<string, unknown>;
}

export interface Designs {
  template: Design[];
  theme: Design[];
  scene: Design[];
}

export const builtinDesigns: Designs = {
  template: [],
  theme: [
    {
      id: "dark",
      name: { zh: "深色", en: "Dark" },
      aliases: ["dark", "night", "深色", "暗色", "黑色"],
      values: { bgColor: "#1b1d22", toolbarColor: "#0d0e11" },
    },
    {
      id: "light",
      name: { zh: "浅色", en: "Light" },
      aliases: ["light", "bright", "浅色", "亮色", "白色"],
      values: { bgColor: "#eef0f3", toolbarColor: "#5b6472" },
    },
  ],
  scene: [],
};

/** The design a name means: its id, its name in either language or an alias, case-insensitively. */
export function findDesign(list: Design[], name: string): Design | undefined {
  const wanted = name.trim().toLowerCase();
  return list.find(
    (design) =>
      design.id.toLowerCase() === wanted ||
      design.name.zh === name.trim() ||
      design.name.en.toLowerCase() === wanted ||
      design.aliases.some((alias) => alias.toLowerCase() === wanted),
  );
}
