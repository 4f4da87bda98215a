// The demo clinic, as data: who works where, in which zone, on which hours. Kept apart from the
// code that writes it so the seed test can check the database against the same plan.
import type { Weekday, WeeklySegment } from '@domain/schedule';

export const DEMO_PASSWORD = 'waiting-room-demo';

export interface DemoClinic {
  slug: string;
  name: string;
  timezone: string;
  /** faker locale used for this clinic's patients, so names and phones look local. */
  locale: 'en_US' | 'en_GB' | 'en_AU';
  /**
   * What patient pages give patients to reach the clinic: a demo without them told patients to
   * "call the clinic" with no number anywhere (ADR 034). Numbers from the ranges set aside for
   * fiction (US 555-01xx, UK 020 7946 0xxx, Australia 02 5550 xxxx).
   */
  phone: string;
  address: string;
}

export const DEMO_CLINICS: readonly DemoClinic[] = [
  {
    slug: 'riverside',
    name: 'Riverside Family Clinic',
    timezone: 'America/New_York',
    locale: 'en_US',
    phone: '(212) 555-0142',
    address: '118 Riverside Drive\nNew York, NY 10024',
  },
  {
    slug: 'camden',
    name: 'Camden Health Centre',
    timezone: 'Europe/London',
    locale: 'en_GB',
    phone: '020 7946 0321',
    address: '24 Pratt Street\nLondon NW1 0AB',
  },
  {
    slug: 'harbour',
    name: 'Harbour Medical Practice',
    timezone: 'Australia/Sydney',
    locale: 'en_AU',
    phone: '(02) 5550 4821',
    address: '9 Circular Quay West\nSydney NSW 2000',
  },
];

export interface DemoUser {
  email: string;
  name: string;
  role: 'admin' | 'provider' | 'nurse' | 'staff';
  timezone: string;
  clinics: readonly string[];
  /** Only the four demo accounts can sign in; other agents exist to be booked. */
  canSignIn: boolean;
  weekly?: readonly WeeklySegment[];
}

const weekdays = (start: string, end: string, days: Weekday[] = [1, 2, 3, 4, 5]): WeeklySegment[] =>
  days.map((weekday) => ({ weekday, start, end }));
const split = (days: Weekday[], ...ranges: Array<[string, string]>): WeeklySegment[] =>
  days.flatMap((weekday) => ranges.map(([start, end]) => ({ weekday, start, end })));

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@carebook.test',
    name: 'Alex Morgan',
    role: 'admin',
    timezone: 'America/New_York',
    clinics: ['riverside', 'camden', 'harbour'],
    canSignIn: true,
  },
  {
    email: 'provider@carebook.test',
    name: 'Dr. Priya Raman',
    role: 'provider',
    timezone: 'America/New_York',
    clinics: ['riverside'],
    canSignIn: true,
    weekly: weekdays('09:00', '17:00'),
  },
  {
    email: 'nurse@carebook.test',
    name: 'Nora Kelly, RN',
    role: 'nurse',
    timezone: 'America/New_York',
    clinics: ['riverside'],
    canSignIn: true,
    weekly: split([1, 2, 3, 4], ['08:00', '12:00'], ['13:00', '16:00']),
  },
  {
    email: 'staff@carebook.test',
    name: 'Sam Ortiz',
    role: 'staff',
    timezone: 'America/New_York',
    clinics: ['riverside'],
    canSignIn: true,
  },
  {
    email: 'marcus.bell@carebook.test',
    name: 'Dr. Marcus Bell',
    role: 'provider',
    timezone: 'America/Chicago',
    clinics: ['riverside'],
    canSignIn: false,
    weekly: weekdays('10:00', '18:00', [2, 3, 4, 5, 6]),
  },
  {
    email: 'eleanor.hughes@carebook.test',
    name: 'Dr. Eleanor Hughes',
    role: 'provider',
    timezone: 'Europe/London',
    clinics: ['camden'],
    canSignIn: false,
    weekly: weekdays('08:30', '16:30'),
  },
  {
    email: 'tom.adeyemi@carebook.test',
    name: 'Tom Adeyemi, RN',
    role: 'nurse',
    timezone: 'Europe/London',
    clinics: ['camden'],
    canSignIn: false,
    weekly: split([1, 3, 5], ['09:00', '13:00'], ['14:00', '18:00']),
  },
  {
    email: 'grace.liu@carebook.test',
    name: 'Dr. Grace Liu',
    role: 'provider',
    timezone: 'Australia/Sydney',
    clinics: ['harbour'],
    canSignIn: false,
    weekly: weekdays('09:00', '17:00'),
  },
  {
    email: 'jack.wilson@carebook.test',
    name: 'Jack Wilson, RN',
    role: 'nurse',
    timezone: 'Australia/Sydney',
    clinics: ['harbour'],
    canSignIn: false,
    weekly: weekdays('07:30', '15:30', [1, 2, 3, 4]),
  },
];

export const PATIENTS_PER_CLINIC = 200;
/** Days on either side of today that get appointments. */
export const SEED_WINDOW_DAYS = 28;

/** Notes staff left on some visits: the demo's and the benchmarks' seeds draw from these. */
export const VISIT_NOTES = [
  'Follow-up on blood pressure readings.',
  'Annual physical; fasting labs requested.',
  'Medication review.',
  'Patient asked for an interpreter (Spanish).',
  'Post-operative check.',
  'Discuss test results.',
  'Vaccination appointment.',
] as const;
