import { CONFIRM_LINK_HOURS, RESET_LINK_MINUTES } from '../../contracts/account-email';
import { escapeHtml } from '../../common/html';

export type MailLanguage = 'en' | 'zh';

/** What every account mail names: the site and the account. */
export interface MailContext {
  lang: MailLanguage;
  site: string;
  username: string;
}

/** The mails an account receives, each with a plain-text and an HTML body. */
export type AccountMessage =
  | { kind: 'password_reset'; link: string }
  | { kind: 'password_changed'; resetLink: string }
  | { kind: 'confirm_email'; link: string; email: string }
  | { kind: 'email_change_requested'; email: string }
  | { kind: 'email_changed'; email: string }
  | { kind: 'security_changed'; change: SecurityChange; resetLink: string }
  | { kind: 'new_sign_in'; device: string | null; ip: string; resetLink: string };

/** A change to how the account signs in, which its owner is told of. */
export type SecurityChange =
  | { what: 'two_factor_on' }
  | { what: 'two_factor_off'; byAdmin: boolean }
  | { what: 'passkey_added'; name: string };

interface Rendered {
  subject: string;
  /** Paragraphs; a link is its own paragraph. */
  lines: (string | { link: string; label: string })[];
}

function english(context: MailContext, message: AccountMessage): Rendered {
  const { site, username } = context;
  const hello = `Hello ${username},`;
  switch (message.kind) {
    case 'password_reset':
      return {
        subject: `Reset your ${site} password`,
        lines: [
          hello,
          `Someone asked to reset the password of your ${site} account. To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:`,
          { link: message.link, label: 'Choose a new password' },
          'If you did not ask, ignore this e-mail: your password stays as it is. The link works once.',
        ],
      };
    case 'password_changed':
      return {
        subject: `Your ${site} password was changed`,
        lines: [
          hello,
          `The password of your ${site} account was just changed, and every other signed-in session was signed out.`,
          'If this was not you, reset your password now and tell the site’s administrator:',
          { link: message.resetLink, label: 'Reset your password' },
        ],
      };
    case 'confirm_email':
      return {
        subject: `Confirm your e-mail address for ${site}`,
        lines: [
          hello,
          `Please confirm that ${message.email} is the address of your ${site} account. Open this link within ${CONFIRM_LINK_HOURS} hours:`,
          { link: message.link, label: 'Confirm this address' },
          'Password reset links will then be sent here. If you did not ask for this, ignore this e-mail.',
        ],
      };
    case 'email_change_requested':
      return {
        subject: `A new e-mail address was entered for your ${site} account`,
        lines: [
          hello,
          `Someone signed in to your ${site} account entered ${message.email} as its new e-mail address. Nothing changes until the link sent there is opened.`,
          'If this was not you, change your password and sign out the other sessions in the user centre.',
        ],
      };
    case 'email_changed':
      return {
        subject: `The e-mail address of your ${site} account was changed`,
        lines: [
          hello,
          `Your ${site} account’s e-mail address is now ${message.email}; mail about the account no longer comes here.`,
          'If this was not you, tell the site’s administrator at once.',
        ],
      };
    case 'new_sign_in':
      return {
        subject: `New sign-in to your ${site} account`,
        lines: [
          hello,
          `Your ${site} account was just signed in to from a browser it had not been used in before: ${message.device ?? 'an unknown device'}, IP address ${message.ip}.`,
          'If this was you, there is nothing to do; these e-mails can be turned off in the user centre’s security settings.',
          'If this was not you, reset your password now and sign out the other sessions:',
          { link: message.resetLink, label: 'Reset your password' },
        ],
      };
    case 'security_changed': {
      const { subject, text } = englishChange(site, message.change);
      return {
        subject,
        lines: [
          hello,
          text,
          'If this was not you, reset your password now and tell the site’s administrator:',
          { link: message.resetLink, label: 'Reset your password' },
        ],
      };
    }
  }
}

function englishChange(site: string, change: SecurityChange) {
  switch (change.what) {
    case 'two_factor_on':
      return {
        subject: `Two-factor authentication is on for your ${site} account`,
        text: `Two-factor authentication was turned on for your ${site} account: signing in now also asks for a code from an authenticator app.`,
      };
    case 'two_factor_off':
      return {
        subject: `Two-factor authentication is off for your ${site} account`,
        text: `Two-factor authentication was turned off for your ${site} account${change.byAdmin ? ' by the site’s administrator' : ''}: signing in no longer asks for a code.`,
      };
    case 'passkey_added':
      return {
        subject: `A passkey was added to your ${site} account`,
        text: `A passkey (“${change.name}”) was added to your ${site} account. It signs in without the password.`,
      };
  }
}

