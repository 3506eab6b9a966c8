import { CONSENT_TEXTS, type ConsentKind, ONBOARDING_STEPS } from '../../shared/onboarding';
import type { Role } from '../../shared/roles';

/**
 * The demo clinic beyond the one-per-role accounts: three more practitioners, two more staff and 49 more
 * patients with their records, care teams and a course of care. Everything is derived from a fixed seed, so
 * every start builds the same clinic; only the dates are relative to the day it is seeded.
 */

export type ClinicAccount = { role: Role; email: string; firstName: string; lastName: string };

/** Who the demo practitioners are; the demo practitioner (Riley Chen) is the first. */
export const CLINIC_PRACTITIONERS = [
  { key: 'riley', speciality: 'Musculoskeletal physiotherapy', email: 'practitioner@demo.clinic' },
  {
    key: 'maya',
    speciality: 'Sports physiotherapy',
    email: 'maya.okafor@demo.clinic',
    firstName: 'Maya',
    lastName: 'Okafor',
  },
  {
    key: 'daniel',
    speciality: 'Neurological rehabilitation',
    email: 'daniel.reyes@demo.clinic',
    firstName: 'Daniel',
    lastName: 'Reyes',
  },
  {
    key: 'hannah',
    speciality: 'Post-surgical rehabilitation and pain management',
    email: 'hannah.weiss@demo.clinic',
    firstName: 'Hannah',
    lastName: 'Weiss',
  },
] as const;

export type PractitionerKey = (typeof CLINIC_PRACTITIONERS)[number]['key'];

export const CLINIC_STAFF: ClinicAccount[] = [
  { role: 'staff', email: 'priya.nair@demo.clinic', firstName: 'Priya', lastName: 'Nair' },
  { role: 'staff', email: 'marcus.bell@demo.clinic', firstName: 'Marcus', lastName: 'Bell' },
];

/** A condition the clinic treats: what the record and the notes of a patient with it say. */
export type Condition = {
  practitioner: PractitionerKey;
  diagnosis: string;
  history: string;
  medications: string;
  complaint: string;
  aggravator: string;
  goals: [string, string];
  /** What the clinician finds early, midway and late in the course of care. */
  findings: [string, string, string];
  /** What the clinician plans early, midway and late. */
  plans: [string, string, string];
  startPain: number;
  ages: [number, number];
};

