import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; from: string; subject: string; text: string; receivedAt: string };

/** Undoes quoted-printable soft breaks and escapes so tests can read links as sent. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function headerOf(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im'));
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** An SMTP server that keeps every message, and an HTTP endpoint that lists them as JSON. */
export function startMailCapture(options: {
  smtpPort: number;
  apiPort: number;
}): Promise<{ close: () => Promise<void> }> {
  const messages: CapturedMail[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    // A reverse DNS lookup of 127.0.0.1 can take seconds on a machine without DNS, and made the reset test flaky.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: headerOf(raw, 'Subject'),
          text: decodeQuotedPrintable(raw),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });

  const api: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mail');
    if (url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    if (request.method === 'DELETE') {
      messages.length = 0;
      response.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
  });

  return new Promise((resolve) => {
    smtp.listen(options.smtpPort, '127.0.0.1', () => {
      api.listen(options.apiPort, '127.0.0.1', () =>
        resolve({
          close: () =>
            new Promise<void>((done) => {
              api.close();
              smtp.close(() => done());
            }),
        }),
      );
    });
  });
}
