/**
 * Server messages (`msg` of the envelope) and validation messages of spec §5/§8, in every language.
 * zod schemas carry a key of this catalogue as their message; each side translates it with `translate`.
 * en-US, zh-CN and pt-BR are complete; cs-CZ falls back to en-US where a text is missing.
 */
import type { LanguageCode } from './constants';

type Texts = { 'en-US': string; 'zh-CN': string; 'pt-BR': string; 'cs-CZ'?: string };

export const MESSAGES = {
  'common.ok': {
    'en-US': 'Operation succeeded',
    'zh-CN': '操作成功',
    'pt-BR': 'Operação realizada com sucesso',
    'cs-CZ': 'Operace proběhla úspěšně',
  },
  'common.operationFailed': {
    'en-US': 'Operation failed',
    'zh-CN': '操作失败',
    'pt-BR': 'Falha na operação',
    'cs-CZ': 'Operace se nezdařila',
  },
  'common.illegalInput': {
    'en-US': 'Illegal input',
    'zh-CN': '非法输入',
    'pt-BR': 'Entrada inválida',
    'cs-CZ': 'Neplatný vstup',
  },
  'common.noPermission': {
    'en-US': 'No operation authority',
    'zh-CN': '无操作权限',
    'pt-BR': 'Sem permissão para esta operação',
    'cs-CZ': 'Nemáte oprávnění k této operaci',
  },
  'common.notFound': {
    'en-US': 'Not found',
    'zh-CN': '未找到',
    'pt-BR': 'Não encontrado',
    'cs-CZ': 'Nenalezeno',
  },
  'common.outOfRange': {
    'en-US': 'Data out of range',
    'zh-CN': '数据超出范围',
    'pt-BR': 'Dados fora do intervalo',
    'cs-CZ': 'Data mimo rozsah',
  },
  'common.limitReached': {
    'en-US': 'Quantity reached upper limit',
    'zh-CN': '数量已达上限',
    'pt-BR': 'Quantidade atingiu o limite máximo',
  },
  'common.tooManyRequests': {
    'en-US': 'Too many attempts, please try again later',
    'zh-CN': '尝试次数过多，请稍后再试',
    'pt-BR': 'Muitas tentativas, tente novamente mais tarde',
  },
  'auth.loggedOut': {
    'en-US': 'You have been logged out, you can stay on this page or sign in again',
    'zh-CN': '您已被登出，可以取消继续留在该页面，或者重新登录',
    'pt-BR': 'Sua sessão foi encerrada; você pode permanecer nesta página ou entrar novamente',
    'cs-CZ': 'Byli jste odhlášeni; můžete zůstat na stránce nebo se znovu přihlásit',
  },
  'auth.tokenInvalid': {
    'en-US': 'Invalid token, please sign in again',
    'zh-CN': '令牌无效，请重新登录',
    'pt-BR': 'Token inválido, entre novamente',
  },
  'auth.loginFailed': {
    'en-US': 'Incorrect user name or password',
    'zh-CN': '用户名或密码错误',
    'pt-BR': 'Usuário ou senha incorretos',
    'cs-CZ': 'Nesprávné uživatelské jméno nebo heslo',
  },
  'auth.accountDisabled': {
    'en-US': 'This account is disabled',
    'zh-CN': '该账号已被禁用',
    'pt-BR': 'Esta conta está desativada',
  },
  'auth.passwordNotEncrypted': {
    'en-US': 'The password must be encrypted with the server key',
    'zh-CN': '密码必须使用服务器公钥加密',
    'pt-BR': 'A senha deve ser criptografada com a chave do servidor',
  },
  'auth.loggedOutOk': { 'en-US': 'Signed out', 'zh-CN': '已退出登录', 'pt-BR': 'Sessão encerrada' },
  'validation.required': {
    'en-US': 'This field cannot be empty',
    'zh-CN': '不能为空',
    'pt-BR': 'Este campo não pode ficar vazio',
    'cs-CZ': 'Toto pole nesmí být prázdné',
  },
  'validation.email': {
    'en-US': 'Please enter a correct e-mail address',
    'zh-CN': '请输入正确的邮箱地址',
    'pt-BR': 'Informe um endereço de e-mail correto',
    'cs-CZ': 'Zadejte správnou e-mailovou adresu',
  },
  'validation.url': {
    'en-US': 'Please enter a correct URL',
    'zh-CN': '请输入正确的URL地址',
    'pt-BR': 'Informe uma URL correta',
  },
  'validation.phone': {
    'en-US': 'Please enter a correct mobile or landline number',
    'zh-CN': '请输入正确的电话号码或者固话号码',
    'pt-BR': 'Informe um número de celular ou telefone fixo correto',
  },
  'validation.name': {
    'en-US': 'Only letters, digits and underscore are allowed',
    'zh-CN': '仅能输入英文字母，数字以及下划线',
    'pt-BR': 'Apenas letras, dígitos e sublinhado são permitidos',
  },
  'validation.noAngle': {
    'en-US': 'The characters < and > are not allowed',
    'zh-CN': '不能包含 < 或 >',
    'pt-BR': 'Os caracteres < e > não são permitidos',
  },
  'validation.length': {
    'en-US': 'Length must be between {min} and {max} characters',
    'zh-CN': '长度在 {min} 到 {max} 个字符',
    'pt-BR': 'O tamanho deve estar entre {min} e {max} caracteres',
  },
  'validation.number': {
    'en-US': 'Please enter a number',
    'zh-CN': '请输入数字',
    'pt-BR': 'Informe um número',
  },
  'validation.date': {
    'en-US': 'Please enter a date as YYYY-MM-DD',
    'zh-CN': '请输入 YYYY-MM-DD 格式的日期',
    'pt-BR': 'Informe uma data no formato AAAA-MM-DD',
  },
  'validation.systemType': {
    'en-US': 'Unknown system type',
    'zh-CN': '未知的系统类型',
    'pt-BR': 'Tipo de sistema desconhecido',
  },
  'validation.passwordLength': {
    'en-US': 'The password needs at least 8 characters',
    'zh-CN': '密码至少 8 位',
    'pt-BR': 'A senha precisa de pelo menos 8 caracteres',
  },
  'validation.passwordKinds': {
    'en-US': 'Use at least 3 of: uppercase, lowercase, digits, special characters',
    'zh-CN': '至少包含大写字母、小写字母、数字、特殊字符中的 3 种',
    'pt-BR': 'Use pelo menos 3 de: maiúsculas, minúsculas, dígitos, caracteres especiais',
  },
  'validation.passwordIsName': {
    'en-US': 'The password cannot equal the user name',
    'zh-CN': '密码不能与用户名相同',
    'pt-BR': 'A senha não pode ser igual ao nome de usuário',
  },
  'validation.passwordMismatch': {
    'en-US': 'The two passwords do not match',
    'zh-CN': '两次输入密码不一致',
    'pt-BR': 'As duas senhas não coincidem',
  },
} as const satisfies Record<string, Texts>;

/** A key of the message catalogue. */
export type MessageKey = keyof typeof MESSAGES;

/** True when `key` names a catalogue message (zod issue messages may be keys or plain text). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * Text of `key` in `language` with `{name}` placeholders filled from `params`; cs-CZ (and any
 * unknown language) falls back to en-US.
 */
export function translate(
  key: MessageKey,
  language: LanguageCode | string,
  params: Record<string, string | number> = {},
): string {
  const texts: Texts = MESSAGES[key];
  const text = (texts as Record<string, string | undefined>)[language] ?? texts['en-US'];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
