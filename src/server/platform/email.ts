import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export type OutgoingEmail = { to: string; subject: string; text: string };

/**
 * Every email is written to the outbox first. With SMTP_URL it is then sent; without, it stays in the
 * outbox as 'kept' so the clinic works offline. The log names the email, never its body (reset links
 * are secrets).
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: { smtpUrl?: string; from: string },
  ) {
    this.from = options.from;
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  private readonly from: string;

  get mode(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  async send(email: OutgoingEmail): Promise<void> {
    const id = randomUUID();
    await this.db.insert(emailOutbox).values({
      id,
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      status: this.transport ? 'queued' : 'kept',
    });
    if (!this.transport) {
      this.log.info({ emailId: id, subject: email.subject }, 'email kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      await this.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(emailOutbox.id, id));
    } catch (err) {
      this.log.error({ emailId: id, err: { message: (err as Error).message } }, 'email could not be sent');
      await this.db
        .update(emailOutbox)
        .set({ status: 'failed', error: (err as Error).message })
        .where(eq(emailOutbox.id, id));
    }
  }

  async listTo(recipient: string) {
    return this.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, recipient))
      .orderBy(desc(emailOutbox.createdAt));
  }

  close() {
    this.transport?.close();
  }
}
