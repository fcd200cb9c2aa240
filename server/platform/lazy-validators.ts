// Request schemas compiled when their route is first called, not when the app is built. Compiling all of them took
// most of an app's build (92 schemas: about 0.6 s of a server's start on the build machine, 1.6 s under load), and a
// process calls few of its routes: a test file, a server answering one site's pages. The compiler is Fastify's own,
// with the app's Ajv options, so a schema validates exactly as it did when compiled up front; one compiler (one Ajv)
// serves every app of a process.
import AjvCompiler from '@fastify/ajv-compiler';

/** What Fastify asks a validator of, one request part of one route (the package's types name only the schema). */
interface RouteDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart: string;
}
type Validate = ((data: unknown, context?: object) => unknown) & { errors?: unknown };
type CompilerFor = (route: RouteDefinition) => Validate;
type BuildCompiler = (externalSchemas: unknown, ajvOptions: unknown) => CompilerFor;

const fastifyValidators = AjvCompiler() as unknown as BuildCompiler;

const buildLazy: BuildCompiler = (externalSchemas, ajvOptions) => {
  const compilerFor = fastifyValidators(externalSchemas, ajvOptions);
  return (route) => {
    let validate: Validate | undefined;
    const lazy: Validate = (data, context) => {
      validate ??= compilerFor(route);
      return validate(data, context);
    };
    Object.defineProperty(lazy, 'errors', { get: () => validate?.errors });
    // Fastify hands an Ajv validator the request as the parent of what it checks, so that coercion and defaults can
    // replace a whole part (a query string's value); it looks for this property to know one.
    Object.defineProperty(lazy, 'schemaEnv', { value: true });
    return lazy;
  };
};

/** The app's Ajv options (Fastify's `ajv`): union types such as `["string", "number"]` for what forms send as text. */
export const REQUEST_AJV_OPTIONS = { customOptions: { allowUnionTypes: true } };

/** Fastify's `schemaController.compilersFactory.buildValidator`. */
export const buildLazyValidator = buildLazy as unknown as ReturnType<typeof AjvCompiler>;
