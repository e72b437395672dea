import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, Env } from '../env/env';
import { buildDataSourceOptions, detectDatabaseKind } from './data-source-options';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ENV],
      useFactory: async (env: Env) =>
        buildDataSourceOptions(env.DATABASE_URL, await detectDatabaseKind(env.DATABASE_URL)),
    }),
  ],
})
export class DatabaseModule {}
