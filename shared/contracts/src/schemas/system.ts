import { Type } from 'typebox';

/** GET /api/health: liveness, never touches the database. */
export const HealthSchema = Type.Object({ status: Type.Literal('ok'), uptime: Type.Number() });

/** GET /api/ready: the database answered. */
export const ReadySchema = Type.Object({ status: Type.Literal('ready') });

/** GET /remotes.json: the shell's runtime configuration (where the API and each remote's manifest live). */
export const RemotesConfigSchema = Type.Object({
  apiBaseUrl: Type.String(),
  remotes: Type.Object({ public_remote: Type.String(), admin_remote: Type.String() }),
});
