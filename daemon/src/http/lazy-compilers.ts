import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { coercionsRefused } from './coercion-check.ts';

/** Ajv's second argument lets it replace the root value itself (a coerced or defaulted body), see below. */
type Validator = ((data: unknown, dataCxt?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type CompilerFactories = { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory };

/**
 * Fastify compiles a validator and a serializer for every route at start-up; most of the panel's ~100 routes are
 * seldom called, and the compiled code stays resident. These factories compile each on its first use instead,
 * with the same compilers and options, so idle memory holds only what was used.
 */
export function lazyCompilers(): CompilerFactories {
  const buildValidator = AjvCompiler() as BuildCompilerFromPool;
  const buildSerializer = SerializerSelector();
  return {
    buildValidator: ((
      externalSchemas: Parameters<BuildCompilerFromPool>[0],
      options: Parameters<BuildCompilerFromPool>[1],
    ) => {
      const compile = buildValidator(externalSchemas, options);
      return (route: Parameters<typeof compile>[0]) => {
        let compiled: Validator | undefined;
        const compiledOnce = () => (compiled ??= compile(route) as unknown as Validator);
        const { schema, httpPart } = route as { schema?: unknown; httpPart?: string };
        const rules = { text: httpPart === 'body' };
        const validate: Validator = (data, dataCxt) => {
          const refused = coercionsRefused(schema as Parameters<typeof coercionsRefused>[0], data, rules);
          if (refused.length > 0) {
            validate.errors = refused;
            return false;
          }
          const result = compiledOnce()(data, dataCxt);
          validate.errors = compiledOnce().errors;
          return result;
        };
        // Fastify hands Ajv the request as the root's parent only when the validator has `schemaEnv`; without it a
        // change Ajv makes to the root value itself is lost, and the handler gets the body as sent while the
        // validator judged the changed one.
        Object.defineProperty(validate, 'schemaEnv', { get: () => compiledOnce().schemaEnv });
        return validate as unknown as ReturnType<typeof compile>;
      };
    }) as BuildCompilerFromPool,
    buildSerializer: ((
      externalSchemas: Parameters<SerializerFactory>[0],
      options: Parameters<SerializerFactory>[1],
    ) => {
      const compile = buildSerializer(externalSchemas, options);
      return (route: Parameters<typeof compile>[0]) => {
        let compiled: ((data: unknown) => string) | undefined;
        return (data: unknown) => (compiled ??= compile(route))(data);
      };
    }) as SerializerFactory,
  };
}
