/**
 * Server messages of push (issue 20) and of the messages it sends, in every language; spread into
 * MESSAGES (messages.ts), so `translate` and MessageKey cover them. Placeholders as `{name}`.
 */
export const PUSH_MESSAGES = {
  'push.tooMany': {
    'en-US': 'Choose at most {max} items',
    'zh-CN': '最多选择 {max} 项',
    'pt-BR': 'Escolha no máximo {max} itens',
    'cs-CZ': 'Vyberte nejvýše {max} položek',
  },
  'push.channelRequired': {
    'en-US': 'Choose at least one channel',
    'zh-CN': '请至少选择一个推送渠道',
    'pt-BR': 'Escolha pelo menos um canal',
    'cs-CZ': 'Vyberte alespoň jeden kanál',
  },
  'push.levelRequired': {
    'en-US': 'Choose at least one alarm level',
    'zh-CN': '请至少选择一个告警级别',
    'pt-BR': 'Escolha pelo menos um nível de alarme',
    'cs-CZ': 'Vyberte alespoň jednu úroveň alarmu',
  },
  'push.periodRequired': {
    'en-US': 'Choose how often the report is sent',
    'zh-CN': '请选择报表推送周期',
    'pt-BR': 'Escolha com que frequência o relatório é enviado',
    'cs-CZ': 'Vyberte, jak často se zpráva posílá',
  },
  'push.timeRequired': {
    'en-US': 'Choose the time the report is sent',
    'zh-CN': '请选择报表推送时间',
    'pt-BR': 'Escolha o horário de envio do relatório',
    'cs-CZ': 'Vyberte čas odeslání zprávy',
  },
  'push.quietBothEnds': {
    'en-US': 'Quiet hours need a start and an end',
    'zh-CN': '免打扰时段需要开始和结束时间',
    'pt-BR': 'O horário de silêncio precisa de início e fim',
    'cs-CZ': 'Doba klidu potřebuje začátek i konec',
  },
  'push.badEndpoint': {
    'en-US': 'This browser’s push address is not accepted',
    'zh-CN': '不接受该浏览器的推送地址',
    'pt-BR': 'O endereço de push deste navegador não é aceito',
    'cs-CZ': 'Adresa pro oznámení tohoto prohlížeče není přijata',
  },
  'push.mailboxUnverified': {
    'en-US': 'Only a verified mailbox receives pushes',
    'zh-CN': '只有已验证的邮箱才能接收推送',
    'pt-BR': 'Só uma caixa de correio verificada recebe notificações',
    'cs-CZ': 'Oznámení dostává jen ověřená schránka',
  },
  'push.mailboxExists': {
    'en-US': 'This mailbox is already on your list',
    'zh-CN': '该邮箱已在列表中',
    'pt-BR': 'Esta caixa de correio já está na sua lista',
    'cs-CZ': 'Tato schránka už je ve vašem seznamu',
  },
  'push.codeSent': {
    'en-US': 'A verification code was sent to {email}',
    'zh-CN': '验证码已发送至 {email}',
    'pt-BR': 'Um código de verificação foi enviado para {email}',
    'cs-CZ': 'Ověřovací kód byl odeslán na {email}',
  },
  'push.testQueued': {
    'en-US': 'Test message sent to {count} recipient(s); see the delivery log',
    'zh-CN': '测试消息已发送给 {count} 个接收方，请查看推送记录',
    'pt-BR': 'Mensagem de teste enviada a {count} destinatário(s); veja o registro de envios',
    'cs-CZ': 'Zkušební zpráva odeslána {count} příjemcům; viz záznam doručení',
  },
  'push.channelNotSetUp': {
    'en-US':
      'This channel is not set up on the platform yet; messages wait until the administrator sets it up',
    'zh-CN': '平台尚未配置该渠道，消息将等待管理员配置后发送',
    'pt-BR': 'Este canal ainda não está configurado; as mensagens aguardam até o administrador configurá-lo',
    'cs-CZ': 'Tento kanál ještě není nastaven; zprávy čekají, až jej správce nastaví',
  },
  'push.noRecipient': {
    'en-US': 'You have no recipient on this channel yet',
    'zh-CN': '您在该渠道还没有接收方',
    'pt-BR': 'Você ainda não tem destinatário neste canal',
    'cs-CZ': 'Na tomto kanálu zatím nemáte příjemce',
  },
  'push.reason.quietHours': {
    'en-US': 'Quiet hours',
    'zh-CN': '免打扰时段',
    'pt-BR': 'Horário de silêncio',
    'cs-CZ': 'Doba klidu',
  },
  'push.reason.flapping': {
    'en-US': 'Repeated within 10 minutes: in the digest',
    'zh-CN': '10 分钟内重复：合并在摘要中',
    'pt-BR': 'Repetido em 10 minutos: no resumo',
    'cs-CZ': 'Opakováno do 10 minut: v souhrnu',
  },
  'push.reason.noAccess': {
    'en-US': 'The site is no longer shared with this account',
    'zh-CN': '该站点已不再共享给此账号',
    'pt-BR': 'O site não é mais compartilhado com esta conta',
    'cs-CZ': 'Lokalita už tomuto účtu není sdílena',
  },
  'push.reason.notSetUp': {
    'en-US': 'Waiting: the channel is not set up',
    'zh-CN': '等待中：渠道尚未配置',
    'pt-BR': 'Aguardando: o canal não está configurado',
    'cs-CZ': 'Čeká: kanál není nastaven',
  },
  'push.reason.gone': {
    'en-US': 'The browser ended its subscription',
    'zh-CN': '浏览器已取消订阅',
    'pt-BR': 'O navegador encerrou a inscrição',
    'cs-CZ': 'Prohlížeč ukončil odběr',
  },
  'push.reason.unbound': {
    'en-US': 'The recipient is no longer bound',
    'zh-CN': '接收方已解除绑定',
    'pt-BR': 'O destinatário não está mais vinculado',
    'cs-CZ': 'Příjemce už není připojen',
  },
} as const;