const CONDITIONS: Condition[] = [
  {
    practitioner: 'riley',
    diagnosis: 'Mechanical low back pain (lumbar strain)',
    history: 'Lumbar strain lifting boxes at work four weeks ago. No previous back problems. Mild asthma.',
    medications: 'Paracetamol 1 g as needed. Salbutamol inhaler as needed.',
    complaint: 'Low back pain across the belt line, stiff in the mornings',
    aggravator: 'sitting at work and bending',
    goals: ['Sit through a working day without back pain', 'Lift a 10 kg box from the floor'],
    findings: [
      'Lumbar flexion limited to knee level; paraspinal spasm. Neurological screen clear.',
      'Flexion to mid-shin, spasm eased. Core endurance 40 s.',
      'Full lumbar range. Core endurance 90 s. Lifting pattern good.',
    ],
    plans: [
      'Walking little and often, pelvic tilts, heat. Advice on sitting breaks.',
      'Add bridging, bird-dog and hip hinge practice.',
      'Progress loaded lifting; home programme to continue independently.',
    ],
    startPain: 7,
    ages: [28, 58],
  },
  {
    practitioner: 'riley',
    diagnosis: 'Adhesive capsulitis (frozen shoulder)',
    history: 'Gradual onset of right shoulder stiffness over five months. Type 2 diabetes, well controlled.',
    medications: 'Metformin 500 mg twice daily. Naproxen 250 mg as needed.',
    complaint: 'Stiff, aching right shoulder that wakes them at night',
    aggravator: 'reaching up and lying on that side',
    goals: ['Reach the top kitchen shelf', 'Sleep through the night on the affected side'],
    findings: [
      'Flexion 95 degrees, external rotation 15 degrees. Capsular pattern.',
      'Flexion 125 degrees, external rotation 30 degrees.',
      'Flexion 160 degrees, external rotation 50 degrees. Sleeping better.',
    ],
    plans: [
      'Pendulum exercises, assisted flexion with a stick, heat before stretching.',
      'Add wall walks and external rotation stretches; joint mobilisation.',
      'Strengthening with a band; continue stretching daily.',
    ],
    startPain: 6,
    ages: [45, 66],
  },
  {
    practitioner: 'riley',
    diagnosis: 'Mechanical neck pain with postural strain',
    history: 'Neck pain and headaches for three months since working from home. No trauma.',
    medications: 'Ibuprofen 200 mg as needed.',
    complaint: 'Neck ache spreading to the shoulders, with afternoon headaches',
    aggravator: 'long hours at the laptop',
    goals: ['Work at the desk for two hours without neck pain', 'Turn the head fully to check a blind spot'],
    findings: [
      'Cervical rotation 50 degrees both ways, upper trapezius tender. Forward head posture.',
      'Rotation 65 degrees. Fewer headaches.',
      'Rotation 80 degrees, no headaches this week.',
    ],
    plans: [
      'Desk set-up advice, chin tucks, shoulder blade squeezes hourly.',
      'Add deep neck flexor endurance and thoracic extension over a towel.',
      'Band rows and a stretching routine for work breaks.',
    ],
    startPain: 6,
    ages: [24, 50],
  },
  {
    practitioner: 'maya',
    diagnosis: 'Rehabilitation after anterior cruciate ligament reconstruction',
    history: 'Left ACL reconstruction (hamstring graft) after a netball injury. Otherwise well.',
    medications: 'None regularly.',
    complaint: 'Left knee feels weak and unstable after the operation',
    aggravator: 'stairs and turning quickly',
    goals: ['Jog 5 km without knee pain', 'Single-leg hop within 90% of the other side'],
    findings: [
      'Effusion trace. Flexion 110 degrees, full extension. Quadriceps lag on straight-leg raise.',
      'No effusion. Flexion 135 degrees. Single-leg squat controlled to 45 degrees.',
      'Full range. Hop test 85% of the other side. Running drills tolerated.',
    ],
    plans: [
      'Quadriceps activation, cycling without resistance, gait drills.',
      'Leg press, step-downs, balance work; start a walk-jog programme.',
      'Plyometrics and change of direction; plan the return to sport.',
    ],
    startPain: 6,
    ages: [18, 35],
  },
  {
    practitioner: 'maya',
    diagnosis: 'Recurrent lateral ankle sprain',
    history: 'Third right ankle sprain in two years, the last playing football six weeks ago.',
    medications: 'None regularly.',
    complaint: 'Right ankle gives way on uneven ground',
    aggravator: 'running on grass and uneven pavements',
    goals: ['Balance on one leg for 60 seconds', 'Return to weekly football'],
    findings: [
      'Swelling over the lateral ligaments. Single-leg balance 10 s.',
      'Swelling settled. Balance 35 s. Hopping without pain.',
      'Balance 60 s eyes open. Agility drills without giving way.',
    ],
    plans: [
      'Ankle alphabet, calf raises, balance on a firm surface.',
      'Balance on a cushion, lateral hops, peroneal strengthening.',
      'Sport-specific drills; brace for the first month back.',
    ],
    startPain: 5,
    ages: [17, 40],
  },
  {
    practitioner: 'maya',
    diagnosis: 'Rotator cuff tendinopathy',
    history: 'Right shoulder pain for two months after increasing swimming training. No night pain.',
    medications: 'Ibuprofen gel as needed.',
    complaint: 'Painful arc lifting the right arm, sore after swimming',
    aggravator: 'front crawl and reaching overhead',
    goals: ['Swim 20 lengths front crawl', 'Lift overhead without pain'],
    findings: [
      'Painful arc 70 to 120 degrees. External rotation strength 4/5, painful.',
      'Painful arc only at end of range. Strength 4+/5.',
      'No painful arc. Strength 5/5. Swimming 15 lengths.',
    ],
    plans: [
      'Isometric external rotation, reduce swimming volume by half.',
      'Band external rotation and scaption; technique review with the coach.',
      'Overhead loading and a graded return to full training.',
    ],
    startPain: 5,
    ages: [20, 55],
  },
  {
    practitioner: 'maya',
    diagnosis: 'Mid-portion Achilles tendinopathy',
    history: 'Left Achilles pain for ten weeks after training for a half marathon.',
    medications: 'None regularly.',
    complaint: 'Left heel cord stiff in the morning and sore when running',
    aggravator: 'running and the first steps in the morning',
    goals: ['Run 30 minutes without pain', 'Do 20 single-leg heel raises'],
    findings: [
      'Thickened, tender mid-portion. Single-leg heel raise 8 repetitions, painful.',
      'Less tender. Heel raises 15 repetitions.',
      'Heel raises 22 repetitions, pain-free. Running 20 minutes.',
    ],
    plans: [
      'Isometric calf holds, pause running, cycle instead.',
      'Heavy slow calf raises; walk-run programme.',
      'Hopping and a graded return to running.',
    ],
    startPain: 6,
    ages: [30, 60],
  },
  {
    practitioner: 'daniel',
    diagnosis: 'Left hemiparesis after ischaemic stroke',
    history: 'Right-sided ischaemic stroke four months ago, left arm and leg weakness. Hypertension.',
    medications: 'Clopidogrel 75 mg daily. Atorvastatin 40 mg nightly. Amlodipine 5 mg daily.',
    complaint: 'Left leg drags when walking; left hand clumsy',
    aggravator: 'tiredness late in the day',
    goals: ['Walk 100 m outdoors with a stick', 'Get dressed without help'],
    findings: [
      'Walks 20 m with a frame and supervision. Left grip weak. Berg balance 34/56.',
      'Walks 60 m with a stick. Berg balance 42/56.',
      'Walks 100 m outdoors with a stick. Berg balance 48/56. Dresses with minimal help.',
    ],
    plans: [
      'Sit-to-stand practice, weight shifting, task practice for the left hand.',
      'Outdoor walking practice, step-ups, buttons and zips practice.',
      'Community walking and a home programme with a carer.',
    ],
    startPain: 4,
    ages: [58, 84],
  },
  {
    practitioner: 'daniel',
    diagnosis: "Parkinson's disease with balance impairment",
    history: "Parkinson's disease diagnosed three years ago. Two falls at home this year.",
    medications: 'Co-careldopa 25/100 three times daily.',
    complaint: 'Unsteady when turning; freezes in doorways',
    aggravator: 'turning and getting up from low chairs',
    goals: ['Stand up from a chair without using the arms', 'Go a month without a fall'],
    findings: [
      'Timed up and go 18 s. Festination on turning. Needs arms to stand.',
      'Timed up and go 14 s. Uses cueing to start walking.',
      'Timed up and go 11 s. Stands without arms from a standard chair.',
    ],
    plans: [
      'Big-movement practice, cueing strategies, falls advice at home.',
      'Turning practice, sit-to-stand sets, walking with a metronome.',
      'Group balance class and the home programme.',
    ],
    startPain: 3,
    ages: [60, 82],
  },
  {
    practitioner: 'daniel',
    diagnosis: 'Persistent symptoms after concussion with vestibular dysfunction',
    history: 'Concussion from a cycling fall eight weeks ago. CT head normal.',
    medications: 'Paracetamol as needed.',
    complaint: 'Dizziness and headaches when moving the head or reading',
    aggravator: 'screens, busy shops and quick head turns',
    goals: ['Read for 30 minutes without dizziness', 'Return to full days at work'],
    findings: [
      'Dizziness 6/10 on head turns. Gaze stability provokes symptoms.',
      'Dizziness 3/10 on head turns. Tolerating 20 minutes of screen work.',
      'Minimal dizziness. Working full days with breaks.',
    ],
    plans: [
      'Gaze stabilisation exercises, graded walking, screen breaks.',
      'Progress head movements while walking; longer reading sessions.',
      'Return-to-work plan; exercise to full intensity.',
    ],
    startPain: 5,
    ages: [19, 52],
  },
  {
    practitioner: 'hannah',
    diagnosis: 'Rehabilitation after total hip replacement',
    history: 'Right total hip replacement for osteoarthritis. Osteoarthritis of both knees.',
    medications: 'Apixaban 2.5 mg twice daily (post-operative). Paracetamol 1 g four times daily.',
    complaint: 'Right hip stiff and sore after the operation; walking with crutches',
    aggravator: 'stairs and getting out of bed',
    goals: ['Climb stairs step over step', 'Walk to the shops (800 m)'],
    findings: [
      'Walks with two crutches. Hip flexion 80 degrees. Trendelenburg gait.',
      'Walks with one stick. Hip flexion 100 degrees. Gait improving.',
      'Walks without aid. Stairs step over step with the rail.',
    ],
    plans: [
      'Hip precautions, bed exercises, walking with crutches.',
      'Hip abductor strengthening, step-ups, wean to one stick.',
      'Longer walks, balance work; discharge planning.',
    ],
    startPain: 7,
    ages: [55, 82],
  },
  {
    practitioner: 'hannah',
    diagnosis: 'Rehabilitation after total knee replacement',
    history: 'Left total knee replacement for osteoarthritis. Hypertension.',
    medications: 'Ramipril 5 mg daily. Paracetamol 1 g four times daily. Codeine 30 mg at night as needed.',
    complaint: 'Left knee swollen and stiff after the operation',
    aggravator: 'bending the knee and getting in and out of the car',
    goals: ['Bend the knee to 110 degrees', 'Get in and out of the car unaided'],
    findings: [
      'Flexion 75 degrees, extension -10. Swelling moderate.',
      'Flexion 95 degrees, extension -5. Swelling mild.',
      'Flexion 112 degrees, full extension. Car transfers independent.',
    ],
    plans: [
      'Ice and elevation, knee bends, quadriceps sets.',
      'Stationary bike, step-ups, stretching into extension.',
      'Strengthening and walking programme; discharge planning.',
    ],
    startPain: 8,
    ages: [58, 80],
  },
  {
    practitioner: 'hannah',
    diagnosis: 'Chronic widespread pain (fibromyalgia)',
    history: 'Fibromyalgia diagnosed two years ago. Low mood, under the GP. Irritable bowel syndrome.',
    medications: 'Amitriptyline 10 mg at night. Sertraline 50 mg daily.',
    complaint: 'Aching all over with poor sleep and fatigue',
    aggravator: 'busy days followed by crashes',
    goals: ['Garden for an hour using pacing', 'Walk 20 minutes every day'],
    findings: [
      'Widespread tenderness. Walks 5 minutes before resting. Boom-and-bust pattern.',
      'Walks 12 minutes daily. Using an activity diary.',
      'Walks 20 minutes most days. Pacing gardening in 20-minute blocks.',
    ],
    plans: [
      'Pain education, activity diary, baseline walking.',
      'Graded activity, relaxation and sleep routine.',
      'Maintain pacing; join the community walking group.',
    ],
    startPain: 7,
    ages: [30, 65],
  },
  {
    practitioner: 'hannah',
    diagnosis: 'Stiffness after a distal radius fracture',
    history: 'Left wrist fracture from a fall on ice, out of cast two weeks ago. Osteopenia.',
    medications: 'Calcium and vitamin D daily. Alendronic acid 70 mg weekly.',
    complaint: 'Left wrist stiff and weak since the cast came off',
    aggravator: 'gripping and turning door handles',
    goals: ['Lift a full kettle and pour safely', 'Type for an hour'],
    findings: [
      'Wrist extension 30 degrees, grip 12 kg (right 28 kg).',
      'Extension 50 degrees, grip 18 kg.',
      'Extension 65 degrees, grip 24 kg. Typing an hour with a break.',
    ],
    plans: [
      'Active range of movement, warm water exercises, putty.',
      'Grip strengthening, weight-bearing through the hand.',
      'Functional tasks and a home programme.',
    ],
    startPain: 5,
    ages: [50, 78],
  },
];

