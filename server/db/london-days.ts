/** London calendar days in SQL, as the lists' day filters need them. */
import { sql } from 'drizzle-orm';

/** The start of a London calendar day ('yyyy-MM-dd'), plus some days, as a moment, in SQL PostgreSQL 15 and PGlite both run. */
export const londonMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/London')`;
