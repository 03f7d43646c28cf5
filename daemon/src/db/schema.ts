import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely's view of the database. One interface per table; times are unix milliseconds. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_logs: LoginLogsTable;
  settings: SettingsTable;
}

/** There is exactly one account; its id is always 1, which makes a second initialisation fail atomically. */
export interface UsersTable {
  id: ColumnType<1, 1, never>;
  username: string;
  password_hash: string;
  avatar: string | null;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_activated: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  login_retries: ColumnType<number, number | undefined, number>;
  last_failed_at: number | null;
  last_login_at: number | null;
  last_ip: string | null;
  last_address: string | null;
  last_platform: string | null;
  created_at: ColumnType<number, number, never>;
  updated_at: number;
}

export interface SessionsTable {
  /** The JWT id (jti). A token is valid only while its row exists and has not expired. */
  id: string;
  user_id: number;
  platform: string;
  ip: string;
  created_at: number;
  expires_at: number;
}

export interface LoginLogsTable {
  id: Generated<number>;
  timestamp: number;
  ip: string;
  address: string;
  platform: string;
  device: string;
  status: number;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LoginLogRow = Selectable<LoginLogsTable>;