const PATIENT_NAMES: Array<[first: string, last: string, sex: 'Female' | 'Male']> = [
  ['Amelia', 'Hughes', 'Female'],
  ['Oliver', 'Bennett', 'Male'],
  ['Sofia', 'Alvarez', 'Female'],
  ['Noah', 'Fitzgerald', 'Male'],
  ['Grace', 'Osei', 'Female'],
  ['Ethan', 'Novak', 'Male'],
  ['Isla', 'MacLeod', 'Female'],
  ['Lucas', 'Ferreira', 'Male'],
  ['Hana', 'Sato', 'Female'],
  ['Samuel', 'Adeyemi', 'Male'],
  ['Chloe', 'Dubois', 'Female'],
  ['Mateo', 'Rossi', 'Male'],
  ['Aisha', 'Rahman', 'Female'],
  ['Henry', 'Whitaker', 'Male'],
  ['Zoe', 'Papadopoulos', 'Female'],
  ['Leo', 'Schmidt', 'Male'],
  ['Nora', 'Lindqvist', 'Female'],
  ['Arjun', 'Mehta', 'Male'],
  ['Emily', 'Gallagher', 'Female'],
  ['Kwame', 'Mensah', 'Male'],
  ['Ruby', 'Carter', 'Female'],
  ['Felix', 'Wagner', 'Male'],
  ['Mei', 'Tanaka', 'Female'],
  ['Daniel', 'Byrne', 'Male'],
  ['Layla', 'Haddad', 'Female'],
  ['George', 'Ellison', 'Male'],
  ['Ingrid', 'Haugen', 'Female'],
  ['Tomás', 'Ortega', 'Male'],
  ['Olivia', 'Brennan', 'Female'],
  ['Ibrahim', 'Yusuf', 'Male'],
  ['Clara', 'Moreau', 'Female'],
  ['Hugo', 'Jansen', 'Male'],
  ['Priyanka', 'Iyer', 'Female'],
  ['William', 'Foster', 'Male'],
  ['Elena', 'Popescu', 'Female'],
  ['Marcus', 'Achterberg', 'Male'],
  ['Freya', 'Sinclair', 'Female'],
  ['Rafael', 'Santos', 'Male'],
  ['Maryam', 'Karimi', 'Female'],
  ['Connor', 'Walsh', 'Male'],
  ['Lucy', 'Thornton', 'Female'],
  ['Yusuf', 'Demir', 'Male'],
  ['Evelyn', 'Price', 'Female'],
  ['Ravi', 'Kapoor', 'Male'],
  ['Annika', 'Berg', 'Female'],
  ['Patrick', 'Doyle', 'Male'],
  ['Leila', 'Nasser', 'Female'],
  ['Victor', 'Almeida', 'Male'],
  ['Margaret', 'Holloway', 'Female'],
];

