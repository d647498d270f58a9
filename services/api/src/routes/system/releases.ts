import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ReleaseRemoteSchema, ReleasesSchema, ReleaseSchema } from '@vitrine/contracts/schemas';
import { requestDeadline } from '../../db/deadline';
import { BadRequestError } from '../../errors';
import { BEARER, responses } from '../common';

const tags = ['system'];

const RemoteParams = Type.Object({ remote: ReleaseRemoteSchema }, { additionalProperties: false });
const RemoteQuery = Type.Object({ remote: Type.Optional(ReleaseRemoteSchema) }, { additionalProperties: false });
const PublishBody = Type.Object({ dist: Type.String({ minLength: 1, maxLength: 4096 }) }, { additionalProperties: false });
const ActivateBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

const PublishResultSchema = Type.Object({
  remote: ReleaseRemoteSchema,
  release: ReleaseSchema,
  created: Type.Boolean(),
  removed: Type.Array(Type.String()),
});
const PointerResultSchema = Type.Object({
  remote: ReleaseRemoteSchema,
  active: Type.String(),
  previous: Type.Union([Type.String(), Type.Null()]),
  changed: Type.Boolean(),
  removed: Type.Array(Type.String()),
  /** A public release's smoke render before it became active: the pages rendered, or why none was. */
  smoke: Type.Optional(
    Type.Object({
      pages: Type.Optional(Type.Array(Type.Object({ url: Type.String(), status: Type.Integer(), ms: Type.Number() }))),
      skipped: Type.Optional(Type.String()),
    }),
  ),
});

/**
 * The remotes' releases (docs/decisions/releases.md). GET /system/releases lists them for a signed-in admin. The
 * release-control routes are the release CLI's while the server runs (policy 'local-control': this start's token from
 * DATA_DIR, from this machine only; releases/control.ts); the same service runs them as the CLI does on its own.
 */
const releaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/system/releases',
    {
      config: { policy: { routes: [], adminType: true } },
      schema: {
        tags,
        summary: "Each remote's kept releases, newest first, and which one is active (admins)",
        security: BEARER,
        response: responses({ 200: ReleasesSchema }, 401, 403),
      },
    },
    async () => ({ data: await app.releases.service.list() }),
  );

  app.get(
    '/system/release-control/releases',
    {
      config: { policy: 'local-control' },
      schema: { tags, summary: 'The release CLI: list (this machine, with the token in DATA_DIR)', querystring: RemoteQuery, response: responses({ 200: ReleasesSchema }, 401, 403) },
    },
    async (request) => ({ data: await app.releases.service.list(request.query.remote) }),
  );

  app.post(
    '/system/release-control/:remote/publish',
    {
      config: { policy: 'local-control' },
      schema: {
        tags,
        summary: "The release CLI: publish a build folder of this machine as a release (never activates it)",
        params: RemoteParams,
        body: PublishBody,
        response: responses({ 200: PublishResultSchema }, 401, 403),
      },
    },
    async (request) => {
      if (!path.isAbsolute(request.body.dist)) throw new BadRequestError('VALIDATION_ERROR', [{ property: 'dist', message: { isAbsolute: 'dist must be an absolute path' } }]);
      return app.releases.service.publish(request.params.remote, request.body.dist);
    },
  );

  app.post(
    '/system/release-control/:remote/activate',
    {
      config: { policy: 'local-control' },
      schema: {
        tags,
        summary: 'The release CLI: make a kept, compatible release the active one',
        params: RemoteParams,
        body: ActivateBody,
        response: responses({ 200: PointerResultSchema }, 401, 403, 404, 409),
      },
    },
    async (request) => requestDeadline.outside(() => app.releases.service.activate(request.params.remote, request.body.id, 'cli')),
  );

  app.post(
    '/system/release-control/:remote/rollback',
    {
      config: { policy: 'local-control' },
      schema: {
        tags,
        summary: 'The release CLI: back to the previously active release',
        params: RemoteParams,
        response: responses({ 200: PointerResultSchema }, 401, 403, 404, 409),
      },
    },
    async (request) => requestDeadline.outside(() => app.releases.service.rollback(request.params.remote, 'cli')),
  );
};

export default releaseRoutes;