function chinese(context: MailContext, message: AccountMessage): Rendered {
  const { site, username } = context;
  const hello = `${username}，您好：`;
  switch (message.kind) {
    case 'password_reset':
      return {
        subject: `重置您的${site}密码`,
        lines: [
          hello,
          `有人申请重置您在${site}的账户密码。请在 ${RESET_LINK_MINUTES} 分钟内打开以下链接设置新密码：`,
          { link: message.link, label: '设置新密码' },
          '如果不是您本人申请，请忽略本邮件，您的密码不会改变。该链接只能使用一次。',
        ],
      };
    case 'password_changed':
      return {
        subject: `您的${site}密码已修改`,
        lines: [
          hello,
          `您在${site}的账户密码刚刚被修改，其他所有已登录的会话均已退出。`,
          '如果不是您本人操作，请立即重置密码并联系网站管理员：',
          { link: message.resetLink, label: '重置密码' },
        ],
      };
    case 'confirm_email':
      return {
        subject: `确认您在${site}的邮箱地址`,
        lines: [
          hello,
          `请确认 ${message.email} 是您在${site}的账户邮箱。请在 ${CONFIRM_LINK_HOURS} 小时内打开以下链接：`,
          { link: message.link, label: '确认此邮箱' },
          '确认后，找回密码的链接将发送到这里。如果不是您本人操作，请忽略本邮件。',
        ],
      };
    case 'email_change_requested':
      return {
        subject: `您的${site}账户填写了新的邮箱地址`,
        lines: [
          hello,
          `有人在已登录的${site}账户中把新邮箱填写为 ${message.email}。在该邮箱中的确认链接被打开之前，什么都不会改变。`,
          '如果不是您本人操作，请在用户中心修改密码并退出其他会话。',
        ],
      };
    case 'email_changed':
      return {
        subject: `您的${site}账户邮箱已更改`,
        lines: [
          hello,
          `您在${site}的账户邮箱已改为 ${message.email}，账户相关的邮件将不再发送到这里。`,
          '如果不是您本人操作，请立即联系网站管理员。',
        ],
      };
    case 'new_sign_in':
      return {
        subject: `您的${site}账户在新设备上登录`,
        lines: [
          hello,
          `您在${site}的账户刚刚在一个从未使用过的浏览器上登录：${message.device ?? '未知设备'}，IP 地址 ${message.ip}。`,
          '如果是您本人，无需任何操作；可以在用户中心的安全设置中关闭此类邮件。',
          '如果不是您本人，请立即重置密码并退出其他会话：',
          { link: message.resetLink, label: '重置密码' },
        ],
      };
    case 'security_changed': {
      const { subject, text } = chineseChange(site, message.change);
      return {
        subject,
        lines: [
          hello,
          text,
          '如果不是您本人操作，请立即重置密码并联系网站管理员：',
          { link: message.resetLink, label: '重置密码' },
        ],
      };
    }
  }
}

function chineseChange(site: string, change: SecurityChange) {
  switch (change.what) {
    case 'two_factor_on':
      return {
        subject: `您的${site}账户已开启两步验证`,
        text: `您在${site}的账户已开启两步验证：登录时还需要输入身份验证器应用中的验证码。`,
      };
    case 'two_factor_off':
      return {
        subject: `您的${site}账户已关闭两步验证`,
        text: `您在${site}的账户${change.byAdmin ? '已由网站管理员' : '已'}关闭两步验证，登录时不再需要验证码。`,
      };
    case 'passkey_added':
      return {
        subject: `您的${site}账户添加了通行密钥`,
        text: `您在${site}的账户添加了通行密钥“${change.name}”，可以用它直接登录，无需密码。`,
      };
  }
}

/** The mail's subject and bodies in the context's language. */
export function renderAccountMail(context: MailContext, message: AccountMessage) {
  const { subject, lines } = (context.lang === 'zh' ? chinese : english)(context, message);
  const text = lines
    .map((line) => (typeof line === 'string' ? line : line.link))
    .join('\n\n')
    .concat(`\n\n— ${context.site}\n`);
  const paragraphs = lines.map((line) =>
    typeof line === 'string'
      ? `<p>${escapeHtml(line)}</p>`
      : `<p><a href="${escapeHtml(line.link)}" style="display:inline-block;padding:10px 16px;background:#0d6efd;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(line.label)}</a></p><p style="font-size:12px;color:#555;word-break:break-all">${escapeHtml(line.link)}</p>`,
  );
  const html = `<!doctype html><html lang="${context.lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#212529;max-width:560px">${paragraphs.join('')}<p style="color:#555">— ${escapeHtml(context.site)}</p></body></html>`;
  return { subject, text, html };
}
