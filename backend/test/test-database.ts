import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A fresh, empty database on the test PostgreSQL; its URL. */
export async function createTestDatabase(prefix = 'test'): Promise<string> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup starts the test PostgreSQL)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
