import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  return value;
};

/** Every environment variable the server reads, with its default. */
export class EnvSchema {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @Matches(/^(sqlite:.+|mysql:\/\/.+)$/, {
    message:
      'DATABASE_URL must be sqlite:<path> or mysql://user:pass@host:port/db (mariadb:// for MariaDB)',
  })
  DATABASE_URL = 'sqlite:./data/portico.db';

  @IsString()
  DATA_DIR = './data';

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'APP_SECRET must be at least 32 characters' })
  APP_SECRET?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{3,32}$/, {
    message: 'ADMIN_USERNAME may only contain letters, digits and underscores (3-32)',
  })
  ADMIN_USERNAME?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'ADMIN_PASSWORD must be at least 8 characters' })
  ADMIN_PASSWORD?: string;

  @Transform(toBool)
  @IsBoolean()
  TRUST_PROXY = false;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be redis://host:port' })
  REDIS_URL?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Transform(toBool)
  @IsBoolean()
  SEED_DEMO = true;

  @IsString()
  CLIENT_DIST = '';
}
