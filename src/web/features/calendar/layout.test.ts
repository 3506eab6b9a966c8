import { describe, expect, it } from 'vitest';
import { appointment } from '../../test/fake-scheduling-server';
import { mostLanes, placeInLanes } from './layout';

const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 2, hour, minute)).toISOString();
const session = (id: string, from: [number, number], to: [number, number]) =>
  appointment({ id, startsAt: at(...from), endsAt: at(...to) });

const lanesOf = (placed: ReturnType<typeof placeInLanes>) =>
  Object.fromEntries(placed.map((item) => [item.appointment.id, [item.lane, item.lanes]]));

describe('the overlap layout', () => {
  it('gives N sessions that all overlap N lanes, one each', () => {
    const placed = placeInLanes([
      session('a', [11, 0], [12, 0]),
      session('b', [11, 0], [11, 30]),
      session('c', [11, 15], [12, 15]),
      session('d', [11, 20], [11, 50]),
    ]);
    const lanes = lanesOf(placed);
    expect(Object.values(lanes).map(([, count]) => count)).toEqual([4, 4, 4, 4]);
    expect(new Set(Object.values(lanes).map(([lane]) => lane))).toEqual(new Set([0, 1, 2, 3]));
    expect(mostLanes(placed)).toBe(4);
  });

  it('leaves sessions that do not overlap the full width, back to back included', () => {
    const placed = placeInLanes([
      session('late', [14, 0], [15, 0]),
      session('early', [9, 0], [9, 30]),
      session('next', [9, 30], [10, 0]),
    ]);
    expect(lanesOf(placed)).toEqual({ early: [0, 1], next: [0, 1], late: [0, 1] });
    expect(mostLanes(placed)).toBe(1);
  });

  it('shares one lane count across a chain of overlaps and reuses a lane once it is free', () => {
    // a overlaps b, b overlaps c, but a and c do not meet: two lanes, c takes a's.
    const placed = placeInLanes([
      session('a', [9, 0], [10, 0]),
      session('b', [9, 30], [10, 30]),
      session('c', [10, 0], [11, 0]),
      session('alone', [12, 0], [12, 30]),
    ]);
    expect(lanesOf(placed)).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], alone: [0, 1] });
  });

  it('places nothing when there is nothing', () => {
    expect(placeInLanes([])).toEqual([]);
    expect(mostLanes([])).toBe(1);
  });
});
