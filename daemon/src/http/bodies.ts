import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also takes its object body the way Qinglong's clients send it besides JSON: form-encoded (Qinglong's
     * Express parsed `application/x-www-form-urlencoded`; curl -d and Python's `requests.post(data=…)` send it) and
     * JSON text without a JSON content type (`fetch(url, {body: JSON.stringify(…)})` labels it text/plain).
     */
    lenientBody?: boolean;
  }
}

type Done = (error: Error | null, body?: unknown) => void;

const lenient = (req: FastifyRequest) => req.routeOptions.config?.lenientBody === true;
const declaresBody = (req: FastifyRequest) => req.routeOptions.schema?.body !== undefined;

/**
 * The body parsers. JSON as Fastify parses it (`__proto__` and `constructor.prototype` refused), except that a route
 * which takes no body accepts an empty one labelled JSON: Qinglong's clients put `Content-Type: application/json` on
 * every request, `PUT /system/update-check` included. Routes that declare `lenientBody` also take form-encoded and
 * JSON-as-text bodies; everywhere else those stay refused (415, or the schema's message for text).
 */
export function installBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done: Done) => {
    if (body === '' && !declaresBody(req)) return done(null, undefined);
    json(req, body as string, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, body, done: Done) => {
    const text = body as string;
    if (lenient(req) && /^\s*[{[]/.test(text)) return json(req, text, done);
    done(null, text);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done: Done) => {
    if (!lenient(req)) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(req.headers['content-type']));
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
