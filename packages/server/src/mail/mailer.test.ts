import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('verification e-mail over SMTP (SMTP_URL)', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let s: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('no smtp port');
    s = await startTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${address.port}` } });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification link through the SMTP server, and nothing to the outbox', async () => {
    const r = await s.api('/api/auth/register', {
      body: { email: 'smtp-user@example.com', password: 'correct horse battery', name: 'Mail' },
    });
    expect(r.status).toBe(201);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@statemint.local');
    expect(mail.to).toEqual(['smtp-user@example.com']);
    expect(mail.data).toContain('Subject: Verify your email for Statemint');
    const body = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = body.match(/verify-email\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(s.outbox()).toEqual([]);

    const verified = await s.api(`/api/auth/verify-email?token=${token}`);
    expect(verified).toMatchObject({ status: 200, body: { success: true } });
  });
});
