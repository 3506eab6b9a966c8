import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProgrammeProgress } from '../../../shared/exercise-programmes';
import { ProgrammeProgressView } from './programme-progress';

const progress = (done: number, prescribed: number, percent: number): ProgrammeProgress => ({
  programme: {
    id: 'programme-1',
    patientId: 'patient-1',
    patientName: 'Pat Lee',
    practitionerId: 'practitioner-1',
    practitionerName: 'Dana Park',
    title: 'Knee strength',
    startDate: '2026-10-01',
    reviewDate: null,
    status: 'active',
    version: 2,
    items: [],
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-08T09:00:00.000Z',
  },
  adherence: { from: '2026-10-01', to: '2026-11-27', done, prescribed, percent },
  painTrend: [{ day: '2026-11-27', pain: 3 }],
  notes: [{ day: '2026-11-26', exerciseName: 'Heel raise', note: 'Sore calves' }],
  versions: [{ version: 2, createdAt: '2026-10-08T09:00:00.000Z', createdByName: 'Dana Park' }],
});

describe('a programme’s progress', () => {
  it('says sessions done of those prescribed, the pain trend and the notes', () => {
    render(<ProgrammeProgressView progress={progress(30, 40, 75)} />);
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByText(/^30 of 40 sessions done since/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Average pain by day, oldest first' })).toHaveTextContent('3');
    expect(screen.getByText(/Heel raise: Sore calves/)).toBeInTheDocument();
  });

  it('does not claim more done than prescribed as "of": a patient who did extra days reads both figures', () => {
    render(<ProgrammeProgressView progress={progress(50, 42, 100)} />);
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText(/^50 sessions done, 42 prescribed, since/)).toBeInTheDocument();
    expect(screen.queryByText(/50 of 42/)).not.toBeInTheDocument();
  });
});
