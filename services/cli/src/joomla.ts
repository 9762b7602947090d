/**
 * turnleaf publish --format joomla: an installable Joomla (4/5) site module embedding the book. The package
 * `mod_turnleaf_<name>/` (and its zip, installed in System › Install › Extensions) holds the XML manifest with the
 * module's parameters (width, height, title, keywords, description; the publish options are their defaults), the
 * module entry file, its layout `tmpl/default.php` (the book in an iframe) and the offline flipbook under `flipbook/`.
 */
import type { Context } from "./context.js";
import { escapeHtml } from "./html-escape.js";
import {
  type EmbedSettings,
  embedSettingLabels,
  embedSettings,
  machineName,
  type PackageInput,
  phpString,
  writePluginPackage,
} from "./plugin-package.js";

export function joomlaManifest(module: string, settings: EmbedSettings, date: Date): string {
  const fields = embedSettingLabels
    .map(
      ([name, label]) =>
        `        <field name="${name}" type="${name === "description" ? "textarea" : "text"}" default="${escapeHtml(settings[name])}" label="${label}" filter="string" />`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<extension type="module" client="site" method="upgrade">
  <name>${escapeHtml(`Turnleaf flipbook: ${settings.title}`)}</name>
  <author>Turnleaf</author>
  <creationDate>${date.toISOString().slice(0, 10)}</creationDate>
  <version>1.0.0</version>
  <license>GNU General Public License version 2 or later</license>
  <description>${escapeHtml(settings.description || `The flipbook "${settings.title}" in a module position.`)}</description>
  <files>
    <filename module="${module}">${module}.php</filename>
    <folder>tmpl</folder>
    <folder>flipbook</folder>
  </files>
  <config>
    <fields name="params">
      <fieldset name="basic">
${fields}
      </fieldset>
    </fields>
  </config>
</extension>
`;
}

export function joomlaEntry(module: string, settings: EmbedSettings): string {
  const reads = embedSettingLabels
    .map(([name]) => `$${name} = (string) $params->get('${name}', ${phpString(settings[name])});`)
    .join("\n");
  return `<?php
defined('_JEXEC') or die;

use Joomla\\CMS\\Helper\\ModuleHelper;
use Joomla\\CMS\\Uri\\Uri;

$flipbook = Uri::root(true) . '/modules/${module}/flipbook/index.html';
${reads}

require ModuleHelper::getLayoutPath('${module}', $params->get('layout', 'default'));
`;
}

const joomlaLayout = `<?php
defined('_JEXEC') or die;

$attr = static function ($text) {
    return htmlspecialchars((string) $text, ENT_QUOTES, 'UTF-8');
};
?>
<div class="turnleaf-flipbook" data-keywords="<?php echo $attr($keywords); ?>">
  <iframe src="<?php echo $attr($flipbook); ?>" width="<?php echo $attr($width); ?>" height="<?php echo $attr($height); ?>" title="<?php echo $attr($title); ?>" style="border:0;max-width:100%" allowfullscreen loading="lazy"></iframe>
<?php if ($description !== '') : ?>
  <p class="turnleaf-description"><?php echo $attr($description); ?></p>
<?php endif; ?>
</div>
`;

export async function publishJoomla(context: Context, input: PackageInput): Promise<void> {
  const settings = embedSettings(input);
  const module = `mod_turnleaf_${machineName(settings.title, "_")}`;
  const { dir, zip } = await writePluginPackage(input, module, "publishJoomlaFailed", () => ({
    [`${module}.xml`]: joomlaManifest(module, settings, context.now()),
    [`${module}.php`]: joomlaEntry(module, settings),
    "tmpl/default.php": joomlaLayout,
  }));
  if (input.options.json) {
    context.print(JSON.stringify({ module, manifest: `${dir}/${module}.xml`, zip }));
    return;
  }
  context.print(context.t("published", { file: `${dir}/${module}.xml` }));
  context.print(context.t("zipJoomla", { zip, module }));
}
