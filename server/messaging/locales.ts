/**
 * The texts of the server's messages (issue 19): passcode emails and texts, magic-link emails and
 * password-reset emails, in the same 11 languages as the widget's packs. Placeholders: {project} (the
 * project's name), {code}, {expires} (a duration Intl writes, '5 minutes' / '5 Minuten' / '5分'); links
 * are not placeholders but their own parts of the message (templates.ts). English is the text the server
 * has always sent. Written for each language's readers, not word for word.
 */

/** One language's message texts. */
export interface MessageTexts {
  otpSubject: string;
  otpEmail: string;
  /** SMS and WhatsApp: one short line. */
  otpText: string;
  loginSubject: string;
  loginIntro: string;
  loginButton: string;
  signupSubject: string;
  signupIntro: string;
  signupButton: string;
  resetSubject: string;
  resetIntro: string;
  resetButton: string;
  resetLoginIntro: string;
  resetLoginButton: string;
  linkFooter: string;
}

/** Message texts by locale. */
export const MESSAGE_TEXTS = {
  en: {
    otpSubject: 'Your verification code',
    otpEmail: 'Your {project} verification code is {code}. It expires in {expires}. If you did not request it, ignore this email.',
    otpText: '{code} is your {project} verification code. It expires in {expires}.',
    loginSubject: 'Your {project} login link',
    loginIntro: 'Log in to {project} with this link:',
    loginButton: 'Log in to {project}',
    signupSubject: 'Finish signing up to {project}',
    signupIntro: 'Finish signing up to {project} with this link:',
    signupButton: 'Finish signing up',
    resetSubject: 'Reset your {project} password',
    resetIntro: 'Set a new {project} password with this link:',
    resetButton: 'Set a new password',
    resetLoginIntro: 'Or log in without changing your password:',
    resetLoginButton: 'Log in without changing it',
    linkFooter: 'It expires in {expires} and works once. If you did not request it, ignore this email.',
  },
  fr: {
    otpSubject: 'Votre code de vérification',
    otpEmail: 'Votre code de vérification {project} est {code}. Il expire dans {expires}. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
    otpText: '{code} est votre code de vérification {project}. Il expire dans {expires}.',
    loginSubject: 'Votre lien de connexion à {project}',
    loginIntro: 'Connectez-vous à {project} avec ce lien :',
    loginButton: 'Se connecter à {project}',
    signupSubject: 'Terminez votre inscription à {project}',
    signupIntro: 'Terminez votre inscription à {project} avec ce lien :',
    signupButton: 'Terminer l’inscription',
    resetSubject: 'Réinitialisez votre mot de passe {project}',
    resetIntro: 'Choisissez un nouveau mot de passe {project} avec ce lien :',
    resetButton: 'Choisir un nouveau mot de passe',
    resetLoginIntro: 'Ou connectez-vous sans changer de mot de passe :',
    resetLoginButton: 'Se connecter sans le changer',
    linkFooter: 'Il expire dans {expires} et ne sert qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  },
  de: {
    otpSubject: 'Ihr Bestätigungscode',
    otpEmail: 'Ihr Bestätigungscode für {project} lautet {code}. Er läuft in {expires} ab. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
    otpText: '{code} ist Ihr Bestätigungscode für {project}. Er läuft in {expires} ab.',
    loginSubject: 'Ihr Anmeldelink für {project}',
    loginIntro: 'Melden Sie sich mit diesem Link bei {project} an:',
    loginButton: 'Bei {project} anmelden',
    signupSubject: 'Registrierung bei {project} abschließen',
    signupIntro: 'Schließen Sie Ihre Registrierung bei {project} mit diesem Link ab:',
    signupButton: 'Registrierung abschließen',
    resetSubject: 'Passwort für {project} zurücksetzen',
    resetIntro: 'Legen Sie mit diesem Link ein neues Passwort für {project} fest:',
    resetButton: 'Neues Passwort festlegen',
    resetLoginIntro: 'Oder melden Sie sich an, ohne Ihr Passwort zu ändern:',
    resetLoginButton: 'Anmelden ohne Änderung',
    linkFooter: 'Der Link läuft in {expires} ab und funktioniert nur einmal. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
  es: {
    otpSubject: 'Tu código de verificación',
    otpEmail: 'Tu código de verificación de {project} es {code}. Caduca en {expires}. Si no lo has pedido tú, ignora este correo.',
    otpText: '{code} es tu código de verificación de {project}. Caduca en {expires}.',
    loginSubject: 'Tu enlace para entrar en {project}',
    loginIntro: 'Inicia sesión en {project} con este enlace:',
    loginButton: 'Entrar en {project}',
    signupSubject: 'Termina de registrarte en {project}',
    signupIntro: 'Termina de registrarte en {project} con este enlace:',
    signupButton: 'Terminar el registro',
    resetSubject: 'Restablece tu contraseña de {project}',
    resetIntro: 'Crea una contraseña nueva de {project} con este enlace:',
    resetButton: 'Crear una contraseña nueva',
    resetLoginIntro: 'O inicia sesión sin cambiar tu contraseña:',
    resetLoginButton: 'Entrar sin cambiarla',
    linkFooter: 'Caduca en {expires} y solo funciona una vez. Si no lo has pedido tú, ignora este correo.',
  },
  'pt-BR': {
    otpSubject: 'Seu código de verificação',
    otpEmail: 'Seu código de verificação do {project} é {code}. Ele expira em {expires}. Se você não pediu este código, ignore este e-mail.',
    otpText: '{code} é seu código de verificação do {project}. Expira em {expires}.',
    loginSubject: 'Seu link de acesso ao {project}',
    loginIntro: 'Entre no {project} com este link:',
    loginButton: 'Entrar no {project}',
    signupSubject: 'Conclua seu cadastro no {project}',
    signupIntro: 'Conclua seu cadastro no {project} com este link:',
    signupButton: 'Concluir cadastro',
    resetSubject: 'Redefina sua senha do {project}',
    resetIntro: 'Crie uma nova senha do {project} com este link:',
    resetButton: 'Criar nova senha',
    resetLoginIntro: 'Ou entre sem mudar sua senha:',
    resetLoginButton: 'Entrar sem mudar a senha',
    linkFooter: 'O link expira em {expires} e só funciona uma vez. Se você não pediu, ignore este e-mail.',
  },
  it: {
    otpSubject: 'Il tuo codice di verifica',
    otpEmail: 'Il tuo codice di verifica per {project} è {code}. Scade tra {expires}. Se non l’hai richiesto, ignora questa email.',
    otpText: '{code} è il tuo codice di verifica per {project}. Scade tra {expires}.',
    loginSubject: 'Il tuo link di accesso a {project}',
    loginIntro: 'Accedi a {project} con questo link:',
    loginButton: 'Accedi a {project}',
    signupSubject: 'Completa la registrazione a {project}',
    signupIntro: 'Completa la registrazione a {project} con questo link:',
    signupButton: 'Completa la registrazione',
    resetSubject: 'Reimposta la password di {project}',
    resetIntro: 'Imposta una nuova password per {project} con questo link:',
    resetButton: 'Imposta una nuova password',
    resetLoginIntro: 'Oppure accedi senza cambiare la password:',
    resetLoginButton: 'Accedi senza cambiarla',
    linkFooter: 'Il link scade tra {expires} e funziona una sola volta. Se non l’hai richiesto, ignora questa email.',
  },
  nl: {
    otpSubject: 'Je verificatiecode',
    otpEmail: 'Je verificatiecode voor {project} is {code}. Hij verloopt over {expires}. Heb je hem niet aangevraagd? Negeer dan deze e-mail.',
    otpText: '{code} is je verificatiecode voor {project}. Verloopt over {expires}.',
    loginSubject: 'Je inloglink voor {project}',
    loginIntro: 'Log in bij {project} met deze link:',
    loginButton: 'Inloggen bij {project}',
    signupSubject: 'Rond je registratie bij {project} af',
    signupIntro: 'Rond je registratie bij {project} af met deze link:',
    signupButton: 'Registratie afronden',
    resetSubject: 'Stel je wachtwoord voor {project} opnieuw in',
    resetIntro: 'Stel met deze link een nieuw wachtwoord voor {project} in:',
    resetButton: 'Nieuw wachtwoord instellen',
    resetLoginIntro: 'Of log in zonder je wachtwoord te wijzigen:',
    resetLoginButton: 'Inloggen zonder wijzigen',
    linkFooter: 'De link verloopt over {expires} en werkt maar één keer. Heb je hem niet aangevraagd? Negeer dan deze e-mail.',
  },
  ja: {
    otpSubject: '確認コードのお知らせ',
    otpEmail: '{project} の確認コードは {code} です。有効期限は {expires} です。お心当たりがない場合は、このメールを無視してください。',
    otpText: '{project} の確認コード：{code}（有効期限 {expires}）',
    loginSubject: '{project} のログインリンク',
    loginIntro: '次のリンクから {project} にログインしてください：',
    loginButton: '{project} にログイン',
    signupSubject: '{project} の登録を完了してください',
    signupIntro: '次のリンクから {project} の登録を完了してください：',
    signupButton: '登録を完了',
    resetSubject: '{project} のパスワード再設定',
    resetIntro: '次のリンクから {project} の新しいパスワードを設定してください：',
    resetButton: '新しいパスワードを設定',
    resetLoginIntro: 'パスワードを変更せずにログインする場合：',
    resetLoginButton: '変更せずにログイン',
    linkFooter: 'このリンクの有効期限は {expires} で、一度だけ使えます。お心当たりがない場合は、このメールを無視してください。',
  },
  'zh-CN': {
    otpSubject: '你的验证码',
    otpEmail: '你的 {project} 验证码是 {code}，{expires}内有效。如果这不是你本人的操作，请忽略此邮件。',
    otpText: '你的 {project} 验证码是 {code}，{expires}内有效。',
    loginSubject: '你的 {project} 登录链接',
    loginIntro: '请通过以下链接登录 {project}：',
    loginButton: '登录 {project}',
    signupSubject: '完成 {project} 注册',
    signupIntro: '请通过以下链接完成 {project} 注册：',
    signupButton: '完成注册',
    resetSubject: '重置你的 {project} 密码',
    resetIntro: '请通过以下链接设置新的 {project} 密码：',
    resetButton: '设置新密码',
    resetLoginIntro: '或者不修改密码直接登录：',
    resetLoginButton: '不修改密码直接登录',
    linkFooter: '链接{expires}内有效，且只能使用一次。如果这不是你本人的操作，请忽略此邮件。',
  },
  ko: {
    otpSubject: '인증 코드 안내',
    otpEmail: '{project} 인증 코드는 {code}입니다. {expires} 후에 만료됩니다. 요청하지 않으셨다면 이 이메일을 무시해 주세요.',
    otpText: '[{project}] 인증 코드 {code} ({expires} 후 만료)',
    loginSubject: '{project} 로그인 링크',
    loginIntro: '이 링크로 {project}에 로그인하세요:',
    loginButton: '{project} 로그인',
    signupSubject: '{project} 가입을 완료하세요',
    signupIntro: '이 링크로 {project} 가입을 완료하세요:',
    signupButton: '가입 완료하기',
    resetSubject: '{project} 비밀번호 재설정',
    resetIntro: '이 링크로 {project}의 새 비밀번호를 설정하세요:',
    resetButton: '새 비밀번호 설정',
    resetLoginIntro: '또는 비밀번호를 바꾸지 않고 로그인하세요:',
    resetLoginButton: '바꾸지 않고 로그인',
    linkFooter: '이 링크는 {expires} 후에 만료되며 한 번만 사용할 수 있습니다. 요청하지 않으셨다면 이 이메일을 무시해 주세요.',
  },
  ar: {
    otpSubject: 'رمز التحقق الخاص بك',
    otpEmail: 'رمز التحقق الخاص بك في {project} هو {code}. تنتهي صلاحيته خلال {expires}. إن لم تطلبه، فتجاهل هذه الرسالة.',
    otpText: '{code} هو رمز التحقق الخاص بك في {project}. تنتهي صلاحيته خلال {expires}.',
    loginSubject: 'رابط تسجيل الدخول إلى {project}',
    loginIntro: 'سجّل الدخول إلى {project} بهذا الرابط:',
    loginButton: 'تسجيل الدخول إلى {project}',
    signupSubject: 'أكمِل تسجيلك في {project}',
    signupIntro: 'أكمِل تسجيلك في {project} بهذا الرابط:',
    signupButton: 'إكمال التسجيل',
    resetSubject: 'إعادة تعيين كلمة مرور {project}',
    resetIntro: 'عيّن كلمة مرور جديدة لـ {project} بهذا الرابط:',
    resetButton: 'تعيين كلمة مرور جديدة',
    resetLoginIntro: 'أو سجّل الدخول دون تغيير كلمة المرور:',
    resetLoginButton: 'تسجيل الدخول دون تغييرها',
    linkFooter: 'تنتهي صلاحية الرابط خلال {expires} ولا يعمل إلا مرة واحدة. إن لم تطلبه، فتجاهل هذه الرسالة.',
  },
} as const satisfies Record<string, MessageTexts>;

/** A language the server writes messages in. */
export type MessageLocale = keyof typeof MESSAGE_TEXTS;

/** Right-to-left message languages (the HTML part says dir="rtl"). */
export const RTL_MESSAGE_LOCALES: ReadonlySet<MessageLocale> = new Set(['ar']);
