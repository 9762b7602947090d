/**
 * turnleaf publish --format drupal: an installable Drupal (9.3+/10/11) module embedding the book as a block. The
 * package `turnleaf_<name>/` (and its zip, for Extend › Add new module or modules/custom/) holds the .info.yml, the
 * block plug-in `src/Plugin/Block/FlipbookBlock.php` with the settings width, height, title, keywords and
 * description (the publish options are their defaults), their config schema and the offline flipbook under
 * `flipbook/`.
 */
import type { Context } from "./context.js";
import type { EmbedSettings, PackageInput } from "./plugin-package.js";
import { embedSettingLabels, embedSettings, machineName, phpString, writePluginPackage } from "./plugin-package.js";

/** A YAML double-quoted scalar (JSON's string syntax is valid YAML). */
const yamlString = (text: string) => JSON.stringify(text);

export function drupalInfo(settings: EmbedSettings): string {
  return `name: ${yamlString(`Turnleaf flipbook: ${settings.title}`)}
type: module
description: ${yamlString(settings.description || `The flipbook "${settings.title}" as a block.`)}
package: Turnleaf
version: 1.0.0
core_version_requirement: ^9.3 || ^10 || ^11
`;
}

export function drupalSchema(blockId: string, settings: EmbedSettings): string {
  const mapping = embedSettingLabels
    .map(([name, label]) => `    ${name}:\n      type: string\n      label: ${label}`)
    .join("\n");
  return `block.settings.${blockId}:
  type: block_settings
  label: ${yamlString(`Turnleaf flipbook: ${settings.title}`)}
  mapping:
${mapping}
`;
}

/** Doctrine annotation strings double their quotes. */
const annotation = (text: string) => `"${text.replace(/"/g, '""').replace(/\*\//g, "")}"`;

export function drupalBlock(module: string, blockId: string, settings: EmbedSettings): string {
  const defaults = embedSettingLabels.map(([name]) => `      '${name}' => ${phpString(settings[name])},`).join("\n");
  const formLabels = embedSettingLabels.map(([name, label]) => `      '${name}' => '${label}',`).join("\n");
  return `<?php

namespace Drupal\\${module}\\Plugin\\Block;

use Drupal\\Core\\Block\\BlockBase;
use Drupal\\Core\\Form\\FormStateInterface;

/**
 * The flipbook in an iframe.
 *
 * @Block(
 *   id = "${blockId}",
 *   admin_label = @Translation(${annotation(`Turnleaf flipbook: ${settings.title}`)}),
 *   category = @Translation("Turnleaf")
 * )
 */
class FlipbookBlock extends BlockBase {

  public function defaultConfiguration() {
    return [
${defaults}
    ];
  }

  public function blockForm($form, FormStateInterface $form_state) {
    $labels = [
${formLabels}
    ];
    foreach ($labels as $key => $label) {
      $form[$key] = [
        '#type' => $key === 'description' ? 'textarea' : 'textfield',
        '#title' => $this->t($label),
        '#default_value' => $this->configuration[$key],
      ];
    }
    return $form;
  }

  public function blockSubmit($form, FormStateInterface $form_state) {
    foreach (array_keys($this->defaultConfiguration()) as $key) {
      $this->configuration[$key] = (string) $form_state->getValue($key);
    }
  }

  public function build() {
    $path = \\Drupal::service('extension.list.module')->getPath('${module}');
    $config = $this->configuration;
    return [
      '#type' => 'html_tag',
      '#tag' => 'iframe',
      '#attributes' => [
        'src' => base_path() . $path . '/flipbook/index.html',
        'width' => $config['width'],
        'height' => $config['height'],
        'title' => $config['title'],
        'data-keywords' => $config['keywords'],
        'aria-description' => $config['description'],
        'style' => 'border:0;max-width:100%',
        'allowfullscreen' => 'allowfullscreen',
        'loading' => 'lazy',
      ],
    ];
  }

}
`;
}

export async function publishDrupal(context: Context, input: PackageInput): Promise<void> {
  const settings = embedSettings(input);
  const module = `turnleaf_${machineName(settings.title, "_")}`.slice(0, 50);
  const blockId = `${module}_block`;
  const { dir, zip } = await writePluginPackage(input, module, "publishDrupalFailed", () => ({
    [`${module}.info.yml`]: drupalInfo(settings),
    [`config/schema/${module}.schema.yml`]: drupalSchema(blockId, settings),
    "src/Plugin/Block/FlipbookBlock.php": drupalBlock(module, blockId, settings),
  }));
  if (input.options.json) {
    context.print(JSON.stringify({ module, info: `${dir}/${module}.info.yml`, block: blockId, zip }));
    return;
  }
  context.print(context.t("published", { file: `${dir}/${module}.info.yml` }));
  context.print(context.t("zipDrupal", { zip, block: blockId }));
}
