import { Entity, PrimaryColumn } from 'typeorm';
import { BigIntColumn } from '../columns';

@Entity('api_daily_stats')
export class ApiDailyStat {
  @PrimaryColumn({ type: 'integer' })
  api_id: number;

  @PrimaryColumn({ type: 'date' })
  access_date: string;

  @BigIntColumn({ default: 0 })
  calls: number;
}
