import type { Appointment } from '../../../shared/scheduling';

export type Placed = { appointment: Appointment; lane: number; lanes: number };

/**
 * Side by side where they overlap (staff see many practitioners at once): each appointment takes the first
 * free lane, and every appointment of a cluster of overlapping ones shares the cluster's lane count.
 */
export function placeInLanes(appointments: Appointment[]): Placed[] {
  const sorted = [...appointments].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || b.endsAt.localeCompare(a.endsAt),
  );
  const placed: Placed[] = [];
  let cluster: Placed[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const item of cluster) item.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const appointment of sorted) {
    const start = Date.parse(appointment.startsAt);
    const end = Date.parse(appointment.endsAt);
    if (start >= clusterEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else laneEnds[lane] = end;
    const item = { appointment, lane, lanes: 1 };
    cluster.push(item);
    placed.push(item);
    clusterEnd = Math.max(clusterEnd === -Infinity ? end : clusterEnd, end);
  }
  close();
  return placed;
}

/** The most lanes any cluster needs: how many readable cards the column must hold side by side. */
export const mostLanes = (placed: Placed[]) => placed.reduce((most, item) => Math.max(most, item.lanes), 1);
