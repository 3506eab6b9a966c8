import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { SOCKET_CLOSE, SOCKET_FRAME_MAX_BYTES } from '../shared/realtime';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './features/accounts/routes';
import { adminRoutes } from './features/admin/routes';
import { appointmentRoutes } from './features/appointments/routes';
import { deviceRoutes } from './features/auth/devices/routes';
import { passkeyRoutes } from './features/auth/passkeys/routes';
import { authRoutes } from './features/auth/routes';
import { twoStepRoutes } from './features/auth/second-step/routes';
import { availabilityRoutes } from './features/availability/routes';
import { overdueSweeper } from './features/billing/invoices/overdue';
import { billingRoutes } from './features/billing/routes';
import { checkInRoutes } from './features/check-ins/routes';
import { clinicFeatureRoutes } from './features/clinic-features/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { donationRoutes } from './features/donations/routes';
import { eventRoutes } from './features/events/routes';
import { exerciseLibraryRoutes } from './features/exercise-library/routes';
import { exerciseProgrammeRoutes } from './features/exercise-programmes/routes';
import { recordCopyRoutes } from './features/fhir/copy-routes';
import { fhirExportRoutes } from './features/fhir/export-routes';
import { fhirRoutes } from './features/fhir/routes';
import { importRoutes } from './features/imports/routes';
import { memberProfileRoutes } from './features/member-profile/routes';
import { messagingRoutes } from './features/messaging/routes';
import { notificationRoutes } from './features/notifications/routes';
import { onboardingRoutes } from './features/onboarding/routes';
import { patientRoutes } from './features/patients/routes';
import { paymentRoutes } from './features/payments/routes';
import { Payments } from './features/payments/service';
import { practitionerRoutes } from './features/practitioners/routes';
import { preferenceRoutes } from './features/preferences/routes';
import { printfulRoutes } from './features/printful/routes';
import { publicBookingRoutes } from './features/public-booking/routes';
import { quoteRoutes } from './features/quotes/routes';
import { realtimeRoutes } from './features/realtime/routes';
import { recordAccessRoutes } from './features/record-access/routes';
import { recoveryNoteRoutes } from './features/recovery-notes/routes';
import { reportRoutes } from './features/reports/routes';
import { serviceTypeRoutes } from './features/services/routes';
import { storeRoutes } from './features/store/routes';
import { systemRoutes } from './features/system/routes';
import { telehealthRoutes } from './features/telehealth/routes';
import { transactionRoutes } from './features/transactions/routes';
import { authGuard } from './platform/auth-guard';
import type { AppContext } from './platform/context';
import { Mailer } from './platform/email';
import { registerErrorHandling } from './platform/errors';
import { DomainEventBus } from './platform/events';
import { createFileStore, type FileStore } from './platform/file-store';
import { loggerOptions } from './platform/logger';
import { AuthRateLimits, PublicBookingRateLimits } from './platform/rate-limits';
import { createInProcessBus, createRedisBus } from './platform/realtime/bus';
import { SocketHub } from './platform/realtime/hub';
import { permissionsPolicy, sendSecurityHeaders } from './platform/security-headers';
import { SessionCache } from './platform/session-cache';
import { serveWebApp } from './platform/static-web';
import { refuseUnstorableText } from './platform/storable-text';
import { sweepWhileListening } from './platform/sweeper';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The page's sources; under Stripe, Stripe.js loads from Stripe and its card fields are Stripe's frames.
 * Print-on-demand products show Printful's preview pictures, served from Printful's own hosts.
 */
export function contentSecurityDirectives(config: Pick<Config, 'stripe' | 'appUrl'>) {
  const stripe = Boolean(config.stripe);
  return {
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https://*.printful.com',
      ...(stripe ? ['https://*.stripe.com'] : []),
    ],
    // The page's sockets go to the clinic and nowhere else. 'self' covers ws: and wss: to the page's own
    // host in current browsers; APP_URL's socket address is named as well for those that do not match it.
    'connect-src': ["'self'", socketOrigin(config.appUrl), ...(stripe ? ['https://api.stripe.com'] : [])],
    // No page of ours is ever shown in a frame, not even our own: nothing to click-jack.
    'frame-ancestors': ["'none'"],
    ...(stripe
      ? {
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        }
      : {}),
  };
}