const STREETS = [
  'Maple Street',
  'Harbour Road',
  'Elm Avenue',
  'Willow Lane',
  'Station Road',
  'Cedar Court',
  'Riverside Drive',
  'Orchard Way',
  'Park Terrace',
  'Hillcrest Road',
];
const CITIES: Array<[city: string, postcodePrefix: string]> = [
  ['Riverton', '97401'],
  ['Eastfield', '97403'],
  ['Millbrook', '97405'],
  ['Ashby', '97408'],
];
const INSURERS: Array<[name: string, prefix: string]> = [
  ['Northbridge Health', 'NBH'],
  ['Meridian Mutual', 'MMU'],
  ['Harbor Life & Health', 'HLH'],
  ['Unity Care Plan', 'UCP'],
];
const ALLERGIES = [
  'Penicillin (rash)',
  'Latex (contact dermatitis)',
  'Ibuprofen (stomach upset)',
  'Adhesive plasters (skin irritation)',
  'Codeine (nausea)',
  'Peanuts (anaphylaxis; carries an adrenaline pen)',
];
const RELATIONSHIPS = [
  'Spouse',
  'Partner',
  'Mother',
  'Father',
  'Sister',
  'Brother',
  'Daughter',
  'Son',
  'Friend',
];
const CONTACT_NAMES = [
  'Jamie',
  'Chris',
  'Morgan',
  'Taylor',
  'Robin',
  'Casey',
  'Drew',
  'Avery',
  'Quinn',
  'Rowan',
];

