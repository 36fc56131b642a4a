/**
 * Names for the benchmark data, with frequencies like a UK customer base: a long tail of surnames where the
 * most common one (Smith) is about 1 % of people and the top 100 about a fifth, and ~130 first names where the
 * most common is about 3 %. Search speed depends on how many rows a name matches, so the pools must not be
 * tiny (20 names would make every surname 5 % of the table and every search a worst case no real data has).
 */

/** Common UK surnames, most frequent first. */
// biome-ignore format: ten names a row
const COMMON_SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson',
  'Roberts', 'Robinson', 'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall',
  'Lewis', 'Harris', 'Clarke', 'Patel', 'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill',
  'Ward', 'Morris', 'Moore', 'Clark', 'Lee', 'King', 'Baker', 'Harrison', 'Morgan', 'Allen',
  'James', 'Scott', 'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett', 'Young', 'Griffiths',
  'Mitchell', 'Kelly', 'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy',
  'Miller', 'Cox', 'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh',
  'Begum', 'Wilkinson', 'Foster', 'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali',
  'Hunt', 'Hussain', 'Campbell', 'Matthews', 'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight',
  'Lloyd', 'Butler', 'Russell', 'Barker', 'Fisher', 'Stevens', 'Jenkins', 'Murray', 'Dixon', 'Harvey',
  'Kowalski', 'Nguyen', 'Okafor', 'MacDonald', "O'Brien", 'Nowak', 'Chen', 'Ahmed', 'Rahman', 'Mensah',
];

// The long tail: place-name surnames made of a first and a second half (Ashford, Whitley, Thornbury…).
// biome-ignore format: ten names a row
const HEADS = [
  'Ash', 'Black', 'Brad', 'Brook', 'Cart', 'Craw', 'Dun', 'Fair', 'Hart', 'Hol',
  'Kings', 'Lang', 'Mar', 'Mor', 'Nor', 'Pem', 'Ray', 'Sal', 'Stan', 'Thorn',
  'Whit', 'Wor', 'Bel', 'Cal', 'Dal', 'Fen', 'Gil', 'Hay', 'Lin', 'Rad',
];
// biome-ignore format: ten names a row
const TAILS = [
  'ford', 'ley', 'ton', 'worth', 'wood', 'field', 'ham', 'by', 'well', 'ridge',
  'stone', 'more', 'dale', 'croft', 'hurst', 'bury', 'wick', 'land', 'shaw', 'cott',
];

export const BENCH_SURNAMES = [
  ...COMMON_SURNAMES,
  ...HEADS.flatMap((head) => TAILS.map((tail) => head + tail)).filter(
    (name) => !COMMON_SURNAMES.includes(name),
  ),
];

/** First names across ages and backgrounds, roughly most frequent first. */
// biome-ignore format: ten names a row
export const BENCH_FIRST_NAMES = [
  'David', 'Sarah', 'John', 'Emma', 'Michael', 'Laura', 'James', 'Claire', 'Paul', 'Rachel',
  'Andrew', 'Lisa', 'Mark', 'Nicola', 'Richard', 'Helen', 'Peter', 'Karen', 'Daniel', 'Rebecca',
  'Christopher', 'Jennifer', 'Thomas', 'Amy', 'Matthew', 'Emily', 'Robert', 'Sophie', 'Stephen', 'Jessica',
  'Oliver', 'Olivia', 'George', 'Amelia', 'Harry', 'Isla', 'Jack', 'Ava', 'Noah', 'Mia',
  'William', 'Grace', 'Charlie', 'Lily', 'Joshua', 'Chloe', 'Samuel', 'Hannah', 'Joseph', 'Lucy',
  'Benjamin', 'Charlotte', 'Alexander', 'Katie', 'Ryan', 'Megan', 'Adam', 'Lauren', 'Luke', 'Holly',
  'Liam', 'Ella', 'Ethan', 'Freya', 'Leo', 'Evie', 'Oscar', 'Poppy', 'Arthur', 'Ruby',
  'Mohammed', 'Fatima', 'Ahmed', 'Aisha', 'Priya', 'Raj', 'Sanjay', 'Anjali', 'Wei', 'Mei',
  'Tomasz', 'Agnieszka', 'Piotr', 'Katarzyna', 'Siobhan', 'Sean', 'Ciaran', 'Niamh', 'Gareth', 'Rhys',
  'Dylan', 'Cerys', 'Angus', 'Fiona', 'Callum', 'Eilidh', 'Kwame', 'Ama', 'Chidi', 'Ngozi',
  'Margaret', 'Patricia', 'Susan', 'Linda', 'Barbara', 'Elizabeth', 'Janet', 'Carol', 'Brian', 'Kevin',
  'Gary', 'Keith', 'Ian', 'Graham', 'Colin', 'Alan', 'Trevor', 'Derek', 'Pauline', 'Sandra',
  'Olga', 'Ollie', 'Stanley', 'Edith', 'Florence', 'Albert', 'Mabel', 'Ernest', 'Doris', 'Harold',
];

/**
 * A SQL expression picking one name from `pool` for row `g` with a skewed (power-law) frequency: index
 * ⌊n·u^k⌋ for u uniform in [0, 1) from PostgreSQL's own hash of g seeded with `salt` (each salt an
 * independent draw: the first name says nothing about the surname). k sets how much the head dominates:
 * the first name is picked with probability (1/n)^(1/k).
 */
export function skewedPick(pool: readonly string[], k: number, salt: number): string {
  const literal = `ARRAY[${pool.map((name) => `'${name.replace(/'/g, "''")}'`).join(',')}]`;
  const uniform = `(hashint8extended(g::bigint, ${salt}) & 4294967295)::float8 / 4294967296`;
  return `(${literal})[1 + floor(${pool.length} * power(${uniform}, ${k}))::int]`;
}

/** Power-law exponents giving the shares above: Smith ≈ 1.2 %, the most common first name ≈ 3 %. */
export const SURNAME_SKEW = 1.5;
export const FIRST_NAME_SKEW = 1.43;
