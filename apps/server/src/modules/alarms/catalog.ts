/**
 * The alarm catalogue (issue 9): code → level (spec §4) and description per language, per fault-table
 * family. Inverter families come from the real Solarman fault tables (catalog-data.json, built by
 * scripts/build-alarm-catalog.mjs from /work/shared/data/inverter-fault-codes-solarman, Apache-2.0, and
 * the project's translations in scripts/alarm-catalog-texts.txt); chargers use OCPP 1.6
 * ChargePointErrorCode names, UPS the NUT status flags, and the platform its own codes (COMM_LOSS,
 * RULE-<id>). Every code has en-US, zh-CN, pt-BR and cs-CZ texts (catalog.test.ts checks it).
 */
import type { LanguageCode } from '@ems/contract/constants';
import data from './catalog-data.json' with { type: 'json' };

/** A catalogue entry: level 1–5 (spec §4) and the English description. */
export interface CatalogEntry {
  level: number;
  desc: string;
}

/** A description in every language of the platform (the compiler holds the hand-written codes to it). */
export type Texts = Record<LanguageCode, string>;

/** The family whose codes the platform raises itself: communication loss and threshold rules. */
export const PLATFORM = 'platform';
/** Code of the communication-loss alarm (device silent for config.alarmOfflineAfterS). */
export const COMM_LOSS = 'COMM_LOSS';
/** Code prefix of threshold-rule alarms: RULE-<rule id>. */
export const RULE_PREFIX = 'RULE-';

const PLATFORM_CODES: Record<string, [number, Texts]> = {
  [COMM_LOSS]: [
    3,
    {
      'en-US': 'Communication lost',
      'zh-CN': '通讯中断',
      'pt-BR': 'Comunicação perdida',
      'cs-CZ': 'Ztráta komunikace',
    },
  ],
};

/** OCPP 1.6 ChargePointErrorCode values a charger reports (StatusNotification): every one but NoError. */
const OCPP_CODES: Record<string, [number, Texts]> = {
  GroundFailure: [
    4,
    {
      'en-US': 'Earth fault (ground failure)',
      'zh-CN': '接地故障',
      'pt-BR': 'Falha de aterramento',
      'cs-CZ': 'Zemní porucha',
    },
  ],
  HighTemperature: [
    3,
    {
      'en-US': 'High temperature',
      'zh-CN': '温度过高',
      'pt-BR': 'Temperatura alta',
      'cs-CZ': 'Vysoká teplota',
    },
  ],
  OverCurrentFailure: [
    4,
    {
      'en-US': 'Over-current failure',
      'zh-CN': '过流故障',
      'pt-BR': 'Falha de sobrecorrente',
      'cs-CZ': 'Porucha – nadproud',
    },
  ],
  OverVoltage: [3, { 'en-US': 'Over-voltage', 'zh-CN': '过压', 'pt-BR': 'Sobretensão', 'cs-CZ': 'Přepětí' }],
  UnderVoltage: [3, { 'en-US': 'Under-voltage', 'zh-CN': '欠压', 'pt-BR': 'Subtensão', 'cs-CZ': 'Podpětí' }],
  PowerMeterFailure: [
    2,
    {
      'en-US': 'Power meter failure',
      'zh-CN': '电表故障',
      'pt-BR': 'Falha do medidor',
      'cs-CZ': 'Porucha elektroměru',
    },
  ],
  ConnectorLockFailure: [
    2,
    {
      'en-US': 'Connector lock failure',
      'zh-CN': '插头锁故障',
      'pt-BR': 'Falha na trava do conector',
      'cs-CZ': 'Porucha zámku konektoru',
    },
  ],
  EVCommunicationError: [
    2,
    {
      'en-US': 'EV communication error',
      'zh-CN': '车辆通讯错误',
      'pt-BR': 'Erro de comunicação com o veículo',
      'cs-CZ': 'Chyba komunikace s vozidlem',
    },
  ],
  InternalError: [
    4,
    { 'en-US': 'Internal error', 'zh-CN': '内部错误', 'pt-BR': 'Erro interno', 'cs-CZ': 'Vnitřní chyba' },
  ],
  LocalListConflict: [
    2,
    {
      'en-US': 'Local authorization list conflict',
      'zh-CN': '本地授权列表冲突',
      'pt-BR': 'Conflito na lista local de autorização',
      'cs-CZ': 'Konflikt místního seznamu oprávnění',
    },
  ],
  OtherError: [
    3,
    { 'en-US': 'Other error', 'zh-CN': '其他错误', 'pt-BR': 'Outro erro', 'cs-CZ': 'Jiná chyba' },
  ],
  PowerSwitchFailure: [
    4,
    {
      'en-US': 'Power switch (contactor) failure',
      'zh-CN': '电源开关（接触器）故障',
      'pt-BR': 'Falha do contator de potência',
      'cs-CZ': 'Porucha výkonového stykače',
    },
  ],
  ReaderFailure: [
    2,
    {
      'en-US': 'Id tag reader failure',
      'zh-CN': '读卡器故障',
      'pt-BR': 'Falha do leitor de tags',
      'cs-CZ': 'Porucha čtečky identifikátorů',
    },
  ],
  ResetFailure: [
    2,
    {
      'en-US': 'Reset failure',
      'zh-CN': '复位失败',
      'pt-BR': 'Falha ao reiniciar',
      'cs-CZ': 'Restart se nezdařil',
    },
  ],
  WeakSignal: [
    1,
    {
      'en-US': 'Weak wireless signal',
      'zh-CN': '无线信号弱',
      'pt-BR': 'Sinal sem fio fraco',
      'cs-CZ': 'Slabý bezdrátový signál',
    },
  ],
};

