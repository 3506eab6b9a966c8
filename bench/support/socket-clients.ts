// One of the benchmark's client processes: it opens the WebSockets it is given, keeps them idle, and tells
// its parent (over IPC) how many are open and how many have had a frame since the parent armed it.
import { WebSocket } from 'ws';

export type ClientCommand =
  | { type: 'open'; urls: string[] }
  | { type: 'arm' }
  | { type: 'check' }
  | { type: 'close' };
export type ClientReport =
  | { type: 'opened'; open: number; failed: number; firstError?: string }
  | { type: 'checked'; open: number; received: number; closedEarly: number };

const sockets: WebSocket[] = [];
const received = new Set<WebSocket>();
let armed = false;
let closedEarly = 0;
let closing = false;

const report = (message: ClientReport) => process.send?.(message);

async function openAll(urls: string[]) {
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  // A few at a time, as browsers arriving would: the server authenticates each before it is added.
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        try {
          sockets.push(await openOne(url));
        } catch (error) {
          failed++;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  report({ type: 'opened', open: sockets.length, failed, firstError });
}

function openOne(url: string) {
  const socket = new WebSocket(url);
  socket.on('message', () => {
    if (armed) received.add(socket);
  });
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once('open', () => {
      socket.on('close', () => {
        if (!closing) closedEarly++;
      });
      resolve(socket);
    });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
  });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') void openAll(command.urls);
  if (command.type === 'arm') {
    received.clear();
    armed = true;
  }
  if (command.type === 'check')
    report({
      type: 'checked',
      open: sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length,
      received: received.size,
      closedEarly,
    });
  if (command.type === 'close') {
    closing = true;
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
