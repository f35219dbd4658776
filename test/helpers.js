import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { apiTokens, memberships, sessions, tenants, users } from '../src/db/schema/index.js';
import { randomToken, sha256Hex } from '../src/lib/hash.js';
import { newId } from '../src/lib/ids.js';
import { hashPassword } from '../src/lib/password.js';
import { createMailer } from '../src/mail/mailer.js';
import { createCredentials, SESSION_TOKEN_TTL_MS } from '../src/modules/auth/credentials.js';
import { createSharedStore } from '../src/store/shared-store.js';
/**
 * `logs`: receive the app's JSON log lines (at info level) instead of running silent.
 * `env`: configuration on top of the test defaults (throttle limits, `APP_URL` …).
 */
export async function createTestContext(options = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-test-'));
    const config = loadConfig({
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'memory://',
        DATA_DIR: dataDir,
        APP_SECRET: TEST_APP_SECRET,
        LOG_LEVEL: options.logs === undefined ? 'silent' : 'info',
        ...options.env,
    });
    const database = await createDatabase({ url: config.databaseUrl, dataDir, poolSize: 4 });
    if (database.kind === 'pglite')
        await runMigrations(database);
    const store = await createSharedStore({
        redisUrl: process.env.TEST_REDIS_URL,
        prefix: `folio-test:${newId()}:`,
    });
    const mailer = createMailer({ from: config.mailFrom, dataDir });
    const logs = options.logs;
    const logger = logs === undefined ? false : { stream: { write: (line) => void logs.push(line) } };
    // On a shared PostgreSQL each app keeps its jobs in a schema of its own.
    const jobsSchema = process.env.TEST_DATABASE_URL === undefined ? undefined : `jobs_${newId()}`;
    const app = await buildApp({
        config,
        database,
        store: options.wrapStore?.(store) ?? store,
        mailer,
        logger,
        ...(jobsSchema ? { jobsSchema } : {}),
        ...(options.extraPublicRoutes ? { extraPublicRoutes: options.extraPublicRoutes } : {}),
    });
    await app.ready();
    return {
        app,
        db: database.db,
        database,
        dataDir,
        config,
        store,
        async close() {
            await app.close();
            await store.close();
            await database.close().catch(() => { });
            rmSync(dataDir, { recursive: true, force: true });
        },
    };
}
export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash;
export function uniqueEmail(label = 'user') {
    return `${label}-${newId()}@example.test`;
}
/**
 * Fixtures written straight to the database (like immich's medium-test factories), so that tests
 * of one family do not depend on another family's routes. Auth routes have their own tests.
 */
export async function seedUser(db, options = {}) {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const userId = newId();
    const email = options.email ?? uniqueEmail();
    await db.insert(users).values({
        id: userId,
        email,
        passwordHash: await passwordHash,
        firstName: 'Test',
        lastName: 'User',
        emailVerifiedAt: new Date(),
    });
    const session = await seedSession(db, userId, options.tenantId ?? null);
    return { userId, email, password: TEST_PASSWORD, ...session };
}
/** The secret every test app signs session tokens with. */
export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123456789';
const credentialsByDb = new WeakMap();
/** Credentials as the test apps build them (one per database). */
export async function testCredentials(db) {
    let credentials = credentialsByDb.get(db);
    if (credentials === undefined) {
        credentials = createCredentials({ db, appSecret: TEST_APP_SECRET });
        credentialsByDb.set(db, credentials);
    }
    return credentials;
}
export async function seedSession(db, userId, tenantId) {
    const credentials = await testCredentials(db);
    const sessionId = newId();
    const tokenId = randomToken(16);
    const csrfToken = randomToken();
    const expiresAt = Date.now() + SESSION_TOKEN_TTL_MS;
    await db.insert(sessions).values({
        id: sessionId,
        userId,
        tenantId,
        tokenId,
        csrfToken,
        expiresAt: new Date(expiresAt),
    });
    return {
        token: credentials.signSessionToken({ sub: userId, sid: sessionId, jti: tokenId }, expiresAt),
        csrfToken,
    };
}
/** A new tenant with one member of `role` (default owner) holding a session on it. */
export async function seedTenant(db, role = 'owner') {
    const tenantId = newId();
    await db
        .insert(tenants)
        .values({ id: tenantId, name: `Tenant ${tenantId}`, slug: `t-${tenantId}`, plan: 'enterprise' });
    const user = await seedUser(db, { tenantId });
    await db.insert(memberships).values({
        tenantId,
        id: newId(),
        userId: user.userId,
        role,
        status: 'active',
        acceptedAt: new Date(),
    });
    return { ...user, tenantId };
}
/** Adds a member of `role` to an existing tenant. */
export async function seedMember(db, tenantId, role) {
    const user = await seedUser(db, { tenantId });
    await db.insert(memberships).values({ tenantId, id: newId(), userId: user.userId, role, status: 'active' });
    return { ...user, tenantId };
}
/** An API token (plaintext) for `tenantId`. */
export async function seedApiToken(db, tenantId, options = {}) {
    const token = `folio_${randomToken(32)}`;
    await db.insert(apiTokens).values({
        tenantId,
        id: newId(),
        name: 'test token',
        tokenHash: sha256Hex(token),
        role: options.role ?? 'editor',
        scopes: options.scopes ?? ['read'],
        expiresAt: options.expiresAt ?? null,
    });
    return token;
}
export function bearer(token) {
    return { authorization: `Bearer ${token}` };
}
/** `app.inject` with a JSON body and Bearer auth; returns the response with `json` parsed. */
export async function call(app, method, url, options = {}) {
    const response = await app.inject({
        method,
        url,
        headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
        ...(options.body === undefined ? {} : { payload: options.body }),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    let data;
    try {
        data = response.json();
    }
    catch {
        data = undefined;
    }
    return Object.assign(response, { data });
}
/** The newest mail written to `dataDir/mail` for `to`, as raw text (decoded quoted-printable soft breaks). */
export function lastMailTo(dataDir, to) {
    let files;
    try {
        files = readdirSync(join(dataDir, 'mail')).sort();
    }
    catch {
        return undefined;
    }
    for (const file of files.reverse()) {
        const text = readFileSync(join(dataDir, 'mail', file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
        if (text.includes(`To: ${to}`))
            return text;
    }
    return undefined;
}
/**
 * The calling test file's context: created before its first test, closed after its last. The
 * object is filled in by `beforeAll`, so read its members inside tests and hooks only.
 */
export function useTestContext(env) {
    const context = {};
    beforeAll(async () => {
        Object.assign(context, await createTestContext(env === undefined ? {} : { env }));
    });
    afterAll(() => context.close());
    return context;
}
//# sourceMappingURL=helpers.js.map