/** seed:demo: the demo data set, in demo mode only (its users' passwords are public). */
import { presentCompany } from '../mail/compose';
import { seedDemoIfEmpty } from '../seed/demo';
import { CommandFailed, type Run } from './command';
import { commandConfig, withDatabase } from './database';

export const seedDemoCommand: Run = async (_values, io) => {
  const config = commandConfig(io);
  if (!config.demoMode)
    throw new CommandFailed(
      `seed:demo runs in demo mode only (the embedded database outside production), as the demo users' passwords are public; here ${config.databaseUrl ? 'DATABASE_URL is set' : 'NODE_ENV is production'}`,
    );
  presentCompany(config.company);
  const seeded = await withDatabase(io, config, 'write', (database) => seedDemoIfEmpty(database.db));
  io.out(seeded ? 'Demo data seeded.' : 'The database already has users; nothing seeded.');
  return undefined;
};
