import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';

describe('the flags the server runs with', () => {
  it('are the ones `npm start` passes to node', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });
});
