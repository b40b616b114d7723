/**
 * Server messages of the official-account channel (issue 20 §4, docs/push.md "Official account");
 * spread into MESSAGES (messages.ts). Placeholders as `{name}`.
 */
export const PUSH_ACCOUNT_MESSAGES = {
  'push.account.apiFailed': {
    'en-US': 'The official account did not answer ({code}); try again later',
    'zh-CN': '公众号接口未响应（{code}），请稍后重试',
    'pt-BR': 'A conta oficial não respondeu ({code}); tente novamente mais tarde',
    'cs-CZ': 'Oficiální účet neodpověděl ({code}); zkuste to později',
  },
  'push.account.unbound': {
    'en-US': 'The official account is no longer bound to your account',
    'zh-CN': '已解除公众号绑定',
    'pt-BR': 'A conta oficial não está mais vinculada à sua conta',
    'cs-CZ': 'Oficiální účet už není propojen s vaším účtem',
  },
} as const;
