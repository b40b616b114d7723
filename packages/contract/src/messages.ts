/**
 * Server messages (`msg` of the envelope) and validation messages of spec §5/§8, in every language.
 * zod schemas carry a key of this catalogue as their message; each side translates it with `translate`.
 * Every offered language (en-US, zh-CN, pt-BR, cs-CZ) has every text: the type requires each one.
 */
import type { LanguageCode } from './constants';
import { COMMAND_MESSAGES } from './messages-commands';
import { OCPP_MESSAGES } from './messages-ocpp';
import { PUSH_MESSAGES } from './messages-push';
import { PUSH_ACCOUNT_MESSAGES } from './messages-push-account';

type Texts = { 'en-US': string; 'zh-CN': string; 'pt-BR': string; 'cs-CZ': string };

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
    'cs-CZ': 'Byl dosažen maximální počet',
  },
  'common.requestTimeout': {
    'en-US':
      'The request took too long and was stopped; choose a shorter period or fewer sites and try again',
    'zh-CN': '请求处理时间过长，已被终止；请缩短时间范围或减少电站后重试',
    'pt-BR':
      'A solicitação demorou demais e foi interrompida; escolha um período menor ou menos usinas e tente novamente',
    'cs-CZ':
      'Požadavek trval příliš dlouho a byl zastaven; zvolte kratší období nebo méně lokalit a zkuste to znovu',
  },
  'common.tooManyRequests': {
    'en-US': 'Too many attempts, please try again later',
    'zh-CN': '尝试次数过多，请稍后再试',
    'pt-BR': 'Muitas tentativas, tente novamente mais tarde',
    'cs-CZ': 'Příliš mnoho pokusů, zkuste to prosím později',
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
    'cs-CZ': 'Neplatný token, přihlaste se prosím znovu',
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
    'cs-CZ': 'Tento účet je zablokován',
  },
  'auth.passwordNotEncrypted': {
    'en-US': 'The password must be encrypted with the server key',
    'zh-CN': '密码必须使用服务器公钥加密',
    'pt-BR': 'A senha deve ser criptografada com a chave do servidor',
    'cs-CZ': 'Heslo musí být zašifrováno klíčem serveru',
  },
  'auth.loggedOutOk': {
    'en-US': 'Signed out',
    'zh-CN': '已退出登录',
    'pt-BR': 'Sessão encerrada',
    'cs-CZ': 'Odhlášeno',
  },
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
    'cs-CZ': 'Zadejte prosím platnou adresu URL',
  },
  'validation.phone': {
    'en-US': 'Please enter a correct mobile or landline number',
    'zh-CN': '请输入正确的电话号码或者固话号码',
    'pt-BR': 'Informe um número de celular ou telefone fixo correto',
    'cs-CZ': 'Zadejte prosím platné číslo mobilu nebo pevné linky',
  },
  'validation.name': {
    'en-US': 'Only letters, digits and underscore are allowed',
    'zh-CN': '仅能输入英文字母，数字以及下划线',
    'pt-BR': 'Apenas letras, dígitos e sublinhado são permitidos',
    'cs-CZ': 'Povolena jsou jen písmena, číslice a podtržítko',
  },
  'validation.noAngle': {
    'en-US': 'The characters < and > are not allowed',
    'zh-CN': '不能包含 < 或 >',
    'pt-BR': 'Os caracteres < e > não são permitidos',
    'cs-CZ': 'Znaky < a > nejsou povoleny',
  },
  'validation.length': {
    'en-US': 'Length must be between {min} and {max} characters',
    'zh-CN': '长度在 {min} 到 {max} 个字符',
    'pt-BR': 'O tamanho deve estar entre {min} e {max} caracteres',
    'cs-CZ': 'Délka musí být od {min} do {max} znaků',
  },
  'validation.number': {
    'en-US': 'Please enter a number',
    'zh-CN': '请输入数字',
    'pt-BR': 'Informe um número',
    'cs-CZ': 'Zadejte prosím číslo',
  },
  'validation.date': {
    'en-US': 'Please enter a date as YYYY-MM-DD',
    'zh-CN': '请输入 YYYY-MM-DD 格式的日期',
    'pt-BR': 'Informe uma data no formato AAAA-MM-DD',
    'cs-CZ': 'Zadejte prosím datum ve tvaru RRRR-MM-DD',
  },
  'validation.systemType': {
    'en-US': 'Unknown system type',
    'zh-CN': '未知的系统类型',
    'pt-BR': 'Tipo de sistema desconhecido',
    'cs-CZ': 'Neznámý typ systému',
  },
  'validation.passwordLength': {
    'en-US': 'The password needs at least 8 characters',
    'zh-CN': '密码至少 8 位',
    'pt-BR': 'A senha precisa de pelo menos 8 caracteres',
    'cs-CZ': 'Heslo musí mít alespoň 8 znaků',
  },
  'validation.passwordKinds': {
    'en-US': 'Use at least 3 of: uppercase, lowercase, digits, special characters',
    'zh-CN': '至少包含大写字母、小写字母、数字、特殊字符中的 3 种',
    'pt-BR': 'Use pelo menos 3 de: maiúsculas, minúsculas, dígitos, caracteres especiais',
    'cs-CZ': 'Použijte alespoň 3 z těchto druhů: velká písmena, malá písmena, číslice, speciální znaky',
  },
  'validation.passwordIsName': {
    'en-US': 'The password cannot equal the user name',
    'zh-CN': '密码不能与用户名相同',
    'pt-BR': 'A senha não pode ser igual ao nome de usuário',
    'cs-CZ': 'Heslo nesmí být stejné jako uživatelské jméno',
  },
  'validation.passwordMismatch': {
    'en-US': 'The two passwords do not match',
    'zh-CN': '两次输入密码不一致',
    'pt-BR': 'As duas senhas não coincidem',
    'cs-CZ': 'Zadaná hesla se neshodují',
  },
  'validation.smtpHost': {
    'en-US': 'Please enter a correct SMTP server address',
    'zh-CN': '请输入正确的SMTP服务器地址',
    'pt-BR': 'Informe um endereço de servidor SMTP correto',
    'cs-CZ': 'Zadejte prosím platnou adresu serveru SMTP',
  },
  'validation.port': {
    'en-US': 'Please enter a port between 1 and 65535',
    'zh-CN': '请输入 1 到 65535 之间的端口',
    'pt-BR': 'Informe uma porta entre 1 e 65535',
    'cs-CZ': 'Zadejte prosím port od 1 do 65535',
  },
  'validation.ip': {
    'en-US': 'Please enter a correct IP address',
    'zh-CN': '请输入正确的IP地址',
    'pt-BR': 'Informe um endereço IP correto',
    'cs-CZ': 'Zadejte prosím platnou IP adresu',
  },
  'validation.idNumber': {
    'en-US': 'Please enter a correct ID number',
    'zh-CN': '请输入正确的身份证号码',
    'pt-BR': 'Informe um número de documento correto',
    'cs-CZ': 'Zadejte prosím platné číslo průkazu totožnosti',
  },
  'validation.code': {
    'en-US': 'The verification code is 6 letters or digits',
    'zh-CN': '验证码为 6 位字母或数字',
    'pt-BR': 'O código de verificação tem 6 letras ou dígitos',
    'cs-CZ': 'Ověřovací kód má 6 písmen nebo číslic',
  },
  'validation.nameTaken': {
    'en-US': 'This user name is already taken',
    'zh-CN': '该用户名已被占用',
    'pt-BR': 'Este nome de usuário já está em uso',
    'cs-CZ': 'Toto uživatelské jméno je již obsazené',
  },
  'validation.imageType': {
    'en-US': 'Please choose a PNG, JPEG or WebP image',
    'zh-CN': '请选择 PNG、JPEG 或 WebP 图片',
    'pt-BR': 'Escolha uma imagem PNG, JPEG ou WebP',
    'cs-CZ': 'Vyberte prosím obrázek PNG, JPEG nebo WebP',
  },
  'validation.imageSize': {
    'en-US': 'The image must be at most {maxKb} KB',
    'zh-CN': '图片不能超过 {maxKb} KB',
    'pt-BR': 'A imagem deve ter no máximo {maxKb} KB',
    'cs-CZ': 'Obrázek může mít nejvýše {maxKb} kB',
  },
  'account.registered': {
    'en-US': 'Registered',
    'zh-CN': '注册成功',
    'pt-BR': 'Cadastro realizado',
    'cs-CZ': 'Registrace proběhla úspěšně',
  },
  'account.resetOk': {
    'en-US': 'Reset succeeded',
    'zh-CN': '重置成功',
    'pt-BR': 'Redefinição realizada com sucesso',
    'cs-CZ': 'Obnovení proběhlo úspěšně',
  },
  'account.emailVerified': {
    'en-US': 'E-mail verified',
    'zh-CN': '邮箱验证成功',
    'pt-BR': 'E-mail verificado',
    'cs-CZ': 'E-mail byl ověřen',
  },
  'account.emailAlreadyVerified': {
    'en-US': 'This e-mail is already verified',
    'zh-CN': '邮箱已验证',
    'pt-BR': 'Este e-mail já foi verificado',
    'cs-CZ': 'Tento e-mail je již ověřen',
  },
  'account.useOtherMethods': {
    'en-US': 'Please use other methods to retrieve the password',
    'zh-CN': '请使用其他方式找回密码',
    'pt-BR': 'Use outros métodos para recuperar a senha',
    'cs-CZ': 'Pro obnovení hesla použijte prosím jiný způsob',
  },
  'account.codeSent': {
    'en-US': 'A verification code was sent to {address}',
    'zh-CN': '验证码已发送至 {address}',
    'pt-BR': 'Um código de verificação foi enviado para {address}',
    'cs-CZ': 'Ověřovací kód byl odeslán na {address}',
  },
  /** password/back: the one answer for every user name, folding in spec §8's "use other methods". */
  'account.codeSentIfRecoverable': {
    'en-US':
      'If this account has a verified e-mail, a verification code was sent to it. Otherwise, please use other methods to retrieve the password',
    'zh-CN': '如该账号已验证邮箱，验证码已发送至该邮箱；否则请使用其他方式找回密码',
    'pt-BR':
      'Se esta conta tiver um e-mail verificado, um código de verificação foi enviado para ele. Caso contrário, use outros métodos para recuperar a senha',
    'cs-CZ':
      'Pokud má tento účet ověřený e-mail, byl na něj odeslán ověřovací kód. Jinak prosím obnovte heslo jiným způsobem',
  },
  'account.invalidCode': {
    'en-US': 'Invalid verification code',
    'zh-CN': '无效验证码',
    'pt-BR': 'Código de verificação inválido',
    'cs-CZ': 'Neplatný ověřovací kód',
  },
  'account.codeTooSoon': {
    'en-US': 'Please wait {seconds} s before asking for another code',
    'zh-CN': '请 {seconds} 秒后再获取验证码',
    'pt-BR': 'Aguarde {seconds} s antes de pedir outro código',
    'cs-CZ': 'Před vyžádáním dalšího kódu počkejte prosím {seconds} s',
  },
  'account.deleted': {
    'en-US': 'Account deletion succeeded',
    'zh-CN': '账号注销成功',
    'pt-BR': 'Conta excluída com sucesso',
    'cs-CZ': 'Účet byl smazán',
  },
  'account.passwordChanged': {
    'en-US': 'Password changed; other sessions were signed out',
    'zh-CN': '密码已修改，其他会话已退出',
    'pt-BR': 'Senha alterada; as outras sessões foram encerradas',
    'cs-CZ': 'Heslo bylo změněno; ostatní relace byly odhlášeny',
  },
  'account.wrongPassword': {
    'en-US': 'The current password is not correct',
    'zh-CN': '当前密码不正确',
    'pt-BR': 'A senha atual não está correta',
    'cs-CZ': 'Současné heslo není správné',
  },
  'common.cancelled': {
    'en-US': 'Operation cancelled',
    'zh-CN': '操作已取消',
    'pt-BR': 'Operação cancelada',
    'cs-CZ': 'Operace byla zrušena',
  },
  'common.exportFailed': {
    'en-US': 'Export failed',
    'zh-CN': '导出失败',
    'pt-BR': 'Falha na exportação',
    'cs-CZ': 'Export se nezdařil',
  },
  'device.alreadyOwned': {
    'en-US': 'You already own the device',
    'zh-CN': '您已拥有该设备',
    'pt-BR': 'Você já possui este dispositivo',
    'cs-CZ': 'Toto zařízení již vlastníte',
  },
  'device.pairMismatch': {
    'en-US': 'No device has this serial number and communication serial number',
    'zh-CN': '序列号与通讯序列号不匹配任何设备',
    'pt-BR': 'Nenhum dispositivo tem este número de série e número de série de comunicação',
    'cs-CZ': 'Žádné zařízení nemá toto sériové číslo a sériové číslo komunikačního modulu',
  },
  'device.heldByOther': {
    'en-US': 'This device is registered to another account',
    'zh-CN': '该设备已被其他账号绑定',
    'pt-BR': 'Este dispositivo está registrado em outra conta',
    'cs-CZ': 'Toto zařízení je registrováno k jinému účtu',
  },
  'device.serialTaken': {
    'en-US': 'A device with serial number {serialNumber} already exists',
    'zh-CN': '序列号为 {serialNumber} 的设备已存在',
    'pt-BR': 'Já existe um dispositivo com o número de série {serialNumber}',
    'cs-CZ': 'Zařízení se sériovým číslem {serialNumber} již existuje',
  },
  'group.duplicateName': {
    'en-US': 'You already have a group with this name',
    'zh-CN': '已存在同名分组',
    'pt-BR': 'Você já tem um grupo com este nome',
    'cs-CZ': 'Skupinu s tímto názvem již máte',
  },
  'group.defaultFixed': {
    'en-US': 'The default group cannot be deleted',
    'zh-CN': '默认分组不能删除',
    'pt-BR': 'O grupo padrão não pode ser excluído',
    'cs-CZ': 'Výchozí skupinu nelze smazat',
  },
  'validation.country': {
    'en-US': 'Enter a two-letter country code',
    'zh-CN': '请输入两位字母的国家代码',
    'pt-BR': 'Informe um código de país de duas letras',
    'cs-CZ': 'Zadejte dvoupísmenný kód země',
  },
  'validation.choice': {
    'en-US': 'Choose a value from the list',
    'zh-CN': '请从列表中选择',
    'pt-BR': 'Escolha um valor da lista',
    'cs-CZ': 'Vyberte hodnotu ze seznamu',
  },
  'qr.expired': {
    'en-US': 'The QR code has expired, please refresh it',
    'zh-CN': '二维码已过期，请刷新',
    'pt-BR': 'O código QR expirou, atualize-o',
    'cs-CZ': 'Platnost QR kódu vypršela, obnovte jej prosím',
  },
  'qr.notConfirmed': {
    'en-US': 'The sign-in was not confirmed on the phone',
    'zh-CN': '尚未在手机上确认登录',
    'pt-BR': 'O acesso não foi confirmado no celular',
    'cs-CZ': 'Přihlášení nebylo v telefonu potvrzeno',
  },
  'mail.testSent': {
    'en-US': 'Test mail queued for {address}',
    'zh-CN': '测试邮件已加入发送队列：{address}',
    'pt-BR': 'E-mail de teste enfileirado para {address}',
    'cs-CZ': 'Zkušební e-mail pro {address} je zařazen k odeslání',
  },
  'mail.planReminderSubject': {
    'en-US': 'Your report plan ends soon',
    'zh-CN': '您的报表套餐即将到期',
    'pt-BR': 'Seu plano de relatórios termina em breve',
    'cs-CZ': 'Vaše předplatné přehledů brzy skončí',
  },
  'mail.planReminderBody': {
    'en-US':
      'Your {months}-month report plan ends on {date} (UTC). To keep your periodic reports and pushes, order a new plan in your personal centre; customer service confirms the payment.',
    'zh-CN':
      '您的 {months} 个月报表套餐将于 {date}（UTC）到期。如需继续接收定期报表和推送，请在个人中心订购新套餐，客服确认付款后生效。',
    'pt-BR':
      'Seu plano de relatórios de {months} meses termina em {date} (UTC). Para continuar recebendo relatórios e envios periódicos, peça um novo plano no centro pessoal; o atendimento confirma o pagamento.',
    'cs-CZ':
      'Vaše {months}měsíční předplatné přehledů končí {date} (UTC). Chcete-li dál dostávat pravidelné přehledy a oznámení, objednejte si nové v osobním centru; zákaznická podpora potvrdí platbu.',
  },
  'mail.codeSubject': {
    'en-US': 'Your verification code',
    'zh-CN': '您的验证码',
    'pt-BR': 'Seu código de verificação',
    'cs-CZ': 'Váš ověřovací kód',
  },
  'mail.codeBody': {
    'en-US':
      'Your verification code is {code}. It is valid for 10 minutes and can be used once. If you did not ask for it, ignore this mail.',
    'zh-CN': '您的验证码是 {code}，10 分钟内有效，仅可使用一次。如非本人操作，请忽略此邮件。',
    'pt-BR':
      'Seu código de verificação é {code}. Ele vale por 10 minutos e pode ser usado uma vez. Se você não o pediu, ignore este e-mail.',
    'cs-CZ':
      'Váš ověřovací kód je {code}. Platí 10 minut a lze jej použít jednou. Pokud jste o něj nežádali, tento e-mail ignorujte.',
  },
  'mail.testSubject': {
    'en-US': 'Test mail from Energy Cloud',
    'zh-CN': 'Energy Cloud 测试邮件',
    'pt-BR': 'E-mail de teste do Energy Cloud',
    'cs-CZ': 'Zkušební e-mail z Energy Cloud',
  },
  'mail.testBody': {
    'en-US': 'The SMTP settings work: this mail was delivered.',
    'zh-CN': 'SMTP 设置可用：此邮件已成功送达。',
    'pt-BR': 'As configurações SMTP funcionam: este e-mail foi entregue.',
    'cs-CZ': 'Nastavení SMTP funguje: tento e-mail byl doručen.',
  },
  'admin.selfDisable': {
    'en-US': 'You cannot disable your own account',
    'zh-CN': '不能禁用自己的账号',
    'pt-BR': 'Você não pode desativar a sua própria conta',
    'cs-CZ': 'Vlastní účet nemůžete zablokovat',
  },
  'admin.dictionaryDuplicate': {
    'en-US': 'This dictionary already has an item with this value',
    'zh-CN': '该字典中已存在相同值的条目',
    'pt-BR': 'Este dicionário já tem um item com este valor',
    'cs-CZ': 'Tento číselník již položku s touto hodnotou obsahuje',
  },
  'account.lastAdmin': {
    'en-US': 'The last administrator account cannot be deleted',
    'zh-CN': '不能注销最后一个管理员账号',
    'pt-BR': 'A última conta de administrador não pode ser excluída',
    'cs-CZ': 'Poslední účet správce nelze smazat',
  },
  // Issue 10: friends, site sharing, station attachment.
  'social.friendAsked': {
    'en-US': 'Added, awaiting the other side',
    'zh-CN': '已添加，等待对方确认',
    'pt-BR': 'Adicionado, aguardando a outra parte',
    'cs-CZ': 'Přidáno, čeká se na druhou stranu',
  },
  'social.accepted': { 'en-US': 'Accepted', 'zh-CN': '已接受', 'pt-BR': 'Aceito', 'cs-CZ': 'Přijato' },
  'social.refused': { 'en-US': 'Refused', 'zh-CN': '已拒绝', 'pt-BR': 'Recusado', 'cs-CZ': 'Odmítnuto' },
  'social.friendDeleted': {
    'en-US': 'Friend deleted',
    'zh-CN': '好友已删除',
    'pt-BR': 'Amigo excluído',
    'cs-CZ': 'Přítel byl odebrán',
  },
  'social.askSelf': {
    'en-US': 'You cannot add yourself as a friend',
    'zh-CN': '不能添加自己为好友',
    'pt-BR': 'Você não pode adicionar a si mesmo como amigo',
    'cs-CZ': 'Sami sebe nemůžete přidat jako přítele',
  },
  'social.unknownName': {
    'en-US': 'No account has this user name',
    'zh-CN': '没有该用户名的账号',
    'pt-BR': 'Nenhuma conta tem este nome de usuário',
    'cs-CZ': 'Žádný účet nemá toto uživatelské jméno',
  },
  'social.alreadyFriends': {
    'en-US': 'You are already friends',
    'zh-CN': '你们已经是好友',
    'pt-BR': 'Vocês já são amigos',
    'cs-CZ': 'Již jste přátelé',
  },
  'social.alreadyAsked': {
    'en-US': 'A friend request between you is already pending',
    'zh-CN': '你们之间已有待处理的好友申请',
    'pt-BR': 'Já existe um pedido de amizade pendente entre vocês',
    'cs-CZ': 'Žádost o přátelství mezi vámi již čeká na vyřízení',
  },
  'social.notFriend': {
    'en-US': 'You can only share a site with a friend',
    'zh-CN': '只能与好友分享电站',
    'pt-BR': 'Você só pode compartilhar uma usina com um amigo',
    'cs-CZ': 'Lokalitu můžete sdílet jen s přítelem',
  },
  'social.alreadyShared': {
    'en-US': 'This site is already shared with this friend',
    'zh-CN': '该电站已分享给此好友',
    'pt-BR': 'Esta usina já está compartilhada com este amigo',
    'cs-CZ': 'Tato lokalita je s tímto přítelem již sdílena',
  },
  'social.shared': {
    'en-US': 'Shared, awaiting the other side',
    'zh-CN': '已分享，等待对方确认',
    'pt-BR': 'Compartilhado, aguardando a outra parte',
    'cs-CZ': 'Sdíleno, čeká se na druhou stranu',
  },
  'social.shareStopped': {
    'en-US': 'Sharing stopped',
    'zh-CN': '已停止分享',
    'pt-BR': 'Compartilhamento encerrado',
    'cs-CZ': 'Sdílení bylo ukončeno',
  },
  'social.groupRequired': {
    'en-US': 'Choose one of your groups first (create one if you have none)',
    'zh-CN': '请先选择一个分组（如没有请先创建）',
    'pt-BR': 'Escolha primeiro um dos seus grupos (crie um se não tiver)',
    'cs-CZ': 'Nejprve vyberte jednu ze svých skupin (pokud žádnou nemáte, vytvořte ji)',
  },
  'social.linkSelf': {
    'en-US': 'A station cannot be attached under itself or its own subordinates',
    'zh-CN': '电站不能挂靠在自身或其下级电站下',
    'pt-BR': 'Uma usina não pode ser vinculada a si mesma ou às suas subordinadas',
    'cs-CZ': 'Lokalitu nelze připojit pod ni samotnou ani pod její podřízené lokality',
  },
  'social.alreadyLinked': {
    'en-US': 'This station already has an attachment asked or accepted',
    'zh-CN': '该电站已有待处理或已接受的挂靠',
    'pt-BR': 'Esta usina já tem um vínculo pedido ou aceito',
    'cs-CZ': 'Pro tuto lokalitu již existuje žádost o připojení nebo přijaté připojení',
  },
  'social.linkAsked': {
    'en-US': 'Asked, awaiting the superior station’s owner',
    'zh-CN': '已申请，等待上级电站所有者确认',
    'pt-BR': 'Pedido enviado, aguardando o dono da usina superior',
    'cs-CZ': 'Požádáno, čeká se na vlastníka nadřazené lokality',
  },
  'social.cancelled': {
    'en-US': 'Operation cancelled',
    'zh-CN': '操作已取消',
    'pt-BR': 'Operação cancelada',
    'cs-CZ': 'Operace byla zrušena',
  },
  'social.noRequest': {
    'en-US': 'There is no such request waiting for you',
    'zh-CN': '没有等待您处理的该申请',
    'pt-BR': 'Não há tal pedido aguardando você',
    'cs-CZ': 'Žádná taková žádost na vás nečeká',
  },
  // ---- Issue 8: history and reports ----
  'validation.time': {
    'en-US': 'Enter a time as HH:mm',
    'zh-CN': '请输入 HH:mm 格式的时间',
    'pt-BR': 'Informe um horário no formato HH:mm',
    'cs-CZ': 'Zadejte čas ve tvaru HH:mm',
  },
  'report.col.period': { 'en-US': 'Period', 'zh-CN': '时段', 'pt-BR': 'Período', 'cs-CZ': 'Období' },
  'report.col.production': {
    'en-US': 'Production',
    'zh-CN': '发电量',
    'pt-BR': 'Produção',
    'cs-CZ': 'Výroba',
  },
  'report.col.consumption': {
    'en-US': 'Consumption',
    'zh-CN': '用电量',
    'pt-BR': 'Consumo',
    'cs-CZ': 'Spotřeba',
  },
  'report.col.gridBuy': {
    'en-US': 'Grid purchase',
    'zh-CN': '购电量',
    'pt-BR': 'Compra da rede',
    'cs-CZ': 'Odběr ze sítě',
  },
  'report.col.gridSell': {
    'en-US': 'Feed-in',
    'zh-CN': '上网电量',
    'pt-BR': 'Injeção na rede',
    'cs-CZ': 'Přetok do sítě',
  },
  'report.col.charge': {
    'en-US': 'Storage charge',
    'zh-CN': '储能充电',
    'pt-BR': 'Carga do armazenamento',
    'cs-CZ': 'Nabíjení baterie',
  },
  'report.col.discharge': {
    'en-US': 'Storage discharge',
    'zh-CN': '储能放电',
    'pt-BR': 'Descarga do armazenamento',
    'cs-CZ': 'Vybíjení baterie',
  },
  'report.col.specificYield': {
    'en-US': 'Specific yield',
    'zh-CN': '等效利用小时',
    'pt-BR': 'Rendimento específico',
    'cs-CZ': 'Měrná výroba',
  },
  'report.col.selfConsumption': {
    'en-US': 'Self-consumption',
    'zh-CN': '自用率',
    'pt-BR': 'Autoconsumo',
    'cs-CZ': 'Vlastní spotřeba',
  },
  'report.col.selfSufficiency': {
    'en-US': 'Self-sufficiency',
    'zh-CN': '自给率',
    'pt-BR': 'Autossuficiência',
    'cs-CZ': 'Soběstačnost',
  },
  'report.col.co2': {
    'en-US': 'CO2 avoided',
    'zh-CN': 'CO2 减排',
    'pt-BR': 'CO2 evitado',
    'cs-CZ': 'Ušetřené CO2',
  },
  'report.col.revenue': { 'en-US': 'Revenue', 'zh-CN': '收益', 'pt-BR': 'Receita', 'cs-CZ': 'Výnos' },
  'report.col.savings': { 'en-US': 'Savings', 'zh-CN': '节省', 'pt-BR': 'Economia', 'cs-CZ': 'Úspora' },
  'report.createdOn': {
    'en-US': 'Created on',
    'zh-CN': '创建时间',
    'pt-BR': 'Criado em',
    'cs-CZ': 'Vytvořeno',
  },
  'report.total': { 'en-US': 'Total', 'zh-CN': '合计', 'pt-BR': 'Total', 'cs-CZ': 'Celkem' },
  'report.sheet': { 'en-US': 'Report', 'zh-CN': '报表', 'pt-BR': 'Relatório', 'cs-CZ': 'Přehled' },
  'report.sites': { 'en-US': 'Sites', 'zh-CN': '电站', 'pt-BR': 'Usinas', 'cs-CZ': 'Lokality' },
  'report.siteLocalTime': {
    'en-US': 'Each site’s local time',
    'zh-CN': '各电站当地时间',
    'pt-BR': 'Hora local de cada usina',
    'cs-CZ': 'Místní čas každé lokality',
  },
  'report.col.start': { 'en-US': 'Start', 'zh-CN': '开始', 'pt-BR': 'Início', 'cs-CZ': 'Začátek' },
  'report.col.end': { 'en-US': 'End', 'zh-CN': '结束', 'pt-BR': 'Fim', 'cs-CZ': 'Konec' },
  'report.col.energy': { 'en-US': 'Energy', 'zh-CN': '电量', 'pt-BR': 'Energia', 'cs-CZ': 'Energie' },
  'report.col.duration': { 'en-US': 'Duration', 'zh-CN': '时长', 'pt-BR': 'Duração', 'cs-CZ': 'Doba trvání' },
  'report.col.solarShare': {
    'en-US': 'Solar share',
    'zh-CN': '光伏占比',
    'pt-BR': 'Participação solar',
    'cs-CZ': 'Podíl FVE',
  },
  // issue 33: the period's charging from PV surplus under solar charging, the last row of a charger's CSV
  'report.col.fromSurplus': {
    'en-US': 'From PV surplus (solar charging)',
    'zh-CN': '来自光伏余电（光伏充电）',
    'pt-BR': 'Do excedente FV (recarga solar)',
    'cs-CZ': 'Z přebytku FVE (solární nabíjení)',
  },
  'report.col.minSoc': {
    'en-US': 'Lowest SOC',
    'zh-CN': '最低 SOC',
    'pt-BR': 'SOC mínimo',
    'cs-CZ': 'Nejnižší SOC',
  },
  'report.tooManyRows': {
    'en-US': 'The report is too large; choose fewer sites or a shorter period',
    'zh-CN': '报表过大，请减少电站或缩短时间段',
    'pt-BR': 'O relatório é grande demais; escolha menos usinas ou um período menor',
    'cs-CZ': 'Přehled je příliš velký; vyberte méně lokalit nebo kratší období',
  },
  // issue 7 item 7 (fleet3): street tiles of the maps
  'validation.tileUrl': {
    'en-US': 'Enter an http(s) address holding {z}, {x} and {y}',
    'zh-CN': '请输入包含 {z}、{x} 和 {y} 的 http(s) 地址',
    'pt-BR': 'Informe um endereço http(s) com {z}, {x} e {y}',
    'cs-CZ': 'Zadejte adresu http(s) obsahující {z}, {x} a {y}',
  },
  'validation.searchUrl': {
    'en-US': 'Enter an http(s) address holding {q}',
    'zh-CN': '请输入包含 {q} 的 http(s) 地址',
    'pt-BR': 'Informe um endereço http(s) com {q}',
    'cs-CZ': 'Zadejte adresu http(s) obsahující {q}',
  },
  // issue 34 item 4: an expired code says so and points to the forms' Resend button
  'account.codeExpired': {
    'en-US': 'This verification code has expired: use “Resend code” to get a new one',
    'zh-CN': '验证码已过期，请点击“重新发送”获取新的验证码',
    'pt-BR': 'Este código de verificação expirou: use “Reenviar código” para receber um novo',
    'cs-CZ': 'Platnost ověřovacího kódu vypršela: nechte si poslat nový kód znovu',
  },
  // issue 34 item 10: a report's money column over sites whose tariffs are in different currencies
  'report.mixedCurrencies': {
    'en-US': 'mixed currencies',
    'zh-CN': '多种货币',
    'pt-BR': 'moedas diferentes',
    'cs-CZ': 'různé měny',
  },
  ...PUSH_MESSAGES,
  ...PUSH_ACCOUNT_MESSAGES,
  ...COMMAND_MESSAGES,
  ...OCPP_MESSAGES,
} as const satisfies Record<string, Texts>;

/** A key of the message catalogue. */
export type MessageKey = keyof typeof MESSAGES;

/** True when `key` names a catalogue message (zod issue messages may be keys or plain text). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * Text of `key` in `language` with `{name}` placeholders filled from `params`; an unknown language
 * falls back to en-US.
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
