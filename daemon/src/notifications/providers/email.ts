import { isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { LocalTargetRefused } from '../local-targets.ts';
import { fail, value, type NotifyProvider } from '../provider.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Errors worth one more try: the server could not be reached or dropped the line. Not a refused login. */
const transient = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/**
 * Email through nodemailer. `emailService` is a nodemailer service name (QQ, 163, Gmail…) or `host:port`
 * (Qinglong's SMTP_SERVER form); port 465 means implicit TLS unless `emailSecure` says otherwise.
 */
export const email: NotifyProvider = {
  id: 'email',
  async send({ title, content }, s, { timeoutMs, guard }) {
    const service = value(s, 'emailService');
    const user = value(s, 'emailUser');
    const auth = { user, pass: value(s, 'emailPass') };
    const timeouts = { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
    const hostPort = /^([^\s:/]+):(\d+)$/.exec(service);
    let options: SMTPTransport.Options;
    if (hostPort) {
      const port = Number(hostPort[2]);
      const secureSetting = value(s, 'emailSecure');
      const secure = secureSetting === 'true' || (secureSetting !== 'false' && port === 465);
      // The local-network guard resolves the server here and nodemailer connects to that very address (the name stays
      // the TLS server name), as the HTTP client does through its lookup. Named services are fixed public hosts.
      const host = hostPort[1]!;
      const address = await guard.resolveChecked(host).then(
        ([first]) => first!.address,
        (error: unknown) => {
          if (error instanceof LocalTargetRefused) throw error;
          return fail((error as Error).message);
        },
      );
      const servername = isIP(host) ? {} : { servername: host };
      options = { host: address, ...servername, port, secure, auth, ...timeouts };
    } else {
      options = { service, auth, ...timeouts };
    }
    const to = value(s, 'emailTo')
      .split(';')
      .map((a) => a.trim())
      .filter(Boolean);
    const mail = {
      from: { name: value(s, 'emailName') || 'Baihu', address: user },
      to: to.length > 0 ? to : [user],
      subject: title,
      text: content,
      html: escapeHtml(content).replace(/\r?\n/g, '<br/>'),
    };
    for (let attempt = 0; ; attempt++) {
      // Loaded on first use: nodemailer is large and most installs never send email.
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport(options);
      try {
        await transport.sendMail(mail);
        return;
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (attempt === 0 && code && transient.has(code)) continue;
        fail(message ?? String(error));
      } finally {
        transport.close();
      }
    }
  },
};
