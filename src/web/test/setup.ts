import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { startedPreloads } from '../app/lazy-pages';
import { setLocale, setTimeFormat } from '../lib/format';

// Screens load on demand (lazy routes); on a busy machine the first one can take more than the default second to
// appear, which failed finds that are not about timing at all. With two cores shared by other work, the calendar's
// grid took over 5 s to show; a find waits up to 10 s (a test has 20), which costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

// A signed-in render starts loading the shell and the dashboard beside the session check; a file whose tests end
// sooner lets those loads finish rather than tear the environment down under them.
afterAll(async () => {
  await Promise.allSettled(startedPreloads);
});

// jsdom lacks what Radix and the appearance code ask the browser for.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

class WebSocketStub extends EventTarget {
  static readonly OPEN = 1;
  static instances: WebSocketStub[] = [];
  readonly url: string;
  readyState = 0;
  /** Frames the app sent, parsed. */
  sent: unknown[] = [];
  constructor(url: string) {
    super();
    this.url = url;
    WebSocketStub.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  /** Test helpers: the server accepts the socket, or pushes a frame. */
  accept() {
    this.readyState = WebSocketStub.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

function installBrowserStubs() {
  window.matchMedia = vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  globalThis.WebSocket = WebSocketStub as unknown as typeof WebSocket;
  Element.prototype.scrollIntoView = vi.fn();
  Element.prototype.hasPointerCapture = vi.fn(() => false);
  Element.prototype.releasePointerCapture = vi.fn();
  Element.prototype.setPointerCapture = vi.fn();
}

installBrowserStubs();

// Screens render as a browser in the clinic's own country would (British English), so the dates and times a test
// expects do not hang on the language of the machine it runs on; a test of another language sets its own.
const TEST_LOCALE = 'en-GB';

beforeEach(() => {
  setLocale(TEST_LOCALE);
  setTimeFormat('auto');
  installBrowserStubs();
  WebSocketStub.instances = [];
});

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-wide store and replays them to the next Toaster: end them here.
  toast.dismiss();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

export { WebSocketStub };
