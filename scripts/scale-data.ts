// The people of the scale database (`npm run seed:scale`, `npm run bench:scale`): a real operator's
// size, generated the same way every time from fixed name lists and a seeded generator, so that two
// runs of the benchmark search the same data.
import type { Facility } from '../contract/entities.ts';
import { random } from '../fixtures/random.ts';
import type { InmateRecord } from '../server/repo/inmates.ts';

// Common given names and surnames of the people such an operator serves, most frequent first.
// prettier-ignore
const FIRST_NAMES = [
  'James', 'Michael', 'Robert', 'John', 'David', 'William', 'Richard', 'Joseph', 'Thomas', 'Christopher',
  'Charles', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Donald', 'Steven', 'Andrew', 'Paul', 'Joshua',
  'Kenneth', 'Kevin', 'Brian', 'Timothy', 'Ronald', 'George', 'Jason', 'Edward', 'Jeffrey', 'Ryan',
  'Jacob', 'Nicholas', 'Gary', 'Eric', 'Jonathan', 'Stephen', 'Larry', 'Justin', 'Scott', 'Brandon',
  'Benjamin', 'Samuel', 'Gregory', 'Alexander', 'Patrick', 'Frank', 'Raymond', 'Jack', 'Dennis', 'Jerry',
  'Tyler', 'Aaron', 'Jose', 'Adam', 'Nathan', 'Henry', 'Zachary', 'Douglas', 'Peter', 'Kyle',
  'Noah', 'Ethan', 'Jeremy', 'Christian', 'Walter', 'Keith', 'Austin', 'Roger', 'Terry', 'Sean',
  'Gerald', 'Carl', 'Dylan', 'Harold', 'Jordan', 'Jesse', 'Bryan', 'Lawrence', 'Arthur', 'Gabriel',
  'Bruce', 'Logan', 'Billy', 'Joe', 'Alan', 'Juan', 'Elijah', 'Willie', 'Albert', 'Wayne',
  'Randy', 'Mason', 'Vincent', 'Liam', 'Roy', 'Bobby', 'Caleb', 'Bradley', 'Russell', 'Lucas',
  'Luis', 'Carlos', 'Miguel', 'Jesus', 'Antonio', 'Manuel', 'Pedro', 'Alejandro', 'Ricardo', 'Francisco',
  'Javier', 'Fernando', 'Rafael', 'Hector', 'Sergio', 'Jorge', 'Eduardo', 'Roberto', 'Victor', 'Marcus',
  'Darnell', 'Terrell', 'DeShawn', 'Jamal', 'Tyrone', 'Andre', 'Malik', 'Darius', 'Cedric', 'Reginald',
  'Mary', 'Patricia', 'Jennifer', 'Linda', 'Elizabeth', 'Barbara', 'Susan', 'Jessica', 'Sarah', 'Karen',
  'Lisa', 'Nancy', 'Betty', 'Sandra', 'Ashley', 'Kimberly', 'Emily', 'Donna', 'Michelle', 'Carol',
  'Amanda', 'Melissa', 'Deborah', 'Stephanie', 'Rebecca', 'Laura', 'Sharon', 'Cynthia', 'Kathleen', 'Amy',
  'Angela', 'Shirley', 'Brenda', 'Emma', 'Anna', 'Nicole', 'Samantha', 'Katherine', 'Christine', 'Rachel',
  'Maria', 'Ana', 'Rosa', 'Carmen', 'Guadalupe', 'Veronica', 'Gabriela', 'Alejandra', 'Yolanda', 'Adriana',
  'Tamika', 'Latoya', 'Keisha', 'Ebony', 'Monique', 'Jasmine', 'Tiana', 'Aaliyah', 'Destiny', 'Crystal',
];

