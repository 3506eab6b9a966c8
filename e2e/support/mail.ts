import { expect } from '@playwright/test';
import type { CapturedMail } from './mail-capture';
import { MAIL_API_URL } from './ports';

/** Waits for the harness's SMTP catcher to receive mail for an address and returns the latest one. */
export async function waitForMail(to: string): Promise<CapturedMail> {
  let latest: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_API_URL}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as CapturedMail[];
        latest = messages.at(-1);
        return messages.length;
      },
      { timeout: 45_000, message: `no mail arrived for ${to}` },
    )
    .toBeGreaterThan(0);
  return latest!;
}

export function resetLinkIn(mail: CapturedMail): string {
  const match = mail.text.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/);
  if (!match) throw new Error(`no reset link in mail:\n${mail.text}`);
  return match[0].replace(/&amp;/g, '&');
}
