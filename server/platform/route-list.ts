import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteInfo {
  method: string;
  url: string;
  schema?: FastifySchema;
}

const routesByApp = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Keeps a list of every route registered on `app` from now on, its plugins' included (see routesOf). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RouteInfo[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
}

/** Every route of an app built by buildApp: what a test that must reach each route walks through. */
export function routesOf(app: FastifyInstance): readonly RouteInfo[] {
  return routesByApp.get(app) ?? [];
}
