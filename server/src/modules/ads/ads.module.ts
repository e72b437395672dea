import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Ad } from '../../database/entities';
import { AdsController } from './ads.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Ad])],
  controllers: [AdsController],
})
export class AdsModule {}
