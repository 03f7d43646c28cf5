import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The security headers of every reply (helmet): a content security policy for the panel, no HSTS. */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The panel is usually reached over plain HTTP on a LAN; HSTS there would lock users out.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
}
