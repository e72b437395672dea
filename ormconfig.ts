import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadEnv } from './server/src/env/env';
import { buildDataSourceOptions } from './server/src/database/data-source-options';

/** The DataSource the TypeORM CLI uses: the app's own options, from the same environment. */
export default new DataSource(buildDataSourceOptions(loadEnv().DATABASE_URL));