/** UPS status flags of Network UPS Tools (ups.status). */
const UPS_CODES: Record<string, [number, Texts]> = {
  OB: [
    2,
    {
      'en-US': 'UPS on battery (mains failure)',
      'zh-CN': 'UPS 电池供电（市电中断）',
      'pt-BR': 'UPS na bateria (falta de rede)',
      'cs-CZ': 'UPS na baterii (výpadek sítě)',
    },
  ],
  LB: [
    4,
    {
      'en-US': 'UPS battery low',
      'zh-CN': 'UPS 电池电量低',
      'pt-BR': 'Bateria do UPS baixa',
      'cs-CZ': 'Vybitá baterie UPS',
    },
  ],
  OVER: [
    4,
    { 'en-US': 'UPS overload', 'zh-CN': 'UPS 过载', 'pt-BR': 'Sobrecarga do UPS', 'cs-CZ': 'Přetížení UPS' },
  ],
  RB: [
    2,
    {
      'en-US': 'UPS battery needs replacement',
      'zh-CN': 'UPS 电池需更换',
      'pt-BR': 'Substituir bateria do UPS',
      'cs-CZ': 'Vyměňte baterii UPS',
    },
  ],
  BYPASS: [
    3,
    {
      'en-US': 'UPS on bypass',
      'zh-CN': 'UPS 旁路运行',
      'pt-BR': 'UPS em bypass',
      'cs-CZ': 'UPS v režimu bypass',
    },
  ],
};

type Family = Record<string, [number, string]>;
const DATA = data as unknown as {
  families: Record<string, Family>;
  translations: Record<string, Omit<Texts, 'en-US'>>;
};
const TABLES = DATA.families;

const textFamilies: Record<string, Record<string, [number, Texts]>> = {
  [PLATFORM]: PLATFORM_CODES,
  ocpp16: OCPP_CODES,
  ups: UPS_CODES,
};

/** Inverter makers whose tables exist; any other inverter reads the Sofar G3 table (the most complete). */
const INVERTER_FAMILIES: [RegExp, string][] = [
  [/hyd.?zss|hyd.?[3-6]k.?zss/i, 'hyd-zss-hp-3k-6k'],
  [/azzurro/i, 'zcs_azzurro-ktl-v3'],
  [/hyd.?[3-6]k.?es/i, 'sofar_hyd3k-6k-es'],
  [/ktlx|lsw/i, 'sofar_lsw3'],
  [/solis.*(hybrid|rhi)|rhi-/i, 'solis_hybrid'],
];
const GENERIC_INVERTER = 'sofar_g3hyd';

/**
 * The catalogue family of a device: by type (charger ocpp16, ups ups), and for inverters by maker and
 * model (see INVERTER_FAMILIES); other device types only have platform codes.
 */
export function catalogFamily(deviceType: string, manufacturer: string | null, model: string | null): string {
  if (deviceType === 'charger') return 'ocpp16';
  if (deviceType === 'ups') return 'ups';
  if (deviceType !== 'inverter') return PLATFORM;
  const name = `${manufacturer ?? ''} ${model ?? ''}`;
  for (const [re, family] of INVERTER_FAMILIES) if (re.test(name)) return family;
  return GENERIC_INVERTER;
}

/** Whether `family` is a known catalogue family. */
export function isFamily(family: string): boolean {
  return family in textFamilies || family in TABLES;
}

/**
 * Level and description of `code` in `family` (platform codes are found from any family), in `lang`
 * (falling back to English). Unknown codes: level 3 and the code itself as text, so nothing a device
 * sends is lost; rule alarms carry their rule's level and name, stored with the alarm.
 */
export function lookupAlarm(
  family: string | null,
  code: string,
  lang: LanguageCode = 'en-US',
): CatalogEntry | null {
  const own = family ? textFamilies[family]?.[code] : undefined;
  const texts = own ?? PLATFORM_CODES[code];
  if (texts) return { level: texts[0], desc: texts[1][lang] ?? texts[1]['en-US'] };
  const row = family ? TABLES[family]?.[code] : undefined;
  if (!row) return null;
  const desc = lang === 'en-US' ? row[1] : (DATA.translations[row[1]]?.[lang] ?? row[1]);
  return { level: row[0], desc };
}

/**
 * Every code of every family with its level and its texts as stored, without the English fallback
 * of lookupAlarm (a missing language is a missing key), for checks and listings.
 */
export function catalogEntries(): { family: string; code: string; level: number; texts: Partial<Texts> }[] {
  const out: { family: string; code: string; level: number; texts: Partial<Texts> }[] = [];
  for (const [family, codes] of Object.entries(textFamilies)) {
    for (const [code, [level, texts]] of Object.entries(codes)) out.push({ family, code, level, texts });
  }
  for (const [family, codes] of Object.entries(TABLES)) {
    for (const [code, [level, en]] of Object.entries(codes)) {
      out.push({ family, code, level, texts: { ...DATA.translations[en], 'en-US': en } });
    }
  }
  return out;
}

/**
 * The catalogue codes whose description in `lang` contains `text` (case-insensitive), as parallel
 * family and code lists, at most `limit`: the alarm lists' text filter then also finds alarms by their
 * description in the viewer's language, not only by the English text stored with each alarm.
 */
export function codesDescribedAs(
  text: string,
  lang: LanguageCode,
  limit = 500,
): { families: string[]; codes: string[] } {
  const needle = text.toLocaleLowerCase(lang);
  const families: string[] = [];
  const codes: string[] = [];
  for (const e of catalogEntries()) {
    const desc = e.texts[lang] ?? e.texts['en-US'];
    if (!desc?.toLocaleLowerCase(lang).includes(needle)) continue;
    families.push(e.family);
    codes.push(e.code);
    if (codes.length >= limit) break;
  }
  return { families, codes };
}
