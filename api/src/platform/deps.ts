import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { JwtService } from './auth/jwt';
import type { AuthMiddlewares } from './auth/middleware';
import type { Logger } from './logger';
import type { SecretBox } from './secret-box';

/** What every module router is built from. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  jwt: JwtService;
  auth: AuthMiddlewares;
  logger: Logger;
  /** encrypts what shops entrust us with (payment provider keys) */
  secrets: SecretBox;
}