/** mulberry32: a small seeded generator, so the clinic is the same on every start. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)];
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, chance };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const phoneNumber = (random: ReturnType<typeof seeded>) =>
  `+1 541 555 ${String(random.int(100, 199)).padStart(4, '0')}`;

export type ClinicNote = {
  practitioner: PractitionerKey;
  at: Date;
  painScore: number;
  goals: Array<{ goal: string; progress: number }>;
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  status: 'draft' | 'signed';
  shared: boolean;
};

export type ClinicPatient = ClinicAccount & {
  createdAt: Date;
  /** The care team: the first practitioner leads, a second one sometimes helps. */
  practitioners: PractitionerKey[];
  record: {
    dateOfBirth: string;
    sex: string;
    gender: string;
    phone: string;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    region: string;
    postalCode: string;
    country: string;
    emergencyContactName: string;
    emergencyContactRelationship: string;
    emergencyContactPhone: string;
    insuranceProvider: string | null;
    insurancePolicyNumber: string | null;
    insuranceGroupNumber: string | null;
    medicalHistory: string;
    allergies: string;
    medications: string;
    status: 'active' | 'inactive' | 'discharged';
  };
  notes: ClinicNote[];
  /** The intake as the patient completed it, with the consents they signed; null while not done yet. */
  onboarding: {
    completedSteps: string[];
    completedAt: Date;
    mainConcern: string;
    goals: string[];
    consents: Array<{
      kind: ConsentKind;
      title: string;
      signedName: string;
      signedAt: Date;
      ipAddress: string;
    }>;
  } | null;
};