function socketOrigin(appUrl: string) {
  const { protocol, host } = new URL(appUrl);
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

/**
 * The browser features the page may use, and who may: none the clinic has no use for. Camera, microphone
 * and screen sharing stay with the clinic's own pages for video visits, sound for the notification chime;
 * under Stripe its card frame may offer the browser's wallet (Payment Request).
 */
export function permissionAllowlists(config: Pick<Config, 'stripe'>) {
  return {
    accelerometer: [],
    autoplay: ['self'],
    camera: ['self'],
    'clipboard-read': [],
    'display-capture': ['self'],
    'encrypted-media': [],
    fullscreen: ['self'],
    gamepad: [],
    geolocation: [],
    gyroscope: [],
    hid: [],
    'idle-detection': [],
    'local-fonts': [],
    magnetometer: [],
    microphone: ['self'],
    midi: [],
    payment: config.stripe ? ['self', 'https://js.stripe.com'] : [],
    'picture-in-picture': ['self'],
    'screen-wake-lock': [],
    serial: [],
    usb: [],
    'window-management': [],
    'xr-spatial-tracking': [],
  };
}

/** Builds the whole clinic: main.ts listens on it, tests inject into it. */
export async function buildApp(options: { config: Config; database: Database; files?: FileStore }) {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The API reads JSON only. Fastify's own plain-text reader would hand a route a string for its schema to
  // refuse with a 400 about the body's shape; the truthful answer is 415, send JSON.
  app.removeContentTypeParser('text/plain');
  refuseUnstorableText(app);
  /** Every route the app serves; the bad-input and authorization tests walk all of them. */
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  const log: FastifyBaseLogger = app.log;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createInProcessBus();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    log,
    events: new DomainEventBus(log),
    mailer: new Mailer(database.db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    rateLimits: new AuthRateLimits({
      perMinutePerAddress: config.authRateLimitPerMinute,
      accountFailuresPer15Minutes: config.authAccountFailuresPer15Minutes,
      redis,
    }),
    publicBookingLimits: new PublicBookingRateLimits({
      readsPerMinute: config.publicBookingReadsPerMinute,
      requestsPerHour: config.publicBookingRequestsPerHour,
      redis,
    }),
    bus,
    hub: new SocketHub(bus),
    // Alone, an instance keeps resolved sessions for a few seconds. Beside others (a Redis bus) it keeps none:
    // an ending published through Redis may reach another instance after the person's next request does,
    // and a revocation must hold at once everywhere (decisions 0001 and 0013).
    sessionCache: new SessionCache({ bus, log, ttlMs: config.redisUrl ? 0 : undefined }),
    files: options.files ?? createFileStore(config),
  };

  sendSecurityHeaders(app, contentSecurityDirectives(config));
  await app.register(fastifyWebsocket, { options: { maxPayload: SOCKET_FRAME_MAX_BYTES } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Clinic Portal API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  // Off, /api/docs is not served at all: a visitor gets the API's JSON 404, as for any unknown path.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(authGuard, { db: ctx.db, sessionCache: ctx.sessionCache });

  await app.register(systemRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(twoStepRoutes(ctx));
  await app.register(passkeyRoutes(ctx));
  await app.register(deviceRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(preferenceRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(importRoutes(ctx));
  await app.register(messagingRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(patientRoutes(ctx));
  await app.register(practitionerRoutes(ctx));
  await app.register(serviceTypeRoutes(ctx));
  await app.register(availabilityRoutes(ctx));
  await app.register(recoveryNoteRoutes(ctx));
  await app.register(clinicFeatureRoutes(ctx));
  await app.register(exerciseLibraryRoutes(ctx));
  await app.register(checkInRoutes(ctx));
  await app.register(exerciseProgrammeRoutes(ctx));
  await app.register(appointmentRoutes(ctx));
  await app.register(telehealthRoutes(ctx));
  await app.register(publicBookingRoutes(ctx));
  await app.register(onboardingRoutes(ctx));
  await app.register(recordAccessRoutes(ctx));
  await app.register(fhirRoutes(ctx));
  await app.register(recordCopyRoutes(ctx));
  await app.register(fhirExportRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(reportRoutes(ctx));
  const payments = new Payments(ctx, redis);
  await app.register(paymentRoutes(ctx, payments));
  await app.register(donationRoutes(ctx, payments));
  await app.register(billingRoutes(ctx, payments));
  await app.register(storeRoutes(ctx, payments));
  await app.register(printfulRoutes(ctx));
  await app.register(eventRoutes(ctx, payments));
  await app.register(quoteRoutes(ctx, payments));
  await app.register(memberProfileRoutes(ctx));
  await app.register(transactionRoutes(ctx));
  await app.register(realtimeRoutes(ctx));
  await serveWebApp(app, config.webDistDir, {
    'permissions-policy': permissionsPolicy(permissionAllowlists(config)),
  });

  // Every listening instance sweeps invoices past their due date; tests call the sweep themselves.
  sweepWhileListening(app, overdueSweeper(ctx));

  app.addHook('onClose', async () => {
    ctx.hub.closeAll(SOCKET_CLOSE.shuttingDown, 'Server shutting down');
    ctx.mailer.close();
    await bus.close();
    redis?.disconnect();
  });

  return { app, ctx, routes };
}
