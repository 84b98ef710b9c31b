import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_MAIL_DIR } from './session';

// mailparser is the api's dependency: read the captured .eml files with it.
const { simpleParser } = createRequire(join(__dirname, '../../api/package.json'))('mailparser') as typeof import('mailparser');

/** The link of the newest mail sent to `to` whose text contains `page`, waiting for it to be written. */
export async function linkFromMail(to: string, page: string, count = 1): Promise<string> {
  const who = to.toLowerCase();
  const deadline = Date.now() + 15_000;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(E2E_MAIL_DIR)
        .filter((f) => f.endsWith(`-${who}.eml`))
        .sort();
    } catch {
      /* not created yet */
    }
    const links: string[] = [];
    for (const f of files) {
      const mail = await simpleParser(readFileSync(join(E2E_MAIL_DIR, f)));
      const m = new RegExp(`https?://[^\\s]+${page.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text ?? '');
      if (m) links.push(m[0]);
    }
    if (links.length >= count) return links[count - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${page}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The texts of every mail sent to `to` so far (oldest first). */
export async function mailTexts(to: string): Promise<string[]> {
  const who = to.toLowerCase();
  let files: string[] = [];
  try {
    files = readdirSync(E2E_MAIL_DIR)
      .filter((f) => f.endsWith(`-${who}.eml`))
      .sort();
  } catch {
    return [];
  }
  return Promise.all(files.map(async (f) => (await simpleParser(readFileSync(join(E2E_MAIL_DIR, f)))).text ?? ''));
}
