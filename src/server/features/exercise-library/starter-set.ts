import type { BodyRegion } from '../../../shared/exercises';
import type { POSES } from './starter-drawings';

export type StarterExercise = {
  pose: keyof typeof POSES;
  name: string;
  bodyRegion: BodyRegion;
  instructions: string;
  sets: number | null;
  reps: number | null;
  hold: number | null;
  timesPerDay: number;
  daysPerWeek: number;
  tags: string[];
};

const x = (
  [pose, name, bodyRegion]: [string, string, BodyRegion],
  instructions: string[],
  dose: { sets?: number; reps?: number; hold?: number; times?: number; days?: number; tags: string[] },
): StarterExercise => ({
  pose,
  name,
  bodyRegion,
  instructions: instructions.join('\n'),
  sets: dose.sets ?? null,
  reps: dose.reps ?? null,
  hold: dose.hold ?? null,
  timesPerDay: dose.times ?? 1,
  daysPerWeek: dose.days ?? 7,
  tags: dose.tags,
});

/** The library a new clinic starts from: common home exercises of a physiotherapy practice. */
export const STARTER_EXERCISES: StarterExercise[] = [
  x(
    ['chin-tuck', 'Chin tuck', 'neck'],
    [
      'Sit or stand tall and look straight ahead.',
      'Glide your chin straight back, as if making a double chin, without tipping your head down.',
      'Hold, then relax forward. You should feel a gentle stretch at the base of the skull.',
    ],
    { sets: 2, reps: 10, hold: 5, times: 2, tags: ['posture', 'mobility'] },
  ),
  x(
    ['neck-side-stretch', 'Neck side stretch', 'neck'],
    [
      'Sit tall with both shoulders relaxed.',
      'Tip your ear towards your shoulder; rest the hand of that side lightly on your head.',
      'Hold the stretch without pulling; repeat on the other side.',
    ],
    { reps: 3, hold: 30, times: 2, tags: ['stretch', 'mobility'] },
  ),
  x(
    ['pendulum', 'Shoulder pendulum', 'shoulder'],
    [
      'Lean forward with your good hand on a table, letting the sore arm hang loose.',
      'Rock your body gently so the arm swings in small circles, then forwards and back.',
      'Let the arm stay relaxed: the movement comes from your body, not the shoulder.',
    ],
    { sets: 2, reps: 20, times: 3, tags: ['mobility', 'post-operative'] },
  ),
  x(
    ['band-external-rotation', 'Band external rotation', 'shoulder'],
    [
      'Stand with elbows bent to 90 degrees, tucked at your sides, a band between your hands.',
      'Turn your forearms outwards, keeping the elbows at your sides.',
      'Return slowly. Stop short of pain.',
    ],
    { sets: 3, reps: 12, days: 4, tags: ['strength', 'band', 'rotator cuff'] },
  ),
  x(
    ['wall-slide', 'Wall slide', 'shoulder'],
    [
      'Stand facing a wall with your forearms on it, elbows at shoulder height.',
      'Slide your arms up the wall as far as is comfortable, letting the shoulder blades move.',
      'Slide back down with control.',
    ],
    { sets: 2, reps: 10, days: 5, tags: ['mobility', 'posture'] },
  ),
  x(
    ['wrist-extensor-stretch', 'Wrist extensor stretch', 'wrist_hand'],
    [
      'Hold your arm out straight in front of you, palm down.',
      'With the other hand, gently bend the wrist down until you feel a stretch along the forearm.',
      'Hold, relax and repeat.',
    ],
    { reps: 3, hold: 30, times: 3, tags: ['stretch', 'tennis elbow'] },
  ),
  x(
    ['tendon-glides', 'Tendon glides', 'wrist_hand'],
    [
      'Start with your fingers straight. Move slowly through a hook fist, a full fist and a flat fist.',
      'Hold each position for a moment, then straighten the fingers again.',
    ],
    { sets: 2, reps: 10, hold: 3, times: 3, tags: ['mobility', 'hand therapy'] },
  ),
  x(
    ['elbow-bend', 'Elbow bend and straighten', 'elbow'],
    [
      'Sit or stand with your arm at your side, palm up.',
      'Bend the elbow fully, then straighten it fully, slowly each way.',
      'Add a light weight (a water bottle) when it is easy.',
    ],
    { sets: 3, reps: 10, days: 5, tags: ['mobility', 'strength'] },
  ),
  x(
    ['thoracic-extension', 'Thoracic extension on a chair', 'upper_back'],
    [
      'Sit on a chair with a firm back that reaches your shoulder blades.',
      'With your hands behind your head, lean back over the top of the chair, lifting the chest.',
      'Return to upright. Keep your lower back still.',
    ],
    { sets: 2, reps: 10, times: 2, tags: ['mobility', 'posture', 'desk work'] },
  ),
  x(
    ['shoulder-blade-squeeze', 'Shoulder blade squeeze', 'upper_back'],
    [
      'Sit or stand tall with your arms relaxed.',
      'Draw your shoulder blades back and down towards each other, without shrugging.',
      'Hold, then relax.',
    ],
    { sets: 2, reps: 10, hold: 5, times: 2, tags: ['posture', 'strength', 'desk work'] },
  ),
  x(
    ['cat-cow', 'Cat and cow', 'lower_back'],
    [
      'Kneel on all fours, hands under shoulders and knees under hips.',
      'Round your back up towards the ceiling, letting the head drop; then let the back sag gently as you look up.',
      'Move slowly and breathe with the movement.',
    ],
    { sets: 2, reps: 10, times: 2, tags: ['mobility'] },
  ),
  x(
    ['pelvic-tilt', 'Pelvic tilt', 'lower_back'],
    [
      'Lie on your back with your knees bent and feet flat.',
      'Flatten your lower back into the floor by tightening your stomach and tilting the pelvis.',
      'Hold, then relax. Keep breathing.',
    ],
    { sets: 2, reps: 10, hold: 5, times: 2, tags: ['core', 'early stage'] },
  ),
  x(
    ['knee-to-chest', 'Knee to chest', 'lower_back'],
    [
      'Lie on your back. Bring one knee towards your chest and hold it with both hands.',
      'Hold the stretch, lower the leg and repeat with the other.',
    ],
    { reps: 3, hold: 20, times: 2, tags: ['stretch'] },
  ),
  x(
    ['glute-bridge', 'Glute bridge', 'hip'],
    [
      'Lie on your back with your knees bent and feet hip-width apart.',
      'Squeeze your buttocks and lift your hips until your body makes a straight line from shoulders to knees.',
      'Hold briefly and lower slowly.',
    ],
    { sets: 3, reps: 12, hold: 3, days: 4, tags: ['strength', 'glutes'] },
  ),
  x(
    ['clamshell', 'Clamshell', 'hip'],
    [
      'Lie on your side with your hips and knees bent, feet together.',
      'Keeping the feet together, lift the top knee without rolling the pelvis back.',
      'Lower slowly. Add a band around the thighs when it is easy.',
    ],
    { sets: 3, reps: 12, days: 4, tags: ['strength', 'glutes', 'band'] },
  ),
  x(
    ['straight-leg-raise', 'Straight leg raise', 'knee'],
    [
      'Lie on your back, one knee bent and the other leg straight.',
      'Tighten the thigh of the straight leg and lift it to the height of the bent knee.',
      'Hold, then lower slowly.',
    ],
    { sets: 3, reps: 10, hold: 3, times: 2, tags: ['strength', 'quadriceps', 'post-operative'] },
  ),
  x(
    ['sit-to-stand', 'Sit to stand', 'knee'],
    [
      'Sit near the front of a firm chair with your feet hip-width apart.',
      'Lean forward and stand up without using your hands, then sit down slowly.',
      'Use your hands on the chair at first if you need to.',
    ],
    { sets: 3, reps: 10, days: 5, tags: ['strength', 'function', 'falls prevention'] },
  ),
  x(
    ['mini-squat', 'Mini squat', 'knee'],
    [
      'Stand with your feet shoulder-width apart, holding a counter if you need to.',
      'Bend your knees a quarter of the way down, keeping your heels on the floor and knees over your toes.',
      'Straighten up slowly.',
    ],
    { sets: 3, reps: 10, days: 4, tags: ['strength', 'quadriceps'] },
  ),
  x(
    ['heel-raise', 'Heel raise', 'ankle_foot'],
    [
      'Stand holding a counter, feet hip-width apart.',
      'Rise up onto your toes as high as you can, then lower slowly.',
      'Progress to one leg when both are easy.',
    ],
    { sets: 3, reps: 15, days: 5, tags: ['strength', 'calf', 'balance'] },
  ),
  x(
    ['calf-stretch', 'Calf stretch against a wall', 'ankle_foot'],
    [
      'Stand facing a wall with your hands on it, one foot behind the other.',
      'Keep the back heel down and the back knee straight; lean towards the wall until you feel the calf stretch.',
      'Hold, then change legs.',
    ],
    { reps: 3, hold: 30, times: 2, tags: ['stretch', 'calf'] },
  ),
  x(
    ['dead-bug', 'Dead bug', 'core'],
    [
      'Lie on your back, arms pointing to the ceiling, hips and knees bent to 90 degrees.',
      'Keeping your lower back flat, slowly lower one arm overhead and straighten the opposite leg.',
      'Return and change sides.',
    ],
    { sets: 3, reps: 8, days: 4, tags: ['core', 'stability'] },
  ),
  x(
    ['bird-dog', 'Bird dog', 'core'],
    [
      'Kneel on all fours with a flat back.',
      'Reach one arm forward and the opposite leg back, keeping the hips level.',
      'Hold, return and change sides.',
    ],
    { sets: 3, reps: 8, hold: 3, days: 4, tags: ['core', 'stability', 'balance'] },
  ),
];
