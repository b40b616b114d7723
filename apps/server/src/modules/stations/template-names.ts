/**
 * The station templates' names in the platform's four languages (issue 24 item 8: the dashboard's Type
 * column and the site form showed the stored English name in every language). The names follow the
 * web's system-type words (locales common.systemType) so a site's type reads the same everywhere.
 */
import type { StationTemplate } from '@ems/contract/api/dictionary';
import type { LanguageCode } from '@ems/contract/constants';

/** Name of each seeded template code per language; a template not listed keeps its stored name. */
export const TEMPLATE_NAMES: Readonly<Record<string, Record<LanguageCode, string>>> = {
  pv: { 'en-US': 'Photovoltaic', 'zh-CN': '光伏', 'pt-BR': 'Fotovoltaico', 'cs-CZ': 'Fotovoltaika' },
  storage: {
    'en-US': 'Home energy storage',
    'zh-CN': '户用储能',
    'pt-BR': 'Armazenamento residencial',
    'cs-CZ': 'Domácí úložiště energie',
  },
  charging: { 'en-US': 'Charging', 'zh-CN': '充电', 'pt-BR': 'Recarga', 'cs-CZ': 'Nabíjení' },
  ups: { 'en-US': 'UPS', 'zh-CN': 'UPS', 'pt-BR': 'UPS', 'cs-CZ': 'UPS' },
  pe: {
    'en-US': 'Power & environment',
    'zh-CN': '动力环境',
    'pt-BR': 'Energia e ambiente',
    'cs-CZ': 'Napájení a prostředí',
  },
  pv_storage_charging: {
    'en-US': 'PV + storage + charging',
    'zh-CN': '光伏 + 储能 + 充电',
    'pt-BR': 'FV + armazenamento + recarga',
    'cs-CZ': 'FV + úložiště + nabíjení',
  },
};

/** `template` with its name in `language` (its stored name when the code has no translations). */
export function templateIn(template: StationTemplate, language: LanguageCode): StationTemplate {
  const name = TEMPLATE_NAMES[template.templateCode]?.[language];
  return name ? { ...template, name } : template;
}
