import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createMailer, mailFileName } from './mailer';
import { loadConfig } from '../config';

describe('mailer without SMTP_URL', () => {
  it('writes an .eml file (html + plain text) named after the recipient into MAIL_DIR', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wz-mail-'));
    const mailer = createMailer({ mailDir: dir, mailFrom: 'Wineriz <no-reply@wineriz.local>' });
    expect(mailer.mode).toBe('file');
    const { file } = await mailer.send({
      to: 'Zoé@Example.test',
      subject: 'Sujet é',
      text: 'Bonjour\nhttp://x/a?token=abc',
      html: '<p>Bonjour</p>',
    });
    expect(path.dirname(file!)).toBe(dir);
    expect(path.basename(file!)).toMatch(/zo_@example\.test\.eml$/);
    const parsed = await simpleParser(await fs.readFile(file!));
    expect(parsed.subject).toBe('Sujet é');
    expect(parsed.text).toContain('http://x/a?token=abc');
    expect(parsed.html).toContain('<p>Bonjour</p>');
  });

  it('defaults MAIL_DIR to DATA_DIR/../mail and reads SMTP_URL, PUBLIC_URL', () => {
    const c = loadConfig({ DATA_DIR: '/srv/app/.data/pglite' });
    expect(c.accounts.mailDir).toBe('/srv/app/.data/mail');
    expect(c.accounts.publicUrl).toBe('http://localhost:3000');
    const d = loadConfig({ SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://app.example/', MAIL_DIR: '/tmp/m', RESET_TOKEN_TTL: '30m' });
    expect(d.accounts).toMatchObject({
      smtpUrl: 'smtp://mail:25',
      publicUrl: 'https://app.example',
      mailDir: '/tmp/m',
      resetTokenTtlSeconds: 1800,
    });
    expect(mailFileName('a b@x.y', new Date('2026-01-02T03:04:05.000Z'))).toMatch(/^2026-01-02T03-04-05-000Z-[0-9a-f]{6}-a_b@x\.y\.eml$/);
  });
});
