import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US/fleet.json';
import pt from '../../locales/pt-BR/fleet.json';
import zh from '../../locales/zh-CN/fleet.json';
import { pointLabel } from './point-label';

describe('point labels (issue 24 item 9)', () => {
  it('names SunSpec points in the viewer’s language with their unit, unknown points by code', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en-US',
      fallbackLng: 'en-US',
      resources: {
        'en-US': { translation: en },
        'zh-CN': { translation: zh },
        'pt-BR': { translation: pt },
      },
    });
    expect(pointLabel('DCA', i18n.t, 'A')).toBe('DC current (A)');
    expect(pointLabel('PhVphA', i18n.t, 'V')).toBe('Phase A voltage (V)');
    expect(pointLabel('St', i18n.t)).toBe('Operating state');
    expect(pointLabel('Vendor42', i18n.t, 'V')).toBe('Vendor42 (V)');
    await i18n.changeLanguage('zh-CN');
    expect(pointLabel('DCA', i18n.t, 'A')).toBe(`${zh.fleet.point.DCA} (A)`);
    expect(pointLabel('DCA', i18n.t, 'A')).not.toContain('DCA');
    await i18n.changeLanguage('pt-BR');
    expect(pointLabel('SoC', i18n.t, '%')).toBe(`${pt.fleet.point.SoC} (%)`);
  });
});
