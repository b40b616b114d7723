/**
 * Server messages of remote settings (issue 21, docs/commands.md), in every language; spread into MESSAGES
 * (messages.ts), so `translate` and MessageKey cover them. The two SOC sentences are spec §5's wording,
 * one for each direction.
 */
export const COMMAND_MESSAGES = {
  'params.socGapOnGrid': {
    'en-US': 'The grid-tied lower SOC limit must be at least 10% above the off-grid lower limit',
    'zh-CN': '并网SOC下限必须比离网SOC下限至少高10%',
    'pt-BR':
      'O limite inferior de SOC conectado à rede deve ser pelo menos 10% acima do limite inferior fora da rede',
    'cs-CZ':
      'Dolní mez SOC při připojení k síti musí být alespoň o 10 % vyšší než dolní mez v ostrovním režimu',
  },
  'params.socGapOffGrid': {
    'en-US': 'The off-grid lower SOC limit must be at least 10% below the grid-tied lower limit',
    'zh-CN': '离网SOC下限必须比并网SOC下限至少低10%',
    'pt-BR':
      'O limite inferior de SOC fora da rede deve ser pelo menos 10% abaixo do limite inferior conectado à rede',
    'cs-CZ':
      'Dolní mez SOC v ostrovním režimu musí být alespoň o 10 % nižší než dolní mez při připojení k síti',
  },
  'params.slotOrder': {
    'en-US': 'A period must end after it starts (split a period that crosses midnight in two)',
    'zh-CN': '时段的结束时间必须晚于开始时间（跨零点的时段请拆成两段）',
    'pt-BR': 'Um período deve terminar depois de começar (divida em dois um período que passa da meia-noite)',
    'cs-CZ': 'Období musí skončit až po svém začátku (období přes půlnoc rozdělte na dvě)',
  },
  'params.slotOverlap': {
    'en-US': 'Price periods must not overlap',
    'zh-CN': '峰谷电价时段不能重叠',
    'pt-BR': 'Os períodos de tarifa não podem se sobrepor',
    'cs-CZ': 'Tarifní období se nesmějí překrývat',
  },
  'params.empty': {
    'en-US': 'Choose at least one parameter to change',
    'zh-CN': '请至少选择一个要修改的参数',
    'pt-BR': 'Escolha pelo menos um parâmetro para alterar',
    'cs-CZ': 'Vyberte alespoň jeden parametr ke změně',
  },
  'params.notOfDevice': {
    'en-US': 'This device has no such parameter',
    'zh-CN': '该设备没有此参数',
    'pt-BR': 'Este dispositivo não tem esse parâmetro',
    'cs-CZ': 'Toto zařízení takový parametr nemá',
  },
  'params.unchanged': {
    'en-US': 'The device already has these values; nothing was sent',
    'zh-CN': '设备已是这些参数值，未下发指令',
    'pt-BR': 'O dispositivo já tem esses valores; nada foi enviado',
    'cs-CZ': 'Zařízení už tyto hodnoty má; nic nebylo odesláno',
  },
  'params.recorded': {
    'en-US': 'Command recorded; it is sent to the device and followed until the device confirms it',
    'zh-CN': '指令已记录，将下发至设备并跟踪至设备确认',
    'pt-BR': 'Comando registrado; ele é enviado ao dispositivo e acompanhado até o dispositivo confirmar',
    'cs-CZ': 'Příkaz zaznamenán; je odeslán do zařízení a sledován, dokud jej zařízení nepotvrdí',
  },
} as const;

/**
 * Rules whose refusal is "data out of range" (spec §5, status 42200) rather than 非法输入: a value the
 * field can hold, but not with the others.
 */
export const RANGE_RULE_KEYS: ReadonlySet<string> = new Set([
  'common.outOfRange',
  'params.socGapOnGrid',
  'params.socGapOffGrid',
  'params.slotOrder',
  'params.slotOverlap',
]);