const phaseOf = (index: number, count: number) =>
  count <= 1 ? 0 : Math.min(2, Math.floor((index / (count - 1)) * 2.99));

const ASSESSMENTS = [
  (diagnosis: string) => `${diagnosis}. Symptoms irritable and limiting daily function.`,
  (diagnosis: string) => `${diagnosis}, improving as expected; tolerating more load.`,
  (diagnosis: string) => `${diagnosis}: good progress towards both goals.`,
];

function courseOfCare(
  random: ReturnType<typeof seeded>,
  {
    condition,
    practitioners,
    dates,
    ...options
  }: {
    condition: Condition;
    practitioners: PractitionerKey[];
    dates: Date[];
    shared: boolean;
    lastIsDraft: boolean;
  },
): ClinicNote[] {
  const count = dates.length;
  const startPain = Math.min(10, Math.max(2, condition.startPain + random.int(-1, 1)));
  const endPain = random.int(0, Math.min(3, startPain - 1));
  const starts = [random.int(0, 3) * 5, random.int(1, 4) * 5];
  const ends = [random.int(12, 20) * 5, random.int(11, 20) * 5];
  let previousPain = startPain;
  const previousProgress = [0, 0];
  return dates.map((at, index) => {
    const share = count <= 1 ? 1 : index / (count - 1);
    // Pain eases across the course, now and then (never at the last visit) a point worse than the week before.
    const trend = Math.round(startPain - (startPain - endPain) * share);
    const setback = index > 0 && index < count - 1 && random.chance(0.15);
    const painScore = Math.max(0, Math.min(10, setback ? previousPain + 1 : trend));
    previousPain = painScore;
    const goals = condition.goals.map((goal, goalIndex) => {
      const target = starts[goalIndex] + (ends[goalIndex] - starts[goalIndex]) * share;
      const progress = Math.max(previousProgress[goalIndex], Math.min(100, Math.round(target / 5) * 5));
      previousProgress[goalIndex] = progress;
      return { goal, progress };
    });
    const phase = phaseOf(index, count);
    const isDraft = options.lastIsDraft && index === count - 1;
    // The lead practitioner writes most notes; a second practitioner every third visit.
    const practitioner = practitioners.length > 1 && index % 3 === 2 ? practitioners[1] : practitioners[0];
    const subjective = [
      `${condition.complaint}. Pain ${painScore}/10, worse with ${condition.aggravator}.`,
      `Steady improvement since the last visit; ${condition.aggravator} still brings it on. Pain ${painScore}/10.`,
      `Managing day-to-day well; an occasional ache after ${condition.aggravator}. Pain ${painScore}/10.`,
    ][phase];
    return {
      practitioner,
      at,
      painScore,
      goals,
      subjective,
      objective: isDraft ? '' : condition.findings[phase],
      assessment: isDraft ? '' : ASSESSMENTS[phase](condition.diagnosis),
      plan: isDraft ? '' : `${condition.plans[phase]} Review in one week.`,
      status: isDraft ? 'draft' : 'signed',
      shared: !isDraft && options.shared,
    };
  });
}

