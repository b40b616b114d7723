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
} as const;