// prettier-ignore
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson',
  'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens',
  'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen',
  'Freeman', 'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter',
  'Gordon', 'Mendez', 'Silva', 'Shaw', 'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks',
  'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd', 'Rose', 'Stone', 'Salazar', 'Fox',
  'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson', 'Nichols', 'Stephens',
  'Soto', 'Weaver', 'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer', 'Hawkins',
  'Arnold', 'Pierce', 'Vazquez', 'Hansen', 'Peters', 'Santos', 'Hart', 'Bradley', 'Knight', 'Elliott',
  'Cunningham', 'Duncan', 'Armstrong', 'Hudson', 'Carroll', 'Lane', 'Riley', 'Andrews', 'Alvarado', 'Ray',
  'Delgado', 'Berry', 'Perkins', 'Hoffman', 'Johnston', 'Matthews', 'Pena', 'Richards', 'Contreras', 'Willis',
  'Carpenter', 'Lawrence', 'Sandoval', 'Guerrero', 'George', 'Chapman', 'Rios', 'Estrada', 'Ortega', 'Watkins',
  'Greene', 'Nunez', 'Wheeler', 'Valdez', 'Harper', 'Burke', 'Larson', 'Santiago', 'Maldonado', 'Morrison',
  'Franklin', 'Carlson', 'Austin', 'Dominguez', 'Carr', 'Lawson', 'Jacobs', "O'Brien", 'Lynch', 'Singh',
  'Vega', 'Bishop', 'Montgomery', 'Oliver', 'Jensen', 'Harvey', 'Williamson', 'Gilbert', 'Dean', 'Sims',
  'Espinoza', 'Howell', 'Li', 'Wong', 'Reid', 'Hanson', 'Le', 'McCoy', 'Garrett', 'Burton',
  'Fuller', 'Wang', 'Weber', 'Welch', 'Rojas', 'Lucas', 'Marquez', 'Fields', 'Park', 'Yang',
  'Little', 'Banks', 'Padilla', 'Day', 'Walsh', 'Bowman', 'Schultz', 'Luna', 'Fowler', 'Mejia',
  'De La Cruz', 'Van Dyke', 'St. Clair', 'Del Rio', 'MacKenzie', 'Villanueva', 'Castaneda', 'Pacheco', 'Robles', 'Trujillo',
];

/**
 * Cumulative weights for a skewed choice: the i-th name weighs 1 / (i + 10), so the most common
 * surname is about 3 % of a facility and the rarest about 0.1 %, roughly as in a real population.
 */
function cumulative(n: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i += 1) {
    sum += 1 / (i + 10);
    out.push(sum);
  }
  return out.map((v) => v / sum);
}

function pick<T>(list: readonly T[], cum: readonly number[], r: number): T {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] ?? 1) < r) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] as T;
}

const FIRST_CUM = cumulative(FIRST_NAMES.length);
const LAST_CUM = cumulative(LAST_NAMES.length);

/** People per sandbox facility: the largest jail holds 100,000; the rest of the million goes to generated ones. */
export const SANDBOX_SIZES: Readonly<Record<number, number>> = {
  1001: 100_000,
  1401: 60_000,
  1201: 50_000,
  1101: 30_000,
  1002: 25_000,
  1003: 20_000,
  1301: 15_000,
  3001: 12_000,
  1102: 10_000,
  1103: 10_000,
  1004: 8_000,
  4001: 8_000,
  1302: 5_000,
  1402: 5_000,
  4002: 5_000,
  2001: 2_000,
};

/** The largest facility: the benchmark searches there. */
export const LARGEST_FACILITY = 1001;
/** Generated facilities are numbered from here (the sandbox's are below 10,000). */
export const GENERATED_FACILITY_BASE = 20_000;
/** Scale inmates are numbered '2000000' to '2999999': seven digits, apart from the fixtures' six. */
export const INMATE_ID_BASE = 2_000_000;

// prettier-ignore
const COUNTIES = [
  'Adams', 'Allen', 'Benton', 'Boone', 'Butler', 'Carroll', 'Clark', 'Clay', 'Clinton', 'Crawford',
  'Douglas', 'Franklin', 'Fulton', 'Grant', 'Greene', 'Hamilton', 'Hancock', 'Harrison', 'Henry', 'Jackson',
  'Jasper', 'Jefferson', 'Johnson', 'Knox', 'Lake', 'Lawrence', 'Lee', 'Lincoln', 'Logan', 'Madison',
  'Marion', 'Marshall', 'Monroe', 'Montgomery', 'Morgan', 'Perry', 'Pike', 'Polk', 'Putnam', 'Randolph',
  'Scott', 'Shelby', 'Union', 'Warren', 'Washington', 'Wayne', 'Webster', 'Wilson', 'Wood', 'Warrick',
];
const STATES = ['TX', 'GA', 'AZ', 'WA', 'IL', 'FL', 'CA', 'OH', 'PA', 'NY', 'NC', 'MI', 'TN', 'MO', 'IN'];
const KINDS = [
  'County Jail',
  'County Detention Center',
  'County Correctional Facility',
  'County Adult Detention Center',
];

