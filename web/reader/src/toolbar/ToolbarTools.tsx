import { BrandMark } from "../brands/BrandMark.js";
import { LanguageSwitcher } from "../language/LanguageSwitcher.js";
import { useLabels } from "../language/labels-context.js";
import { SharingTools } from "./SharingTools.js";
import { ToolButton } from "./ToolButton.js";
import { TurningTools } from "./TurningTools.js";
import { type ToolbarPart, toolPlacer } from "./tool-placement.js";
import type { ToolbarProps } from "./toolbar-props.js";
import { ViewingTools } from "./ViewingTools.js";

/** The toolbar's tools, in order, for one part of it: the wide toolbar, a phone's row or its "more" list. */
export function ToolbarTools(props: ToolbarProps & { part: ToolbarPart }) {
  const { book, narrow, languages, lang, chooseLanguage, part } = props;
  const labels = useLabels();
  const settings = book.settings;
  const place = toolPlacer(part, narrow, settings.mobileButtonOrder);
  return (
    <>
      {settings.brands.toolbar && part !== "menu" ? (
        <BrandMark brand={settings.brands.toolbar} slot="toolbar" linkTarget={settings.linkTarget} />
      ) : null}
      <TurningTools {...props} place={place} />
      <ViewingTools {...props} place={place} />
      <SharingTools {...props} place={place} />
      {languages.length > 1 && part !== "row" ? (
        <LanguageSwitcher
          languages={languages}
          current={lang || (languages.find((language) => language.isDefault)?.code ?? "zh")}
          label={labels.language}
          onChange={chooseLanguage}
        />
      ) : null}
      {(settings.buttons.fullscreen ?? true) ? (
        <ToolButton
          {...place.tool("fullscreen")}
          icon="fullscreen"
          label={labels.fullscreen}
          onClick={() =>
            document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
          }
        />
      ) : null}
    </>
  );
}
