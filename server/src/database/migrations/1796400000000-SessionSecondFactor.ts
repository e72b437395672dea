import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * sessions records when a session last proved the account's second factor, so that creating an
 * API key can ask for it again after a while. A nullable column: an older release beside this
 * one writes sessions without it (their holders are asked for a code before creating a key).
 */
export class SessionSecondFactor1796400000000 implements MigrationInterface {
  name = 'SessionSecondFactor1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'sessions',
      new TableColumn({ name: 'second_factor_at', type: 'datetime', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sessions', 'second_factor_at');
  }
}
