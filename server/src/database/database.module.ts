import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, Env } from '../env/env';
import { buildDataSourceOptions, detectDatabaseKind, openDataSource } from './data-source-options';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ENV],
      useFactory: async (env: Env) => {
        const kind = await detectDatabaseKind(env.DATABASE_URL);
        return {
          ...buildDataSourceOptions(env.DATABASE_URL, kind),
          // A MySQL server may still be starting; an SQLite file that does not open stays broken,
          // and retrying would only hold the message back for half a minute.
          toRetry: () => kind !== 'sqlite',
        };
      },
      dataSourceFactory: (options) => openDataSource(options!),
    }),
  ],
})
export class DatabaseModule {}
