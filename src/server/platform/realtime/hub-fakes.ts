import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { RealtimeBus } from './bus';
import { SocketHub } from './hub';

/** Stands in for a ws socket: records what it is sent and how it is closed. */
export class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close', code, Buffer.from(''));
  }
}

export async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

export function hubWith(bus: RealtimeBus) {
  const hub = new SocketHub(bus);
  const socket = new FakeSocket();
  return { hub, socket, asWs: socket as unknown as WebSocket };
}
