// Writes src/web/public/sounds/notification.wav: a soft two-note chime (E6 then A6), small enough to ship
// as a static asset. Run with `node scripts/generate-notification-sound.mjs` after changing the notes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 16_000;
const DURATION_S = 0.42;
// Two bell-like notes, the second starting as the first fades, each with a quiet octave overtone.
const NOTES = [
  { frequency: 1318.5, start: 0, decay: 9 },
  { frequency: 1760, start: 0.12, decay: 7 },
];

const length = Math.round(SAMPLE_RATE * DURATION_S);
const samples = new Float64Array(length);
for (const note of NOTES) {
  const first = Math.round(note.start * SAMPLE_RATE);
  for (let i = first; i < length; i++) {
    const t = (i - first) / SAMPLE_RATE;
    const attack = Math.min(1, t / 0.004);
    const envelope = attack * Math.exp(-note.decay * t);
    const tone =
      Math.sin(2 * Math.PI * note.frequency * t) + 0.25 * Math.sin(2 * Math.PI * 2 * note.frequency * t);
    samples[i] += 0.4 * envelope * tone;
  }
}
// Fade the last 20 ms to silence so the end does not click.
const fade = Math.round(0.02 * SAMPLE_RATE);
for (let i = 0; i < fade; i++) samples[length - 1 - i] *= i / fade;

// 8-bit unsigned PCM, mono.
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(SAMPLE_RATE, 24);
header.writeUInt32LE(SAMPLE_RATE, 28);
header.writeUInt16LE(1, 32);
header.writeUInt16LE(8, 34);
header.write('data', 36);
header.writeUInt32LE(length, 40);
const data = Buffer.alloc(length);
for (let i = 0; i < length; i++) {
  const clamped = Math.max(-1, Math.min(1, samples[i]));
  data[i] = Math.round(128 + clamped * 127);
}

const target = fileURLToPath(new URL('../src/web/public/sounds/notification.wav', import.meta.url));
writeFileSync(target, Buffer.concat([header, data]));
console.log(`wrote ${target} (${44 + length} bytes)`);
