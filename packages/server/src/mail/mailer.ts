/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file to DATA_DIR/outbox (DECISIONS.md: one machine, no outside services).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import { ensurePrivateDir } from '../storage/private-fs';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function outboxDir(config: Config): string {
  return join(config.dataDir, 'outbox');
}

export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      ensurePrivateDir(dir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      writeFileSync(join(dir, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
