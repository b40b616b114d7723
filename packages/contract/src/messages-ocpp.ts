/**
 * Server messages of OCPP chargers (issue 22, docs/ocpp.md); spread into MESSAGES (messages.ts).
 */
export const OCPP_MESSAGES = {
  'ocpp.upgradeRequired': {
    'en-US': 'This address is for OCPP 1.6J chargers: connect with a WebSocket, subprotocol ocpp1.6',
    'zh-CN': '此地址供 OCPP 1.6J 充电桩使用：请以 WebSocket（子协议 ocpp1.6）连接',
    'pt-BR': 'Este endereço é para carregadores OCPP 1.6J: conecte por WebSocket, subprotocolo ocpp1.6',
    'cs-CZ': 'Tato adresa je pro nabíječky OCPP 1.6J: připojte se přes WebSocket, podprotokol ocpp1.6',
  },
  'ocpp.identityFormat': {
    'en-US': 'A charger identity holds only letters, digits and * - _ = + | @ .',
    'zh-CN': '充电桩标识只能包含字母、数字及 * - _ = + | @ .',
    'pt-BR': 'A identidade do carregador só pode ter letras, dígitos e * - _ = + | @ .',
    'cs-CZ': 'Identita nabíječky smí obsahovat jen písmena, číslice a * - _ = + | @ .',
  },
  'ocpp.identityTaken': {
    'en-US': 'A charger or device with identity {identity} already exists',
    'zh-CN': '标识为 {identity} 的充电桩或设备已存在',
    'pt-BR': 'Já existe um carregador ou dispositivo com a identidade {identity}',
    'cs-CZ': 'Nabíječka nebo zařízení s identitou {identity} už existuje',
  },
  'ocpp.notChargingSite': {
    'en-US': 'Chargers, id tags and charging limits belong to charging sites only',
    'zh-CN': '充电桩、卡号和充电功率限制只适用于充电电站',
    'pt-BR': 'Carregadores, tags de identificação e limites de recarga só pertencem a usinas de recarga',
    'cs-CZ': 'Nabíječky, identifikátory a limity nabíjení patří jen k nabíjecím lokalitám',
  },
  'ocpp.idTagFormat': {
    'en-US': 'An id tag holds printable characters without spaces',
    'zh-CN': '卡号只能包含可打印字符，不能有空格',
    'pt-BR': 'A tag de identificação só pode ter caracteres imprimíveis, sem espaços',
    'cs-CZ': 'Identifikátor smí obsahovat jen tisknutelné znaky bez mezer',
  },
  'ocpp.idTagTaken': {
    'en-US': 'This site already has id tag {idTag}',
    'zh-CN': '该电站已有卡号 {idTag}',
    'pt-BR': 'Esta usina já tem a tag de identificação {idTag}',
    'cs-CZ': 'Tato lokalita už identifikátor {idTag} má',
  },
  'ocpp.notACharger': {
    'en-US': 'This device is not an OCPP charger',
    'zh-CN': '该设备不是 OCPP 充电桩',
    'pt-BR': 'Este dispositivo não é um carregador OCPP',
    'cs-CZ': 'Toto zařízení není nabíječka OCPP',
  },
  'ocpp.transactionNotOpen': {
    'en-US': 'Transaction {transactionId} is not a session in progress on this charger',
    'zh-CN': '交易 {transactionId} 不是该充电桩正在进行的充电会话',
    'pt-BR': 'A transação {transactionId} não é uma sessão em andamento neste carregador',
    'cs-CZ': 'Transakce {transactionId} není probíhající relace této nabíječky',
  },
  'inventory.ocppCharger': {
    'en-US': 'Only chargers connect over OCPP: set the type to charger',
    'zh-CN': '只有充电桩可通过 OCPP 连接：类型请填 charger',
    'pt-BR': 'Só carregadores se conectam por OCPP: use o tipo charger',
    'cs-CZ': 'Přes OCPP se připojují jen nabíječky: nastavte typ charger',
  },
  'inventory.ocppIdentity': {
    'en-US':
      'An OCPP charger’s serial number is its identity: at most 48 letters, digits and * - _ = + | @ .',
    'zh-CN': 'OCPP 充电桩的序列号即其标识：最多 48 个字母、数字及 * - _ = + | @ .',
    'pt-BR':
      'O número de série de um carregador OCPP é a sua identidade: até 48 letras, dígitos e * - _ = + | @ .',
    'cs-CZ': 'Sériové číslo nabíječky OCPP je její identita: nejvýš 48 písmen, číslic a * - _ = + | @ .',
  },
  'report.col.connector': { 'en-US': 'Connector', 'zh-CN': '枪号', 'pt-BR': 'Conector', 'cs-CZ': 'Konektor' },
  'report.col.idTag': {
    'en-US': 'Id tag',
    'zh-CN': '卡号',
    'pt-BR': 'Tag de identificação',
    'cs-CZ': 'Identifikátor',
  },
  'report.col.transaction': {
    'en-US': 'Transaction',
    'zh-CN': '交易号',
    'pt-BR': 'Transação',
    'cs-CZ': 'Transakce',
  },
  'report.col.stopReason': {
    'en-US': 'Stop reason',
    'zh-CN': '结束原因',
    'pt-BR': 'Motivo do fim',
    'cs-CZ': 'Důvod ukončení',
  },
  'report.col.inferred': {
    'en-US': 'Closed by the platform',
    'zh-CN': '平台推断结束',
    'pt-BR': 'Encerrada pela plataforma',
    'cs-CZ': 'Ukončeno platformou',
  },
} as const;
