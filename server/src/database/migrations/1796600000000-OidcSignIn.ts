import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';

/** created_at / updated_at as TypeORM's Create/UpdateDateColumn declare them per driver. */
const stamp = (name: string, mysql: boolean, onUpdate = false): TableColumnOptions =>
  mysql
    ? {
        name,
        type: 'datetime',
        precision: 6,
        default: 'CURRENT_TIMESTAMP(6)',
        ...(onUpdate ? { onUpdate: 'CURRENT_TIMESTAMP(6)' } : {}),
      }
    : { name, type: 'datetime', default: "datetime('now')" };

const id: TableColumnOptions = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
};

/**
 * Sign-in with OpenID Connect: the providers the admin sets up, and the provider accounts
 * linked to users. Only adds tables: an older release beside this one ignores them (its login
 * page shows no provider buttons).
 */
export class OidcSignIn1796600000000 implements MigrationInterface {
  name = 'OidcSignIn1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'oidc_providers',
        columns: [
          id,
          { name: 'kind', type: 'varchar', length: '16', default: "'oidc'" },
          { name: 'name', type: 'varchar', length: '40' },
          { name: 'issuer', type: 'varchar', length: '500' },
          { name: 'client_id', type: 'varchar', length: '255' },
          { name: 'client_secret_sealed', type: 'text' },
          { name: 'enabled', type: 'smallint', default: 1 },
          stamp('created_at', mysql),
          stamp('updated_at', mysql, true),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'user_identities',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          { name: 'provider_id', type: 'integer' },
          { name: 'subject', type: 'varchar', length: '255' },
          { name: 'email', type: 'varchar', length: '191', isNullable: true },
          { name: 'last_used_at', type: 'datetime', isNullable: true },
          stamp('created_at', mysql),
        ],
        indices: [
          new TableIndex({
            name: 'uq_user_identities_subject',
            columnNames: ['provider_id', 'subject'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'uq_user_identities_user',
            columnNames: ['user_id', 'provider_id'],
            isUnique: true,
          }),
        ],
      }),
    );
    if (mysql) {
      for (const table of ['oidc_providers', 'user_identities']) {
        await queryRunner.query(
          `ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('user_identities');
    await queryRunner.dropTable('oidc_providers');
  }
}
