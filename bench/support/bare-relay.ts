// The baseline of the messaging benchmark: the least a relay can do. An HTTP POST names a recipient and
// the text, and the text goes straight to that recipient's WebSocket: no auth, no database, no bus.
import { createServer } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 3421);
const sockets = new Map<string, WebSocket>();

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { recipientId: string; content: string };
    const socket = sockets.get(body.recipientId);
    const message = { type: 'new_message', from: 'relay', to: body.recipientId, data: body };
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});

const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (socket, request) => {
  const userId = new URL(request.url ?? '/', 'http://relay').searchParams.get('userId') ?? '';
  sockets.set(userId, socket);
  socket.on('close', () => sockets.delete(userId));
});

server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  wss.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
});
