import { InitialSchema1763769600000 } from './1763769600000-InitialSchema';

/** Every migration, oldest first. */
export const MIGRATIONS = [InitialSchema1763769600000];
