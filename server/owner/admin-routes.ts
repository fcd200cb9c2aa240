// /api/admin: owners and the sites granted to them, for admin owners only.
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../platform/errors.ts';
import { CLIENT_ID_PATTERN } from '../platform/ids.ts';
import type { Accounts } from './accounts.ts';
import { emailProblem, type FieldError, fieldErrors, passwordProblem, ROW_NUMBER_SCHEMA } from './fields.ts';
import { isCrossSiteWrite, refuseCrossSite, signedInOwner, signInRequired } from './session.ts';

export interface AdminRoutesOptions {
  accounts: Accounts;
  consoleOrigins: readonly string[];
}

const siteList = { type: 'array', maxItems: 1000, items: { type: 'string', pattern: CLIENT_ID_PATTERN } };
const ownerParams = { type: 'object', properties: { ownerId: ROW_NUMBER_SCHEMA } };

const createOwnerSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['email', 'name', 'password'],
    properties: {
      email: { type: 'string', maxLength: 254 },
      name: { type: 'string', maxLength: 200 },
      password: { type: 'string', maxLength: 1000 },
      isAdmin: { type: 'boolean' },
      sites: siteList,
    },
  },
};
const updateOwnerSchema = {
  params: ownerParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 200 },
      isAdmin: { type: 'boolean' },
      sites: siteList,
      password: { type: 'string', maxLength: 1000 },
    },
  },
};

type OwnerChanges = { name?: string; isAdmin?: boolean; sites?: string[]; password?: string };

export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { accounts, consoleOrigins }) => {
  app.decorateRequest('adminId', 0);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const signedIn = await signedInOwner(request, accounts);
    if (!signedIn) return signInRequired(reply);
    if (!signedIn.owner.isAdmin) return reply.code(403).send(errorBody(403, 'Only an admin manages owners'));
    if (isCrossSiteWrite(request, consoleOrigins)) return refuseCrossSite(reply);
    request.adminId = signedIn.owner.id;
  });

  app.get('/owners', async () => ({ owners: await accounts.listOwners() }));

  app.post<{ Body: OwnerChanges & { email: string; name: string; password: string } }>(
    '/owners',
    { schema: createOwnerSchema },
    async (request, reply) => {
      const { email, name, password, isAdmin = false, sites = [] } = request.body;
      const problems = [emailProblem('email', email.trim()), passwordProblem('password', password)].filter(
        (problem): problem is FieldError => problem !== null,
      );
      if (problems.length > 0) return fieldErrors(reply, problems);
      const owner = await accounts.createOwner({ email: email.trim(), name: name.trim(), password, isAdmin });
      if (!owner)
        return reply.code(409).send(errorBody(409, `An owner with the e-mail ${email.trim()} exists already`));
      await accounts.setGrantedSites(owner.id, sites);
      return reply.code(201).send({ owner: { ...owner, sites: await accounts.grantedSites(owner.id) } });
    },
  );

  app.patch<{ Params: { ownerId: number }; Body: OwnerChanges }>(
    '/owners/:ownerId',
    { schema: updateOwnerSchema },
    async (request, reply) => {
      const { ownerId } = request.params;
      const { name, isAdmin, sites, password } = request.body;
      if (ownerId === request.adminId && isAdmin === false) {
        return fieldErrors(reply, [
          { field: 'isAdmin', message: 'cannot be taken from yourself: another admin has to' },
        ]);
      }
      const problem = password === undefined ? null : passwordProblem('password', password);
      if (problem) return fieldErrors(reply, [problem]);
      const owner = await accounts.updateOwner(ownerId, { name: name?.trim(), isAdmin });
      if (!owner) return reply.code(404).send(errorBody(404, `No owner ${ownerId}`));
      if (sites) await accounts.setGrantedSites(ownerId, sites);
      if (password !== undefined) {
        await accounts.setPassword(ownerId, password);
        await accounts.endSessionsOf(ownerId);
      }
      return { owner: { ...owner, sites: await accounts.grantedSites(ownerId) } };
    },
  );

  app.delete<{ Params: { ownerId: number } }>(
    '/owners/:ownerId',
    { schema: { params: ownerParams } },
    async (request, reply) => {
      if (request.params.ownerId === request.adminId)
        return reply.code(400).send(errorBody(400, 'You cannot delete your own account'));
      if (!(await accounts.deleteOwner(request.params.ownerId)))
        return reply.code(404).send(errorBody(404, `No owner ${request.params.ownerId}`));
      return reply.code(204).send();
    },
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin of an /api/admin request. */
    adminId: number;
  }
}
