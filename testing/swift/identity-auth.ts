// The identity front's token requests: checks v2.0 (password, RAX-KSKEY API key) and v3 (password,
// application credential) credentials and scopes against the lane's users, and builds Keystone's
// token responses around a token from identity-tokens.ts.
import { DEFAULT_DOMAIN } from './config';
import { v2Catalog, v3Catalog } from './identity-catalog';
import { HttpError, UNAUTHORIZED, auditId, iso, obj, optStr, str, type Json } from './identity-http';
import type { Lane, UserEntry } from './identity-lanes';
import { issueToken } from './identity-tokens';

// ---------------------------------------------------------------- v2.0

export async function v2Tokens(lane: Lane, body: Json): Promise<[number, Json]> {
  const auth = obj(body.auth, 'auth');
  const tenantName = optStr(auth.tenantName, 'tenantName');
  const tenantId = optStr(auth.tenantId, 'tenantId');
  let found: UserEntry | undefined;
  let scoped = tenantName !== undefined || tenantId !== undefined;
  if (auth.passwordCredentials !== undefined) {
    const c = obj(auth.passwordCredentials, 'passwordCredentials');
    const username = str(c.username, 'username');
    const password = str(c.password, 'password');
    found = lane.users.find(([, u]) => u.user === username && u.password === password);
  } else if (auth['RAX-KSKEY:apiKeyCredentials'] !== undefined) {
    const c = obj(auth['RAX-KSKEY:apiKeyCredentials'], 'RAX-KSKEY:apiKeyCredentials');
    const username = str(c.username, 'username');
    const apiKey = str(c.apiKey, 'apiKey');
    found = lane.users.find(([, u]) => u.user === username && u.apiKey === apiKey);
    scoped = true; // Rackspace-style: an API key always gets its default tenant
  } else {
    throw new HttpError(400, 'Expecting to find passwordCredentials or RAX-KSKEY:apiKeyCredentials in auth.');
  }
  if (!found) throw new HttpError(401, UNAUTHORIZED);
  const [who, u] = found;
  if (
    (tenantName !== undefined && tenantName !== u.tenantName) ||
    (tenantId !== undefined && tenantId !== u.tenantId)
  ) {
    throw new HttpError(401, UNAUTHORIZED);
  }
  const t = await issueToken(lane, who);
  const tenant = { id: u.tenantId, name: u.tenantName, description: null, enabled: true };
  const roles = u.roles.map((name) => ({ name }));
  return [
    200,
    {
      access: {
        token: {
          id: t.id,
          issued_at: iso(t.issuedAt),
          expires: iso(t.expiresAt, false),
          audit_ids: [auditId()],
          ...(scoped ? { tenant } : {}),
        },
        serviceCatalog: scoped ? v2Catalog(lane.harness, who) : [],
        user: { id: u.userId, name: u.user, username: u.user, roles: scoped ? roles : [], roles_links: [] },
        metadata: { is_admin: 0, roles: scoped ? u.roles.map((r) => `role-${r}`) : [] },
      },
    },
  ];
}

// ---------------------------------------------------------------- v3

function checkDomain(d: unknown): void {
  if (d === undefined) return;
  const dom = obj(d, 'domain');
  if (
    (dom.id !== undefined && dom.id !== DEFAULT_DOMAIN.id) ||
    (dom.name !== undefined && dom.name !== DEFAULT_DOMAIN.name)
  ) {
    throw new HttpError(401, UNAUTHORIZED);
  }
}

function findV3User(lane: Lane, user: Json): UserEntry | undefined {
  if (user.id !== undefined) return lane.users.find(([, u]) => u.userId === user.id);
  const name = str(user.name, 'user.name');
  if (user.domain === undefined) throw new HttpError(400, 'Expecting to find domain in user.');
  checkDomain(user.domain);
  return lane.users.find(([, u]) => u.user === name);
}

export async function v3Tokens(lane: Lane, body: Json): Promise<[number, Json, string]> {
  const auth = obj(body.auth, 'auth');
  const identity = obj(auth.identity, 'identity');
  const methods = identity.methods;
  if (!Array.isArray(methods) || !methods.length) throw new HttpError(400, 'Expecting to find methods in identity.');
  let found: UserEntry | undefined;
  let appCred: Json | undefined;
  if (methods.includes('password')) {
    const user = obj(obj(identity.password, 'password').user, 'password.user');
    const password = str(user.password, 'password');
    found = findV3User(lane, user);
    if (found && found[1].password !== password) found = undefined;
  } else if (methods.includes('application_credential')) {
    const c = obj(identity.application_credential, 'application_credential');
    const secret = str(c.secret, 'secret');
    found = lane.users.find(([, u]) => {
      const ac = 'applicationCredential' in u ? u.applicationCredential : undefined;
      if (!ac || ac.secret !== secret) return false;
      return c.id !== undefined
        ? c.id === ac.id
        : c.name === ac.name && findV3User(lane, obj(c.user, 'user'))?.[1] === u;
    });
    if (found && 'applicationCredential' in found[1]) {
      const ac = found[1].applicationCredential;
      appCred = { id: ac.id, name: ac.name, restricted: true };
    }
  } else {
    throw new HttpError(401, UNAUTHORIZED);
  }
  if (!found) throw new HttpError(401, UNAUTHORIZED);
  const [who, u] = found;

  // An application credential is bound to its project; otherwise only an explicit
  // project scope yields a catalog (as in Keystone, unscoped tokens have none).
  let scoped = appCred !== undefined;
  if (!scoped && auth.scope !== undefined && auth.scope !== 'unscoped') {
    const project = obj(obj(auth.scope, 'scope').project, 'scope.project');
    if (project.id !== undefined) {
      if (project.id !== u.tenantId) throw new HttpError(401, UNAUTHORIZED);
    } else {
      if (str(project.name, 'project.name') !== u.tenantName || project.domain === undefined)
        throw new HttpError(401, UNAUTHORIZED);
      checkDomain(project.domain);
    }
    scoped = true;
  }
  const t = await issueToken(lane, who);
  const token: Json = {
    methods: methods.filter((m): m is string => typeof m === 'string'),
    user: { id: u.userId, name: u.user, domain: DEFAULT_DOMAIN, password_expires_at: null },
    audit_ids: [auditId()],
    issued_at: iso(t.issuedAt),
    expires_at: iso(t.expiresAt),
  };
  if (scoped) {
    Object.assign(token, {
      project: { id: u.tenantId, name: u.tenantName, domain: DEFAULT_DOMAIN },
      is_domain: false,
      roles: u.roles.map((name) => ({ id: `role-${name}`, name })),
      catalog: v3Catalog(lane.harness, who),
    });
  }
  if (appCred) token.application_credential = appCred;
  return [201, { token }, t.id];
}
