/**
 * antd's and dayjs's locales follow the interface language (STYLE.md, Grafana). Loaded on demand so
 * only the chosen language's tables are downloaded.
 */

import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';

const antdLoaders: Record<string, () => Promise<{ default: Locale }>> = {
  'en-US': () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'pt-BR': () => import('antd/es/locale/pt_BR'),
  'cs-CZ': () => import('antd/es/locale/cs_CZ'),
};

const dayjsLoaders: Record<string, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'pt-BR': { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  'cs-CZ': { name: 'cs', load: () => import('dayjs/locale/cs') },
};

/** Loads antd's locale of `code` (en-US when unknown) and switches dayjs to the same language. */
export async function loadUiLocale(code: string): Promise<Locale> {
  const day = dayjsLoaders[code];
  if (day) {
    await day.load();
    dayjs.locale(day.name);
  } else {
    dayjs.locale('en');
  }
  const loader = antdLoaders[code] ?? antdLoaders['en-US']!;
  return (await loader()).default;
}
