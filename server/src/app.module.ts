import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ContentEventsModule } from './common/content-events';
import { EnvelopeFilter } from './common/envelope.filter';
import { MetricsModule } from './common/metrics';
import { RateLimiterModule } from './common/rate-limiter';
import { RedisModule } from './common/redis';
import { DatabaseModule } from './database/database.module';
import { Env } from './env/env';
import { EnvModule } from './env/env.module';
import { FEATURE_MODULES } from './modules';

@Module({})
export class AppModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvModule.forRoot(env),
        DatabaseModule,
        RedisModule,
        MetricsModule,
        RateLimiterModule,
        ContentEventsModule,
        ...FEATURE_MODULES,
      ],
      providers: [{ provide: APP_FILTER, useClass: EnvelopeFilter }],
    };
  }
}
