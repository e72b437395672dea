import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { getMetadataStorage } from 'class-validator';

/** A method and path template the server answers, with the field names its handler reads. */
export interface Route {
  method: string;
  /** Fastify's template: `:name` parameters and a trailing `*` wildcard. */
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/;

/**
 * Every method and path the booted server serves, read from Fastify's own router (so routes
 * registered on Fastify directly, like the gateway, are there too). `printRoutes()` prints the
 * radix tree with each node's share of the path; a route's path is its ancestors' shares joined.
 * Each result is checked back with `hasRoute`, so a change in the printed format cannot
 * silently invent or drop routes.
 */
export function servedRoutes(app: NestFastifyApplication): Route[] {
  const fastify = app.getHttpAdapter().getInstance();
  const handlers = nestHandlerFields(app);
  const routes: Route[] = [];
  const ancestors: string[] = [];
  for (const line of fastify.printRoutes().split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const [, indent, share, methods] = match;
    ancestors.length = indent.length / 4;
    ancestors.push(share);
    if (!methods) continue;
    const path = ancestors.join('');
    for (const method of methods.split(', ')) {
      if (!fastify.hasRoute({ method, url: path })) {
        throw new Error(`printRoutes() listed ${method} ${path}, which hasRoute() does not know`);
      }
      // Fastify answers HEAD from the GET handler, so it reads the GET handler's fields.
      const fields = handlers.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
      routes.push({
        method,
        path,
        bodyKeys: fields?.body ?? [],
        queryKeys: fields?.query ?? [],
      });
    }
  }
  return routes;
}

/** One Nest handler: its `METHOD /path` key, its controller and its name there. */
export interface NestHandler {
  route: string;
  controller: new (...args: never[]) => object;
  name: string;
  handler: (...args: unknown[]) => unknown;
}

/** Every Nest handler of the booted app, by the method and path it is mounted under. */
export function* nestHandlers(app: NestFastifyApplication): Generator<NestHandler> {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const prefix of prefixes) {
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            const url = `/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
            yield {
              route: `${RequestMethod[method]} ${url}`,
              controller,
              name,
              handler: handler as NestHandler['handler'],
            };
          }
        }
      }
    }
  }
}

/**
 * The body and query fields of each Nest handler, from its `@Body()`/`@Query()` parameters: a
 * named one (`@Body('id')`) reads that field, a DTO reads the properties it validates.
 */
function nestHandlerFields(app: NestFastifyApplication) {
  const fields = new Map<string, { body: string[]; query: string[] }>();
  const storage = getMetadataStorage();
  for (const { route, controller, name } of nestHandlers(app)) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
      string,
      { index: number; data?: unknown }
    >;
    const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ??
      []) as unknown[];
    const read = (kind: RouteParamtypes) =>
      Object.entries(args)
        .filter(([key]) => Number(key.split(':')[0]) === Number(kind))
        .flatMap(([, { index, data }]) => {
          if (typeof data === 'string') return [data];
          const dto = types[index];
          if (typeof dto !== 'function' || dto === Object) return [];
          return storage
            .getTargetValidationMetadatas(dto, '', true, false)
            .map((rule) => rule.propertyName);
        });
    fields.set(route, {
      body: [...new Set(read(RouteParamtypes.BODY))],
      query: [...new Set(read(RouteParamtypes.QUERY))],
    });
  }
  return fields;
}

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value ?? '']).map(String);
