/**
 * Hygiene (issue 16, docs/security.md "Hygiene"): what reaches the logs. No mail subject or body
 * (they carry codes), and no signed file URL's query (its signature is a permission).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/lib/mail.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { png } from '../helpers/images.js';
import { captureLog, type CapturedLog } from '../helpers/log.js';
import { fetchFile, postForm } from '../helpers/multipart.js';
import { call, signUp } from '../helpers/users.js';

describe('the dev outbox', () => {
  it('logs who a mail went to and where it is, never its subject or body', async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'coinfront-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Coinfront <a@b.c>',
      outboxDir,
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: 'ada@example.com',
      subject: '481516 is your code',
      text: 'Your code is 481516. Secret body.',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ada@example.com');
    const [file] = readdirSync(outboxDir);
    expect(lines[0]).toContain(path.join(outboxDir, file!));
    expect(lines[0]).not.toMatch(/481516|your code|Secret body/);
    // The mail itself is whole in the outbox, where a developer reads it.
    expect(readFileSync(path.join(outboxDir, file!), 'utf8')).toContain('Your code is 481516');
  });
});

describe('request logs', () => {
  let t: TestApp;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog('info');
    t = await createTestApp({ log: log.logger, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => t.close());

  it('name a signed file URL without its query', async () => {
    const user = await signUp(t);
    const session = (await call(t, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id;
    const sent = await postForm(
      t,
      '/api-v2/messages/',
      { session_id: session, image: { data: png(4, 4) } },
      {
        token: user.token,
      },
    );
    const url = sent.body.image_url as string;
    const signature = new URL(url, 'http://x').searchParams.get('sig')!;
    expect(signature).toBeTruthy();
    expect((await fetchFile(t, url)).status).toBe(200);

    const fileLines = log.lines.filter((line) =>
      (line.req as { url?: string } | undefined)?.url?.startsWith('/files/'),
    );
    expect(fileLines.length).toBeGreaterThan(0);
    for (const line of fileLines) expect((line.req as { url: string }).url).toBe(url.split('?')[0]);
    expect(JSON.stringify(log.lines)).not.toContain(signature);
    // Other requests keep their query (useful, and no permission).
    await call(t, 'GET', '/api/v3/ticker/24hr?symbol=BTCUSDT');
    expect(
      log.lines.some(
        (line) => (line.req as { url?: string } | undefined)?.url === '/api/v3/ticker/24hr?symbol=BTCUSDT',
      ),
    ).toBe(true);
  });
});