/** The 49 generated patients of the demo clinic, as of `now`. */
export function clinicPatients(now: Date): ClinicPatient[] {
  const random = seeded(20_260_422);
  const today = now.getTime();
  return PATIENT_NAMES.map(([firstName, lastName, sex], index) => {
    const condition = CONDITIONS[index % CONDITIONS.length];
    // Spread over the last 18 months, the oldest first.
    const daysAgo = Math.round(540 - (index / PATIENT_NAMES.length) * 530) - random.int(0, 9);
    const createdAt = new Date(today - daysAgo * DAY_MS - random.int(8, 17) * 60 * 60 * 1000);
    const status: ClinicPatient['record']['status'] =
      index % 16 === 3 ? 'discharged' : index % 16 === 9 ? 'inactive' : 'active';
    const others = CLINIC_PRACTITIONERS.map((practitioner) => practitioner.key).filter(
      (key) => key !== condition.practitioner,
    );
    const practitioners: PractitionerKey[] = random.chance(0.3)
      ? [condition.practitioner, random.pick(others)]
      : [condition.practitioner];
    const age = random.int(condition.ages[0], condition.ages[1]);
    const birth = new Date(today - age * 365.25 * DAY_MS - random.int(0, 364) * DAY_MS);
    const [city, postcode] = random.pick(CITIES);
    const insurer = random.chance(0.8) ? random.pick(INSURERS) : null;
    const gender =
      index % 17 === 11
        ? 'Non-binary'
        : random.chance(0.03)
          ? 'Prefers not to say'
          : sex === 'Female'
            ? 'Woman'
            : 'Man';
    const record: ClinicPatient['record'] = {
      dateOfBirth: birth.toISOString().slice(0, 10),
      sex,
      gender,
      phone: phoneNumber(random),
      addressLine1: `${random.int(2, 240)} ${random.pick(STREETS)}`,
      addressLine2: random.chance(0.2) ? `Apartment ${random.int(1, 30)}` : null,
      city,
      region: 'Oregon',
      postalCode: postcode,
      country: 'United States',
      emergencyContactName: `${random.pick(CONTACT_NAMES)} ${lastName}`,
      emergencyContactRelationship: random.pick(RELATIONSHIPS),
      emergencyContactPhone: phoneNumber(random),
      insuranceProvider: insurer?.[0] ?? null,
      insurancePolicyNumber: insurer ? `${insurer[1]}-${random.int(100_000, 999_999)}` : null,
      insuranceGroupNumber: insurer ? `G-${random.int(1000, 9999)}` : null,
      medicalHistory: condition.history,
      allergies: random.chance(0.25) ? random.pick(ALLERGIES) : 'No known allergies',
      medications: condition.medications,
      status,
    };

    // Most patients have a course of weekly notes: the active ones up to the last fortnight, the others
    // from when they joined until they stopped coming.
    const notes: ClinicNote[] = [];
    if (index % 5 !== 4) {
      const wanted = random.int(3, 8);
      const start =
        status === 'active'
          ? Math.max(
              createdAt.getTime() + DAY_MS,
              today - random.int(0, 13) * DAY_MS - (wanted - 1) * 7 * DAY_MS,
            )
          : createdAt.getTime() + random.int(2, 6) * DAY_MS;
      const dates: Date[] = [];
      for (let visit = 0; visit < wanted; visit++) {
        const at = start + visit * 7 * DAY_MS;
        if (at > today) break;
        dates.push(new Date(at));
      }
      notes.push(
        ...courseOfCare(random, {
          condition,
          practitioners,
          dates,
          shared: random.chance(0.6),
          lastIsDraft: status === 'active' && index % 7 === 1,
        }),
      );
    }
    // Everyone but the three newest finished the intake within an hour of joining, signing the two required
    // consents and, most of them, the reminders one.
    const signedAt = new Date(createdAt.getTime() + random.int(10, 55) * 60 * 1000);
    const kinds: ConsentKind[] = random.chance(0.7)
      ? ['treatment', 'privacy', 'communication']
      : ['treatment', 'privacy'];
    const address = `198.51.100.${random.int(2, 254)}`;
    const onboarding: ClinicPatient['onboarding'] =
      index >= PATIENT_NAMES.length - 3
        ? null
        : {
            completedSteps: [...ONBOARDING_STEPS],
            completedAt: signedAt,
            mainConcern: condition.complaint,
            goals: [...condition.goals],
            consents: kinds.map((kind) => ({
              kind,
              title: CONSENT_TEXTS[kind].title,
              signedName: `${firstName} ${lastName}`,
              signedAt,
              ipAddress: address,
            })),
          };
    return {
      role: 'patient' as const,
      email: `${firstName
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}.${lastName.toLowerCase()}@example.test`,
      firstName,
      lastName,
      createdAt,
      practitioners,
      record,
      notes,
      onboarding,
    };
  });
}

/** The practitioners and staff the clinic adds to the one-per-role demo accounts. */
export const CLINIC_COLLEAGUES: ClinicAccount[] = [
  ...CLINIC_PRACTITIONERS.flatMap((practitioner) =>
    'firstName' in practitioner
      ? [
          {
            role: 'practitioner' as const,
            email: practitioner.email,
            firstName: practitioner.firstName,
            lastName: practitioner.lastName,
          },
        ]
      : [],
  ),
  ...CLINIC_STAFF,
];