export interface FacilityPlan {
  facility: Facility;
  /** Whether it is a sandbox facility (already in the database) or a generated one. */
  generated: boolean;
  size: number;
}

/**
 * The facilities the inmates go to: the sandbox's with SANDBOX_SIZES, then generated standard
 * facilities of 1,000 to 5,000 people each until `total` people are placed.
 */
export function planFacilities(sandbox: readonly Facility[], total: number, seed = 16): FacilityPlan[] {
  const rnd = random(seed);
  const template = sandbox.find((f) => f.id === 1002) ?? sandbox.find((f) => f.is_standard);
  if (!template) throw new Error('the sandbox has no standard facility to model generated ones on');
  const plans: FacilityPlan[] = [];
  let left = total;
  // Scaled down proportionally when a smaller total is asked for (tests, quick runs).
  const scale = Math.min(1, total / 1_000_000);
  for (const f of sandbox) {
    const size = Math.min(left, Math.round((SANDBOX_SIZES[f.id] ?? 0) * scale));
    if (size <= 0) continue;
    plans.push({ facility: f, generated: false, size });
    left -= size;
  }
  for (let n = 0; left > 0; n += 1) {
    const size = Math.min(left, 1000 + Math.floor(rnd() * 4001));
    const county = COUNTIES[n % COUNTIES.length] as string;
    const state = STATES[Math.floor(n / COUNTIES.length) % STATES.length] as string;
    const kind = KINDS[n % KINDS.length] as string;
    plans.push({
      facility: { ...template, id: GENERATED_FACILITY_BASE + n, label: `${county} ${kind}`, state },
      generated: true,
      size,
    });
    left -= size;
  }
  return plans;
}

function date(rnd: () => number, fromYear: number, toYear: number): string {
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear, 11, 31);
  return new Date(from + Math.floor(rnd() * (to - from))).toISOString().slice(0, 10);
}

/**
 * The people of one facility, numbered from firstId. Booking codes follow the facility's kind: an
 * A-number (A + 9 digits) at an ICE facility, J-codes at a juvenile one, letters and digits in
 * Canada, year-facility-sequence elsewhere.
 */
export function* inmatesOf(plan: FacilityPlan, firstId: number, seed: number): Generator<InmateRecord> {
  const rnd = random(seed);
  const f = plan.facility;
  for (let i = 0; i < plan.size; i += 1) {
    const id = firstId + i;
    const seq = String(i + 1).padStart(6, '0');
    const booking_code = f.is_ice
      ? `A${String(200_000_000 + ((i * 7_919) % 800_000_000)).padStart(9, '0')}`
      : f.is_juve
        ? `J${String(20 + (i % 6))}-${seq}`
        : f.is_canada
          ? `${f.id === 4001 ? 'TSDC' : 'NFPC'}-${seq}`
          : `${2019 + (i % 7)}-${f.id}${seq}`;
    yield {
      id: String(id),
      facility_id: f.id,
      first_name: pick(FIRST_NAMES, FIRST_CUM, rnd()),
      last_name: pick(LAST_NAMES, LAST_CUM, rnd()),
      date_of_birth: f.is_juve ? date(rnd, 2008, 2012) : rnd() < 0.02 ? null : date(rnd, 1950, 2006),
      book_date: date(rnd, 2019, 2026),
      booking_code,
      principal_code: `P${String(Math.floor(rnd() * 100_000_000)).padStart(8, '0')}`,
      fraud_flag: rnd() < 0.002,
      photo_url: null,
    };
  }
}
